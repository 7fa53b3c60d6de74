/*
 * move.c - what a move means beyond its bits: castling squares and UCI.
 *
 * A castling move is stored as "king takes own rook" so that Chess960 and
 * standard chess share one encoding; the squares the king and rook end on
 * follow from which side of the king the rook stands.  UCI writes standard
 * castling as the king's two-square step (e1g1) but Chess960 castling as the
 * king-takes-rook move itself (e1h1), since in Chess960 the king may move
 * only one square, or none.
 */
#include "validator/chess/position.h"

static int castles_kingside(move m)
{
	return FILE_OF(MOVE_TO(m)) > FILE_OF(MOVE_FROM(m));
}

int castle_king_to(move m)
{
	return SQUARE(castles_kingside(m) ? 6 : 2, RANK_OF(MOVE_FROM(m)));
}

int castle_rook_to(move m)
{
	return SQUARE(castles_kingside(m) ? 5 : 3, RANK_OF(MOVE_FROM(m)));
}

static void write_square(int sq, char *buf)
{
	buf[0] = (char)('a' + FILE_OF(sq));
	buf[1] = (char)('1' + RANK_OF(sq));
}

void move_to_uci(const struct position *pos, move m, char *buf)
{
	static const char promo_letter[PIECE_TYPE_NB] = { 0, 'n', 'b', 'r', 'q', 0 };
	int to = MOVE_TO(m);
	int len = 4;

	if (m == MOVE_NONE) {
		buf[0] = buf[1] = buf[2] = buf[3] = '0';
		buf[4] = '\0';
		return;
	}
	if (MOVE_KIND(m) == MOVE_CASTLE && !pos->chess960)
		to = castle_king_to(m);
	write_square(MOVE_FROM(m), buf);
	write_square(to, buf + 2);
	if (MOVE_KIND(m) == MOVE_PROMOTION)
		buf[len++] = promo_letter[MOVE_PROMO(m)];
	buf[len] = '\0';
}
