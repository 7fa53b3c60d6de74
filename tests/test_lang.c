/*
 * test_lang.c - the notation tables (validator/audit/lang.c), the choice of a
 * reading per game (audit.c) and the round trip: real games written in
 * every notation replay to the same positions as in English.
 *
 * The round trip writes the games with its own copy of the letters below,
 * so that a wrong entry in lang.c's table is caught rather than mirrored.
 */
#include <stdio.h>
#include <string.h>

#include "tests/audit_util.h"
#include "validator/chess/bitboard.h"
#include "validator/audit/lang.h"
#include "validator/chess/notation.h"

static struct pgn_game game;
static struct finding_list findings;

static void audit_with(const char *text, unsigned langs, int recover, struct auditor *a)
{
	struct audit_options opt = { .rules = RULES_FIDE2023, .langs = langs, .recover = recover };
	auditor_free(a);
	auditor_init(a, &opt);
	audit_one_game(text, &game, a, &findings);
}

static const struct finding *find_code(enum check_code code)
{
	for (int i = 0; i < findings.count; i++)
		if (findings.items[i].code == code)
			return &findings.items[i];
	return NULL;
}

static void expect_english(enum lang l, const char *text, const char *english)
{
	char out[4][SAN_TEXT_MAX];
	int n = lang_to_english(l, text, strlen(text), out, 4);
	if (n < 1)
		fail_msg("%s: '%s' has no reading", lang_name(l), text);
	for (int i = 0; i < n; i++)
		if (strcmp(out[i], english) == 0)
			return;
	fail_msg("%s: '%s' reads as '%s', not '%s'", lang_name(l), text, out[0], english);
}

static void expect_no_reading(enum lang l, const char *text)
{
	char out[4][SAN_TEXT_MAX];
	assert_int_equal(lang_to_english(l, text, strlen(text), out, 4), 0);
}

static void test_tables(void **state)
{
	(void)state;
	expect_english(LANG_DE, "Sf3", "Nf3");
	expect_english(LANG_DE, "Lxb5+", "Bxb5+");
	expect_english(LANG_DE, "e8D", "e8Q");
	expect_english(LANG_DE, "Tfe1", "Rfe1");
	expect_english(LANG_FR, "Rg1", "Kg1");
	expect_english(LANG_FR, "Fc4", "Bc4");
	expect_english(LANG_FR, "Cxe5", "Nxe5");
	expect_english(LANG_ES, "Axc6", "Bxc6");
	expect_english(LANG_IT, "Dd1", "Qd1");
	expect_english(LANG_NL, "Pc3", "Nc3");
	expect_english(LANG_NL, "Lb5", "Bb5");
	expect_english(LANG_RU, "Крf1", "Kf1");
	expect_english(LANG_RU, "Кf3", "Nf3");
	expect_english(LANG_RU, "Сb5", "Bb5");
	expect_english(LANG_RU, "Л:d8", "R:d8");
	expect_english(LANG_RU, "Фdс4", "Qdc4"); /* a Cyrillic с typed for the file c */
	expect_english(LANG_AR, "حو٣", "Nf3");
	expect_english(LANG_AR, "هـ٤", "e4");
	expect_english(LANG_AR, "\xe2\x80\x8fفب٥\xe2\x80\x8f", "Bb5"); /* right-to-left marks around it */
	expect_english(LANG_AR, "طxهـ١", "Rxe1");
	expect_english(LANG_AR, "ح×د٢", "Nxd2");
	expect_english(LANG_AR, "١٢.هـ٤", "e4"); /* a move number against its move */
	expect_english(LANG_FA, "۱۲.اf3", "Nf3");
	expect_english(LANG_FA, "اf3", "Nf3");
	expect_english(LANG_FA, "شg۱", "Kg1");
	expect_english(LANG_FA, "وd۸", "Qd8");
	expect_english(LANG_FIGURINE, "♘f3", "Nf3");
	expect_english(LANG_FIGURINE, "♞f3", "Nf3"); /* either colour for either side */
	expect_english(LANG_FIGURINE, "e8♕", "e8Q");
	/* و is the queen and the f-file: both spellings, legality decides. */
	expect_english(LANG_AR, "وهـ٤", "Qe4");
	expect_english(LANG_AR, "وهـ٤", "fe4");
	/* Letters a notation does not have are not read at all. */
	expect_no_reading(LANG_DE, "Nf3");
	expect_no_reading(LANG_FR, "Sf3");
	expect_no_reading(LANG_RU, "Nf3");
	expect_no_reading(LANG_AR, "Nf3");
	expect_no_reading(LANG_FIGURINE, "Sf3");
	/* English is the token itself. */
	expect_english(LANG_EN, "Sf3", "Sf3");
}

static void test_parse_list(void **state)
{
	(void)state;
	unsigned mask;
	char err[160];
	assert_int_equal(lang_parse_list("auto", &mask, err, sizeof err), 0);
	assert_int_equal(mask, LANG_AUTO);
	assert_int_equal(lang_parse_list("en,de,ar", &mask, err, sizeof err), 0);
	assert_int_equal(mask, LANG_MASK(LANG_EN) | LANG_MASK(LANG_DE) | LANG_MASK(LANG_AR));
	/* auto anywhere in a list. */
	assert_int_equal(lang_parse_list("auto,de", &mask, err, sizeof err), 0);
	assert_int_equal(mask, LANG_AUTO);
	assert_int_equal(lang_parse_list("de,auto", &mask, err, sizeof err), 0);
	assert_int_equal(mask, LANG_AUTO);
	assert_int_equal(lang_parse_list("en,klingon", &mask, err, sizeof err), -1);
	assert_non_null(strstr(err, "'klingon' is not a notation"));
	assert_int_equal(lang_parse_list("", &mask, err, sizeof err), -1);
}

static void test_fillers(void **state)
{
	(void)state;
	assert_true(lang_is_filler("١٢.", strlen("١٢.")));
	assert_true(lang_is_filler("۱۲", strlen("۱۲")));
	assert_true(lang_is_filler("\xe2\x80\x8f", 3));
	/* Every invisible mark at both ends of its range: U+200B, U+200F,
	 * U+202A, U+202E, U+2066, U+2069, U+061C, the tatweel, the BOM.  As
	 * bytes, not string literals: bidirectional controls in a literal are
	 * what clang-tidy's misc-misleading-bidirectional reports. */
	static const unsigned char marks[][4] = { { 0xe2, 0x80, 0x8b }, { 0xe2, 0x80, 0x8f }, { 0xe2, 0x80, 0xaa },
						  { 0xe2, 0x80, 0xae }, { 0xe2, 0x81, 0xa6 }, { 0xe2, 0x81, 0xa9 },
						  { 0xd8, 0x9c }, { 0xd9, 0x80 }, { 0xef, 0xbb, 0xbf } };
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		assert_true(lang_is_filler((const char *)marks[i], strlen((const char *)marks[i])));
	/* ... and just outside it: U+200A, U+2010, U+2065, U+206A are no fillers. */
	static const unsigned char not_marks[][4] = { { 0xe2, 0x80, 0x8a }, { 0xe2, 0x80, 0x90 }, { 0xe2, 0x81, 0xa5 },
						      { 0xe2, 0x81, 0xaa } };
	for (size_t i = 0; i < sizeof not_marks / sizeof not_marks[0]; i++)
		assert_false(lang_is_filler((const char *)not_marks[i], strlen((const char *)not_marks[i])));
	assert_true(lang_is_filler("\xe2\x80\x8f١٢.\xe2\x80\x8f", 11));
	assert_false(lang_is_filler("هـ٤", strlen("هـ٤")));
	assert_false(lang_is_filler("١٢.e4", strlen("١٢.e4")));
	/* English never skips them: under --lang=en they stay syntax findings. */
	struct auditor a = { 0 };
	struct audit_options opt = { .rules = RULES_FIDE2023, .langs = LANG_ENGLISH_ONLY };
	auditor_init(&a, &opt);
	audit_one_game("١. e4 e5 *", &game, &a, &findings);
	assert_int_equal(a.record.stop, STOP_UNREADABLE);
	assert_int_equal(a.record.count, 0);
	auditor_free(&a);
}

/* The final position of the record, as FEN. */
static void final_fen(const struct auditor *a, char *fen)
{
	fen_write(record_position(&a->record, a->record.count), fen);
}

static void test_english_stays_english(void **state)
{
	(void)state;
	struct auditor a = { 0 };
	/* R, K and B mean other pieces elsewhere; the game replays in English. */
	audit_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Kh8 *",
		   LANG_AUTO, 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_int_equal(a.record.reading, LANG_EN);
	assert_int_equal(a.record.count, 18);
	assert_null(find_code(CHECK_NONSTANDARD_NOTATION));
	char fen[FEN_MAX];
	final_fen(&a, fen);
	assert_string_equal(fen, "r1bq1r1k/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 w - - 1 10");
	auditor_free(&a);
}

static void test_french_king_by_legality(void **state)
{
	(void)state;
	struct auditor a = { 0 };
	/* English R is a rook, which cannot reach e2; French R is the king. */
	audit_with("1. e4 e5 2. Re2 Re7 *", LANG_AUTO, 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_int_equal(a.record.reading, LANG_FR);
	const struct finding *f = find_code(CHECK_NONSTANDARD_NOTATION);
	assert_non_null(f);
	assert_int_equal(f->severity, SEVERITY_INFO);
	assert_non_null(strstr(f->message, "French"));
	assert_string_equal(f->suggestion, "Ke2");
	assert_string_equal(f->rule, "FIDE C.3");
	assert_string_equal(audit_chosen_reading(&a), "French");
	char fen[FEN_MAX];
	final_fen(&a, fen);
	assert_string_equal(fen, "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3");
	auditor_free(&a);
}

static void test_told_notation_national_only_at_the_last_move(void **state)
{
	(void)state;
	struct auditor a = { 0 };
	/* Told German, a game whose only national token is its last: the
	 * reading is still reported, at that move. */
	audit_with("1. e4 e5 2. Sf3 *", LANG_MASK(LANG_DE), 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_int_equal(a.record.count, 3);
	const struct finding *f = find_code(CHECK_NONSTANDARD_NOTATION);
	assert_non_null(f);
	assert_int_equal(f->ply, 3);
	assert_non_null(strstr(f->message, "German"));
	assert_string_equal(f->suggestion, "Nf3");
	/* Nothing to report when every token is English as well. */
	audit_with("1. e4 e5 2. d4 *", LANG_MASK(LANG_DE), 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_null(find_code(CHECK_NONSTANDARD_NOTATION));
	auditor_free(&a);
}

static void test_two_readings_are_ambiguous(void **state)
{
	(void)state;
	struct auditor a = { 0 };
	/* Pc6: the pawn c7-c6 in French, the knight b8-c6 in Dutch; both
	 * replay the whole game.  Reported, not guessed. */
	audit_with("1. e4 e5 2. Dh5 Pc6 *", LANG_AUTO, 0, &a);
	assert_int_equal(a.record.stop, STOP_AMBIGUOUS);
	assert_int_equal(a.record.count, 3);
	const struct finding *f = find_code(CHECK_AMBIGUOUS_MOVE);
	assert_non_null(f);
	assert_int_equal(f->ply, 4);
	assert_non_null(strstr(f->message, "French"));
	assert_non_null(strstr(f->message, "Dutch"));
	assert_string_equal(f->suggestion, "c6 or Nc6");
	/* Told which notation, it reads the game. */
	audit_with("1. e4 e5 2. Dh5 Pc6 *", LANG_MASK(LANG_NL), 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_int_equal(MOVE_FROM(a.record.plies[3].move), 57); /* b8 */
	auditor_free(&a);
}

static void test_german_knight_never_a_pawn(void **state)
{
	(void)state;
	struct auditor a = { 0 };
	audit_with("1. e4 e5 2. Sf3 *", LANG_ENGLISH_ONLY, 0, &a);
	assert_int_equal(a.record.stop, STOP_UNREADABLE);
	assert_int_equal(a.record.count, 2);
	assert_non_null(find_code(CHECK_SYNTAX));
	audit_with("1. e4 e5 2. Sf3 *", LANG_AUTO, 0, &a);
	assert_int_equal(a.record.stop, STOP_NONE);
	assert_int_equal(a.record.reading, LANG_DE);
	assert_int_equal(MOVE_FROM(a.record.plies[2].move), 6);  /* g1 */
	assert_int_equal(MOVE_TO(a.record.plies[2].move), 21);   /* f3 */
	auditor_free(&a);
}

/* ---- the round trip ---- */

struct notation {
	enum lang lang;
	const char *pieces[6];  /* P N B R Q K, as this test writes them */
	const char *files;      /* NULL: a-h; else 8 space-separated letters */
	const char *digits;     /* NULL: 0-9; else 10 space-separated digits */
};

static const struct notation notations[] = {
	{ LANG_DE, { "", "S", "L", "T", "D", "K" }, NULL, NULL },
	{ LANG_FR, { "", "C", "F", "T", "D", "R" }, NULL, NULL },
	{ LANG_ES, { "", "C", "A", "T", "D", "R" }, NULL, NULL },
	{ LANG_IT, { "", "C", "A", "T", "D", "R" }, NULL, NULL },
	{ LANG_NL, { "", "P", "L", "T", "D", "K" }, NULL, NULL },
	{ LANG_RU, { "", "К", "С", "Л", "Ф", "Кр" }, NULL, NULL },
	{ LANG_AR, { "", "ح", "ف", "ط", "و", "م" }, "أ ب ج د هـ و ز ح", "٠ ١ ٢ ٣ ٤ ٥ ٦ ٧ ٨ ٩" },
	{ LANG_FA, { "", "ا", "ف", "ر", "و", "ش" }, NULL, "۰ ۱ ۲ ۳ ۴ ۵ ۶ ۷ ۸ ۹" },
	{ LANG_FIGURINE, { "", "♞", "♗", "♜", "♕", "♚" }, NULL, NULL },
};

/* The n-th space-separated word of list. */
static void word(const char *list, int n, char *buf)
{
	while (n-- > 0)
		list = strchr(list, ' ') + 1;
	const char *end = strchr(list, ' ');
	size_t len = end ? (size_t)(end - list) : strlen(list);
	memcpy(buf, list, len);
	buf[len] = '\0';
}

/* Writes an English SAN move in notation n. */
static void translate(const struct notation *n, const char *san, char *out, size_t len)
{
	static const char letters[] = "PNBRQK";
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = san; *p; p++) {
		char piece[16];
		const char *written = piece;
		const char *at = strchr(letters, *p);
		if (*p && at && *p != 'O') {
			written = n->pieces[at - letters];
		} else if (*p >= 'a' && *p <= 'h' && n->files) {
			word(n->files, *p - 'a', piece);
		} else if (*p >= '0' && *p <= '9' && n->digits) {
			word(n->digits, *p - '0', piece);
		} else {
			snprintf(piece, sizeof piece, "%c", *p);
		}
		used += (size_t)snprintf(out + used, len - used, "%s", written);
	}
}

static int same_letters(enum lang a, enum lang b)
{
	int group_a = a == LANG_ES || a == LANG_IT || a == LANG_FR ? 1 : a == LANG_NL || a == LANG_DE ? 2 : 0;
	int group_b = b == LANG_ES || b == LANG_IT || b == LANG_FR ? 1 : b == LANG_NL || b == LANG_DE ? 2 : 0;
	return a == b || (group_a && group_a == group_b);
}

static void test_round_trip(void **state)
{
	(void)state;
	char err[200];
	struct input_stream *s = stream_open("testdata/lang/roundtrip.pgn", err, sizeof err);
	assert_non_null(s);
	struct pgn_reader *r = pgn_reader_new(s);
	struct pgn_game original;
	pgn_game_init(&original);
	struct auditor english = { 0 }, other = { 0 };
	struct audit_options en_opt = { .rules = RULES_FIDE2023, .langs = LANG_ENGLISH_ONLY };
	auditor_init(&english, &en_opt);
	static char text[1 << 16];
	int games = 0, plies = 0;
	while (pgn_next_game(r, &original, err, sizeof err) == 1) {
		struct finding_list ignored = { 0 };
		audit_game(&english, &original, &ignored, NULL, NULL);
		finding_list_free(&ignored);
		assert_int_equal(english.record.stop, STOP_NONE);
		char want[FEN_MAX];
		final_fen(&english, want);
		for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++) {
			const struct notation *n = &notations[k];
			size_t used = 0;
			for (int ply = 1; ply <= english.record.count; ply++) {
				char san[SAN_MAX], national[96], number[16], shown[64] = "";
				const struct position *before = record_position(&english.record, ply - 1);
				move_to_san(before, english.record.plies[ply - 1].move, san);
				translate(n, san, national, sizeof national);
				if (ply % 2 == 1) { /* a two-column scoresheet: "12 Sf3 Sc6" */
					snprintf(number, sizeof number, "%d", (ply + 1) / 2);
					translate(n, number, shown, sizeof shown);
				}
				used += (size_t)snprintf(text + used, sizeof text - used, "%s%s%s%s", shown,
							 shown[0] ? " " : "", national, ply % 2 == 0 ? "\n" : " ");
			}
			audit_with(text, LANG_AUTO, 0, &other);
			char got[FEN_MAX];
			final_fen(&other, got);
			if (other.record.stop != STOP_NONE || strcmp(got, want) != 0)
				fail_msg("game %d in %s stops after ply %d of %d (%s):\n%.300s", games + 1,
					 lang_name(n->lang), other.record.count, english.record.count, got, text);
			/* Spanish and Italian share their letters, French differs from
			 * them in the bishop only, Dutch from German in the knight: a
			 * game that does not move that piece replays the same in each,
			 * and the first of them is named. */
			assert_true(same_letters((enum lang)other.record.reading, n->lang));
		}
		games++;
		plies += english.record.count;
	}
	assert_int_equal(games, 4);
	assert_true(plies > 300);
	auditor_free(&english);
	auditor_free(&other);
	pgn_game_free(&original);
	pgn_reader_free(r);
	stream_close(s);
}

static int setup(void **state)
{
	(void)state;
	attacks_init();
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_fillers),
		cmocka_unit_test(test_english_stays_english),
		cmocka_unit_test(test_french_king_by_legality),
		cmocka_unit_test(test_told_notation_national_only_at_the_last_move),
		cmocka_unit_test(test_two_readings_are_ambiguous),
		cmocka_unit_test(test_german_knight_never_a_pawn),
		cmocka_unit_test(test_round_trip),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
