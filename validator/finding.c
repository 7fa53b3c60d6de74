/*
 * finding.c - the catalogue of checks and the finding list.
 */
#include "finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct check_info check_catalogue[CHECK_COUNT] = {
	[CHECK_SYNTAX] = { "syntax", SEVERITY_ERROR, "a token or structure that PGN does not allow" },
	[CHECK_UNTERMINATED_COMMENT] = { "unterminated-comment", SEVERITY_ERROR, "{ without } before the end of the game" },
	[CHECK_UNBALANCED_VARIATION] = { "unbalanced-variation", SEVERITY_ERROR, "( and ) do not pair" },
	[CHECK_MISSING_RESULT] = { "missing-result", SEVERITY_WARNING, "movetext with no game termination marker" },
	[CHECK_UNSUPPORTED_VARIANT] = { "unsupported-variant", SEVERITY_INFO, "a variant other than chess or Chess960; not replayed" },
	[CHECK_RESULT_MISMATCH] = { "result-mismatch", SEVERITY_ERROR, "the Result tag disagrees with the termination marker" },
	[CHECK_BAD_FEN] = { "bad-fen", SEVERITY_ERROR, "a FEN tag that is malformed or cannot arise" },
	[CHECK_ILLEGAL_MOVE] = { "illegal-move", SEVERITY_ERROR, "no legal move matches what is written" },
	[CHECK_AMBIGUOUS_MOVE] = { "ambiguous-move", SEVERITY_ERROR, "two or more legal moves match what is written" },
};

int check_code_from_name(const char *name, int len)
{
	for (int i = 0; i < CHECK_COUNT; i++) {
		const char *code = check_catalogue[i].code;
		if ((int)strlen(code) == len && memcmp(code, name, (size_t)len) == 0)
			return i;
	}
	return -1;
}

const char *severity_name(enum severity s)
{
	static const char *const names[] = { "error", "warning", "info" };
	return names[s];
}

struct finding *finding_add(struct finding_list *list, enum check_code code)
{
	if (list->count == list->cap) {
		int cap = list->cap ? list->cap * 2 : 16;
		struct finding *items = realloc(list->items, (size_t)cap * sizeof *items);
		if (!items) {
			fputs("pgnaudit: out of memory\n", stderr);
			exit(2);
		}
		list->items = items;
		list->cap = cap;
	}
	struct finding *f = &list->items[list->count++];
	memset(f, 0, sizeof *f);
	f->code = code;
	f->severity = check_catalogue[code].severity;
	f->side = -1;
	return f;
}

void finding_list_free(struct finding_list *list)
{
	free(list->items);
	list->items = NULL;
	list->count = list->cap = 0;
}
