/*
 * audit_util.h - what the tests of the check passes share: auditing one
 * game given as text, through the real reader and replay.
 */
#ifndef PGNAUDIT_AUDIT_UTIL_H
#define PGNAUDIT_AUDIT_UTIL_H

#include <string.h>

#include "tests/test_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"

/* Reads the one game of `text` into g and audits it with a, replacing the
 * findings in out; the findings point into g's text until the next call.
 * The tests of the check passes run every case through the real reader and
 * replay this way. */
static inline void audit_one_game(const char *text, struct pgn_game *g, struct auditor *a,
				  struct finding_list *out)
{
	char err[200];
	struct input_stream *s = stream_open_memory(text, strlen(text));
	struct pgn_reader *r = pgn_reader_new(s);
	if (pgn_next_game(r, g, err, sizeof err) != 1)
		fail_msg("no game in the test text: %s", text);
	out->count = 0;
	audit_game(a, g, out, NULL, NULL);
	pgn_reader_free(r);
	stream_close(s);
}

/* How many findings of a code the list holds. */
static inline int count_code(const struct finding_list *list, enum check_code code)
{
	int n = 0;
	for (int i = 0; i < list->count; i++)
		n += list->items[i].code == code;
	return n;
}

#endif
