/*
 * position.c - the starting position and questions about a position.
 *
 * The starting position is read from its FEN rather than built by hand, so
 * there is one way to set up a board; it is read once and copied for every
 * game (reading it per game cost 5,000 instructions a game).
 */
#include <pthread.h>
#include <stdlib.h>

#include "validator/chess/movegen.h"
#include "validator/chess/position.h"

static struct position startpos;
static pthread_once_t startpos_once = PTHREAD_ONCE_INIT;

static void read_startpos(void)
{
	static const char startpos_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	char err[100];

	if (fen_parse(&startpos, startpos_fen, 0, err, sizeof err) != 0)
		abort(); /* a broken build: the FEN above is valid (checked in every build, once) */
}

void position_startpos(struct position *pos)
{
	pthread_once(&startpos_once, read_startpos);
	*pos = startpos;
}

int in_check(const struct position *pos)
{
	int us = pos->side_to_move;

	return attackers_to(pos, position_king_square(pos, us), (enum color)!us, position_occupied(pos)) != 0;
}

int mover_in_check(const struct position *pos)
{
	int them = !pos->side_to_move;

	return attackers_to(pos, position_king_square(pos, them), (enum color)!them, position_occupied(pos)) != 0;
}
