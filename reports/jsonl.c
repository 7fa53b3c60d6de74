/*
 * jsonl.c - one JSON object per finding, one per line (the field order of
 * pgnaudit-check(1), OUTPUT FORMATS; fields that do not apply are left
 * out), and reading such a line back for `pgnaudit report`.
 *
 * The schema is here once: jsonl_finding writes the members and
 * jsonl_read_finding, below it, reads the same members back; a member
 * added to one must be added to the other (test_reports writes a finding
 * with every member and reads it back).
 */
#include "report.h"
#include "game_counts.h"
#include "summary.h"

#include <stdio.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* A plain byte goes into a JSON string as it is: not quotes, backslashes,
 * control characters, nor bytes >= 0x80 (those are checked as UTF-8). */
#ifdef __SSE2__
/* A bit for each of the 16 bytes at p that is not plain. */
static unsigned odd_bytes(const char *p)
{
	__m128i c = _mm_loadu_si128((const __m128i *)(const void *)p);
	/* Signed bytes: those >= 0x80 are below the blank too. */
	__m128i odd = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(c, _mm_set1_epi8(0x20)),
						_mm_cmpeq_epi8(c, _mm_set1_epi8(0x7F))),
				   _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('"')),
						_mm_cmpeq_epi8(c, _mm_set1_epi8('\\'))));
	return (unsigned)_mm_movemask_epi8(odd);
}
#else
static int json_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}
#endif

/* How many of the n bytes at s are plain, from the start.
 * Every message, FEN, name and code of every finding goes through here, so
 * with SSE2 it looks at 16 bytes at a time: a short text is copied into 16
 * plain bytes first, and of a longer one the last 16 bytes are looked at
 * again rather than read past its end. */
static size_t json_plain_run(const char *s, size_t n)
{
#ifdef __SSE2__
	unsigned mask;
	if (n < 16) {
		char padded[16];
		memset(padded, 'a', sizeof padded);
		memcpy(padded, s, n);
		mask = odd_bytes(padded);
		return mask ? (size_t)__builtin_ctz(mask) : n;
	}
	for (size_t i = 0;; i += 16) {
		size_t at = i + 16 <= n ? i : n - 16;
		/* The bytes before i, looked at again, are plain. */
		mask = odd_bytes(s + at) >> (i - at);
		if (mask)
			return i + (size_t)__builtin_ctz(mask);
		if (at + 16 == n)
			return n;
	}
#else
	size_t i = 0;
	while (i < n && json_plain((unsigned char)s[i]))
		i++;
	return i;
#endif
}

/* s escaped for a JSON string, without the quotes around it. */
static void json_characters(struct outbuf *b, const char *s)
{
	const char *end = s + strlen(s);
	while (s < end) {
		/* Runs of plain characters - nearly all of a message or a FEN -
		 * go into the buffer in one copy. */
		size_t run = json_plain_run(s, (size_t)(end - s));
		if (run) {
			outbuf_put(b, s, run);
			s += run;
			continue;
		}
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80) {
			s += outbuf_put_utf8_char(b, s);
			continue;
		}
		s++;
		if (c == '"' || c == '\\') {
			char esc[2] = { '\\', (char)c };
			outbuf_put(b, esc, 2);
		} else if (c == '\n') {
			outbuf_put(b, "\\n", 2);
		} else if (c == '\t') {
			outbuf_put(b, "\\t", 2);
		} else {
			outbuf_printf(b, "\\u%04x", c);
		}
	}
}

void jsonl_put_string(struct outbuf *b, const char *s)
{
	outbuf_put(b, "\"", 1);
	json_characters(b, s);
	outbuf_put(b, "\"", 1);
}

/* `prefix` is ,"name":" - the name with its punctuation, one copy instead
 * of four (FIELD_STRING writes it). */
static void field_string(struct outbuf *b, const char *prefix, size_t prefix_length, const char *value)
{
	if (!value || !*value)
		return;
	outbuf_put(b, prefix, prefix_length);
	json_characters(b, value);
	outbuf_put(b, "\"", 1);
}

#define FIELD_STRING(b, name, value) field_string(b, ",\"" name "\":\"", sizeof ",\"" name "\":\"" - 1, value)

void jsonl_finding(struct report *r, const struct game_label *g, const struct finding *f)
{
	struct outbuf *b = &r->buf;
	outbuf_puts(b, "{\"file\":\"");
	json_characters(b, g->file);
	outbuf_puts(b, "\"");
	outbuf_puts(b, ",\"game\":");
	report_game_number(r, g->game);
	if (f->line) {
		outbuf_puts(b, ",\"line\":");
		report_line_number(r, f->line);
		outbuf_puts(b, ",\"column\":");
		outbuf_put_int(b, f->column);
	}
	if (f->ply) {
		outbuf_puts(b, ",\"ply\":");
		outbuf_put_int(b, f->ply);
		outbuf_puts(b, ",\"move_number\":");
		outbuf_put_int(b, f->move_number);
		outbuf_puts(b, f->side == WHITE ? ",\"side\":\"white\"" : ",\"side\":\"black\"");
	}
	if (f->variation_depth > 0) {
		outbuf_puts(b, ",\"variation\":[");
		for (int i = 0; i < f->variation_depth; i++) {
			if (i)
				outbuf_put(b, ",", 1);
			outbuf_put_int(b, f->variation[i]);
		}
		outbuf_put(b, "]", 1);
	}
	if (f->illegal_since) {
		outbuf_puts(b, ",\"illegal_since\":");
		outbuf_put_int(b, f->illegal_since);
	}
	if (f->other_game) {
		FIELD_STRING(b, "other_file", f->other_file);
		outbuf_puts(b, ",\"other_game\":");
		outbuf_put_int(b, f->other_game);
		outbuf_puts(b, ",\"other_line\":");
		outbuf_put_int(b, (long long)f->other_line);
	}
	FIELD_STRING(b, "san", f->san);
	FIELD_STRING(b, "code", check_catalogue[f->code].code);
	FIELD_STRING(b, "severity", severity_name(f->severity));
	FIELD_STRING(b, "rule", f->rule);
	FIELD_STRING(b, "message", f->message);
	FIELD_STRING(b, "fen", f->fen);
	FIELD_STRING(b, "suggestion", f->suggestion);
	FIELD_STRING(b, "white", g->white);
	FIELD_STRING(b, "black", g->black);
	FIELD_STRING(b, "event", g->event);
	FIELD_STRING(b, "round", g->round);
	FIELD_STRING(b, "date", g->date);
	outbuf_puts(b, "}\n");
}

/* The counts of a group of games: ,"games":N,"clean":N,"with_errors":N,... */
static void count_members(struct outbuf *b, const struct game_counts *c)
{
	outbuf_puts(b, ",\"games\":");
	outbuf_put_int(b, c->games);
	outbuf_puts(b, ",\"clean\":");
	outbuf_put_int(b, game_counts_clean(c));
	outbuf_puts(b, ",\"with_errors\":");
	outbuf_put_int(b, c->with[SEVERITY_ERROR]);
	outbuf_puts(b, ",\"with_warnings\":");
	outbuf_put_int(b, c->with[SEVERITY_WARNING]);
	outbuf_puts(b, ",\"with_info\":");
	outbuf_put_int(b, c->with[SEVERITY_INFO]);
}

void jsonl_counts(struct outbuf *b, const char *file, const struct game_counts *c, const struct event_groups *events,
		  const struct date_range *dates, int whole)
{
	outbuf_puts(b, "{\"record\":\"file\",\"file\":\"");
	json_characters(b, file);
	outbuf_puts(b, "\"");
	count_members(b, c);
	FIELD_STRING(b, "first_date", dates->first);
	FIELD_STRING(b, "last_date", dates->last);
	if (events->left_out) {
		outbuf_puts(b, ",\"events_left_out\":");
		outbuf_put_int(b, events->left_out);
	}
	outbuf_puts(b, whole ? ",\"read_whole\":true}\n" : ",\"read_whole\":false}\n");
	for (size_t i = 0; i < events->count; i++) {
		const struct event_games *e = &events->items[i];
		outbuf_puts(b, "{\"record\":\"event\",\"file\":\"");
		json_characters(b, file);
		outbuf_puts(b, "\"");
		FIELD_STRING(b, "event", event_groups_event(events, i));
		FIELD_STRING(b, "round", event_groups_round(events, i));
		count_members(b, &e->n);
		outbuf_puts(b, "}\n");
	}
}

/* ---- reading a line back ---- */

/* A string member, or NULL when absent; -1 when it is there but not a string. */
static int string_member(const struct json_member *m, int count, const char *name, const char **out, char *err,
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

static int integer_member(const struct json_member *m, int count, const char *name, long long min,
			  long long *out, char *err, size_t errlen)
{
	const struct json_member *v = json_find(m, count, name);
	*out = 0;
	if (!v)
		return 0;
	if (json_integer(v, min, 1LL << 53, out) < 0) {
		snprintf(err, errlen, "\"%s\" is not a whole number from %lld", name, min);
		return -1;
	}
	return 0;
}

/* A count member, at least 0 and at most `most`. */
static int count_member(const struct json_member *m, int count, const char *name, long most, long *out, char *err,
			size_t errlen)
{
	long long v;
	if (!json_find(m, count, name)) {
		snprintf(err, errlen, "a \"record\" line without \"%s\"", name);
		return -1;
	}
	if (integer_member(m, count, name, 0, &v, err, errlen) < 0)
		return -1;
	if (v > most) {
		snprintf(err, errlen, "\"%s\" is more than the games counted", name);
		return -1;
	}
	*out = (long)v;
	return 0;
}

int jsonl_read_counts(const struct json_member *m, int count, struct counts_row *row, char *err, size_t errlen)
{
	memset(row, 0, sizeof *row);
	const char *record;
	if (string_member(m, count, "record", &record, err, errlen) < 0)
		return -1;
	if (!record)
		return 0;
	int is_file = strcmp(record, "file") == 0;
	if (!is_file && strcmp(record, "event") != 0) {
		snprintf(err, errlen, "'%.60s' is not a record this version reads (file, event)", record);
		return -1;
	}
	long clean, sum = 0;
	row->is_file = is_file;
	if (string_member(m, count, "file", &row->file, err, errlen) < 0 ||
	    string_member(m, count, "event", &row->event, err, errlen) < 0 ||
	    string_member(m, count, "round", &row->round, err, errlen) < 0 ||
	    count_member(m, count, "games", 1L << 53, &row->n.games, err, errlen) < 0 ||
	    count_member(m, count, "clean", row->n.games, &clean, err, errlen) < 0 ||
	    count_member(m, count, "with_errors", row->n.games, &row->n.with[SEVERITY_ERROR], err, errlen) < 0 ||
	    count_member(m, count, "with_warnings", row->n.games, &row->n.with[SEVERITY_WARNING], err, errlen) < 0 ||
	    count_member(m, count, "with_info", row->n.games, &row->n.with[SEVERITY_INFO], err, errlen) < 0)
		return -1;
	if (!row->file) {
		snprintf(err, errlen, "a \"record\" line without \"file\"");
		return -1;
	}
	for (int v = 0; v < SEVERITY_COUNT; v++)
		sum += row->n.with[v];
	if (sum + clean != row->n.games) {
		snprintf(err, errlen, "\"clean\" and the games \"with_\" findings do not add up to \"games\"");
		return -1;
	}
	if (is_file) {
		const struct json_member *whole = json_find(m, count, "read_whole");
		long long left_out;
		row->whole = !whole || whole->type == JSON_TRUE;
		if (string_member(m, count, "first_date", &row->first_date, err, errlen) < 0 ||
		    string_member(m, count, "last_date", &row->last_date, err, errlen) < 0)
			return -1;
		if (integer_member(m, count, "events_left_out", 0, &left_out, err, errlen) < 0)
			return -1;
		row->left_out = (long)left_out;
	}
	return 1;
}

int jsonl_read_finding(const struct json_member *m, int count, struct finding_row *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	const char *code = NULL, *severity = NULL;
	static const char *const required[] = { "file", "game", "code", "severity", "message" };
	for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
		if (!json_find(m, count, required[i])) {
			snprintf(err, errlen, "there is no \"%s\"; is this the output of check -f jsonl?", required[i]);
			return -1;
		}
	}
	if (string_member(m, count, "file", &f->file, err, errlen) < 0 ||
	    integer_member(m, count, "game", 0, &f->game, err, errlen) < 0 ||
	    integer_member(m, count, "line", 0, &f->line, err, errlen) < 0 ||
	    integer_member(m, count, "column", 0, &f->column, err, errlen) < 0 ||
	    integer_member(m, count, "ply", 0, &f->ply, err, errlen) < 0 ||
	    integer_member(m, count, "move_number", 0, &f->move_number, err, errlen) < 0 ||
	    integer_member(m, count, "illegal_since", 0, &f->illegal_since, err, errlen) < 0 ||
	    string_member(m, count, "other_file", &f->other_file, err, errlen) < 0 ||
	    integer_member(m, count, "other_game", 0, &f->other_game, err, errlen) < 0 ||
	    integer_member(m, count, "other_line", 0, &f->other_line, err, errlen) < 0 ||
	    string_member(m, count, "side", &f->side, err, errlen) < 0 ||
	    string_member(m, count, "san", &f->san, err, errlen) < 0 ||
	    string_member(m, count, "code", &code, err, errlen) < 0 ||
	    string_member(m, count, "severity", &severity, err, errlen) < 0 ||
	    string_member(m, count, "rule", &f->rule, err, errlen) < 0 ||
	    string_member(m, count, "message", &f->message, err, errlen) < 0 ||
	    string_member(m, count, "fen", &f->fen, err, errlen) < 0 ||
	    string_member(m, count, "suggestion", &f->suggestion, err, errlen) < 0 ||
	    string_member(m, count, "white", &f->white, err, errlen) < 0 ||
	    string_member(m, count, "black", &f->black, err, errlen) < 0 ||
	    string_member(m, count, "event", &f->event, err, errlen) < 0 ||
	    string_member(m, count, "round", &f->round, err, errlen) < 0 ||
	    string_member(m, count, "date", &f->date, err, errlen) < 0)
		return -1;
	int c = check_code_from_name(code, (int)strlen(code));
	if (c < 0) {
		snprintf(err, errlen, "'%.60s' is not a check code", code);
		return -1;
	}
	f->code = (enum check_code)c;
	int v = 0;
	while (v < SEVERITY_COUNT && strcmp(severity, severity_name((enum severity)v)) != 0)
		v++;
	if (v == SEVERITY_COUNT) {
		snprintf(err, errlen, "'%.60s' is not a severity (error, warning or info)", severity);
		return -1;
	}
	f->severity = (enum severity)v;
	if (f->side && strcmp(f->side, "white") != 0 && strcmp(f->side, "black") != 0) {
		snprintf(err, errlen, "'%.60s' is not a side (white or black)", f->side);
		return -1;
	}
	return 0;
}
