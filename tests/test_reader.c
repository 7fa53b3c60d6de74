/*
 * test_reader.c - the streaming PGN reader (parser/pgn.c).
 *
 * Most checks run once per read size in chunk_sizes: 0 reads normally, the
 * others make the stream hand out 1 to N bytes per read, so that every token,
 * tag pair, comment and line end also gets cut by a buffer boundary somewhere.
 * Texts are inline where the exact bytes matter; testdata/reader/ holds the
 * files that exercise reading from disk.
 */
#include "tests/test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "parser/pgn.h"
#include "tests/pieces.h"

#include <glob.h>

static const size_t chunk_sizes[] = {0, 1, 2, 3, 5, 7};

struct reading {
	struct input_stream *stream;
	struct pgn_reader *reader;
	struct pgn_game game;
	char err[256];
};

static void start_bytes(struct reading *rd, const void *data, size_t len, size_t chunk)
{
	rd->stream = stream_open_memory(data, len);
	assert_non_null(rd->stream);
	stream_set_chunk_limit(rd->stream, chunk);
	rd->reader = pgn_reader_new(rd->stream);
	assert_non_null(rd->reader);
	pgn_game_init(&rd->game);
	rd->err[0] = 0;
}

static void start(struct reading *rd, const char *text, size_t chunk)
{
	start_bytes(rd, text, strlen(text), chunk);
}

static int next_game(struct reading *rd)
{
	return pgn_next_game(rd->reader, &rd->game, rd->err, sizeof rd->err);
}

/* Reads the next game, which must be there. */
static const struct pgn_game *expect_game(struct reading *rd)
{
	assert_int_equal(next_game(rd), 1);
	return &rd->game;
}

static void expect_end(struct reading *rd)
{
	assert_int_equal(next_game(rd), 0);
	assert_int_equal(next_game(rd), 0);
}

static void finish(struct reading *rd)
{
	pgn_game_free(&rd->game);
	pgn_reader_free(rd->reader);
	stream_close(rd->stream);
}

static void for_each_chunk(void (*check)(size_t chunk))
{
	for (size_t i = 0; i < sizeof chunk_sizes / sizeof *chunk_sizes; i++)
		check(chunk_sizes[i]);
}

static void expect_token(const struct pgn_game *g, int i, enum token_type type, const char *text,
			 uint32_t line, uint32_t column)
{
	assert_true(i < g->token_count);
	assert_int_equal(g->tokens[i].type, type);
	assert_string_equal(pgn_token_text(g, &g->tokens[i]), text);
	assert_int_equal(g->tokens[i].length, strlen(text));
	assert_int_equal(g->tokens[i].line, line);
	assert_int_equal(g->tokens[i].column, column);
}

static void expect_depths(const struct pgn_game *g, const int *depths, int n)
{
	assert_int_equal(g->token_count, n);
	for (int i = 0; i < n; i++)
		assert_int_equal(g->tokens[i].depth, depths[i]);
}

static void expect_tag(const struct pgn_game *g, int i, const char *name, const char *value,
		       uint32_t line, uint32_t column)
{
	assert_true(i < g->tag_count);
	assert_string_equal(g->arena + g->tags[i].name, name);
	assert_string_equal(g->arena + g->tags[i].value, value);
	assert_int_equal(g->tags[i].value_length, strlen(value));
	assert_int_equal(g->tags[i].line, line);
	assert_int_equal(g->tags[i].column, column);
}

static void expect_problem(const struct pgn_game *g, int i, enum pgn_problem_kind kind,
			   uint32_t line, uint32_t column, const char *words)
{
	assert_true(i < g->problem_count);
	assert_int_equal(g->problems[i].kind, kind);
	assert_int_equal(g->problems[i].line, line);
	assert_int_equal(g->problems[i].column, column);
	if (strstr(g->problems[i].message, words) == NULL)
		fail_msg("problem \"%s\" does not say \"%s\"", g->problems[i].message, words);
}

/* ---- tokens ---- */

static void check_every_token_type(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 {a comment} $14 !?\n"
		   "(1... c5 ; line comment\n"
		   ") 2. Nf3 *\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 13);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 1, 1);
	assert_int_equal(g->tokens[0].number, 1);
	expect_token(g, 1, TOKEN_SYMBOL, "e4", 1, 4);
	expect_token(g, 2, TOKEN_COMMENT, "a comment", 1, 7);
	expect_token(g, 3, TOKEN_NAG, "$14", 1, 19);
	assert_int_equal(g->tokens[3].number, 14);
	expect_token(g, 4, TOKEN_GLYPH, "!?", 1, 23);
	expect_token(g, 5, TOKEN_VARIATION_START, "(", 2, 1);
	expect_token(g, 6, TOKEN_MOVE_NUMBER, "1...", 2, 2);
	expect_token(g, 7, TOKEN_SYMBOL, "c5", 2, 7);
	expect_token(g, 8, TOKEN_COMMENT, " line comment", 2, 10);
	expect_token(g, 9, TOKEN_VARIATION_END, ")", 3, 1);
	expect_token(g, 10, TOKEN_MOVE_NUMBER, "2.", 3, 3);
	expect_token(g, 11, TOKEN_SYMBOL, "Nf3", 3, 6);
	expect_token(g, 12, TOKEN_RESULT, "*", 3, 10);
	assert_int_equal(g->problem_count, 0);
	assert_int_equal(g->tag_count, 0);
	assert_int_equal(g->first_line, 1);
	assert_int_equal(g->start_offset, 0);
	assert_int_equal(g->end_offset, 59);
	assert_int_equal(g->truncated, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_every_token_type(void **state)
{
	(void)state;
	for_each_chunk(check_every_token_type);
}

static void check_symbols(size_t chunk)
{
	static const char *const symbols[] = {
		"Nf3!?", "exd6e.p.", "e.p.", "0-0-0+", "O-O-O", "0-0", "--", "Z0", "e8=Q+",
		"Qxf7#", "\342\231\230f3", "N@f3", "e2-e4", "g1f3",
	};
	struct reading rd;
	const struct pgn_game *g;
	uint32_t column = 1;
	int n = (int)(sizeof symbols / sizeof *symbols);

	start(&rd, "Nf3!? exd6e.p. e.p. 0-0-0+ O-O-O 0-0 -- Z0 e8=Q+ Qxf7# \342\231\230f3 N@f3"
		   " e2-e4 g1f3 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, n + 1);
	for (int i = 0; i < n; i++) {
		expect_token(g, i, TOKEN_SYMBOL, symbols[i], 1, column);
		column += (uint32_t)strlen(symbols[i]) + 1;
	}
	expect_token(g, n, TOKEN_RESULT, "*", 1, column);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_symbols(void **state)
{
	(void)state;
	for_each_chunk(check_symbols);
}

/* 12.  12...  12.e4  12...e5  12. ...  and the bare numbers of a two-column
 * scoresheet. */
static void check_move_numbers(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "12. e4 12... e5 12.e4 12...e5 12. ... Nf3 1 e4 e5 2 Nf3 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 16);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "12.", 1, 1);
	expect_token(g, 1, TOKEN_SYMBOL, "e4", 1, 5);
	expect_token(g, 2, TOKEN_MOVE_NUMBER, "12...", 1, 8);
	expect_token(g, 3, TOKEN_SYMBOL, "e5", 1, 14);
	expect_token(g, 4, TOKEN_MOVE_NUMBER, "12.", 1, 17);
	expect_token(g, 5, TOKEN_SYMBOL, "e4", 1, 20);
	expect_token(g, 6, TOKEN_MOVE_NUMBER, "12...", 1, 23);
	expect_token(g, 7, TOKEN_SYMBOL, "e5", 1, 28);
	expect_token(g, 8, TOKEN_MOVE_NUMBER, "12.", 1, 31);
	expect_token(g, 9, TOKEN_SYMBOL, "Nf3", 1, 39);
	expect_token(g, 10, TOKEN_MOVE_NUMBER, "1", 1, 43);
	expect_token(g, 11, TOKEN_SYMBOL, "e4", 1, 45);
	expect_token(g, 12, TOKEN_SYMBOL, "e5", 1, 48);
	expect_token(g, 13, TOKEN_MOVE_NUMBER, "2", 1, 51);
	expect_token(g, 14, TOKEN_SYMBOL, "Nf3", 1, 53);
	expect_token(g, 15, TOKEN_RESULT, "*", 1, 57);
	for (int i = 0; i <= 8; i += 2)
		assert_int_equal(g->tokens[i].number, 12);
	assert_int_equal(g->tokens[10].number, 1);
	assert_int_equal(g->tokens[13].number, 2);
	assert_int_equal(g->problem_count, 0);
	finish(&rd);
}

static void test_move_numbers(void **state)
{
	(void)state;
	for_each_chunk(check_move_numbers);
}

static void test_dots_without_number(void **state)
{
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	start(&rd, "1. e4 ... e5 *", 0);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 4);
	expect_problem(g, 0, PGN_SYNTAX, 1, 7, "'...' does not follow a move number");
	finish(&rd);
}

static void check_nags_and_glyphs(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};

	start(&rd, "e4 $1 $23 $255 e5 ! ? !! ?? !? ?! $ !!! *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 12);
	expect_token(g, 1, TOKEN_NAG, "$1", 1, 4);
	expect_token(g, 2, TOKEN_NAG, "$23", 1, 7);
	expect_token(g, 3, TOKEN_NAG, "$255", 1, 11);
	assert_int_equal(g->tokens[1].number, 1);
	assert_int_equal(g->tokens[2].number, 23);
	assert_int_equal(g->tokens[3].number, 255);
	for (int i = 0; i < 6; i++)
		assert_string_equal(pgn_token_text(g, &g->tokens[5 + i]), glyphs[i]);
	expect_token(g, 5, TOKEN_GLYPH, "!", 1, 19);
	expect_token(g, 10, TOKEN_GLYPH, "?!", 1, 32);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 0, PGN_SYNTAX, 1, 35, "'$' is not followed by a number");
	expect_problem(g, 1, PGN_SYNTAX, 1, 37, "'!!!' is not a move annotation");
	finish(&rd);
}

static void test_nags_and_glyphs(void **state)
{
	(void)state;
	for_each_chunk(check_nags_and_glyphs);
}

static void check_nested_variations(size_t chunk)
{
	static const int depths[] = {0, 0, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 0, 0};
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 (1. d4 (1. c4) 1... d5) e5 *", chunk);
	g = expect_game(&rd);
	expect_depths(g, depths, 14);
	expect_token(g, 5, TOKEN_VARIATION_START, "(", 1, 14);
	expect_token(g, 8, TOKEN_VARIATION_END, ")", 1, 20);
	expect_token(g, 11, TOKEN_VARIATION_END, ")", 1, 29);
	assert_int_equal(g->problem_count, 0);
	finish(&rd);
}

static void test_nested_variations(void **state)
{
	(void)state;
	for_each_chunk(check_nested_variations);
}

/* Depth saturates in the token but is counted on: the game still ends. */
static void test_very_deep_variations(void **state)
{
	char text[700];
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	memset(text, '(', 300);
	memset(text + 300, ')', 300);
	strcpy(text + 600, " *");
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 601);
	assert_int_equal(g->tokens[0].depth, 1);
	assert_int_equal(g->tokens[254].depth, 255);
	assert_int_equal(g->tokens[299].depth, 255);
	assert_int_equal(g->tokens[599].depth, 1);
	assert_int_equal(g->tokens[600].type, TOKEN_RESULT);
	assert_int_equal(g->tokens[600].depth, 0);
	/* Each of the first 255 opens a variation with no move before it
	 * (PGN 8.2.5); deeper, depths are not told apart and nothing is said. */
	assert_int_equal(g->problem_count, 256);
	expect_problem(g, 0, PGN_SYNTAX, 1, 1, "a variation before the first move");
	expect_problem(g, 1, PGN_SYNTAX, 1, 2, "a variation at the start of a variation");
	expect_problem(g, 254, PGN_SYNTAX, 1, 255, "a variation at the start of a variation");
	expect_problem(g, 255, PGN_SYNTAX, 1, 256, "nested more than 255 deep");
	expect_end(&rd);
	finish(&rd);
}

static void check_unbalanced_variations(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 ) e5 *\n\n1. e4 (1. d4 (1. c4\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 4);
	expect_token(g, 2, TOKEN_SYMBOL, "e5", 1, 9);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_UNBALANCED_VARIATION, 1, 7, "')' without a matching '('");

	g = expect_game(&rd);
	assert_int_equal(g->token_count, 8);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 0, PGN_UNBALANCED_VARIATION, 3, 7, "'(' is not closed (2 variations");
	expect_problem(g, 1, PGN_MISSING_RESULT, 3, 20, "no result");
	expect_end(&rd);
	finish(&rd);
}

static void test_unbalanced_variations(void **state)
{
	(void)state;
	for_each_chunk(check_unbalanced_variations);
}

static void check_result_in_variation(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 (1. d4 1-0) e5 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 8);
	expect_token(g, 5, TOKEN_VARIATION_END, ")", 1, 17);
	expect_token(g, 7, TOKEN_RESULT, "*", 1, 22);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 1, 14, "result 1-0 inside a variation");
	expect_end(&rd);
	finish(&rd);
}

static void test_result_in_variation(void **state)
{
	(void)state;
	for_each_chunk(check_result_in_variation);
}

static void check_results(size_t chunk)
{
	/* "1/2" is read as the draw PGN writes 1/2-1/2 (check_result_forms). */
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", "1/2-1/2"};
	struct reading rd;

	start(&rd, "e4 1-0 e4 0-1 e4 1/2-1/2 e4 * e4 1/2\n", chunk);
	for (int i = 0; i < 5; i++) {
		const struct pgn_game *g = expect_game(&rd);

		assert_int_equal(g->token_count, 2);
		expect_token(g, 1, TOKEN_RESULT, results[i], 1, g->tokens[0].column + 3);
		assert_int_equal(g->problem_count, i == 4 ? 1 : 0);
	}
	expect_problem(&rd.game, 0, PGN_RESULT_FORM, 1, 34, "'1/2' is not a PGN result: a draw is written 1/2-1/2");
	expect_end(&rd);
	finish(&rd);
}

static void test_results(void **state)
{
	(void)state;
	for_each_chunk(check_results);
}

/* Results in forms PGN does not have that mean one result only: each ends
 * its game, its token holds the result PGN writes, one PGN_RESULT_FORM
 * problem says what was written - whatever the reads' sizes (a form with
 * blanks in it, `1 - 0`, may cross a read). */
static void check_result_forms(size_t chunk)
{
	static const struct {
		const char *written, *result;
	} forms[] = {
		{ "1/2", "1/2-1/2" },        { "\xC2\xBD-\xC2\xBD", "1/2-1/2" }, { "\xBD-\xBD", "1/2-1/2" },
		{ "1:0", "1-0" },            { "0:1", "0-1" },                   { "1 - 0", "1-0" },
		{ "0 -  1", "0-1" },         { "1/2 - 1/2", "1/2-1/2" },         { "0.5-0.5", "1/2-1/2" },
		{ "0,5-0,5", "1/2-1/2" },    { "\xC2\xBD:\xC2\xBD", "1/2-1/2" }, { "\xC2\xBD", "1/2-1/2" },
		{ "1/2:1/2", "1/2-1/2" },    { "1\t-\t0", "1-0" },
	};
	enum { FORMS = sizeof forms / sizeof forms[0] };
	char text[1024] = "";
	for (int i = 0; i < FORMS; i++) {
		strcat(text, "e4 ");
		strcat(text, forms[i].written);
		strcat(text, i % 2 ? "\n" : " ");
	}
	struct reading rd;
	start(&rd, text, chunk);
	for (int i = 0; i < FORMS; i++) {
		const struct pgn_game *g = expect_game(&rd);
		assert_int_equal(g->token_count, 2);
		assert_int_equal(g->tokens[1].type, TOKEN_RESULT);
		assert_string_equal(pgn_token_text(g, &g->tokens[1]), forms[i].result);
		assert_int_equal(g->problem_count, 1);
		assert_int_equal(g->problems[0].kind, PGN_RESULT_FORM);
		assert_int_equal(g->problems[0].column, g->tokens[0].column + 3);
		char said[96];
		snprintf(said, sizeof said, "'%s' is not a PGN result", forms[i].written);
		assert_non_null(strstr(g->problems[0].message, said));
	}
	expect_end(&rd);
	finish(&rd);
}

static void test_result_forms(void **state)
{
	(void)state;
	for_each_chunk(check_result_forms);
}

/* What is not a result: castling with zeros, scores that make none, a
 * move number 1 or 0 before a move, a score that goes on into a symbol. */
static void check_not_result_forms(size_t chunk)
{
	struct reading rd;
	start(&rd, "1 e4 e5 0-0 1-1 0 - 0 1:0x 0.5 1 : 2 *\n", chunk);
	const struct pgn_game *g = expect_game(&rd);
	int results = 0;
	for (int i = 0; i < g->token_count; i++)
		results += g->tokens[i].type == TOKEN_RESULT;
	assert_int_equal(results, 1);
	assert_string_equal(pgn_token_text(g, &g->tokens[g->token_count - 1]), "*");
	for (int i = 0; i < g->problem_count; i++)
		assert_int_not_equal(g->problems[i].kind, PGN_RESULT_FORM);
	expect_end(&rd);
	finish(&rd);
}

static void test_not_result_forms(void **state)
{
	(void)state;
	for_each_chunk(check_not_result_forms);
}

/* ---- tags ---- */

static void check_tags(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"A \\\"quoted\\\" name\"]  [Site \"back\\\\slash\"]\n"
		   "[ White  \"Anna\" ]\n"
		   "[Black \"Bo\"][Round \"1\"]\n"
		   "[Annotator \"a\\nb\"]\t[Empty \"\"]\n"
		   "\n"
		   "1. e4 *\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 7);
	expect_tag(g, 0, "Event", "A \"quoted\" name", 1, 1);
	expect_tag(g, 1, "Site", "back\\slash", 1, 30);
	expect_tag(g, 2, "White", "Anna", 2, 1);
	expect_tag(g, 3, "Black", "Bo", 3, 1);
	expect_tag(g, 4, "Round", "1", 3, 13);
	expect_tag(g, 5, "Annotator", "a\\nb", 4, 1);
	expect_tag(g, 6, "Empty", "", 4, 20);
	assert_string_equal(pgn_tag_value(g, "White"), "Anna");
	assert_null(pgn_tag_value(g, "white"));
	assert_null(pgn_tag_value(g, "Result"));
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 6, 1);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_tags(void **state)
{
	(void)state;
	for_each_chunk(check_tags);
}

/* Each bad tag pair is reported, its line skipped, and the game goes on. */
static void check_malformed_tags(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"x]\n"
		   "[Site \"y\"\n"
		   "[Date 1999]\n"
		   "[\"Round\"]\n"
		   "[White \"Jo \"Bo\" Li\"] [Black \"lost\"]\n"
		   "[Result \"*\"]\n"
		   "*\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 1);
	expect_tag(g, 0, "Result", "*", 6, 1);
	assert_int_equal(g->token_count, 1);
	assert_int_equal(g->problem_count, 5);
	expect_problem(g, 0, PGN_SYNTAX, 1, 11, "the value of tag \"Event\" is not closed");
	expect_problem(g, 1, PGN_SYNTAX, 2, 10, "tag \"Site\" is not closed: ']' missing");
	expect_problem(g, 2, PGN_SYNTAX, 3, 7, "tag \"Date\" has no value");
	expect_problem(g, 3, PGN_SYNTAX, 4, 2, "'[' is not followed by a tag name");
	expect_problem(g, 4, PGN_SYNTAX, 5, 13, "expected ']' after the value, found 'B'");
	expect_end(&rd);
	finish(&rd);
}

static void test_malformed_tags(void **state)
{
	(void)state;
	for_each_chunk(check_malformed_tags);
}

/* A tag pair the end of the input cuts: not closed, said so, whatever
 * the pieces the input comes in. */
static void check_tags_cut_by_the_end(size_t chunk)
{
	static const char *const texts[] = { "[Event \"e\"]\n\n1. e4 *\n\n[Event \"abc",
					     "[Event \"e\"]\n\n1. e4 *\n\n[Event \"abc\"" };
	static const char *const said[] = {
		"the value of tag \"Event\" is not closed: '\"' missing before the end of the input",
		"tag \"Event\" is not closed: ']' missing before the end of the input",
	};
	for (int i = 0; i < 2; i++) {
		struct reading rd;
		start(&rd, texts[i], chunk);
		expect_game(&rd);
		const struct pgn_game *g = expect_game(&rd);
		int found = 0;
		for (int k = 0; k < g->problem_count; k++)
			found += g->problems[k].kind == PGN_SYNTAX && strstr(g->problems[k].message, said[i]) != NULL;
		if (found != 1)
			fail_msg("chunk %zu: '%s' should be said once of %s", chunk, said[i], texts[i]);
		expect_end(&rd);
		finish(&rd);
	}
}

static void test_tags_cut_by_the_end(void **state)
{
	(void)state;
	for_each_chunk(check_tags_cut_by_the_end);
}

static void check_latin1_and_utf8(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[White \"M\xfcller\"]\n"
		   "[Black \"Kr\xc3\xa4mer\"]\n"
		   "1. e4 {K\xf6ln} \xe9t\xe9 *", chunk);
	g = expect_game(&rd);
	expect_tag(g, 0, "White", "M\xfcller", 1, 1);
	expect_tag(g, 1, "Black", "Kr\xc3\xa4mer", 2, 1);
	expect_token(g, 2, TOKEN_COMMENT, "K\xf6ln", 3, 7);
	expect_token(g, 3, TOKEN_SYMBOL, "\xe9t\xe9", 3, 14);
	assert_int_equal(g->problem_count, 0);
	finish(&rd);
}

static void test_latin1_and_utf8(void **state)
{
	(void)state;
	for_each_chunk(check_latin1_and_utf8);
}

/* ---- lines, columns, odd bytes ---- */

static void check_bom(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "\xef\xbb\xbf[Event \"B\"] 1. e4 *\n"
		   "\xef\xbb\xbf% after a BOM\n"
		   "\xef\xbb\xbf" "1. d4 *\n"
		   "[Event \"C\"]\n1. e4\n"
		   "\xef\xbb\xbf" "e5 2. Nf3 *", chunk);
	g = expect_game(&rd);
	expect_tag(g, 0, "Event", "B", 1, 1);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 1, 13);
	assert_int_equal(g->start_offset, 3);
	assert_int_equal(g->end_offset, 22);
	g = expect_game(&rd);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 3, 1);
	assert_int_equal(g->first_line, 3);
	assert_int_equal(g->problem_count, 0);
	/* A BOM at the start of a line of movetext is dropped there too. */
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 6);
	expect_token(g, 1, TOKEN_SYMBOL, "e4", 5, 4);
	expect_token(g, 2, TOKEN_SYMBOL, "e5", 6, 1);
	expect_token(g, 3, TOKEN_MOVE_NUMBER, "2.", 6, 4);
	expect_token(g, 4, TOKEN_SYMBOL, "Nf3", 6, 7);
	expect_token(g, 5, TOKEN_RESULT, "*", 6, 11);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_bom(void **state)
{
	(void)state;
	for_each_chunk(check_bom);
}

static void check_line_ends(size_t chunk)
{
	static const char *const texts[] = {
		"[Event \"X\"]\r\n\r\n1. e4\r\ne5 {a\r\nb} Nf3 *\r\n",
		"[Event \"X\"]\r\r1. e4\re5 {a\rb} Nf3 *\r",
		"[Event \"X\"]\n\r\n1. e4\r\ne5 {a\nb} Nf3 *\n",
	};

	for (int i = 0; i < 3; i++) {
		struct reading rd;
		const struct pgn_game *g;

		start(&rd, texts[i], chunk);
		g = expect_game(&rd);
		expect_tag(g, 0, "Event", "X", 1, 1);
		expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 3, 1);
		expect_token(g, 1, TOKEN_SYMBOL, "e4", 3, 4);
		expect_token(g, 2, TOKEN_SYMBOL, "e5", 4, 1);
		assert_int_equal(g->tokens[3].line, 4);
		assert_int_equal(g->tokens[3].column, 4);
		expect_token(g, 4, TOKEN_SYMBOL, "Nf3", 5, 4);
		expect_token(g, 5, TOKEN_RESULT, "*", 5, 8);
		assert_int_equal(g->problem_count, 0);
		expect_end(&rd);
		finish(&rd);
	}
}

static void test_line_ends(void **state)
{
	(void)state;
	for_each_chunk(check_line_ends);
}

static void check_escape_lines(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "% made by hand\n"
		   "[Event \"X\"]\n"
		   "%comment [Site \"no\"] {\n"
		   "1. e4 %\n"
		   "*\n"
		   "%last", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 1);
	assert_int_equal(g->first_line, 2);
	assert_int_equal(g->start_offset, 15);
	assert_int_equal(g->token_count, 3);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 4, 1);
	expect_token(g, 2, TOKEN_RESULT, "*", 5, 1);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 4, 7, "unexpected character '%'");
	expect_end(&rd);
	finish(&rd);
}

static void test_escape_lines(void **state)
{
	(void)state;
	for_each_chunk(check_escape_lines);
}

static void check_unexpected_characters(size_t chunk)
{
	static const char text[] = "1. e4 <b> e5 +- Nf3 \"x\" \x01 *\x1a";
	struct reading rd;
	const struct pgn_game *g;

	start_bytes(&rd, text, sizeof text - 1, chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 8);
	expect_token(g, 2, TOKEN_SYMBOL, "b", 1, 8);
	/* +- is ChessBase's sign for $18 (White is winning): an annotation */
	expect_token(g, 4, TOKEN_GLYPH, "+-", 1, 14);
	assert_int_equal(g->tokens[4].number, 18);
	expect_token(g, 6, TOKEN_SYMBOL, "x", 1, 22);
	assert_int_equal(g->problem_count, 6);
	expect_problem(g, 0, PGN_SYNTAX, 1, 7, "unexpected character '<'");
	expect_problem(g, 1, PGN_SYNTAX, 1, 9, "unexpected character '>'");
	expect_problem(g, 2, PGN_SYNTAX, 1, 21, "unexpected character '\"'");
	expect_problem(g, 3, PGN_SYNTAX, 1, 23, "unexpected character '\"'");
	expect_problem(g, 4, PGN_SYNTAX, 1, 25, "unexpected character '\\x01'");
	expect_problem(g, 5, PGN_NONSTANDARD, 1, 14, "'+-' (White is winning) is an annotation sign");
	/* a ^Z as the last byte is an old end-of-file mark, not a game */
	expect_end(&rd);
	finish(&rd);
}

static void test_unexpected_characters(void **state)
{
	(void)state;
	for_each_chunk(check_unexpected_characters);
}

/* NUL bytes: a problem in movetext and in a tag value (which everything
 * after the reader reads as a C string), text in a comment; the reader
 * stores every byte. */
static void check_nul_bytes(size_t chunk)
{
	static const char text[] = "[Event \"a\0b\"]\n1. e4\0 e5 {c\0d} *\n\0";
	struct reading rd;
	const struct pgn_game *g;

	start_bytes(&rd, text, sizeof text - 1, chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tags[0].value_length, 3);
	assert_memory_equal(g->arena + g->tags[0].value, "a\0b", 4);
	assert_int_equal(g->token_count, 5);
	expect_token(g, 2, TOKEN_SYMBOL, "e5", 2, 8);
	assert_int_equal(g->tokens[3].length, 3);
	assert_memory_equal(pgn_token_text(g, &g->tokens[3]), "c\0d", 4);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 0, PGN_SYNTAX, 1, 1, "the Event tag's value holds a NUL byte");
	expect_problem(g, 1, PGN_SYNTAX, 2, 6, "unexpected character '\\x00'");
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 0);
	expect_problem(g, 0, PGN_SYNTAX, 3, 1, "'\\x00'");
	expect_end(&rd);
	finish(&rd);
}

static void test_nul_bytes(void **state)
{
	(void)state;
	for_each_chunk(check_nul_bytes);
}

/* A run of NUL bytes (DGT board logs have them) is one problem with the
 * count, whichever reads cut it. */
static void check_nul_run(size_t chunk)
{
	static const char text[] = "1. e4 \0\0\0\0\0\0\0\0\0\0 e5 *";
	struct reading rd;
	const struct pgn_game *g;

	start_bytes(&rd, text, sizeof text - 1, chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 4);
	expect_token(g, 2, TOKEN_SYMBOL, "e5", 1, 18);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 1, 7, "10 NUL bytes (\\x00) in a row");
	expect_end(&rd);
	finish(&rd);
}

static void test_nul_run(void **state)
{
	(void)state;
	for_each_chunk(check_nul_run);
}

/* ChessBase's and Fritz's annotation signs written as text are glyph
 * tokens carrying their NAG, so that the moves after them are read; the
 * game gets one problem for them all.  Moves that begin like them stay
 * moves. */
static void check_annotation_signs(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 D e5 2. Nf3 N Nc6 += 3. Bb5 \xE2\x88\x9E RR a6 -/+ 4. Rg1 +- \xC2\xB1 Dd8 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 21);
	expect_token(g, 2, TOKEN_GLYPH, "D", 1, 7);
	assert_int_equal(g->tokens[2].number, 220);
	expect_token(g, 6, TOKEN_GLYPH, "N", 1, 19);
	assert_int_equal(g->tokens[6].number, 146);
	expect_token(g, 7, TOKEN_SYMBOL, "Nc6", 1, 21);
	expect_token(g, 8, TOKEN_GLYPH, "+=", 1, 25);
	assert_int_equal(g->tokens[8].number, 14);
	expect_token(g, 11, TOKEN_GLYPH, "\xE2\x88\x9E", 1, 35);
	assert_int_equal(g->tokens[11].number, 13);
	expect_token(g, 12, TOKEN_GLYPH, "RR", 1, 39);
	expect_token(g, 14, TOKEN_GLYPH, "-/+", 1, 45);
	assert_int_equal(g->tokens[14].number, 17);
	expect_token(g, 16, TOKEN_SYMBOL, "Rg1", 1, 52);
	expect_token(g, 17, TOKEN_GLYPH, "+-", 1, 56);
	expect_token(g, 18, TOKEN_GLYPH, "\xC2\xB1", 1, 59);
	assert_int_equal(g->tokens[18].number, 16);
	/* German D for the queen, as the national-letter readings read it */
	expect_token(g, 19, TOKEN_SYMBOL, "Dd8", 1, 62);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_NONSTANDARD, 1, 7, "'D' (a diagram) is an annotation sign");
	if (strstr(g->problems[0].message, "$220 that PGN writes (7 more in this game)") == NULL)
		fail_msg("%s", g->problems[0].message);
	assert_string_equal(g->problems[0].section, "PGN 8.2.4");
	expect_end(&rd);
	finish(&rd);
}

static void test_annotation_signs(void **state)
{
	(void)state;
	for_each_chunk(check_annotation_signs);
}

/* A variation must follow a move it is an alternative to (PGN 8.2.5): one
 * before the first move, or first in a variation, is a problem; siblings
 * and variations after moves are not. */
static void check_variation_without_move(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "{start} (1. d4) 1. e4 e5 ((1... c5)) (1... e6) (1... c6 {x} (1... d5)) 2. Nf3 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 0, PGN_SYNTAX, 1, 9, "a variation before the first move");
	assert_string_equal(g->problems[0].section, "PGN 8.2.5");
	expect_problem(g, 1, PGN_SYNTAX, 1, 27, "a variation at the start of a variation");
	expect_end(&rd);
	finish(&rd);
}

static void test_variation_without_move(void **state)
{
	(void)state;
	for_each_chunk(check_variation_without_move);
}

/* Analysis written after the termination marker belongs to the game
 * (PGN 8.2.6 ends the movetext with the marker): the variations and the
 * comments among them are read into it, the result token is moved to the
 * end, and the game ends before the next thing that is neither. */
static void check_analysis_after_result(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"A\"]\n\n1. e4 e5 1-0\n(1... c5 2. Nf3) {or} (1... e6)\n\n"
		   "[Event \"B\"]\n\n1. d4 *\n\n"
		   "1. c4 0-1 (1... e5) 0-1\n"
		   "1. f4 1/2-1/2 {a comment, no variation}\n", chunk);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "A");
	assert_int_equal(g->token_count, 15);
	expect_token(g, 3, TOKEN_VARIATION_START, "(", 4, 1);
	expect_token(g, 9, TOKEN_COMMENT, "or", 4, 18);
	expect_token(g, 14, TOKEN_RESULT, "1-0", 3, 10);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 3, 10, "a variation follows the termination marker 1-0");
	assert_string_equal(g->problems[0].section, "PGN 8.2.6");
	/* up to the next tag pair, which starts the next game */
	assert_int_equal(g->end_offset, 59);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "B");
	assert_int_equal(g->problem_count, 0);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 7);
	expect_token(g, 6, TOKEN_RESULT, "0-1", 10, 7);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 1, PGN_SYNTAX, 10, 21, "a second termination marker 0-1");
	g = expect_game(&rd);
	expect_token(g, 2, TOKEN_RESULT, "1/2-1/2", 11, 7);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_analysis_after_result(void **state)
{
	(void)state;
	for_each_chunk(check_analysis_after_result);
}

/* A comment between the marker and the analysis (ChessBase writes "1/2-1/2
 * {Game agreed drawn, but ...} (36... e4 ...)"): the comment and the
 * variation belong to the game; a comment after the marker and nothing
 * more goes with the next game, as before. */
static void check_comment_then_analysis(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"A\"]\n\n1. e4 e5 1/2-1/2 {agreed, but\nBlack wins} ; more\n(1... c5)\n\n"
		   "[Event \"B\"]\n\n1. d4 * {for the next game}\n\n[Event \"C\"]\n\n1. c4 *\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 10);
	expect_token(g, 3, TOKEN_COMMENT, "agreed, but\nBlack wins", 3, 18);
	expect_token(g, 5, TOKEN_VARIATION_START, "(", 5, 1);
	expect_token(g, 9, TOKEN_RESULT, "1/2-1/2", 3, 10);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 3, 10, "a variation follows the termination marker 1/2-1/2");
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "B");
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->problem_count, 0);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "C");
	expect_token(g, 0, TOKEN_COMMENT, "for the next game", 9, 9);
	expect_end(&rd);
	finish(&rd);
}

static void test_comment_then_analysis(void **state)
{
	(void)state;
	for_each_chunk(check_comment_then_analysis);
}

/* Tag sections without movetext: after a blank line, a tag the game
 * already has starts the next game; a blank line before new tags does
 * not. */
static void check_tag_sections_alone(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"P1\"]\n[White \"a\"]\n\n[Event \"P2\"]\n[White \"b\"]\n\n"
		   "[Event \"G\"]\n\n[White \"c\"]\n[Event \"again\"]\n\n1. e4 *\n", chunk);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "P1");
	assert_int_equal(g->tag_count, 2);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_MISSING_RESULT, 2, 12, "before the tag pairs of the next game");
	assert_int_equal(g->end_offset, 26);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "P2");
	assert_int_equal(g->tag_count, 2);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "G");
	/* White after a blank line is new; Event on the next line, no blank: a duplicate */
	assert_int_equal(g->tag_count, 3);
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_tag_sections_alone(void **state)
{
	(void)state;
	for_each_chunk(check_tag_sections_alone);
}

/* ---- game boundaries ---- */

static void check_several_games(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"One\"]\n\n1. e4 1-0\n\n"
		   "[Event \"Two\"]\n\n1. d4 0-1\n\n\n"
		   "1. c4 1/2-1/2\n", chunk);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "One");
	assert_int_equal(g->first_line, 1);
	assert_int_equal(g->start_offset, 0);
	assert_int_equal(g->end_offset, 24);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "Two");
	assert_int_equal(g->first_line, 5);
	assert_int_equal(g->start_offset, 26);
	assert_int_equal(g->end_offset, 50);
	assert_int_equal(g->token_count, 3);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 0);
	assert_int_equal(g->first_line, 10);
	assert_int_equal(g->start_offset, 53);
	assert_int_equal(g->end_offset, 66);
	expect_token(g, 2, TOKEN_RESULT, "1/2-1/2", 10, 7);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_several_games(void **state)
{
	(void)state;
	for_each_chunk(check_several_games);
}

/* After a result anything starts a new game, even movetext without tags. */
static void check_games_without_tags(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 e5 1-0 1. d4 d5 0-1\n1. c4 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 4);
	assert_int_equal(g->end_offset, 12);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 4);
	assert_int_equal(g->start_offset, 13);
	assert_int_equal(g->first_line, 1);
	expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 1, 14);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_games_without_tags(void **state)
{
	(void)state;
	for_each_chunk(check_games_without_tags);
}

static void check_missing_result(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"A\"]\n1. e4 e5\n\n  [Event \"B\"]\n1. d4 {end}\n\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_MISSING_RESULT, 2, 9, "before the tag pairs of the next game");
	assert_int_equal(g->end_offset, 24);
	g = expect_game(&rd);
	assert_string_equal(pgn_tag_value(g, "Event"), "B");
	assert_int_equal(g->start_offset, 24);
	assert_int_equal(g->first_line, 4);
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_MISSING_RESULT, 5, 12, "before the end of the file");
	assert_int_equal(g->end_offset, 49);
	expect_end(&rd);
	finish(&rd);
}

static void test_missing_result(void **state)
{
	(void)state;
	for_each_chunk(check_missing_result);
}

/* Without results or tags, a move 1 that begins a line after a blank line
 * starts the next game (as python-chess and chessops read such files);
 * nothing else does: another move number, a move 1 for Black, a move 1 in a
 * variation, after no blank line, or before any move. */
static void check_move_one_restarts(size_t chunk)
{
	static const char *const endings[] = { "\n", "\r\n", "\r" };
	for (int e = 0; e < 3; e++) {
		const char *nl = endings[e];
		size_t w = strlen(nl);
		char text[512];
		struct reading rd;
		const struct pgn_game *g;

		/* Two games, the second with a blank line of spaces before it
		 * and written 1.d4 (no space). */
		snprintf(text, sizeof text, "1. e4 e5 2. Nf3 {ok}%s  %s  1.d4 d5%s", nl, nl, nl);
		start(&rd, text, chunk);
		g = expect_game(&rd);
		assert_int_equal(g->token_count, 6);
		assert_int_equal(g->problem_count, 1);
		expect_problem(g, 0, PGN_MISSING_RESULT, 1, 21,
			       "before the blank line and the move 1 at line 3, which is taken to start the next game");
		assert_int_equal(g->end_offset, 20 + 2 * w + 4);
		g = expect_game(&rd);
		assert_int_equal(g->first_line, 3);
		assert_int_equal(g->start_offset, 20 + 2 * w + 4);
		assert_int_equal(g->token_count, 3);
		expect_token(g, 0, TOKEN_MOVE_NUMBER, "1.", 3, 3);
		expect_problem(g, 0, PGN_MISSING_RESULT, 3, 10, "before the end of the file");
		expect_end(&rd);
		finish(&rd);

		/* One game each: no blank line; 2. after a blank line; 1... after
		 * one; 1. inside a variation; 1. after a blank line but no move
		 * before it; and after tags with a blank line. */
		const char *one_game[] = {
			"1. e4 e5%s1. d4 d5%s",
			"1. e4 e5%s%s2. Nf3 Nc6 *",
			"1. e4%s%s1... e5 2. Nf3 *",
			"1. e4 e5 (%s%s1. d4 d5) 2. Nf3 *",
			"1. {a comment}%s%s1. e4 e5 *",
			"[Event \"E\"]%s%s1. e4 e5 *",
		};
		for (size_t i = 0; i < sizeof one_game / sizeof *one_game; i++) {
			snprintf(text, sizeof text, one_game[i], nl, nl);
			start(&rd, text, chunk);
			g = expect_game(&rd);
			for (int k = 0; k < g->problem_count; k++)
				if (strstr(g->problems[k].message, "taken to start the next game"))
					fail_msg("case %zu, line end %d: \"%s\"", i, e, g->problems[k].message);
			expect_end(&rd);
			finish(&rd);
		}
	}
}

static void test_move_one_restarts(void **state)
{
	(void)state;
	for_each_chunk(check_move_one_restarts);
}

/* The first control character of a tag value (but NUL) is noted for
 * check_tags, through the quick path for tags and the full one; the tags of
 * the next game, read by the quick path into the same array, have none. */
static void check_control_in_tag_value(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"a\tb\x1b\"]\n[Site \"s\\\\\x7f\"]\n[Round \"1\"]\n\n1. e4 *\n\n"
		   "[Event \"e\"]\n[Site \"s\"]\n[Round \"2\"]\n\n1. d4 *\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 3);
	assert_int_equal(g->tags[0].control, '\t');
	assert_string_equal(pgn_tag_value(g, "Event"), "a\tb\x1b");
	assert_int_equal(g->tags[1].control, 0x7f);
	assert_int_equal(g->tags[2].control, 0);
	assert_int_equal(g->problem_count, 0);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(g->tags[i].control, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_control_in_tag_value(void **state)
{
	(void)state;
	for_each_chunk(check_control_in_tag_value);
}

static void check_tags_only(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"X\"]\n[Site \"Y\"]\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 2);
	assert_int_equal(g->token_count, 0);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_MISSING_RESULT, 2, 11, "no result");
	assert_int_equal(g->end_offset, 23);
	expect_end(&rd);
	finish(&rd);

	start(&rd, "[Event \"X\"] *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 1);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_tags_only(void **state)
{
	(void)state;
	for_each_chunk(check_tags_only);
}

/* Blanks, escape lines and comments alone make no game; comments before a
 * tag section belong to the game that follows. */
static void check_no_game(size_t chunk)
{
	static const char *const texts[] = {
		"", "  \n\r\n\t", "{just a comment}\n; and another\n", "% escape\n",
		"1. e4 *\n{after the last game}\n",
	};
	struct reading rd;
	const struct pgn_game *g;

	for (int i = 0; i < 4; i++) {
		start(&rd, texts[i], chunk);
		expect_end(&rd);
		finish(&rd);
	}
	start(&rd, texts[4], chunk);
	assert_int_equal(expect_game(&rd)->token_count, 3);
	expect_end(&rd);
	finish(&rd);

	start(&rd, "1-0 {about the last game}\n\n[Event \"Next\"]\n1. e4 *", chunk);
	assert_int_equal(expect_game(&rd)->token_count, 1);
	g = expect_game(&rd);
	assert_int_equal(g->start_offset, 4);
	assert_int_equal(g->tag_count, 1);
	expect_token(g, 0, TOKEN_COMMENT, "about the last game", 1, 5);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_no_game(void **state)
{
	(void)state;
	for_each_chunk(check_no_game);
}

/* The unterminated comment must not take the next game with it: its tag
 * pairs and moves come out intact. */
static void check_unterminated_comment(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "[Event \"A\"]\n"
		   "1. e4 {unclosed\n"
		   "\n"
		   "*\n"
		   "\n"
		   "[Event \"B\"]\n"
		   "[Site \"S\"]\n"
		   "\n"
		   "1. d4 d5 1-0\n", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 3);
	expect_token(g, 2, TOKEN_COMMENT, "unclosed\n\n*\n\n", 2, 7);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_UNTERMINATED_COMMENT, 2, 7, "tag pair at line 6");
	assert_int_equal(g->end_offset, 32);
	g = expect_game(&rd);
	assert_int_equal(g->start_offset, 32);
	assert_int_equal(g->first_line, 6);
	assert_int_equal(g->tag_count, 2);
	expect_tag(g, 0, "Event", "B", 6, 1);
	expect_tag(g, 1, "Site", "S", 7, 1);
	assert_int_equal(g->token_count, 4);
	expect_token(g, 3, TOKEN_RESULT, "1-0", 9, 10);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_unterminated_comment(void **state)
{
	(void)state;
	for_each_chunk(check_unterminated_comment);
}

/* Lines inside a comment that only look a bit like tags do not end it. */
static void check_comment_with_brackets(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 {\n"
		   "[%clk 0:00:05]\n"
		   "[Event \"x\"] is where it was\n"
		   "  [ see\n"
		   "} e5 *", chunk);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 5);
	expect_token(g, 3, TOKEN_SYMBOL, "e5", 5, 3);
	assert_int_equal(g->problem_count, 0);
	expect_end(&rd);
	finish(&rd);
}

static void test_comment_with_brackets(void **state)
{
	(void)state;
	for_each_chunk(check_comment_with_brackets);
}

static void check_comment_at_end(size_t chunk)
{
	struct reading rd;
	const struct pgn_game *g;

	start(&rd, "1. e4 {never closed\n", chunk);
	g = expect_game(&rd);
	expect_token(g, 2, TOKEN_COMMENT, "never closed\n", 1, 7);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_UNTERMINATED_COMMENT, 1, 7, "before the end of the file");
	assert_int_equal(g->end_offset, 20);
	expect_end(&rd);
	finish(&rd);
}

static void test_comment_at_end(void **state)
{
	(void)state;
	for_each_chunk(check_comment_at_end);
}

/* ---- limits ---- */

static char *repeated(const char *head, const char *unit, size_t times, const char *tail)
{
	size_t h = strlen(head), u = strlen(unit), t = strlen(tail);
	char *text = malloc(h + u * times + t + 1), *o = text;

	assert_non_null(text);
	memcpy(o, head, h);
	o += h;
	for (size_t i = 0; i < times; i++, o += u)
		memcpy(o, unit, u);
	memcpy(o, tail, t + 1);
	return text;
}

static void test_long_tag_and_symbol(void **state)
{
	char *value = repeated("[Event \"", "v", PGN_MAX_TOKEN_BYTES + 1, "\"] [Site \"ok\"]\n");
	char *symbol = repeated("", "a", 300000, " e4 *");
	char *text = repeated(value, "", 0, symbol);
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 0);
	assert_int_equal(g->token_count, 2);
	expect_token(g, 0, TOKEN_SYMBOL, "e4", 2, 300002);
	assert_int_equal(g->problem_count, 2);
	expect_problem(g, 0, PGN_SYNTAX, 1, 1, "tag pair longer than 65536 bytes");
	expect_problem(g, 1, PGN_SYNTAX, 2, 1, "symbol longer than 65536 bytes");
	expect_end(&rd);
	finish(&rd);
	free(value);
	free(symbol);
	free(text);
}

static void test_too_many_tags_and_problems(void **state)
{
	char *tags = repeated("", "[T \"v\"]\n", PGN_MAX_TAGS + 5, "");
	char *text = repeated(tags, "<", 300, " *");
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, PGN_MAX_TAGS);
	assert_int_equal(g->truncated, 1);
	expect_problem(g, 0, PGN_SYNTAX, PGN_MAX_TAGS + 1, 1, "more than 1024 tag pairs");
	assert_int_equal(g->problem_count, 1 + PGN_MAX_PROBLEMS + 1);
	expect_problem(g, PGN_MAX_PROBLEMS + 1, PGN_SYNTAX, PGN_MAX_TAGS + 6, PGN_MAX_PROBLEMS + 1,
		       "more than 256 problems");
	assert_int_equal(g->token_count, 1);
	expect_end(&rd);
	finish(&rd);
	free(tags);
	free(text);
}

static void test_too_many_tokens(void **state)
{
	char *text = repeated("", "e4 ", PGN_MAX_TOKENS + 10, "*\n1. d4 *");
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, PGN_MAX_TOKENS);
	assert_int_equal(g->truncated, 1);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 1, 3 * PGN_MAX_TOKENS + 1, "more than 1000000 tokens");
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 3);
	assert_int_equal(g->truncated, 0);
	expect_end(&rd);
	finish(&rd);
	free(text);
}

static void test_game_too_large(void **state)
{
	char *text = repeated("1. e4 {", "0123456789abcdef", PGN_MAX_GAME_BYTES / 16 + 1, "} e5 *");
	struct reading rd;
	const struct pgn_game *g;

	(void)state;
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->truncated, 1);
	assert_true(g->arena_cap <= PGN_MAX_GAME_BYTES);
	assert_int_equal(g->token_count, 2);
	expect_token(g, 1, TOKEN_SYMBOL, "e4", 1, 4);
	assert_int_equal(g->problem_count, 1);
	expect_problem(g, 0, PGN_SYNTAX, 1, 7, "larger than 16 MiB; the rest of it is not stored");
	expect_end(&rd);
	finish(&rd);
	free(text);
}

/* ---- streaming ---- */

/* Many games with every feature, long enough to cross the reader's own
 * buffer; read whole and in small pieces, the games must be the same. */
static char *long_input(size_t *len)
{
	static const char game[] =
		"[Event \"Long \\\"input\\\" %d\"]\r\n[Site \"M\xfcnchen\"]\n"
		"1. e4 {a comment\r\nover lines} e5 $1 (1... c5 2. Nf3 (2. c3!?) d6)"
		" 2. Nf3!? ; rest\n"
		"2... Nc6 3. Bb5 a6 4. Ba4 0-0-0+ exd6e.p. 12...e5 <x> 1/2-1/2\n\n"
		"%% escape\n"
		"1 e4 e5 2 Nf3 {unclosed\n[Event \"After %d\"]\n1. d4 )\r*\r\n\n";
	size_t cap = 1 << 20, n = 0;
	char *text = malloc(cap);

	assert_non_null(text);
	for (int i = 0; n + 1000 < cap; i++)
		n += (size_t)snprintf(text + n, cap - n, game, i, i);
	*len = n;
	return text;
}

static void expect_same_game(const struct pgn_game *a, const struct pgn_game *b)
{
	assert_int_equal(a->tag_count, b->tag_count);
	assert_int_equal(a->token_count, b->token_count);
	assert_int_equal(a->problem_count, b->problem_count);
	assert_int_equal(a->first_line, b->first_line);
	assert_int_equal(a->start_offset, b->start_offset);
	assert_int_equal(a->end_offset, b->end_offset);
	for (int i = 0; i < a->tag_count; i++) {
		assert_string_equal(a->arena + a->tags[i].name, b->arena + b->tags[i].name);
		assert_string_equal(a->arena + a->tags[i].value, b->arena + b->tags[i].value);
		assert_int_equal(a->tags[i].line, b->tags[i].line);
		assert_int_equal(a->tags[i].column, b->tags[i].column);
	}
	for (int i = 0; i < a->token_count; i++) {
		const struct pgn_token *s = &a->tokens[i], *t = &b->tokens[i];

		assert_int_equal(s->type, t->type);
		assert_int_equal(s->depth, t->depth);
		assert_int_equal(s->length, t->length);
		assert_memory_equal(pgn_token_text(a, s), pgn_token_text(b, t), s->length + 1);
		assert_int_equal(s->line, t->line);
		assert_int_equal(s->column, t->column);
		assert_int_equal(s->number, t->number);
	}
	for (int i = 0; i < a->problem_count; i++) {
		assert_int_equal(a->problems[i].kind, b->problems[i].kind);
		assert_int_equal(a->problems[i].line, b->problems[i].line);
		assert_int_equal(a->problems[i].column, b->problems[i].column);
		assert_string_equal(a->problems[i].message, b->problems[i].message);
	}
}

static void compare_readings(const void *data, size_t len, const char *text, size_t chunk)
{
	struct reading whole, pieces;
	int games = 0, got;

	start_bytes(&whole, text, strlen(text), 0);
	start_bytes(&pieces, data, len, chunk);
	while ((got = next_game(&whole)) == 1) {
		assert_int_equal(next_game(&pieces), 1);
		expect_same_game(&whole.game, &pieces.game);
		games++;
	}
	assert_int_equal(got, 0);
	assert_int_equal(next_game(&pieces), 0);
	assert_true(games > 2000);
	finish(&whole);
	finish(&pieces);
}

static void test_long_input_in_small_reads(void **state)
{
	size_t len;
	char *text = long_input(&len);
	const struct pgn_game *g;
	struct reading rd;

	(void)state;
	start(&rd, text, 0);
	g = expect_game(&rd);
	assert_int_equal(g->tag_count, 2);
	assert_int_equal(g->token_count, 32);
	assert_int_equal(g->problem_count, 2);
	g = expect_game(&rd);
	assert_int_equal(g->token_count, 6);
	expect_problem(g, 0, PGN_UNTERMINATED_COMMENT, 8, 15, "line 9");
	g = expect_game(&rd);
	expect_problem(g, 0, PGN_UNBALANCED_VARIATION, 10, 7, "')' without");
	expect_token(g, 2, TOKEN_RESULT, "*", 11, 1);
	finish(&rd);
	for (size_t chunk = 1; chunk <= 7; chunk += 3)
		compare_readings(text, len, text, chunk);
	free(text);
}

static unsigned char *gzip_bytes(const char *text, size_t *len)
{
	z_stream z;
	size_t n = strlen(text);
	unsigned char *out = malloc(n + 1024);

	assert_non_null(out);
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
			 Z_OK);
	z.next_in = (unsigned char *)text;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)(n + 1024);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	*len = z.total_out;
	deflateEnd(&z);
	return out;
}

static void test_gzip_input(void **state)
{
	size_t len, zlen;
	char *text = long_input(&len);
	unsigned char *z = gzip_bytes(text, &zlen);

	(void)state;
	compare_readings(z, zlen, text, 0);
	compare_readings(z, zlen, text, 4);
	free(z);
	free(text);
}

/* A read error ends reading with -1 and the stream's reason. */
static void test_read_error(void **state)
{
	size_t len, zlen;
	char *text = long_input(&len);
	unsigned char *z = gzip_bytes(text, &zlen);
	struct reading rd;
	int got, games = 0;

	(void)state;
	start_bytes(&rd, z, zlen - 20, 0);
	while ((got = next_game(&rd)) == 1)
		games++;
	assert_int_equal(got, -1);
	assert_true(games > 100);
	assert_string_equal(rd.err, "truncated gzip data");
	assert_int_equal(next_game(&rd), -1);
	finish(&rd);
	free(z);
	free(text);
}

/* ---- files in testdata/reader ---- */

static void test_file_recovery(void **state)
{
	char err[256];
	struct input_stream *s = stream_open("testdata/reader/recovery.pgn", err, sizeof err);
	struct pgn_reader *r;
	struct pgn_game g;

	(void)state;
	assert_non_null(s);
	r = pgn_reader_new(s);
	pgn_game_init(&g);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_int_equal(g.problem_count, 1);
	expect_problem(&g, 0, PGN_UNTERMINATED_COMMENT, 12, 7, "tag pair at line 16");
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_string_equal(pgn_tag_value(&g, "Event"), "Second");
	assert_int_equal(g.problem_count, 2);
	expect_problem(&g, 0, PGN_SYNTAX, 17, 6, "has no value");
	expect_problem(&g, 1, PGN_MISSING_RESULT, 19, 15, "before the tag pairs");
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_string_equal(pgn_tag_value(&g, "Event"), "Third");
	assert_int_equal(g.problem_count, 0);
	assert_int_equal(g.token_count, 7);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	pgn_game_free(&g);
	pgn_reader_free(r);
	stream_close(s);
}

static void test_file_crlf_bom(void **state)
{
	char err[256];
	struct input_stream *s = stream_open("testdata/reader/crlf-bom.pgn", err, sizeof err);
	struct pgn_reader *r;
	struct pgn_game g;

	(void)state;
	assert_non_null(s);
	r = pgn_reader_new(s);
	pgn_game_init(&g);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	expect_tag(&g, 0, "Event", "CRLF and a BOM", 4, 1);
	assert_int_equal(g.start_offset, 174);
	expect_token(&g, 0, TOKEN_MOVE_NUMBER, "1.", 6, 1);
	expect_token(&g, g.token_count - 1, TOKEN_RESULT, "1-0", 7, 10);
	assert_int_equal(g.problem_count, 0);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	pgn_game_free(&g);
	pgn_reader_free(r);
	stream_close(s);
}

/* Lines past 2^32: tokens keep the low 32 bits, and pgn_game_line makes
 * them whole again from the game's first line, across the wrap; the
 * reader's own line and the position a game ends at are whole too. */
static void test_lines_past_2_to_the_32(void **state)
{
	static const char text[] = "[Event \"x\"]\n\n\n1. e4 e5\n2. Ke3 *\n\n[Event \"y\"]\n*\n";
	const uint64_t first_line = ((uint64_t)1 << 32) - 2;
	struct pgn_position at = { 0, 0, first_line }, resume;
	struct pgn_reader *r = pgn_reader_new(NULL);
	struct pgn_game g;
	char err[64];

	(void)state;
	pgn_game_init(&g);
	pgn_reader_restart(r, text, strlen(text), NULL, NULL, &at);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_true(g.first_line == first_line);
	assert_true(pgn_game_line(&g, g.tags[0].line) == first_line);
	assert_int_equal(g.tokens[0].line, 1);                     /* the low bits of 2^32 + 1 */
	assert_true(pgn_game_line(&g, g.tokens[0].line) == first_line + 3);
	assert_true(pgn_file_line(&g, g.tokens[3].line) == first_line + 4);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_true(g.first_line == first_line + 6);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	assert_true(pgn_reader_line(r) == first_line + 8);
	assert_true(pgn_reader_ended_between_games(r, &resume));
	assert_true(resume.line == first_line + 7);   /* where the last game ended, on its result's line */
	pgn_reader_free(r);
	pgn_game_free(&g);
}

/* pgn_reader_restart: positions, the end of a piece, a read error. */
static void test_restart(void **state)
{
	static const char whole[] = "[Event \"x\"]\n\n1. e4 e5 1-0\n\n";
	static const char open[] = "[Event \"y\"]\n\n1. e4 {not closed\n";
	static const char comments[] = "1. d4 *\n{a comment for the next game}\n";
	struct pgn_position at = { 1000, 990, 7 }, resume;
	struct pgn_reader *r = pgn_reader_new(NULL);
	struct pgn_game g;
	char err[64];

	(void)state;
	assert_non_null(r);
	pgn_game_init(&g);
	pgn_reader_restart(r, NULL, 0, NULL, NULL, NULL);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	assert_true(pgn_reader_ended_between_games(r, &resume));

	pgn_reader_restart(r, whole, strlen(whole), NULL, NULL, &at);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_false(pgn_reader_game_cut_by_end(r));
	assert_int_equal(g.first_line, 7);
	assert_int_equal(g.start_offset, 1000);
	expect_tag(&g, 0, "Event", "x", 7, 11);       /* column counted from line_start 990 */
	expect_token(&g, 0, TOKEN_MOVE_NUMBER, "1.", 9, 1);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	assert_true(pgn_reader_ended_between_games(r, &resume));

	/* A piece that ends inside a game: the game is cut, resume is where it starts. */
	pgn_reader_restart(r, open, strlen(open), NULL, NULL, &at);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_true(pgn_reader_game_cut_by_end(r));
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	assert_false(pgn_reader_ended_between_games(r, &resume));
	assert_int_equal(resume.offset, 1000);
	assert_int_equal(resume.line, 7);

	/* Comments after the last game belong to the next one. */
	pgn_reader_restart(r, comments, strlen(comments), NULL, NULL, NULL);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_false(pgn_reader_game_cut_by_end(r));
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0);
	assert_false(pgn_reader_ended_between_games(r, &resume));
	assert_int_equal(resume.offset, 7);
	assert_int_equal(resume.line, 1);

	/* The end of the bytes as a read error, after the games before it. */
	pgn_reader_restart(r, whole, strlen(whole), NULL, "truncated gzip data", NULL);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
	assert_int_equal(pgn_next_game(r, &g, err, sizeof err), -1);
	assert_string_equal(err, "truncated gzip data");
	pgn_game_free(&g);
	pgn_reader_free(r);
}

/* Every test file read in pieces (as check -j does) gives the games read
 * whole, field by field, wherever the pieces are cut. */
static void test_pieces_read_as_whole(void **state)
{
	static const char *patterns[] = { "testdata/*.pgn", "testdata/check/*.pgn", "testdata/reader/*",
					  "testdata/fuzz/*" };
	static struct game_summary whole[4096], pieces[4096];
	int files = 0;

	(void)state;
	for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
		glob_t gl;
		if (glob(patterns[p], 0, NULL, &gl) != 0)
			continue;
		for (size_t i = 0; i < gl.gl_pathc; i++) {
			FILE *fp = fopen(gl.gl_pathv[i], "rb");
			static uint8_t data[1 << 20];
			size_t size;
			assert_non_null(fp);
			size = fread(data, 1, sizeof data, fp);
			fclose(fp);
			if (size == sizeof data || (size >= 2 && data[0] == 0x1f && data[1] == 0x8b))
				continue;  /* too large for this test, or gzip */
			int n = read_whole(data, size, whole, 4096);
			/* mode: bit 0 cuts only before `[`, bit 1 at one place in
			 * three, bit 2 lexes in place. */
			for (int mode = 0; mode < 8; mode++) {
				int m = read_in_pieces(data, size, mode & 1, mode & 2 ? 3 : 1, mode >> 2, pieces, 4096);
				if (m != n)
					fail_msg("%s (cuts %d): %d games in pieces, %d whole", gl.gl_pathv[i], mode, m, n);
				for (int k = 0; k < n && k < 4096; k++)
					if (memcmp(&whole[k], &pieces[k], sizeof whole[k]) != 0)
						fail_msg("%s (cuts %d): game %d differs", gl.gl_pathv[i], mode, k + 1);
			}
			files++;
		}
		globfree(&gl);
	}
	assert_true(files >= 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_token_type),
		cmocka_unit_test(test_lines_past_2_to_the_32),
		cmocka_unit_test(test_symbols),
		cmocka_unit_test(test_move_numbers),
		cmocka_unit_test(test_dots_without_number),
		cmocka_unit_test(test_nags_and_glyphs),
		cmocka_unit_test(test_nested_variations),
		cmocka_unit_test(test_very_deep_variations),
		cmocka_unit_test(test_unbalanced_variations),
		cmocka_unit_test(test_result_in_variation),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_result_forms),
		cmocka_unit_test(test_not_result_forms),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_malformed_tags),
		cmocka_unit_test(test_tags_cut_by_the_end),
		cmocka_unit_test(test_latin1_and_utf8),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_escape_lines),
		cmocka_unit_test(test_unexpected_characters),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_nul_run),
		cmocka_unit_test(test_annotation_signs),
		cmocka_unit_test(test_variation_without_move),
		cmocka_unit_test(test_analysis_after_result),
		cmocka_unit_test(test_comment_then_analysis),
		cmocka_unit_test(test_tag_sections_alone),
		cmocka_unit_test(test_several_games),
		cmocka_unit_test(test_games_without_tags),
		cmocka_unit_test(test_missing_result),
		cmocka_unit_test(test_move_one_restarts),
		cmocka_unit_test(test_control_in_tag_value),
		cmocka_unit_test(test_tags_only),
		cmocka_unit_test(test_no_game),
		cmocka_unit_test(test_unterminated_comment),
		cmocka_unit_test(test_comment_with_brackets),
		cmocka_unit_test(test_comment_at_end),
		cmocka_unit_test(test_long_tag_and_symbol),
		cmocka_unit_test(test_too_many_tags_and_problems),
		cmocka_unit_test(test_too_many_tokens),
		cmocka_unit_test(test_game_too_large),
		cmocka_unit_test(test_long_input_in_small_reads),
		cmocka_unit_test(test_gzip_input),
		cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_file_recovery),
		cmocka_unit_test(test_file_crlf_bom),
		cmocka_unit_test(test_restart),
		cmocka_unit_test(test_pieces_read_as_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
