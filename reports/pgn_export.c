/*
 * pgn_export.c - games out in PGN export format (pgn_export.h): tag pairs in
 * export order, movetext wrapped under 80 columns.
 */
#include <stdlib.h>
#include <string.h>

#include "reports/pgn_export.h"
#include "validator/audit/recover.h"
#include "validator/audit/variations.h"
#include "validator/chess/notation.h"

/* PGN 8.2.1: export format lines are shorter than 80 columns. */
#define LINE_MAX_COLUMNS 79

/* What the writer keeps of a line of play (the main line, depth 0, or the
 * variation open at a depth) besides its replay (variations.h). */
struct export_line {
	int need_number;                /* a Black move here needs "N..." */
	const struct pgn_token *number; /* a move number not written yet */
};

struct pgn_export {
	struct variation_walk walk;
	struct export_line lines[PGN_MAX_DEPTH + 1];
};

struct pgn_export *pgn_export_new(void)
{
	return calloc(1, sizeof(struct pgn_export));
}

void pgn_export_free(struct pgn_export *x)
{
	free(x);
}

/* Movetext out, wrapped at LINE_MAX_COLUMNS where a space would go. */
struct movetext {
	FILE *fp;
	long column;
	int opens; /* '(' not yet written: they go right before the next word */
};

static void put_word(struct movetext *m, const char *pre, const char *text, size_t n, const char *post,
		     int reserve)
{
	const char *newline = memchr(text, '\n', n);
	size_t width = strlen(pre) + (newline ? (size_t)(newline - text) : n + strlen(post) + (size_t)reserve);
	if (m->column > 0) {
		if (m->column + 1 + m->opens + (long)width > LINE_MAX_COLUMNS) {
			putc('\n', m->fp);
			m->column = 0;
		} else {
			putc(' ', m->fp);
			m->column++;
		}
	}
	for (; m->opens > 0; m->opens--, m->column++)
		putc('(', m->fp);
	fputs(pre, m->fp);
	(void)fwrite(text, 1, n, m->fp);
	fputs(post, m->fp);
	const char *last = NULL;
	for (const char *p = text; (p = memchr(p, '\n', n - (size_t)(p - text))) != NULL; p++)
		last = p;
	if (last)
		m->column = (long)(text + n - last - 1) + (long)strlen(post);
	else
		m->column += (long)(strlen(pre) + n + strlen(post));
}

static void put_text(struct movetext *m, const char *text, int reserve)
{
	put_word(m, "", text, strlen(text), "", reserve);
}

static void put_close(struct movetext *m)
{
	if (m->opens > 0)
		put_word(m, "", "", 0, "", 1);
	putc(')', m->fp);
	m->column++;
}

/* Brace comment text, wrapped: a space in it becomes a line end where the
 * next word would reach column 80; its own line ends stay.  So only blanks
 * change, and fixing the output again changes nothing. */
static void put_wrapped(struct movetext *m, const char *text, size_t n, int reserve)
{
	size_t word = 0;
	while (word < n && text[word] != ' ' && text[word] != '\n')
		word++;
	/* The closing brace and the ')' after it go with the last word. */
	put_word(m, "{", text, word, "", word == n ? 1 + reserve : 0);
	for (size_t i = word; i < n; i = word) {
		char blank = text[i++];
		for (word = i; word < n && text[word] != ' ' && text[word] != '\n'; word++)
			continue;
		long width = (long)(word - i) + (word == n ? 1 + reserve : 0);
		if (blank == '\n' || (m->column > 0 && m->column + 1 + width > LINE_MAX_COLUMNS)) {
			putc('\n', m->fp);
			m->column = 0;
		} else {
			putc(' ', m->fp);
			m->column++;
		}
		(void)fwrite(text + i, 1, word - i, m->fp);
		m->column += (long)(word - i);
	}
	putc('}', m->fp);
	m->column++;
}

/* A note of pgnaudit's, "{pgnaudit: ...}", wrapped as a comment is, so
 * that fixing the output again (which reads it as a comment) writes it
 * the same. */
static void put_note(struct movetext *m, const char *note)
{
	char text[256];
	int n = snprintf(text, sizeof text, "pgnaudit: %s", note);
	put_wrapped(m, text, n < 0 ? 0 : (size_t)n < sizeof text ? (size_t)n : sizeof text - 1, 0);
}

/* A comment as export format writes it, in braces - unless its text holds a
 * '}' (a `;` comment can), which only a rest-of-line comment can carry. */
static void put_comment(struct movetext *m, const struct pgn_game *g, const struct pgn_token *t, int reserve)
{
	const char *text = pgn_token_text(g, t);
	if (!memchr(text, '}', t->length)) {
		put_wrapped(m, text, t->length, reserve);
		return;
	}
	put_word(m, ";", text, t->length, "", 0);
	putc('\n', m->fp);
	m->column = 0;
}

/* The NAG of a traditional suffix annotation (PGN 8.2.4), 0 if none. */
static int glyph_nag(const char *glyph)
{
	static const char *const glyphs[] = { "", "!", "?", "!!", "??", "!?", "?!" };
	for (int i = 1; i < 7; i++)
		if (strcmp(glyph, glyphs[i]) == 0)
			return i;
	return 0;
}

static void put_nag(struct movetext *m, int nag, int reserve)
{
	char buf[16];
	snprintf(buf, sizeof buf, "$%d", nag);
	put_text(m, buf, reserve);
}

/* How many ')' follow token i at once: they are glued to what it writes.
 * Counted up to a line's width, which is all wrapping needs, so that a long
 * run of them costs no more than a line each. */
static int closes_after(const struct pgn_game *g, int i)
{
	int n = 0;
	while (n < LINE_MAX_COLUMNS && i + 1 + n < g->token_count && g->tokens[i + 1 + n].type == TOKEN_VARIATION_END)
		n++;
	return n;
}

/* "12." before White's move; "12..." before Black's where something came
 * between it and White's move (PGN 8.2.2.2).  The number and the move are
 * one word for wrapping: a line never ends between them. */
static void put_move(struct movetext *m, struct export_line *line, const struct position *before, move mv,
		     const char *glyph, int reserve)
{
	char number[24] = "", san[SAN_MAX];
	if (before->side_to_move == WHITE || line->need_number)
		snprintf(number, sizeof number, "%d%s ", before->fullmove_number,
			 before->side_to_move == WHITE ? "." : "...");
	int nag = glyph_nag(glyph);
	move_to_san(before, mv, san);
	put_word(m, number, san, strlen(san), "", nag ? 0 : reserve);
	if (nag)
		put_nag(m, nag, reserve);
	line->need_number = 0;
	line->number = NULL;
}



/* A move number of a line no longer replayed goes out as written, before
 * the token after it (glued to it when that is the move). */
static void flush_number(struct movetext *m, const struct pgn_game *g, struct export_line *line, int playable)
{
	if (line->number && !playable)
		put_word(m, "", pgn_token_text(g, line->number), line->number->length, "", 0);
	if (!playable)
		line->number = NULL;
}

/* A variation move: canonical when it replays, else as written from here on. */
static void put_variation_move(struct pgn_export *x, struct movetext *m, const struct pgn_game *g,
			       const struct pgn_token *t, int reserve)
{
	struct export_line *line = &x->lines[t->depth];
	struct variation_move played;
	switch (variation_walk_move(&x->walk, g, t, &played)) {
	case VARIATION_PLAYED:
		put_move(m, line, played.before, played.move, played.san.glyph, reserve);
		return;
	case VARIATION_SKIPPED:
		return;
	default: /* VARIATION_NOT_PLAYED */
		break;
	}
	char number[64] = "";
	if (line->number && line->number->length < sizeof number - 1)
		snprintf(number, sizeof number, "%s ", pgn_token_text(g, line->number));
	else
		flush_number(m, g, line, 0);
	line->number = NULL;
	put_word(m, number, pgn_token_text(g, t), t->length, "", reserve);
}

/* A move number: the one to write before a move of a line that is played is
 * regenerated; a line not played writes its own (flush_number). */
static void flush_line_number(struct pgn_export *x, struct movetext *m, const struct pgn_game *g, int depth)
{
	flush_number(m, g, &x->lines[depth], variation_line_playable(&x->walk, depth));
}

static void open_variation(struct pgn_export *x, int depth)
{
	variation_walk_open(&x->walk, depth);
	x->lines[depth].need_number = 1;
	x->lines[depth].number = NULL;
}

/* The main-line plies read up to token i (the index of t).  Usually one,
 * the token's own; none for a lone e.p. or a move number written in
 * Arabic digits (a symbol the reading skips); under --recover also a ply
 * not recorded (read at the move after it) and two plies in the order they
 * were played, not written.  *ply is the next ply to write. */
static void put_main_plies(struct pgn_export *x, struct movetext *m, const struct game_record *rec,
			   const int *ply_token, int i, int *ply, int reserve)
{
	struct export_line *line = &x->lines[0];
	while (*ply < rec->count && ply_token[*ply] <= i) {
		const struct ply_record *p = &rec->plies[*ply];
		const struct position *before = record_position(rec, *ply);
		variation_walk_main_move(&x->walk, before);
		put_move(m, line, before, p->move, p->san.glyph, reserve);
		++*ply;
		if (p->repair != REPAIR_NONE) {
			char note[192];
			record_repair_note(rec, *ply, note, sizeof note);
			put_note(m, note);
			line->need_number = 1;
		}
	}
}

/* The note for the moves of an electronic board's signal of the result,
 * left out of the main line: the last rec->board_signal moves written. */
static void board_signal_note(const struct pgn_game *g, const struct game_record *rec, char *note, size_t len)
{
	char moves[64] = "";
	int left = rec->board_signal;
	for (int i = g->token_count; i-- > 0 && left > 0;) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->type != TOKEN_SYMBOL || t->depth != 0)
			continue;
		char was[64];
		memcpy(was, moves, sizeof was);
		int n = t->length > 16 ? 16 : (int)t->length;
		snprintf(moves, sizeof moves, "%.*s%s%.24s", n, pgn_token_text(g, t), was[0] ? " " : "", was);
		left--;
	}
	snprintf(note, len, "%s left out: a DGT board's signal of the result",
		 moves);
}

void pgn_export_movetext(struct pgn_export *x, FILE *out, const struct pgn_game *g, const struct game_record *rec,
			 const int *ply_token, const char *result)
{
	struct movetext m = { out, 0, 0 };
	int ply = 0, signal_noted = 0;
	variation_walk_begin(&x->walk, rec->reading);
	x->lines[0].need_number = 1;
	x->lines[0].number = NULL;
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		struct export_line *line = &x->lines[t->depth];
		int reserve = t->type == TOKEN_VARIATION_END ? 0 : closes_after(g, i);
		switch (t->type) {
		case TOKEN_VARIATION_START:
			if (t->depth > 0) {
				flush_line_number(x, &m, g, t->depth - 1);
				open_variation(x, t->depth);
			}
			m.opens++;
			break;
		case TOKEN_VARIATION_END:
			flush_line_number(x, &m, g, t->depth);
			put_close(&m);
			if (t->depth > 0)
				x->lines[t->depth - 1].need_number = 1;
			break;
		case TOKEN_MOVE_NUMBER:
			flush_line_number(x, &m, g, t->depth);
			line->number = t;
			break;
		case TOKEN_SYMBOL:
			if (t->depth > 0)
				put_variation_move(x, &m, g, t, reserve);
			else if (ply == rec->count && rec->board_signal && !signal_noted) {
				/* the kings' signal of the result (audit.c), left out */
				char note[160];
				board_signal_note(g, rec, note, sizeof note);
				put_note(&m, note);
				signal_noted = 1;
			} else
				put_main_plies(x, &m, rec, ply_token, i, &ply, reserve);
			break;
		case TOKEN_NAG:
			flush_line_number(x, &m, g, t->depth);
			put_nag(&m, t->number, reserve);
			break;
		case TOKEN_GLYPH: {
			flush_line_number(x, &m, g, t->depth);
			/* An annotation sign (`+=`, `N`) carries its NAG. */
			int nag = t->number > 0 ? t->number : glyph_nag(pgn_token_text(g, t));
			if (nag)
				put_nag(&m, nag, reserve);
			else
				put_word(&m, "", pgn_token_text(g, t), t->length, "", reserve);
			break;
		}
		case TOKEN_COMMENT:
			flush_line_number(x, &m, g, t->depth);
			put_comment(&m, g, t, reserve);
			line->need_number = 1;
			break;
		default: /* the result: written last, as decided */
			break;
		}
	}
	put_text(&m, result, 0);
	putc('\n', out);
}

static void put_tag(FILE *out, const char *name, const char *value, size_t n)
{
	fprintf(out, "[%s \"", name);
	for (size_t i = 0; i < n; i++) {
		if (value[i] == '"' || value[i] == '\\')
			putc('\\', out);
		putc(value[i], out);
	}
	fputs("\"]\n", out);
}

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
/* PGN 8.1.1: the values that stand for "unknown". */
static const char *const roster_unknown[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

static int roster_index(const char *name)
{
	for (int i = 0; i < 7; i++)
		if (strcmp(name, roster[i]) == 0)
			return i;
	return -1;
}

/* The Seven Tag Roster in its order (absent tags with their unknown value),
 * then the other tags in their order.  A roster tag given twice keeps its
 * first value in the roster and the others among the rest, except Result,
 * which is written once.  PlyCount, when present, is set right. */
/* Tag i's value, or the one given for it instead. */
static void put_value(FILE *out, const char *name, const struct pgn_game *g, int i, const char *const *values)
{
	if (values && values[i])
		put_tag(out, name, values[i], strlen(values[i]));
	else
		put_tag(out, name, g->arena + g->tags[i].value, g->tags[i].value_length);
}

void pgn_export_tags(FILE *out, const struct pgn_game *g, const char *result, int plies, const char *const *values,
		     int add_setup)
{
	int first[7];
	for (int i = 0; i < 7; i++)
		first[i] = -1;
	for (int i = 0; i < g->tag_count; i++) {
		int r = roster_index(g->arena + g->tags[i].name);
		if (r >= 0 && first[r] < 0)
			first[r] = i;
	}
	for (int r = 0; r < 7; r++) {
		if (r == 6)
			put_tag(out, roster[r], result, strlen(result));
		else if (first[r] >= 0)
			put_value(out, roster[r], g, first[r], values);
		else
			put_tag(out, roster[r], roster_unknown[r], strlen(roster_unknown[r]));
	}
	char count[16];
	snprintf(count, sizeof count, "%d", plies);
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name;
		int r = roster_index(name);
		if (r == 6 || (r >= 0 && first[r] == i))
			continue;
		if (strcmp(name, "PlyCount") == 0) {
			put_tag(out, name, count, strlen(count));
			continue;
		}
		if (add_setup && strcmp(name, "FEN") == 0) {
			put_tag(out, "SetUp", "1", 1);
			add_setup = 0;
		}
		put_value(out, name, g, i, values);
	}
}

