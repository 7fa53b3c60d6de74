/*
 * closure.c - every position reachable from one, when there are few enough:
 * a proof that no series of legal moves ends in mate by `winner`.
 *
 * The positions reachable from pos by legal moves form a graph; `winner`
 * can mate if and only if one of them is a mate by `winner`.  So the search
 * visits them breadth first, each once (a position seen before, by this
 * path or another, is not looked at again: whatever follows it is looked
 * at where it was first met), and does not go past a position that a proof
 * of unwinnable.c closes (the material, a blocked structure) or that ends
 * the game (stalemate, a mate of the winner).  When the queue runs out, the
 * positions visited are closed under the moves: they are all there is, and
 * none is a mate; MATE_IMPOSSIBLE.  A mate met on the way is MATE_POSSIBLE;
 * a queue that outgrows the budget proves nothing (MATE_UNKNOWN).
 *
 * This is what decides the positions where pieces can only shuffle and a
 * few forced moves: a king walled in by its own pawns and a bishop, a
 * fortress of blocked pawns a piece may still cross but only into a box.
 * Repetitions, which leave a depth-first search's line open for ever, are
 * simply positions already seen here.
 *
 * Identity is the whole position, not its key: each position is kept packed
 * (the board in nibbles, the side to move, castling rights and the en
 * passant square as position_key() counts them, 56 bytes with its key), and
 * two are one when all of that is equal, so a collision of keys cannot
 * merge two positions.  The move counters play no part (the Laws' 75-move
 * rule and fivefold repetition do not cut a series short for 6.9 and
 * 5.2.2: see unwinnable.h).
 *
 * Memory: the packed positions and a table of their indices (4 bytes, at
 * most half full), grown by doubling as they are met and capped at the
 * budget: for CLOSURE_NODE_BUDGET positions, 22 MB and 4 MB, freed before
 * it returns.  Nothing is shared, so threads may search at once.
 */
#include <stdlib.h>
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/unwinnable.h"

struct packed {
	uint64_t key;
	bitboard castling_rooks;
	uint8_t cells[32]; /* two squares a byte, the piece code of each */
	uint8_t side_to_move;
	int8_t ep_square;  /* only when an en passant capture is legal (as keyed) */
	uint8_t chess960;
};

struct closure {
	struct packed *states;
	size_t count, cap;   /* states[0 .. count) met; the queue is states[next .. count) */
	uint32_t *slots;     /* index + 1 of a state, 0 empty; 2^bits of them */
	int bits;
	long budget;
	enum color winner;
};

static void pack(const struct position *pos, struct packed *p)
{
	memset(p, 0, sizeof *p);
	p->key = pos->key;
	p->castling_rooks = pos->castling_rooks;
	for (int sq = 0; sq < 64; sq += 2)
		p->cells[sq / 2] = (uint8_t)(pos->board[sq] | pos->board[sq + 1] << 4);
	p->side_to_move = pos->side_to_move;
	p->ep_square = SQUARE_NONE;
	if (pos->ep_keyed)
		p->ep_square = pos->ep_square;
	p->chess960 = pos->chess960;
}

static void unpack(const struct packed *p, struct position *pos)
{
	memset(pos, 0, sizeof *pos);
	for (int sq = 0; sq < 64; sq++) {
		int piece = (p->cells[sq / 2] >> (sq % 2 * 4)) & 15;
		pos->board[sq] = (uint8_t)piece;
		if (piece != PIECE_NONE) {
			pos->by_color[PIECE_COLOR(piece)] |= BIT(sq);
			pos->by_type[PIECE_TYPE(piece)] |= BIT(sq);
		}
	}
	pos->side_to_move = p->side_to_move;
	pos->chess960 = p->chess960;
	pos->castling_rooks = p->castling_rooks;
	pos->ep_square = p->ep_square;
	pos->ep_keyed = p->ep_square != SQUARE_NONE;
	pos->fullmove_number = 1;
	pos->key = p->key;
}

static int same(const struct packed *a, const struct packed *b)
{
	return a->key == b->key && a->castling_rooks == b->castling_rooks && a->side_to_move == b->side_to_move
	    && a->ep_square == b->ep_square && !memcmp(a->cells, b->cells, sizeof a->cells);
}

static int grow_slots(struct closure *c)
{
	int bits = c->bits ? c->bits + 1 : 12;
	uint32_t *slots = calloc((size_t)1 << bits, sizeof *slots);
	size_t mask = ((size_t)1 << bits) - 1;

	if (!slots)
		return -1;
	for (size_t i = 0; i < c->count; i++) {
		size_t at = c->states[i].key & mask;
		while (slots[at])
			at = (at + 1) & mask;
		slots[at] = (uint32_t)(i + 1);
	}
	free(c->slots);
	c->slots = slots;
	c->bits = bits;
	return 0;
}

/* Adds p unless it was met; returns 1 when added, 0 when met before, -1
 * when the budget or memory runs out. */
static int add(struct closure *c, const struct packed *p)
{
	size_t mask, at;

	if (c->budget < 1)
		return -1;
	if (c->count * 2 >= ((size_t)1 << c->bits) && grow_slots(c))
		return -1;
	mask = ((size_t)1 << c->bits) - 1;
	for (at = p->key & mask; c->slots[at]; at = (at + 1) & mask)
		if (same(&c->states[c->slots[at] - 1], p))
			return 0;
	if ((long)c->count >= c->budget)
		return -1;
	if (c->count == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		if (cap > (size_t)c->budget)
			cap = (size_t)c->budget;
		struct packed *states = realloc(c->states, cap * sizeof *states);
		if (!states)
			return -1;
		c->states = states;
		c->cap = cap;
	}
	c->states[c->count] = *p;
	c->slots[at] = (uint32_t)++c->count;
	return 1;
}

/* What a position met by a move says: 1 the winner has mated, 0 closed
 * (nothing below can be a mate), -1 to be looked at. */
static int judge(const struct closure *c, const struct position *before, const struct position *pos)
{
	if (mate_impossible_by_material(pos, c->winner))
		return 0;
	if (in_check(pos)) {
		struct move_list replies;
		generate_legal(pos, &replies);
		if (replies.count == 0)
			return pos->side_to_move != c->winner;
	}
	if (pos->by_type[PAWN] && structure_changed(before, pos) && mate_impossible_in_blocked_structure(pos, c->winner))
		return 0;
	return -1;
}

enum mate_ability mate_closure(const struct position *pos, enum color winner, long node_budget, long *nodes)
{
	struct closure c = { .budget = node_budget, .winner = winner };
	enum mate_ability answer = MATE_IMPOSSIBLE;
	struct packed packed;
	size_t next = 0;

	if (grow_slots(&c))
		return MATE_UNKNOWN;
	pack(pos, &packed);
	if (add(&c, &packed) < 0)
		answer = MATE_UNKNOWN;
	while (answer == MATE_IMPOSSIBLE && next < c.count) {
		struct position here;
		struct move_list list;

		unpack(&c.states[next++], &here);
		generate_legal(&here, &list);
		for (int i = 0; i < list.count; i++) {
			struct position child = here;
			int verdict;

			make_move(&child, list.moves[i]);
			verdict = judge(&c, &here, &child);
			if (verdict == 1) {
				answer = MATE_POSSIBLE;
				break;
			}
			if (verdict == 0)
				continue;
			pack(&child, &packed);
			if (add(&c, &packed) < 0) {
				answer = MATE_UNKNOWN;
				break;
			}
		}
	}
	if (nodes)
		*nodes = (long)c.count;
	free(c.states);
	free(c.slots);
	return answer;
}
