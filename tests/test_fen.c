/*
 * test_fen.c - FEN reading and writing, and position identity (FIDE 9.2.2).
 *
 * Round trips use FENs as python-chess's board.fen() writes them.  Every
 * rejection reason gets a malformed FEN of its own, so that a change that
 * makes the reader accept one of them shows up here.  The identity tests pin
 * down what position_key() must and must not see: castling rights (not
 * whether castling is possible right now), the side to move, and the en
 * passant square only when an en passant capture is legal.
 */
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

static uint64_t key_of(const char *fen, int chess960)
{
	struct position pos;

	setup(&pos, fen, chess960);
	return pos.key;
}

static void assert_written(const char *fen, int chess960, const char *expected)
{
	struct position pos;
	char out[FEN_MAX];

	setup(&pos, fen, chess960);
	fen_write(&pos, out);
	assert_string_equal(out, expected);
}

static void test_round_trips(void **state)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"4k3/8/8/8/8/8/8/4K2R b K - 99 150",
		"r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
	};
	char out[FEN_MAX];
	struct position pos;

	(void)state;
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		setup(&pos, fens[i], 0);
		fen_write(&pos, out);
		assert_string_equal(out, fens[i]);
	}
	position_startpos(&pos);
	fen_write(&pos, out);
	assert_string_equal(out, fens[0]);
}

static void test_epd_without_clocks(void **state)
{
	(void)state;
	assert_written("4k3/8/8/8/8/8/8/4K3 b - -", 0, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
	/* Surrounding white space is not part of any field. */
	assert_written("  4k3/8/8/8/8/8/8/4K3   w  -  -  5  7 \n", 0, "4k3/8/8/8/8/8/8/4K3 w - - 5 7");
}

static void test_rejections(void **state)
{
	static const char *const bad[] = {
		"",                                                                /* empty */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",              /* too few fields */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",          /* halfmove only */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",      /* trailing garbage */
		"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",        /* bad piece letter */
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",         /* 7 squares */
		"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",       /* 9 squares */
		"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",       /* two digits */
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",        /* digit 9 */
		"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",          /* 7 ranks */
		"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",      /* 9 ranks */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",         /* short last rank */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",        /* bad side */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",    /* bad side */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",        /* bad castling letter */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1",          /* '-' among letters */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",        /* K but no rook on h1 */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",        /* K with no white king */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",        /* repeated right */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1",        /* K and H are one right */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w BQkq - 0 1",        /* b-file rook, not 960 */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1",        /* king not on e1 */
		"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1",                            /* king off its rank */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",       /* ep on wrong rank */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",       /* ep not a square */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1",       /* ep not a square */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",       /* negative clock */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",        /* non-numeric clock */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",        /* fullmove 0 */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",      /* not an integer */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999 1", /* absurd clock */
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",          /* no black king */
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",           /* two white kings */
		"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",         /* pawn on rank 8 */
		"4k3/8/8/8/8/8/8/p3K3 w - - 0 1",                                  /* pawn on rank 1 */
		"4k2R/8/8/8/8/8/8/4K3 w - - 0 1",                                  /* wrong side in check */
		"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                                 /* wrong side in check */
	};
	const char *good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	struct position pos, before;
	char err[128];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		setup(&pos, good, 0);
		before = pos;
		err[0] = '\0';
		if (fen_parse(&pos, bad[i], 0, err, sizeof err) == 0)
			fail_msg("accepted bad FEN '%s'", bad[i]);
		if (err[0] == '\0')
			fail_msg("no reason given for '%s'", bad[i]);
		assert_memory_equal(&pos, &before, sizeof pos); /* untouched on failure */
	}
}

static void test_rejection_reasons_name_the_problem(void **state)
{
	struct position pos;
	char err[128];

	(void)state;
	assert_int_equal(fen_parse(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 0, err, sizeof err), -1);
	assert_string_equal(err, "castling right K but no white rook on h1");
	assert_int_equal(fen_parse(&pos, "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, err, sizeof err), -1);
	assert_string_equal(err, "bad piece letter 'x' in rank 7");
	assert_int_equal(fen_parse(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", 0, err, sizeof err), -1);
	assert_string_equal(err, "en passant square e3 is impossible with white to move (it must be on rank 6)");
	assert_int_equal(fen_parse(&pos, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, err, sizeof err), -1);
	assert_string_equal(err, "rank 7 has 7 squares instead of 8");
	/* A tiny buffer gets a truncated but terminated reason. */
	assert_int_equal(fen_parse(&pos, "x", 0, err, 4), -1);
	assert_int_equal(strlen(err), 3);
}

static void test_chess960_castling_fields(void **state)
{
	const char *shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
	const char *xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
	struct position pos;

	(void)state;
	setup(&pos, shredder, 1);
	assert_true(pos.castling_rooks == (BIT(SQ("f1")) | BIT(SQ("h1")) | BIT(SQ("f8")) | BIT(SQ("h8"))));
	assert_true(key_of(shredder, 1) == key_of(xfen, 1));
	/* Both rooks are the outermost on their side, so X-FEN writes KQkq. */
	assert_written(shredder, 1, xfen);

	/* Two rooks on the kingside: K is the outer one, the inner needs its file. */
	setup(&pos, "1k1rr3/8/8/8/8/8/8/1K1RR3 w Kd - 0 1", 1);
	assert_true(pos.castling_rooks == (BIT(SQ("e1")) | BIT(SQ("d8"))));
	assert_written("1k1rr3/8/8/8/8/8/8/1K1RR3 w Kd - 0 1", 1, "1k1rr3/8/8/8/8/8/8/1K1RR3 w Kd - 0 1");
	assert_written("1k1rr3/8/8/8/8/8/8/1K1RR3 w D - 0 1", 1, "1k1rr3/8/8/8/8/8/8/1K1RR3 w D - 0 1");

	/* Standard chess takes Shredder letters only for the a and h rooks. */
	assert_written("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", 0, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

static void test_chess960_castling_rejections(void **state)
{
	struct position pos;
	char err[128];

	(void)state;
	/* The same FEN is fine as Chess960 but not as standard chess. */
	assert_int_equal(fen_parse(&pos, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 0, err,
				   sizeof err), -1);
	assert_string_equal(err, "castling right H but the white king is not on e1 (a Chess960 position?)");
	/* Q with no rook on the queenside; q for Black, on his rank. */
	assert_int_equal(fen_parse(&pos, "1k5r/8/8/8/8/8/8/1K5R w Q - 0 1", 1, err, sizeof err), -1);
	assert_string_equal(err, "castling right Q but no white rook on the queenside of rank 1");
	assert_int_equal(fen_parse(&pos, "1k5r/8/8/8/8/8/8/1K5R b q - 0 1", 1, err, sizeof err), -1);
	assert_string_equal(err, "castling right q but no black rook on the queenside of rank 8");
	/* A file letter naming no rook. */
	assert_int_equal(fen_parse(&pos, "1k5r/8/8/8/8/8/8/1K5R w G - 0 1", 1, err, sizeof err), -1);
	assert_string_equal(err, "castling right G but no white rook on g1");
	/* Two rights on one side. */
	assert_int_equal(fen_parse(&pos, "1k1rr3/8/8/8/8/8/8/1K1RR3 w DE - 0 1", 1, err, sizeof err), -1);
	assert_string_equal(err, "castling field 'DE' gives white two rights on the same side");
	assert_int_equal(fen_parse(&pos, "1k1rr3/8/8/8/8/8/8/1K1RR3 w KE - 0 1", 1, err, sizeof err), -1);
	assert_string_equal(err, "castling field 'KE' gives the right to castle with the rook on e1 twice");
}

static void test_en_passant_written_only_when_legal(void **state)
{
	struct position pos;
	char out[FEN_MAX];
	struct move_list list;

	(void)state;
	/* After 1.e4 no black pawn can take: no ep field, though ep_square is set. */
	setup(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
	generate_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		char uci[6];
		move_to_uci(&pos, list.moves[i], uci);
		if (strcmp(uci, "e2e4") == 0)
			make_move(&pos, list.moves[i]);
	}
	assert_int_equal(pos.ep_square, SQ("e3"));
	assert_false(ep_capture_legal(&pos));
	fen_write(&pos, out);
	assert_string_equal(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

	/* bxc6 would expose the king on a5 to the rook on h5 (both pawns leave
	 * the rank at once). */
	assert_written("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", 0, "8/8/8/KPp4r/8/8/8/7k w - - 0 2");
	/* The pawn on e5 is pinned on the long diagonal by the bishop on h8. */
	assert_written("4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2", 0, "4k2b/8/8/3pP3/8/8/8/K7 w - - 0 2");
	/* In check from a rook: exd6 does not parry it. */
	assert_written("4k3/8/8/3pP3/8/8/8/4K2r w - d6 0 2", 0, "4k3/8/8/3pP3/8/8/8/4K2r w - - 0 2");
	/* In check from the pawn that just moved: exd6 takes the checker. */
	assert_written("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 2", 0, "8/8/8/3pP3/4K3/8/8/k7 w - d6 0 2");
	/* Legal: written, for either side. */
	assert_written("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", 0,
		       "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
	assert_written("7k/8/8/8/4pP2/8/8/4K3 b - f3 0 1", 0, "7k/8/8/8/4pP2/8/8/4K3 b - f3 0 1");
	/* No pawn on d5 that could have double-stepped: kept, but never legal. */
	setup(&pos, "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2", 0);
	assert_int_equal(pos.ep_square, SQ("d6"));
	assert_false(ep_capture_legal(&pos));
}

/* Plays a space-separated list of UCI moves. */
static void play(struct position *pos, const char *moves)
{
	char uci[6], buf[6];
	struct move_list list;

	while (*moves) {
		size_t len = strcspn(moves, " ");
		int played = 0;
		assert_true(len < sizeof uci);
		memcpy(uci, moves, len);
		uci[len] = '\0';
		generate_legal(pos, &list);
		for (int i = 0; i < list.count && !played; i++) {
			move_to_uci(pos, list.moves[i], buf);
			if (strcmp(buf, uci) == 0) {
				make_move(pos, list.moves[i]);
				played = 1;
			}
		}
		if (!played)
			fail_msg("no legal move %s", uci);
		moves += len;
		while (*moves == ' ')
			moves++;
	}
}

static void test_identity_castling_rights(void **state)
{
	const char *both = "r3k1nr/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
	struct position pos;

	(void)state;
	/* Different rights, different positions. */
	assert_true(key_of(both, 0) != key_of("r3k1nr/8/8/8/8/8/8/RN2K2R w Kkq - 0 1", 0));
	assert_true(key_of(both, 0) != key_of("r3k1nr/8/8/8/8/8/8/RN2K2R w KQk - 0 1", 0));
	/* The knights block queenside castling for White and kingside castling
	 * for Black, yet those rights still count. */
	assert_true(key_of(both, 0) != key_of("r3k1nr/8/8/8/8/8/8/RN2K2R w Kq - 0 1", 0));
	/* Knights out and back: castling was impossible all along and the
	 * rights never changed, so the position repeats. */
	setup(&pos, both, 0);
	play(&pos, "b1c3 g8f6 c3b1 f6g8");
	assert_true(pos.key == key_of(both, 0));
	/* King out and back: the rights are gone, so it does not. */
	play(&pos, "e1d1 e8d8 d1e1 d8e8");
	assert_true(pos.key == key_of("r3k1nr/8/8/8/8/8/8/RN2K2R w - - 0 1", 0));
	assert_true(pos.key != key_of(both, 0));
	/* Castling impossible for now because f1 is attacked: the right counts. */
	assert_true(key_of("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", 0) != key_of("4kr2/8/8/8/8/8/8/4K2R w - - 0 1", 0));
}

static void test_identity_en_passant_and_side(void **state)
{
	(void)state;
	/* A pinned capturer: the ep square changes nothing. */
	assert_true(key_of("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", 0) == key_of("8/8/8/KPp4r/8/8/8/7k w - - 0 2", 0));
	/* No capturer at all: same. */
	assert_true(key_of("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", 0) == key_of("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", 0));
	/* A legal capture: a different position. */
	assert_true(key_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", 0) != key_of("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", 0));
	/* The side to move. */
	assert_true(key_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0) != key_of("4k3/8/8/8/8/8/8/4K3 b - - 0 1", 0));
	/* Clocks are not part of the position. */
	assert_true(key_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0) == key_of("4k3/8/8/8/8/8/8/4K3 w - - 42 77", 0));
}

/* fen_parse_repair() sets right the two faults common in real files, says
 * what it did, and refuses everything else as fen_parse() does. */
static void test_repairs(void **state)
{
	(void)state;
	struct position pos;
	char err[200], repaired[240], fen[FEN_MAX];

	assert_int_equal(fen_parse_repair(&pos, "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", 0, err, sizeof err, repaired,
					  sizeof repaired), FEN_REPAIRED_CASTLING);
	assert_non_null(strstr(repaired, "castling right Q but no white rook on a1"));
	fen_write(&pos, fen);
	assert_string_equal(fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");

	assert_int_equal(fen_parse_repair(&pos, "4k3/8/8/8/8/8/8/4K3 b - - 3 0", 0, err, sizeof err, repaired,
					  sizeof repaired), FEN_REPAIRED_FULLMOVE);
	assert_non_null(strstr(repaired, "fullmove number is 0"));
	assert_int_equal(pos.fullmove_number, 1);

	assert_int_equal(fen_parse_repair(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, err, sizeof err, repaired,
					  sizeof repaired), 0);
	assert_string_equal(repaired, "");

	/* Not repaired: fen_parse() refuses both faults, and repair refuses the rest. */
	assert_int_equal(fen_parse(&pos, "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", 0, err, sizeof err), -1);
	assert_int_equal(fen_parse(&pos, "4k3/8/8/8/8/8/8/4K3 b - - 3 0", 0, err, sizeof err), -1);
	assert_int_equal(fen_parse_repair(&pos, "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", 0, err, sizeof err, repaired,
					  sizeof repaired), -1);
	assert_non_null(strstr(err, "kings"));
}

/* What fen_parse_repair() says about a FEN it refuses ("" when it reads it). */
static const char *start_refusal(const char *fen)
{
	static char err[200];
	char repaired[240];
	struct position pos;

	if (fen_parse_repair(&pos, fen, 0, err, sizeof err, repaired, sizeof repaired) >= 0)
		return "";
	return err;
}

/* A game cannot start from a position that legal play cannot reach; the move
 * generator can still take such a position (perft suites hold some), so
 * fen_parse() reads every FEN below. */
static void assert_unreachable(const char *fen, const char *reason)
{
	struct position pos;
	char err[200];

	if (!strstr(start_refusal(fen), reason))
		fail_msg("'%s': wanted a refusal saying '%s', got '%s'", fen, reason, start_refusal(fen));
	if (fen_parse(&pos, fen, 0, err, sizeof err) != 0)
		fail_msg("fen_parse refused '%s': %s", fen, err);
}

static void assert_reachable(const char *fen)
{
	if (start_refusal(fen)[0])
		fail_msg("'%s' refused: %s", fen, start_refusal(fen));
}

static void test_material_beyond_promotions(void **state)
{
	(void)state;
	assert_unreachable("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns; a side has at most 8");
	/* Two extra queens need two promoted pawns; only one is missing. */
	assert_unreachable("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1",
			   "white has 3 queens: 2 more than the initial set, but only promoted pawns can be extra "
			   "pieces and 1 of its pawns is missing");
	assert_unreachable("nnnrkrr1/ppppppp1/8/8/8/8/8/4K3 w - - 0 1", "black has 3 rooks, 3 knights: 2 more");
	assert_unreachable("qqqqkqqq/qqq5/8/8/8/8/PP6/K7 w - - 0 1", "black has 10 queens: 9 more");
	/* Exactly as many extras as missing pawns. */
	assert_reachable("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1");
	assert_reachable("qqqqkqqq/qq6/8/8/8/8/PP6/K7 w - - 0 1");
	assert_reachable("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	/* Two light-squared bishops: a promotion, not an impossibility. */
	assert_reachable("4k3/8/8/8/8/8/PPPPPPP1/2B1KB2 w - - 0 1");
}

static void test_en_passant_needs_a_double_step(void **state)
{
	(void)state;
	assert_unreachable("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2",
			   "en passant square d6 but no black pawn on d5 that could just have made a double step");
	assert_unreachable("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "no white pawn on e4");
	assert_unreachable("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2",
			   "en passant square d6 but d7 is occupied: the pawn on d5 cannot just have come from d7");
	assert_unreachable("4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", "e3 is occupied");
	assert_reachable("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
	assert_reachable("7k/8/8/8/4pP2/8/8/4K3 b - f3 0 1");
	/* No capturer: the square is still what the double step left behind. */
	assert_reachable("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

static void test_checks_one_move_cannot_give(void **state)
{
	(void)state;
	assert_unreachable("4k3/8/8/2n5/r3K3/8/8/7b w - - 0 1", "white is in check from 3 pieces");
	assert_unreachable("4k3/8/8/2n5/4K3/2n5/8/8 w - - 0 1", "white is in check from c3 and c5 at once");
	assert_unreachable("4k3/8/8/3p4/4K3/2n5/8/8 w - - 0 1", "white is in check from c3 and d5 at once");
	/* A perft-suite position: the bishops on a8 and h1 both hit f3. */
	assert_unreachable("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
			   "black is in check from h1 and a8 on opposite sides of the king");
	/* Discovered double check: the knight left e5 and uncovered the rook. */
	assert_reachable("4r2k/8/8/8/8/5n2/8/4K3 w - - 0 1");
	/* After d7-d5: the check must come from the pawn or from the line it opened. */
	assert_unreachable("4k3/8/8/3pP3/8/8/8/4K2r w - d6 0 2",
			   "white is in check from h1, which the double step to d5 neither gave nor uncovered");
	assert_unreachable("8/8/8/3pP3/4K2r/8/8/k7 w - d6 0 2",
			   "white is in double check, which the double step to d5 cannot have given");
	assert_reachable("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 2");
	assert_reachable("4k3/r6K/8/3pP3/8/8/8/8 w - d6 0 2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_epd_without_clocks),
		cmocka_unit_test(test_rejections),
		cmocka_unit_test(test_rejection_reasons_name_the_problem),
		cmocka_unit_test(test_chess960_castling_fields),
		cmocka_unit_test(test_chess960_castling_rejections),
		cmocka_unit_test(test_en_passant_written_only_when_legal),
		cmocka_unit_test(test_identity_castling_rights),
		cmocka_unit_test(test_identity_en_passant_and_side),
		cmocka_unit_test(test_repairs),
		cmocka_unit_test(test_material_beyond_promotions),
		cmocka_unit_test(test_en_passant_needs_a_double_step),
		cmocka_unit_test(test_checks_one_move_cannot_give),
	};

	attacks_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
