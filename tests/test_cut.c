/*
 * test_cut.c - parser/cut.c: where check -j cuts text into pieces.
 */
#include "tests/test_util.h"

#include <stdlib.h>
#include <string.h>

#include "parser/cut.h"

/* The offset of the cut pgn_find_cut makes in text, or -1 for none. */
static long cut_in(const char *text)
{
	size_t at = pgn_find_cut((const unsigned char *)text, strlen(text));
	return at == 0 ? -1 : (long)at;
}

/* The offset of the first occurrence of marker in text. */
static long offset_of(const char *text, const char *marker)
{
	const char *p = strstr(text, marker);
	assert_non_null(p);
	return (long)(p - text);
}

static void test_after_a_result(void **state)
{
	(void)state;
	const char *t = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
	assert_int_equal(cut_in(t), offset_of(t, "[Event \"b\""));
	/* The last place counts; any tag after a result line, CRLF or CR. */
	t = "1. e4 0-1\r\n[Site \"x\"]\r\n1. d4 1/2-1/2\r\n\r\n[White \"y\"]\r\n";
	assert_int_equal(cut_in(t), offset_of(t, "[White"));
	t = "1. e4 *\r\r[Black \"z\"]\r";
	assert_int_equal(cut_in(t), offset_of(t, "[Black"));
	/* A result that does not stand alone, a tag line after tags, a `[`
	 * without a letter: no cut. */
	assert_int_equal(cut_in("1. e4 e5 21-0\n\n[Site \"b\"]\n"), -1);
	assert_int_equal(cut_in("[Event \"a\"]\n[Site \"b\"]\n[Date \"c\"]\n"), -1);
	assert_int_equal(cut_in("1. e4 1-0\n\n[%clk 0:01:00]\n"), -1);
	assert_int_equal(cut_in("1-0\n[\n"), -1);
	assert_int_equal(cut_in(""), -1);
}

static void test_before_semicolon_comments(void **state)
{
	(void)state;
	/* TCEC: the comments after the result go with the next game. */
	const char *t = "1.e4 e5 0-1 \n; { Game Nr. 1 : B wins\n; GameDuration = 05:59:32 }\n\n\n[Event \"b\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, "; { Game"));
	t = "1.e4 e5 1-0\n;{ a comment\n; over two lines }\n[Event \"b\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, ";{ a comment"));
	/* Other TCEC archives: the comment is on the result's line.  The cut
	 * is inside that line, just after the result. */
	t = "1.e4 e5 0-1 ; { Game Nr. 1 : B wins ; GameDuration = 05:59:32 }\n\n[Event \"b\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, " ; { Game"));
	t = "[Event \"a\"]\n\n1. e4 1/2-1/2\t;x\r\n; y\r\n[Site \"b\"]\r\n";
	assert_int_equal(cut_in(t), offset_of(t, "\t;x"));
	/* A result inside braces, or not alone, before the `;` is none. */
	t = "1. e4 {won 1-0; resigned}\n\n[Event \"b\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, "[Event \"b\""));
	assert_int_equal(cut_in("1. e4 {x} e5 21-0 ; y\n[Site \"b\"]\n"), -1);
	assert_int_equal(cut_in("1. e4 { 1-0 } 0-1; y\n[Site \"b\"]\n") > 0, 1);
}

static void test_event_after_a_blank_line(void **state)
{
	(void)state;
	/* A result with a comment after it on its line, and a game without a
	 * result: only an Event tag after a blank line is taken then. */
	const char *t = "1. e4 e5 1-0 {White won on time}\n\n[Event \"b\"]\n[Site \"c\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, "[Event \"b\""));
	t = "1. e4 e5 2. Nf3\n\n[Event\"b\"]\n";
	assert_int_equal(cut_in(t), offset_of(t, "[Event\"b\""));
	assert_int_equal(cut_in("1. e4 e5 2. Nf3\n\n[Site \"b\"]\n"), -1);
	assert_int_equal(cut_in("1. e4 e5 2. Nf3\n[Event \"b\"]\n"), -1);
	assert_int_equal(cut_in("1. e4 e5 2. Nf3\n\n[EventDate \"b\"]\n"), -1);
	/* Blank lines at the very start are no game before it. */
	assert_int_equal(cut_in("x\n\n\n[Event \"b\"]\n") > 0, 1);
	assert_int_equal(cut_in("\n\n[Event \"b\"]\n"), -1);
}

/* Whether t[from, j) ends with a result that stands alone. */
static int result_ends_at(const unsigned char *t, size_t from, size_t j)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
	for (int r = 0; r < 4; r++) {
		size_t n = strlen(results[r]);
		if (j - from >= n && memcmp(t + j - n, results[r], n) == 0 &&
		    (j - n == 0 || strchr(" \t\n\r})", t[j - n - 1])))
			return 1;
	}
	return 0;
}

/* pgn_find_cut written a byte at a time, as simply as it goes, for
 * comparing. */
static size_t find_cut_slowly(const unsigned char *t, size_t len)
{
	for (size_t i = len < 3 ? 0 : len - 1; i-- > 1;) {
		if (t[i] != '[' || (t[i - 1] != '\n' && t[i - 1] != '\r'))
			continue;
		unsigned char c = t[i + 1];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
			continue;
		size_t cut = i, line = i;
		int blank_before = 0;
		while (line > 0) {
			size_t j = line;
			if (t[j - 1] == '\n' && j > 1 && t[j - 2] == '\r')
				j--;
			j--;
			while (j > 0 && t[j - 1] != '\n' && t[j - 1] != '\r')
				j--;
			size_t from = j, k;
			for (k = from; k < line && strchr(" \t\n\r", t[k]); k++)
				;
			if (k == line) {
				blank_before = 1;
				line = from;
				continue;
			}
			if (t[from] == ';') {
				line = cut = from;
				continue;
			}
			j = line;
			while (j > from && strchr(" \t\n\r", t[j - 1]))
				j--;
			if (result_ends_at(t, from, j))
				return cut;
			/* A result before the line's first `;`, not in braces. */
			size_t semicolon = from;
			while (semicolon < j && t[semicolon] != ';')
				semicolon++;
			if (semicolon < j) {
				size_t e = semicolon;
				while (e > from && (t[e - 1] == ' ' || t[e - 1] == '\t'))
					e--;
				int in_braces = 0;
				for (size_t b = from; b < e; b++)
					in_braces = t[b] == '{' ? 1 : t[b] == '}' ? 0 : in_braces;
				if (e > from && !in_braces && result_ends_at(t, from, e))
					return e;
			}
			if (blank_before && i + 7 <= len && memcmp(t + i, "[Event", 6) == 0 &&
			    (t[i + 6] == ' ' || t[i + 6] == '"'))
				return i;
			break;
		}
	}
	return 0;
}

/* Texts pieced together from the fragments that decide a cut, with long
 * lines among them (the line and bracket scans go sixteen bytes at a
 * time): the cut is the same as the slow scan's at every length. */
static void test_cut_same_as_slow_scan(void **state)
{
	(void)state;
	static const char *const parts[] = {
		"[Event \"x\"]\n", "[Site \"y\"]\r\n", "[Event\"z\"]\r", "\n", "\r\n", "\r", "  \t",
		"1. e4 e5 ", "1-0", "0-1 ", "1/2-1/2", "*", "21-0", "{c} ", ") ", "; a ; comment\n",
		";{ x }\r\n", "[%clk 1]", "[", "a", "Z", " ; {Game 1}", "{ 1-0 ", "}", "\t;",
	};
	static unsigned char text[4000];
	uint32_t seed = 777;
	for (int round = 0; round < 300; round++) {
		size_t len = 0;
		while (len < sizeof text - 200) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = (seed >> 16) % 40;
			if (r < sizeof parts / sizeof *parts) {
				size_t n = strlen(parts[r]);
				memcpy(text + len, parts[r], n);
				len += n;
			} else {
				/* A run of movetext without line ends or brackets. */
				size_t n = (seed >> 8) % 90;
				for (size_t k = 0; k < n; k++)
					text[len + k] = (unsigned char)"e4 Nf3 O-O { } . ! x"[k % 20];
				len += n;
			}
		}
		for (size_t n = 0; n <= len; n += 1 + n / 64)
			assert_int_equal(pgn_find_cut(text, n), find_cut_slowly(text, n));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_after_a_result),
		cmocka_unit_test(test_before_semicolon_comments),
		cmocka_unit_test(test_event_after_a_blank_line),
		cmocka_unit_test(test_cut_same_as_slow_scan),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
