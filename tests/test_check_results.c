/*
 * test_check_results.c - the results checks (wrong-result, move-after-end
 * after a dead position or an automatic draw, automatic-draw,
 * unwinnable-timeout), each through the real replay: a PGN text is read,
 * audited by audit_game(), and the findings of one code are inspected.
 *
 * The dead positions used are those any sound and complete-enough
 * unwinnable.c must decide: K v K, K+B v K, K+N v K, K+B v K+B with bishops
 * on one colour (dead) and K+N v K+N, K+B v K+B on opposite colours (not
 * dead); for a win on time, a lone king and K+N v K cannot mate.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/audit_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/audit/citations.h"

/* The game audited last; its findings point into it, so it is kept until
 * the next one. */
static struct {
	int live;
	struct pgn_game game;
	struct auditor auditor;
	struct finding_list found;
} last;

static void forget_last(void)
{
	if (last.live) {
		pgn_game_free(&last.game);
		auditor_free(&last.auditor);
		finding_list_free(&last.found);
	}
	memset(&last, 0, sizeof last);
}

static void audit_text(const char *pgn, enum rules_edition rules)
{
	struct audit_options opt = { .rules = rules };
	forget_last();
	attacks_init();
	pgn_game_init(&last.game);
	auditor_init(&last.auditor, &opt);
	last.live = 1;
	audit_one_game(pgn, &last.game, &last.auditor, &last.found);
}

static void audit(const char *pgn)
{
	audit_text(pgn, RULES_FIDE2023);
}

static int count(enum check_code code)
{
	return count_code(&last.found, code);
}

/* The one finding of `code`; fails unless there is exactly one. */
static const struct finding *only(enum check_code code)
{
	const struct finding *hit = NULL;
	for (int i = 0; i < last.found.count; i++) {
		if (last.found.items[i].code != code)
			continue;
		if (hit)
			fail_msg("two %s findings: '%s' and '%s'", check_catalogue[code].code, hit->message,
				 last.found.items[i].message);
		hit = &last.found.items[i];
	}
	if (!hit)
		fail_msg("no %s finding", check_catalogue[code].code);
	return hit;
}

static void expect_message_has(const struct finding *f, const char *part)
{
	if (!strstr(f->message, part))
		fail_msg("message '%s' should contain '%s'", f->message, part);
}

static void expect_no_result_findings(void)
{
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	assert_int_equal(count(CHECK_AUTOMATIC_DRAW), 0);
	assert_int_equal(count(CHECK_UNWINNABLE_TIMEOUT), 0);
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);
}

#define FOOLS_MATE "1. f3 e5 2. g4 Qh4# "
#define FEN_GAME(fen) "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"" fen "\"]\n"
/* White takes the rook on d2 and is left with the piece on f1. */
#define TAKE_ROOK(f1, black) FEN_GAME("4k3/8/8/" black "/8/8/3r4/4K" f1 "2 w - - 0 1")

static void test_checkmate_with_the_wrong_result(void **state)
{
	(void)state;
	audit("[Result \"1-0\"]\n\n" FOOLS_MATE "1-0\n");
	const struct finding *f = only(CHECK_WRONG_RESULT);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	assert_string_equal(f->rule, "FIDE 5.1.1");
	assert_string_equal(f->suggestion, "0-1");
	expect_message_has(f, "after 2...Qh4# is checkmate: Black won");
	expect_message_has(f, "the result says 1-0");
	assert_int_equal(f->line, 3);
	assert_int_equal(f->column, 21);
	assert_string_equal(f->fen, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");

	audit("[Result \"0-1\"]\n\n" FOOLS_MATE "0-1\n");
	expect_no_result_findings();
	audit("[Result \"1/2-1/2\"]\n\n" FOOLS_MATE "1/2-1/2\n");
	assert_string_equal(only(CHECK_WRONG_RESULT)->suggestion, "0-1");
}

static void test_checkmate_unfinished_is_a_warning(void **state)
{
	(void)state;
	audit("[Result \"*\"]\n\n" FOOLS_MATE "*\n");
	const struct finding *f = only(CHECK_WRONG_RESULT);
	assert_int_equal(f->severity, SEVERITY_WARNING);
	assert_string_equal(f->suggestion, "0-1");
	expect_message_has(f, "the result is * (unfinished)");
}

static void test_result_from_tag_or_marker(void **state)
{
	(void)state;
	/* No marker: the Result tag is the result. */
	audit("[Result \"1-0\"]\n\n" FOOLS_MATE "\n");
	assert_string_equal(only(CHECK_WRONG_RESULT)->suggestion, "0-1");
	/* Marker and tag disagree (result-mismatch): the marker counts. */
	audit("[Result \"1-0\"]\n\n" FOOLS_MATE "0-1\n");
	assert_int_equal(count(CHECK_RESULT_MISMATCH), 1);
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	/* No result at all: nothing to compare. */
	audit("[Event \"t\"]\n\n" FOOLS_MATE "\n");
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
}

static void test_stalemate(void **state)
{
	(void)state;
	audit(FEN_GAME("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1") "\n1. Qf7 1-0\n");
	const struct finding *f = only(CHECK_WRONG_RESULT);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	assert_string_equal(f->rule, "FIDE 5.2.1");
	assert_string_equal(f->suggestion, "1/2-1/2");
	expect_message_has(f, "the final position after 1. Qf7 is stalemate");
	expect_message_has(f, "the result says 1-0");

	audit(FEN_GAME("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1") "\n1. Qf7 1/2-1/2\n");
	expect_no_result_findings();
	/* Not stalemate: Qf6 leaves g8 free. */
	audit(FEN_GAME("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1") "\n1. Qf6 1-0\n");
	expect_no_result_findings();
}

static void test_dead_final_position(void **state)
{
	(void)state;
	/* K+B v K. */
	audit(TAKE_ROOK("B", "8") "\n1. Kxd2 1-0\n");
	const struct finding *f = only(CHECK_WRONG_RESULT);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	assert_string_equal(f->rule, "FIDE 5.2.2");
	assert_string_equal(f->suggestion, "1/2-1/2");
	expect_message_has(f, "after 1. Kxd2 is dead (neither side can checkmate by any series of legal moves):");
	audit(TAKE_ROOK("B", "8") "\n1. Kxd2 1/2-1/2\n");
	expect_no_result_findings();
	/* K+N v K, and K v K. */
	audit(TAKE_ROOK("N", "8") "\n1. Kxd2 0-1\n");
	assert_string_equal(only(CHECK_WRONG_RESULT)->suggestion, "1/2-1/2");
	audit(FEN_GAME("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1") "\n1. Kxd2 *\n");
	assert_int_equal(only(CHECK_WRONG_RESULT)->severity, SEVERITY_WARNING);
	/* K+B v K+B, bishops on light squares (f1, b5). */
	audit(TAKE_ROOK("B", "1b6") "\n1. Kxd2 1-0\n");
	assert_string_equal(only(CHECK_WRONG_RESULT)->rule, "FIDE 5.2.2");
	/* 1. f4 locks the last pawns: neither king can cross the wall, and
	 * the message says so. */
	audit(FEN_GAME("8/8/3k4/1p1p1p1p/1P1P3P/4KP2/8/8 w - - 0 1") "\n1. f4 1-0\n");
	expect_message_has(only(CHECK_WRONG_RESULT), "after 1. f4 is dead (neither side can checkmate by any series of "
						    "legal moves; the pawns are locked for good and nothing can get "
						    "through): the game is drawn, but the result says 1-0");
	/* Before 1. f4 the wall has a gap on the f-file. */
	audit(FEN_GAME("8/8/3k4/1p1p1p1p/1P1P3P/4KP2/8/8 w - - 0 1") "\n1. Kf4 1-0\n");
	expect_no_result_findings();
}

static void test_live_final_position(void **state)
{
	(void)state;
	/* K+N v K+N: a helpmate exists. */
	audit(TAKE_ROOK("N", "5n2") "\n1. Kxd2 0-1\n");
	expect_no_result_findings();
	/* K+B v K+B on opposite colours (f1 light, c5 dark). */
	audit(TAKE_ROOK("B", "2b5") "\n1. Kxd2 1-0\n");
	expect_no_result_findings();
	/* An ordinary unfinished game. */
	audit("[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n");
	expect_no_result_findings();
}

static void test_dead_position_then_more_moves(void **state)
{
	(void)state;
	audit(TAKE_ROOK("B", "8") "\n1. Kxd2 Kd7 2. Bc4 Kd6 1/2-1/2\n");
	/* Scored as the dead position makes it: the extra moves are a fault
	 * of form, a warning (issue 26: a real TWIC game). */
	const struct finding *f = only(CHECK_MOVE_AFTER_END);
	assert_int_equal(f->severity, SEVERITY_WARNING);
	assert_int_equal(f->ply, 2);
	assert_string_equal(f->san, "Kd7");
	assert_string_equal(f->rule, "FIDE 5.2.2");
	expect_message_has(f, "Kd7 is recorded after the game ended: the position after 1. Kxd2 is dead");
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	/* With a decisive result the final position is also wrong: that is
	 * the one error, the moves after the end still a warning. */
	audit(TAKE_ROOK("B", "8") "\n1. Kxd2 Kd7 2. Bc4 Kd6 1-0\n");
	assert_int_equal(only(CHECK_MOVE_AFTER_END)->ply, 2);
	assert_int_equal(only(CHECK_MOVE_AFTER_END)->severity, SEVERITY_WARNING);
	assert_string_equal(only(CHECK_WRONG_RESULT)->rule, "FIDE 5.2.2");
	assert_int_equal(only(CHECK_WRONG_RESULT)->severity, SEVERITY_ERROR);
	/* The 2005 edition has the dead position too (5.2(b)). */
	audit_text(TAKE_ROOK("B", "8") "\n1. Kxd2 Kd7 2. Bc4 Kd6 1/2-1/2\n", RULES_FIDE2005);
	assert_string_equal(only(CHECK_MOVE_AFTER_END)->rule, "FIDE 2005 5.2(b)");
	/* The capture as the third ply: the position after it, not the one
	 * before, is dead. */
	audit(TAKE_ROOK("B", "8") "\n1. Bb5+ Kf7 2. Kxd2 Kf6 1/2-1/2\n");
	f = only(CHECK_MOVE_AFTER_END);
	assert_int_equal(f->ply, 4);
	expect_message_has(f, "Kf6 is recorded after the game ended: the position after 2. Kxd2 is dead");
}

/* The one move-after-end, at `ply`, with `text` in its message. */
static void expect_dead_before(int ply, const char *text)
{
	const struct finding *f = only(CHECK_MOVE_AFTER_END);
	assert_int_equal(f->ply, ply);
	assert_string_equal(f->rule, "FIDE 5.2.2");
	expect_message_has(f, text);
}

/* Positions that become dead by a check or a quiet move: every line from
 * them runs into a stalemate within a few moves, which no capture or pawn
 * move marks.  Each is found where it arose, at the end of a game or with
 * moves after it; beside each, the same position with one unit more for
 * the side that must not be stalemated, which is not dead.  The dead ones
 * are from real games and studies of the shared corpus (the Alekhine
 * ending 58. a7+, lichess studies); CHA agrees with each verdict, dead or
 * not. */
static void test_dead_by_force(void **state)
{
	(void)state;
	/* After 1. a7+ Ka8 White can only stalemate. */
	audit(FEN_GAME("1k6/1p1K4/PP6/8/8/8/8/8 w - - 0 1") "\n1. a7+ Ka8 2. Kc7 1/2-1/2\n");
	expect_dead_before(2, "Ka8 is recorded after the game ended: the position after 1. a7+ is dead");
	expect_message_has(only(CHECK_MOVE_AFTER_END),
			   "is dead (neither side can checkmate by any series of legal moves; every series of moves from it "
			   "ends within six plies in stalemate or in a position too bare or too locked to mate)");
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	audit(FEN_GAME("1k6/1p1K4/PP6/8/8/8/8/8 w - - 0 1") "\n1. a7+ 1-0\n");
	expect_message_has(only(CHECK_WRONG_RESULT), "the final position after 1. a7+ is dead");
	expect_message_has(only(CHECK_WRONG_RESULT), "too locked to mate): the game is drawn, but the result says 1-0");
	/* A black knight gives Black moves to make: not dead. */
	audit(FEN_GAME("1k6/1p1K4/PP6/8/8/8/8/7n w - - 0 1") "\n1. a7+ Ka8 2. Kc7 Nf2 1/2-1/2\n");
	expect_no_result_findings();

	/* 1. Rh8+: the only reply, Qxh8, stalemates White. */
	audit(FEN_GAME("4k3/2p5/4K3/8/4b2R/4P3/8/7q w - - 0 1") "\n1. Rh8+ Qxh8 1/2-1/2\n");
	expect_dead_before(2, "the position after 1. Rh8+ is dead");
	audit(FEN_GAME("4k3/2p5/4K3/8/4b2R/4P3/8/7q w - - 0 1") "\n1. Rh8+ 0-1\n");
	expect_message_has(only(CHECK_WRONG_RESULT), "the final position after 1. Rh8+ is dead");
	audit(FEN_GAME("4k3/2p5/4K3/8/4b2R/4P3/P7/7q w - - 0 1") "\n1. Rh8+ Qxh8 2. a3 0-1\n");
	expect_no_result_findings();

	/* 1. g3 walls White's king in: whatever Black plays stalemates it
	 * (the side not to move is the one with no move). */
	audit(FEN_GAME("1k6/8/6p1/6P1/6PK/7P/p5P1/8 w - - 0 1") "\n1. g3 a1=R 1/2-1/2\n");
	expect_dead_before(2, "a1=R is recorded after the game ended: the position after 1. g3 is dead");
	audit(FEN_GAME("1k6/8/6p1/6P1/6PK/7P/p5P1/8 w - - 0 1") "\n1. g3 0-1\n");
	expect_message_has(only(CHECK_WRONG_RESULT), "the final position after 1. g3 is dead");
	audit(FEN_GAME("1k6/8/6p1/6P1/6PK/7P/p5P1/N7 w - - 0 1") "\n1. g3 Kc7 2. Nb3 Kd7 1/2-1/2\n");
	expect_no_result_findings();

	/* 1...Qxf4: White's one move, 2. g6+, leaves Black only moves that
	 * stalemate White. */
	audit(FEN_GAME("8/5kp1/8/6PK/5R2/8/8/5q2 b - - 1 1") "\n1... Qxf4 2. g6+ Kf6 1/2-1/2\n");
	expect_dead_before(2, "g6+ is recorded after the game ended: the position after 1...Qxf4 is dead");
	audit(FEN_GAME("8/5kp1/8/6PK/5R2/8/P7/5q2 b - - 1 1") "\n1... Qxf4 2. g6+ Kf6 3. a3 0-1\n");
	expect_no_result_findings();
}

/* Knights out and back four times: the start position stands for the
 * fifth time after 8...Ng8. */
#define SHUFFLE "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "

static void test_fivefold_with_moves_after(void **state)
{
	(void)state;
	audit("[Result \"1-0\"]\n\n" SHUFFLE "9. e4 e5 1-0\n");
	const struct finding *draw = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(draw->severity, SEVERITY_ERROR);
	assert_int_equal(draw->ply, 16);
	assert_string_equal(draw->san, "Ng8");
	assert_string_equal(draw->rule, "FIDE 9.6.1");
	assert_string_equal(draw->suggestion, "1/2-1/2");
	expect_message_has(draw, "the position after 8...Ng8 occurred for the fifth time (a rule of the Laws since "
				 "1 July 2014): the game was drawn automatically; play went on and the result says 1-0");
	/* One fivefold is one error: the automatic draw says play went on,
	 * and the moves after it are no move-after-end of their own. */
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	/* Drawn as the Laws drew it, though recorded past its end: a warning. */
	audit("[Result \"1/2-1/2\"]\n\n" SHUFFLE "9. e4 e5 1/2-1/2\n");
	draw = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(draw->severity, SEVERITY_WARNING);
	expect_message_has(draw, "the game was drawn automatically; play went on with 9. e4");
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);

	/* The 2005 Laws have no automatic draw. */
	audit_text("[Result \"1-0\"]\n\n" SHUFFLE "9. e4 e5 1-0\n", RULES_FIDE2005);
	expect_no_result_findings();
}

/* The same after two pawn moves: the position after 1...e5 stands for the
 * fifth time after 9...Ng8, 16 plies into the run the pawn moves began. */
static void test_fivefold_after_a_pawn_move(void **state)
{
	(void)state;
	audit("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8 "
	      "8. Nf3 Nf6 9. Ng1 Ng8 10. d4 1-0\n");
	const struct finding *draw = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(draw->ply, 18);
	assert_string_equal(draw->san, "Ng8");
	expect_message_has(draw, "the position after 9...Ng8 occurred for the fifth time");
	expect_message_has(draw, "play went on and the result says 1-0");
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);
	/* One shuffle fewer: the fourth time only. */
	audit("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8 "
	      "8. d4 1-0\n");
	assert_int_equal(count(CHECK_AUTOMATIC_DRAW), 0);
}

static void test_fivefold_as_the_last_move(void **state)
{
	(void)state;
	audit("[Result \"1/2-1/2\"]\n\n" SHUFFLE "1/2-1/2\n");
	const struct finding *f = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(f->severity, SEVERITY_INFO);
	assert_int_equal(f->ply, 16);
	assert_string_equal(f->suggestion, "");
	expect_message_has(f, "drawn automatically, as the result says");
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);

	audit("[Result \"0-1\"]\n\n" SHUFFLE "0-1\n");
	f = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	expect_message_has(f, "; the result says 0-1");
	assert_string_equal(f->suggestion, "1/2-1/2");

	audit("[Result \"*\"]\n\n" SHUFFLE "*\n");
	assert_int_equal(only(CHECK_AUTOMATIC_DRAW)->severity, SEVERITY_WARNING);

	/* Four occurrences are only a threefold repetition. */
	audit("[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 1/2-1/2\n");
	expect_no_result_findings();
}

/* Black's king h8, White's king g6 and rook a1: Ra8 mates, Ra7 does not. */
#define ROOK_ENDING(clock) FEN_GAME("7k/8/6K1/8/8/8/8/R7 w - - " clock " 80")

static void test_seventy_five_moves(void **state)
{
	(void)state;
	audit(ROOK_ENDING("149") "\n80. Ra7 Kg8 1-0\n");
	const struct finding *draw = only(CHECK_AUTOMATIC_DRAW);
	assert_int_equal(draw->severity, SEVERITY_ERROR);
	assert_int_equal(draw->ply, 1);
	assert_string_equal(draw->rule, "FIDE 9.6.2");
	expect_message_has(draw, "after 80. Ra7, 75 moves by each player had been made without a pawn move or "
				 "capture (a rule of the Laws since 1 July 2014): the game was drawn automatically; play "
				 "went on and the result says 1-0");
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);   /* the one finding is the draw */

	audit(ROOK_ENDING("149") "\n80. Ra7 1/2-1/2\n");
	assert_int_equal(only(CHECK_AUTOMATIC_DRAW)->severity, SEVERITY_INFO);
	assert_int_equal(count(CHECK_MOVE_AFTER_END), 0);

	/* 149 plies are not yet 75 moves each. */
	audit(ROOK_ENDING("148") "\n80. Ra7 1-0\n");
	expect_no_result_findings();

	/* Not under the 2005 Laws. */
	audit_text(ROOK_ENDING("149") "\n80. Ra7 Kg8 1-0\n", RULES_FIDE2005);
	expect_no_result_findings();
}

static void test_seventy_five_moves_mate_takes_precedence(void **state)
{
	(void)state;
	audit(ROOK_ENDING("149") "\n80. Ra8# 1-0\n");
	expect_no_result_findings();
	/* The mate stands, so the draw is the wrong result. */
	audit(ROOK_ENDING("149") "\n80. Ra8# 1/2-1/2\n");
	assert_int_equal(count(CHECK_AUTOMATIC_DRAW), 0);
	assert_string_equal(only(CHECK_WRONG_RESULT)->suggestion, "1-0");
}

#define TIME_FORFEIT "[Termination \"time forfeit\"]\n"

static void test_unwinnable_timeout(void **state)
{
	(void)state;
	/* K+N v K: White cannot mate (and the position is dead: one finding). */
	audit(TAKE_ROOK("N", "8") TIME_FORFEIT "\n1. Kxd2 1-0\n");
	const struct finding *f = only(CHECK_UNWINNABLE_TIMEOUT);
	assert_int_equal(f->severity, SEVERITY_ERROR);
	assert_string_equal(f->rule, "FIDE 6.9");
	assert_string_equal(f->suggestion, "1/2-1/2");
	expect_message_has(f, "Black lost on time, but White could not checkmate by any series of legal moves");
	expect_message_has(f, "not 1-0");
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	/* A lone king wins nothing on time against a rook (a live position). */
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") TIME_FORFEIT "\n1. Kf1 Kd7 1-0\n");
	f = only(CHECK_UNWINNABLE_TIMEOUT);
	expect_message_has(f, "Black lost on time, but White could not checkmate");
	assert_int_equal(count(CHECK_WRONG_RESULT), 0);
	/* The same for Black's win against White's rook. */
	audit(FEN_GAME("4k3/8/8/8/8/8/R7/4K3 w - - 0 1") TIME_FORFEIT "\n1. Kf1 Kd7 0-1\n");
	f = only(CHECK_UNWINNABLE_TIMEOUT);
	assert_string_equal(f->suggestion, "1/2-1/2");
	expect_message_has(f, "White lost on time, but Black could not checkmate");
	expect_message_has(f, "not 0-1");
	/* The loser named by the players' names: White's name says White
	 * lost, which 1-0 contradicts (nothing said); Black's agrees. */
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") "[White \"Carlsen\"]\n[Black \"Nakamura\"]\n"
	      "[Termination \"Carlsen lost on time\"]\n\n1. Kf1 Kd7 1-0\n");
	assert_int_equal(count(CHECK_UNWINNABLE_TIMEOUT), 0);
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") "[White \"Carlsen\"]\n[Black \"Nakamura\"]\n"
	      "[Termination \"Nakamura lost on time\"]\n\n1. Kf1 Kd7 1-0\n");
	expect_message_has(only(CHECK_UNWINNABLE_TIMEOUT), "Black lost on time, but White could not checkmate");
	/* Under the 2005 Laws the article is 6.10. */
	audit_text(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") TIME_FORFEIT "\n1. Kf1 Kd7 1-0\n", RULES_FIDE2005);
	assert_string_equal(only(CHECK_UNWINNABLE_TIMEOUT)->rule, "FIDE 2005 6.10");
}

static void test_winnable_timeout(void **state)
{
	(void)state;
	/* K+N v K+N: a helpmate exists, the win on time stands. */
	audit(TAKE_ROOK("N", "5n2") TIME_FORFEIT "\n1. Kxd2 1-0\n");
	expect_no_result_findings();
	/* K+Q v K. */
	audit(TAKE_ROOK("Q", "8") TIME_FORFEIT "\n1. Kxd2 1-0\n");
	expect_no_result_findings();
	/* The rook side wins on time against the lone king. */
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") TIME_FORFEIT "\n1. Kf1 Kd7 0-1\n");
	expect_no_result_findings();
	/* Already a draw: nothing to say. */
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") TIME_FORFEIT "\n1. Kf1 Kd7 1/2-1/2\n");
	expect_no_result_findings();
	/* No time forfeit recorded: a lone king's win is some other ending. */
	audit(FEN_GAME("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") "\n1. Kf1 Kd7 1-0\n");
	expect_no_result_findings();
}

static int teardown(void **state)
{
	(void)state;
	forget_last();
	return 0;
}

/* --rules by-date: the Laws in force on a game's date (issue 23).  9.6
 * (fivefold, 75 moves) is in force from 1 July 2014; a date that may be
 * either side of it takes the 2005 Laws once its decade is known, the
 * current ones when it is not known at all. */
static void test_rules_in_force(void **state)
{
	(void)state;
	static const struct {
		const char *date;
		enum rules_edition edition;
	} cases[] = {
		{ "1886.01.11", RULES_FIDE2005 }, { "2014.06.30", RULES_FIDE2005 }, { "2014.07.01", RULES_FIDE2023 },
		{ "2023.05.01", RULES_FIDE2023 }, { "2014.??.??", RULES_FIDE2005 }, { "2014.07.??", RULES_FIDE2023 },
		{ "2014.06.??", RULES_FIDE2005 }, { "201?.??.??", RULES_FIDE2005 }, { "202?.??.??", RULES_FIDE2023 },
		{ "19??.??.??", RULES_FIDE2005 }, { "20??.??.??", RULES_FIDE2023 }, { "????.??.??", RULES_FIDE2023 },
		{ "1962", RULES_FIDE2023 }, { "", RULES_FIDE2023 }, { NULL, RULES_FIDE2023 },
		{ "1998.13.40", RULES_FIDE2005 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (rules_in_force(cases[i].date) != cases[i].edition)
			fail_msg("%s: %s", cases[i].date ? cases[i].date : "(no date)",
				 rules_edition_name(rules_in_force(cases[i].date)));
	assert_string_equal(rule_cite(RULES_FIDE2005, "FIDE 9.2.1.2"), "FIDE 2005 9.2(b)");
	assert_string_equal(rule_cite(RULES_FIDE2005, "FIDE 3.7"), "FIDE 2005 3.7");
	assert_string_equal(rule_cite(RULES_FIDE2005, "PGN 8.2.6"), "PGN 8.2.6");
	assert_string_equal(rule_cite(RULES_FIDE2023, "FIDE 9.2.1.2"), "FIDE 9.2.1.2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_checkmate_with_the_wrong_result, teardown),
		cmocka_unit_test_teardown(test_checkmate_unfinished_is_a_warning, teardown),
		cmocka_unit_test_teardown(test_result_from_tag_or_marker, teardown),
		cmocka_unit_test_teardown(test_stalemate, teardown),
		cmocka_unit_test_teardown(test_dead_final_position, teardown),
		cmocka_unit_test_teardown(test_live_final_position, teardown),
		cmocka_unit_test_teardown(test_dead_position_then_more_moves, teardown),
		cmocka_unit_test_teardown(test_dead_by_force, teardown),
		cmocka_unit_test_teardown(test_fivefold_with_moves_after, teardown),
		cmocka_unit_test_teardown(test_fivefold_after_a_pawn_move, teardown),
		cmocka_unit_test_teardown(test_fivefold_as_the_last_move, teardown),
		cmocka_unit_test_teardown(test_seventy_five_moves, teardown),
		cmocka_unit_test_teardown(test_seventy_five_moves_mate_takes_precedence, teardown),
		cmocka_unit_test_teardown(test_unwinnable_timeout, teardown),
		cmocka_unit_test_teardown(test_winnable_timeout, teardown),
		cmocka_unit_test(test_rules_in_force),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
