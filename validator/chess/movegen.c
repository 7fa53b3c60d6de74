/*
 * movegen.c - legal and pseudo-legal move generation.
 *
 * One generator serves both lists.  It walks the pieces of the side to move
 * and keeps, for every non-king move, only destinations inside two masks:
 * the "evasion" mask (when in check: capture the checker or block its line)
 * and, for a pinned piece, the line through its king.  For pseudo-legal
 * generation both masks are simply "everything".  King moves are tested
 * square by square with the king lifted off the board, so that it cannot
 * hide behind itself from a slider.  En passant is tested by playing the
 * capture on an occupancy bitboard, because it removes two pieces from a
 * line at once (the horizontal discovered check that pin masks miss).
 *
 * Castling is one code path for standard chess and Chess960: the move is
 * "king takes own rook", the king ends on the g or c file and the rook on
 * the f or d file.  The squares both of them cross must be empty but for
 * the two of them, and no square the king stands on, crosses or reaches may
 * be attacked.  Attacks are computed with king and rook both lifted: the
 * rook may be the only thing shielding the king's destination along the back
 * rank (Chess960, king on c1, rook on b1, enemy queen on a1), and any other
 * attack that lifting them reveals would hit the king where it stands or
 * lands anyway.  So castling that passes this test is fully legal.
 */
#include "validator/chess/movegen.h"

struct generator {
	const struct position *pos;
	struct move_list *list;
	int us, them;
	int king;
	bitboard own, enemy, occupied;
	bitboard checkers;
	bitboard pinned;
	bitboard evasion; /* where a non-king move must land */
	int legal;        /* filter king moves and en passant for safety */
};

bitboard attackers_to(const struct position *pos, int sq, enum color by, bitboard occupied)
{
	const bitboard *type = pos->by_type;
	bitboard theirs = pos->by_color[by] & occupied;
	bitboard diagonal = (type[BISHOP] | type[QUEEN]) & theirs;
	bitboard straight = (type[ROOK] | type[QUEEN]) & theirs;
	bitboard attackers = (pawn_attacks((enum color)!by, sq) & type[PAWN])
			   | (knight_attacks(sq) & type[KNIGHT])
			   | (king_attacks(sq) & type[KING]);
	/* A slider on one of the square's lines attacks it when nothing stands
	 * between them: there are seldom more than a few such sliders, and one
	 * table lookup each costs less than walking the four rays. */
	bitboard sliders = (diagonal & bishop_rays(sq)) | (straight & rook_rays(sq));
	while (sliders) {
		int s = pop_lsb(&sliders);
		if (!(between(sq, s) & occupied))
			attackers |= BIT(s);
	}

	/* A piece missing from `occupied` has been captured in the caller's
	 * hypothetical position and attacks nothing. */
	return attackers & pos->by_color[by] & occupied;
}

int check_and_pins(const struct position *pos, bitboard *pinned)
{
	const bitboard *type = pos->by_type;
	int us = pos->side_to_move, them = !us;
	int king = position_king_square(pos, us);
	bitboard theirs = pos->by_color[them], own = pos->by_color[us], occupied = own | theirs;
	/* A king never attacks the other: leapers are pawns and knights. */
	bitboard checkers = ((pawn_attacks((enum color)us, king) & type[PAWN]) | (knight_attacks(king) & type[KNIGHT]))
			    & theirs;
	bitboard snipers = ((rook_rays(king) & (type[ROOK] | type[QUEEN]))
			    | (bishop_rays(king) & (type[BISHOP] | type[QUEEN])))
			   & theirs;
	bitboard pins = 0;

	while (snipers) {
		int s = pop_lsb(&snipers);
		bitboard blockers = between(king, s) & occupied;
		if (!blockers)
			checkers |= BIT(s);
		else if (!(blockers & (blockers - 1)) && (blockers & own))
			pins |= blockers;
	}
	*pinned = pins;
	return checkers != 0;
}

bitboard pinned_pieces(const struct position *pos)
{
	bitboard pinned;
	check_and_pins(pos, &pinned);
	return pinned;
}

/* The pawn that can be captured en passant sits "behind" the ep square as
 * seen by the side to move; it must really be there, having come from the
 * square "in front", with the ep square itself empty.  A FEN may name any
 * square on the right rank, so this is checked rather than assumed. */
static int ep_square_valid(const struct position *pos)
{
	int ep = pos->ep_square;
	int forward = pos->side_to_move == WHITE ? 8 : -8;

	if (ep == SQUARE_NONE)
		return 0;
	return pos->board[ep] == PIECE_NONE && pos->board[ep + forward] == PIECE_NONE
	    && pos->board[ep - forward] == MAKE_PIECE(!pos->side_to_move, PAWN);
}

/* Does capturing en passant from `from` leave the king safe?  The capture
 * moves one pawn and removes another, possibly both from the king's rank. */
static int ep_is_safe(const struct position *pos, int from)
{
	int us = pos->side_to_move;
	int ep = pos->ep_square;
	int captured = ep + (us == WHITE ? -8 : 8);
	bitboard occupied = (position_occupied(pos) ^ BIT(from) ^ BIT(captured)) | BIT(ep);

	return !attackers_to(pos, position_king_square(pos, us), (enum color)!us, occupied);
}

/* The castling move with the rook on rook_sq, if it is allowed now. */
static int castling_allowed(const struct position *pos, int king, int rook_sq)
{
	int us = pos->side_to_move;
	move m = MAKE_MOVE(king, rook_sq, 0, MOVE_CASTLE);
	int king_to = castle_king_to(m), rook_to = castle_rook_to(m);
	bitboard movers = BIT(king) | BIT(rook_sq);
	bitboard lifted = position_occupied(pos) ^ movers;
	bitboard king_path = between(king, king_to) | BIT(king_to) | BIT(king);
	bitboard rook_path = between(rook_sq, rook_to) | BIT(rook_to);

	if (lifted & (king_path | rook_path))
		return 0;
	while (king_path)
		if (attackers_to(pos, pop_lsb(&king_path), (enum color)!us, lifted))
			return 0;
	return 1;
}

static void add(struct generator *g, int from, int to, int promo, int kind)
{
	g->list->moves[g->list->count++] = MAKE_MOVE(from, to, promo, kind);
}

/* Where the piece on `from` may go as far as pins and checks allow. */
static bitboard allowed(const struct generator *g, int from)
{
	if (g->pinned & BIT(from))
		return g->evasion & line_through(g->king, from);
	return g->evasion;
}

static void add_pawn_move(struct generator *g, int from, int to)
{
	if (RANK_OF(to) == 0 || RANK_OF(to) == 7) {
		for (int promo = QUEEN; promo >= KNIGHT; promo--)
			add(g, from, to, promo, MOVE_PROMOTION);
	} else {
		add(g, from, to, 0, MOVE_NORMAL);
	}
}

static void gen_pawn(struct generator *g, int from)
{
	int forward = g->us == WHITE ? 8 : -8;
	int start_rank = g->us == WHITE ? 1 : 6;
	bitboard ok = allowed(g, from);
	int one = from + forward;
	bitboard captures = pawn_attacks((enum color)g->us, from) & g->enemy & ok;

	if (!(g->occupied & BIT(one))) {
		if (ok & BIT(one))
			add_pawn_move(g, from, one);
		if (RANK_OF(from) == start_rank && !(g->occupied & BIT(one + forward)) && (ok & BIT(one + forward)))
			add(g, from, one + forward, 0, MOVE_NORMAL);
	}
	while (captures)
		add_pawn_move(g, from, pop_lsb(&captures));
}

static void gen_en_passant(struct generator *g)
{
	const struct position *pos = g->pos;
	bitboard capturers;

	if (!ep_square_valid(pos))
		return;
	capturers = pawn_attacks((enum color)g->them, pos->ep_square) & pos->by_type[PAWN] & g->own;
	while (capturers) {
		int from = pop_lsb(&capturers);
		if (!g->legal || ep_is_safe(pos, from))
			add(g, from, pos->ep_square, 0, MOVE_EN_PASSANT);
	}
}

static bitboard piece_reach(int type, int sq, bitboard occupied)
{
	switch (type) {
	case KNIGHT: return knight_attacks(sq);
	case BISHOP: return bishop_attacks(sq, occupied);
	case ROOK: return rook_attacks(sq, occupied);
	default: return queen_attacks(sq, occupied);
	}
}

static void gen_pieces(struct generator *g)
{
	const struct position *pos = g->pos;
	bitboard pawns = pos->by_type[PAWN] & g->own;
	bitboard others = g->own & ~pos->by_type[PAWN] & ~pos->by_type[KING];

	while (pawns)
		gen_pawn(g, pop_lsb(&pawns));
	gen_en_passant(g);
	while (others) {
		int from = pop_lsb(&others);
		bitboard targets = piece_reach(PIECE_TYPE(pos->board[from]), from, g->occupied) & ~g->own & allowed(g, from);
		while (targets)
			add(g, from, pop_lsb(&targets), 0, MOVE_NORMAL);
	}
}

static void gen_king(struct generator *g)
{
	bitboard targets = king_attacks(g->king) & ~g->own;
	bitboard lifted = g->occupied ^ BIT(g->king);

	while (targets) {
		int to = pop_lsb(&targets);
		if (!g->legal || !attackers_to(g->pos, to, (enum color)g->them, lifted))
			add(g, g->king, to, 0, MOVE_NORMAL);
	}
}

static void gen_castling(struct generator *g)
{
	int back = g->us == WHITE ? 0 : 7;
	bitboard rooks = g->pos->castling_rooks & g->own & RANK_BB(back);

	if (g->checkers || RANK_OF(g->king) != back)
		return;
	while (rooks) {
		int rook_sq = pop_lsb(&rooks);
		if (castling_allowed(g->pos, g->king, rook_sq))
			add(g, g->king, rook_sq, 0, MOVE_CASTLE);
	}
}

static void generate(const struct position *pos, struct move_list *list, int legal)
{
	struct generator g;

	g.pos = pos;
	g.list = list;
	g.us = pos->side_to_move;
	g.them = !g.us;
	g.king = position_king_square(pos, g.us);
	g.own = pos->by_color[g.us];
	g.enemy = pos->by_color[g.them];
	g.occupied = g.own | g.enemy;
	g.legal = legal;
	g.checkers = legal ? attackers_to(pos, g.king, (enum color)g.them, g.occupied) : 0;
	g.pinned = legal ? pinned_pieces(pos) : 0;
	g.evasion = ~(bitboard)0;
	if (g.checkers)
		g.evasion = between(g.king, lsb(g.checkers)) | g.checkers;
	list->count = 0;

	gen_king(&g);
	if (g.checkers & (g.checkers - 1))
		return; /* double check: only the king can move */
	gen_pieces(&g);
	gen_castling(&g);
}

void generate_legal(const struct position *pos, struct move_list *list)
{
	generate(pos, list, 1);
}

void generate_pseudo_legal(const struct position *pos, struct move_list *list)
{
	generate(pos, list, 0);
}

int move_is_legal(const struct position *pos, move m)
{
	int us = pos->side_to_move;
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int king = position_king_square(pos, us);
	bitboard occupied = position_occupied(pos);

	switch (MOVE_KIND(m)) {
	case MOVE_CASTLE:
		return (pos->castling_rooks & BIT(to)) && castling_allowed(pos, from, to);
	case MOVE_EN_PASSANT:
		return to == pos->ep_square && ep_square_valid(pos) && ep_is_safe(pos, from);
	default:
		break;
	}
	if (from == king)
		return !attackers_to(pos, to, (enum color)!us, occupied ^ BIT(from));
	occupied = (occupied ^ BIT(from)) | BIT(to);
	/* The piece on `to`, if any, is captured and attacks nothing. */
	return !(attackers_to(pos, king, (enum color)!us, occupied) & ~BIT(to));
}

int move_is_legal_unchecked(const struct position *pos, move m)
{
	int us = pos->side_to_move;
	int from = MOVE_FROM(m), king = position_king_square(pos, us);
	int kind = MOVE_KIND(m);
	const bitboard *type = pos->by_type;
	bitboard line, snipers;

	if (from == king || (kind != MOVE_NORMAL && kind != MOVE_PROMOTION))
		return move_is_legal(pos, m);
	/* Captures and en passant aside, the only attacks a move can add are
	 * those of sliders whose line to the king ran through `from`; most
	 * origins are on no line with the king at all. */
	line = line_through(king, from);
	if (!line)
		return 1;
	snipers = ((bishop_rays(king) & (type[BISHOP] | type[QUEEN]))
		   | (rook_rays(king) & (type[ROOK] | type[QUEEN])))
		  & pos->by_color[!us] & line;
	return !snipers || move_is_legal(pos, m);
}

int ep_capture_legal(const struct position *pos)
{
	bitboard capturers;

	if (!ep_square_valid(pos))
		return 0;
	capturers = pawn_attacks((enum color)!pos->side_to_move, pos->ep_square) & pos->by_type[PAWN]
		  & pos->by_color[pos->side_to_move];
	while (capturers)
		if (ep_is_safe(pos, pop_lsb(&capturers)))
			return 1;
	return 0;
}
