/*
 * test_notation.c - matching written moves to legal moves (and the reasons
 * given when none matches), and writing export SAN.
 */
#include <stdio.h>
#include <string.h>

#include "tests/test_util.h"
#include "parser/san.h"
#include "validator/chess/movegen.h"
#include "validator/chess/notation.h"

static struct position from_fen(const char *fen)
{
	struct position pos;
	char err[160];
	if (fen_parse(&pos, fen, 0, err, sizeof err) != 0)
		fail_msg("bad test FEN %s: %s", fen, err);
	return pos;
}

static struct match_result match(const struct position *pos, const char *text)
{
	struct san san;
	char err[160];
	struct match_result res;
	if (san_parse(text, strlen(text), &san, err, sizeof err) != 0)
		fail_msg("'%s' does not parse: %s", text, err);
	san_match(pos, &san, &res);
	return res;
}

static void expect_move(const char *fen, const char *text, const char *uci)
{
	struct position pos = from_fen(fen);
	struct match_result res = match(&pos, text);
	if (res.status != MATCH_OK)
		fail_msg("%s should be legal in %s (status %d: %s)", text, fen, res.status, res.reason);
	char got[8];
	move_to_uci(&pos, res.move, got);
	assert_string_equal(got, uci);
}

static void expect_illegal(const char *fen, const char *text, const char *reason_part, const char *rule)
{
	struct position pos = from_fen(fen);
	struct match_result res = match(&pos, text);
	if (res.status != MATCH_ILLEGAL)
		fail_msg("%s should be illegal in %s (status %d)", text, fen, res.status);
	if (!strstr(res.reason, reason_part))
		fail_msg("%s: reason '%s' should mention '%s'", text, res.reason, reason_part);
	assert_string_equal(res.rule, rule);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static void test_ordinary_moves(void **state)
{
	(void)state;
	expect_move(START, "e4", "e2e4");
	expect_move(START, "Nf3", "g1f3");
	expect_move(START, "e2-e4", "e2e4");
	expect_move(START, "Ng1-f3", "g1f3");
	expect_move(START, "g1f3", "g1f3");
	expect_move(START, "e3", "e2e3");
	expect_move("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5");
	expect_move("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", "e4d5");
	/* A push onto an enemy piece was meant as a capture, says the reason;
	 * onto one's own piece, it is not. */
	expect_illegal("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1", "d5", "d5 is occupied (a capture is written with the file",
		       "FIDE 3.7.1");
	expect_illegal("4k3/8/8/3N4/3P4/8/8/4K3 w - - 0 1", "d5", "d5 is occupied", "FIDE 3.7.1");
	{
		struct position own = from_fen("4k3/8/8/3N4/3P4/8/8/4K3 w - - 0 1");
		assert_null(strstr(match(&own, "d5").reason, "capture"));
	}
	/* A capture from the a-file (file 0) without x is a capture too. */
	expect_move("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1", "ab5", "a4b5");
	expect_move("4k3/8/8/p7/1P6/8/8/4K3 b - - 0 1", "ab4", "a5b4");
	expect_move("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "e4d5");
	expect_move("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "Kf2", "e1f2");
}

static void test_no_piece_reaches(void **state)
{
	(void)state;
	expect_illegal(START, "Nf4", "no white knight can move to f4", "FIDE 3.6");
	expect_illegal(START, "e5", "no white pawn can advance to e5", "FIDE 3.7.1");
	expect_illegal(START, "Bc4", "the bishop on f1 cannot jump over the piece on e2", "FIDE 3.5");
	expect_illegal(START, "Nd2", "d2 is occupied by a white piece", "FIDE 3.1");
	expect_illegal(START, "e3e4", "there is no white piece on e3", "FIDE 3.10.1");
	expect_illegal(START, "exd3", "nothing to capture on d3", "FIDE 3.7.3");
	expect_illegal(START, "exd5", "no white pawn can capture on d5", "FIDE 3.7.3");
	expect_illegal("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e3", "e3 is occupied", "FIDE 3.7.1");
	expect_illegal("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e4", "cannot advance two squares to e4: e3 is occupied", "FIDE 3.7.2");
	expect_illegal("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e5", "no white pawn can advance to e5", "FIDE 3.7.1");
	expect_illegal("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e4", "e4 is occupied", "FIDE 3.7.1");
	expect_illegal("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4", "e3 is occupied", "FIDE 3.7.2");
	expect_illegal(START, "--", "null move", "FIDE 3.10.1");
}

static void test_king_safety(void **state)
{
	(void)state;
	/* The knight on d2 is pinned by the bishop on b4. */
	expect_illegal("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3", "pinned against the king on e1 by the bishop on b4",
		       "FIDE 3.9");
	/* The king may not step onto a square the rook attacks. */
	expect_illegal("4k3/8/8/8/8/8/6r1/4K3 w - - 0 1", "Kf2", "move into check on f2", "FIDE 3.9");
	/* In check from the rook on e4: a rook move elsewhere does not parry it. */
	expect_illegal("4k3/8/8/8/4r3/8/8/R3K3 w Q - 0 1", "Ra2", "in check from the rook on e4", "FIDE 3.9");
	/* ... but interposing does. */
	expect_move("4k3/8/8/8/4r3/8/R7/4K3 w - - 0 1", "Re2", "a2e2");
}

static void test_castling(void **state)
{
	(void)state;
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1");
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1");
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1");
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "e1g1");
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "e8c8");
	/* King takes its own rook (as UCI writes Chess960 castling). */
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1");
	expect_move("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "e8c8");
	/* Rights lost: the h1 rook (or the king) has moved. */
	expect_illegal("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", "no right to castle on the kingside", "FIDE 3.8.2.1");
	/* Right kept, but a piece stands in the way: the right is not the ability. */
	expect_illegal("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "O-O", "f1 stands between king and rook", "FIDE 3.8.2.2");
	expect_illegal("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O", "b1 stands between", "FIDE 3.8.2.2");
	/* Through, into and out of check. */
	expect_illegal("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", "cross f1, which is attacked", "FIDE 3.8.2.2");
	expect_illegal("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", "put the king in check on g1", "FIDE 3.8.2.2");
	expect_illegal("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O", "while the king is in check", "FIDE 3.8.2.2");
	/* The rook may pass an attacked square on the queenside (b1). */
	expect_move("4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", "O-O-O", "e1c1");
}

/* san_match_unlawful: how many moves break only the rule of the king, and
 * which when there is one (UCI, or "" for none). */
static void expect_unlawful(const char *fen, const char *text, int count, const char *uci)
{
	struct position pos = from_fen(fen);
	struct san san;
	char err[160], got[8] = "";
	move m;
	if (san_parse(text, strlen(text), &san, err, sizeof err) != 0)
		fail_msg("'%s' does not parse: %s", text, err);
	int n = san_match_unlawful(&pos, &san, &m);
	if (n != count)
		fail_msg("%s in %s: %d unlawful moves, wanted %d", text, fen, n, count);
	if (m != MOVE_NONE)
		move_to_uci(&pos, m, got);
	assert_string_equal(got, uci);
}

static void test_unlawful(void **state)
{
	(void)state;
	/* A pinned knight, a king into check, a move that leaves a check. */
	expect_unlawful("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3", 1, "d2f3");
	expect_unlawful("4k3/8/8/8/8/8/6r1/4K3 w - - 0 1", "Kf2", 1, "e1f2");
	expect_unlawful("4k3/8/8/8/4r3/8/8/R3K3 w Q - 0 1", "Ra2", 1, "a1a2");
	/* Castling without the right (king and rook at home), into, through
	 * and out of check; not with a piece between, nor with no rook. */
	expect_unlawful("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", 1, "e1g1");
	expect_unlawful("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", 1, "e1g1");
	expect_unlawful("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "Kg1", 1, "e1g1");
	expect_unlawful("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O-O", 1, "e1c1");
	expect_unlawful("4k3/8/8/8/8/8/8/R3KB1R w - - 0 1", "O-O", 0, "");
	expect_unlawful("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O", 0, "");
	/* A move no piece can make at all: a blocked path, no such piece. */
	expect_unlawful(START, "Ra3", 0, "");
	expect_unlawful(START, "Qh5", 0, "");
	/* Two pinned knights that could each go there: not one piece. */
	expect_unlawful("4k3/8/8/8/1b5b/8/3N1N2/4K3 w - - 0 1", "Ne4", 2, "");
	/* A pawn: the capture as written, not the push; a promotion named. */
	expect_unlawful("3rk3/8/8/8/8/2p5/3P4/3K4 w - - 0 1", "dxc3", 1, "d2c3");
	expect_unlawful("3rk3/8/8/8/8/2p5/3P4/3K4 w - - 0 1", "c3", 0, "");
	expect_unlawful("r3k3/1P6/8/8/8/8/8/r3K3 w - - 0 1", "b8=Q", 1, "b7b8q");
	expect_unlawful("r3k3/1P6/8/8/8/8/8/r3K3 w - - 0 1", "b8", 0, "");
}

static void test_en_passant(void **state)
{
	(void)state;
	expect_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6");
	expect_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", "e5d6");
	expect_illegal("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", "only on the move right after the pawn's double step",
		       "FIDE 3.7.3.2");
	expect_illegal("4k3/8/8/4P3/8/8/8/4K3 w - - 0 2", "exd6", "nothing to capture on d6", "FIDE 3.7.3");
	/* Legal in shape, but it would clear the fifth rank between the rook and the king. */
	expect_illegal("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "exd6", "expose the king on a5", "FIDE 3.9");
}

static void test_promotion(void **state)
{
	(void)state;
	expect_move("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q", "a7a8q");
	expect_move("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8N", "a7a8n");
	expect_move("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", "a7a8r");
	expect_move("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=Q+", "a7b8q");
	expect_illegal("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "must be promoted", "FIDE 3.7.3.3");
	expect_illegal("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", "not to a king", "FIDE 3.7.3.3");
	expect_illegal("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=P", "not to a pawn", "FIDE 3.7.3.3");
	expect_illegal("4k3/8/P7/8/8/8/8/4K3 w - - 0 1", "a7=Q", "only on the last rank", "FIDE 3.7.3.3");
}

static void test_ambiguity(void **state)
{
	(void)state;
	struct position pos = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
	struct match_result res = match(&pos, "Nd2");
	assert_int_equal(res.status, MATCH_AMBIGUOUS);
	assert_int_equal(res.candidate_count, 2);
	assert_int_equal(match(&pos, "Nbd2").status, MATCH_OK);
	assert_int_equal(match(&pos, "Nfd2").status, MATCH_OK);
	/* A pinned rival (f1, pinned by the rook on h1) does not make the move ambiguous. */
	pos = from_fen("4k3/8/8/8/8/8/8/1N1K1N1r w - - 0 1");
	res = match(&pos, "Nd2");
	assert_int_equal(res.status, MATCH_OK);
}

static void expect_san(const char *fen, const char *uci, const char *san)
{
	struct position pos = from_fen(fen);
	struct move_list list;
	generate_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		char u[8], s[SAN_MAX];
		move_to_uci(&pos, list.moves[i], u);
		if (strcmp(u, uci) == 0) {
			move_to_san(&pos, list.moves[i], s);
			assert_string_equal(s, san);
			return;
		}
	}
	fail_msg("%s is not legal in %s", uci, fen);
}

static void test_writing_san(void **state)
{
	(void)state;
	expect_san(START, "g1f3", "Nf3");
	expect_san(START, "e2e4", "e4");
	expect_san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2");
	expect_san("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2");
	expect_san("K7/2k5/8/8/4Q2Q/8/8/7Q w - - 0 1", "h4e1", "Qh4e1");
	expect_san("4k3/8/8/8/8/8/8/1N1K1N1r w - - 0 1", "b1d2", "Nd2");
	expect_san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
	expect_san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O");
	expect_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6");
	expect_san("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+");
	expect_san("4k3/R7/8/8/8/8/8/4K2R w - - 0 1", "h1h8", "Rh8#");
	expect_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
}

/* The written forms of a position the matcher is asked about: every plain
 * token (piece letter or none, any destination, with a file for pawn
 * captures and piece moves, or with a rank) and every legal move's export
 * SAN. */
static int compare_known(const struct position *pos, const char *text)
{
	struct san san;
	char err[160];
	if (san_parse(text, strlen(text), &san, err, sizeof err) != 0)
		return 0;
	struct match_result slow, fast;
	san_match(pos, &san, &slow); /* not told about check: never the quick path */
	san_match_known(pos, in_check(pos), &san, &fast);
	if (slow.status != fast.status || slow.move != fast.move || slow.candidate_count != fast.candidate_count
	    || memcmp(slow.candidates, fast.candidates, sizeof slow.candidates) != 0
	    || (slow.rule != fast.rule && (!slow.rule || !fast.rule || strcmp(slow.rule, fast.rule) != 0))
	    || strcmp(slow.reason, fast.reason) != 0) {
		char fen[FEN_MAX];
		fen_write(pos, fen);
		print_error("%s in %s: status %d/%d, move %d/%d, %d/%d candidates, '%s'/'%s'\n", text, fen,
			    slow.status, fast.status, (int)slow.move, (int)fast.move, slow.candidate_count,
			    fast.candidate_count, slow.reason, fast.reason);
		return -1;
	}
	return 1;
}

static int compare_position(const struct position *pos, long *asked)
{
	static const char *const letters[] = { "", "N", "B", "R", "Q", "K" };
	char text[16];
	int failures = 0;
	for (int to = 0; to < 64; to++) {
		char square[3] = { (char)('a' + to % 8), (char)('1' + to / 8), '\0' };
		for (int l = 0; l < 6; l++) {
			snprintf(text, sizeof text, "%s%s", letters[l], square);
			int r = compare_known(pos, text);
			failures += r < 0;
			*asked += r != 0;
			for (int file = 0; file < 8; file++) {
				snprintf(text, sizeof text, "%s%cx%s", letters[l], 'a' + file, square);
				r = compare_known(pos, text);
				failures += r < 0;
				*asked += r != 0;
			}
			/* An origin rank (R1e1), which the quick path takes for
			 * pieces since 2026-11-30 and leaves to match_token for
			 * pawns and kings. */
			for (int rank = 0; rank < 8; rank++) {
				snprintf(text, sizeof text, "%s%c%s", letters[l], '1' + rank, square);
				r = compare_known(pos, text);
				failures += r < 0;
				*asked += r != 0;
			}
		}
	}
	/* Castling also where it is not allowed: no right, blocked, in or
	 * through check. */
	static const char *const castles[] = { "O-O", "O-O-O" };
	for (int i = 0; i < 2; i++) {
		int r = compare_known(pos, castles[i]);
		failures += r < 0;
		*asked += r != 0;
	}
	struct move_list legal;
	generate_legal(pos, &legal);
	for (int i = 0; i < legal.count; i++) {
		char san[SAN_MAX];
		move_to_san(pos, legal.moves[i], san);
		int r = compare_known(pos, san);
		failures += r < 0;
		*asked += r != 0;
	}
	return failures;
}

/* How many of the tokens compare_known asks about san_match_quick itself
 * settles, in check and out of it: the comparison must reach both paths. */
static long quick_in_check, quick_out_of_check, quick_castling;

static void count_quick(const struct position *pos)
{
	int check = in_check(pos);
	struct move_list legal;
	generate_legal(pos, &legal);
	for (int i = 0; i < legal.count; i++) {
		char text[SAN_MAX];
		struct san san;
		move_to_san(pos, legal.moves[i], text);
		if (san_parse(text, strlen(text), &san, NULL, 0) != 0 || san_match_quick(pos, &san, check) == MOVE_NONE)
			continue;
		if (san.kind != SAN_MOVE)
			quick_castling++;
		else if (check)
			quick_in_check++;
		else
			quick_out_of_check++;
	}
}

/* san_match_known, told the side to move is not in check, settles plain
 * tokens by a quicker path than san_match: both must give the same answer,
 * reasons included, in the perft suites' positions and those one move on. */
static void test_known_check_same_answer(void **state)
{
	(void)state;
	static const struct { const char *file; int chess960; } suites[] = {
		{ "testdata/perft/standard.epd", 0 },
		{ "testdata/perft/fischer.epd", 1 },
	};
	long asked = 0;
	int failures = 0, positions = 0;
	for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
		FILE *in = fopen(suites[s].file, "r");
		if (!in)
			fail_msg("%s: cannot open", suites[s].file);
		char line[1024];
		for (int number = 1; fgets(line, sizeof line, in); number++) {
			char *field = strchr(line, ';'), err[160];
			struct position root;
			if (!field)
				continue;
			*field = '\0';
			if (fen_parse(&root, line, suites[s].chess960, err, sizeof err) != 0)
				fail_msg("%s line %d: %s", suites[s].file, number, err);
			/* Every standard root, every tenth Chess960 one. */
			if (suites[s].chess960 && number % 10 != 1)
				continue;
			failures += compare_position(&root, &asked);
			count_quick(&root);
			positions++;
			struct move_list legal;
			generate_legal(&root, &legal);
			for (int i = 0; i < legal.count; i++) {
				struct position child = root;
				make_move(&child, legal.moves[i]);
				failures += compare_position(&child, &asked);
				count_quick(&child);
				positions++;
			}
		}
		fclose(in);
	}
	print_message("%d positions, %ld tokens compared; the quick path settled %ld moves out of check, %ld in check, %ld castlings\n",
		      positions, asked, quick_out_of_check, quick_in_check, quick_castling);
	assert_true(positions > 1000);
	assert_true(quick_out_of_check > 10000 && quick_in_check > 100 && quick_castling > 100);
	assert_int_equal(failures, 0);
}

int main(void)
{
	attacks_init();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ordinary_moves),
		cmocka_unit_test(test_no_piece_reaches),
		cmocka_unit_test(test_king_safety),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_unlawful),
		cmocka_unit_test(test_en_passant),
		cmocka_unit_test(test_promotion),
		cmocka_unit_test(test_ambiguity),
		cmocka_unit_test(test_writing_san),
		cmocka_unit_test(test_known_check_same_answer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
