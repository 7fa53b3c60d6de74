/*
 * finding.c - the catalogue of checks and the finding list.
 */
#include "validator/audit/finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

const struct check_info check_catalogue[CHECK_COUNT] = {
	[CHECK_SYNTAX] = { "syntax", SEVERITY_ERROR, "a token or structure that PGN does not allow" },
	[CHECK_UNTERMINATED_COMMENT] = { "unterminated-comment", SEVERITY_ERROR, "{ without } before the end of the game" },
	[CHECK_UNBALANCED_VARIATION] = { "unbalanced-variation", SEVERITY_ERROR, "( and ) do not pair" },
	[CHECK_MISSING_RESULT] = { "missing-result", SEVERITY_WARNING, "movetext with no game termination marker" },
	[CHECK_MOVE_NUMBER] = { "move-number", SEVERITY_WARNING, "a move number that does not match the ply it stands before" },
	[CHECK_ENCODING] = { "encoding", SEVERITY_WARNING, "bytes that are not valid UTF-8 (read as Latin-1)" },
	[CHECK_UNSUPPORTED_VARIANT] = { "unsupported-variant", SEVERITY_INFO, "a variant other than chess or Chess960; not replayed" },
	[CHECK_MISSING_TAG] = { "missing-tag", SEVERITY_WARNING, "one of the Seven Tag Roster is absent" },
	[CHECK_TAG_FORMAT] = { "tag-format", SEVERITY_WARNING, "a tag value not in the standard's form" },
	[CHECK_DUPLICATE_TAG] = { "duplicate-tag", SEVERITY_WARNING, "the same tag twice in one game" },
	[CHECK_RESULT_MISMATCH] = { "result-mismatch", SEVERITY_ERROR, "the Result tag disagrees with the termination marker" },
	[CHECK_BAD_FEN] = { "bad-fen", SEVERITY_ERROR, "a FEN tag that is malformed or cannot arise",
			    { { SEVERITY_WARNING, "when the one fault is a fullmove number of 0" } } },
	[CHECK_PLYCOUNT_MISMATCH] = { "plycount-mismatch", SEVERITY_WARNING, "the PlyCount tag differs from the plies of the main line" },
	[CHECK_ILLEGAL_MOVE] = { "illegal-move", SEVERITY_ERROR, "no legal move matches what is written" },
	[CHECK_AMBIGUOUS_MOVE] = { "ambiguous-move", SEVERITY_ERROR, "two or more legal moves match what is written" },
	[CHECK_MOVE_AFTER_END] = { "move-after-end", SEVERITY_ERROR, "moves recorded after the game was over",
				   { { SEVERITY_WARNING, "after a dead position, whose draw they cannot change" } } },
	[CHECK_REDUNDANT_DISAMBIGUATION] = { "redundant-disambiguation", SEVERITY_WARNING, "an origin file or rank the move does not need" },
	[CHECK_CAPTURE_MARK] = { "capture-mark", SEVERITY_WARNING, "x missing on a capture, or present on a non-capture" },
	[CHECK_CHECK_MARK] = { "check-mark", SEVERITY_WARNING, "+ missing on a check, or present on a move that does not check" },
	[CHECK_MATE_MARK] = { "mate-mark", SEVERITY_WARNING, "# missing on a mate, or on a move that does not mate" },
	[CHECK_CASTLING_NOTATION] = { "castling-notation", SEVERITY_WARNING, "castling not written O-O / O-O-O" },
	[CHECK_NONSTANDARD_NOTATION] = { "nonstandard-notation", SEVERITY_INFO, "legal, but not export SAN; annotation signs written as text (+=, N)" },
	[CHECK_WRONG_RESULT] = { "wrong-result", SEVERITY_ERROR, "the final position decides the game otherwise than the result",
				 { { SEVERITY_WARNING, "when the result is * (unfinished)" } } },
	[CHECK_UNWINNABLE_TIMEOUT] = { "unwinnable-timeout", SEVERITY_ERROR, "a win on time for a side that could not mate" },
	[CHECK_AUTOMATIC_DRAW] = { "automatic-draw", SEVERITY_ERROR, "fivefold repetition or 75 moves ended the game (Laws since 2014)",
				   { { SEVERITY_WARNING, "when play went on under a draw, or the result is * or none" },
				     { SEVERITY_INFO, "when the game rightly ended there drawn" } } },
	[CHECK_INVALID_CLAIM] = { "invalid-claim", SEVERITY_ERROR, "a recorded draw claim the positions do not support" },
	[CHECK_MISSED_THREEFOLD] = { "missed-threefold", SEVERITY_INFO, "a threefold repetition claim a player could have made" },
	[CHECK_MISSED_FIFTY_MOVE] = { "missed-fifty-move", SEVERITY_INFO, "a fifty-move claim a player could have made" },
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
		struct finding *items = xrealloc(list->items, (size_t)cap * sizeof *items);
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
