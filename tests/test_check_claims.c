/*
 * test_check_claims.c - the draw-claim checks (validator/audit/check_claims.c),
 * run end to end: a PGN text through the reader and audit_game(), then the
 * findings of one code.  Games are real move sequences; FEN tags with a
 * halfmove clock near 100 stand in for long endgames.
 */
#include "tests/audit_util.h"

#include <stdio.h>
#include <string.h>

#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"

static struct pgn_game game;
static struct finding_list findings;

/* Audits the one game in text under the given edition. */
static void audit_text(const char *text, enum rules_edition rules)
{
	struct audit_options opt = { .rules = rules };
	struct auditor a;
	auditor_init(&a, &opt);
	audit_one_game(text, &game, &a, &findings);
	auditor_free(&a);
}

static void audit(const char *text)
{
	audit_text(text, RULES_FIDE2023);
}

static int count(enum check_code code)
{
	return count_code(&findings, code);
}

/* The i-th finding (0-based) of a code; fails the test when there is none. */
static const struct finding *nth(enum check_code code, int i)
{
	for (int k = 0; k < findings.count; k++)
		if (findings.items[k].code == code && i-- == 0)
			return &findings.items[k];
	fail_msg("no finding %d of code %s", i, check_catalogue[code].code);
	return NULL;
}

static void expect_message(const struct finding *f, const char *part)
{
	if (!strstr(f->message, part))
		fail_msg("message '%s' should contain '%s'", f->message, part);
}

static int setup(void **state)
{
	(void)state;
	pgn_game_init(&game);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pgn_game_free(&game);
	finding_list_free(&findings);
	return 0;
}

#define HEAD "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n"
#define SHUFFLE "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 "

static void test_threefold_reported_once_per_player(void **state)
{
	(void)state;
	/* the start position stands five times; each player lets his first
	 * chance pass once, and nothing after is reported again */
	audit(HEAD "[Result \"*\"]\n\n" SHUFFLE "5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 2);
	/* Black first: before 4...Ng8 he could write it and claim (9.2.1.1) */
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->severity, SEVERITY_INFO);
	assert_string_equal(f->rule, "FIDE 9.2.1.1");
	assert_int_equal(f->ply, 8);
	assert_int_equal(f->side, BLACK);
	assert_string_equal(f->san, "Ng8");
	assert_string_equal(f->suggestion, ""); /* a claim is no correction: no suggestion */
	assert_string_equal(f->fen, "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4");
	expect_message(f, "Black could claim a draw by threefold repetition with 4...Ng8");
	expect_message(f, "at the start and after 2...Ng8 a third time");
	/* then White, with the start position on the board a third time (9.2.1.2) */
	f = nth(CHECK_MISSED_THREEFOLD, 1);
	assert_string_equal(f->rule, "FIDE 9.2.1.2");
	assert_int_equal(f->ply, 9);
	assert_int_equal(f->side, WHITE);
	assert_string_equal(f->suggestion, "");
	expect_message(f, "White could claim a draw by threefold repetition at move 5: the position after 4...Ng8 "
			  "had occurred twice before (at the start and after 2...Ng8); play went on with 5. Nf3");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
}

static void test_a_different_move_instead_of_the_repeating_one(void **state)
{
	(void)state;
	audit(HEAD "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Nc6 5. e4 e5 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 1);
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_string_equal(f->rule, "FIDE 9.2.1.1");
	assert_int_equal(f->ply, 8);
	assert_string_equal(f->san, "Nc6");
	assert_string_equal(f->suggestion, ""); /* a claim is no correction: no suggestion */
	expect_message(f, "Black could claim a draw by threefold repetition before 4...Nc6: writing 4...Ng8 would "
			  "have repeated the position at the start and after 2...Ng8 a third time");
}

static void test_runs_reset_by_a_capture(void **state)
{
	(void)state;
	/* two runs of repetitions, cut by 5...dxe4 (and the pawn moves): each
	 * run gives each player his first chance; the knights' positions
	 * before the capture do not count after it */
	audit(HEAD "[Result \"*\"]\n\n" SHUFFLE "5. e4 d5 6. Nc3 dxe4 7. Nb1 Nf6 8. Nc3 Ng8 9. Nb1 Nf6 10. Nc3 Ng8 "
		   "11. Nb1 Nf6 12. a3 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 4);
	assert_int_equal(nth(CHECK_MISSED_THREEFOLD, 0)->ply, 8);
	assert_int_equal(nth(CHECK_MISSED_THREEFOLD, 1)->ply, 9);
	/* the second run starts at 6...dxe4 (ply 12) */
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 2);
	assert_true(f->ply > 12);
	expect_message(nth(CHECK_MISSED_THREEFOLD, 3), "6...dxe4");
}

static void test_last_move_may_carry_the_claim(void **state)
{
	(void)state;
	/* the game ends drawn with the repeating move: read as its claim */
	audit(HEAD "[Result \"1/2-1/2\"]\n\n" SHUFFLE "1/2-1/2\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 0);
	/* unknown result: nothing shows that play went on either */
	audit(HEAD "[Result \"*\"]\n\n" SHUFFLE "*\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 0);
	/* a decisive result: Black played on (and lost on time, say) */
	audit(HEAD "[Result \"1-0\"]\n\n" SHUFFLE "1-0\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 1);
	assert_int_equal(nth(CHECK_MISSED_THREEFOLD, 0)->ply, 8);
}

static void test_a_king_move_loses_castling_rights_for_good(void **state)
{
	(void)state;
	/* after 1...e5 both sides have every right; after 3...Ke8 the kings
	 * stand there again without them: not the same position (9.2.2), so
	 * 5...Ke8 repeats it only a second time and Black's first chance comes
	 * with 6...Ke7 (not 5...Ke8) */
	audit(HEAD "[Result \"*\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 "
		   "8. Ke2 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 2);
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->ply, 12);
	assert_string_equal(f->san, "Ke7");
	expect_message(f, "after 2...Ke7 and 4...Ke7");
	assert_int_equal(nth(CHECK_MISSED_THREEFOLD, 1)->ply, 13);
	/* a claim when the kings are home the second time without rights is
	 * one short: the first time they had rights */
	audit(HEAD "[Result \"1/2-1/2\"]\n[Termination \"Game drawn by repetition\"]\n\n"
		   "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	expect_message(nth(CHECK_INVALID_CLAIM, 0), "the position after 5...Ke8 has occurred only twice (also after 3...Ke8)");
}

static void test_rights_count_while_castling_is_blocked(void **state)
{
	(void)state;
	/* in the FEN position castling is impossible (knights between king and
	 * rooks) but every right is there: the knights come back to the same
	 * position, rights and all */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"rn2k1nr/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1\"]\n[Result \"1/2-1/2\"]\n\n" SHUFFLE
		   "{Draw by 3-fold repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
	/* the rooks' trip to h2/h7 and back costs the kingside rights: the
	 * position after 2...Rh8 is another one than the FEN's */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"rn2k1nr/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1\"]\n[Result \"1/2-1/2\"]\n\n"
		   "1. Rh2 Rh7 2. Rh1 Rh8 3. Nf3 Nf6 4. Ng1 Ng8 {Draw by repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	expect_message(nth(CHECK_INVALID_CLAIM, 0), "the position after 4...Ng8 has occurred only twice (also after 2...Rh8)");
}

#define EP_GAME "1. e4 Na6 2. Na3 Nb8 3. Nb1 Na6 4. Na3 Nb8 5. Nb1 Na6 6. Na3 *\n"

static void test_en_passant_only_when_legal(void **state)
{
	(void)state;
	/* 1. e4 passes the black pawn on d4, but that pawn is pinned by the rook
	 * on d1: dxe3 is illegal, so the position after 1. e4 is the one after
	 * 3. Nb1 and 5. Nb1 - White's 5. Nb1 makes it appear a third time */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"1n1k4/8/8/8/3p4/8/4P3/1N1R2K1 w - - 0 1\"]\n[Result \"*\"]\n\n" EP_GAME);
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 2);
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->ply, 9);
	expect_message(f, "White could claim a draw by threefold repetition with 5. Nb1: it repeats the position "
			  "after 1. e4 and 3. Nb1 a third time");
	assert_string_equal(nth(CHECK_MISSED_THREEFOLD, 1)->rule, "FIDE 9.2.1.2");
	/* with the rook on e1 dxe3 e.p. is legal after 1. e4: that position
	 * never comes back, and only Black's 5...Na6 repeats a third time */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"1n1k4/8/8/8/3p4/8/4P3/1N2R1K1 w - - 0 1\"]\n[Result \"*\"]\n\n" EP_GAME);
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 1);
	f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->ply, 10);
	assert_int_equal(f->side, BLACK);
	expect_message(f, "with 5...Na6: it repeats the position after 1...Na6 and 3...Na6");
}

static void test_the_side_to_move_is_part_of_the_position(void **state)
{
	(void)state;
	/* the kings stand on g1 and g8 at the start, after 3. Kg1 (Black to
	 * move: another position) and after 6...Kg8: twice, not three times */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"6k1/8/8/p7/P7/8/8/6K1 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n"
		   "[Termination \"Game drawn by repetition\"]\n\n"
		   "1. Kh1 Kh8 2. Kh2 Kg8 3. Kg1 Kh8 4. Kh1 Kg8 5. Kh2 Kh8 6. Kg1 Kg8 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	const struct finding *f = nth(CHECK_INVALID_CLAIM, 0);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	assert_string_equal(f->rule, "FIDE 9.2.1");
	assert_int_equal(f->line, 7);
	assert_int_equal(f->column, 1);
	assert_int_equal(f->ply, 0);
	assert_string_equal(f->fen, "6k1/8/8/p7/P7/8/8/6K1 w - - 12 7");
	expect_message(f, "the game is recorded as drawn by threefold repetition (the Termination tag), but the "
			  "position after 6...Kg8 has occurred only twice (also at the start), and White, to move, has no "
			  "move that would make a position appear a third time");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 0);
}

/* After 11. Na3 two black moves repeat a position a third time, 11...Nc6
 * and 11...Nh6; the one played is named, whichever the generator finds
 * first (found by comparing with a mutant on random knight games). */
static void test_the_move_played_among_several_repeating(void **state)
{
	(void)state;
	audit(HEAD "[Result \"*\"]\n\n1. Na3 Nh6 2. Nh3 Nc6 3. Ng1 Ng8 4. Nh3 Nf6 5. Ng1 Ng8 6. Nf3 Nb8 7. Nb1 Nh6 "
		   "8. Ng1 Na6 9. Na3 Nb8 10. Nb1 Ng8 11. Na3 Nh6 12. Nb1 *\n");
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->ply, 22);
	assert_string_equal(f->suggestion, ""); /* a claim is no correction: no suggestion */
	expect_message(f, "Black could claim a draw by threefold repetition with 11...Nh6: it repeats the position "
			  "after 1...Nh6 and 9...Nb8 a third time");
}

/* Two kings walk a loop of nine moves each, twice: at the end of the
 * second loop nine positions with White to move have stood twice, more
 * than the claims pass keeps as targets (MAX_TARGETS, 8), and every move
 * is then tried.  Black could have claimed with 18...Ke8. */
#define KING_LOOP "Ke2 Ke7 Ke3 Ke6 Kd3 Kd6 Kc3 Kc6 Kc2 Kc7 Kc1 Kc8 Kd1 Kd8 Kd2 Kd7 Ke1 Ke8 "

static void test_about_to_appear_with_many_targets(void **state)
{
	(void)state;
	audit(HEAD "[SetUp \"1\"]\n[FEN \"4k3/7p/8/8/8/8/7P/4K3 w - - 0 1\"]\n\n" KING_LOOP KING_LOOP "Ke2 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 1);
	const struct finding *f = nth(CHECK_MISSED_THREEFOLD, 0);
	assert_int_equal(f->ply, 36);
	assert_string_equal(f->suggestion, ""); /* a claim is no correction: no suggestion */
	expect_message(f, "Black could claim a draw by threefold repetition with 18...Ke8: it repeats the position at "
			  "the start and after 9...Ke8 a third time");
	/* One loop and a half: nothing stood twice at the right moment. */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"4k3/7p/8/8/8/8/7P/4K3 w - - 0 1\"]\n\n" KING_LOOP "Ke2 Ke7 Ke3 Ke6 *\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 0);
}

static void test_threefold_claims(void **state)
{
	(void)state;
	/* 9.2.1.2: the position after 4...Ng8 is on the board a third time */
	audit(HEAD "[Result \"1/2-1/2\"]\n\n" SHUFFLE "{Draw by 3-fold repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
	/* 9.2.1.1: after 4. Ng1 Black claims with 4...Ng8, about to repeat */
	audit(HEAD "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 {3-fold repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
	/* one repetition short: neither way works */
	audit(HEAD "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 {3-fold repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	const struct finding *f = nth(CHECK_INVALID_CLAIM, 0);
	assert_int_equal(f->line, 6);
	assert_int_equal(f->column, 30);
	expect_message(f, "(a comment after the last move), but the position after 3. Nf3 has occurred only twice "
			  "(also after 1. Nf3), and Black, to move, has no move");
	/* a claim recorded twice (tag and comment) is judged once, at the tag */
	audit(HEAD "[Result \"1/2-1/2\"]\n[Termination \"Game drawn by repetition\"]\n\n"
		   "1. Nf3 Nf6 2. Ng1 {Draw by repetition} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	assert_int_equal(nth(CHECK_INVALID_CLAIM, 0)->line, 5);
	expect_message(nth(CHECK_INVALID_CLAIM, 0), "has occurred only once, and Black");
	/* an analysis comment is no claim */
	audit(HEAD "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 {avoiding a repetition of moves} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
}

static void test_claims_of_a_game_not_replayed_to_the_end(void **state)
{
	(void)state;
	audit(HEAD "[Result \"1/2-1/2\"]\n[Termination \"Game drawn by repetition\"]\n\n1. Nf3 Nf6 2. Ke2 1/2-1/2\n");
	assert_int_equal(count(CHECK_ILLEGAL_MOVE), 1);
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
}

#define FIFTY_TAGS(fen) HEAD "[SetUp \"1\"]\n[FEN \"" fen "\"]\n[Result \"1/2-1/2\"]\n\n"

static void test_fifty_move_claims(void **state)
{
	(void)state;
	/* 99 plies, and Black may write a quiet move to complete 50 (9.3.1) */
	audit(FIFTY_TAGS("1r4k1/8/8/8/8/8/8/1R4K1 w - - 98 60") "60. Kf1 {Draw by fifty moves rule} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
	/* 99 plies, but Black can only push the b-pawn: no 50th quiet move */
	audit(FIFTY_TAGS("7k/1p6/6Q1/8/8/8/8/1K6 w - - 98 80") "80. Kc1 {Draw by fifty moves rule} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	const struct finding *f = nth(CHECK_INVALID_CLAIM, 0);
	assert_string_equal(f->rule, "FIDE 9.3");
	assert_string_equal(f->fen, "7k/1p6/6Q1/8/8/8/8/2K5 b - - 99 80");
	expect_message(f, "the game is recorded as drawn under the fifty-move rule (a comment after the last move), but "
			  "99 plies were played without capture or pawn move");
	expect_message(f, "every legal move of Black, to move, is a capture or a pawn move");
	/* 100 plies: valid (9.3.2) */
	audit(FIFTY_TAGS("7k/1p6/6Q1/8/8/8/8/1K6 w - - 99 80") "80. Kc1 {Draw by fifty moves rule} 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 0);
	/* far too early, since a capture in the game */
	audit(HEAD "[Result \"1/2-1/2\"]\n[Termination \"Game drawn by 50-move rule\"]\n\n"
		   "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nf3 Nf6 1/2-1/2\n");
	assert_int_equal(count(CHECK_INVALID_CLAIM), 1);
	expect_message(nth(CHECK_INVALID_CLAIM, 0), "(the Termination tag), but only 4 plies were played without "
						     "capture or pawn move (since 2...Qxd5): the rule needs 50 moves");
}

static void test_missed_fifty_move(void **state)
{
	(void)state;
	audit(HEAD "[SetUp \"1\"]\n[FEN \"1r4k1/8/8/8/8/8/8/1R4K1 w - - 97 60\"]\n[Result \"*\"]\n\n"
		   "60. Kf1 Kf8 61. Ke1 Ke8 62. Kd1 Kd8 63. Kc1 *\n");
	assert_int_equal(count(CHECK_MISSED_FIFTY_MOVE), 2);
	const struct finding *f = nth(CHECK_MISSED_FIFTY_MOVE, 0);
	assert_int_equal(f->severity, SEVERITY_INFO);
	assert_string_equal(f->rule, "FIDE 9.3.1");
	assert_int_equal(f->ply, 3);
	assert_int_equal(f->side, WHITE);
	assert_string_equal(f->suggestion, ""); /* a claim is no correction: no suggestion */
	assert_string_equal(f->fen, "1r3k2/8/8/8/8/8/8/1R3K2 w - - 99 61");
	expect_message(f, "White could claim a draw under the fifty-move rule before 61. Ke1: writing 61. Ke1, "
			  "neither a capture nor a pawn move, would have completed 50 moves");
	f = nth(CHECK_MISSED_FIFTY_MOVE, 1);
	assert_string_equal(f->rule, "FIDE 9.3.2");
	assert_int_equal(f->ply, 4);
	assert_int_equal(f->side, BLACK);
	expect_message(f, "Black could claim a draw under the fifty-move rule at move 61: no capture and no pawn move "
			  "in the last 50 moves of each player (since before the start position, by its FEN); play went on with 61...Ke8");
	/* at 99 White (king boxed in by the rook) has only pawn moves: no
	 * chance, and his pawn move starts the count again */
	audit(HEAD "[SetUp \"1\"]\n[FEN \"1r5k/8/8/8/8/8/P7/K7 b - - 98 80\"]\n[Result \"*\"]\n\n"
		   "80... Rb7 81. a3 Rb8 82. a4 Rb7 *\n");
	assert_int_equal(count(CHECK_MISSED_FIFTY_MOVE), 0);
}

static void test_fifty_move_since_a_move_of_the_game(void **state)
{
	(void)state;
	/* a capture at ply 1, then 50 quiet moves of each side by rooks */
	char text[4096];
	int used = snprintf(text, sizeof text,
			    HEAD "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/R3K2R w - - 0 1\"]\n[Result \"*\"]\n\n1. Rxa8+ Kd7 ");
	static const char *const white[] = { "Rb8", "Ra8" };
	static const char *const black[] = { "Kc7", "Kd7", "Ke7", "Kd7" };
	for (int number = 2; number <= 53; number++)
		used += snprintf(text + used, sizeof text - (size_t)used, "%d. %s %s ", number, white[number % 2],
				 black[number % 4]);
	snprintf(text + used, sizeof text - (size_t)used, "*\n");
	audit_text(text, RULES_FIDE2005);
	assert_int_equal(count(CHECK_MISSED_FIFTY_MOVE), 2);
	const struct finding *f = nth(CHECK_MISSED_FIFTY_MOVE, 0);
	assert_string_equal(f->rule, "FIDE 2005 9.3(a)");
	expect_message(f, "(since 1. Rxa8+)");
	assert_string_equal(nth(CHECK_MISSED_FIFTY_MOVE, 1)->rule, "FIDE 2005 9.3(b)");
}

static void test_automatic_draws_end_the_search_in_2023(void **state)
{
	(void)state;
	/* the start position stands a fifth time after 8...Ng8: under the 2023
	 * Laws the game is over there (9.6.1), so the second run's chances are
	 * moot; under 2005 they are reported */
	const char *text = HEAD "[Result \"*\"]\n\n" SHUFFLE "5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
				"9. e4 e5 10. Nf3 Nf6 11. Ng1 Ng8 12. Nf3 Nf6 13. Ng1 Ng8 14. a3 a6 *\n";
	audit_text(text, RULES_FIDE2023);
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 2);
	audit_text(text, RULES_FIDE2005);
	assert_int_equal(count(CHECK_MISSED_THREEFOLD), 4);
	assert_string_equal(nth(CHECK_MISSED_THREEFOLD, 0)->rule, "FIDE 2005 9.2(a)");
	assert_string_equal(nth(CHECK_MISSED_THREEFOLD, 1)->rule, "FIDE 2005 9.2(b)");
}

static void test_ordinary_game_has_nothing(void **state)
{
	(void)state;
	audit(HEAD "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
	assert_int_equal(count(CHECK_MISSED_THREEFOLD) + count(CHECK_MISSED_FIFTY_MOVE) + count(CHECK_INVALID_CLAIM), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_threefold_reported_once_per_player, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_different_move_instead_of_the_repeating_one, setup, teardown),
		cmocka_unit_test_setup_teardown(test_runs_reset_by_a_capture, setup, teardown),
		cmocka_unit_test_setup_teardown(test_last_move_may_carry_the_claim, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_king_move_loses_castling_rights_for_good, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rights_count_while_castling_is_blocked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_en_passant_only_when_legal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_side_to_move_is_part_of_the_position, setup, teardown),
		cmocka_unit_test_setup_teardown(test_about_to_appear_with_many_targets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_move_played_among_several_repeating, setup, teardown),
		cmocka_unit_test_setup_teardown(test_threefold_claims, setup, teardown),
		cmocka_unit_test_setup_teardown(test_claims_of_a_game_not_replayed_to_the_end, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fifty_move_claims, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missed_fifty_move, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fifty_move_since_a_move_of_the_game, setup, teardown),
		cmocka_unit_test_setup_teardown(test_automatic_draws_end_the_search_in_2023, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ordinary_game_has_nothing, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
