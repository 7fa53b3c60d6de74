/*
 * unwinnable.c - proofs that a side can never checkmate, and the decision
 * procedure that tries them before searching for a helpmate.
 *
 * Deciding whether a helpmate exists is a search over every series of legal
 * moves, which no budget can finish in general; so the answer "impossible"
 * has to come from arguments that cover all series at once.  Two kinds are
 * used, both taken in spirit from Ambrona's Chess Unwinnability Analyzer
 * (CHA, "A Practical Algorithm for Chess Unwinnability", FUN 2022), whose
 * code is not used here:
 *
 *   - material that can only shrink and cannot mate, whatever the squares:
 *     a bare king; a lone knight against at most queens (a queen beside the
 *     mated king always sees the knight's square); bishops of one colour
 *     against nothing that could stand on the other colour but rooks and
 *     queens (which, beside the king, can always reach the checking line);
 *   - a structure that can never change (pawns blocked for good, kings
 *     walled in by them, pieces shut in by their own units; no capture
 *     ever possible but kings taking the pawns that still walk), in which
 *     each piece stays inside the region it can reach around the units
 *     that never move, so that the winner mates only if one of its pieces
 *     can reach a line into the other king's region (and bishops of one
 *     colour only with a blocker for each neighbour of the mating square).
 * The arguments are spelt out atop each function.  Everything else is left
 * to helpmate.c (a short forced-line proof, a helpmate search) and to
 * closure.c (every position reachable); plainly_open() says where those
 * searches are not worth their cost.
 */
#include "validator/chess/movegen.h"
#include "validator/chess/unwinnable.h"

#define DARK_SQUARES ((bitboard)0xAA55AA55AA55AA55ULL)

static int one_square_colour(bitboard b)
{
	return !(b & DARK_SQUARES) || !(b & ~DARK_SQUARES);
}

/* The other colour's squares than those of the (one-coloured) set b. */
static bitboard other_square_colour(bitboard b)
{
	return (b & DARK_SQUARES) ? ~DARK_SQUARES : DARK_SQUARES;
}

/*
 * No pawns of the winner, so its material never grows; a capture only
 * removes pieces, so every later position satisfies the same condition.
 *
 * Bare king: a king never gives check.
 *
 * A lone knight against queens only (no pawns, so no other blocker can
 * appear): let the knight on n check the king on k.  The two squares
 * adjacent to both k and n cannot be blocked (a queen there takes the
 * knight; no pin is possible without a winning slider) nor covered by the
 * knight, so the winning king covers both, which puts it on the one square
 * beyond them at distance 2 from k.  Then the square orthogonally next to k
 * on n's file or rank (the one whose line to n passes over the empty,
 * covered square between) is on the board, covered by nobody, and can only
 * be blocked by a queen, which would take the knight: no mate.
 *
 * Bishops on one colour c against no pawns, knights or bishops of the other
 * colour: the mated king stands on c, its two to four orthogonal neighbours
 * are on the other colour, where no bishop attacks and the winning king
 * covers at most one of them.  So a loser's piece stands on the others, a
 * rook or queen (nothing else can stand there).  The check is along one
 * diagonal (a bishop cannot uncover another bishop's check, the lines
 * through two squares of one diagonal never meet its perpendicular), and
 * the square next to the king on it is orthogonally adjacent to two of the
 * neighbours; in a corner, on an edge and in the middle alike one of those
 * holds a rook or queen, which steps onto it (interposing, or taking the
 * bishop).  Nothing pins a piece along a rank or file: no mate.
 */
int mate_impossible_by_material(const struct position *pos, enum color winner)
{
	const bitboard *type = pos->by_type;
	bitboard army = pos->by_color[winner] & ~type[KING];
	bitboard helpers = pos->by_color[!winner] & ~type[KING];

	if (!army)
		return 1;
	if (army == (army & type[KNIGHT]) && !(army & (army - 1)))
		return !(helpers & ~type[QUEEN]);
	if (army == (army & type[BISHOP]) && one_square_colour(army))
		return !(helpers & (type[PAWN] | type[KNIGHT]))
		    && !(helpers & type[BISHOP] & other_square_colour(army));
	return 0;
}

/*
 * The blocked-structure proof.  It assumes that no capture ever happens and
 * checks that this assumption feeds itself.  Without captures a pawn stays
 * on its file and can never pass the first enemy pawn ahead of it (which only
 * comes closer), so:
 *   - every pawn needs an enemy pawn ahead on its file, or it might promote;
 *   - a pawn is stuck for good when the pawn in front is an enemy one or
 *     itself stuck for good; the others may walk up to the first stuck or
 *     enemy pawn ahead: their span;
 *   - each piece can only be where a flood of its own moves from its square
 *     reaches, treating the other pieces and the pawns that may move as
 *     absent and the stuck pawns as walls (kings also never step where a
 *     stuck enemy pawn attacks): its region;
 *   - no pawn may ever attack a square where an enemy pawn or a piece other
 *     than the king may ever stand (it could take it), no piece but a king
 *     may ever attack a square where an enemy pawn may stand, and a king may
 *     only ever touch enemy pawns that a stuck pawn defends;
 *   - no castling right and no en passant capture now (a later one is a
 *     capture from a square the rules above already keep clear).
 * Then by induction no capture ever happens, every pawn stays in its span
 * and every piece in its region.  A king never gives check and never enters
 * a square a stuck pawn attacks, so the winner mates only with a piece that
 * can reach a line into the loser king's region, or a pawn that may walk to
 * attack it: without either, there is no mate.
 *
 * When the only pieces that can are bishops on one colour c, a mate also
 * needs every orthogonal neighbour of the mated king (on the other colour)
 * covered or occupied.  A neighbour that no pawn may stand on or attack and
 * no piece can ever occupy could only be covered by the winning king; that
 * king covers at most one of them, and only from its region.  So a square
 * of the loser king's region with two such neighbours, or one the winning
 * king can never cover, is never a mating square.
 *
 * A king with only two squares, A and B, and no other unit of its side that
 * can move (its pawns stuck, its pieces shut in, nothing its king may take)
 * keeps the other king off every square next to A or B.  Say it stands on
 * A: the other king cannot step next to A, and a step next to B leaves it
 * no legal move (B is attacked, A's other neighbours are walls or guarded
 * for ever, and a unit taken there was not next to A and freed nothing: the
 * squares stay occupied, and a piece that saw it now sees a king), so the
 * game ends there, in stalemate, or in mate when the step uncovers a check
 * (frozen_cannot_mate() rules that out).  Until then the other king stays
 * off those squares, which keeps the structure as it is, which keeps the
 * two-square king where it is: the proof floods that king's region without
 * them (kept_off).
 */
struct frozen_board {
	bitboard stuck;            /* pawns that never move */
	bitboard walled;           /* kings that never move */
	bitboard shut;             /* pieces that never move */
	bitboard still;            /* all three */
	bitboard span[2];          /* where the pawns of a colour may ever stand */
	bitboard stuck_attacks[2]; /* what the stuck pawns of a colour attack */
	bitboard guarded[2];       /* the same and what its walled king attacks: for ever */
	bitboard kept_off[2];      /* where a colour's king never goes: next to an enemy king
				      that has only two squares */
	bitboard takeable[2];      /* the enemy units a colour's king may take: walking pawns, and
				      stuck pawns or shut-in pieces nothing guards */
	bitboard pawn_reach[2];    /* what the pawns of a colour may ever attack */
	bitboard walker_reach[2];  /* the same for the pawns that are not stuck */
	bitboard region[64];       /* where the piece now on a square can ever stand */
	bitboard reach[64];        /* what it can ever attack from there */
	bitboard occupiable;       /* where a piece other than a king can ever stand */
};

static bitboard pawn_attack_set(bitboard pawns, enum color c)
{
	bitboard west = pawns & ~FILE_BB(0), east = pawns & ~FILE_BB(7);

	if (c == WHITE)
		return (west << 7) | (east << 9);
	return (west >> 9) | (east >> 7);
}

static bitboard forward(bitboard b, enum color c)
{
	return c == WHITE ? b << 8 : b >> 8;
}

/* Every square on the files of b on the side of c's promotion, b excluded. */
static bitboard ahead(bitboard b, enum color c)
{
	bitboard fill = forward(b, c);

	fill |= forward(fill, c);
	fill |= c == WHITE ? fill << 16 : fill >> 16;
	fill |= c == WHITE ? fill << 32 : fill >> 32;
	return fill;
}

/* The squares a pawn of colour c on `square` walks over: from it up to the
 * first square of `stops` ahead (left out), or up to the last rank (kept,
 * where it promotes). */
static bitboard pawn_path(bitboard square, enum color c, bitboard stops)
{
	bitboard path = square;

	while ((square = forward(square, c)) && !(square & stops))
		path |= square;
	return path;
}

/* Has every pawn an enemy pawn or a piece ahead on its file?  The cheap
 * test that tells whether the blocked-structure proof can apply at all. */
static int every_pawn_faces_a_wall(const struct position *pos)
{
	bitboard white = pos->by_type[PAWN] & pos->by_color[WHITE];
	bitboard black = pos->by_type[PAWN] & pos->by_color[BLACK];
	bitboard others = position_occupied(pos) & ~pos->by_type[PAWN];

	return !(white & ~ahead(black | others, BLACK)) && !(black & ~ahead(white | others, WHITE));
}


#define NOT_FILE_A (~FILE_BB(0))
#define NOT_FILE_H (~FILE_BB(7))
#define NOT_FILES_AB (~(FILE_BB(0) | FILE_BB(1)))
#define NOT_FILES_GH (~(FILE_BB(6) | FILE_BB(7)))

static bitboard diagonal_steps(bitboard b)
{
	return ((b & NOT_FILE_H) << 9) | ((b & NOT_FILE_A) << 7) | ((b & NOT_FILE_H) >> 7) | ((b & NOT_FILE_A) >> 9);
}

static bitboard orthogonal_steps(bitboard b)
{
	return ((b & NOT_FILE_H) << 1) | ((b & NOT_FILE_A) >> 1) | (b << 8) | (b >> 8);
}

static bitboard knight_steps(bitboard b)
{
	return ((b & NOT_FILE_H) << 17) | ((b & NOT_FILE_A) << 15) | ((b & NOT_FILES_GH) << 10)
	     | ((b & NOT_FILES_AB) << 6) | ((b & NOT_FILE_A) >> 17) | ((b & NOT_FILE_H) >> 15)
	     | ((b & NOT_FILES_AB) >> 10) | ((b & NOT_FILES_GH) >> 6);
}

/* The squares one step of a piece of this type away from any square of b.
 * A slider's path anywhere crosses only squares without a stuck pawn, one
 * step at a time, so stepping is enough to flood where it can go; and what
 * it attacks from its region is one step from it. */
static bitboard piece_steps(int type, bitboard b)
{
	switch (type) {
	case KNIGHT: return knight_steps(b);
	case BISHOP: return diagonal_steps(b);
	case ROOK: return orthogonal_steps(b);
	default: return diagonal_steps(b) | orthogonal_steps(b);
	}
}

/* The units that never move: the pawns stuck for good, the kings walled in
 * for good and the pieces shut in for good, together.  They are the
 * greatest sets in which
 *   - every stuck pawn has right in front a unit that never moves;
 *   - every square next to a walled king holds one of its own units that
 *     never move, or is attacked by an enemy one (which covers the enemy's
 *     units that such a unit defends);
 *   - every square a shut-in piece could go to (the first square of each
 *     line, a knight's jumps) holds one of its own units that never move.
 * Such a king cannot step or take and is never taken; such a piece cannot
 * move; so neither does a pawn in front of either.  The units in `mortal`,
 * which may be taken, are left out (captures aside, which freeze() rules
 * out on its own). */
static void stuck_units(const struct position *pos, bitboard mortal, bitboard *stuck, bitboard *walled,
			bitboard *shut)
{
	bitboard pawns = pos->by_type[PAWN];
	bitboard white = pawns & pos->by_color[WHITE] & ~mortal, black = pawns & pos->by_color[BLACK] & ~mortal;
	bitboard kings = pos->by_type[KING];
	bitboard pieces = position_occupied(pos) & ~pawns & ~kings & ~mortal;
	bitboard stuck_white = white & forward(position_occupied(pos), BLACK);
	bitboard stuck_black = black & forward(position_occupied(pos), WHITE);

	for (;;) {
		bitboard next_kings = 0, next_pieces = 0, fixed[2], attacks[2];
		for (int c = WHITE; c <= BLACK; c++) {
			bitboard own_pieces = pieces & pos->by_color[c];
			fixed[c] = (c == WHITE ? stuck_white : stuck_black) | own_pieces | (kings & pos->by_color[c]);
			attacks[c] = pawn_attack_set(c == WHITE ? stuck_white : stuck_black, (enum color)c);
			while (own_pieces) {
				int sq = pop_lsb(&own_pieces);
				attacks[c] |= piece_steps(PIECE_TYPE(pos->board[sq]), BIT(sq));
			}
		}
		for (int c = WHITE; c <= BLACK; c++) {
			bitboard king = kings & pos->by_color[c], own_pieces = pieces & pos->by_color[c];
			if (king && !(king_attacks(lsb(king)) & ~((fixed[c] & ~king) | attacks[!c])))
				next_kings |= king;
			while (own_pieces) {
				int sq = pop_lsb(&own_pieces);
				if (!(piece_steps(PIECE_TYPE(pos->board[sq]), BIT(sq)) & ~fixed[c]))
					next_pieces |= BIT(sq);
			}
		}
		bitboard still = stuck_white | stuck_black | next_kings | next_pieces;
		bitboard next_white = stuck_white & forward(still, BLACK);
		bitboard next_black = stuck_black & forward(still, WHITE);
		if (next_white == stuck_white && next_black == stuck_black && next_kings == kings && next_pieces == pieces) {
			*stuck = stuck_white | stuck_black;
			*walled = kings;
			*shut = pieces;
			return;
		}
		stuck_white = next_white;
		stuck_black = next_black;
		kings = next_kings;
		pieces = next_pieces;
	}
}

/* Fills the spans and what the pawns may attack from them; returns 0 when a
 * pawn might promote.  A pawn walks up to the first stuck pawn, walled king
 * or enemy pawn ahead, but through an enemy pawn that is not stuck and that
 * its own king may take (fb->takeable), which may then be gone. */
static int walk_pawns(const struct position *pos, struct frozen_board *fb)
{
	for (int c = WHITE; c <= BLACK; c++) {
		bitboard own = pos->by_type[PAWN] & pos->by_color[c];
		bitboard stops = fb->still | (pos->by_type[PAWN] & pos->by_color[!c] & ~fb->takeable[c]);
		bitboard walkers = own & ~fb->stuck;

		fb->span[c] = own;
		fb->walker_reach[c] = 0;
		while (walkers) {
			bitboard path = pawn_path(BIT(pop_lsb(&walkers)), (enum color)c, stops);
			if (path & (RANK_BB(0) | RANK_BB(7)))
				return 0;
			fb->span[c] |= path;
			fb->walker_reach[c] |= pawn_attack_set(path, (enum color)c);
		}
		fb->pawn_reach[c] = fb->stuck_attacks[c] | fb->walker_reach[c];
	}
	return 1;
}

/* Floods the region and reach of the piece on sq. */
static void flood(const struct position *pos, struct frozen_board *fb, int sq)
{
	int type = PIECE_TYPE(pos->board[sq]), color = PIECE_COLOR(pos->board[sq]);
	bitboard forbidden = type == KING ? fb->guarded[!color] | fb->kept_off[color] : 0;
	bitboard region = BIT(sq);

	for (;;) {
		bitboard grown = region | (piece_steps(type, region) & ~fb->still & ~forbidden);
		if (grown == region)
			break;
		region = grown;
	}
	fb->region[sq] = region;
	fb->reach[sq] = piece_steps(type, region);
}

/* What the king of colour c may take when it may touch `touch`: stuck pawns
 * and shut-in pieces nothing guards, and the pawns that may walk there. */
static bitboard king_takes(const struct position *pos, const struct frozen_board *fb, enum color c, bitboard touch)
{
	bitboard enemy_pawns = pos->by_type[PAWN] & pos->by_color[!c];
	bitboard walkers = enemy_pawns & ~fb->stuck;
	bitboard taken = touch & pos->by_color[!c] & (fb->stuck | fb->shut) & ~fb->guarded[!c];

	while (walkers) {
		bitboard path = pawn_path(BIT(pop_lsb(&walkers)), (enum color)!c, fb->still);
		if (path & touch)
			taken |= path & enemy_pawns;
	}
	return taken;
}

/* When the king of colour c, flooded, has only two squares and nothing
 * else of c can move: the squares the other king never enters (the two
 * and their neighbours; see above), else 0. */
static bitboard two_square_reach(const struct position *pos, const struct frozen_board *fb, enum color c)
{
	int king = position_king_square(pos, c);
	bitboard own = pos->by_color[c];
	bitboard near = fb->region[king] | piece_steps(KING, fb->region[king]);

	if (popcount(fb->region[king]) != 2 || (own & pos->by_type[PAWN] & ~fb->stuck)
	    || (own & ~pos->by_type[PAWN] & ~pos->by_type[KING] & ~fb->shut)
	    || king_takes(pos, fb, c, fb->reach[king]) || (near & pos->by_type[KING] & pos->by_color[!c]))
		return 0;
	return near;
}

/* Fills fb, the units in *doomed taken as ones that may be taken; returns 0
 * unless no capture can ever happen but kings taking pawns that are not
 * stuck, and pieces taking pieces that are not shut in; -1 (more units in
 * *doomed) when a shut-in piece turns out to be one an enemy piece may take. */
static int freeze_with(const struct position *pos, struct frozen_board *fb, bitboard *doomed)
{
	bitboard pieces = position_occupied(pos) & ~pos->by_type[PAWN] & ~pos->by_type[KING];

	/* A king never enters a square guarded for ever, and may take an
	 * enemy pawn it can touch where nothing guards it, wherever the pawn
	 * may walk (up to a stuck pawn or a walled king): such a pawn is not
	 * stuck, nor what stood behind it. */
	for (bitboard mortal = *doomed;;) {
		bitboard taken = 0;
		stuck_units(pos, mortal, &fb->stuck, &fb->walled, &fb->shut);
		fb->still = fb->stuck | fb->walled | fb->shut;
		for (int c = WHITE; c <= BLACK; c++) {
			bitboard shut = fb->shut & pos->by_color[c];
			fb->stuck_attacks[c] = pawn_attack_set(pos->by_type[PAWN] & pos->by_color[c] & fb->stuck,
							       (enum color)c);
			fb->guarded[c] = fb->stuck_attacks[c];
			if (fb->walled & pos->by_color[c])
				fb->guarded[c] |= king_attacks(lsb(fb->walled & pos->by_color[c]));
			while (shut) {
				int sq = pop_lsb(&shut);
				fb->guarded[c] |= piece_steps(PIECE_TYPE(pos->board[sq]), BIT(sq));
			}
		}
		fb->kept_off[WHITE] = fb->kept_off[BLACK] = 0;
		for (int c = WHITE; c <= BLACK; c++)
			flood(pos, fb, position_king_square(pos, c));
		for (int c = WHITE; c <= BLACK; c++)
			fb->kept_off[!c] = two_square_reach(pos, fb, (enum color)c);
		for (int c = WHITE; c <= BLACK; c++) {
			int king = position_king_square(pos, c);
			if (fb->kept_off[c])
				flood(pos, fb, king);
			fb->takeable[c] = king_takes(pos, fb, (enum color)c, fb->reach[king] & ~fb->kept_off[c]);
			taken |= fb->takeable[c];
		}

		if (!(taken & (fb->stuck | fb->shut)))
			break;
		mortal |= taken;
	}
	if (!walk_pawns(pos, fb))
		return 0;
	if ((fb->pawn_reach[WHITE] & fb->span[BLACK]) || (fb->pawn_reach[BLACK] & fb->span[WHITE]))
		return 0;
	fb->occupiable = 0;
	for (bitboard b = pieces; b; ) {
		int sq = pop_lsb(&b), color = PIECE_COLOR(pos->board[sq]);
		flood(pos, fb, sq);
		fb->occupiable |= fb->region[sq];
		if ((fb->region[sq] & fb->pawn_reach[!color]) || (fb->reach[sq] & fb->span[!color]))
			return 0;
	}
	/* A shut-in piece that an enemy piece may take is not shut in: again
	 * without it. */
	for (bitboard b = pieces; b; ) {
		int sq = pop_lsb(&b), color = PIECE_COLOR(pos->board[sq]);
		bitboard threatened = fb->reach[sq] & fb->shut & pos->by_color[!color];
		if (threatened) {
			*doomed |= threatened;
			return -1;
		}
	}
	return 1;
}

/* Fills fb; returns 0 unless no capture can ever happen but kings taking
 * pawns and pieces taking pieces that do not matter to the structure. */
static int freeze(const struct position *pos, struct frozen_board *fb)
{
	bitboard doomed = 0;
	int answer;

	if (!every_pawn_faces_a_wall(pos) || pos->castling_rooks)
		return 0;
	if (pos->ep_square != SQUARE_NONE && ep_capture_legal(pos))
		return 0;
	while ((answer = freeze_with(pos, fb, &doomed)) < 0)
		;
	return answer;
}

/* Can the loser's king, standing on k, never be mated by bishops on one
 * colour (the only pieces of the winner that reach its region)?  Its
 * orthogonal neighbours are on the other colour, where no bishop of the
 * winner sees; each that no pawn may stand on or attack must hold a piece
 * of the loser, or be covered by the winning king (which covers at most one
 * of them, from a square not next to k) or by another piece of the winner
 * (then the proof gives up).  A piece of the loser stands on one square at
 * a time: fewer of them that can ever reach those neighbours, with the
 * winning king, than there are neighbours, and k is never a mating
 * square. */
static int bishops_never_mate_on(const struct position *pos, const struct frozen_board *fb, enum color winner,
				 int k)
{
	bitboard orthogonal = king_attacks(k) & (RANK_BB(RANK_OF(k)) | FILE_BB(FILE_OF(k)));
	bitboard open = orthogonal & ~fb->span[WHITE] & ~fb->span[BLACK] & ~fb->pawn_reach[winner];
	bitboard winning_king = fb->region[position_king_square(pos, winner)] & ~king_attacks(k) & ~BIT(k);
	bitboard pieces = (pos->by_color[WHITE] | pos->by_color[BLACK]) & ~pos->by_type[PAWN] & ~pos->by_type[KING];
	int holders = 0;

	if (!open)
		return 0;
	while (pieces) {
		int sq = pop_lsb(&pieces);
		if (PIECE_COLOR(pos->board[sq]) == (int)winner) {
			if ((fb->region[sq] | fb->reach[sq]) & open)
				return 0;
		} else if (fb->region[sq] & open) {
			holders++;
		}
	}
	if (piece_steps(KING, open) & winning_king)
		holders++;
	return holders < popcount(open);
}

/* Is every check a pawn of the winner may give the loser's king (in its
 * region, haven) answered by the king taking the pawn?  It is when nothing
 * of the winner may ever defend a square where the pawn would check from:
 * no pawn attacks it, no piece reaches it (a slider behind it reaches it
 * too), and the winning king is never next to it. */
static int pawn_checks_answered(const struct position *pos, const struct frozen_board *fb, enum color winner,
				bitboard haven)
{
	/* where a pawn of the winner attacks the haven from: where a pawn of
	 * the loser in the haven would attack */
	bitboard from = fb->span[winner] & ~fb->stuck & pawn_attack_set(haven, (enum color)!winner);
	bitboard defended = fb->pawn_reach[winner];
	bitboard army = pos->by_color[winner] & ~pos->by_type[PAWN];

	while (army) {
		int sq = pop_lsb(&army);
		defended |= PIECE_TYPE(pos->board[sq]) == KING ? piece_steps(KING, fb->region[sq]) : fb->reach[sq];
	}
	return !(from & defended);
}

/* Could the winning king, kept off the squares next to a two-square king,
 * step onto one of them and uncover a check, which would mate?  Only from
 * a square r of its region on a line through one of the two squares, k,
 * with nothing that never moves between them, to a square off the line
 * (not one its own units hold for ever), with a slider of the winner that
 * moves along such lines able to stand on the line beyond r. */
static int uncovered_mate_possible(const struct position *pos, const struct frozen_board *fb, enum color winner)
{
	bitboard own = pos->by_color[winner];
	bitboard sliders = own & (pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN]);
	bitboard targets = fb->region[position_king_square(pos, !winner)];
	bitboard steps = fb->kept_off[winner] & ~(fb->still & own);

	while (targets) {
		int k = pop_lsb(&targets);
		bitboard squares = fb->region[position_king_square(pos, winner)];
		while (squares) {
			int r = pop_lsb(&squares);
			bitboard line = line_through(k, r), beyond = 0;
			if (!line || (between(k, r) & fb->still) || !(king_attacks(r) & steps & ~line))
				continue;
			for (bitboard b = line; b; ) {
				int sq = pop_lsb(&b);
				if (between(k, sq) & BIT(r))
					beyond |= BIT(sq);
			}
			int diagonal = RANK_OF(k) != RANK_OF(r) && FILE_OF(k) != FILE_OF(r);
			for (bitboard b = sliders; b; ) {
				int sq = pop_lsb(&b), type = PIECE_TYPE(pos->board[sq]);
				if (type == (diagonal ? ROOK : BISHOP))
					continue;
				if (fb->region[sq] & beyond)
					return 1;
			}
		}
	}
	return 0;
}

static int frozen_cannot_mate(const struct position *pos, const struct frozen_board *fb, enum color winner)
{
	bitboard haven = fb->region[position_king_square(pos, !winner)];
	bitboard army = pos->by_color[winner] & ~pos->by_type[PAWN] & ~pos->by_type[KING];
	bitboard checkers = 0, targets = 0;

	if ((fb->walker_reach[winner] & haven) && !pawn_checks_answered(pos, fb, winner, haven))
		return 0;
	if (fb->kept_off[winner] && uncovered_mate_possible(pos, fb, winner))
		return 0;
	while (army) {
		int sq = pop_lsb(&army);
		if (fb->reach[sq] & haven) {
			checkers |= BIT(sq);
			targets |= fb->reach[sq] & haven;
		}
	}
	if (!checkers)
		return 1;
	if ((checkers & ~pos->by_type[BISHOP]) || !one_square_colour(checkers))
		return 0;
	while (targets)
		if (!bishops_never_mate_on(pos, fb, winner, pop_lsb(&targets)))
			return 0;
	return 1;
}

/*
 * Is the position plainly open for `winner`: a queen, rook or knight of its
 * own, or bishops on both colours, that can reach the loser king's region
 * around the units that never move, or a pawn with nothing that never moves
 * ahead of it?  Then the searches of can_win_on_time() are not worth their
 * cost (a helpmate is all but certain, and no search could prove the
 * contrary: a free piece beside a free king makes the positions reachable
 * far too many to visit; a piece boxed in on fewer than OPEN_PIECE_SQUARES
 * squares is not free).  A heuristic, not a proof: it only decides what is
 * searched, never what is said.
 */

/* The fewest squares a piece must be able to stand on to be free, for
 * plainly_open(). */
#define OPEN_PIECE_SQUARES 6

int plainly_open(const struct position *pos, enum color winner)
{
	struct frozen_board fb;
	bitboard army = pos->by_color[winner] & ~pos->by_type[KING];
	bitboard haven, colours = 0;
	int loser_king = position_king_square(pos, !winner);

	stuck_units(pos, 0, &fb.stuck, &fb.walled, &fb.shut);
	fb.still = fb.stuck | fb.walled | fb.shut | pos->by_type[PAWN];
	fb.guarded[winner] = pawn_attack_set(pos->by_type[PAWN] & pos->by_color[winner] & fb.stuck, winner);
	fb.kept_off[WHITE] = fb.kept_off[BLACK] = 0;
	flood(pos, &fb, loser_king);
	haven = fb.region[loser_king];
	fb.still |= pos->by_type[KING];
	while (army) {
		int sq = pop_lsb(&army), type = PIECE_TYPE(pos->board[sq]);
		if (BIT(sq) & (fb.stuck | fb.shut))
			continue;
		if (type == PAWN) {
			if (pawn_path(BIT(sq), winner, position_occupied(pos)) & (RANK_BB(0) | RANK_BB(7)))
				return 1;
			continue;
		}
		flood(pos, &fb, sq);
		/* A piece boxed in on a few squares multiplies the positions
		 * by no more than those: no reason not to search. */
		if (!(fb.reach[sq] & haven) || __builtin_popcountll(fb.region[sq]) < OPEN_PIECE_SQUARES)
			continue;
		if (type != BISHOP)
			return 1;
		colours |= (BIT(sq) & DARK_SQUARES) ? 1 : 2;
		if (colours == 3)
			return 1;
	}
	return 0;
}

int mate_impossible_in_blocked_structure(const struct position *pos, enum color winner)
{
	struct frozen_board fb;

	return pos->by_type[PAWN] && freeze(pos, &fb) && frozen_cannot_mate(pos, &fb, winner);
}

/* How deep and how wide the forced-line proof looks. */
#define FORCED_LINE_DEPTH FORCED_LINE_PLIES
#define FORCED_LINE_NODES 2000L

/* The proofs from the cheapest to the dearest.  The material proof holds
 * even where the game is over; the others need to know that the side to
 * move is not mated, hence the moves first. */
enum mate_ability mate_by_proofs(const struct position *pos, enum color winner, struct helpmate *line)
{
	struct move_list list;

	if (line) {
		line->length = 0;
		line->nodes = 0;
	}
	if (mate_impossible_by_material(pos, winner))
		return MATE_IMPOSSIBLE;
	/* A position no legal move makes, where a move could take a king:
	 * the proofs and searches below say nothing of one. */
	if (mover_in_check(pos))
		return MATE_UNKNOWN;
	generate_legal(pos, &list);
	if (list.count == 0)
		return in_check(pos) && pos->side_to_move != winner ? MATE_POSSIBLE : MATE_IMPOSSIBLE;
	if (mate_impossible_in_blocked_structure(pos, winner))
		return MATE_IMPOSSIBLE;
	return helpmate_proof(pos, winner, FORCED_LINE_DEPTH, FORCED_LINE_NODES, line);
}

enum mate_ability can_checkmate_within(const struct position *pos, enum color winner, long node_budget,
				       struct helpmate *line)
{
	enum mate_ability answer = mate_by_proofs(pos, winner, line);
	if (answer != MATE_UNKNOWN || node_budget <= 0 || mover_in_check(pos))
		return answer;
	return helpmate_search(pos, winner, node_budget, line);
}

enum mate_ability can_win_on_time(const struct position *pos, enum color winner)
{
	struct position forced[2];
	struct move_list list;

	/* A move the side to move must make is no choice: winner can mate
	 * from pos exactly when it can after the move (pos is not mate, a
	 * move is legal).  Followed a few at most: a longer forced line is a
	 * cycle, or the proofs' to close. */
	for (int i = 0; i < FORCED_MOVES && !mover_in_check(pos); i++) {
		generate_legal(pos, &list);
		if (list.count != 1)
			break;
		forced[i % 2] = *pos;
		make_move(&forced[i % 2], list.moves[0]);
		pos = &forced[i % 2];
	}
	enum mate_ability answer = mate_by_proofs(pos, winner, NULL);

	if (answer != MATE_UNKNOWN || mover_in_check(pos) || plainly_open(pos, winner))
		return answer;
	answer = helpmate_search(pos, winner, TIMEOUT_HELPMATE_BUDGET, NULL);
	if (answer != MATE_UNKNOWN)
		return answer;
	return mate_closure(pos, winner, CLOSURE_NODE_BUDGET, NULL);
}

enum mate_ability can_checkmate(const struct position *pos, enum color winner)
{
	return can_checkmate_within(pos, winner, HELPMATE_NODE_BUDGET, NULL);
}

static int forced_line_closes(const struct position *pos, enum color winner)
{
	return helpmate_proof(pos, winner, FORCED_LINE_DEPTH, FORCED_LINE_NODES, NULL) == MATE_IMPOSSIBLE;
}

/* Both sides' proofs, the board flooded only once, and which of them made
 * the position dead.  A stalemate is dead (no mate can follow); a
 * checkmate is not (a side has mated). */
enum dead_reason dead_position_reason(const struct position *pos)
{
	struct move_list list;
	struct frozen_board fb;
	int white = mate_impossible_by_material(pos, WHITE);
	int black = mate_impossible_by_material(pos, BLACK);

	if (white && black)
		return DEAD_MATERIAL;
	if (mover_in_check(pos))
		return DEAD_NOT;
	generate_legal(pos, &list);
	if (list.count == 0 && in_check(pos))
		return DEAD_NOT;
	if (pos->by_type[PAWN] && freeze(pos, &fb)) {
		white = white || frozen_cannot_mate(pos, &fb, WHITE);
		black = black || frozen_cannot_mate(pos, &fb, BLACK);
	}
	if (white && black)
		return DEAD_BLOCKED;
	if (list.count == 0)
		return DEAD_FORCED;
	return (white || forced_line_closes(pos, WHITE)) && (black || forced_line_closes(pos, BLACK)) ? DEAD_FORCED
												     : DEAD_NOT;
}

int is_dead_position(const struct position *pos)
{
	return dead_position_reason(pos) != DEAD_NOT;
}
