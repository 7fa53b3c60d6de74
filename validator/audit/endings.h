/*
 * endings.h - what a PGN file says about how its game ended.
 *
 * Draw claims, time forfeits and the like are not part of PGN movetext; real
 * files record them in the Termination tag and in comments ("Game drawn by
 * repetition", "{3-fold repetition}", "White wins on time").  endings.c
 * keeps the one table of phrases that are recognised (case-insensitively),
 * documented and easy to extend, and the exact policy of where they count:
 * anywhere in the Termination and TerminationDetails tags, but in comments
 * only in the main line's last comments, and there only in a clause that
 * states an outcome (so "avoiding a repetition of moves" is not a claim).
 */
#ifndef PGNAUDIT_ENDINGS_H
#define PGNAUDIT_ENDINGS_H

#include <stdint.h>

#include "parser/pgn.h"

enum ending_kind {
	ENDING_THREEFOLD_CLAIM,   /* a draw claimed (or declared) by threefold repetition */
	ENDING_FIFTY_MOVE_CLAIM,  /* a draw claimed (or declared) under the fifty-move rule */
	ENDING_TIME_FORFEIT,      /* a player lost (or won) on time */
	ENDING_TIMEOUT_DRAW,      /* a flag fell, yet the game is recorded as drawn
				     ("Game drawn by timeout vs insufficient material",
				     lichess' "Time forfeit" with a drawn result): the
				     opponent could not mate (FIDE 6.9); side is -1 */
	ENDING_KIND_COUNT
};

struct recorded_ending {
	enum ending_kind kind;
	int side;                       /* for a time forfeit: the color that lost on time, from the
					   phrase ("White forfeits on time", "<White's name> won on
					   time") or else from the result (1-0: Black); -1 if neither says */
	const struct pgn_token *comment; /* the comment that says so, or NULL when it is a tag */
	const char *tag;                /* the tag's name ("Termination", "TerminationDetails"), or NULL */
	uint32_t line, column;          /* where it is written */
	int ply;                        /* main-line plies played before the comment (0 for the tag) */
	const char *phrase;             /* the table entry that matched */
};

/* Finds what the game's Termination tag and main-line comments say about its
 * ending; writes at most max and returns how many it wrote.  Tags come first,
 * then comments in file order; one tag or comment yields at most one ending
 * of each kind. */
int find_recorded_endings(const struct pgn_game *g, struct recorded_ending *out, int max);

#endif
