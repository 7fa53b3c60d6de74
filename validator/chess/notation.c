/*
 * notation.c - matching written moves to legal moves, and writing SAN.
 *
 * Matching tries every origin square that fits the token and keeps, for the
 * ones that fail, the most specific reason: a failure found late (the move is
 * shaped right but pins or check forbid it) explains more than one found
 * early (no such piece anywhere near).  The reasons cite the 2023 Laws.
 */
#include "validator/chess/notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "validator/chess/movegen.h"

static const char *const piece_names[] = { "pawn", "knight", "bishop", "rook", "queen", "king" };
static const char *const color_names[] = { "white", "black" };
static const char *const piece_rules[] = { "FIDE 3.7", "FIDE 3.6", "FIDE 3.2", "FIDE 3.3", "FIDE 3.4", "FIDE 3.8.1" };

/* Square names for messages, a table so that naming a square costs
 * nothing on the paths where the message is not written. */
#define RANK_SQUARES(r) "a" r, "b" r, "c" r, "d" r, "e" r, "f" r, "g" r, "h" r
static const char square_names[64][3] = {
	RANK_SQUARES("1"), RANK_SQUARES("2"), RANK_SQUARES("3"), RANK_SQUARES("4"),
	RANK_SQUARES("5"), RANK_SQUARES("6"), RANK_SQUARES("7"), RANK_SQUARES("8"),
};
#undef RANK_SQUARES

/* The best explanation seen so far for why nothing matched. */
struct failure {
	int score;
	const char *rule;
	int quiet;          /* keep the score only: the reason is not wanted */
	int not_in_check;   /* the side to move is known not to be in check */
	char reason[200];
};

static void note_failure(struct failure *f, int score, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void note_failure(struct failure *f, int score, const char *rule, const char *fmt, ...)
{
	if (score <= f->score)
		return;
	f->score = score;
	f->rule = rule;
	if (f->quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->reason, sizeof f->reason, fmt, ap);
	va_end(ap);
}

enum { FAIL_NONE_REACHES = 1, FAIL_BLOCKED, FAIL_DESTINATION, FAIL_PROMOTION, FAIL_KING_SAFETY };

static int king_square(const struct position *pos, int color)
{
	return lsb(pos->by_color[color] & pos->by_type[KING]);
}


/* Why a pseudo-legal move leaves the own king in check.  Out of line: it
 * runs only when nothing matched, and inlined it would make try_move, which
 * runs for every candidate, too big to inline in turn. */
__attribute__((noinline)) static void explain_king_safety(const struct position *pos, move m, struct failure *f)
{
	int us = pos->side_to_move, them = !us;
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(pos->board[from]);
	int ksq = king_square(pos, us);
	const char *fs = square_names[from], *ts = square_names[to], *ks = square_names[ksq];
	if (type == KING) {
		note_failure(f, FAIL_KING_SAFETY, "FIDE 3.9", "the king on %s would move into check on %s", fs, ts);
		return;
	}
	bitboard checkers = attackers_to(pos, ksq, them, pos->by_color[WHITE] | pos->by_color[BLACK]);
	if (checkers) {
		const char *cs = square_names[lsb(checkers)];
		note_failure(f, FAIL_KING_SAFETY, "FIDE 3.9",
			     "the king on %s is in check from the %s on %s, and this move does not parry it",
			     ks, piece_names[PIECE_TYPE(pos->board[lsb(checkers)])], cs);
		return;
	}
	if (MOVE_KIND(m) == MOVE_EN_PASSANT) {
		note_failure(f, FAIL_KING_SAFETY, "FIDE 3.9",
			     "the en passant capture %s%s would expose the king on %s to check", fs, ts, ks);
		return;
	}
	bitboard occ = (pos->by_color[WHITE] | pos->by_color[BLACK]) ^ BIT(from);
	bitboard sliders = (bishop_attacks(ksq, occ) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]))
			 | (rook_attacks(ksq, occ) & (pos->by_type[ROOK] | pos->by_type[QUEEN]));
	sliders &= pos->by_color[them] & line_through(ksq, from);
	if (sliders) {
		const char *ps = square_names[lsb(sliders)];
		note_failure(f, FAIL_KING_SAFETY, "FIDE 3.9",
			     "the %s on %s is pinned against the king on %s by the %s on %s",
			     piece_names[type], fs, ks, piece_names[PIECE_TYPE(pos->board[lsb(sliders)])], ps);
		return;
	}
	note_failure(f, FAIL_KING_SAFETY, "FIDE 3.9", "the move would leave the king on %s in check", ks);
}

/* Records a move that fits the token and is legal. */
static void accept(struct match_result *res, move m)
{
	if (res->candidate_count < MATCH_MAX_CANDIDATES)
		res->candidates[res->candidate_count] = m;
	res->candidate_count++;
}

__attribute__((always_inline)) static inline void try_move(const struct position *pos, move m, struct match_result *res,
							    struct failure *f)
{
	if (f->not_in_check ? move_is_legal_unchecked(pos, m) : move_is_legal(pos, m))
		accept(res, m);
	else if (!f->quiet)
		explain_king_safety(pos, m, f);
}

/* Promotion piece checks, then the move(s) themselves. */
static void try_pawn_move(const struct position *pos, const struct san *san, int from, int kind,
			  struct match_result *res, struct failure *f)
{
	int to = san->to;
	int last_rank = pos->side_to_move == WHITE ? 7 : 0;
	const char *ts = square_names[to];
	if (RANK_OF(to) == last_rank) {
		if (san->promotion < 0) {
			note_failure(f, FAIL_PROMOTION, "FIDE 3.7.3.3",
				     "a pawn reaching %s must be promoted, but no piece is named (write %s=Q, =R, =B or =N)",
				     ts, ts);
			return;
		}
		if (san->promotion == SAN_KING || san->promotion == SAN_PAWN) {
			note_failure(f, FAIL_PROMOTION, "FIDE 3.7.3.3",
				     "a pawn may be promoted only to a queen, rook, bishop or knight, not to a %s",
				     piece_names[san->promotion]);
			return;
		}
		try_move(pos, MAKE_MOVE(from, to, san->promotion, MOVE_PROMOTION), res, f);
		return;
	}
	if (san->promotion >= 0) {
		note_failure(f, FAIL_PROMOTION, "FIDE 3.7.3.3",
			     "a pawn is promoted only on the last rank, and %s is not on it", ts);
		return;
	}
	try_move(pos, MAKE_MOVE(from, to, 0, kind), res, f);
}

static void match_pawn_capture(const struct position *pos, const struct san *san, bitboard origins,
			       struct match_result *res, struct failure *f)
{
	int us = pos->side_to_move, to = san->to;
	const char *ts = square_names[to];
	bitboard pawns = pos->by_color[us] & pos->by_type[PAWN] & origins;
	bitboard from_set = pawn_attacks(!us, to) & pawns;
	if (!from_set) {
		note_failure(f, FAIL_NONE_REACHES, "FIDE 3.7.3",
			     "no %s pawn can capture on %s", color_names[us], ts);
		return;
	}
	int kind = MOVE_NORMAL;
	if (pos->board[to] == PIECE_NONE) {
		int behind = to + (us == WHITE ? -8 : 8);
		int ep_rank = us == WHITE ? 5 : 2;
		if (to != pos->ep_square && RANK_OF(to) == ep_rank && pos->board[behind] == MAKE_PIECE(!us, PAWN)) {
			note_failure(f, FAIL_DESTINATION, "FIDE 3.7.3.2",
				     "en passant on %s is possible only on the move right after the pawn's double step", ts);
			return;
		}
		if (to != pos->ep_square) {
			note_failure(f, FAIL_DESTINATION, "FIDE 3.7.3",
				     "a pawn captures diagonally, and there is nothing to capture on %s", ts);
			return;
		}
		kind = MOVE_EN_PASSANT;
	} else if (PIECE_COLOR(pos->board[to]) == us) {
		note_failure(f, FAIL_DESTINATION, "FIDE 3.1",
			     "%s is occupied by a %s piece", ts, color_names[us]);
		return;
	}
	while (from_set)
		try_pawn_move(pos, san, pop_lsb(&from_set), kind, res, f);
}

static void match_pawn_push(const struct position *pos, const struct san *san, bitboard origins,
			    struct match_result *res, struct failure *f)
{
	int us = pos->side_to_move, to = san->to;
	int step = us == WHITE ? 8 : -8;
	const char *ts = square_names[to];
	bitboard pawns = pos->by_color[us] & pos->by_type[PAWN] & origins;
	int one = to - step, two = to - 2 * step;
	int double_rank = us == WHITE ? 3 : 4;
	int from = -1;
	if (one >= 0 && one < 64 && (pawns & BIT(one)))
		from = one;
	else if (RANK_OF(to) == double_rank && (pawns & BIT(two))) {
		if (pos->board[one] != PIECE_NONE) {
			const char *os = square_names[one];
			note_failure(f, FAIL_BLOCKED, "FIDE 3.7.2",
				     "the pawn cannot advance two squares to %s: %s is occupied", ts, os);
			return;
		}
		from = two;
	}
	if (from < 0) {
		note_failure(f, FAIL_NONE_REACHES, "FIDE 3.7.1", "no %s pawn can advance to %s", color_names[us], ts);
		return;
	}
	if (pos->board[to] != PIECE_NONE) {
		note_failure(f, FAIL_DESTINATION, "FIDE 3.7.1",
			     "a pawn advances only to an empty square, and %s is occupied%s", ts,
			     PIECE_COLOR(pos->board[to]) != us ? " (a capture is written with the file: exd5)" : "");
		return;
	}
	try_pawn_move(pos, san, from, MOVE_NORMAL, res, f);
}

/* The first castling move to that side in the legal move list of a
 * position whose side to move is not in check, without generating the
 * list: castling is listed only with the king on its back rank, one move
 * per rook that may castle, lowest square first.  MOVE_NONE when there is
 * none. */
static move first_castling(const struct position *pos, int kingside)
{
	int us = pos->side_to_move, ksq = king_square(pos, us), back = us == WHITE ? 0 : 7;
	if (RANK_OF(ksq) != back)
		return MOVE_NONE;
	bitboard castlers = pos->castling_rooks & RANK_BB(back) & pos->by_color[us];
	while (castlers) {
		int r = pop_lsb(&castlers);
		move m = MAKE_MOVE(ksq, r, 0, MOVE_CASTLE);
		if ((r > ksq) == kingside && move_is_legal(pos, m))
			return m;
	}
	return MOVE_NONE;
}

/* Castling as the legal move list has it: king takes own rook. */
static void match_castling(const struct position *pos, int kingside, struct match_result *res, struct failure *f)
{
	int us = pos->side_to_move;
	int ksq = king_square(pos, us);
	int back = us == WHITE ? 0 : 7;
	if (!attackers_to(pos, ksq, !us, pos->by_color[WHITE] | pos->by_color[BLACK])) {
		move m = first_castling(pos, kingside);
		if (m != MOVE_NONE) {
			accept(res, m);
			return;
		}
	}
	const char *side = kingside ? "king" : "queen";
	bitboard rooks = pos->castling_rooks & RANK_BB(back) & pos->by_color[us];
	int rook = -1;
	while (rooks) {
		int r = pop_lsb(&rooks);
		if ((r > ksq) == kingside)
			rook = r;
	}
	if (rook < 0 || RANK_OF(ksq) != back) {
		note_failure(f, FAIL_NONE_REACHES, "FIDE 3.8.2.1",
			     "%s has no right to castle on the %sside any more (the king or that rook has moved)",
			     us == WHITE ? "White" : "Black", side);
		return;
	}
	int kto = SQUARE(kingside ? 6 : 2, back), rto = SQUARE(kingside ? 5 : 3, back);
	bitboard occ = (pos->by_color[WHITE] | pos->by_color[BLACK]) ^ BIT(ksq) ^ BIT(rook);
	bitboard path = (between(ksq, kto) | BIT(kto) | between(rook, rto) | BIT(rto));
	if (occ & path) {
		const char *bs = square_names[lsb(occ & path)];
		note_failure(f, FAIL_BLOCKED, "FIDE 3.8.2.2",
			     "castling on the %sside is impossible: %s stands between king and rook", side, bs);
		return;
	}
	bitboard all = pos->by_color[WHITE] | pos->by_color[BLACK];
	if (attackers_to(pos, ksq, !us, all)) {
		note_failure(f, FAIL_KING_SAFETY, "FIDE 3.8.2.2", "castling is impossible while the king is in check");
		return;
	}
	bitboard crossed = between(ksq, kto) | BIT(kto);
	while (crossed) {
		int sq = pop_lsb(&crossed);
		if (attackers_to(pos, sq, !us, occ)) {
			const char *ss = square_names[sq];
			note_failure(f, FAIL_KING_SAFETY, "FIDE 3.8.2.2",
				     sq == kto ? "castling on the %sside would put the king in check on %s"
					       : "castling on the %sside: the king would cross %s, which is attacked",
				     side, ss);
			return;
		}
	}
	note_failure(f, FAIL_KING_SAFETY, "FIDE 3.8.2.2", "castling on the %sside is not legal here", side);
}

static void match_piece(const struct position *pos, const struct san *san, int type, bitboard origins,
			struct match_result *res, struct failure *f)
{
	int us = pos->side_to_move, to = san->to;
	const char *ts = square_names[to];
	bitboard pieces = pos->by_color[us] & pos->by_type[type] & origins;
	bitboard reach = empty_board_reach(type, to) & pieces;
	if (!reach) {
		if (pieces && (origins != ~(bitboard)0))
			note_failure(f, FAIL_NONE_REACHES, piece_rules[type], "the %s on that square cannot move to %s",
				     piece_names[type], ts);
		else
			note_failure(f, FAIL_NONE_REACHES, piece_rules[type], "no %s %s can move to %s",
				     color_names[us], piece_names[type], ts);
		return;
	}
	if (pos->board[to] != PIECE_NONE && PIECE_COLOR(pos->board[to]) == us) {
		note_failure(f, FAIL_DESTINATION, "FIDE 3.1", "%s is occupied by a %s piece", ts, color_names[us]);
		return;
	}
	bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	while (reach) {
		int from = pop_lsb(&reach);
		if (between(from, to) & occ) {
			const char *fs = square_names[from], *bs = square_names[lsb(between(from, to) & occ)];
			note_failure(f, FAIL_BLOCKED, "FIDE 3.5", "the %s on %s cannot jump over the piece on %s to reach %s",
				     piece_names[type], fs, bs, ts);
			continue;
		}
		try_move(pos, MAKE_MOVE(from, to, 0, MOVE_NORMAL), res, f);
	}
}

/* Is a king move written as a two-square step (Kg1, e1g1) or king-takes-rook castling? */
static int castling_side_of_king_move(const struct position *pos, int from, int to)
{
	int us = pos->side_to_move;
	if (RANK_OF(from) != RANK_OF(to) || RANK_OF(from) != (us == WHITE ? 0 : 7))
		return -1;
	if (pos->board[to] != PIECE_NONE && pos->board[to] == MAKE_PIECE(us, ROOK) && (pos->castling_rooks & BIT(to)))
		return to > from;
	if (!pos->chess960 && FILE_OF(from) == 4 && (FILE_OF(to) == 6 || FILE_OF(to) == 2))
		return FILE_OF(to) == 6;
	return -1;
}

static void match_move(const struct position *pos, const struct san *san, struct match_result *res, struct failure *f)
{
	int us = pos->side_to_move;
	bitboard origins = ~(bitboard)0;
	if (san->from_file >= 0)
		origins &= FILE_BB(san->from_file);
	if (san->from_rank >= 0)
		origins &= RANK_BB(san->from_rank);
	int type = san->piece;
	if (type == SAN_ANY) {
		int from = SQUARE(san->from_file, san->from_rank);
		const char *fs = square_names[from];
		if (pos->board[from] == PIECE_NONE || PIECE_COLOR(pos->board[from]) != us) {
			note_failure(f, FAIL_NONE_REACHES, "FIDE 3.10.1", "there is no %s piece on %s", color_names[us], fs);
			return;
		}
		type = PIECE_TYPE(pos->board[from]);
	}
	if (type == KING && san->from_file >= 0 && san->from_rank >= 0) {
		int side = castling_side_of_king_move(pos, SQUARE(san->from_file, san->from_rank), san->to);
		if (side >= 0) {
			match_castling(pos, side, res, f);
			return;
		}
	} else if (type == KING && FILE_OF(king_square(pos, us)) == 4 && !pos->chess960) {
		int side = castling_side_of_king_move(pos, king_square(pos, us), san->to);
		if (side >= 0 && !(king_attacks(king_square(pos, us)) & BIT(san->to))) {
			match_castling(pos, side, res, f);
			return;
		}
	}
	if (type != PAWN) {
		if (san->promotion >= 0) {
			note_failure(f, FAIL_PROMOTION, "FIDE 3.7.3.3", "only a pawn can be promoted");
			return;
		}
		match_piece(pos, san, type, origins, res, f);
		return;
	}
	int diagonal = san->from_file >= 0 && san->from_file != FILE_OF(san->to);
	if (diagonal || san->capture)
		match_pawn_capture(pos, san, origins, res, f);
	else
		match_pawn_push(pos, san, origins, res, f);
}

static void match_token(const struct position *pos, const struct san *san, struct match_result *res,
			struct failure *f)
{
	f->score = 0;
	f->rule = "FIDE 3.10.1";
	f->reason[0] = '\0';
	switch (san->kind) {
	case SAN_NULL:
		note_failure(f, FAIL_NONE_REACHES, "FIDE 3.10.1", "a null move (--) is not a move in chess");
		break;
	case SAN_CASTLE_SHORT:
	case SAN_CASTLE_LONG:
		match_castling(pos, san->kind == SAN_CASTLE_SHORT, res, f);
		break;
	default:
		match_move(pos, san, res, f);
		break;
	}
}

/* san_match_quick finds what match_token would accept without its
 * bookkeeping of failures: the sliders that reach the destination on the
 * board as it is are the ones match_piece finds unblocked, and castling
 * out of check is first_castling, as match_castling takes it.  Promotion,
 * en passant, long algebraic pawn and king moves, a pawn's or king's
 * origin rank and every failure are left to match_token, which decides
 * them and says why. */
move san_match_quick(const struct position *pos, const struct san *san, int check)
{
	return san_match_quick_pinned(pos, san, check, check ? 0 : pinned_pieces(pos));
}

move san_match_quick_pinned(const struct position *pos, const struct san *san, int check, bitboard pinned)
{
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG) {
		if (check)
			return MOVE_NONE;
		return first_castling(pos, san->kind == SAN_CASTLE_SHORT);
	}
	if (san->kind != SAN_MOVE || san->promotion >= 0)
		return MOVE_NONE;
	/* An origin rank only for N, B, R and Q (R1e1, N5d4, Qh4e1), as
	 * match_piece takes it: a pawn's or a king's is match_token's. */
	if (san->from_rank >= 0 && (san->piece == SAN_PAWN || san->piece >= SAN_KING))
		return MOVE_NONE;
	/* From the bitboards, which the lines below read anyway, not the
	 * mailbox, a cache line further on. */
	int us = pos->side_to_move, to = san->to;
	bitboard own = pos->by_color[us], occ = own | pos->by_color[!us];
	if (own & BIT(to))
		return MOVE_NONE;
	int taking = (occ & BIT(to)) != 0;
	bitboard origins = san->from_file >= 0 ? FILE_BB(san->from_file) : ~(bitboard)0;
	if (san->from_rank >= 0)
		origins &= RANK_BB(san->from_rank);
	bitboard from_set;
	if (san->piece == SAN_PAWN) {
		bitboard pawns = own & pos->by_type[PAWN] & origins;
		if (RANK_OF(to) == (us == WHITE ? 7 : 0))
			return MOVE_NONE;
		if (san->capture || (san->from_file >= 0 && san->from_file != FILE_OF(to))) {
			if (!taking)
				return MOVE_NONE;
			from_set = pawn_attacks((enum color)!us, to) & pawns;
		} else {
			if (san->from_file >= 0 || taking)
				return MOVE_NONE;
			int step = us == WHITE ? 8 : -8, one = to - step;
			if (one < 0 || one >= 64)
				return MOVE_NONE;
			if (pawns & BIT(one))
				from_set = BIT(one);
			else if (RANK_OF(to) == (us == WHITE ? 3 : 4) && !(occ & BIT(one)))
				from_set = pawns & BIT(one - step);
			else
				return MOVE_NONE;
		}
	} else if (san->piece <= SAN_KING) {
		/* The pieces that reach the destination on an empty board; the
		 * loop drops those with something in between.  A king that is
		 * not adjacent is castling written as a king move, which
		 * match_move reads. */
		from_set = empty_board_reach(san->piece, to) & own & pos->by_type[san->piece] & origins;
	} else {
		return MOVE_NONE;
	}
	/* Out of check, only a pinned piece can expose the king by moving;
	 * move_is_legal asks about those and about the king itself.  In
	 * check it asks about every move. */
	int king = king_square(pos, us);
	bitboard exposed = check ? ~(bitboard)0 : pinned | BIT(king);
	move found = MOVE_NONE;
	while (from_set) {
		int from = pop_lsb(&from_set);
		move m = MAKE_MOVE(from, to, 0, MOVE_NORMAL);
		if (between(from, to) & occ)
			continue;
		if ((exposed & BIT(from)) && !move_is_legal(pos, m))
			continue;
		if (found != MOVE_NONE)
			return MOVE_NONE;
		found = m;
	}
	return found;
}

int san_match(const struct position *pos, const struct san *san, struct match_result *res)
{
	return san_match_known(pos, -1, san, res);
}

int san_match_known(const struct position *pos, int check, const struct san *san, struct match_result *res)
{
	struct failure f;
	f.not_in_check = check == 0;
	/* Every field but the long reason, which is written only when nothing matches. */
	res->status = 0;
	res->move = MOVE_NONE;
	res->rule = NULL;
	res->reason[0] = '\0';
	memset(res->candidates, 0, sizeof res->candidates);
	res->candidate_count = 0;
	if (check >= 0) {
		move m = san_match_quick(pos, san, check);
		if (m != MOVE_NONE) {
			res->status = MATCH_OK;
			res->move = res->candidates[0] = m;
			res->candidate_count = 1;
			return MATCH_OK;
		}
	}
	/* Nearly every written move matches, and then the reasons are not
	 * wanted: the first pass only keeps scores; when nothing matched, the
	 * same pass is made again writing them. */
	f.quiet = 1;
	match_token(pos, san, res, &f);
	if (res->candidate_count == 0) {
		f.quiet = 0;
		match_token(pos, san, res, &f);
	}
	if (res->candidate_count == 1) {
		res->status = MATCH_OK;
		res->move = res->candidates[0];
	} else if (res->candidate_count > 1) {
		res->status = MATCH_AMBIGUOUS;
		if (res->candidate_count > MATCH_MAX_CANDIDATES)
			res->candidate_count = MATCH_MAX_CANDIDATES;
	} else {
		res->status = MATCH_ILLEGAL;
		res->rule = f.rule;
		snprintf(res->reason, sizeof res->reason, "%s", f.score ? f.reason : "no legal move matches");
	}
	return res->status;
}

static const char piece_letters[] = "PNBRQK";

void move_to_san(const struct position *pos, move m, char *buf)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(pos->board[from]);
	char *p = buf;
	if (MOVE_KIND(m) == MOVE_CASTLE) {
		strcpy(p, to > from ? "O-O" : "O-O-O");
		p += strlen(p);
	} else {
		int capture = pos->board[to] != PIECE_NONE || MOVE_KIND(m) == MOVE_EN_PASSANT;
		if (type == PAWN) {
			if (capture)
				*p++ = (char)('a' + FILE_OF(from));
		} else {
			*p++ = piece_letters[type];
			enum disambiguation d = move_disambiguation(pos, m);
			if (d == DISAMBIGUATE_FILE || d == DISAMBIGUATE_SQUARE)
				*p++ = (char)('a' + FILE_OF(from));
			if (d == DISAMBIGUATE_RANK || d == DISAMBIGUATE_SQUARE)
				*p++ = (char)('1' + RANK_OF(from));
		}
		if (capture)
			*p++ = 'x';
		*p++ = (char)('a' + FILE_OF(to));
		*p++ = (char)('1' + RANK_OF(to));
		if (MOVE_KIND(m) == MOVE_PROMOTION) {
			*p++ = '=';
			*p++ = piece_letters[MOVE_PROMO(m)];
		}
	}
	struct position after = *pos;
	make_move(&after, m);
	if (in_check(&after)) {
		struct move_list list;
		generate_legal(&after, &list);
		*p++ = list.count == 0 ? '#' : '+';
	}
	*p = '\0';
}

bitboard move_rivals(const struct position *pos, move m, bitboard *illegal)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(pos->board[from]);
	bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	bitboard rivals = 0, refused = 0;
	bitboard reach = MOVE_KIND(m) == MOVE_CASTLE ? 0
		       : empty_board_reach(type, to) & pos->by_color[pos->side_to_move] & pos->by_type[type] & ~BIT(from);
	while (reach) {
		int r = pop_lsb(&reach);
		if (between(r, to) & occ)
			continue;
		if (move_is_legal(pos, MAKE_MOVE(r, to, 0, MOVE_NORMAL)))
			rivals |= BIT(r);
		else
			refused |= BIT(r);
	}
	if (illegal)
		*illegal = refused;
	return rivals;
}

enum disambiguation move_disambiguation(const struct position *pos, move m)
{
	int from = MOVE_FROM(m);
	bitboard others = move_rivals(pos, m, NULL);
	if (!others)
		return DISAMBIGUATE_NONE;
	if (!(others & FILE_BB(FILE_OF(from))))
		return DISAMBIGUATE_FILE;
	if (!(others & RANK_BB(RANK_OF(from))))
		return DISAMBIGUATE_RANK;
	return DISAMBIGUATE_SQUARE;
}

/* Castling as the pieces move, whatever the checks: the king on its back
 * rank and the rook that castles - the one with the right, else (not in
 * Chess960) the one on the corner - with nothing between them and nothing
 * on the squares they land on.  MOVE_NONE when there is no such rook. */
static move castling_as_the_pieces_move(const struct position *pos, int kingside)
{
	int us = pos->side_to_move, ksq = king_square(pos, us), back = us == WHITE ? 0 : 7;
	if (RANK_OF(ksq) != back)
		return MOVE_NONE;
	int rook = -1;
	bitboard castlers = pos->castling_rooks & RANK_BB(back) & pos->by_color[us];
	while (castlers) {
		int r = pop_lsb(&castlers);
		if ((r > ksq) == kingside)
			rook = r;
	}
	if (rook < 0 && !pos->chess960 && FILE_OF(ksq) == 4) {
		int corner = SQUARE(kingside ? 7 : 0, back);
		if (pos->board[corner] == MAKE_PIECE(us, ROOK))
			rook = corner;
	}
	if (rook < 0)
		return MOVE_NONE;
	int kto = SQUARE(kingside ? 6 : 2, back), rto = SQUARE(kingside ? 5 : 3, back);
	bitboard occ = position_occupied(pos) ^ BIT(ksq) ^ BIT(rook);
	if (occ & (between(ksq, kto) | BIT(kto) | between(rook, rto) | BIT(rto)))
		return MOVE_NONE;
	return MAKE_MOVE(ksq, rook, 0, MOVE_CASTLE);
}

int san_match_unlawful(const struct position *pos, const struct san *san, move *found)
{
	int count = 0;
	*found = MOVE_NONE;
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG) {
		move m = castling_as_the_pieces_move(pos, san->kind == SAN_CASTLE_SHORT);
		if (m == MOVE_NONE || move_is_legal(pos, m))
			return 0;
		*found = m;
		return 1;
	}
	if (san->kind != SAN_MOVE || san->to < 0)
		return 0;
	int us = pos->side_to_move;
	if (san->piece == SAN_KING && !pos->chess960) {
		int ksq = king_square(pos, us);
		int side = castling_side_of_king_move(pos, ksq, san->to);
		if (side >= 0 && !(king_attacks(ksq) & BIT(san->to))
		    && (san->from_file < 0 || SQUARE(san->from_file, san->from_rank < 0 ? RANK_OF(ksq) : san->from_rank) == ksq)) {
			move m = castling_as_the_pieces_move(pos, side);
			if (m == MOVE_NONE || move_is_legal(pos, m))
				return 0;
			*found = m;
			return 1;
		}
	}
	struct move_list list;
	generate_pseudo_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		move m = list.moves[i];
		int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
		int type = PIECE_TYPE(pos->board[from]);
		if (kind == MOVE_CASTLE || to != san->to)
			continue;
		if (san->piece == SAN_ANY ? from != SQUARE(san->from_file, san->from_rank)
					  : type != san->piece)
			continue;
		if ((san->from_file >= 0 && FILE_OF(from) != san->from_file)
		    || (san->from_rank >= 0 && RANK_OF(from) != san->from_rank))
			continue;
		if ((kind == MOVE_PROMOTION) != (san->promotion >= 0)
		    || (kind == MOVE_PROMOTION && MOVE_PROMO(m) != san->promotion))
			continue;
		if (type == PAWN && san->piece != SAN_ANY) {
			int diagonal = san->capture || (san->from_file >= 0 && san->from_file != FILE_OF(to));
			if (diagonal != (FILE_OF(from) != FILE_OF(to)))
				continue;
		}
		if (move_is_legal(pos, m))
			continue;
		if (count++ == 0)
			*found = m;
	}
	if (count != 1)
		*found = MOVE_NONE;
	return count;
}
