/*
 * test_board.c - attack tables, square geometry and make_move().
 *
 * The attack and geometry checks use squares whose answers can be read off a
 * board by eye.  The make_move() checks play short move sequences and look
 * at each field the move should have changed (castling rights, clocks, en
 * passant square, the pieces) and at the key, which must always equal
 * position_key() computed from scratch.
 */
#include <pthread.h>
#include <string.h>

#include "tests/test_util.h"
#include "validator/chess/movegen.h"

#define SQ(name) SQUARE((name)[0] - 'a', (name)[1] - '1')

static bitboard squares(const char *list)
{
	bitboard b = 0;

	for (; *list; list += (list[2] == ' ' ? 3 : 2))
		b |= BIT(SQ(list));
	return b;
}

static void setup(struct position *pos, const char *fen, int chess960)
{
	char err[128];

	if (fen_parse(pos, fen, chess960, err, sizeof err) != 0)
		fail_msg("fen_parse(%s): %s", fen, err);
}

/* The legal move written `uci`; the test fails if there is none. */
static move find_move(const struct position *pos, const char *uci)
{
	struct move_list list;
	char buf[6];

	generate_legal(pos, &list);
	for (int i = 0; i < list.count; i++) {
		move_to_uci(pos, list.moves[i], buf);
		if (strcmp(buf, uci) == 0)
			return list.moves[i];
	}
	fail_msg("no legal move %s", uci);
	return MOVE_NONE;
}

/* Plays the moves of a space-separated UCI list, checking the key after
 * each one. */
static void play(struct position *pos, const char *moves)
{
	char uci[6];

	while (*moves) {
		size_t len = strcspn(moves, " ");
		assert_true(len < sizeof uci);
		memcpy(uci, moves, len);
		uci[len] = '\0';
		make_move(pos, find_move(pos, uci));
		assert_true(pos->key == position_key(pos));
		moves += len;
		while (*moves == ' ')
			moves++;
	}
}

static void test_leaper_attacks(void **state)
{
	(void)state;
	attacks_init();
	assert_true(knight_attacks(SQ("a1")) == squares("b3 c2"));
	assert_true(knight_attacks(SQ("e4")) == squares("d6 f6 g5 g3 f2 d2 c3 c5"));
	assert_true(knight_attacks(SQ("h8")) == squares("g6 f7"));
	assert_true(king_attacks(SQ("a1")) == squares("a2 b2 b1"));
	assert_true(king_attacks(SQ("e4")) == squares("d5 e5 f5 d4 f4 d3 e3 f3"));
	assert_true(pawn_attacks(WHITE, SQ("e4")) == squares("d5 f5"));
	assert_true(pawn_attacks(WHITE, SQ("a2")) == squares("b3"));
	assert_true(pawn_attacks(BLACK, SQ("h7")) == squares("g6"));
	assert_true(pawn_attacks(WHITE, SQ("c8")) == 0);
}

static void test_slider_attacks(void **state)
{
	(void)state;
	attacks_init();
	assert_true(rook_attacks(SQ("a1"), 0) == ((FILE_BB(0) | RANK_BB(0)) & ~BIT(SQ("a1"))));
	assert_true(rook_attacks(SQ("a1"), squares("a4 d1 h8")) == squares("a2 a3 a4 b1 c1 d1"));
	assert_true(rook_attacks(SQ("e4"), squares("e5 e3 d4 f4")) == squares("e5 e3 d4 f4"));
	assert_true(bishop_attacks(SQ("d4"), squares("f6 b2")) == squares("e5 f6 c5 b6 a7 e3 f2 g1 c3 b2"));
	assert_true(bishop_attacks(SQ("h1"), 0) == squares("g2 f3 e4 d5 c6 b7 a8"));
	assert_true(queen_attacks(SQ("d4"), squares("d5 e5 e4 e3 d3 c3 c4 c5"))
		    == squares("d5 e5 e4 e3 d3 c3 c4 c5"));
}

static void test_between_and_lines(void **state)
{
	(void)state;
	attacks_init();
	assert_true(between(SQ("a1"), SQ("h8")) == squares("b2 c3 d4 e5 f6 g7"));
	assert_true(between(SQ("h8"), SQ("a1")) == squares("b2 c3 d4 e5 f6 g7"));
	assert_true(between(SQ("e1"), SQ("e8")) == squares("e2 e3 e4 e5 e6 e7"));
	assert_true(between(SQ("b1"), SQ("f1")) == squares("c1 d1 e1"));
	assert_true(between(SQ("e1"), SQ("e2")) == 0);
	assert_true(between(SQ("a1"), SQ("b3")) == 0);
	assert_true(line_through(SQ("e1"), SQ("e4")) == FILE_BB(4));
	assert_true(line_through(SQ("c3"), SQ("a1")) == squares("a1 b2 c3 d4 e5 f6 g7 h8"));
	assert_true(line_through(SQ("b1"), SQ("a2")) == squares("b1 a2"));
	assert_true(line_through(SQ("a1"), SQ("b3")) == 0);
	assert_true(line_through(SQ("d4"), SQ("d4")) == 0);
}

static void *init_from_thread(void *arg)
{
	(void)arg;
	attacks_init();
	return NULL;
}

static void test_attacks_init_is_idempotent_and_thread_safe(void **state)
{
	pthread_t threads[4];

	(void)state;
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, init_from_thread, NULL), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(threads[i], NULL);
	attacks_init();
	assert_true(knight_attacks(SQ("a1")) == squares("b3 c2"));
	assert_true(between(SQ("a1"), SQ("a8")) == squares("a2 a3 a4 a5 a6 a7"));
}

static void test_castling_rights_lost(void **state)
{
	const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
	struct position pos;

	(void)state;
	setup(&pos, fen, 0);
	play(&pos, "e1e2");
	assert_true(pos.castling_rooks == squares("a8 h8"));

	setup(&pos, fen, 0);
	play(&pos, "a1b1");
	assert_true(pos.castling_rooks == squares("h1 a8 h8"));
	play(&pos, "h8g8");
	assert_true(pos.castling_rooks == squares("h1 a8"));

	setup(&pos, fen, 0);
	play(&pos, "h1h8"); /* the rook leaves h1 and the one on h8 is captured */
	assert_true(pos.castling_rooks == squares("a1 a8"));

	setup(&pos, fen, 0);
	play(&pos, "e1g1");
	assert_true(pos.castling_rooks == squares("a8 h8"));
	assert_int_equal(pos.board[SQ("g1")], MAKE_PIECE(WHITE, KING));
	assert_int_equal(pos.board[SQ("f1")], MAKE_PIECE(WHITE, ROOK));
	assert_int_equal(pos.board[SQ("e1")], PIECE_NONE);
	assert_int_equal(pos.board[SQ("h1")], PIECE_NONE);
	play(&pos, "e8c8");
	assert_true(pos.castling_rooks == 0);
	assert_int_equal(pos.board[SQ("c8")], MAKE_PIECE(BLACK, KING));
	assert_int_equal(pos.board[SQ("d8")], MAKE_PIECE(BLACK, ROOK));
}

static void test_clocks(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "r3k2r/p7/8/8/8/8/1P6/R3K2R w KQkq - 7 20", 0);
	play(&pos, "e1g1"); /* castling is neither a capture nor a pawn move */
	assert_int_equal(pos.halfmove_clock, 8);
	assert_int_equal(pos.fullmove_number, 20);
	play(&pos, "a8b8");
	assert_int_equal(pos.halfmove_clock, 9);
	assert_int_equal(pos.fullmove_number, 21);
	play(&pos, "b2b3");
	assert_int_equal(pos.halfmove_clock, 0);
	play(&pos, "b8b3");
	assert_int_equal(pos.halfmove_clock, 0);
	play(&pos, "f1f2");
	assert_int_equal(pos.halfmove_clock, 1);
	assert_int_equal(pos.fullmove_number, 22);
}

static void test_en_passant_square(void **state)
{
	struct position pos;

	(void)state;
	position_startpos(&pos);
	play(&pos, "e2e4");
	assert_int_equal(pos.ep_square, SQ("e3")); /* set even though no pawn can take */
	play(&pos, "g8f6");
	assert_int_equal(pos.ep_square, SQUARE_NONE);
	play(&pos, "e4e5 d7d5");
	assert_int_equal(pos.ep_square, SQ("d6"));
	play(&pos, "e5d6");
	assert_int_equal(pos.ep_square, SQUARE_NONE);
	assert_int_equal(pos.board[SQ("d5")], PIECE_NONE);
	assert_int_equal(pos.board[SQ("d6")], MAKE_PIECE(WHITE, PAWN));
	assert_int_equal(popcount(pos.by_type[PAWN] & pos.by_color[BLACK]), 7);
	assert_int_equal(pos.halfmove_clock, 0);
}

static void test_black_en_passant(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", 0);
	play(&pos, "e2e4 f4e3");
	assert_int_equal(pos.board[SQ("e4")], PIECE_NONE);
	assert_int_equal(pos.board[SQ("e3")], MAKE_PIECE(BLACK, PAWN));
	assert_true(pos.by_type[PAWN] == squares("e3"));
}

static void test_promotions(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", 0);
	play(&pos, "a7b8n");
	assert_int_equal(pos.board[SQ("b8")], MAKE_PIECE(WHITE, KNIGHT));
	assert_int_equal(pos.board[SQ("a7")], PIECE_NONE);
	assert_true(pos.by_type[PAWN] == 0);
	assert_true(pos.by_type[ROOK] == 0);

	setup(&pos, "4k3/8/8/8/8/8/p7/4K3 b - - 3 9", 0);
	play(&pos, "a2a1q");
	assert_int_equal(pos.board[SQ("a1")], MAKE_PIECE(BLACK, QUEEN));
	assert_int_equal(pos.halfmove_clock, 0);
	assert_int_equal(pos.fullmove_number, 10);
}

/* A game with every kind of move; play() checks the key after each. */
static void test_key_follows_every_move(void **state)
{
	struct position pos;

	(void)state;
	position_startpos(&pos);
	play(&pos, "e2e4 d7d5 e4e5 f7f5 e5f6 g8h6 f6g7 b8c6 g7h8q d8d6 d2d4 c8e6 b1c3 e8c8 "
		   "g1f3 e6g4 f1e2 c6d4 e1g1 d4e2 d1e2 a7a5 b2b4 a5b4 c3b5 b4b3 a2a3 b3b2 a1a2 b2c1r");
	assert_int_equal(pos.board[SQ("c1")], MAKE_PIECE(BLACK, ROOK));
	assert_true(pos.castling_rooks == 0);
}

static void test_chess960_castling(void **state)
{
	struct position pos;
	char uci[6];
	move m;

	(void)state;
	/* The king on g1 does not move; only the rook does. */
	setup(&pos, "6k1/8/8/8/8/8/8/6KR w H - 0 1", 1);
	m = find_move(&pos, "g1h1");
	assert_int_equal(MOVE_KIND(m), MOVE_CASTLE);
	assert_int_equal(castle_king_to(m), SQ("g1"));
	assert_int_equal(castle_rook_to(m), SQ("f1"));
	make_move(&pos, m);
	assert_int_equal(pos.board[SQ("g1")], MAKE_PIECE(WHITE, KING));
	assert_int_equal(pos.board[SQ("f1")], MAKE_PIECE(WHITE, ROOK));
	assert_int_equal(pos.board[SQ("h1")], PIECE_NONE);
	assert_true(pos.key == position_key(&pos));

	/* King and rook swap squares. */
	setup(&pos, "5k2/8/8/8/8/8/8/5KR1 w G - 0 1", 1);
	play(&pos, "f1g1");
	assert_int_equal(pos.board[SQ("g1")], MAKE_PIECE(WHITE, KING));
	assert_int_equal(pos.board[SQ("f1")], MAKE_PIECE(WHITE, ROOK));

	/* The same move in standard UCI is the king's step. */
	setup(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0);
	m = find_move(&pos, "e1c1");
	assert_int_equal(MOVE_TO(m), SQ("a1"));
	pos.chess960 = 1;
	move_to_uci(&pos, m, uci);
	assert_string_equal(uci, "e1a1");
}

static void test_move_to_uci(void **state)
{
	struct position pos;
	char uci[6];

	(void)state;
	position_startpos(&pos);
	move_to_uci(&pos, MAKE_MOVE(SQ("g1"), SQ("f3"), 0, MOVE_NORMAL), uci);
	assert_string_equal(uci, "g1f3");
	move_to_uci(&pos, MAKE_MOVE(SQ("e7"), SQ("e8"), QUEEN, MOVE_PROMOTION), uci);
	assert_string_equal(uci, "e7e8q");
	move_to_uci(&pos, MAKE_MOVE(SQ("b2"), SQ("a1"), KNIGHT, MOVE_PROMOTION), uci);
	assert_string_equal(uci, "b2a1n");
	move_to_uci(&pos, MAKE_MOVE(SQ("e8"), SQ("h8"), 0, MOVE_CASTLE), uci);
	assert_string_equal(uci, "e8g8");
	move_to_uci(&pos, MOVE_NONE, uci);
	assert_string_equal(uci, "0000");
}

static void test_attackers_and_check(void **state)
{
	struct position pos;
	bitboard all;

	(void)state;
	setup(&pos, "4k3/8/8/8/1b6/3n4/3P4/R3K2R w KQ - 0 1", 0);
	all = position_occupied(&pos);
	assert_true(attackers_to(&pos, SQ("d2"), BLACK, all) == squares("b4"));
	assert_true(attackers_to(&pos, SQ("e1"), BLACK, all) == squares("d3"));
	assert_true(attackers_to(&pos, SQ("e1"), BLACK, all & ~squares("d3")) == 0);
	assert_true(attackers_to(&pos, SQ("e1"), BLACK, all & ~squares("d2")) == squares("b4 d3"));
	assert_true(attackers_to(&pos, SQ("e2"), WHITE, all) == squares("e1"));
	assert_true(in_check(&pos));
	position_startpos(&pos);
	assert_false(in_check(&pos));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* First, so that the threads race for the first initialisation. */
		cmocka_unit_test(test_attacks_init_is_idempotent_and_thread_safe),
		cmocka_unit_test(test_leaper_attacks),
		cmocka_unit_test(test_slider_attacks),
		cmocka_unit_test(test_between_and_lines),
		cmocka_unit_test(test_castling_rights_lost),
		cmocka_unit_test(test_clocks),
		cmocka_unit_test(test_en_passant_square),
		cmocka_unit_test(test_black_en_passant),
		cmocka_unit_test(test_promotions),
		cmocka_unit_test(test_key_follows_every_move),
		cmocka_unit_test(test_chess960_castling),
		cmocka_unit_test(test_move_to_uci),
		cmocka_unit_test(test_attackers_and_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
