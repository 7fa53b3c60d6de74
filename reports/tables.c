/*
 * tables.c - a summary as text tables for people and as CSV for programs.
 *
 * Text columns are counted in characters (UTF-8 code points), and a name
 * too long for its column is cut with an ellipsis, so that every line fits
 * in 100 columns.
 */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

/* Names shown for a field the games did not have. */
static const char *shown(const char *s)
{
	return s && *s ? s : "?";
}

static size_t code_points(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* n bytes of s, with control characters (a tab, an escape sequence in a
 * player's name) shown as blanks: they would break the columns or reach
 * the terminal. */
static void put_visible(struct outbuf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		/* A character at a time: a byte 0x80-0x9F inside a UTF-8
		 * sequence is not C1.  C1 (U+0080-U+009F) is one character, so
		 * one blank. */
		unsigned code;
		size_t k = (unsigned char)s[i] >= 0x80 ? utf8_sequence((const unsigned char *)s + i) : 1;
		if (k == 0 || i + k > n)
			k = 1;
		if (control_length(s + i, &code) == k)
			outbuf_put(b, " ", 1);
		else
			outbuf_put(b, s + i, k);
		i += k;
	}
}

/* s in exactly `width` characters: cut with "…" when longer, padded with
 * blanks on the right (left-aligned) or the left. */
static void cell(struct outbuf *b, const char *s, size_t width, int right)
{
	size_t n = code_points(s);
	if (n > width) {
		size_t keep = width - 1, bytes = 0;
		for (size_t chars = 0; s[bytes]; bytes++) {
			if (((unsigned char)s[bytes] & 0xC0) != 0x80 && chars++ == keep)
				break;
		}
		put_visible(b, s, bytes);
		outbuf_puts(b, "\xE2\x80\xA6");
		return;
	}
	if (right)
		for (size_t i = n; i < width; i++)
			outbuf_put(b, " ", 1);
	put_visible(b, s, strlen(s));
	if (!right)
		for (size_t i = n; i < width; i++)
			outbuf_put(b, " ", 1);
}

static void number_cell(struct outbuf *b, long n, size_t width)
{
	char text[24];
	snprintf(text, sizeof text, "%ld", n);
	outbuf_puts(b, "  ");
	cell(b, n ? text : "-", width, 1);
}

/* errors, warnings, info: the last three columns of every table. */
static void severity_cells(struct outbuf *b, const long *by_severity)
{
	number_cell(b, by_severity[SEVERITY_ERROR], 6);
	number_cell(b, by_severity[SEVERITY_WARNING], 8);
	number_cell(b, by_severity[SEVERITY_INFO], 6);
}

static const char severity_heading[] = "  errors  warnings    info";

static void plural(struct outbuf *b, long n, const char *one, const char *many)
{
	outbuf_printf(b, "%ld %s", n, n == 1 ? one : many);
}

static void totals(struct outbuf *b, const struct summary *s)
{
	plural(b, s->findings, "finding", "findings");
	outbuf_puts(b, " in ");
	plural(b, s->games, "game", "games");
	outbuf_puts(b, " of ");
	plural(b, (long)s->files.count, "file", "files");
	outbuf_puts(b, ": ");
	plural(b, s->by_severity[SEVERITY_ERROR], "error", "errors");
	outbuf_puts(b, ", ");
	plural(b, s->by_severity[SEVERITY_WARNING], "warning", "warnings");
	outbuf_printf(b, ", %ld info\n", s->by_severity[SEVERITY_INFO]);
}

static void code_table(struct outbuf *b, const struct summary *s)
{
	outbuf_puts(b, "\nFindings by code\n");
	cell(b, "  code", 28, 0);
	outbuf_printf(b, "%s   total\n", severity_heading);
	for (int c = 0; c < CHECK_COUNT; c++) {
		long total = 0;
		for (int v = 0; v < SEVERITY_COUNT; v++)
			total += s->by_code[c][v];
		if (!total)
			continue;
		outbuf_puts(b, "  ");
		cell(b, check_catalogue[c].code, 26, 0);
		severity_cells(b, s->by_code[c]);
		number_cell(b, total, 6);
		outbuf_puts(b, "\n");
	}
}

/* The note under a table cut at `top` rows. */
static void more_rows(struct outbuf *b, size_t count, int top, const char *what)
{
	if (top > 0 && count > (size_t)top)
		outbuf_printf(b, "  ... and %zu more %s (--top 0 shows every one)\n", count - (size_t)top, what);
}

static void event_table(struct outbuf *b, const struct summary *s, int top)
{
	outbuf_puts(b, "\nPer event and round (most findings first)\n");
	cell(b, "  event", 46, 0);
	cell(b, "  round", 10, 0);
	outbuf_printf(b, "  games%s\n", severity_heading);
	struct tally **rows = tally_sorted(&s->events);
	for (size_t i = 0; i < s->events.count && (top <= 0 || i < (size_t)top); i++) {
		outbuf_puts(b, "  ");
		cell(b, shown(tally_part(rows[i], 0)), 44, 0);
		outbuf_puts(b, "  ");
		cell(b, shown(tally_part(rows[i], 1)), 8, 0);
		number_cell(b, rows[i]->games, 5);
		severity_cells(b, rows[i]->by_severity);
		outbuf_puts(b, "\n");
	}
	more_rows(b, s->events.count, top, "events and rounds");
	free(rows);
}

static void player_table(struct outbuf *b, const struct summary *s, int top)
{
	outbuf_puts(b, "\nPer player (findings in the games they played; most first)\n");
	cell(b, "  player", 56, 0);
	outbuf_printf(b, "  games%s\n", severity_heading);
	struct tally **rows = tally_sorted(&s->players);
	for (size_t i = 0; i < s->players.count && (top <= 0 || i < (size_t)top); i++) {
		outbuf_puts(b, "  ");
		cell(b, shown(tally_part(rows[i], 0)), 54, 0);
		number_cell(b, rows[i]->games, 5);
		severity_cells(b, rows[i]->by_severity);
		outbuf_puts(b, "\n");
	}
	more_rows(b, s->players.count, top, "players");
	free(rows);
}

static void worst_table(struct outbuf *b, const struct summary *s)
{
	outbuf_puts(b, "\nWorst games (most errors, then warnings, then info)\n");
	cell(b, "  file:game", 32, 0);
	cell(b, "  white - black", 31, 0);
	outbuf_printf(b, "%s   total\n", severity_heading);
	for (int i = 0; i < s->worst_count; i++) {
		const struct game_tally *g = &s->worst[i];
		char number[24], where[160], players[256];
		/* The file is cut from the left, as its end names it best. */
		int keep = 29 - snprintf(number, sizeof number, ":%lld", g->game);
		const char *file = g->file + strlen(g->file);
		int chars = 0;
		while (file > g->file && chars < keep) {
			while (--file > g->file && ((unsigned char)*file & 0xC0) == 0x80)
				;
			chars++;
		}
		snprintf(where, sizeof where, "%s%.120s%s", file > g->file ? "\xE2\x80\xA6" : "", file, number);
		snprintf(players, sizeof players, "%.120s - %.120s", shown(g->white), shown(g->black));
		outbuf_puts(b, "  ");
		cell(b, where, 30, 0);
		outbuf_puts(b, "  ");
		cell(b, players, 29, 0);
		severity_cells(b, g->by_severity);
		number_cell(b, g->by_severity[0] + g->by_severity[1] + g->by_severity[2], 6);
		outbuf_puts(b, "\n");
	}
	if (s->games > s->worst_count && s->worst_count > 0)
		outbuf_printf(b, "  ... and %ld more games with findings (--top 0 shows every one)\n",
			      s->games - s->worst_count);
}

void summary_text(struct outbuf *b, const struct summary *s, int top)
{
	totals(b, s);
	if (!s->findings)
		return;
	code_table(b, s);
	event_table(b, s, top);
	player_table(b, s, top);
	worst_table(b, s);
}

/* A CSV field as RFC 4180 says: quoted when it holds a comma, a quote or a
 * line break. */
static void csv_field(struct outbuf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		outbuf_puts(b, s);
		return;
	}
	outbuf_put(b, "\"", 1);
	for (; *s; s++)
		outbuf_put(b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
	outbuf_put(b, "\"", 1);
}

static void csv_counts(struct outbuf *b, const struct tally *t, int parts, const long (*by_code)[SEVERITY_COUNT])
{
	for (int c = 0; c < CHECK_COUNT; c++) {
		for (int v = 0; v < SEVERITY_COUNT; v++) {
			if (!by_code[c][v])
				continue;
			for (int p = 0; t != NULL && p < parts; p++) {
				csv_field(b, tally_part(t, p));
				outbuf_put(b, ",", 1);
			}
			outbuf_printf(b, "%s,%s,%ld\n", check_catalogue[c].code, severity_name((enum severity)v),
				      by_code[c][v]);
		}
	}
}

void summary_csv(struct outbuf *b, const struct summary *s, enum summary_group by)
{
	static const char *const headers[] = {
		[GROUP_CODE] = "code,severity,count\n",
		[GROUP_EVENT] = "event,round,code,severity,count\n",
		[GROUP_PLAYER] = "player,code,severity,count\n",
		[GROUP_FILE] = "file,code,severity,count\n",
	};
	outbuf_puts(b, headers[by]);
	if (by == GROUP_CODE) {
		csv_counts(b, NULL, 0, s->by_code);
		return;
	}
	const struct tally_table *t = by == GROUP_EVENT ? &s->events : by == GROUP_PLAYER ? &s->players : &s->files;
	struct tally **rows = tally_sorted(t);
	for (size_t i = 0; i < t->count; i++)
		csv_counts(b, rows[i], by == GROUP_EVENT ? 2 : 1, (const long (*)[SEVERITY_COUNT])rows[i]->by_code);
	free(rows);
}
