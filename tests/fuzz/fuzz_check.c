/*
 * fuzz_check.c - libFuzzer target for the whole `check` pipeline.
 *
 * The input is a file; every game is read, audited (both rules editions in
 * turn) and every finding rendered in text, JSON Lines and CSV into reports
 * that keep their bytes in memory (out = NULL), as cli/check.c's check_game
 * does.  A finding must carry a catalogue code and a message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser/pgn.h"
#include "parser/stream.h"
#include "reports/report.h"
#include "validator/audit/audit.h"
#include "validator/audit/lang.h"

static void render(struct report *reports, const struct pgn_game *g, int index, const struct finding_list *findings)
{
	struct game_label label = {
		"fuzz.pgn", index, pgn_tag_value(g, "White"), pgn_tag_value(g, "Black"),
		pgn_tag_value(g, "Event"), pgn_tag_value(g, "Round"), pgn_tag_value(g, "Date"),
	};
	for (int i = 0; i < findings->count; i++) {
		const struct finding *f = &findings->items[i];
		if ((unsigned)f->code >= CHECK_COUNT || f->message[0] == '\0'
		    || memchr(f->message, '\0', sizeof f->message) == NULL
		    || memchr(f->fen, '\0', sizeof f->fen) == NULL)
			abort();
		for (int k = 0; k < 3; k++)
			report_finding(&reports[k], &label, f);
	}
	for (int k = 0; k < 3; k++)
		reports[k].buf.len = 0; /* what a worker's batch does once written */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum report_format formats[3] = { REPORT_TEXT, REPORT_JSONL, REPORT_CSV };
	struct report reports[3];
	memset(reports, 0, sizeof reports);
	for (int k = 0; k < 3; k++) {
		reports[k].format = formats[k];
		reports[k].color = k == 0 && size % 2;
		report_begin(&reports[k]);
	}
	struct auditor auditors[2];
	/* 2023 as check runs by default plus --recover; 2005 as --lang=en. */
	struct audit_options fide2023 = { .rules = RULES_FIDE2023, .langs = LANG_AUTO, .recover = 1 };
	struct audit_options fide2005 = { .rules = RULES_FIDE2005 };
	auditor_init(&auditors[0], &fide2023);
	auditor_init(&auditors[1], &fide2005);
	struct finding_list findings = { NULL, 0, 0 };

	char err[256];
	struct input_stream *s = stream_open_memory(data, size);
	struct pgn_reader *r = pgn_reader_new(s);
	struct pgn_game g;
	pgn_game_init(&g);
	int index = 0;
	while (pgn_next_game(r, &g, err, sizeof err) == 1) {
		index++;
		for (int a = 0; a < 2; a++) {
			findings.count = 0;
			audit_game(&auditors[a], &g, &findings, NULL, NULL);
			render(reports, &g, index, &findings);
		}
	}
	pgn_game_free(&g);
	pgn_reader_free(r);
	stream_close(s);

	finding_list_free(&findings);
	auditor_free(&auditors[0]);
	auditor_free(&auditors[1]);
	for (int k = 0; k < 3; k++)
		report_free(&reports[k]);
	return 0;
}
