/*
 * clocks.c - the "clocks" records of check --clocks: written, read back,
 * and shown by report as a table (text) and as plots (HTML).  The record's
 * members are described in clocks.h and pgnaudit-check(1).
 */
#include "reports/clocks.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"
#include "validator/audit/clocks.h"

static const char *const side_key[2] = { "white", "black" };

/* Milliseconds as seconds, with no more decimals than they need. */
static void put_seconds(struct outbuf *b, int64_t ms)
{
	if (ms < 0) {
		outbuf_puts(b, "-");
		ms = -ms;
	}
	outbuf_put_int(b, ms / 1000);
	int frac = (int)(ms % 1000);
	if (frac) {
		char text[5];
		text[0] = '.';
		text[1] = (char)('0' + frac / 100);
		text[2] = (char)('0' + frac / 10 % 10);
		text[3] = (char)('0' + frac % 10);
		int n = 4;
		while (text[n - 1] == '0')
			n--;
		outbuf_put(b, text, (size_t)n);
	}
}

static void string_field(struct outbuf *b, const char *name, const char *value)
{
	if (!value || !*value)
		return;
	outbuf_printf(b, ",\"%s\":", name);
	jsonl_put_string(b, value);
}

void jsonl_clocks(struct report *r, const struct game_label *g, uint64_t line, const struct clock_series *s)
{
	struct outbuf *b = &r->buf;
	outbuf_puts(b, "{\"record\":\"clocks\",\"file\":");
	jsonl_put_string(b, g->file);
	outbuf_puts(b, ",\"game\":");
	report_game_number(r, g->game);
	outbuf_puts(b, ",\"line\":");
	report_line_number(r, line);
	string_field(b, "white", g->white);
	string_field(b, "black", g->black);
	string_field(b, "event", g->event);
	string_field(b, "round", g->round);
	string_field(b, "date", g->date);
	string_field(b, "time_control", s->time_control);
	if (s->black_first)
		outbuf_puts(b, ",\"first\":\"black\"");
	for (int side = 0; side < 2; side++) {
		if (s->used[side] >= 0) {
			outbuf_printf(b, ",\"%s_used\":", side_key[side]);
			put_seconds(b, s->used[side]);
		}
		if (s->left[side] != -1) {
			outbuf_printf(b, ",\"%s_left\":", side_key[side]);
			put_seconds(b, s->left[side]);
		}
	}
	outbuf_puts(b, ",\"plies\":[");
	for (int i = 0; i < s->count; i++) {
		if (i)
			outbuf_puts(b, ",");
		outbuf_put_int(b, s->ply[i]);
	}
	outbuf_puts(b, "],\"clocks\":[");
	for (int i = 0; i < s->count; i++) {
		if (i)
			outbuf_puts(b, ",");
		put_seconds(b, s->ms[i]);
	}
	outbuf_puts(b, "]}\n");
}

/* ---- reading a record back ---- */

static int text_member(const struct json_member *m, int count, const char *name, const char **out, char *err,
		       size_t errlen)
{
	const struct json_member *v = json_find(m, count, name);
	*out = NULL;
	if (!v)
		return 0;
	if (v->type != JSON_STRING) {
		snprintf(err, errlen, "\"%s\" is not a string", name);
		return -1;
	}
	*out = v->value;
	return 0;
}

/* A time in seconds ("5370.5", "-2") as milliseconds; -1 when it is not one. */
static int seconds_of(const char *s, const char **end, int64_t *ms)
{
	errno = 0;
	char *after;
	double v = strtod(s, &after);
	if (after == s || errno || !(v > -1e9 && v < 1e9))
		return -1;
	*ms = (int64_t)(v * 1000.0 + (v < 0 ? -0.5 : 0.5));
	*end = after;
	return 0;
}

/* A member that is a time in seconds; *ms stays -1 when it is absent. */
static int time_member(const struct json_member *m, int count, const char *name, int64_t *ms, char *err,
		       size_t errlen)
{
	const struct json_member *v = json_find(m, count, name);
	const char *end;
	if (!v)
		return 0;
	if (v->type != JSON_NUMBER || seconds_of(v->value, &end, ms) < 0 || *end) {
		snprintf(err, errlen, "\"%s\" is not a time in seconds", name);
		return -1;
	}
	return 0;
}

int jsonl_read_clocks(const struct json_member *m, int count, struct clock_row *row, int *ply, int64_t *ms,
		      char *err, size_t errlen)
{
	const struct json_member *record = json_find(m, count, "record");
	if (!record || record->type != JSON_STRING || strcmp(record->value, "clocks") != 0)
		return 0;
	memset(row, 0, sizeof *row);
	row->s.ply = ply;
	row->s.ms = ms;
	for (int side = 0; side < 2; side++)
		row->s.used[side] = row->s.left[side] = -1;
	const struct json_member *game = json_find(m, count, "game"), *line = json_find(m, count, "line");
	const char *first;
	if (text_member(m, count, "file", &row->file, err, errlen) < 0 ||
	    text_member(m, count, "white", &row->white, err, errlen) < 0 ||
	    text_member(m, count, "black", &row->black, err, errlen) < 0 ||
	    text_member(m, count, "event", &row->event, err, errlen) < 0 ||
	    text_member(m, count, "round", &row->round, err, errlen) < 0 ||
	    text_member(m, count, "date", &row->date, err, errlen) < 0 ||
	    text_member(m, count, "time_control", &row->s.time_control, err, errlen) < 0 ||
	    text_member(m, count, "first", &first, err, errlen) < 0 ||
	    time_member(m, count, "white_used", &row->s.used[0], err, errlen) < 0 ||
	    time_member(m, count, "black_used", &row->s.used[1], err, errlen) < 0 ||
	    time_member(m, count, "white_left", &row->s.left[0], err, errlen) < 0 ||
	    time_member(m, count, "black_left", &row->s.left[1], err, errlen) < 0)
		return -1;
	if (!row->file || !game || json_integer(game, 1, 1LL << 53, &row->game) < 0 || !line ||
	    json_integer(line, 1, 1LL << 53, &row->line) < 0) {
		snprintf(err, errlen, "a \"clocks\" record needs \"file\", and \"game\" and \"line\" from 1");
		return -1;
	}
	if (first && strcmp(first, "black") != 0 && strcmp(first, "white") != 0) {
		snprintf(err, errlen, "\"first\" is not white or black");
		return -1;
	}
	row->s.black_first = first && strcmp(first, "black") == 0;
	const struct json_member *plies = json_find(m, count, "plies"), *clocks = json_find(m, count, "clocks");
	if (!plies || !clocks || plies->type != JSON_NUMBERS || clocks->type != JSON_NUMBERS) {
		snprintf(err, errlen, "a \"clocks\" record needs the arrays \"plies\" and \"clocks\"");
		return -1;
	}
	int n = 0;
	for (const char *p = plies->value; *p;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < 1 || v > CLOCKS_MAX || (n > 0 && v <= ply[n - 1]) || n == CLOCKS_MAX ||
		    (*end && *end != ',')) {
			snprintf(err, errlen, "\"plies\" is not a list of plies in increasing order, from 1 to %d", CLOCKS_MAX);
			return -1;
		}
		ply[n++] = (int)v;
		p = *end ? end + 1 : end;
	}
	int k = 0;
	for (const char *p = clocks->value; *p;) {
		const char *end;
		if (k == n || seconds_of(p, &end, &ms[k]) < 0 || (*end && *end != ',')) {
			snprintf(err, errlen, "\"clocks\" is not a list of times in seconds, one for each of \"plies\"");
			return -1;
		}
		k++;
		p = *end ? end + 1 : end;
	}
	if (k != n || n == 0) {
		snprintf(err, errlen, "\"clocks\" is not a list of times in seconds, one for each of \"plies\"");
		return -1;
	}
	row->s.count = n;
	return 1;
}

/* ---- the text table ---- */

/* The least time a side had left at the end, what the table is sorted by. */
static int64_t least_left(const int64_t left[2])
{
	if (left[0] == -1)
		return left[1];
	if (left[1] == -1)
		return left[0];
	return left[0] < left[1] ? left[0] : left[1];
}

void clock_table_add(struct clock_table *t, const struct clock_row *row)
{
	t->games++;
	int64_t key = least_left(row->s.left);
	int at = t->count;
	while (at > 0 && least_left(t->rows[at - 1].left) > key)
		at--;
	if (t->top > 0 && at >= t->top)
		return;
	if (t->top > 0 && t->count == t->top) {
		struct clock_table_row *last = &t->rows[--t->count];
		free(last->file);
		free(last->white);
		free(last->black);
		free(last->time_control);
	}
	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->rows = xrealloc(t->rows, (size_t)t->cap * sizeof *t->rows);
	}
	memmove(&t->rows[at + 1], &t->rows[at], (size_t)(t->count - at) * sizeof *t->rows);
	struct clock_table_row *r = &t->rows[at];
	r->file = xstrdup(row->file);
	r->white = xstrdup(row->white ? row->white : "?");
	r->black = xstrdup(row->black ? row->black : "?");
	r->time_control = xstrdup(row->s.time_control ? row->s.time_control : "");
	r->game = row->game;
	memcpy(r->used, row->s.used, sizeof r->used);
	memcpy(r->left, row->s.left, sizeof r->left);
	t->count++;
}

void clock_table_free(struct clock_table *t)
{
	for (int i = 0; i < t->count; i++) {
		free(t->rows[i].file);
		free(t->rows[i].white);
		free(t->rows[i].black);
		free(t->rows[i].time_control);
	}
	free(t->rows);
	memset(t, 0, sizeof *t);
}

/* ---- the HTML plot ---- */

static void html_text(struct outbuf *b, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': outbuf_puts(b, "&lt;"); break;
		case '>': outbuf_puts(b, "&gt;"); break;
		case '&': outbuf_puts(b, "&amp;"); break;
		case '"': outbuf_puts(b, "&quot;"); break;
		default: outbuf_put(b, s, 1);
		}
	}
}

/* The plot's size and margins, in its own units (pixels at 100%). */
#define PLOT_W 480
#define PLOT_H 170
#define PLOT_LEFT 52
#define PLOT_RIGHT 10
#define PLOT_TOP 10
#define PLOT_BOTTOM 28

int clock_mark_code(enum check_code code)
{
	switch (code) {
	case CHECK_CLOCK_FORMAT:
	case CHECK_CLOCK_START:
	case CHECK_CLOCK_RISE:
	case CHECK_CLOCK_EMT:
	case CHECK_CLOCK_MISSING:
	case CHECK_CLOCK_FLAG:
	case CHECK_FORFEIT_CLOCK:
		return 1;
	default:
		return 0;
	}
}

void html_clocks(struct outbuf *b, const struct clock_row *row, long index, const struct clock_mark *marks, int n)
{
	const struct clock_series *s = &row->s;
	int64_t most = 1000;
	int last = s->ply[s->count - 1];
	for (int i = 0; i < s->count; i++)
		most = s->ms[i] > most ? s->ms[i] : most;
	/* ticks on the time axis at the first round step that gives six at
	 * most: 10 or 30 seconds, 1, 5, 10, 15 or 30 minutes, 1 or 2 hours */
	static const int64_t steps[] = { 10000, 30000, 60000, 300000, 600000, 900000, 1800000, 3600000, 7200000 };
	size_t k = 0;
	while (k + 1 < sizeof steps / sizeof steps[0] && most / steps[k] > 6)
		k++;
	int64_t step = steps[k];
	int64_t top = (most + step - 1) / step * step;
	int moves = (last + 1) / 2 > 1 ? (last + 1) / 2 : 1;
	double w = PLOT_W - PLOT_LEFT - PLOT_RIGHT, h = PLOT_H - PLOT_TOP - PLOT_BOTTOM;
#define X(p) (PLOT_LEFT + w * ((p) - 1) / (last > 1 ? last - 1 : 1))
#define Y(t) (PLOT_TOP + h * (1.0 - (double)(t) / (double)top))
	outbuf_printf(b, "<figure class=\"clk\" id=\"c%ld\"><figcaption><b>", index);
	html_text(b, row->white ? row->white : "?");
	outbuf_puts(b, " - ");
	html_text(b, row->black ? row->black : "?");
	outbuf_puts(b, "</b> ");
	html_text(b, row->file);
	outbuf_printf(b, ", game %lld, line %lld", row->game, row->line);
	if (s->time_control) {
		outbuf_puts(b, "; TimeControl ");
		html_text(b, s->time_control);
	}
	for (int side = 0; side < 2; side++) {
		char u[16], l[16];
		if (s->left[side] == -1)
			continue;
		clock_time_write(s->left[side], l, sizeof l);
		if (s->used[side] >= 0) {
			clock_time_write(s->used[side], u, sizeof u);
			outbuf_printf(b, "; %s used %s, %s left", side ? "Black" : "White", u, l);
		} else {
			outbuf_printf(b, "; %s %s left", side ? "Black" : "White", l);
		}
	}
	outbuf_printf(b, "</figcaption>\n<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
			 "aria-label=\"both clocks against the move number\">",
		      PLOT_W, PLOT_H, PLOT_W, PLOT_H);
	/* the axes, the time's grid and labels */
	for (int64_t t = 0; t <= top; t += step) {
		char label[16];
		clock_time_write(t, label, sizeof label);
		outbuf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"g\"/>"
				 "<text x=\"%d\" y=\"%.1f\" class=\"ya\">%s</text>",
			      PLOT_LEFT, PLOT_W - PLOT_RIGHT, Y(t), Y(t), PLOT_LEFT - 4, Y(t) + 3, label);
	}
	int every = moves <= 20 ? 5 : moves <= 60 ? 10 : moves <= 150 ? 20 : 50;
	for (int m = every; m <= moves; m += every) {
		int p = 2 * m - 1;
		outbuf_printf(b, "<text x=\"%.1f\" y=\"%d\" class=\"xa\">%d</text>", X(p), PLOT_H - PLOT_BOTTOM + 14, m);
	}
	outbuf_printf(b, "<text x=\"%d\" y=\"%d\" class=\"ya\">move</text>", PLOT_LEFT - 4, PLOT_H - PLOT_BOTTOM + 14);
	/* each side's clock: the readings at its own plies */
	for (int side = 0; side < 2; side++) {
		int any = 0;
		for (int i = 0; i < s->count; i++) {
			if ((s->ply[i] - 1 + s->black_first) % 2 != side)
				continue;
			int64_t t = s->ms[i] < 0 ? 0 : s->ms[i];
			if (!any)
				outbuf_printf(b, "<polyline class=\"%s\" points=\"", side ? "b" : "w");
			outbuf_printf(b, "%s%.1f,%.1f", any ? " " : "", X(s->ply[i]), Y(t));
			any = 1;
		}
		if (any)
			outbuf_puts(b, "\"/>");
	}
	outbuf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"a\"/>", PLOT_LEFT,
		      PLOT_W - PLOT_RIGHT, Y(0), Y(0));
	outbuf_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%.1f\" class=\"a\"/>", PLOT_LEFT, PLOT_LEFT, PLOT_TOP,
		      Y(0));
	/* the findings: a dot at the reading of their ply, else on the axis */
	int shown = 0;
	for (int j = 0; j < n; j++) {
		int p = marks[j].ply;
		if (p < 1 || p > last)
			continue;
		double y = Y(0);
		for (int i = 0; i < s->count; i++)
			if (s->ply[i] == p) {
				y = Y(s->ms[i] < 0 ? 0 : s->ms[i]);
				break;
			}
		outbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" class=\"m\"><title>", X(p), y);
		html_text(b, marks[j].move);
		outbuf_puts(b, " ");
		html_text(b, marks[j].code);
		outbuf_puts(b, ": ");
		html_text(b, marks[j].message);
		outbuf_puts(b, "</title></circle>");
		shown++;
	}
	outbuf_puts(b, "</svg>");
	if (shown) {
		outbuf_puts(b, "<p class=\"marks\">Marked: ");
		int said = 0;
		for (int j = 0; j < n; j++) {
			if (marks[j].ply < 1 || marks[j].ply > last)
				continue;
			outbuf_puts(b, said++ ? "; " : "");
			html_text(b, marks[j].move);
			outbuf_puts(b, " <code>");
			html_text(b, marks[j].code);
			outbuf_puts(b, "</code>");
		}
		outbuf_puts(b, "</p>");
	}
	outbuf_puts(b, "</figure>\n");
#undef X
#undef Y
}
