/*
 * test_recover.c - recording errors (validator/audit/recover.c) through the
 * replay, and what `fix --recover` reads back: the repaired plies of the
 * record and the note for each.
 */
#include <stdio.h>
#include <string.h>

#include "tests/audit_util.h"
#include "validator/chess/bitboard.h"
#include "validator/audit/lang.h"
#include "validator/audit/recover.h"

static struct pgn_game game;
static struct finding_list findings;
static struct auditor auditor;

/* A Ruy Lopez of 32 plies; each test writes one error into it. */
static const char *const played =
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 "
	"10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. Bg5 h6 16. Bd2 Bg7 *";

/* Audits the game in text, with --recover or without. */
static void audit_text(const char *text, int recover)
{
	struct audit_options opt = { .rules = RULES_FIDE2023, .langs = LANG_AUTO, .recover = recover };
	auditor_free(&auditor);
	auditor_init(&auditor, &opt);
	audit_one_game(text, &game, &auditor, &findings);
}

/* played with `from` replaced by `to`, audited. */
static void audit_changed(const char *from, const char *to, int recover)
{
	static char text[1024];
	const char *at = strstr(played, from);
	assert_non_null(at);
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - played), played, to, at + strlen(from));
	audit_text(text, recover);
}

static const struct finding *find_code(enum check_code code)
{
	for (int i = 0; i < findings.count; i++)
		if (findings.items[i].code == code)
			return &findings.items[i];
	return NULL;
}

static void test_without_recover_the_replay_stops(void **state)
{
	(void)state;
	audit_changed("6. Re1", "6. Be1", 0);
	assert_int_equal(auditor.record.stop, STOP_ILLEGAL);
	assert_int_equal(auditor.record.count, 10);
	assert_int_equal(auditor.record.repairs, 0);
	const struct finding *f = find_code(CHECK_ILLEGAL_MOVE);
	assert_non_null(f);
	assert_string_equal(f->suggestion, "");
}

static void test_piece_letter(void **state)
{
	(void)state;
	audit_changed("6. Re1", "6. Be1", 1);
	assert_int_equal(auditor.record.stop, STOP_NONE);
	assert_int_equal(auditor.record.count, 32);
	assert_int_equal(auditor.record.repairs, 1);
	assert_int_equal(auditor.record.plies[10].repair, REPAIR_PIECE);
	const struct finding *f = find_code(CHECK_ILLEGAL_MOVE);
	assert_non_null(f);
	assert_int_equal(f->ply, 11);
	assert_string_equal(f->suggestion, "Re1");
	assert_non_null(strstr(f->message, "a wrong piece letter"));
	char note[80];
	assert_int_equal(record_repair_note(&auditor.record, 11, note, sizeof note), 1);
	assert_string_equal(note, "6. Re1 recorded as Be1");
	assert_int_equal(record_repair_note(&auditor.record, 12, note, sizeof note), 0);
}

static void test_destination(void **state)
{
	(void)state;
	audit_changed("12. Bc2 Re8", "12. Bc2 Rf8", 1);
	assert_int_equal(auditor.record.stop, STOP_NONE);
	assert_int_equal(auditor.record.plies[23].repair, REPAIR_SQUARE);
	char note[80];
	record_repair_note(&auditor.record, 24, note, sizeof note);
	assert_string_equal(note, "12...Re8 recorded as Rf8");
	/* The repaired ply gets no notation finding of its own. */
	for (int i = 0; i < findings.count; i++)
		assert_true(findings.items[i].ply != 24 || findings.items[i].code == CHECK_ILLEGAL_MOVE);
}

static void test_skipped_ply_that_many_moves_explain(void **state)
{
	(void)state;
	/* 9. h3 left out: any quiet white move would do, so nothing is chosen. */
	audit_changed(" h3 Nb8 10.", " Nb8 10.", 1);
	assert_int_equal(auditor.record.stop, STOP_ILLEGAL);
	assert_int_equal(auditor.record.count, 16);
	assert_int_equal(auditor.record.repairs, 0);
	const struct finding *f = find_code(CHECK_ILLEGAL_MOVE);
	if (f == NULL)
		fail_msg("no illegal-move finding");
	assert_non_null(strstr(f->message, "recording errors would explain it"));
	assert_non_null(strstr(f->message, "and others"));
	assert_non_null(strstr(f->message, "a ply not recorded"));
	assert_non_null(strstr(f->suggestion, "h3 Nb8"));
}

static void test_swapped_plies(void **state)
{
	(void)state;
	audit_changed("14. Ng3 g6", "14. g6 Ng3", 1);
	assert_int_equal(auditor.record.stop, STOP_NONE);
	assert_int_equal(auditor.record.count, 32);
	assert_int_equal(auditor.record.plies[26].repair, REPAIR_SWAPPED);
	assert_int_equal(auditor.record.plies[27].repair, REPAIR_SWAPPED);
	char note[80];
	record_repair_note(&auditor.record, 27, note, sizeof note);
	assert_string_equal(note, "14. Ng3 recorded out of order");
}

static void test_search_directly(void **state)
{
	(void)state;
	/* recover_move() on its own: 1...Nf3 for Black is 1...Nf6 seen from
	 * the other side, and only that lets 2. Nc3 Nxe4 follow. */
	struct position pos;
	position_startpos(&pos);
	struct move_reading r;
	lang_read_move(LANG_EN, &pos, "e4", 2, &r);
	make_move(&pos, r.match.move);
	const struct written line[] = { { "e4", 2 }, { "Nf3", 3 }, { "Nc3", 3 }, { "Nxe4", 4 } };
	struct recovery found;
	assert_int_equal(recover_move(LANG_EN, &pos, line, 4, 1, &found), 1);
	assert_int_equal(found.found[0].kind, REPAIR_SIDE);
	char san[64];
	repair_san(&found.found[0], &pos, san, sizeof san);
	assert_string_equal(san, "Nf6");
}

/* Without --recover the only suggestion an illegal move gets is for a
 * pawn written on its last rank without a piece: the queen. */
static void audit_from(const char *fen, const char *movetext, int recover)
{
	static char text[512];
	snprintf(text, sizeof text, "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s *\n", fen, movetext);
	audit_text(text, recover);
}

static void test_promotion_without_a_piece(void **state)
{
	(void)state;
	static const struct {
		const char *fen, *movetext, *suggestion;
	} cases[] = {
		{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "1... a1", "a1=Q+" },
		{ "4k3/7P/8/8/8/8/8/4K3 w - - 0 1", "1. h8", "h8=Q+" },
		{ "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. axb8", "axb8=Q+" },
		/* In export SAN, whatever suffix was written. */
		{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "1... a1+", "a1=Q+" },
		{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "1... a1!?", "a1=Q+" },
		{ "4k3/8/8/8/8/8/p6K/8 b - - 0 1", "1... a1+", "a1=Q" },
		/* Illegal for another reason: nothing to suggest. */
		{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "1... a3", "" },
		{ "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "1. a1", "" },
		{ "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. h8", "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		audit_from(cases[i].fen, cases[i].movetext, 0);
		const struct finding *f = find_code(CHECK_ILLEGAL_MOVE);
		if (f == NULL)
			fail_msg("%s from %s: no illegal-move finding", cases[i].movetext, cases[i].fen);
		assert_string_equal(f->suggestion, cases[i].suggestion);
	}
}

/* A destination on a1 (square 0) is a square like any other: Ra1 for Rb1,
 * the file next to it, the only repair under which 2. Rb7+ follows. */
static void test_destination_on_a1(void **state)
{
	(void)state;
	audit_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra1 Kd7 2. Rb7+", 1);
	assert_int_equal(auditor.record.stop, STOP_NONE);
	assert_int_equal(auditor.record.plies[0].repair, REPAIR_SQUARE);
	const struct finding *f = find_code(CHECK_ILLEGAL_MOVE);
	assert_non_null(f);
	assert_string_equal(f->suggestion, "Rb1");
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
		cmocka_unit_test(test_without_recover_the_replay_stops),
		cmocka_unit_test(test_piece_letter),
		cmocka_unit_test(test_destination),
		cmocka_unit_test(test_skipped_ply_that_many_moves_explain),
		cmocka_unit_test(test_swapped_plies),
		cmocka_unit_test(test_search_directly),
		cmocka_unit_test(test_promotion_without_a_piece),
		cmocka_unit_test(test_destination_on_a1),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
