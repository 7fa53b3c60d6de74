/*
 * tables.c - a summary as text tables for people and as CSV for programs.
 *
 * Text columns are counted as a terminal shows them (columns_of: a CJK
 * character takes two, a combining accent none), and a name too long for
 * its column is cut with an ellipsis, so that every line fits in 100
 * columns and the columns line up.
 */
#include "summary.h"
#include "reports/clocks.h"
#include "validator/audit/clocks.h"

#include <stdlib.h>
#include <string.h>

/* A field as shown, or `none` for one the games did not have.  The event
 * table says "(no Event tag)" there: a game without the tag must not look
 * like one whose tag says "?" (both are common, and they are two rows). */
static const char *shown_tag(const char *s, const char *none)
{
	return s && *s ? s : none;
}

static const char *shown(const char *s)
{
	return shown_tag(s, "?");
}

/* The columns a terminal gives code point c: none for combining marks
 * and invisible format characters (zero-width joiners, direction marks,
 * variation selectors), two for East Asian wide and fullwidth characters,
 * one for the rest.  The blocks of Unicode's EastAsianWidth.txt (W and F)
 * and of its nonspacing marks, in broad ranges, as wcwidth() has them;
 * unlike wcwidth(), not dependent on the locale. */
static size_t columns_of(unsigned c)
{
	static const struct { unsigned first, last; } none[] = {
		{ 0x0300, 0x036F }, { 0x0483, 0x0489 }, { 0x0591, 0x05BD }, { 0x05BF, 0x05BF },
		{ 0x05C1, 0x05C2 }, { 0x05C4, 0x05C5 }, { 0x05C7, 0x05C7 }, { 0x0610, 0x061A },
		{ 0x061C, 0x061C }, { 0x064B, 0x065F }, { 0x0670, 0x0670 }, { 0x06D6, 0x06DC },
		{ 0x06DF, 0x06E4 }, { 0x06E7, 0x06E8 }, { 0x06EA, 0x06ED }, { 0x0E31, 0x0E31 },
		{ 0x0E34, 0x0E3A }, { 0x0E47, 0x0E4E }, { 0x1AB0, 0x1AFF }, { 0x1DC0, 0x1DFF },
		{ 0x200B, 0x200F }, { 0x202A, 0x202E }, { 0x2060, 0x2064 }, { 0x2066, 0x206F },
		{ 0x20D0, 0x20FF }, { 0xFE00, 0xFE0F }, { 0xFE20, 0xFE2F }, { 0xFEFF, 0xFEFF },
		{ 0xE0100, 0xE01EF },
	};
	static const struct { unsigned first, last; } two[] = {
		{ 0x1100, 0x115F }, { 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
		{ 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xA960, 0xA97F }, { 0xAC00, 0xD7A3 },
		{ 0xF900, 0xFAFF }, { 0xFE10, 0xFE19 }, { 0xFE30, 0xFE6F }, { 0xFF00, 0xFF60 },
		{ 0xFFE0, 0xFFE6 }, { 0x1F300, 0x1F64F }, { 0x1F900, 0x1F9FF }, { 0x20000, 0x2FFFD },
		{ 0x30000, 0x3FFFD },
	};
	if (c < 0x0300)
		return 1;
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
		if (c >= none[i].first && c <= none[i].last)
			return 0;
	for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
		if (c >= two[i].first && c <= two[i].last)
			return 2;
	return 1;
}

/* The character at s: its length in bytes (*k) and the columns it takes
 * as put_visible writes it.  A byte that begins no UTF-8 sequence is a
 * character of one column (a Latin-1 letter, as the report reads it). */
static size_t char_columns(const char *s, size_t *k)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = u[0] >= 0x80 ? utf8_sequence(u) : 1;
	if (n <= 1) {
		*k = 1;
		return 1;
	}
	unsigned c = u[0] & (0xFF >> (n + 1));
	for (size_t i = 1; i < n; i++)
		c = (c << 6) | (u[i] & 0x3F);
	*k = n;
	return columns_of(c);
}

/* The columns s takes on a terminal. */
static size_t display_width(const char *s)
{
	size_t columns = 0, k;
	for (size_t i = 0; s[i]; i += k)
		columns += char_columns(s + i, &k);
	return columns;
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

/* s in exactly `width` columns: cut with "…" when wider (and a blank
 * after it when a wide character did not fit), padded with blanks on the
 * right (left-aligned) or the left. */
static void cell(struct outbuf *b, const char *s, size_t width, int right)
{
	size_t n = display_width(s);
	if (n > width) {
		size_t bytes = 0, columns = 0, k;
		for (;;) {
			size_t c = char_columns(s + bytes, &k);
			if (columns + c > width - 1)
				break;
			columns += c;
			bytes += k;
		}
		put_visible(b, s, bytes);
		outbuf_puts(b, "\xE2\x80\xA6");
		for (; columns < width - 1; columns++)
			outbuf_put(b, " ", 1);
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

void summary_games_line(struct outbuf *b, const struct summary *s)
{
	const struct game_counts *n = &s->read;
	plural(b, n->games, "game", "games");
	outbuf_puts(b, " in ");
	plural(b, s->files_counted, "file", "files");
	outbuf_printf(b, ": %ld clean, %ld with errors, %ld with warnings, %ld with info only", game_counts_clean(n),
		      n->with[SEVERITY_ERROR], n->with[SEVERITY_WARNING], n->with[SEVERITY_INFO]);
	if (s->files_incomplete)
		outbuf_printf(b, " (%ld %s not read to the end)", s->files_incomplete,
			      s->files_incomplete == 1 ? "file" : "files");
}

/* "21 games in 1 file: 19 clean, ..." when check's counts were read, then
 * "3 findings in 2 games: 2 errors, ...". */
static void totals(struct outbuf *b, const struct summary *s)
{
	if (s->counted) {
		summary_games_line(b, s);
		outbuf_puts(b, "\n");
		if (!s->findings) {
			outbuf_puts(b, s->read.games ? "No findings: every game is clean.\n" : "No findings.\n");
			return;
		}
	}
	plural(b, s->findings, "finding", "findings");
	outbuf_puts(b, " in ");
	plural(b, s->games, "game", "games");
	if (!s->counted) {
		outbuf_puts(b, " of ");
		plural(b, (long)s->files.count, "file", "files");
	}
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

/* Games read and clean when check's counts were read; else the games
 * with findings, and "?" for clean. */
static void games_cells(struct outbuf *b, const struct summary *s, const struct tally *t)
{
	if (s->counted) {
		number_cell(b, t->read.games, 5);
		number_cell(b, game_counts_clean(&t->read), 5);
	} else {
		number_cell(b, t->games, 5);
		outbuf_puts(b, "  ");
		cell(b, "?", 5, 1);
	}
}

static void event_table(struct outbuf *b, const struct summary *s, int top)
{
	outbuf_printf(b, "\nPer event and round (most findings first; findings by severity%s)\n",
		      s->counted ? "" : "; games: with findings");
	cell(b, "  event", 44, 0);
	cell(b, "  round", 10, 0);
	outbuf_printf(b, "  games  clean%s\n", severity_heading);
	struct tally **rows = tally_sorted(&s->events);
	for (size_t i = 0; i < s->events.count && (top <= 0 || i < (size_t)top); i++) {
		outbuf_puts(b, "  ");
		cell(b, shown_tag(tally_part(rows[i], 0), "(no Event tag)"), 42, 0);
		outbuf_puts(b, "  ");
		cell(b, shown_tag(tally_part(rows[i], 1), ""), 8, 0);
		games_cells(b, s, rows[i]);
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
	outbuf_puts(b, "\nWorst games (most errors, then warnings; info ranks nothing)\n");
	cell(b, "  file:game", 32, 0);
	cell(b, "  white - black", 31, 0);
	outbuf_printf(b, "%s   total\n", severity_heading);
	for (int i = 0; i < s->worst_count; i++) {
		const struct game_tally *g = &s->worst[i];
		char number[24], where[160], players[256];
		/* The file is cut from the left, as its end names it best: its
		 * first characters go until the rest fits in `keep` columns. */
		size_t keep = (size_t)(29 - snprintf(number, sizeof number, ":%lld", g->game));
		const char *file = g->file;
		for (size_t columns = display_width(file), k; columns > keep; file += k)
			columns -= char_columns(file, &k);
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
	if (s->worst_count == 0)
		outbuf_puts(b, "  none: no game has an error or a warning\n");
	if (s->problem_games > s->worst_count && s->worst_count > 0)
		outbuf_printf(b, "  ... and %ld more games with errors or warnings (--top 0 shows every one)\n",
			      s->problem_games - s->worst_count);
}

/* A time for the clocks' table, or "-" when it is not known. */
static void time_cell(char *buf, size_t len, int64_t ms)
{
	if (ms == -1)
		snprintf(buf, len, "-");
	else
		clock_time_write(ms, buf, len);
}

void clock_table_text(struct outbuf *b, const struct clock_table *t)
{
	if (!t->games)
		return;
	outbuf_printf(b, "\nClocks: %ld %s with clocks", t->games, t->games == 1 ? "game" : "games");
	if (t->count < t->games)
		outbuf_printf(b, "; the %d with the least time left", t->count);
	outbuf_puts(b, "\n");
	cell(b, "  game", 22, 0);
	cell(b, " white - black", 27, 0);
	outbuf_puts(b, " time control   white used/left    black used/left\n");
	for (int i = 0; i < t->count; i++) {
		const struct clock_table_row *r = &t->rows[i];
		char number[24], where[160], players[256], cells[2][40], used[16], left[16];
		size_t keep = (size_t)(19 - snprintf(number, sizeof number, ":%lld", r->game));
		const char *file = strrchr(r->file, '/') ? strrchr(r->file, '/') + 1 : r->file;
		const char *from = file;
		for (size_t columns = display_width(from), k; columns > keep; from += k)
			columns -= char_columns(from, &k);
		snprintf(where, sizeof where, "%s%.120s%s", from > file ? "\xE2\x80\xA6" : "", from, number);
		snprintf(players, sizeof players, "%.120s - %.120s", shown(r->white), shown(r->black));
		for (int side = 0; side < 2; side++) {
			time_cell(used, sizeof used, r->used[side]);
			time_cell(left, sizeof left, r->left[side]);
			snprintf(cells[side], sizeof cells[side], "%s/%s", used, left);
		}
		outbuf_puts(b, "  ");
		cell(b, where, 20, 0);
		outbuf_puts(b, " ");
		cell(b, players, 26, 0);
		outbuf_puts(b, " ");
		cell(b, *r->time_control ? r->time_control : "-", 14, 0);
		outbuf_puts(b, " ");
		cell(b, cells[0], 18, 0);
		outbuf_puts(b, " ");
		put_visible(b, cells[1], strlen(cells[1]));
		outbuf_puts(b, "\n");
	}
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

static void csv_counts(struct outbuf *b, const struct tally *t, int parts, const long (*by_code)[SEVERITY_COUNT])
{
	for (int c = 0; c < CHECK_COUNT; c++) {
		for (int v = 0; v < SEVERITY_COUNT; v++) {
			if (!by_code[c][v])
				continue;
			for (int p = 0; t != NULL && p < parts; p++) {
				csv_put_field(b, tally_part(t, p));
				outbuf_put(b, ",", 1);
			}
			outbuf_printf(b, "%s,%s,%ld\n", check_catalogue[c].code, severity_name((enum severity)v),
				      by_code[c][v]);
		}
	}
}

/* The game counts as rows whose code is "games" (no check code is), the
 * severity column naming the count: read, clean, with_errors, ... */
static void csv_games(struct outbuf *b, const struct tally *t, int parts, const struct game_counts *n)
{
	static const char *const names[] = { "read", "clean", "with_errors", "with_warnings", "with_info" };
	long values[] = { n->games, game_counts_clean(n), n->with[SEVERITY_ERROR], n->with[SEVERITY_WARNING],
			  n->with[SEVERITY_INFO] };
	for (int i = 0; i < 5; i++) {
		for (int p = 0; t != NULL && p < parts; p++) {
			csv_put_field(b, tally_part(t, p));
			outbuf_put(b, ",", 1);
		}
		outbuf_printf(b, "games,%s,%ld\n", names[i], values[i]);
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
		if (s->counted)
			csv_games(b, NULL, 0, &s->read);
		csv_counts(b, NULL, 0, s->by_code);
		return;
	}
	const struct tally_table *t = by == GROUP_EVENT ? &s->events : by == GROUP_PLAYER ? &s->players : &s->files;
	struct tally **rows = tally_sorted(t);
	for (size_t i = 0; i < t->count; i++) {
		if (s->counted && by != GROUP_PLAYER)
			csv_games(b, rows[i], by == GROUP_EVENT ? 2 : 1, &rows[i]->read);
		csv_counts(b, rows[i], by == GROUP_EVENT ? 2 : 1, (const long (*)[SEVERITY_COUNT])rows[i]->by_code);
	}
	free(rows);
}
