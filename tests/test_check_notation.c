/*
 * test_check_notation.c - the notation checks (validator/audit/check_notation.c),
 * run end to end: a PGN text through the reader and audit_game(), then the
 * findings of one code are inspected.
 */
#include <stdio.h>
#include <string.h>

#include "tests/audit_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/chess/notation.h"

/* The game and the findings stay alive until the next audit, since findings
 * point into the game's text. */
static struct pgn_game game;
static struct finding_list findings;
static struct auditor auditor;

static void audit_pgn(const char *movetext, const char *fen)
{
	static char text[4096];
	if (fen)
		snprintf(text, sizeof text, "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s\n", fen, movetext);
	else
		snprintf(text, sizeof text, "[Event \"t\"]\n\n%s\n", movetext);
	audit_one_game(text, &game, &auditor, &findings);
}

static int count(enum check_code code)
{
	return count_code(&findings, code);
}

/* The one finding of `code`, checked for its ply, rule and suggestion, and
 * for a part of its message. */
static const struct finding *expect_one(enum check_code code, int ply, const char *rule, const char *suggestion,
					const char *message_part)
{
	const struct finding *found = NULL;
	for (int i = 0; i < findings.count; i++) {
		if (findings.items[i].code != code)
			continue;
		if (found)
			fail_msg("two %s findings: '%s' and '%s'", check_catalogue[code].code, found->message,
				 findings.items[i].message);
		found = &findings.items[i];
	}
	if (!found)
		fail_msg("no %s finding", check_catalogue[code].code);
	assert_int_equal(found->ply, ply);
	assert_string_equal(found->rule, rule);
	assert_string_equal(found->suggestion, suggestion);
	if (!strstr(found->message, message_part))
		fail_msg("message '%s' should contain '%s'", found->message, message_part);
	return found;
}

static const enum check_code notation_codes[] = {
	CHECK_REDUNDANT_DISAMBIGUATION, CHECK_CAPTURE_MARK, CHECK_CHECK_MARK, CHECK_MATE_MARK,
	CHECK_CASTLING_NOTATION, CHECK_NONSTANDARD_NOTATION, CHECK_MOVE_NUMBER,
};

static void expect_clean(const char *movetext, const char *fen)
{
	audit_pgn(movetext, fen);
	for (size_t i = 0; i < sizeof notation_codes / sizeof notation_codes[0]; i++)
		for (int j = 0; j < findings.count; j++)
			if (findings.items[j].code == notation_codes[i])
				fail_msg("'%s': unexpected %s: %s", movetext, check_catalogue[notation_codes[i]].code,
					 findings.items[j].message);
}

/* Only the codes in `codes` (terminated by CHECK_COUNT) may be present. */
static void expect_only(const enum check_code *codes)
{
	for (size_t i = 0; i < sizeof notation_codes / sizeof notation_codes[0]; i++) {
		int wanted = 0;
		for (const enum check_code *c = codes; *c != CHECK_COUNT; c++)
			wanted |= *c == notation_codes[i];
		if (!wanted && count(notation_codes[i]))
			fail_msg("unexpected %s finding", check_catalogue[notation_codes[i]].code);
	}
}

#define PINNED_RIVAL "4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1"
#define FREE_RIVAL "4k3/8/8/8/8/5N2/8/1N5K w - - 0 1"
#define ROOKS_FILE_AND_RANK "7k/8/8/4R3/8/8/R7/6K1 w - - 0 1"
#define ROOKS_ONE_FILE "7k/8/8/R7/8/8/8/R5K1 w - - 0 1"
#define THREE_QUEENS "2k5/8/8/8/1Q5Q/8/8/K6Q w - - 0 1"
#define TWO_QUEENS_ONE_RANK "2k5/8/8/8/1Q5Q/8/8/K7 w - - 0 1"

static void test_disambiguation(void **state)
{
	(void)state;
	audit_pgn("1. Nbd2 *", PINNED_RIVAL);
	const struct finding *f = expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "Nd2",
					     "1. Nbd2 needs no disambiguation: only one knight can reach d2");
	assert_non_null(strstr(f->message, "(the knight on f3 is pinned)"));
	assert_int_equal(f->severity, SEVERITY_WARNING);
	assert_string_equal(f->san, "Nbd2");
	expect_clean("1. Nd2 *", PINNED_RIVAL);
	expect_clean("1. Nbd2 *", FREE_RIVAL);
	expect_clean("1. Nfd2 *", FREE_RIVAL);

	expect_clean("1. Rae2 *", ROOKS_FILE_AND_RANK);
	expect_clean("1. Ree2 *", ROOKS_FILE_AND_RANK);
	audit_pgn("1. R2e2 *", ROOKS_FILE_AND_RANK);
	expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "Rae2",
		   "names the rank of departure where the file tells the rooks apart");
	audit_pgn("1. Re5e2 *", ROOKS_FILE_AND_RANK);
	expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "Ree2", "names the square of departure");

	expect_clean("1. R1a3 *", ROOKS_ONE_FILE);
	audit_pgn("1. Ra1a3 *", ROOKS_ONE_FILE);
	expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "R1a3", "where the rank tells the rooks apart");

	expect_clean("1. Qh4e1 *", THREE_QUEENS);
	audit_pgn("1. Qh4e1 *", TWO_QUEENS_ONE_RANK);
	expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "Qhe1", "where the file tells the queens apart");
	expect_clean("1. Qhe1 *", TWO_QUEENS_ONE_RANK);
}

static void test_disambiguation_of_pawns_and_long_forms(void **state)
{
	(void)state;
	expect_clean("1. e4 d5 2. exd5 *", NULL);
	audit_pgn("1. ee4 *", NULL);
	expect_one(CHECK_REDUNDANT_DISAMBIGUATION, 1, "FIDE C.11", "e4", "names where the pawn comes from");
	/* A whole origin square that nothing calls for is long algebraic, for
	 * a pawn too, not a disambiguation of its own. */
	static const struct {
		const char *movetext;
		int ply;
		const char *suggestion;
	} long_forms[] = {
		{ "1. Ng1f3 *", 1, "Nf3" },
		{ "1. Ng1-f3 *", 1, "Nf3" },
		{ "1. Pe2e4 *", 1, "e4" },
		{ "1. e4 d5 2. e4xd5 *", 3, "exd5" },
	};
	for (size_t i = 0; i < sizeof long_forms / sizeof long_forms[0]; i++) {
		audit_pgn(long_forms[i].movetext, NULL);
		assert_int_equal(count(CHECK_REDUNDANT_DISAMBIGUATION), 0);
		expect_one(CHECK_NONSTANDARD_NOTATION, long_forms[i].ply, "PGN 8.2.3", long_forms[i].suggestion,
			   "long algebraic notation");
	}
}

static void test_capture_mark(void **state)
{
	(void)state;
	audit_pgn("1. e4 d5 2. ed5 *", NULL);
	expect_one(CHECK_CAPTURE_MARK, 3, "FIDE C.10", "exd5", "2. ed5 captures but has no x");
	audit_pgn("1. e4 a6 2. e5 d5 3. ed6 *", NULL);
	expect_one(CHECK_CAPTURE_MARK, 5, "FIDE C.10", "exd6", "captures en passant but has no x");
	audit_pgn("1. e4 d5 2. Nc3 dxe4 3. Ne4 *", NULL);
	expect_one(CHECK_CAPTURE_MARK, 5, "FIDE C.9", "Nxe4", "3. Ne4 captures but has no x");
	audit_pgn("1. Nxf3 *", NULL);
	expect_one(CHECK_CAPTURE_MARK, 1, "FIDE C.9", "Nf3", "has the capture mark x but captures nothing");
	audit_pgn("1. e4 e5 2. N:f3 *", NULL);
	expect_one(CHECK_CAPTURE_MARK, 3, "FIDE C.9", "Nf3", "has the capture mark : but captures nothing");
	expect_only((const enum check_code[]){ CHECK_CAPTURE_MARK, CHECK_COUNT });
	expect_clean("1. e4 d5 2. exd5 Qxd5 3. Nc3 *", NULL);
	expect_clean("1. e4 a6 2. e5 d5 3. exd6 *", NULL);
}

static void test_check_mark(void **state)
{
	(void)state;
	audit_pgn("1. e4 e5 2. Bc4 Nc6 3. Bxf7 *", NULL);
	expect_one(CHECK_CHECK_MARK, 5, "FIDE C.14", "Bxf7+", "3. Bxf7 gives check but has no +");
	expect_only((const enum check_code[]){ CHECK_CHECK_MARK, CHECK_COUNT });
	audit_pgn("1. e4+ *", NULL);
	expect_one(CHECK_CHECK_MARK, 1, "FIDE C.14", "e4", "1. e4+ is marked + but does not give check");
	expect_clean("1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *", NULL);
	/* A discovered check and a check by castling are checks. */
	expect_clean("1. Bd3+ *", "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1");
	audit_pgn("1. Bd3 *", "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1");
	expect_one(CHECK_CHECK_MARK, 1, "FIDE C.14", "Bd3+", "gives check but has no +");
	expect_clean("1. O-O+ *", "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
	audit_pgn("1. O-O *", "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
	expect_one(CHECK_CHECK_MARK, 1, "FIDE C.14", "O-O+", "1. O-O gives check but has no +");
}

#define SCHOLAR "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 "

static void test_mate_mark(void **state)
{
	(void)state;
	audit_pgn(SCHOLAR "4. Qxf7+ 1-0", NULL);
	expect_one(CHECK_MATE_MARK, 7, "FIDE C.14", "Qxf7#", "4. Qxf7+ mates but is marked + instead of #");
	expect_only((const enum check_code[]){ CHECK_MATE_MARK, CHECK_COUNT });
	audit_pgn(SCHOLAR "4. Qxf7 1-0", NULL);
	expect_one(CHECK_MATE_MARK, 7, "FIDE C.14", "Qxf7#", "mates but has no #");
	expect_only((const enum check_code[]){ CHECK_MATE_MARK, CHECK_COUNT });
	expect_clean(SCHOLAR "4. Qxf7# 1-0", NULL);

	audit_pgn(SCHOLAR "4. Qxf7++ 1-0", NULL);
	const struct finding *f = expect_one(CHECK_NONSTANDARD_NOTATION, 7, "PGN 8.2.3", "Qxf7#", "'++' for mate");
	assert_int_equal(f->severity, SEVERITY_INFO);
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });

	audit_pgn("1. e4#", NULL);
	expect_one(CHECK_MATE_MARK, 1, "FIDE C.14", "e4", "is marked # but does not even give check");
	expect_only((const enum check_code[]){ CHECK_MATE_MARK, CHECK_COUNT });
	audit_pgn("1. e4 e5 2. Bc4 Nc6 3. Bxf7# *", NULL);
	expect_one(CHECK_MATE_MARK, 5, "FIDE C.14", "Bxf7+", "is marked # but does not mate; it gives check");
	expect_only((const enum check_code[]){ CHECK_MATE_MARK, CHECK_COUNT });
	audit_pgn("1. e4 e5 2. Bc4 Nc6 3. Bxf7++ *", NULL);
	expect_one(CHECK_MATE_MARK, 5, "FIDE C.14", "Bxf7+", "is marked ++ but does not mate");
	/* A check the king cannot step out of is still no mate when a piece
	 * can interpose: the back-rank check Ra8 with a black rook on d7. */
	expect_clean("1. Ra8+ Rd8 *", "6k1/3r1ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
	audit_pgn("1. Ra8# *", "6k1/3r1ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
	expect_one(CHECK_MATE_MARK, 1, "FIDE C.14", "Ra8+", "1. Ra8# is marked # but does not mate; it gives check");
	audit_pgn("1. Ra8+ 1-0", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
	expect_one(CHECK_MATE_MARK, 1, "FIDE C.14", "Ra8#", "mates but is marked + instead of #");
	/* Older books wrote ++ for a double check (Morphy, 20. gxf5++). */
	audit_pgn("20. gxf5++ *", "r4qr1/1b1n2b1/ppn1p1kp/3pPp2/2pP1PP1/2P1B2P/PPB1N2K/R3Q1R1 w - - 0 20");
	expect_one(CHECK_NONSTANDARD_NOTATION, 1, "PGN 8.2.3", "gxf5+", "'++' for a double check");
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });
	/* The same double check written as export SAN writes it. */
	expect_clean("20. gxf5+ *", "r4qr1/1b1n2b1/ppn1p1kp/3pPp2/2pP1PP1/2P1B2P/PPB1N2K/R3Q1R1 w - - 0 20");
}

#define ITALIAN "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 "

static void test_castling_notation(void **state)
{
	(void)state;
	audit_pgn(ITALIAN "4. 0-0 *", NULL);
	const struct finding *f = expect_one(CHECK_CASTLING_NOTATION, 7, "PGN 8.2.3", "O-O",
					     "4. 0-0 writes castling with zeros; PGN export writes it with the capital letter O");
	assert_int_equal(f->severity, SEVERITY_WARNING);
	audit_pgn(ITALIAN "4. o-o *", NULL);
	expect_one(CHECK_CASTLING_NOTATION, 7, "PGN 8.2.3", "O-O", "lower-case o");
	audit_pgn(ITALIAN "4. Kg1 *", NULL);
	expect_one(CHECK_CASTLING_NOTATION, 7, "PGN 8.2.3", "O-O", "4. Kg1 writes castling as a move of the king");
	expect_only((const enum check_code[]){ CHECK_CASTLING_NOTATION, CHECK_COUNT });
	audit_pgn(ITALIAN "4. e1g1 *", NULL);
	expect_one(CHECK_CASTLING_NOTATION, 7, "PGN 8.2.3", "O-O", "as a move of the king");
	expect_only((const enum check_code[]){ CHECK_CASTLING_NOTATION, CHECK_COUNT });
	audit_pgn(ITALIAN "4. Ke1-g1 *", NULL);
	expect_one(CHECK_CASTLING_NOTATION, 7, "PGN 8.2.3", "O-O", "as a move of the king");
	expect_only((const enum check_code[]){ CHECK_CASTLING_NOTATION, CHECK_COUNT });
	expect_clean(ITALIAN "4. O-O O-O *", NULL);
	/* A king's step of one square is no castling. */
	expect_clean("1. e4 e5 2. Ke2 *", NULL);
}

static void test_nonstandard_notation(void **state)
{
	(void)state;
	audit_pgn("1. e2-e4 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 1, "PGN 8.2.3", "e4",
		   "1. e2-e4 uses long algebraic notation (the origin square), which export SAN does not");
	audit_pgn("1. g1f3 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 1, "PGN 8.2.3", "Nf3", "UCI coordinates");
	/* UCI has no marks: a capture or check in it is not also a capture-mark
	 * or check-mark finding. */
	audit_pgn("1. e2e4 d7d5 2. e4d5 *", NULL);
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });
	assert_int_equal(count(CHECK_NONSTANDARD_NOTATION), 3);
	audit_pgn("1. e2e4 e7e5 2. d1h5 b8c6 3. h5f7 *", NULL);
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });
	assert_int_equal(count(CHECK_NONSTANDARD_NOTATION), 5);
	audit_pgn("1. nf3 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 1, "PGN 8.2.3", "Nf3", "a lower-case piece letter");
	audit_pgn("1. Pe4 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 1, "PGN 8.2.3", "e4", "the pawn letter P");
	audit_pgn("1. e4 d5 2. e:d5 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 3, "PGN 8.2.3", "exd5", "':' for the capture");
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });
	audit_pgn("1. e4 a6 2. e5 d5 3. exd6e.p. *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 5, "PGN 8.2.3", "exd6", "the suffix e.p.");
	audit_pgn("1. e4 a6 2. e5 d5 3. exd6 e.p. *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 5, "PGN 8.2.3", "exd6", "the suffix e.p.");
	/* Several forms in one move: one finding that lists them. */
	audit_pgn("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nc6 5. bxa8Q *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 9, "PGN 8.2.3", "bxa8=Q", "a promotion without =");
	audit_pgn("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nc6 5. b7a8q *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 9, "PGN 8.2.3", "bxa8=Q",
		   "uses UCI coordinates (origin and destination squares) and a promotion without =");
	expect_clean("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nc6 5. bxa8=Q *", NULL);
}

static void test_move_numbers(void **state)
{
	(void)state;
	expect_clean("1. e4 {a comment} 1... e5 2. Nf3 (2. f4 exf4 3. Nf3) 2... Nc6 3. Bb5 *", NULL);
	expect_clean("1. e4 e5 2. Nf3 2. ... Nc6 3 Bb5 *", NULL);
	expect_clean("e4 e5 Nf3 *", NULL);

	audit_pgn("1. e4 e5 3. Nf3 Nc6 4. Bb5 *", NULL);
	const struct finding *f = expect_one(CHECK_MOVE_NUMBER, 3, "PGN 8.2.2", "2.",
					     "move number 3. stands before White's move 2 (2. Nf3); expected 2.");
	assert_int_equal(f->line, 3);
	assert_int_equal(f->column, 10);
	audit_pgn("1... e4 *", NULL);
	expect_one(CHECK_MOVE_NUMBER, 1, "PGN 8.2.2", "1.", "move number 1... stands before White's move 1");
	audit_pgn("1. e4 2. e5 *", NULL);
	expect_one(CHECK_MOVE_NUMBER, 2, "PGN 8.2.2", "1...", "move number 2. stands before Black's move 1");

	/* From a FEN the count starts at its fullmove number. */
	const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5";
	expect_clean("5... e5 6. Nf3 *", fen);
	expect_clean("5. e5 6. Nf3 *", fen);
	audit_pgn("1... e5 2. Nf3 *", fen);
	expect_one(CHECK_MOVE_NUMBER, 1, "PGN 8.2.2", "5...",
		   "move number 1... stands before Black's move 5 (5...e5); expected 5..., counting from the move number of the FEN tag");
}

/* A game of plain English moves is replayed straight from its tokens; at
 * the first move that is not plain (a promotion, en passant, an origin
 * rank, a letter of another notation) the replay collects the main line
 * and goes on from that move.  The plies after it must be checked as if
 * the whole game had gone the slow way: move numbers, marks, the ply. */
static void test_checks_after_the_replay_leaves_plain_moves(void **state)
{
	(void)state;
	const char *promotion = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
	/* Left at the promotion, ply 1. */
	expect_clean("1. a8=Q Kg6 2. Qg8+ Kf5 3. Qf7+ *", promotion);
	audit_pgn("1. a8=Q Kg6 3. Qg8+ *", promotion);
	expect_one(CHECK_MOVE_NUMBER, 3, "PGN 8.2.2", "2.", "move number 3. stands before White's move 2 (2. Qg8+)");
	audit_pgn("1. a8=Q Kg6 2. Qg8 Kf5 *", promotion);
	expect_one(CHECK_CHECK_MARK, 3, "FIDE C.14", "Qg8+", "gives check but has no +");
	expect_only((const enum check_code[]){ CHECK_CHECK_MARK, CHECK_COUNT });

	/* Left at the en passant capture, ply 5. */
	expect_clean("1. e4 a6 2. e5 d5 3. exd6 a5 4. d4 *", NULL);
	audit_pgn("1. e4 a6 2. e5 d5 3. exd6 a5 5. d4 *", NULL);
	expect_one(CHECK_MOVE_NUMBER, 7, "PGN 8.2.2", "4.", "move number 5. stands before White's move 4 (4. d4)");

	/* A lone e.p. after a capture that is not en passant is no move: the
	 * replay passes over it, and the move after it is ply 4. */
	audit_pgn("1. e4 d5 2. exd5 e.p. Qxd5 3. Nc3 Qa5 4. d4 *", NULL);
	expect_one(CHECK_NONSTANDARD_NOTATION, 3, "PGN 8.2.3", "exd5", "the suffix e.p.");
	expect_only((const enum check_code[]){ CHECK_NONSTANDARD_NOTATION, CHECK_COUNT });
	audit_pgn("1. e4 d5 2. exd5 e.p. Qxd5 4. Nc3 *", NULL);
	expect_one(CHECK_MOVE_NUMBER, 5, "PGN 8.2.2", "3.", "move number 4. stands before White's move 3 (3. Nc3)");

	/* Left at a move that names its origin rank, ply 1: both rooks
	 * reach a3, so R1a3 is right. */
	expect_clean("1. R1a3 Kg7 2. Rg5+ Kf6 3. Rb5 *", ROOKS_ONE_FILE);
	audit_pgn("1. R1a3 Kg7 2. Rg5+ Kf6 4. Rb5 *", ROOKS_ONE_FILE);
	expect_one(CHECK_MOVE_NUMBER, 5, "PGN 8.2.2", "3.", "move number 4. stands before White's move 3 (3. Rb5)");
	audit_pgn("1. R1a3 Kg7 2. Rg5 Kf6 3. Rb5 *", ROOKS_ONE_FILE);
	expect_one(CHECK_CHECK_MARK, 3, "FIDE C.14", "Rg5+", "gives check but has no +");
	expect_only((const enum check_code[]){ CHECK_CHECK_MARK, CHECK_COUNT });
}

static int setup(void **state)
{
	(void)state;
	struct audit_options opt = { .rules = RULES_FIDE2023 };
	attacks_init();
	pgn_game_init(&game);
	auditor_init(&auditor, &opt);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	auditor_free(&auditor);
	pgn_game_free(&game);
	finding_list_free(&findings);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disambiguation),
		cmocka_unit_test(test_disambiguation_of_pawns_and_long_forms),
		cmocka_unit_test(test_capture_mark),
		cmocka_unit_test(test_check_mark),
		cmocka_unit_test(test_mate_mark),
		cmocka_unit_test(test_castling_notation),
		cmocka_unit_test(test_nonstandard_notation),
		cmocka_unit_test(test_move_numbers),
		cmocka_unit_test(test_checks_after_the_replay_leaves_plain_moves),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
