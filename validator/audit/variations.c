/*
 * variations.c - the variations of a game replayed as their tokens come
 * (variations.h).
 */
#include <string.h>

#include "validator/audit/lang.h"
#include "validator/audit/variations.h"
#include "validator/chess/notation.h"

void variation_walk_begin(struct variation_walk *w, int reading)
{
	w->reading = reading;
	struct variation_line *main_line = &w->lines[0];
	main_line->playable = 1;
	main_line->has_move = 0;
}

void variation_walk_main_move(struct variation_walk *w, const struct position *before)
{
	w->lines[0].branch = before;
	w->lines[0].has_move = 1;
}

void variation_walk_open(struct variation_walk *w, int depth)
{
	struct variation_line *line = &w->lines[depth];
	const struct variation_line *parent = &w->lines[depth - 1];
	line->playable = depth < PGN_MAX_DEPTH && parent->playable && parent->has_move;
	line->has_move = 0;
	if (line->playable)
		line->current = *parent->branch;
}

int variation_line_playable(const struct variation_walk *w, int depth)
{
	return w->lines[depth].playable;
}

/* A lone `e.p.` after a capture belongs to the capture (the replay skips it). */
static int is_ep_mark(const struct pgn_game *g, const struct pgn_token *t)
{
	return t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0;
}

enum variation_step variation_walk_move(struct variation_walk *w, const struct pgn_game *g,
					 const struct pgn_token *t, struct variation_move *played)
{
	struct variation_line *line = &w->lines[t->depth];
	if (!line->playable)
		return VARIATION_NOT_PLAYED;
	if (is_ep_mark(g, t))
		return VARIATION_SKIPPED;
	struct move_reading r;
	if (lang_read_move((enum lang)w->reading, &line->current, pgn_token_text(g, t), t->length, &r) == READ_OK) {
		line->before = line->current;
		line->branch = &line->before;
		make_move(&line->current, r.match.move);
		line->has_move = 1;
		played->move = r.match.move;
		played->before = &line->before;
		played->san = r.san;
		return VARIATION_PLAYED;
	}
	line->playable = 0;
	return VARIATION_NOT_PLAYED;
}
