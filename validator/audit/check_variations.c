/*
 * check_variations.c - every variation of a game replayed, and its moves
 * checked as the main line's are (passes.h).
 *
 * A variation (RAV, PGN 8.2.5) is an alternative to the move before it:
 * it starts from the position that move was played from, and a variation
 * inside it from the position before the move it follows there.  The
 * tokens come in file order, so one line of play is open at each depth:
 * `lines[d]` is the line at depth d (0 the main line, whose positions are
 * the record's).  A '(' at depth d opens lines[d] from the position before
 * the last move of lines[d - 1]; its moves are read in the reading the
 * main line was read in, and played.
 *
 * An annotator's illegal move does not change the game: illegal-move,
 * ambiguous-move and syntax come as warnings here, and each stops its own
 * variation (and those inside it); the main line and the other variations
 * go on.  The notation checks run on every move played.  Claims, results
 * and automatic draws are the main line's alone.
 *
 * A null move (`--`, or ChessBase's `Z0`), which annotators write in
 * variations to show a threat, passes the turn.  Variations deeper than
 * VARIATION_PATH_MAX are not replayed: one info finding says so.  The
 * walk is a fixed array in the auditor, whatever the number of variations.
 */
#include <stdio.h>
#include <string.h>

#include "validator/audit/audit.h"
#include "validator/audit/passes.h"
#include "validator/chess/movegen.h"

/* A first move's label: "12... Nf6" as written. */
#define LABEL_MAX 48

static const char *const then_text = "the rest of this variation is not replayed";

struct line {
	int playable;            /* every move so far replayed */
	int has_move;
	int ply;                 /* the ply of its last move, from the game's start along it */
	struct position current; /* variations: the position reached */
	struct position before;  /* variations: the position before their last move */
	const struct position *branch; /* where a variation of its last move starts */
	const struct pgn_token *first; /* variations: their first move, */
	int first_number, first_side;  /* and the move number and side of its position */
	int stopped_at;          /* the main line: at the move its replay stopped at */
	int check;               /* variations: the side to move in `current` is in check (1, 0), or -1: not known */
};

struct walk {
	const struct game_record *rec;
	struct line lines[VARIATION_PATH_MAX + 1];
	uint32_t path[VARIATION_PATH_MAX];  /* path[d - 1]: the ply the variation at depth d replaces */
};

/* A move as the reader finds it in the file: with the move number written
 * just before it ("3... g6"), or the one its position has ("4. Qf3"). */
static void label(const struct pgn_game *g, const struct pgn_token *t, int fullmove, int side, char *buf, size_t len)
{
	const char *text = pgn_token_text(g, t);
	const struct pgn_token *number = t > g->tokens && t[-1].type == TOKEN_MOVE_NUMBER ? &t[-1] : NULL;
	if (number)
		snprintf(buf, len, "%.12s%s %.32s", pgn_token_text(g, number),
			 number->length && pgn_token_text(g, number)[number->length - 1] == '.' ? "" : ".", text);
	else
		snprintf(buf, len, "%d%s %.32s", fullmove, side == WHITE ? "." : "...", text);
}

/* "in the variation 12... Nf6 (13. e5 ...)" for the variation at depth;
 * `current` names its first move when it has none yet. */
static void describe(const void *walk, int depth, const char *current, char *buf, size_t len)
{
	const struct walk *w = walk;
	size_t used = (size_t)snprintf(buf, len, "in the variation ");
	for (int d = 1; d <= depth && used < len; d++) {
		const struct line *line = &w->lines[d];
		char first[LABEL_MAX];
		if (line->has_move)
			label(w->rec->game, line->first, line->first_number, line->first_side, first, sizeof first);
		used += (size_t)snprintf(buf + used, len - used, "%s%s", d > 1 ? " (" : "",
					 line->has_move ? first : current);
	}
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, " ...");
	for (int d = 2; d <= depth && used < len; d++)
		used += (size_t)snprintf(buf + used, len - used, ")");
}

void variation_finding(struct finding *f, const struct variation_site *site, enum severity severity)
{
	char message[sizeof f->message], where[256];
	snprintf(message, sizeof message, "%s", f->message);
	site->describe(site->walk, site->depth, site->current, where, sizeof where);
	/* Cut to fit, the path first: the message is the finding. */
	snprintf(f->message, sizeof f->message, "%.120s: %.195s", where, message);
	f->severity = severity;
	f->variation_depth = site->depth;
	memcpy(f->variation, site->path, (size_t)site->depth * sizeof *site->path);
}

static void open_line(struct walk *w, int depth)
{
	struct line *line = &w->lines[depth];
	const struct line *parent = &w->lines[depth - 1];
	line->playable = parent->playable && parent->has_move;
	line->has_move = 0;
	line->ply = parent->ply - 1;
	w->path[depth - 1] = (uint32_t)parent->ply;
	if (line->playable)
		line->current = *parent->branch;
	line->check = -1;
}

/* Passes the turn (a null move): the position otherwise as it was. */
static void pass_turn(struct position *pos)
{
	if (pos->side_to_move == BLACK)
		pos->fullmove_number++;
	pos->side_to_move = (uint8_t)!pos->side_to_move;
	pos->ep_square = SQUARE_NONE;
	pos->ep_keyed = 0;
	pos->halfmove_clock++;
	pos->key = position_key(pos);
}

static int is_null_move(const char *text, size_t len)
{
	return (len == 2 && (memcmp(text, "--", 2) == 0 || memcmp(text, "Z0", 2) == 0));
}

static void emit(void (*cb)(void *, const struct replay_step *), void *ctx, const struct walk *w, int depth,
		 const struct pgn_token *t, move m)
{
	const struct line *line = &w->lines[depth];
	struct replay_step step = { line->ply, t, m, &line->before, &line->current, 0, depth, w->path };
	cb(ctx, &step);
}

/* A move token at depth (1 to VARIATION_PATH_MAX). */
static void variation_move(struct walk *w, int depth, const struct pgn_token *t,
			   void (*cb)(void *, const struct replay_step *), void *ctx, struct finding_list *out)
{
	const struct game_record *rec = w->rec;
	const struct pgn_game *g = rec->game;
	struct line *line = &w->lines[depth];
	if (!line->playable)
		return;
	const char *text = pgn_token_text(g, t);
	size_t len = t->length;
	if (len == 4 && memcmp(text, "e.p.", 4) == 0)
		return;   /* part of the capture before it */
	struct move_reading r;
	int null_move = is_null_move(text, len);
	if (!null_move && lang_read_move_known((enum lang)rec->reading, &line->current, line->check, text, len, &r)
				  != READ_OK) {
		char written[LABEL_MAX];
		label(g, t, line->current.fullmove_number, line->current.side_to_move, written, sizeof written);
		struct variation_site site = { describe, w, written, depth, w->path, line->ply + 1 };
		struct finding *f = report_move_failure(g, t, &line->current, line->ply + 1, &r, then_text, out);
		variation_finding(f, &site, SEVERITY_WARNING);
		line->playable = 0;
		return;
	}
	/* A king left in check - by a null move, or by an illegal move that
	 * stood before the variation - and taken: no position follows. */
	if (!null_move && MOVE_KIND(r.match.move) != MOVE_CASTLE
	    && (line->current.by_type[KING] & BIT(MOVE_TO(r.match.move)))) {
		char written[LABEL_MAX];
		label(g, t, line->current.fullmove_number, line->current.side_to_move, written, sizeof written);
		struct variation_site site = { describe, w, written, depth, w->path, line->ply + 1 };
		struct finding *f = move_finding(out, CHECK_KING_CAPTURED, g, t, &line->current, line->ply + 1);
		f->rule = "FIDE 1.2";
		snprintf(f->message, sizeof f->message, "%s takes the king, which is never captured; %s", written, then_text);
		variation_finding(f, &site, SEVERITY_WARNING);
		line->playable = 0;
		return;
	}
	if (!line->has_move) {
		line->first = t;
		line->first_number = line->current.fullmove_number;
		line->first_side = line->current.side_to_move;
	}
	line->before = line->current;
	line->branch = &line->before;
	line->has_move = 1;
	line->ply++;
	move m = MOVE_NONE;
	if (null_move) {
		pass_turn(&line->current);
		line->check = -1;
	} else {
		m = r.match.move;
		make_move(&line->current, m);
		line->check = in_check(&line->current);
		struct variation_site site = { describe, w, NULL, depth, w->path, line->ply };
		check_variation_notation(rec, t, &r.san, &line->before, &line->current, m, line->check, &site, out);
	}
	if (cb)
		emit(cb, ctx, w, depth, t, m);
}

/* Whether g has a variation at all: a game without costs one look at each
 * token. */
static int has_variation(const struct pgn_game *g)
{
	for (int i = 0; i < g->token_count; i++)
		if (g->tokens[i].type == TOKEN_VARIATION_START)
			return 1;
	return 0;
}

void check_variations(const struct game_record *rec, void (*cb)(void *ctx, const struct replay_step *step), void *ctx,
		      struct finding_list *out)
{
	const struct pgn_game *g = rec->game;
	if (!has_variation(g))
		return;
	/* About 15 KB: on the stack of the audit, as the passes' state is. */
	static _Thread_local struct walk w;
	w.rec = rec;
	int deep_noted = 0;   /* the finding for a variation too deep is made */
	struct line *main_line = &w.lines[0];
	main_line->playable = 1;
	main_line->has_move = 0;
	main_line->ply = 0;
	main_line->stopped_at = 0;
	int next = 0;   /* the record's plies matched to tokens so far */
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		/* Variations after the termination marker (a finding of the
		 * reader's) branch from no move of the game: not replayed. */
		if (i + 1 == g->analysis_after)
			break;
		if (t->type == TOKEN_VARIATION_START) {
			if (t->depth <= VARIATION_PATH_MAX) {
				open_line(&w, t->depth);
			} else if (!deep_noted && w.lines[VARIATION_PATH_MAX].playable) {
				struct finding *f = finding_add(out, CHECK_SYNTAX);
				f->severity = SEVERITY_INFO;
				f->line = t->line;
				f->column = t->column;
				f->rule = "PGN 8.2.5";
				snprintf(f->message, sizeof f->message,
					 "a variation nested more than %d deep: it and those inside it are not replayed",
					 VARIATION_PATH_MAX);
				deep_noted = 1;
			}
			continue;
		}
		if (t->type != TOKEN_SYMBOL)
			continue;
		if (t->depth == 0) {
			/* The main line: its plies are the record's, as far as
			 * it was replayed (with --recover, a ply not written
			 * shares the token of the move after it). */
			int matched = 0;
			while (next < rec->count && rec->plies[next].token == t) {
				main_line->branch = record_position(rec, next);
				main_line->ply = ++next;
				matched = 1;
			}
			if (matched) {
				main_line->has_move = 1;
			} else if (main_line->playable && !(t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0)) {
				/* The move the replay stopped at: a variation
				 * after it replaces it, from the position before;
				 * the main line is not followed further. */
				if (next == rec->count && main_line->ply == rec->count && !main_line->stopped_at) {
					main_line->branch = record_position(rec, rec->count);
					main_line->ply = rec->count + 1;
					main_line->has_move = 1;
					main_line->stopped_at = 1;
				} else {
					main_line->playable = 0;
				}
			}
			continue;
		}
		if (t->depth <= VARIATION_PATH_MAX)
			variation_move(&w, t->depth, t, cb, ctx, out);
	}
}
