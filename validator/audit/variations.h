/*
 * variations.h - replaying the variations of a game, token by token.
 *
 * audit_game() replays the main line only.  A variation is an alternative
 * to the move before it: it starts from the position that move was played
 * from, and a variation inside it from the position before the move it
 * follows there.  A variation_walk keeps, for every depth open, the position
 * its line has reached.  Its user goes through a game's tokens in order and
 * says what it meets - a main-line ply (already replayed: the record), a '('
 * at a depth, a move token inside a variation - and the walk plays the
 * variation moves that are legal.  From the first one that is not, or
 * cannot be read, the rest of that variation and the variations inside it
 * are not played (variation_line_playable() says so); the line outside goes
 * on.  Moves are read in the main line's notation (lang.h).
 *
 * `fix` writes variation moves in canonical SAN this way
 * (reports/pgn_export.h); a command that lists or checks variations can
 * walk them the same way.
 */
#ifndef PGNAUDIT_VARIATIONS_H
#define PGNAUDIT_VARIATIONS_H

#include "parser/pgn.h"
#include "parser/san.h"
#include "validator/chess/position.h"

/* The replay of one line of play: the main line (depth 0) or the variation
 * open at a depth. */
struct variation_line {
	int playable;                  /* every move so far replayed */
	int has_move;                  /* a move was played on this line */
	struct position current;       /* the position reached (variations) */
	struct position before;        /* the position before its last move (variations) */
	const struct position *branch; /* where a variation of the last move starts */
};

/* About 100 KB: one per command, reused from game to game. */
struct variation_walk {
	struct variation_line lines[PGN_MAX_DEPTH + 1];
	int reading;                   /* enum lang: the notation the moves are read in */
};

/* A variation move token, as variation_walk_move() found it. */
enum variation_step {
	VARIATION_PLAYED,     /* legal: *played says what it was */
	VARIATION_SKIPPED,    /* a lone "e.p." after a capture: part of the move before */
	VARIATION_NOT_PLAYED, /* the line is no longer played: write the token as it stands */
};

struct variation_move {
	move move;
	const struct position *before; /* valid until the next step of the walk */
	struct san san;                /* the token, parsed */
};

/* The main line before its first move: playable, no move yet; the
 * variations' moves read in `reading` (enum lang, lang.h), the one the main
 * line was read in, as check reads them (check_variations.c). */
void variation_walk_begin(struct variation_walk *w, int reading);

/* A main-line ply, played from `before` (which stays valid while the walk
 * is used, such as record_position()): a variation after it starts there. */
void variation_walk_main_move(struct variation_walk *w, const struct position *before);

/* A '(' opening a variation at depth (1 and up) after the last move of the
 * line at depth - 1.  It is played when that line is and has a move. */
void variation_walk_open(struct variation_walk *w, int depth);

/* Whether the line at depth has been played move by move so far. */
int variation_line_playable(const struct variation_walk *w, int depth);

/* A move token t of g inside a variation (t->depth > 0). */
enum variation_step variation_walk_move(struct variation_walk *w, const struct pgn_game *g,
					 const struct pgn_token *t, struct variation_move *played);

#endif
