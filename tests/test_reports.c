/*
 * test_reports.c - the three output formats: fields, omissions, escaping,
 * and UTF-8 output from Latin-1 input.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/test_util.h"
#include "reports/clocks.h"
#include "reports/report.h"
#include "reports/summary.h"

/* Renders one finding in a format into a NUL-terminated string (caller frees). */
static char *render(enum report_format format, int color, const struct game_label *g, const struct finding *f)
{
	char *data = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&data, &size);
	struct report r = { .out = mem, .format = format, .color = color };
	report_begin(&r);
	report_finding(&r, g, f);
	assert_int_equal(report_flush(&r), 0);
	report_free(&r);
	fclose(mem);
	return data;
}

static struct finding illegal_finding(void)
{
	struct finding f;
	memset(&f, 0, sizeof f);
	f.code = CHECK_ILLEGAL_MOVE;
	f.severity = SEVERITY_ERROR;
	f.line = 14;
	f.column = 9;
	f.ply = 11;
	f.move_number = 6;
	f.side = 0;
	f.san = "Be3";
	f.rule = "FIDE 3.9";
	strcpy(f.message, "6. Be3 is illegal: the bishop on d2 is \"pinned\"");
	strcpy(f.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	return f;
}

static const struct game_label label = { "games.pgn", 3, "Morphy, Paul", "Duke Karl / Count Isouard", "Paris", "?", NULL };

static void test_jsonl_fields_and_order(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	char *out = render(REPORT_JSONL, 0, &label, &f);
	assert_string_equal(out,
		"{\"file\":\"games.pgn\",\"game\":3,\"line\":14,\"column\":9,\"ply\":11,\"move_number\":6,"
		"\"side\":\"white\",\"san\":\"Be3\",\"code\":\"illegal-move\",\"severity\":\"error\","
		"\"rule\":\"FIDE 3.9\",\"message\":\"6. Be3 is illegal: the bishop on d2 is \\\"pinned\\\"\","
		"\"fen\":\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",\"white\":\"Morphy, Paul\","
		"\"black\":\"Duke Karl / Count Isouard\",\"event\":\"Paris\",\"round\":\"?\"}\n");
	free(out);
}

/* The schema is in one place: every member jsonl_finding writes is read
 * back by jsonl_read_finding (reports/jsonl.c) to what was written.  A
 * member added to the writer alone changes the count below. */
static void test_jsonl_reads_back_what_it_writes(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	strcpy(f.suggestion, "Bf4");
	f.line = (uint64_t)1 << 40;   /* past 2^32: lines are whole */
	f.side = 1;
	const struct game_label g = { "games.pgn", 3, "Morphy, Paul", "Duke Karl", "Paris", "2.1", "1858.??.??" };
	char *out = render(REPORT_JSONL, 0, &g, &f);
	size_t len = strlen(out);
	assert_true(len > 1 && out[len - 1] == '\n');
	struct json_member m[32];
	char err[200];
	int count = json_parse_object(out, len - 1, m, 32, err, sizeof err);
	assert_int_equal(count, 19);   /* every member of the schema */
	struct finding_row row;
	assert_int_equal(jsonl_read_finding(m, count, &row, err, sizeof err), 0);
	assert_string_equal(row.file, "games.pgn");
	assert_int_equal(row.game, 3);
	assert_true(row.line == (long long)1 << 40);
	assert_int_equal(row.column, 9);
	assert_int_equal(row.ply, 11);
	assert_int_equal(row.move_number, 6);
	assert_string_equal(row.side, "black");
	assert_string_equal(row.san, "Be3");
	assert_int_equal(row.code, CHECK_ILLEGAL_MOVE);
	assert_int_equal(row.severity, SEVERITY_ERROR);
	assert_string_equal(row.rule, "FIDE 3.9");
	assert_string_equal(row.message, f.message);
	assert_string_equal(row.fen, f.fen);
	assert_string_equal(row.suggestion, "Bf4");
	assert_string_equal(row.white, "Morphy, Paul");
	assert_string_equal(row.black, "Duke Karl");
	assert_string_equal(row.event, "Paris");
	assert_string_equal(row.round, "2.1");
	assert_string_equal(row.date, "1858.??.??");
	free(out);
}

static void test_jsonl_omits_what_does_not_apply(void **state)
{
	(void)state;
	struct finding f;
	memset(&f, 0, sizeof f);
	f.code = CHECK_MISSING_RESULT;
	f.severity = SEVERITY_WARNING;
	f.side = -1;
	strcpy(f.message, "no result");
	struct game_label bare = { "-", 1, NULL, NULL, NULL, NULL, NULL };
	char *out = render(REPORT_JSONL, 0, &bare, &f);
	assert_string_equal(out, "{\"file\":\"-\",\"game\":1,\"code\":\"missing-result\",\"severity\":\"warning\","
				 "\"message\":\"no result\"}\n");
	free(out);
}

static void test_latin1_and_control_bytes(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	/* "Réti" in Latin-1, a valid UTF-8 "Ä", a tab and a bell. */
	struct game_label g = { "x.pgn", 1, "R\xe9ti", "\xc3\x84", NULL, NULL, NULL };
	strcpy(f.message, "a\tb\x07");
	char *out = render(REPORT_JSONL, 0, &g, &f);
	assert_non_null(strstr(out, "\"white\":\"R\xc3\xa9ti\""));
	assert_non_null(strstr(out, "\"black\":\"\xc3\x84\""));
	assert_non_null(strstr(out, "\"message\":\"a\\tb\\u0007\""));
	free(out);
}

static void test_csv(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	char *out = render(REPORT_CSV, 0, &label, &f);
	const char *header = "file,game,line,column,ply,move_number,side,san,code,severity,rule,message,fen,"
			     "suggestion,white,black,event,round,date,variation,illegal_since,other_file,other_game,other_line\n";
	assert_memory_equal(out, header, strlen(header));
	assert_string_equal(out + strlen(header),
		"games.pgn,3,14,9,11,6,white,Be3,illegal-move,error,FIDE 3.9,"
		"\"6. Be3 is illegal: the bishop on d2 is \"\"pinned\"\"\",4k3/8/8/8/8/8/8/4K3 w - - 0 1,,"
		"\"Morphy, Paul\",Duke Karl / Count Isouard,Paris,?,,,,,,\n");
	free(out);
	/* Inside a variation: the plies its enclosing variations replace. */
	f.variation_depth = 2;
	f.variation[0] = 24;
	f.variation[1] = 25;
	out = render(REPORT_CSV, 0, &label, &f);
	size_t n = strlen(out);
	assert_true(n > 11 && strcmp(out + n - 11, ",24 25,,,,\n") == 0);
	free(out);
	out = render(REPORT_JSONL, 0, &label, &f);
	assert_non_null(strstr(out, "\"side\":\"white\",\"variation\":[24,25],\"san\":\"Be3\""));
	free(out);
	/* After an illegal move that stood: its ply, last in CSV. */
	f.illegal_since = 17;
	out = render(REPORT_CSV, 0, &label, &f);
	n = strlen(out);
	assert_true(n > 13 && strcmp(out + n - 13, ",24 25,17,,,\n") == 0);
	free(out);
	out = render(REPORT_JSONL, 0, &label, &f);
	assert_non_null(strstr(out, "\"variation\":[24,25],\"illegal_since\":17,\"san\":\"Be3\""));
	free(out);
	f.variation_depth = 0;
	out = render(REPORT_JSONL, 0, &label, &f);
	assert_null(strstr(out, "variation"));
	free(out);
	/* A collection finding names the other game: last in CSV, after the
	 * game's own fields in JSON Lines, and a line of text. */
	f.illegal_since = 0;
	f.other_file = "b, c.pgn";
	f.other_game = 12;
	f.other_line = 340;
	out = render(REPORT_CSV, 0, &label, &f);
	n = strlen(out);
	const char *tail = ",,,\"b, c.pgn\",12,340\n";
	assert_true(n > strlen(tail) && strcmp(out + n - strlen(tail), tail) == 0);
	free(out);
	out = render(REPORT_JSONL, 0, &label, &f);
	assert_non_null(strstr(out, "\"other_file\":\"b, c.pgn\",\"other_game\":12,\"other_line\":340,\"san\""));
	free(out);
	out = render(REPORT_TEXT, 0, &label, &f);
	assert_non_null(strstr(out, "\n  the other game: b, c.pgn:340: game 12\n"));
	free(out);
}

/* A comment's CR LF, a tab and an escape in a field: escaped as the text
 * format escapes them, so that every row is one line. */
static void test_csv_escapes_controls(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	strcpy(f.message, "said {one\r\ntwo}\tand \x1b[31mred");
	struct game_label g = label;
	g.event = "Paris\n1858";
	char *out = render(REPORT_CSV, 0, &g, &f);
	const char *row = strchr(out, '\n') + 1;
	assert_string_equal(strchr(row, '\n'), "\n");   /* one line */
	assert_non_null(strstr(row, ",said {one\\x0D\\x0Atwo}\\x09and \\x1B[31mred,"));
	assert_non_null(strstr(row, ",Paris\\x0A1858,"));
	free(out);
}

static void test_text(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	char *out = render(REPORT_TEXT, 0, &label, &f);
	assert_string_equal(out,
		"games.pgn:14:9: error: illegal-move: 6. Be3 is illegal: the bishop on d2 is \"pinned\" [FIDE 3.9]\n"
		"  in game 3: Morphy, Paul - Duke Karl / Count Isouard, Paris\n");
	free(out);
	out = render(REPORT_TEXT, 1, &label, &f);
	assert_non_null(strstr(out, "\033[1;31merror\033[0m"));
	free(out);
}

/* The text format is read on terminals: what comes from the input (file
 * name, tags, message, suggestion) has its control characters escaped,
 * C0 and DEL as \xHH and C1 as \uHHHH (in UTF-8, or a byte 0x80-0x9F that
 * is not UTF-8), and every other character is kept: "ā" is C4 81, whose
 * second byte is not C1. */
static void test_text_escapes_controls(void **state)
{
	(void)state;
	struct finding f = illegal_finding();
	struct game_label g = { "a\033[2J.pgn", 1, "X\033]0;t\007", "\xc4\x81\xc2\x9b\x9b\xe9", "tab\there", "\x7f", NULL };
	strcpy(f.message, "line\nforged: error");
	strcpy(f.suggestion, "Nf3\r");
	char *out = render(REPORT_TEXT, 0, &g, &f);
	assert_string_equal(out,
		"a\\x1B[2J.pgn:14:9: error: illegal-move: line\\x0Aforged: error [FIDE 3.9]\n"
		"  suggestion: Nf3\\x0D\n"
		"  in game 1: X\\x1B]0;t\\x07 - \xc4\x81\\u009B\\u009B\xc3\xa9, tab\\x09here, round \\x7F\n");
	free(out);
	/* Plain text is unchanged: byte for byte what outbuf_put_utf8 writes. */
	struct outbuf a = { 0 }, b = { 0 };
	const char *plain = "Réti – Nf3 {ok} \xc3\x84 \xc2\xa0\xc2\xa9\xc2\xbb";
	outbuf_put_visible(&a, plain);
	outbuf_put_utf8(&b, plain);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	free(a.data);
	free(b.data);
	/* The bidirectional overrides and isolates (issue 24): U+202E would
	 * show the rest of the line reversed; the marks U+200E/F and the
	 * other punctuation of that block stay. */
	struct outbuf c = { 0 };
	outbuf_put_visible(&c, "A\xe2\x80\xae" "B\xe2\x81\xa6" "C\xe2\x80\xaa" "D\xe2\x81\xa9" "E\xe2\x80\x8f\xe2\x80\x93"); // NOLINT(misc-misleading-bidirectional): the test is about them
	outbuf_put(&c, "", 1);
	assert_string_equal(c.data, "A\\u202EB\\u2066C\\u202AD\\u2069E\xe2\x80\x8f\xe2\x80\x93");
	free(c.data);
}

/* Game and line numbers left out and marked (as a worker thread renders
 * them, counting a piece's games and lines from 1) are where the numbers
 * would have been written, in every format: put in with the game numbers
 * and the lines moved by the piece's first line, the buffer is what the
 * direct rendering gives. */
static void test_game_marks(void **state)
{
	struct finding f = illegal_finding(), in_piece = f;
	(void)state;
	in_piece.line = f.line - 10; /* the piece starts on line 11 */
	for (int format = REPORT_TEXT; format <= REPORT_CSV; format++) {
		struct game_marks marks = { 0 };
		struct report r = { .format = (enum report_format)format, .marks = &marks };
		struct game_label g = label, g5 = label;
		g5.game = 5;
		char *first = render((enum report_format)format, 0, &label, &f);
		char *second = render((enum report_format)format, 0, &g5, &f);
		report_begin(&r);
		size_t header = r.buf.len;
		g.game = 1;
		report_finding(&r, &g, &in_piece);
		g.game = 3;
		report_finding(&r, &g, &in_piece);
		/* A game number and a line each (in the order of the format). */
		assert_int_equal(marks.count, 4);
		int games = 0, lines = 0;
		for (size_t i = 0; i < marks.count; i++) {
			if (marks.value[i] > 0)
				games = 10 * games + (int)marks.value[i];
			else
				lines += marks.value[i] == -(int64_t)in_piece.line;
		}
		assert_int_equal(games, 13);
		assert_int_equal(lines, 2);
		char rebuilt[4096], direct[4096];
		size_t from = header, n = (size_t)snprintf(rebuilt, sizeof rebuilt, "%.*s", (int)header, r.buf.data);
		for (size_t i = 0; i < marks.count; i++) {
			int mark = (int)marks.value[i];
			n += (size_t)snprintf(rebuilt + n, sizeof rebuilt - n, "%.*s%d", (int)(marks.at[i] - from),
					      r.buf.data + from, mark > 0 ? 2 + mark : 11 + -mark - 1);
			from = marks.at[i];
		}
		n += (size_t)snprintf(rebuilt + n, sizeof rebuilt - n, "%.*s", (int)(r.buf.len - from), r.buf.data + from);
		/* The direct renderings, the header (CSV) once. */
		size_t m = (size_t)snprintf(direct, sizeof direct, "%s%s", first, second + header);
		assert_int_equal(n, m);
		assert_memory_equal(rebuilt, direct, m);
		free(first);
		free(second);
		free(r.buf.data);
		free(marks.at);
		free(marks.value);
	}
}

/* What test_full_hook's `full` saw: calls, and the bytes and marks it took. */
struct taken {
	int calls;
	size_t bytes, marks;
};

static void take_all(struct report *r, void *ctx)
{
	struct taken *t = ctx;
	t->calls++;
	t->bytes += r->buf.len;
	t->marks += r->marks->count;
	r->buf.len = 0;
	r->marks->count = 0;
}

/* A batch's buffer (no stream) goes to `full` once it holds full_at bytes,
 * after the finding that fills it, and not before; without `full` it grows. */
static void test_full_hook(void **state)
{
	struct finding f = illegal_finding();
	(void)state;
	char *rendered = render(REPORT_JSONL, 0, &label, &f);
	size_t one = strlen(rendered);
	free(rendered);
	struct game_marks marks = { 0 };
	struct taken t = { 0 };
	struct report r = { .format = REPORT_JSONL, .marks = &marks, .full = take_all, .full_ctx = &t,
			    .full_at = 3 * one - one / 2 };
	report_finding(&r, &label, &f);
	report_finding(&r, &label, &f);
	assert_int_equal(t.calls, 0);
	report_finding(&r, &label, &f);
	assert_int_equal(t.calls, 1);
	assert_int_equal(r.buf.len, 0);
	assert_int_equal(marks.count, 0);
	report_finding(&r, &label, &f);
	assert_int_equal(t.calls, 1);
	/* The marks leave with their bytes: a game number and a line each. */
	assert_true(t.bytes > 2 * one && t.bytes < 3 * one);
	assert_int_equal(t.marks, 6);
	r.full = NULL;
	for (int i = 0; i < 5; i++)
		report_finding(&r, &label, &f);
	assert_int_equal(t.calls, 1);
	assert_true(r.buf.len > 5 * one);
	free(r.buf.data);
	free(marks.at);
	free(marks.value);
}

static void test_format_names(void **state)
{
	(void)state;
	assert_int_equal(report_format_from_name("text"), REPORT_TEXT);
	assert_int_equal(report_format_from_name("jsonl"), REPORT_JSONL);
	assert_int_equal(report_format_from_name("csv"), REPORT_CSV);
	assert_int_equal(report_format_from_name("xml"), -1);
	assert_int_equal(check_code_from_name("illegal-move", 12), CHECK_ILLEGAL_MOVE);
	assert_int_equal(check_code_from_name("illegal", 7), -1);
}

/* outbuf_put_int writes what "%lld" writes, at both ends of the range too. */
static void test_put_int(void **state)
{
	(void)state;
	static const long long values[] = { 0, 7, -7, 10, 65535, 4294967295LL, -2147483648LL,
					    9223372036854775807LL, -9223372036854775807LL - 1 };
	struct outbuf b = { 0 };
	char expected[512] = "";
	size_t used = 0;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		outbuf_put_int(&b, values[i]);
		outbuf_puts(&b, " ");
		used += (size_t)snprintf(expected + used, sizeof expected - used, "%lld ", values[i]);
	}
	assert_int_equal(b.len, used);
	assert_memory_equal(b.data, expected, used);
	free(b.data);
}

/* A clocks record (check --clocks) in a buffer, NUL-terminated. */
static char *render_clocks(const struct game_label *g, uint64_t line, const struct clock_series *s)
{
	struct report r = { .format = REPORT_JSONL };
	jsonl_clocks(&r, g, line, s);
	outbuf_put(&r.buf, "", 1);
	return r.buf.data;
}

static int parse_clocks(char *text, struct clock_row *row, int *ply, int64_t *ms, char *err, size_t errlen)
{
	struct json_member m[32];
	int count = json_parse_object(text, strlen(text), m, 32, err, errlen);
	if (count < 0)
		fail_msg("not JSON: %s: %s", err, text);
	return jsonl_read_clocks(m, count, row, ply, ms, err, errlen);
}

/* What jsonl_clocks writes, jsonl_read_clocks reads back: the times in
 * seconds with the fractions they have, below zero too. */
static void test_clocks_record(void **state)
{
	(void)state;
	static const int ply[] = { 1, 2, 3, 5 };
	static const int64_t ms[] = { 5400000, 5399500, 5370125, -2000 };
	struct clock_series s = { 4, ply, ms, "40/5400+30:1800+30", 1, { 1234500, -1 }, { -2000, 5399500 } };
	char *text = render_clocks(&label, 11, &s);
	assert_non_null(strstr(text, "\"record\":\"clocks\",\"file\":\"games.pgn\",\"game\":3,\"line\":11,"));
	assert_non_null(strstr(text, "\"first\":\"black\""));
	assert_non_null(strstr(text, "\"white_used\":1234.5,\"white_left\":-2,\"black_left\":5399.5,"));
	assert_null(strstr(text, "black_used"));
	assert_non_null(strstr(text, "\"plies\":[1,2,3,5],\"clocks\":[5400,5399.5,5370.125,-2]}\n"));
	struct clock_row row;
	int back_ply[CLOCKS_MAX];
	int64_t back_ms[8];
	char err[200];
	assert_int_equal(parse_clocks(text, &row, back_ply, back_ms, err, sizeof err), 1);
	assert_string_equal(row.file, "games.pgn");
	assert_int_equal(row.game, 3);
	assert_int_equal(row.line, 11);
	assert_string_equal(row.white, "Morphy, Paul");
	assert_string_equal(row.s.time_control, "40/5400+30:1800+30");
	assert_int_equal(row.s.black_first, 1);
	assert_int_equal(row.s.count, 4);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(back_ply[i], ply[i]);
		assert_int_equal(back_ms[i], ms[i]);
	}
	assert_int_equal(row.s.used[0], 1234500);
	assert_int_equal(row.s.used[1], -1);
	assert_int_equal(row.s.left[0], -2000);
	assert_int_equal(row.s.left[1], 5399500);
	free(text);
}

/* A line that is not a clocks record is not one (0); one that is wrong is
 * refused with its reason (-1). */
static void test_clocks_record_refused(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		int expect;
		const char *reason;
	} cases[] = {
		{ "{\"record\":\"file\",\"file\":\"a\"}", 0, NULL },
		{ "{\"file\":\"a\",\"game\":1,\"code\":\"syntax\"}", 0, NULL },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"plies\":[1,2],\"clocks\":[5]}", -1,
		  "one for each" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"plies\":[2,1],\"clocks\":[5,4]}", -1,
		  "increasing" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"plies\":[],\"clocks\":[]}", -1,
		  "one for each" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"line\":1,\"plies\":[1],\"clocks\":[5]}", -1, "\"game\"" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"plies\":[1],\"clocks\":[5],"
		  "\"white_used\":\"1:00\"}", -1, "white_used" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"first\":\"red\",\"plies\":[1],"
		  "\"clocks\":[5]}", -1, "first" },
		{ "{\"record\":\"clocks\",\"file\":\"a\",\"game\":1,\"line\":1,\"plies\":[1],\"clocks\":[5.5]}", 1, NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[256], err[200] = "";
		struct clock_row row;
		int ply[CLOCKS_MAX];
		int64_t ms[4];
		snprintf(text, sizeof text, "%s", cases[i].line);
		int got = parse_clocks(text, &row, ply, ms, err, sizeof err);
		if (got != cases[i].expect)
			fail_msg("case %zu: %d, not %d (%s)", i, got, cases[i].expect, err);
		if (cases[i].reason && !strstr(err, cases[i].reason))
			fail_msg("case %zu: '%s' does not say '%s'", i, err, cases[i].reason);
	}
}

/* The table keeps the `top` games with the least time left, in that order,
 * and counts them all. */
static void test_clock_table(void **state)
{
	(void)state;
	struct clock_table t = { .top = 2 };
	static const int ply[] = { 1, 2 };
	static const int64_t left[][2] = { { 60000, 50000 }, { 1000, 90000 }, { 70000, -1 }, { 30000, 40000 } };
	for (int i = 0; i < 4; i++) {
		struct clock_row row = { .file = "dir/x.pgn", .white = "W", .black = "B", .game = i + 1 };
		row.s = (struct clock_series){ 2, ply, left[i], NULL, 0, { -1, -1 }, { left[i][0], left[i][1] } };
		clock_table_add(&t, &row);
	}
	assert_int_equal(t.games, 4);
	assert_int_equal(t.count, 2);
	assert_int_equal(t.rows[0].game, 2);
	assert_int_equal(t.rows[1].game, 4);
	struct outbuf b = { 0 };
	clock_table_text(&b, &t);
	outbuf_put(&b, "", 1);
	assert_non_null(strstr(b.data, "Clocks: 4 games with clocks; the 2 with the least time left\n"));
	assert_non_null(strstr(b.data, "  x.pgn:2 "));
	assert_non_null(strstr(b.data, "-/0:00:01"));
	free(b.data);
	clock_table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jsonl_fields_and_order),
		cmocka_unit_test(test_jsonl_reads_back_what_it_writes),
		cmocka_unit_test(test_jsonl_omits_what_does_not_apply),
		cmocka_unit_test(test_latin1_and_control_bytes),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_csv_escapes_controls),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_escapes_controls),
		cmocka_unit_test(test_game_marks),
		cmocka_unit_test(test_full_hook),
		cmocka_unit_test(test_format_names),
		cmocka_unit_test(test_put_int),
		cmocka_unit_test(test_clocks_record),
		cmocka_unit_test(test_clocks_record_refused),
		cmocka_unit_test(test_clock_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
