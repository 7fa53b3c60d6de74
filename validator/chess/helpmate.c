/*
 * helpmate.c - looking for a series of legal moves that ends in mate by one
 * side, the other side helping; and, when every series closes early,
 * proving that there is none.
 *
 * One depth-first search serves both.  A line ends in a mate (a helpmate:
 * the answer is "possible"), in a position one of the proofs of
 * unwinnable.c closes (bare king, blocked pawns, ...), in a stalemate or a
 * mate of the winner (closed: no mate below), or at the depth limit (open).
 * A search that closes every line has proven that no mate exists, since it
 * looked at every legal move; one that leaves a line open has proven
 * nothing.
 *
 * The forced-line proof (proof_only) is that search with a fixed depth, no
 * guidance and no table, giving up at the first open line: positions where
 * every series soon runs into a dead end are closed in a few hundred nodes,
 * and ordinary ones are given up after a handful.
 *
 * The helpmate search follows the idea of CHA (see unwinnable.c): a plan
 * says which moves make progress towards a mate, and those cost no depth,
 * nor does a reply to them; moves against the plan (captures by the loser,
 * a loser's queen promotion where only a minor piece could help) cost
 * three.  Two plans share the budget, the likelier one first with three
 * quarters of it: mate the loser's king where it stands (queens and rooks:
 * the winner's pieces come closer, the loser's gather round their king),
 * or in a corner (minor pieces: both kings walk there, the winner's knights
 * and heavy pieces come closer, its pawns run, its captures are free, and
 * the loser's pawns promote to the blocker a lone minor piece needs).
 * Iterative deepening on that depth finds the long but simple helpmates of
 * the endings in a few thousand nodes; a position met again on the same
 * path ends the line, since the free moves could otherwise go round in
 * circles.  A table of positions already searched (keyed with the Zobrist
 * key, so a collision of two 64-bit keys could in theory mislead it) cuts
 * transpositions; it lives on the caller's stack, as does everything else,
 * so searches share no state.
 */
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/unwinnable.h"

enum verdict { VERDICT_MATE, VERDICT_CLOSED, VERDICT_OPEN };

/* What a move costs in depth; the search tries the cheap ones first. */
enum move_class { CLASS_PROGRESS, CLASS_NORMAL, CLASS_SETBACK, CLASS_NB };
static const int class_cost[CLASS_NB] = { 0, 1, 3 };

#define TABLE_SIZE 4096
#define PROGRESS_KEY 0x9E3779B97F4A7C15ULL

struct table_entry {
	uint64_t key;
	int depth;
	int closed;
};

/* Two plans: mate the loser's king where it stands, among its own pieces
 * (what most positions with much material offer), or drive it into a
 * corner (what the endings need). */
enum plan_kind { PLAN_IN_PLACE, PLAN_CORNER };

struct plan {
	enum plan_kind kind;
	int corner;          /* where the loser's king is to be mated */
	int king_square;     /* where the winning king covers it from */
	int block_square;    /* where a piece of the loser walls its king in */
	int winner_promotes; /* no queen or rook: the winner's pawns must run */
};

struct search {
	enum color winner;
	int proof_only;
	long nodes, budget;
	int out_of_budget;
	struct plan plan;
	struct table_entry *table; /* NULL: none */
	move path[HELPMATE_MAX_PLY];
	uint64_t seen[HELPMATE_MAX_PLY]; /* the positions on the path, by key */
	struct helpmate *line;
};

static int distance(int a, int b)
{
	int df = FILE_OF(a) - FILE_OF(b), dr = RANK_OF(a) - RANK_OF(b);

	df = df < 0 ? -df : df;
	dr = dr < 0 ? -dr : dr;
	return df > dr ? df : dr;
}

/* A lower bound of knight moves from a to b: enough to tell whether a jump
 * goes towards b. */
static int knight_distance(int a, int b)
{
	int df = FILE_OF(a) - FILE_OF(b), dr = RANK_OF(a) - RANK_OF(b);
	int d;

	df = df < 0 ? -df : df;
	dr = dr < 0 ? -dr : dr;
	d = (df + dr + 2) / 3;
	if ((df + 1) / 2 > d)
		d = (df + 1) / 2;
	if ((dr + 1) / 2 > d)
		d = (dr + 1) / 2;
	return d;
}

static int closer(int type, int from, int to, int target)
{
	if (type == KNIGHT)
		return knight_distance(to, target) < knight_distance(from, target);
	return distance(to, target) < distance(from, target);
}

#define DARK_SQUARES ((bitboard)0xAA55AA55AA55AA55ULL)

/* The corner nearest the loser's king, of the colour of the winner's
 * bishops when they are its only long-range pieces. */
static void make_plan(const struct position *pos, enum color winner, enum plan_kind kind, struct plan *plan)
{
	static const int corners[4] = { SQUARE(0, 0), SQUARE(7, 0), SQUARE(0, 7), SQUARE(7, 7) };
	const bitboard *type = pos->by_type;
	bitboard army = pos->by_color[winner] & ~type[KING];
	bitboard bishops = army & type[BISHOP];
	int loser_king = position_king_square(pos, !winner);
	int heavy = (army & (type[QUEEN] | type[ROOK])) != 0;
	int best = -1;

	for (int i = 0; i < 4; i++) {
		bitboard corner = BIT(corners[i]);
		if (!heavy && bishops && (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES))
		    && !(corner & ((bishops & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES)))
			continue;
		if (best < 0 || distance(corners[i], loser_king) < distance(best, loser_king))
			best = corners[i];
	}
	plan->kind = kind;
	plan->corner = best;
	plan->king_square = RANK_OF(best) == 0 ? best + 16 : best - 16;
	plan->block_square = FILE_OF(best) == 0 ? best + 1 : best - 1;
	plan->winner_promotes = !heavy && (army & type[PAWN]);

}

/* Would the winner's pieces be helpless but for a piece the loser's pawns
 * may promote to?  (The material proof with the loser's pawns taken away.)
 * Then the loser's pawns must run, and not to a queen or rook. */
static int loser_must_promote(const struct position *pos, enum color winner)
{
	struct position bare;

	if (!(pos->by_color[!winner] & pos->by_type[PAWN]) || (pos->by_color[winner] & pos->by_type[PAWN]))
		return 0;
	bare = *pos;
	bare.by_color[!winner] &= ~pos->by_type[PAWN];
	bare.by_type[PAWN] = 0;
	return mate_impossible_by_material(&bare, winner);
}

static enum move_class winner_move_class(const struct search *s, const struct position *pos, move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(pos->board[from]);

	if (pos->board[to] != PIECE_NONE && MOVE_KIND(m) != MOVE_CASTLE)
		return s->plan.kind == PLAN_CORNER ? CLASS_PROGRESS : CLASS_NORMAL;
	if (type == PAWN)
		return s->plan.winner_promotes ? CLASS_PROGRESS : CLASS_NORMAL;
	if (s->plan.kind == PLAN_IN_PLACE)
		return type != KING && closer(type, from, to, position_king_square(pos, !s->winner)) ? CLASS_PROGRESS
												: CLASS_NORMAL;
	if (type == KING)
		return closer(KING, from, to, s->plan.king_square) ? CLASS_PROGRESS : CLASS_NORMAL;
	/* A bishop only needs a diagonal into the corner, which it has
	 * from far away; rewarding its approach sends it round in circles. */
	if (type == BISHOP)
		return CLASS_NORMAL;
	return closer(type, from, to, s->plan.corner) ? CLASS_PROGRESS : CLASS_NORMAL;
}

static enum move_class loser_move_class(const struct search *s, const struct position *pos, move m,
					int must_promote)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(pos->board[from]);

	if (type == KING && MOVE_KIND(m) != MOVE_CASTLE && s->plan.kind == PLAN_CORNER
	    && closer(KING, from, to, s->plan.corner))
		return CLASS_PROGRESS;
	if (pos->board[to] != PIECE_NONE && MOVE_KIND(m) != MOVE_CASTLE)
		return CLASS_SETBACK;
	if (must_promote) {
		if (type == PAWN)
			return MOVE_PROMO(m) == QUEEN || MOVE_PROMO(m) == ROOK ? CLASS_SETBACK : CLASS_PROGRESS;
		return CLASS_SETBACK;
	}
	if (s->plan.kind == PLAN_IN_PLACE) {
		if (type == KING)
			return CLASS_SETBACK;
		return type != PAWN && closer(type, from, to, position_king_square(pos, !s->winner)) ? CLASS_PROGRESS
												       : CLASS_NORMAL;
	}
	if (type == KNIGHT && closer(KNIGHT, from, to, s->plan.block_square))
		return CLASS_PROGRESS;
	return CLASS_NORMAL;
}

static enum move_class move_class(const struct search *s, const struct position *pos, move m, int must_promote)
{
	if (s->proof_only)
		return CLASS_NORMAL;
	if (pos->side_to_move == s->winner)
		return winner_move_class(s, pos, m);
	return loser_move_class(s, pos, m, must_promote);
}

/* The squares from which a piece of each type would check the king of the
 * side not to move, as the board stands; enough to try the checks first
 * (a miss, such as a discovered check, only costs order). */
struct check_squares {
	bitboard by_type[PIECE_TYPE_NB];
};

static void find_check_squares(const struct position *pos, struct check_squares *cs)
{
	int king = position_king_square(pos, !pos->side_to_move);
	bitboard occupied = position_occupied(pos);

	cs->by_type[PAWN] = pawn_attacks((enum color)!pos->side_to_move, king);
	cs->by_type[KNIGHT] = knight_attacks(king);
	cs->by_type[BISHOP] = bishop_attacks(king, occupied);
	cs->by_type[ROOK] = rook_attacks(king, occupied);
	cs->by_type[QUEEN] = cs->by_type[BISHOP] | cs->by_type[ROOK];
	cs->by_type[KING] = 0;
}

static int gives_check(const struct position *pos, const struct check_squares *cs, move m)
{
	int type = MOVE_PROMO(m) ? MOVE_PROMO(m) : PIECE_TYPE(pos->board[MOVE_FROM(m)]);

	return MOVE_KIND(m) != MOVE_CASTLE && (cs->by_type[type] & BIT(MOVE_TO(m)));
}

static enum verdict mated(struct search *s, int ply)
{
	if (s->line) {
		memcpy(s->line->moves, s->path, (size_t)ply * sizeof s->path[0]);
		s->line->length = ply;
	}
	return VERDICT_MATE;
}

/* The proof that closes a position without looking at its moves (the
 * material proof aside, which is tried first everywhere); the side to move
 * is known not to be mated.  It gives up at once unless every pawn has an
 * enemy pawn ahead on its file. */
static int closed_by_proof(const struct search *s, const struct position *pos)
{
	return pos->by_type[PAWN] && mate_impossible_in_blocked_structure(pos, s->winner);
}

/* Has the winner, to move, a mate in one?  Tried at the depth limit, where
 * it costs one generation and finds the last move of most helpmates. */
static enum verdict mate_in_one(struct search *s, const struct position *pos, int ply)
{
	struct move_list list;
	struct check_squares cs;
	enum verdict result = VERDICT_OPEN;

	generate_legal(pos, &list);
	if (list.count == 0)
		return VERDICT_CLOSED;
	find_check_squares(pos, &cs);
	for (int i = 0; i < list.count && result == VERDICT_OPEN; i++) {
		struct position child;
		struct move_list replies;

		if (!gives_check(pos, &cs, list.moves[i]))
			continue;
		child = *pos;
		make_move(&child, list.moves[i]);
		s->nodes++;
		generate_legal(&child, &replies);
		if (replies.count == 0 && in_check(&child)) {
			s->path[ply] = list.moves[i];
			result = mated(s, ply + 1);
		}
	}
	return result;
}

/* At the depth limit: only a mate or a proof decides. */
static enum verdict leaf(struct search *s, const struct position *pos, int ply, int recheck)
{
	if (pos->side_to_move == s->winner && ply < HELPMATE_MAX_PLY) {
		enum verdict v = mate_in_one(s, pos, ply);
		if (v != VERDICT_OPEN)
			return v;
	} else if (in_check(pos)) {
		struct move_list list;
		generate_legal(pos, &list);
		if (list.count == 0)
			return pos->side_to_move != s->winner ? mated(s, ply) : VERDICT_CLOSED;
	}
	return recheck && closed_by_proof(s, pos) ? VERDICT_CLOSED : VERDICT_OPEN;
}

static struct table_entry *table_slot(const struct search *s, uint64_t key)
{
	return &s->table[key & (TABLE_SIZE - 1)];
}

static enum verdict search(struct search *s, const struct position *pos, int depth, int ply, int progress,
			   int recheck);

/* Has the path already been through this position?  A shortest helpmate
 * never repeats one, and the moves that cost no depth could otherwise go
 * round in circles until the ply limit.  (Open, not closed: a proof does
 * not look behind a repetition.) */
static int repeats(const struct search *s, const struct position *pos, int ply)
{
	for (int back = 2; back <= pos->halfmove_clock && back <= ply; back += 2)
		if (s->seen[ply - back] == pos->key)
			return 1;
	return 0;
}

/* Tries the moves of pos, cheapest class first, and within a class the
 * winner's checks first. */
static enum verdict search_moves(struct search *s, const struct position *pos, const struct move_list *list,
				 int depth, int ply, int progress)
{
	uint8_t order[MAX_MOVES];
	struct check_squares cs;
	enum verdict result = VERDICT_CLOSED;
	int winner_to_move = pos->side_to_move == s->winner;

	int must_promote = !s->proof_only && !winner_to_move && loser_must_promote(pos, s->winner);

	find_check_squares(pos, &cs);
	for (int i = 0; i < list->count; i++) {
		int class = move_class(s, pos, list->moves[i], must_promote);
		int quiet = !s->proof_only && winner_to_move && !gives_check(pos, &cs, list->moves[i]);
		order[i] = (uint8_t)(2 * class + quiet);
	}
	for (int rank = 0; rank < 2 * CLASS_NB; rank++) {
		for (int i = 0; i < list->count; i++) {
			struct position child;
			int class = rank / 2;
			int cost = class_cost[class];
			enum verdict v;

			if (order[i] != rank)
				continue;
			if (class == CLASS_NORMAL && progress)
				cost = 0;
			child = *pos;
			make_move(&child, list->moves[i]);
			s->path[ply] = list->moves[i];
			v = search(s, &child, depth - cost, ply + 1, class == CLASS_PROGRESS,
				   structure_changed(pos, &child));
			if (v == VERDICT_MATE)
				return v;
			if (v == VERDICT_OPEN) {
				result = VERDICT_OPEN;
				if (s->proof_only || s->out_of_budget)
					return result;
			}
		}
	}
	return result;
}

static enum verdict search(struct search *s, const struct position *pos, int depth, int ply, int progress,
			   int recheck)
{
	struct move_list list;
	struct table_entry *slot = NULL;
	uint64_t key = pos->key ^ (progress ? PROGRESS_KEY : 0);
	enum verdict result;

	if (++s->nodes > s->budget) {
		s->out_of_budget = 1;
		return VERDICT_OPEN;
	}
	if (mate_impossible_by_material(pos, s->winner))
		return VERDICT_CLOSED;
	if (depth <= 0 || ply >= HELPMATE_MAX_PLY)
		return leaf(s, pos, ply, recheck);
	if (repeats(s, pos, ply))
		return VERDICT_OPEN;
	s->seen[ply] = pos->key;
	generate_legal(pos, &list);
	if (list.count == 0)
		return in_check(pos) && pos->side_to_move != s->winner ? mated(s, ply) : VERDICT_CLOSED;
	if (recheck && closed_by_proof(s, pos))
		return VERDICT_CLOSED;
	if (s->table) {
		slot = table_slot(s, key);
		if (slot->key == key && (slot->closed || slot->depth >= depth))
			return slot->closed ? VERDICT_CLOSED : VERDICT_OPEN;
	}
	result = search_moves(s, pos, &list, depth, ply, progress);
	if (slot && result != VERDICT_MATE && !s->out_of_budget) {
		slot->key = key;
		slot->depth = depth;
		slot->closed = result == VERDICT_CLOSED;
	}
	return result;
}

static enum mate_ability answer(const struct search *s, enum verdict v)
{
	if (s->line)
		s->line->nodes = s->nodes;
	if (v == VERDICT_MATE)
		return MATE_POSSIBLE;
	return v == VERDICT_CLOSED ? MATE_IMPOSSIBLE : MATE_UNKNOWN;
}

/* Iterative deepening under one plan, with up to `budget` more nodes. */
static enum verdict deepen(struct search *s, const struct position *pos, enum plan_kind kind, long budget)
{
	enum verdict v = VERDICT_OPEN;

	memset(s->table, 0, TABLE_SIZE * sizeof s->table[0]);
	make_plan(pos, s->winner, kind, &s->plan);
	s->budget = s->nodes + budget;
	s->out_of_budget = 0;
	for (int d = 1; d <= HELPMATE_MAX_PLY && v == VERDICT_OPEN && !s->out_of_budget; d++)
		v = search(s, pos, d, 0, 0, 1);
	return v;
}

static void search_init(struct search *s, enum color winner, int proof_only, long node_budget,
			struct helpmate *line)
{
	memset(s, 0, sizeof *s);
	s->winner = winner;
	s->proof_only = proof_only;
	s->budget = node_budget;
	s->line = line;
	if (line)
		line->length = 0;
}

enum mate_ability helpmate_proof(const struct position *pos, enum color winner, int depth, long node_budget,
				 struct helpmate *line)
{
	struct search s;

	search_init(&s, winner, 1, node_budget, line);
	return answer(&s, search(&s, pos, depth, 0, 0, 1));
}

enum mate_ability helpmate_search(const struct position *pos, enum color winner, long node_budget,
				  struct helpmate *line)
{
	struct table_entry table[TABLE_SIZE];
	struct search s;
	enum plan_kind first;
	enum verdict v;

	search_init(&s, winner, 0, node_budget, line);
	s.table = table;
	/* Queens and rooks mate most easily where the king stands; minor
	 * pieces need the corner. */
	first = (pos->by_color[winner] & (pos->by_type[QUEEN] | pos->by_type[ROOK])) ? PLAN_IN_PLACE : PLAN_CORNER;
	v = deepen(&s, pos, first, node_budget / 4 * 3);
	if (v == VERDICT_OPEN)
		v = deepen(&s, pos, first == PLAN_CORNER ? PLAN_IN_PLACE : PLAN_CORNER, node_budget - s.nodes);
	return answer(&s, v);
}
