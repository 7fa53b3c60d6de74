/*
 * position.c - the starting position and questions about a position.
 *
 * The starting position is read from its FEN rather than built by hand, so
 * there is one way to set up a board and fen_parse() is exercised by every
 * game.
 */
#include <stdlib.h>

#include "validator/movegen.h"
#include "validator/position.h"

void position_startpos(struct position *pos)
{
	static const char startpos_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	char err[100];

	if (fen_parse(pos, startpos_fen, 0, err, sizeof err) != 0)
		abort(); /* cannot happen: the FEN above is valid */
}

int in_check(const struct position *pos)
{
	int us = pos->side_to_move;

	return attackers_to(pos, position_king_square(pos, us), (enum color)!us, position_occupied(pos)) != 0;
}
