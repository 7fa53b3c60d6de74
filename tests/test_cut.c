/*
 * test_cut.c - parser/cut.c: where check -j cuts text into pieces, and the
 * line count that tells a piece where it starts.
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

/* The reader's count: CR, LF and CRLF each end a line. */
static uint32_t lines_slowly(const unsigned char *t, size_t n)
{
	uint32_t lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += t[i] == '\r' || (t[i] == '\n' && (i == 0 || t[i - 1] != '\r'));
	return lines;
}

static void test_count_lines(void **state)
{
	(void)state;
	assert_int_equal(pgn_count_lines((const unsigned char *)"", 0), 0);
	assert_int_equal(pgn_count_lines((const unsigned char *)"a\nb\r\nc\rd\n\n", 10), 5);
	/* Every length and offset up to a few blocks of sixteen, over text
	 * that mixes LF, CR, CRLF and LFCR, and over 70,000 bytes (more than
	 * 255 blocks between two sums). */
	static unsigned char text[70000];
	uint32_t seed = 12345;
	for (size_t i = 0; i < sizeof text; i++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = (seed >> 16) % 8;
		text[i] = r == 0 ? '\n' : r == 1 ? '\r' : (unsigned char)('a' + r);
	}
	for (size_t from = 0; from < 40; from++)
		for (size_t n = 0; n < 80; n++)
			assert_int_equal(pgn_count_lines(text + from, n), lines_slowly(text + from, n));
	assert_int_equal(pgn_count_lines(text, sizeof text), lines_slowly(text, sizeof text));
	memset(text, '\n', sizeof text);
	assert_int_equal(pgn_count_lines(text, sizeof text), sizeof text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_after_a_result),
		cmocka_unit_test(test_before_semicolon_comments),
		cmocka_unit_test(test_event_after_a_blank_line),
		cmocka_unit_test(test_count_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
