/*
 * test_summary.c - counting findings read back (reports/summary.c), the
 * text and CSV tables (reports/tables.c), the HTML entry of a finding
 * (reports/html.c), and the squares a diagram marks (validator/chess/highlight.c).
 */
#include <stdlib.h>
#include <string.h>

#include "tests/test_util.h"
#include "reports/summary.h"
#include "validator/chess/highlight.h"

static struct finding_row row(const char *file, int game, enum check_code code, enum severity severity,
			      const char *white, const char *black, const char *event, const char *round)
{
	struct finding_row f;
	memset(&f, 0, sizeof f);
	f.file = file;
	f.game = game;
	f.code = code;
	f.severity = severity;
	f.message = "m";
	f.white = white;
	f.black = black;
	f.event = event;
	f.round = round;
	return f;
}

/* Three games: a.pgn 1 (one warning), a.pgn 2 (an error, a warning, an
 * info), b.pgn 1 (two errors). */
static void add_sample(struct summary *s)
{
	struct finding_row f[] = {
		row("a.pgn", 1, CHECK_CHECK_MARK, SEVERITY_WARNING, "Ann", "Bob", "Open", "1"),
		row("a.pgn", 2, CHECK_ILLEGAL_MOVE, SEVERITY_ERROR, "Bob", "Cid", "Open", "2"),
		row("a.pgn", 2, CHECK_CHECK_MARK, SEVERITY_WARNING, "Bob", "Cid", "Open", "2"),
		row("a.pgn", 2, CHECK_MISSED_THREEFOLD, SEVERITY_INFO, "Bob", "Cid", "Open", "2"),
		row("b.pgn", 1, CHECK_BAD_FEN, SEVERITY_ERROR, NULL, NULL, NULL, NULL),
		row("b.pgn", 1, CHECK_BAD_FEN, SEVERITY_WARNING, NULL, NULL, NULL, NULL),
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		summary_add(s, &f[i]);
	summary_finish(s);
}

static struct tally *find_tally(const struct tally_table *t, const char *first)
{
	for (size_t i = 0; i < t->count; i++)
		if (strcmp(tally_part(&t->items[i], 0), first) == 0)
			return &t->items[i];
	return NULL;
}

static void test_counts(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 10, 0);
	add_sample(&s);
	assert_int_equal(s.findings, 6);
	assert_int_equal(s.games, 3);
	assert_int_equal(s.by_severity[SEVERITY_ERROR], 2);
	assert_int_equal(s.by_severity[SEVERITY_WARNING], 3);
	assert_int_equal(s.by_severity[SEVERITY_INFO], 1);
	assert_int_equal(s.by_code[CHECK_CHECK_MARK][SEVERITY_WARNING], 2);
	assert_int_equal(s.by_code[CHECK_BAD_FEN][SEVERITY_ERROR], 1);
	assert_int_equal(s.by_code[CHECK_BAD_FEN][SEVERITY_WARNING], 1);
	assert_int_equal(s.files.count, 2);
	assert_int_equal(find_tally(&s.files, "a.pgn")->games, 2);
	/* Bob played both games of a.pgn: 2 games, 4 findings. */
	struct tally *bob = find_tally(&s.players, "Bob");
	assert_int_equal(bob->games, 2);
	assert_int_equal(tally_findings(bob), 4);
	assert_int_equal(tally_findings(find_tally(&s.players, "Ann")), 1);
	/* Events are told apart by round; no event is its own entry. */
	assert_int_equal(s.events.count, 3);
	struct tally **sorted = tally_sorted(&s.events);
	assert_string_equal(tally_part(sorted[0], 0), "Open");
	assert_string_equal(tally_part(sorted[0], 1), "2");
	assert_int_equal(tally_findings(sorted[0]), 3);
	free(sorted);
	/* Worst first: a.pgn 2 and b.pgn 1 have an error and a warning each;
	 * the info of a.pgn 2 decides.  a.pgn 1 has a warning only. */
	assert_int_equal(s.worst_count, 3);
	assert_string_equal(s.worst[0].file, "a.pgn");
	assert_int_equal(s.worst[0].game, 2);
	assert_string_equal(s.worst[1].file, "b.pgn");
	assert_string_equal(s.worst[2].file, "a.pgn");
	assert_int_equal(s.worst[2].game, 1);
	summary_free(&s);
}

static void test_worst_is_bounded(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 2, 0);
	for (int g = 1; g <= 100; g++) {
		struct finding_row f = row("x.pgn", g, CHECK_CHECK_MARK, SEVERITY_WARNING, "A", "B", "E", "1");
		for (int i = 0; i < g % 7; i++)
			summary_add(&s, &f);
	}
	summary_finish(&s);
	assert_int_equal(s.games, 86); /* every seventh game has no finding */
	assert_int_equal(s.worst_count, 2);
	/* Six warnings first at game 6, then at 13: ties keep input order. */
	assert_int_equal(s.worst[0].game, 6);
	assert_int_equal(s.worst[0].by_severity[SEVERITY_WARNING], 6);
	assert_int_equal(s.worst[1].game, 13);
	summary_free(&s);
}

static char *text_of(const struct summary *s, int top)
{
	struct outbuf b = { 0 };
	summary_text(&b, s, top);
	outbuf_put(&b, "", 1);
	return b.data;
}

static size_t code_points(const char *s, size_t n)
{
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += ((unsigned char)s[i] & 0xC0) != 0x80;
	return count;
}

static void test_text_fits_100_columns(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 20, 0);
	char long_name[300];
	memset(long_name, 'x', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = '\0';
	memcpy(long_name, "R\xC3\xA9ti ", 6);
	struct finding_row f = row(long_name, 123456, CHECK_ILLEGAL_MOVE, SEVERITY_ERROR, long_name, long_name,
				   long_name, long_name);
	summary_add(&s, &f);
	summary_finish(&s);
	char *text = text_of(&s, 20);
	for (char *line = text; *line;) {
		char *nl = strchr(line, '\n');
		assert_non_null(nl);
		if (code_points(line, (size_t)(nl - line)) > 100)
			fail_msg("longer than 100 columns: %.*s", (int)(nl - line), line);
		line = nl + 1;
	}
	assert_non_null(strstr(text, "1 finding in 1 game of 1 file: 1 error, 0 warnings, 0 info\n"));
	assert_non_null(strstr(text, "  R\xC3\xA9ti xxx"));
	assert_non_null(strstr(text, "x\xE2\x80\xA6  ")); /* cut with an ellipsis */
	assert_non_null(strstr(text, "  \xE2\x80\xA6xxxxxxxxxxxxxxxxxxxxxx:123456  "));
	free(text);
	summary_free(&s);
}

/* A string of n copies of s. */
static char *repeat(const char *s, int n)
{
	size_t len = strlen(s);
	char *r = malloc(len * (size_t)n + 1);
	assert_non_null(r);
	for (int i = 0; i < n; i++)
		memcpy(r + len * (size_t)i, s, len);
	r[len * (size_t)n] = '\0';
	return r;
}

/* Columns are counted as a terminal shows them: a CJK character takes two,
 * a combining accent none, so the numbers after a name line up. */
static void test_text_wide_characters(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 20, 0);
	/* 王皓, 4 columns; José with a combining acute, 4 columns; an event of
	 * 30 Chinese characters, 60 columns, for a column of 42. */
	const char *wang = "\xE7\x8E\x8B\xE7\x9A\x93", *jose = "Jose\xCC\x81";
	char *event = repeat("\xE6\xA3\x8B", 30);
	struct finding_row f = row("a.pgn", 1, CHECK_ILLEGAL_MOVE, SEVERITY_ERROR, wang, jose, event, "1");
	summary_add(&s, &f);
	summary_finish(&s);
	char *text = text_of(&s, 20);
	/* The player column is 54 wide, then "  " and the games in 5. */
	char *spaces = repeat(" ", 56), want[256];
	snprintf(want, sizeof want, "  %s%s1", wang, spaces);
	assert_non_null(strstr(text, want));
	snprintf(want, sizeof want, "  %s%s1", jose, spaces);
	assert_non_null(strstr(text, want));
	/* 20 characters (40 columns), the ellipsis, one blank for the half
	 * character that did not fit: 42 columns; then "  " and the round. */
	char *kept = repeat("\xE6\xA3\x8B", 20);
	snprintf(want, sizeof want, "  %s\xE2\x80\xA6   1 ", kept);
	assert_non_null(strstr(text, want));
	/* The worst-games table: "王皓 - José" is 11 columns of 29. */
	free(spaces);
	spaces = repeat(" ", 18);
	snprintf(want, sizeof want, "%s - %s%s  ", wang, jose, spaces);
	assert_non_null(strstr(text, want));
	free(kept);
	free(spaces);
	free(event);
	free(text);
	summary_free(&s);
}

static void test_text_top(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 1, 0);
	add_sample(&s);
	char *text = text_of(&s, 1);
	assert_non_null(strstr(text, "6 findings in 3 games of 2 files: 2 errors, 3 warnings, 1 info\n"));
	assert_non_null(strstr(text, "  ... and 2 more events and rounds (--top 0 shows every one)\n"));
	assert_non_null(strstr(text, "  ... and 2 more games with errors or warnings"));
	assert_non_null(strstr(text, "  illegal-move                     1         -       -       1\n"));
	free(text);
	summary_free(&s);
}

/* Information ranks nothing: a game with only info findings is not among
 * the worst, and infos do not put a game above another with as many
 * errors and warnings that came first. */
static void test_info_ranks_nothing(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 10, 0);
	const struct finding_row rows[] = {
		row("a.pgn", 1, CHECK_MISSED_THREEFOLD, SEVERITY_INFO, "Ann", "Bob", "Open", "1"),
		row("a.pgn", 1, CHECK_MISSED_FIFTY_MOVE, SEVERITY_INFO, "Ann", "Bob", "Open", "1"),
		row("a.pgn", 2, CHECK_CHECK_MARK, SEVERITY_WARNING, "Bob", "Cid", "Open", "2"),
		row("a.pgn", 3, CHECK_CHECK_MARK, SEVERITY_WARNING, "Cid", "Dan", "Open", "3"),
		row("a.pgn", 3, CHECK_MISSED_THREEFOLD, SEVERITY_INFO, "Cid", "Dan", "Open", "3"),
		row("a.pgn", 3, CHECK_MISSED_THREEFOLD, SEVERITY_INFO, "Cid", "Dan", "Open", "3"),
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		summary_add(&s, &rows[i]);
	summary_finish(&s);
	assert_int_equal(s.worst_count, 2);
	assert_int_equal(s.worst[0].game, 2);
	assert_int_equal(s.worst[1].game, 3);
	assert_int_equal(s.problem_games, 2);
	summary_free(&s);
}

static void test_csv(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 0, 1);
	struct finding_row f = row("a.pgn", 1, CHECK_CHECK_MARK, SEVERITY_WARNING, "Doe, \"J\"", "Roe", "Open", "1");
	summary_add(&s, &f);
	summary_finish(&s);
	struct outbuf b = { 0 };
	summary_csv(&b, &s, GROUP_PLAYER);
	outbuf_put(&b, "", 1);
	assert_string_equal(b.data, "player,code,severity,count\n"
				    "\"Doe, \"\"J\"\"\",check-mark,warning,1\n"
				    "Roe,check-mark,warning,1\n");
	b.len = 0;
	summary_csv(&b, &s, GROUP_EVENT);
	outbuf_put(&b, "", 1);
	assert_string_equal(b.data, "event,round,code,severity,count\nOpen,1,check-mark,warning,1\n");
	b.len = 0;
	summary_csv(&b, &s, GROUP_CODE);
	outbuf_put(&b, "", 1);
	assert_string_equal(b.data, "code,severity,count\ncheck-mark,warning,1\n");
	free(b.data);
	summary_free(&s);
}

/* A CSV grouped by one table keeps that table only (issue 24): counts of
 * every player for a CSV by event took 1.6 GB for 2 million players.  The
 * CSV is what the whole summary gives. */
static void test_csv_keeps_its_group_only(void **state)
{
	(void)state;
	static const enum summary_group groups[] = { GROUP_CODE, GROUP_EVENT, GROUP_PLAYER, GROUP_FILE };
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
		struct summary all, only;
		summary_init(&all, 0, 1);
		summary_init(&only, 0, 0);
		summary_group_only(&only, groups[g]);
		struct finding_row f = row("a.pgn", 1, CHECK_CHECK_MARK, SEVERITY_WARNING, "Doe", "Roe", "Open", "1");
		struct finding_row h = row("b.pgn", 2, CHECK_MATE_MARK, SEVERITY_WARNING, "Poe", "Doe", "Cup", "2");
		summary_add(&all, &f);
		summary_add(&all, &h);
		summary_add(&only, &f);
		summary_add(&only, &h);
		summary_finish(&all);
		summary_finish(&only);
		assert_int_equal(only.events.count, groups[g] == GROUP_EVENT ? 2 : 0);
		assert_int_equal(only.players.count, groups[g] == GROUP_PLAYER ? 3 : 0);
		assert_int_equal(only.files.count, groups[g] == GROUP_FILE ? 2 : 0);
		struct outbuf a = { 0 }, b = { 0 };
		summary_csv(&a, &all, groups[g]);
		summary_csv(&b, &only, groups[g]);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.data, b.data, a.len);
		free(a.data);
		free(b.data);
		summary_free(&all);
		summary_free(&only);
	}
}

static void test_html_entry_is_escaped(void **state)
{
	(void)state;
	struct finding_row f = row("<a>.pgn", 3, CHECK_ILLEGAL_MOVE, SEVERITY_ERROR, "O'Kelly & \"Co\"", NULL,
				   NULL, NULL);
	f.message = "<script>alert(1)</script>";
	f.fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
	f.san = "Kb2";
	f.side = "white";
	f.move_number = 40;
	f.highlight = (1ULL << 0) | (1ULL << 9);
	struct outbuf b = { 0 };
	html_finding(&b, &f, 1);
	outbuf_put(&b, "", 1);
	assert_non_null(strstr(b.data, "data-fen=\"8/8/8/8/8/8/8/K1k5 w - - 0 1\" data-hl=\"a1 b2\""));
	assert_non_null(strstr(b.data, "&lt;a&gt;.pgn, game 3"));
	assert_non_null(strstr(b.data, "O&#39;Kelly &amp; &quot;Co&quot;"));
	assert_non_null(strstr(b.data, "&lt;script&gt;alert(1)&lt;/script&gt;"));
	assert_non_null(strstr(b.data, "<p class=\"mv\">40. Kb2</p>"));
	assert_null(strstr(b.data, "<script>"));
	free(b.data);
}

#define SQ(name) (1ULL << (((name)[0] - 'a') + 8 * ((name)[1] - '1')))

static void test_highlight(void **state)
{
	(void)state;
	const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	assert_int_equal(move_highlight(start, "e4"), SQ("e2") | SQ("e4"));
	assert_int_equal(move_highlight(start, "Nf3!?"), SQ("g1") | SQ("f3"));
	/* Castling marks the king's squares. */
	assert_int_equal(move_highlight("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O"), SQ("e8") | SQ("c8"));
	/* Illegal: what the text names (testdata/check/illegal.pgn game 2). */
	assert_int_equal(move_highlight("rnbqk1nr/pppp1ppp/8/2b1p3/4P3/8/PPPPKPPP/RNBQ1BNR w kq - 2 3", "Ke3"),
			 SQ("e3"));
	assert_int_equal(move_highlight(start, "e2e5"), SQ("e2") | SQ("e5"));
	assert_int_equal(move_highlight(start, "O-O"), SQ("e1"));
	/* Ambiguous: the destination and every piece that could go there. */
	assert_int_equal(move_highlight("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", "Ne2"),
			 SQ("c1") | SQ("g1") | SQ("e2"));
	/* Nothing to mark. */
	assert_int_equal(move_highlight("not a fen", "e4"), 0);
	assert_int_equal(move_highlight(start, "Sf3"), 0);
	assert_int_equal(move_highlight(start, NULL), 0);
	assert_int_equal(move_highlight(NULL, "e4"), 0);
}

int main(void)
{
	attacks_init();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_worst_is_bounded),
		cmocka_unit_test(test_text_fits_100_columns),
		cmocka_unit_test(test_text_wide_characters),
		cmocka_unit_test(test_text_top),
		cmocka_unit_test(test_info_ranks_nothing),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_csv_keeps_its_group_only),
		cmocka_unit_test(test_html_entry_is_escaped),
		cmocka_unit_test(test_highlight),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
