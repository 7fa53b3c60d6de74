/*
 * test_fuzz_regressions.c - the inputs the fuzz targets (tests/fuzz/) found
 * trouble with, run again through the same code paths.
 *
 * Every file in testdata/fuzz/ (but its README) goes through the whole check
 * pipeline - reader, audit under both rules editions, each finding rendered
 * as text, JSON Lines and CSV - once with normal reads and once for every
 * short-read size from 1 to 7 bytes.  Each read must give the games and the
 * read status the table below records for the file, and every finding must
 * carry a catalogue code and a message.  A file without a table entry fails
 * the test, so that a new regression input comes with what it must give.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/test_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "reports/report.h"
#include "validator/audit/audit.h"
#include "validator/audit/lang.h"

#define FUZZ_DIR "testdata/fuzz"

struct expected {
	const char *file;
	int games;      /* games read before the end or the read error */
	int status;     /* what the last pgn_next_game returned: 0 or -1 */
};

static const struct expected expectations[] = {
	/* Found by fuzz_reader: a gzip stream whose CRC is wrong.  With
	 * normal reads the whole member inflated in one read and the error
	 * threw those bytes away (0 games); with short reads the 3 games came
	 * out before the error. */
	{ "gzip-bad-crc.pgn.gz", 3, -1 },
	/* Found by fuzz_reader: a line of junk, then the gzip data stops.
	 * The reader dropped the bytes that came in the same refill as the
	 * error, so the junk made a game with some read sizes and not with
	 * others. */
	{ "gzip-truncated-junk.pgn.gz", 1, -1 },
	/* Found by fuzz_reader, made small by hand: 40 games gzipped, the
	 * last deflate byte and the trailer cut off.  When the input ran out
	 * while inflate still held the rest of a match for a short read, the
	 * stream said "truncated" without handing it out: 35 games with some
	 * read sizes, 40 with others. */
	{ "gzip-truncated-in-match.pgn.gz", 40, -1 },
	/* Found by fuzz_reader when igzip replaced zlib: a match reaching
	 * before the start of the data.  igzip put out 18 bytes of its
	 * uninitialised buffer before the error with whole reads (zlib stops
	 * at the match); the stream now throws away what the failing call
	 * put out, so no game is read, whatever the read sizes. */
	{ "gzip-bad-distance.pgn.gz", 0, -1 },
	/* Found by fuzz_check: a first game whose only line is a broken tag
	 * pair, so it has no tokens and no token array yet.  The English
	 * replay added 0 to that null pointer (UBSan, under make sanitize). */
	{ "first-game-no-tokens.pgn", 1, 0 },
	/* Found by fuzz_reader the day streams began to refuse UTF-16 and
	 * UTF-32: "E" and seven NULs, which the first version took for
	 * UTF-32LE (no game, a read error) while the target's pieces, read
	 * without a stream, gave a game.  Four bytes were too few to tell:
	 * the stream now wants 16, all ASCII where the characters go, and
	 * reads this damaged file as it is. */
	{ "utf32le-looking-text.pgn", 2, 0 },
};

static const struct expected *expected_for(const char *file)
{
	for (size_t i = 0; i < sizeof expectations / sizeof expectations[0]; i++)
		if (strcmp(expectations[i].file, file) == 0)
			return &expectations[i];
	return NULL;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("%s: cannot open", path);
	size_t cap = 1 << 16, n = 0;
	char *data = malloc(cap);
	assert_non_null(data);
	size_t got;
	while ((got = fread(data + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			char *bigger = realloc(data, cap);
			if (!bigger)
				free(data);
			assert_non_null(bigger);
			data = bigger;
		}
	}
	fclose(f);
	*len = n;
	return data;
}

static void check_findings(const char *file, const struct pgn_game *g, int index, const struct finding_list *findings,
			   struct report *reports)
{
	struct game_label label = {
		file, index, pgn_tag_value(g, "White"), pgn_tag_value(g, "Black"),
		pgn_tag_value(g, "Event"), pgn_tag_value(g, "Round"), pgn_tag_value(g, "Date"),
	};
	for (int i = 0; i < findings->count; i++) {
		const struct finding *f = &findings->items[i];
		assert_true((unsigned)f->code < CHECK_COUNT);
		if (f->message[0] == '\0')
			fail_msg("%s: game %d: a %s finding without a message", file, index,
				 check_catalogue[f->code].code);
		for (int k = 0; k < 3; k++) {
			size_t before = reports[k].buf.len;
			report_finding(&reports[k], &label, f);
			assert_true(reports[k].buf.len > before);
		}
	}
}

/* Reads and audits every game; returns the games read, the status in *status. */
static int run_pipeline(const char *file, const char *data, size_t len, size_t chunk, int *status)
{
	static const enum report_format formats[3] = { REPORT_TEXT, REPORT_JSONL, REPORT_CSV };
	struct report reports[3];
	memset(reports, 0, sizeof reports);
	for (int k = 0; k < 3; k++) {
		reports[k].format = formats[k];
		report_begin(&reports[k]);
	}
	/* 2023 as check runs by default plus --recover; 2005 as --lang=en. */
	struct audit_options fide2023 = { .rules = RULES_FIDE2023, .langs = LANG_AUTO, .recover = 1 };
	struct audit_options fide2005 = { .rules = RULES_FIDE2005 };
	struct auditor auditors[2];
	auditor_init(&auditors[0], &fide2023);
	auditor_init(&auditors[1], &fide2005);
	struct finding_list findings = { NULL, 0, 0 };

	char err[256];
	struct input_stream *s = stream_open_memory(data, len);
	assert_non_null(s);
	stream_set_chunk_limit(s, chunk);
	struct pgn_reader *r = pgn_reader_new(s);
	struct pgn_game g;
	pgn_game_init(&g);
	int games = 0, got;
	while ((got = pgn_next_game(r, &g, err, sizeof err)) == 1) {
		games++;
		for (int a = 0; a < 2; a++) {
			findings.count = 0;
			audit_game(&auditors[a], &g, &findings, NULL, NULL);
			check_findings(file, &g, games, &findings, reports);
		}
	}
	if (got < 0 && err[0] == '\0')
		fail_msg("%s: a read error without a reason", file);
	*status = got;

	pgn_game_free(&g);
	pgn_reader_free(r);
	stream_close(s);
	finding_list_free(&findings);
	auditor_free(&auditors[0]);
	auditor_free(&auditors[1]);
	for (int k = 0; k < 3; k++)
		report_free(&reports[k]);
	return games;
}

static void test_every_fuzz_input(void **state)
{
	(void)state;
	DIR *dir = opendir(FUZZ_DIR);
	if (!dir)
		fail_msg("%s: cannot open (run the tests from the top of the repository)", FUZZ_DIR);
	int files = 0;
	struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0)
			continue;
		const struct expected *want = expected_for(e->d_name);
		if (!want)
			fail_msg("%s/%s has no entry in the table of tests/test_fuzz_regressions.c", FUZZ_DIR,
				 e->d_name);
		char path[512];
		snprintf(path, sizeof path, "%s/%s", FUZZ_DIR, e->d_name);
		size_t len;
		char *data = slurp(path, &len);
		for (size_t chunk = 0; chunk <= 7; chunk++) {
			int status, games = run_pipeline(e->d_name, data, len, chunk, &status);
			if (games != want->games || status != want->status)
				fail_msg("%s with reads of at most %zu bytes (0: any): %d games and status %d, not %d and %d",
					 path, chunk, games, status, want->games, want->status);
		}
		free(data);
		files++;
	}
	closedir(dir);
	assert_int_equal(files, (int)(sizeof expectations / sizeof expectations[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_fuzz_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
