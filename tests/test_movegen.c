/*
 * test_movegen.c - move generation against the perft suites, and by hand.
 *
 * The perft suites in testdata/perft (copies of ../shared/perft) are the oracle: standard.epd (every
 * line) and fischer.epd (Chess960, every line).  Each line is
 * "FEN ;D1 n ;D2 n ...".  To keep this test at about ten seconds, only depths
 * whose expected count is at most PERFT_MAX_NODES (default 50,000,000) are run
 * for standard.epd, and at most PERFT_MAX_NODES_960 (default 1,000,000) for
 * fischer.epd; raise them in the environment to run deeper (tests/perft_full.sh
 * runs every depth through the pgnaudit binary).  PERFT_DIR overrides where
 * the suites are; when they are missing the perft tests are skipped, not
 * failed, so the unit tests still run outside the usual workspace.
 *
 * The hand-written positions each isolate one rule that perft would only
 * report as a wrong number: the en passant capture that uncovers a check
 * along the rank, castling through an attacked square, castling rights with
 * the path blocked, the Chess960 rook that shields its own king, and
 * promotions.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/test_util.h"
#include "validator/chess/movegen.h"

#define SQ(name) SQUARE((name)[0] - 'a', (name)[1] - '1')

static void setup(struct position *pos, const char *fen, int chess960)
{
	char err[128];

	if (fen_parse(pos, fen, chess960, err, sizeof err) != 0)
		fail_msg("fen_parse(%s): %s", fen, err);
}

static int has_move(const struct position *pos, const char *uci)
{
	struct move_list list;
	char buf[6];

	generate_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		move_to_uci(pos, list.moves[i], buf);
		if (strcmp(buf, uci) == 0)
			return 1;
	}
	return 0;
}

static int legal_count(const char *fen, int chess960)
{
	struct position pos;
	struct move_list list;

	setup(&pos, fen, chess960);
	generate_legal(&pos, &list);
	return list.count;
}

static uint64_t env_limit(const char *name, uint64_t fallback)
{
	const char *text = getenv(name);
	char *end;
	unsigned long long value;

	if (!text || !*text)
		return fallback;
	errno = 0;
	value = strtoull(text, &end, 10);
	if (errno || *end) {
		print_message("ignoring %s=%s: not a number\n", name, text);
		return fallback;
	}
	return (uint64_t)value;
}

/* Checks every depth of one EPD line whose count is within the limit;
 * returns the number of mismatches, having printed each. */
static int check_epd_line(char *line, int number, int chess960, uint64_t limit, uint64_t *nodes)
{
	struct position pos;
	char err[128];
	char *field = strchr(line, ';');
	int failures = 0;

	if (!field)
		return 0; /* a blank line */
	*field = '\0';
	if (fen_parse(&pos, line, chess960, err, sizeof err) != 0) {
		print_error("line %d: %s: %s\n", number, line, err);
		return 1;
	}
	for (; field; field = strchr(field + 1, ';')) {
		int depth;
		unsigned long long expected;
		/* An out-of-range number in the suite cannot pass unseen: it is
		 * compared with the count perft makes. */
		if (sscanf(field + 1, "D%d %llu", &depth, &expected) != 2) { /* NOLINT(cert-err34-c) */
			print_error("line %d: cannot read '%s'\n", number, field + 1);
			return failures + 1;
		}
		if (expected > limit)
			continue;
		uint64_t got = perft(&pos, depth);
		*nodes += got;
		if (got != expected) {
			print_error("line %d: %s depth %d: %llu, expected %llu\n", number, line, depth,
				    (unsigned long long)got, expected);
			failures++;
		}
	}
	return failures;
}

static void run_suite(const char *file, int chess960, const char *limit_var, uint64_t default_limit)
{
	const char *dir = getenv("PERFT_DIR");
	uint64_t limit = env_limit(limit_var, default_limit);
	uint64_t nodes = 0;
	char path[4096], line[1024];
	int number = 0, failures = 0;
	FILE *in;

	snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "testdata/perft", file);
	in = fopen(path, "r");
	if (!in) {
		print_message("%s: %s; skipping (set PERFT_DIR to the folder of the perft suites)\n", path,
			      strerror(errno));
		skip();
	}
	while (fgets(line, sizeof line, in)) {
		number++;
		failures += check_epd_line(line, number, chess960, limit, &nodes);
	}
	fclose(in);
	print_message("%s: %d lines, %llu leaf nodes up to %llu per depth\n", file, number,
		      (unsigned long long)nodes, (unsigned long long)limit);
	assert_true(number > 0);
	assert_int_equal(failures, 0);
}

static void test_perft_standard_suite(void **state)
{
	(void)state;
	run_suite("standard.epd", 0, "PERFT_MAX_NODES", 50000000);
}

static void test_perft_chess960_suite(void **state)
{
	(void)state;
	run_suite("fischer.epd", 1, "PERFT_MAX_NODES_960", 1000000);
}

static void test_perft_start_position(void **state)
{
	struct position pos;

	(void)state;
	position_startpos(&pos);
	assert_int_equal(perft(&pos, 0), 1);
	assert_int_equal(perft(&pos, 1), 20);
	assert_int_equal(perft(&pos, 2), 400);
	assert_int_equal(perft(&pos, 3), 8902);
	assert_int_equal(perft(&pos, 4), 197281);
}

static void test_en_passant_discovered_check_on_rank(void **state)
{
	struct position pos;

	(void)state;
	/* bxc6 removes both pawns from the fifth rank: the rook on h5 would
	 * then attack the king on a5. */
	setup(&pos, "8/8/8/KPp4r/8/8/8/7k w - c6 0 2", 0);
	assert_false(has_move(&pos, "b5c6"));
	assert_false(ep_capture_legal(&pos));
	assert_true(has_move(&pos, "b5b6"));
	/* Without the rook the capture is fine. */
	setup(&pos, "8/8/8/KPp5/8/8/8/7k w - c6 0 2", 0);
	assert_true(has_move(&pos, "b5c6"));
	/* A piece of either colour elsewhere on the rank also blocks the line. */
	setup(&pos, "8/8/8/KPp1n2r/8/8/8/7k w - c6 0 2", 0);
	assert_true(has_move(&pos, "b5c6"));
	/* The same for Black, king on the right. */
	setup(&pos, "7K/8/8/8/R2Pp2k/8/8/8 b - d3 0 1", 0);
	assert_false(has_move(&pos, "e4d3"));
}

static void test_en_passant_evasions(void **state)
{
	struct position pos;

	(void)state;
	/* The pawn that double-stepped gives check: taking it en passant parries. */
	setup(&pos, "8/8/8/3pP3/4K3/8/8/k7 w - d6 0 2", 0);
	assert_true(has_move(&pos, "e5d6"));
	/* Check from elsewhere: en passant does not help. */
	setup(&pos, "4k3/8/8/3pP3/8/8/8/4K2r w - d6 0 2", 0);
	assert_false(has_move(&pos, "e5d6"));
	/* A pinned pawn cannot leave the diagonal. */
	setup(&pos, "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2", 0);
	assert_false(has_move(&pos, "e5d6"));
}

static void test_castling_through_check(void **state)
{
	struct position pos;

	(void)state;
	/* The rook on f8 covers f1, which the king crosses: no O-O.  The
	 * queenside squares are free, and b1 is crossed by the rook only. */
	setup(&pos, "1r3r2/3k4/8/8/8/8/8/R3K2R w KQ - 0 1", 0);
	assert_false(has_move(&pos, "e1g1"));
	assert_true(has_move(&pos, "e1c1"));
	/* Landing on an attacked square. */
	setup(&pos, "6r1/3k4/8/8/8/8/8/R3K2R w KQ - 0 1", 0);
	assert_false(has_move(&pos, "e1g1"));
	assert_true(has_move(&pos, "e1c1"));
	/* Out of check. */
	setup(&pos, "4r3/3k4/8/8/8/8/8/R3K2R w KQ - 0 1", 0);
	assert_false(has_move(&pos, "e1g1"));
	assert_false(has_move(&pos, "e1c1"));
	/* Black: a bishop covers c8, where the king would land. */
	setup(&pos, "r3k2r/8/B7/8/8/8/8/4K3 b kq - 0 1", 0);
	assert_false(has_move(&pos, "e8c8"));
	assert_true(has_move(&pos, "e8g8"));
	/* Only the rook crosses b8: an attack there does not matter. */
	setup(&pos, "r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1", 0);
	assert_true(has_move(&pos, "e8c8"));
}

static void test_castling_path_blocked(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", 0);
	assert_false(has_move(&pos, "e1c1"));
	assert_true(has_move(&pos, "e1g1"));
	setup(&pos, "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", 0);
	assert_true(has_move(&pos, "e1c1"));
	assert_false(has_move(&pos, "e1g1"));
	/* An enemy piece blocks as well as an own one. */
	setup(&pos, "4k3/8/8/8/8/8/8/R2nK2R w KQ - 0 1", 0);
	assert_false(has_move(&pos, "e1c1"));
}

static void test_chess960_castling(void **state)
{
	struct position pos;

	(void)state;
	/* King c1, castling rook b1, enemy queen a1: after O-O-O the rook goes
	 * to d1 and the king, still on c1, would stand in check. */
	setup(&pos, "7k/8/8/8/8/8/8/qRK5 w B - 0 1", 1);
	assert_false(has_move(&pos, "c1b1"));
	/* Without the queen it is legal. */
	setup(&pos, "7k/8/8/8/8/8/8/1RK5 w B - 0 1", 1);
	assert_true(has_move(&pos, "c1b1"));
	/* The king's destination holds another piece: blocked. */
	setup(&pos, "7k/8/8/8/8/8/8/RK3BR1 w G - 0 1", 1);
	assert_false(has_move(&pos, "b1g1"));
	/* A piece on f1, where the rook lands and which the king crosses. */
	setup(&pos, "k7/8/8/8/8/8/8/1K3N1R w H - 0 1", 1);
	assert_false(has_move(&pos, "b1h1"));
	/* King b1 crosses c1..g1; a rook on d8 covers d1. */
	setup(&pos, "k2r4/8/8/8/8/8/8/1K5R w H - 0 1", 1);
	assert_false(has_move(&pos, "b1h1"));
	setup(&pos, "k7/8/8/8/8/8/8/1K5R w H - 0 1", 1);
	assert_true(has_move(&pos, "b1h1"));
	/* King d1 to c1, rook a1 to d1: the rook alone crosses b1, so an
	 * attack on b1 does not matter. */
	setup(&pos, "1r5k/8/8/8/8/8/8/R2K4 w A - 0 1", 1);
	assert_true(has_move(&pos, "d1a1"));
}

static void test_promotions(void **state)
{
	(void)state;
	/* a8=Q/R/B/N and three king moves. */
	assert_int_equal(legal_count("8/P7/8/8/8/8/8/k6K w - - 0 1", 0), 4 + 3);
	/* Both a8 and the capture on b8, four pieces each. */
	assert_int_equal(legal_count("1n6/P7/8/8/8/8/8/k6K w - - 0 1", 0), 8 + 3);
	/* Black in check from g1: promote on f1 to block or take on g1, or
	 * step to a2 or b2. */
	assert_int_equal(legal_count("K7/8/8/8/8/8/5p2/k5R1 b - - 0 1", 0), 4 + 4 + 2);
}

static void test_check_evasions_and_pins(void **state)
{
	(void)state;
	/* Double check by rook and knight: the bishop could take the knight or
	 * block the rook, but only the king may move (to d2 or e2). */
	assert_int_equal(legal_count("4k3/8/8/8/8/3n4/2B5/r3K3 w - - 0 1", 0), 2);
	/* A pinned rook moves only along the pin (e3-e7, takes e8). */
	assert_int_equal(legal_count("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1", 0), 6 + 4);
	/* A pinned knight cannot move at all. */
	assert_int_equal(legal_count("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1", 0), 4);
}

/* Every pseudo-legal move that move_is_legal() accepts is legal, and
 * nothing else is, along a small tree of a rich position. */
static void check_pseudo_against_legal(const struct position *pos, int depth)
{
	struct move_list legal, pseudo;
	int accepted = 0;

	generate_legal(pos, &legal);
	generate_pseudo_legal(pos, &pseudo);
	for (int i = 0; i < pseudo.count; i++) {
		if (!move_is_legal(pos, pseudo.moves[i]))
			continue;
		accepted++;
		int found = 0;
		for (int j = 0; j < legal.count; j++)
			found |= legal.moves[j] == pseudo.moves[i];
		assert_true(found);
	}
	assert_int_equal(accepted, legal.count);
	if (depth == 0)
		return;
	for (int i = 0; i < legal.count; i++) {
		struct position child = *pos;
		make_move(&child, legal.moves[i]);
		assert_true(child.key == position_key(&child));
		check_pseudo_against_legal(&child, depth - 1);
	}
}

static void test_move_is_legal_agrees(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0);
	check_pseudo_against_legal(&pos, 2);
	setup(&pos, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0);
	check_pseudo_against_legal(&pos, 3);
}

/* The replay's short cut agrees with the long way along a tree of a
 * position: move_is_legal_unchecked() with move_is_legal() for every
 * pseudo-legal move of a side not in check.  Returns how many moves were
 * compared. */
static long check_short_cuts(const struct position *pos, int depth)
{
	struct move_list legal, pseudo;
	long compared = 0;

	generate_legal(pos, &legal);
	if (!in_check(pos)) {
		generate_pseudo_legal(pos, &pseudo);
		for (int i = 0; i < pseudo.count; i++, compared++)
			assert_int_equal(move_is_legal_unchecked(pos, pseudo.moves[i]),
					 move_is_legal(pos, pseudo.moves[i]));
	}
	for (int i = 0; i < legal.count && depth > 1; i++) {
		struct position child = *pos;
		make_move(&child, legal.moves[i]);
		compared += check_short_cuts(&child, depth - 1);
	}
	return compared;
}

static void test_replay_short_cuts_agree(void **state)
{
	/* Pins, discovered and double checks, en passant, promotions,
	 * castling (the perft suite's positions 2 to 5, a Chess960 position
	 * and one full of discovered checks). */
	static const struct { const char *fen; int chess960, depth; } cases[] = {
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 3 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, 4 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, 3 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 0, 3 },
		{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 1, 3 },
		{ "4k3/3N4/8/1B2N3/8/4R3/8/Q3K2R w K - 0 1", 0, 3 },
	};
	struct position pos;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		setup(&pos, cases[i].fen, cases[i].chess960);
		assert_true(check_short_cuts(&pos, cases[i].depth) > 1000);
	}
}

/* The pinned pieces of the side to move by their definition: a piece
 * whose removal alone lets an enemy slider reach its king.  An oracle for
 * check_and_pins that shares none of its code. */
static bitboard pinned_by_definition(const struct position *pos)
{
	int us = pos->side_to_move, them = !us;
	int king = position_king_square(pos, us);
	bitboard occupied = position_occupied(pos), pinned = 0;
	bitboard sliders = (pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN]) & pos->by_color[them];
	bitboard before = attackers_to(pos, king, (enum color)them, occupied) & sliders;
	bitboard own = pos->by_color[us] & ~BIT(king);
	while (own) {
		int sq = pop_lsb(&own);
		if ((attackers_to(pos, king, (enum color)them, occupied ^ BIT(sq)) & sliders) & ~before)
			pinned |= BIT(sq);
	}
	return pinned;
}

/* check_and_pins() against in_check() and pinned_by_definition() after
 * every legal move of a tree; returns how many moves gave check, and adds
 * the positions with a pinned piece to *pins. */
static long check_gives_check(const struct position *pos, int depth, long *pins)
{
	struct move_list legal;
	long checks = 0;

	generate_legal(pos, &legal);
	for (int i = 0; i < legal.count; i++) {
		struct position child = *pos;
		make_move(&child, legal.moves[i]);
		int want = in_check(&child);
		bitboard want_pinned = pinned_by_definition(&child), pinned = ~(bitboard)0;
		int got = check_and_pins(&child, &pinned);
		if (got != want || pinned != want_pinned) {
			char fen[FEN_MAX], uci[6];
			fen_write(pos, fen);
			move_to_uci(pos, legal.moves[i], uci);
			fail_msg("%s after %s: in_check %d, check_and_pins %d; pinned %llx, check_and_pins %llx", fen,
				 uci, want, got, (unsigned long long)want_pinned, (unsigned long long)pinned);
		}
		/* make_move settles once whether the en passant file is in the
		 * key; the next make_move takes its word for it. */
		assert_int_equal(child.ep_keyed, child.ep_square != SQUARE_NONE && ep_capture_legal(&child));
		assert_true(child.key == position_key(&child));
		checks += want;
		*pins += want_pinned != 0;
		if (depth > 1)
			checks += check_gives_check(&child, depth - 1, pins);
	}
	return checks;
}

static void test_check_and_pins_agree(void **state)
{
	/* The positions of test_replay_short_cuts_agree, and one where
	 * sliders stand behind pieces of both sides on the king's lines. */
	static const struct { const char *fen; int chess960, depth; } cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 4 },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 3 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, 5 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, 3 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 0, 3 },
		{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 1, 3 },
		{ "4k3/3N4/8/1B2N3/8/4R3/8/Q3K2R w K - 0 1", 0, 3 },
		{ "q3k2r/1b1n1p2/8/2B1N3/8/1Q2R3/4P3/R3K3 w Qk - 0 1", 0, 3 },
	};
	struct position pos;
	long checks = 0, pins = 0;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		setup(&pos, cases[i].fen, cases[i].chess960);
		checks += check_gives_check(&pos, cases[i].depth, &pins);
	}
	assert_true(checks > 10000);
	assert_true(pins > 10000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_start_position),
		cmocka_unit_test(test_en_passant_discovered_check_on_rank),
		cmocka_unit_test(test_en_passant_evasions),
		cmocka_unit_test(test_castling_through_check),
		cmocka_unit_test(test_castling_path_blocked),
		cmocka_unit_test(test_chess960_castling),
		cmocka_unit_test(test_promotions),
		cmocka_unit_test(test_check_evasions_and_pins),
		cmocka_unit_test(test_move_is_legal_agrees),
		cmocka_unit_test(test_replay_short_cuts_agree),
		cmocka_unit_test(test_check_and_pins_agree),
		cmocka_unit_test(test_perft_standard_suite),
		cmocka_unit_test(test_perft_chess960_suite),
	};

	attacks_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
