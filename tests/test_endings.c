/*
 * test_endings.c - what a game's tags and last comments say about its ending
 * (validator/audit/endings.c): the phrases of real files, their spelling variants,
 * who lost on time, and the analysis comments that must not count.
 */
#include "tests/test_util.h"

#include <stdio.h>
#include <string.h>

#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/chess/bitboard.h"
#include "validator/audit/endings.h"

#define MAX 8

static struct pgn_game game;
static struct recorded_ending endings[MAX];

/* Reads the one game in text and returns how many endings it records. */
static int endings_of(const char *text)
{
	char err[200];
	struct input_stream *s = stream_open_memory(text, strlen(text));
	struct pgn_reader *r = pgn_reader_new(s);
	pgn_game_init(&game);
	assert_int_equal(pgn_next_game(r, &game, err, sizeof err), 1);
	pgn_reader_free(r);
	stream_close(s);
	return find_recorded_endings(&game, endings, MAX);
}

static int endings_with_tag(const char *tag, const char *result, const char *white, const char *black)
{
	char text[512];
	snprintf(text, sizeof text,
		 "[Event \"e\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[Termination \"%s\"]\n\n1. e4 e5 %s\n",
		 white, black, result, tag, result);
	return endings_of(text);
}

static int endings_with_comment(const char *comment, const char *result)
{
	char text[512];
	snprintf(text, sizeof text, "[Event \"e\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"%s\"]\n\n1. e4 e5 2. Nf3 {%s} %s\n",
		 result, comment, result);
	return endings_of(text);
}

static void expect_one(int n, enum ending_kind kind, int side, const char *phrase)
{
	assert_int_equal(n, 1);
	assert_int_equal(endings[0].kind, kind);
	assert_int_equal(endings[0].side, side);
	assert_string_equal(endings[0].phrase, phrase);
}

static void teardown_game(void)
{
	pgn_game_free(&game);
}

static void test_termination_tags_of_the_rules(void **state)
{
	(void)state;
	expect_one(endings_with_tag("Game drawn by repetition", "1/2-1/2", "A", "B"), ENDING_THREEFOLD_CLAIM, -1,
		   "repetition");
	assert_null(endings[0].comment);
	assert_string_equal(endings[0].tag, "Termination");
	assert_int_equal(endings[0].line, 5);
	assert_int_equal(endings[0].column, 1);
	assert_int_equal(endings[0].ply, 0);
	teardown_game();
	expect_one(endings_with_tag("Game drawn by 50-move rule", "1/2-1/2", "A", "B"), ENDING_FIFTY_MOVE_CLAIM, -1,
		   "50-move");
	teardown_game();
	expect_one(endings_with_tag("3-fold rep", "1/2-1/2", "A", "B"), ENDING_THREEFOLD_CLAIM, -1, "3-fold");
	teardown_game();
	expect_one(endings_with_tag("50-move rule", "1/2-1/2", "A", "B"), ENDING_FIFTY_MOVE_CLAIM, -1, "50-move");
	teardown_game();
}

static void test_timeout_against_insufficient_material_is_a_draw(void **state)
{
	(void)state;
	expect_one(endings_with_tag("Game drawn by timeout vs insufficient material", "1/2-1/2", "A", "B"),
		   ENDING_TIMEOUT_DRAW, -1, "timeout vs insufficient material");
	teardown_game();
	/* lichess writes "Time forfeit" for it too; the drawn result tells */
	expect_one(endings_with_tag("Time forfeit", "1/2-1/2", "A", "B"), ENDING_TIMEOUT_DRAW, -1, "time forfeit");
	teardown_game();
}

static void test_who_lost_on_time(void **state)
{
	(void)state;
	/* chess.com names the winner: the White tag's player won, Black lost */
	expect_one(endings_with_tag("MagnusCarlsen won on time", "1-0", "MagnusCarlsen", "Hikaru"), ENDING_TIME_FORFEIT,
		   BLACK, "won on time");
	teardown_game();
	/* the name is compared without case and blanks */
	expect_one(endings_with_tag("hikaru won on time", "0-1", "MagnusCarlsen", "Hikaru"), ENDING_TIME_FORFEIT, WHITE,
		   "won on time");
	teardown_game();
	/* the phrase names the side even where the result disagrees */
	expect_one(endings_with_tag("Hikaru won on time", "1-0", "MagnusCarlsen", "Hikaru"), ENDING_TIME_FORFEIT, WHITE,
		   "won on time");
	teardown_game();
	/* lichess' "Time forfeit" leaves it to the result */
	expect_one(endings_with_tag("Time forfeit", "1-0", "A", "B"), ENDING_TIME_FORFEIT, BLACK, "time forfeit");
	teardown_game();
	expect_one(endings_with_tag("time forfeit", "0-1", "A", "B"), ENDING_TIME_FORFEIT, WHITE, "time forfeit");
	teardown_game();
	expect_one(endings_with_tag("Time forfeit", "*", "A", "B"), ENDING_TIME_FORFEIT, -1, "time forfeit");
	teardown_game();
	/* an unknown name: the result decides */
	expect_one(endings_with_tag("somebody won on time", "0-1", "A", "B"), ENDING_TIME_FORFEIT, WHITE, "won on time");
	teardown_game();
	expect_one(endings_with_comment("White wins on time", "1-0"), ENDING_TIME_FORFEIT, BLACK, "wins on time");
	teardown_game();
	expect_one(endings_with_comment("Black forfeits on time", "1-0"), ENDING_TIME_FORFEIT, BLACK, "forfeits on time");
	teardown_game();
	expect_one(endings_with_comment("White oversteps the time limit in an equal position.", "0-1"),
		   ENDING_TIME_FORFEIT, WHITE, "oversteps the time limit");
	teardown_game();
	expect_one(endings_with_comment("Boris lost on time", "1-0"), ENDING_TIME_FORFEIT, BLACK, "lost on time");
	teardown_game();
}

static void test_termination_details_tag(void **state)
{
	(void)state;
	int n = endings_of("[Event \"TCEC\"]\n[Result \"1/2-1/2\"]\n[TerminationDetails \"3-Fold repetition\"]\n\n"
			   "1. e4 e5 1/2-1/2\n");
	expect_one(n, ENDING_THREEFOLD_CLAIM, -1, "repetition");
	assert_string_equal(endings[0].tag, "TerminationDetails");
	teardown_game();
	n = endings_of("[Event \"TCEC\"]\n[Result \"1/2-1/2\"]\n[TerminationDetails \"Fifty moves rule\"]\n\n1. e4 e5 1/2-1/2\n");
	expect_one(n, ENDING_FIFTY_MOVE_CLAIM, -1, "fifty-move");
	teardown_game();
	n = endings_of("[Event \"TCEC\"]\n[Result \"1-0\"]\n[TerminationDetails \"Black loses on time\"]\n\n1. e4 e5 1-0\n");
	expect_one(n, ENDING_TIME_FORFEIT, BLACK, "loses on time");
	teardown_game();
}

static void test_last_comments_of_the_rules(void **state)
{
	(void)state;
	expect_one(endings_with_comment("3-fold repetition", "1/2-1/2"), ENDING_THREEFOLD_CLAIM, -1, "3-fold");
	assert_non_null(endings[0].comment);
	assert_null(endings[0].tag);
	assert_int_equal(endings[0].line, 6);
	assert_int_equal(endings[0].column, 17);
	assert_int_equal(endings[0].ply, 3);
	teardown_game();
	expect_one(endings_with_comment("Draw by 3-fold repetition", "1/2-1/2"), ENDING_THREEFOLD_CLAIM, -1,
		   "repetition");
	teardown_game();
	expect_one(endings_with_comment("Fifty moves rule", "1/2-1/2"), ENDING_FIFTY_MOVE_CLAIM, -1, "fifty-move");
	teardown_game();
	expect_one(endings_with_comment("Draw by fifty moves rule", "1/2-1/2"), ENDING_FIFTY_MOVE_CLAIM, -1,
		   "fifty-move");
	teardown_game();
	/* TCEC: engine data, then the reason after the last comma */
	expect_one(endings_with_comment("d=61, sd=61, pv=Kf1, tb=0, R50=42, Rd=-11, mb=+0+0+0+0+0, 3-Fold repetition",
					"1/2-1/2"),
		   ENDING_THREEFOLD_CLAIM, -1, "3-fold");
	teardown_game();
	expect_one(endings_with_comment(" Black claimed a draw due to the 50 move rule, 1/2 - 1/2 ", "1/2-1/2"),
		   ENDING_FIFTY_MOVE_CLAIM, -1, "50-move");
	teardown_game();
}

static void test_spelling_variants(void **state)
{
	(void)state;
	static const char *const threefold[] = { "Draw by threefold repetition", "Draw by three-fold repetition",
						 "DRAW BY 3 FOLD REPETITION", "drawn by 3_fold  repetition",
						 "Threefold repetition", "White claims threefold" };
	static const char *const fifty[] = { "Draw by 50-move rule", "draw by 50 moves rule", "Draw by fifty-move rule",
					     "Drawn by the fifty move rule", "50-moves rule", "Black claims 50 moves" };
	for (size_t i = 0; i < sizeof threefold / sizeof threefold[0]; i++) {
		int n = endings_with_comment(threefold[i], "1/2-1/2");
		if (n != 1 || endings[0].kind != ENDING_THREEFOLD_CLAIM)
			fail_msg("'%s' should be a threefold claim", threefold[i]);
		teardown_game();
	}
	for (size_t i = 0; i < sizeof fifty / sizeof fifty[0]; i++) {
		int n = endings_with_comment(fifty[i], "1/2-1/2");
		if (n != 1 || endings[0].kind != ENDING_FIFTY_MOVE_CLAIM)
			fail_msg("'%s' should be a fifty-move claim", fifty[i]);
		teardown_game();
	}
}

static void test_analysis_is_not_a_claim(void **state)
{
	(void)state;
	static const char *const analysis[] = {
		"avoiding a repetition of moves", "threatening a repetition", "White avoids a draw by repetition",
		"with best play by both sides we will soon reach a three-fold repetition. (1/2-1/2)",
		"this would be a draw by repetition", "and a repetition of moves.", "If 30...Kh8 a draw by repetition",
		"White would answer 4. Ba4 with a draw by repetition",
		" FIFTY ", " REPEAT ", "[%clk 0:00:13]", "Draw by adjudication: TCEC draw rule", "Black resigns",
		"He nearly lost on time",
	};
	for (size_t i = 0; i < sizeof analysis / sizeof analysis[0]; i++) {
		if (endings_with_comment(analysis[i], "1/2-1/2") != 0)
			fail_msg("'%s' should not count as an ending (got %s)", analysis[i], endings[0].phrase);
		teardown_game();
	}
	static const char *const tags[] = { "Game drawn by stalemate", "Game drawn by agreement", "Normal",
					    "Game drawn by insufficient material", "+50cp in 1", "abandoned" };
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
		if (endings_with_tag(tags[i], "1/2-1/2", "A", "B") != 0)
			fail_msg("tag '%s' should not count as an ending", tags[i]);
		teardown_game();
	}
}

/* Issue 23: closing comments that mention a repetition without recording a
 * claim.  A decisive result records no draw claim (tags and comments); a
 * comment claims only in a drawn game; negations, guesses and chances let
 * pass are hedges.  Time forfeits in the words real files use. */
static void test_mentions_are_not_claims(void **state)
{
	(void)state;
	static const char *const drawn[] = {
		"A draw by repetition was impossible here", "a draw by repetition is likely",
		"White couldn't claim a draw by repetition", "White couldn\xE2\x80\x99t claim a draw by repetition",
		"Black missed a draw by repetition", "Black had a draw by repetition", "never a draw by repetition",
		"perhaps a draw by repetition", "it seems a draw by repetition", "he overlooked a draw by repetition",
		"Black was running out of time",
	};
	for (size_t i = 0; i < sizeof drawn / sizeof drawn[0]; i++) {
		if (endings_with_comment(drawn[i], "1/2-1/2") != 0)
			fail_msg("'%s' should not count as an ending (got %s)", drawn[i], endings[0].phrase);
		teardown_game();
	}
	static const char *const results[] = { "1-0", "0-1", "*" };
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		if (endings_with_comment("Draw by repetition", results[i]) != 0)
			fail_msg("a comment claim with the result %s should not count", results[i]);
		teardown_game();
	}
	assert_int_equal(endings_with_tag("3-fold repetition", "1-0", "A", "B"), 0);
	teardown_game();
	/* a tag still counts without a result; a comment in a game scored 1/2 */
	expect_one(endings_with_tag("3-fold repetition", "*", "A", "B"), ENDING_THREEFOLD_CLAIM, -1, "repetition");
	teardown_game();
	expect_one(endings_with_comment("Draw by repetition", "1/2"), ENDING_THREEFOLD_CLAIM, -1, "repetition");
	teardown_game();
	expect_one(endings_with_comment("White ran out of time", "0-1"), ENDING_TIME_FORFEIT, WHITE, "ran out of time");
	teardown_game();
	expect_one(endings_with_comment("Black timed out.", "1-0"), ENDING_TIME_FORFEIT, BLACK, "timed out");
	teardown_game();
	expect_one(endings_with_comment("Carlsen wins by timeout", "0-1"), ENDING_TIME_FORFEIT, WHITE, "wins by timeout");
	teardown_game();
	expect_one(endings_with_comment("1-0 on time", "1-0"), ENDING_TIME_FORFEIT, BLACK, "1-0 on time");
	teardown_game();
	expect_one(endings_with_comment("The flag has fallen!", "0-1"), ENDING_TIME_FORFEIT, WHITE, "flag has fallen");
	teardown_game();
	expect_one(endings_with_tag("timeout", "1-0", "A", "B"), ENDING_TIME_FORFEIT, BLACK, "timeout");
	teardown_game();
}

static void test_only_the_last_main_line_comments_count(void **state)
{
	(void)state;
	/* before the last move: analysis, however it is worded */
	assert_int_equal(endings_of("[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {Draw by repetition} e5 1/2-1/2\n"), 0);
	teardown_game();
	/* in a variation after the last move */
	assert_int_equal(endings_of("[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 (1... c5 {Draw by repetition}) 1/2-1/2\n"),
			 0);
	teardown_game();
	/* after a variation, still after the last move: counts */
	int n = endings_of("[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 (1... c5) {Draw by repetition} 1/2-1/2\n");
	expect_one(n, ENDING_THREEFOLD_CLAIM, -1, "repetition");
	assert_int_equal(endings[0].ply, 2);
	teardown_game();
	/* a lone e.p. is part of the capture, not a ply */
	n = endings_of("[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 a6 2. e5 d5 3. exd6 e.p. {Draw by repetition} 1/2-1/2\n");
	expect_one(n, ENDING_THREEFOLD_CLAIM, -1, "repetition");
	assert_int_equal(endings[0].ply, 5);
	teardown_game();
}

static void test_several_endings_and_the_limit(void **state)
{
	(void)state;
	const char *text = "[Event \"e\"]\n[Result \"1/2-1/2\"]\n[Termination \"Game drawn by repetition\"]\n"
			   "[TerminationDetails \"3-Fold repetition\"]\n\n1. e4 e5 "
			   "{Draw by 3-fold repetition, threefold repetition} {Draw by 50-move rule} 1/2-1/2\n";
	int n = endings_of(text);
	assert_int_equal(n, 4);
	assert_string_equal(endings[0].tag, "Termination");
	assert_string_equal(endings[1].tag, "TerminationDetails");
	/* one comment, two clauses of one kind: one ending */
	assert_int_equal(endings[2].kind, ENDING_THREEFOLD_CLAIM);
	assert_non_null(endings[2].comment);
	assert_int_equal(endings[3].kind, ENDING_FIFTY_MOVE_CLAIM);
	assert_int_equal(endings[3].column, 60);
	teardown_game();
	assert_int_equal(endings_of(text) > 0, 1);
	assert_int_equal(find_recorded_endings(&game, endings, 1), 1);
	assert_string_equal(endings[0].tag, "Termination");
	teardown_game();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_termination_tags_of_the_rules),
		cmocka_unit_test(test_timeout_against_insufficient_material_is_a_draw),
		cmocka_unit_test(test_who_lost_on_time),
		cmocka_unit_test(test_termination_details_tag),
		cmocka_unit_test(test_last_comments_of_the_rules),
		cmocka_unit_test(test_spelling_variants),
		cmocka_unit_test(test_analysis_is_not_a_claim),
		cmocka_unit_test(test_mentions_are_not_claims),
		cmocka_unit_test(test_only_the_last_main_line_comments_count),
		cmocka_unit_test(test_several_endings_and_the_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
