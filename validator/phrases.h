/*
 * phrases.h - what a PGN file says about how its game ended.
 *
 * Draw claims, time forfeits and the like are not part of PGN movetext; real
 * files record them in the Termination tag and in comments ("Game drawn by
 * repetition", "{3-fold repetition}", "White wins on time").  phrases.c
 * keeps the one table of phrases that are recognised (case-insensitively),
 * documented and easy to extend.
 */
#ifndef PGNAUDIT_PHRASES_H
#define PGNAUDIT_PHRASES_H

#include <stdint.h>

#include "parser/pgn.h"

enum ending_kind {
	ENDING_THREEFOLD_CLAIM,   /* a draw claimed (or declared) by threefold repetition */
	ENDING_FIFTY_MOVE_CLAIM,  /* a draw claimed (or declared) under the fifty-move rule */
	ENDING_TIME_FORFEIT,      /* a player lost (or won) on time */
	ENDING_KIND_COUNT
};

struct recorded_ending {
	enum ending_kind kind;
	int side;                       /* for a time forfeit: the color that lost on time, or -1 if unsaid */
	const struct pgn_token *comment; /* the comment that says so, or NULL when it is the Termination tag */
	uint32_t line, column;          /* where it is written */
	int ply;                        /* main-line plies played before the comment (0 for the tag) */
	const char *phrase;             /* the table entry that matched */
};

/* Finds what the game's Termination tag and main-line comments say about its
 * ending; returns how many (at most max are written). */
int find_recorded_endings(const struct pgn_game *g, struct recorded_ending *out, int max);

#endif
