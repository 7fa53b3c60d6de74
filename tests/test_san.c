/*
 * test_san.c - the move-token parser: every accepted form and every refusal.
 */
#include <string.h>

#include "tests/test_util.h"
#include "parser/san.h"

#define SQ(name) ((name)[0] - 'a' + ((name)[1] - '1') * 8)

static struct san parse_ok(const char *text)
{
	struct san s;
	char err[160];
	int rc = san_parse(text, strlen(text), &s, err, sizeof err);
	if (rc != 0)
		fail_msg("'%s' should parse, got: %s", text, err);
	return s;
}

static void parse_fails(const char *text, const char *reason_part)
{
	struct san s;
	char err[160];
	if (san_parse(text, strlen(text), &s, err, sizeof err) == 0)
		fail_msg("'%s' should be refused", text);
	if (!strstr(err, reason_part))
		fail_msg("'%s' refused with '%s', expected it to mention '%s'", text, err, reason_part);
}

static void test_pawn_moves(void **state)
{
	(void)state;
	struct san s = parse_ok("e4");
	assert_int_equal(s.kind, SAN_MOVE);
	assert_int_equal(s.piece, SAN_PAWN);
	assert_int_equal(s.to, SQ("e4"));
	assert_int_equal(s.from_file, -1);
	assert_int_equal(s.capture, 0);

	s = parse_ok("exd5");
	assert_int_equal(s.piece, SAN_PAWN);
	assert_int_equal(s.from_file, 4);
	assert_int_equal(s.capture, 1);
	assert_int_equal(s.to, SQ("d5"));

	s = parse_ok("ed5");
	assert_true(s.forms & FORM_PAWN_NO_X);
	assert_int_equal(s.capture, 0);

	s = parse_ok("e8=Q+");
	assert_int_equal(s.promotion, SAN_QUEEN);
	assert_int_equal(s.suffix, SUFFIX_CHECK);
	assert_false(s.forms & FORM_PROMO_NO_EQUALS);

	s = parse_ok("exd8N#");
	assert_int_equal(s.promotion, SAN_KNIGHT);
	assert_int_equal(s.suffix, SUFFIX_MATE);
	assert_true(s.forms & FORM_PROMO_NO_EQUALS);

	s = parse_ok("e8(R)");
	assert_int_equal(s.promotion, SAN_ROOK);

	s = parse_ok("exd6e.p.");
	assert_true(s.forms & FORM_EP_SUFFIX);
	assert_int_equal(s.to, SQ("d6"));

	s = parse_ok("exd6ep");
	assert_true(s.forms & FORM_EP_SUFFIX);
	assert_int_equal(s.to, SQ("d6"));

	s = parse_ok("e8=K");
	assert_int_equal(s.promotion, SAN_KING); /* parsed; the matcher refuses it */
}

static void test_piece_moves(void **state)
{
	(void)state;
	struct san s = parse_ok("Nf3");
	assert_int_equal(s.piece, SAN_KNIGHT);
	assert_int_equal(s.to, SQ("f3"));

	s = parse_ok("Nbd7");
	assert_int_equal(s.from_file, 1);
	assert_int_equal(s.from_rank, -1);

	s = parse_ok("R1e2");
	assert_int_equal(s.from_rank, 0);
	assert_int_equal(s.from_file, -1);

	s = parse_ok("Qh4xe1+");
	assert_int_equal(s.from_file, 7);
	assert_int_equal(s.from_rank, 3);
	assert_int_equal(s.capture, 1);

	s = parse_ok("Ng1-f3");
	assert_true(s.forms & FORM_LONG);
	assert_int_equal(s.from_file, 6);
	assert_int_equal(s.from_rank, 0);

	s = parse_ok("Nf3:e5");
	assert_true(s.forms & FORM_COLON_CAPTURE);

	s = parse_ok("nf3");
	assert_int_equal(s.piece, SAN_KNIGHT);
	assert_true(s.forms & FORM_LOWER_PIECE);

	s = parse_ok("bxc3"); /* the b-pawn, never a bishop */
	assert_int_equal(s.piece, SAN_PAWN);
	assert_int_equal(s.from_file, 1);

	s = parse_ok("Pe4");
	assert_int_equal(s.piece, SAN_PAWN);
	assert_true(s.forms & FORM_PAWN_LETTER);
}

static void test_long_and_uci(void **state)
{
	(void)state;
	struct san s = parse_ok("e2-e4");
	assert_int_equal(s.piece, SAN_ANY);
	assert_int_equal(s.from_file, 4);
	assert_int_equal(s.from_rank, 1);
	assert_true(s.forms & FORM_LONG);

	s = parse_ok("g1f3");
	assert_int_equal(s.piece, SAN_ANY);
	assert_true(s.forms & FORM_UCI);
	assert_int_equal(s.to, SQ("f3"));

	s = parse_ok("e7e8q");
	assert_int_equal(s.promotion, SAN_QUEEN);
	s = parse_ok("a7a8b");
	assert_int_equal(s.promotion, SAN_BISHOP);
	assert_int_equal(s.to, SQ("a8"));
}

static void test_castling_null_suffixes(void **state)
{
	(void)state;
	struct san s = parse_ok("O-O");
	assert_int_equal(s.kind, SAN_CASTLE_SHORT);
	s = parse_ok("O-O-O+");
	assert_int_equal(s.kind, SAN_CASTLE_LONG);
	assert_int_equal(s.suffix, SUFFIX_CHECK);
	s = parse_ok("0-0");
	assert_int_equal(s.kind, SAN_CASTLE_SHORT);
	assert_true(s.forms & FORM_ZERO_CASTLING);
	s = parse_ok("o-o-o");
	assert_true(s.forms & FORM_LOWER_CASTLING);
	s = parse_ok("--");
	assert_int_equal(s.kind, SAN_NULL);
	s = parse_ok("Qxf7++");
	assert_int_equal(s.suffix, SUFFIX_DOUBLE_PLUS);
	s = parse_ok("Nf3!?");
	assert_string_equal(s.glyph, "!?");
	assert_int_equal(s.to, SQ("f3"));
	s = parse_ok("Rxe8#??");
	assert_string_equal(s.glyph, "??");
	assert_int_equal(s.suffix, SUFFIX_MATE);
}

static void test_refusals(void **state)
{
	(void)state;
	parse_fails("Sf3", "not a piece letter");   /* German knight: never the pawn move f3 */
	parse_fails("Tae1", "not a piece letter");
	parse_fails("Xe4", "not a piece letter");
	parse_fails("Nf9", "destination");
	parse_fails("Ni3", "destination");
	parse_fails("xd5", "pawn capture");
	parse_fails("4e5", "rank");
	parse_fails("Nabcd4", "too many");
	parse_fails("Ne4=Q", "only a pawn");
	parse_fails("+", "not a move");
	parse_fails("e2-", "destination");
	parse_fails("N-f3", "full origin");
	parse_fails("\xd0\x9a\xd1\x80" "e2", "piece letter"); /* Russian Кр */
	parse_fails("hello", "destination");
	/* crazyhouse and bughouse drops are named as what they are */
	parse_fails("N@g4", "a drop");
	parse_fails("Q@f7#", "a drop");
	parse_fails("@g2+", "a drop");
	parse_fails("N@g9", "destination");
	parse_fails("Ng@4", "destination");
}

/* The common shapes (e4, Nf3, Nxf3, exd5, with marks) are read by a short
 * path; every field must be what the full grammar gives, and the shapes
 * next to them must still go to the grammar. */
static void assert_san(const char *text, int piece, int from_file, int to, int capture, int suffix)
{
	struct san s = parse_ok(text);
	assert_int_equal(s.kind, SAN_MOVE);
	assert_int_equal(s.piece, piece);
	assert_int_equal(s.from_file, from_file);
	assert_int_equal(s.from_rank, -1);
	assert_int_equal(s.to, to);
	assert_int_equal(s.promotion, -1);
	assert_int_equal(s.capture, capture);
	assert_int_equal(s.suffix, suffix);
	assert_int_equal(s.forms, 0);
}

static void test_common_shapes(void **state)
{
	(void)state;
	assert_san("h8", SAN_PAWN, -1, SQ("h8"), 0, SUFFIX_NONE);
	assert_san("a1+", SAN_PAWN, -1, SQ("a1"), 0, SUFFIX_CHECK);
	assert_san("Kxe2", SAN_KING, -1, SQ("e2"), 1, SUFFIX_NONE);
	assert_san("Qh4#", SAN_QUEEN, -1, SQ("h4"), 0, SUFFIX_MATE);
	assert_san("Bxc3!?", SAN_BISHOP, -1, SQ("c3"), 1, SUFFIX_NONE);
	assert_san("bxc3++", SAN_PAWN, 1, SQ("c3"), 1, SUFFIX_DOUBLE_PLUS);
	assert_san("hxg1", SAN_PAWN, 7, SQ("g1"), 1, SUFFIX_NONE);
	/* Near them, but for the grammar. */
	assert_true(parse_ok("Pe4").forms & FORM_PAWN_LETTER);
	assert_true(parse_ok("nf3").forms & FORM_LOWER_PIECE);
	assert_true(parse_ok("Nf3:e5").forms & FORM_COLON_CAPTURE);
	assert_int_equal(parse_ok("Nbd2").from_file, 1);
	assert_int_equal(parse_ok("e:d5").capture, 1);
	parse_fails("Xe4", "not a piece letter");
	parse_fails("e9", "no destination square");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pawn_moves),
		cmocka_unit_test(test_piece_moves),
		cmocka_unit_test(test_long_and_uci),
		cmocka_unit_test(test_castling_null_suffixes),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_common_shapes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
