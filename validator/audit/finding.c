/*
 * finding.c - the catalogue of checks and the finding list.
 */
#include "validator/audit/finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

const struct check_info check_catalogue[CHECK_COUNT] = {
	[CHECK_SYNTAX] = { .code = "syntax", .severity = SEVERITY_ERROR, .summary = "a token or structure that PGN does not allow",
			   .also = { { SEVERITY_WARNING, "a move in a variation that cannot be read" },
				     { SEVERITY_INFO, "a variation nested too deep to be replayed" } } },
	[CHECK_UNTERMINATED_COMMENT] = { .code = "unterminated-comment", .severity = SEVERITY_ERROR, .summary = "{ without } before the end of the game" },
	[CHECK_UNBALANCED_VARIATION] = { .code = "unbalanced-variation", .severity = SEVERITY_ERROR, .summary = "( and ) do not pair" },
	[CHECK_MISSING_RESULT] = { .code = "missing-result", .severity = SEVERITY_WARNING, .summary = "movetext with no game termination marker" },
	[CHECK_MOVE_NUMBER] = { .code = "move-number", .severity = SEVERITY_WARNING, .summary = "a move number that does not match the ply it stands before" },
	[CHECK_ENCODING] = { .code = "encoding", .severity = SEVERITY_WARNING, .summary = "bytes that are not valid UTF-8 (read as Latin-1)" },
	[CHECK_UNSUPPORTED_VARIANT] = { .code = "unsupported-variant", .severity = SEVERITY_INFO, .summary = "a variant other than chess or Chess960; not replayed" },
	[CHECK_MISSING_TAG] = { .code = "missing-tag", .severity = SEVERITY_WARNING, .summary = "one of the Seven Tag Roster is absent" },
	[CHECK_TAG_FORMAT] = { .code = "tag-format", .severity = SEVERITY_WARNING, .summary = "a tag value not in the standard's form" },
	[CHECK_DUPLICATE_TAG] = { .code = "duplicate-tag", .severity = SEVERITY_WARNING, .summary = "the same tag twice in one game" },
	[CHECK_RESULT_MISMATCH] = { .code = "result-mismatch", .severity = SEVERITY_ERROR, .summary = "the Result tag disagrees with the termination marker" },
	[CHECK_BAD_FEN] = { .code = "bad-fen", .severity = SEVERITY_ERROR, .summary = "a FEN tag that is malformed or cannot arise",
			    .also = { { SEVERITY_WARNING, "when the one fault is a fullmove number of 0" } } },
	[CHECK_PLYCOUNT_MISMATCH] = { .code = "plycount-mismatch", .severity = SEVERITY_WARNING, .summary = "the PlyCount tag differs from the plies of the main line" },
	[CHECK_ILLEGAL_MOVE] = { .code = "illegal-move", .severity = SEVERITY_ERROR, .summary = "no legal move matches what is written",
				 .also = { { SEVERITY_WARNING, "in a variation: an annotator's move, not the game's" } } },
	[CHECK_AMBIGUOUS_MOVE] = { .code = "ambiguous-move", .severity = SEVERITY_ERROR, .summary = "two or more legal moves match what is written",
				   .also = { { SEVERITY_WARNING, "in a variation: an annotator's move, not the game's" } } },
	[CHECK_MOVE_AFTER_END] = { .code = "move-after-end", .severity = SEVERITY_ERROR, .summary = "moves recorded after the game was over",
				   .also = { { SEVERITY_WARNING, "after a dead position, whose draw they cannot change" } } },
	[CHECK_REPEATED_ILLEGAL_MOVE] = { .code = "repeated-illegal-move", .severity = SEVERITY_WARNING, .summary = "a player's second illegal move that stood (third before 2014): it loses in standard play" },
	[CHECK_KING_LEFT_IN_CHECK] = { .code = "king-left-in-check", .severity = SEVERITY_INFO, .summary = "a reply that leaves alone a king an illegal move that stood left in check" },
	[CHECK_KING_CAPTURED] = { .code = "king-captured", .severity = SEVERITY_ERROR, .summary = "a move that takes the king an illegal move that stood left in check",
				 .also = { { SEVERITY_WARNING, "in a variation (after a null move in check, say)" } } },
	[CHECK_BOARD_SIGNAL] = { .code = "board-signal", .severity = SEVERITY_WARNING, .summary = "the last moves put both kings on centre squares: an electronic board's signal of the result, not moves" },
	[CHECK_REDUNDANT_DISAMBIGUATION] = { .code = "redundant-disambiguation", .severity = SEVERITY_WARNING, .summary = "an origin file or rank the move does not need" },
	[CHECK_CAPTURE_MARK] = { .code = "capture-mark", .severity = SEVERITY_WARNING, .summary = "x missing on a capture, or present on a non-capture" },
	[CHECK_CHECK_MARK] = { .code = "check-mark", .severity = SEVERITY_WARNING, .summary = "+ missing on a check, or present on a move that does not check" },
	[CHECK_MATE_MARK] = { .code = "mate-mark", .severity = SEVERITY_WARNING, .summary = "# missing on a mate, or on a move that does not mate" },
	[CHECK_CASTLING_NOTATION] = { .code = "castling-notation", .severity = SEVERITY_WARNING, .summary = "castling not written O-O / O-O-O" },
	[CHECK_NONSTANDARD_NOTATION] = { .code = "nonstandard-notation", .severity = SEVERITY_INFO, .summary = "legal, but not export SAN; annotation signs written as text (+=, N)" },
	[CHECK_WRONG_RESULT] = { .code = "wrong-result", .severity = SEVERITY_ERROR, .summary = "the final position decides the game otherwise than the result",
				 .also = { { SEVERITY_WARNING, "when the result is * (unfinished)" } } },
	[CHECK_UNWINNABLE_TIMEOUT] = { .code = "unwinnable-timeout", .severity = SEVERITY_ERROR, .summary = "a win on time for a side that could not mate" },
	[CHECK_TERMINATION_MISMATCH] = { .code = "termination-mismatch", .severity = SEVERITY_WARNING, .summary = "a Termination tag that says another result than the game's, or a checkmate or stalemate the final position is not" },
	[CHECK_AUTOMATIC_DRAW] = { .code = "automatic-draw", .severity = SEVERITY_ERROR, .summary = "fivefold repetition or 75 moves ended the game (Laws since 2014)",
				   .also = { { SEVERITY_WARNING, "when play went on under a draw, or the result is * or none" },
				     { SEVERITY_INFO, "when the game rightly ended there drawn" } } },
	[CHECK_INVALID_CLAIM] = { .code = "invalid-claim", .severity = SEVERITY_ERROR, .summary = "a recorded draw claim the positions do not support" },
	[CHECK_MISSED_THREEFOLD] = { .code = "missed-threefold", .severity = SEVERITY_INFO, .summary = "a threefold repetition claim a player could have made" },
	[CHECK_MISSED_FIFTY_MOVE] = { .code = "missed-fifty-move", .severity = SEVERITY_INFO, .summary = "a fifty-move claim a player could have made" },
	[CHECK_CLOCK_FORMAT] = { .code = "clock-format", .severity = SEVERITY_WARNING, .summary = "a clock command ([%clk], [%emt]) whose time is not H:MM:SS, or not closed" },
	[CHECK_CLOCK_START] = { .code = "clock-start", .severity = SEVERITY_WARNING, .summary = "a first clock above what the TimeControl gives at the start (a tag in minutes, say)" },
	[CHECK_CLOCK_RISE] = { .code = "clock-rise", .severity = SEVERITY_WARNING, .summary = "a clock that gains more than the TimeControl's increments and periods explain (without one: any rate of play)" },
	[CHECK_CLOCK_EMT] = { .code = "clock-emt", .severity = SEVERITY_WARNING, .summary = "a move's [%emt] that disagrees with its player's clocks before and after it" },
	[CHECK_CLOCK_MISSING] = { .code = "clock-missing", .severity = SEVERITY_INFO, .summary = "moves without a clock in a game whose other moves have one" },
	[CHECK_CLOCK_FLAG] = { .code = "clock-flag", .severity = SEVERITY_WARNING, .summary = "a clock below zero, and play went on or the game was not lost on time" },
	[CHECK_FORFEIT_CLOCK] = { .code = "forfeit-clock", .severity = SEVERITY_WARNING, .summary = "a recorded loss on time that the clocks contradict" },
	[CHECK_GAME_IN_VARIATION] = { .code = "game-in-variation", .severity = SEVERITY_WARNING, .summary = "moves with clocks in a variation: the game's own, stored as a board's correction" },
	[CHECK_DUPLICATE_GAME] = { .code = "duplicate-game", .severity = SEVERITY_WARNING, .summary = "the same game again: its moves, players, event, round, date and result" },
	[CHECK_TWIN_GAME] = { .code = "twin-game", .severity = SEVERITY_WARNING, .summary = "the same moves by the same players under other headers (a name spelt otherwise, another event)" },
	[CHECK_TRUNCATED_GAME] = { .code = "truncated-game", .severity = SEVERITY_WARNING, .summary = "the first moves of another game of the same players and event: a copy cut short" },
	[CHECK_BOARD_COPY] = { .code = "board-copy", .severity = SEVERITY_WARNING, .summary = "the moves of another board's game in the same round, under other players" },
	[CHECK_PAIRED_TWICE] = { .code = "paired-twice", .severity = SEVERITY_WARNING, .summary = "a player against two opponents in one round" },
	[CHECK_SELF_PAIRED] = { .code = "self-paired", .severity = SEVERITY_WARNING, .summary = "a player paired against themself" },
	[CHECK_BOARD_TWICE] = { .code = "board-twice", .severity = SEVERITY_WARNING, .summary = "two different games on one board of one round" },
	[CHECK_DATE_OUTSIDE_EVENT] = { .code = "date-outside-event", .severity = SEVERITY_WARNING, .summary = "a game dated before its event began, or outside the dates of the rounds around it" },
	[CHECK_ROUND_GAP] = { .code = "round-gap", .severity = SEVERITY_INFO, .summary = "an event whose rounds skip a number" },
	[CHECK_NAME_VARIANT] = { .code = "name-variant", .severity = SEVERITY_WARNING, .summary = "one player's name written two ways in one event" },
	[CHECK_FIDE_ID_CONFLICT] = { .code = "fide-id-conflict", .severity = SEVERITY_WARNING, .summary = "one FIDE ID given to two different names" },
	[CHECK_UNMARKED_FORFEIT] = { .code = "unmarked-forfeit", .severity = SEVERITY_WARNING, .summary = "a decisive result without moves that does not say it was a forfeit" },
	[CHECK_UNPLAYED_WITH_MOVES] = { .code = "unplayed-with-moves", .severity = SEVERITY_WARNING, .summary = "a game with moves that says it was not played (unplayed, a bye, a default)" },
	[CHECK_UNFINISHED_IN_ROUND] = { .code = "unfinished-in-round", .severity = SEVERITY_WARNING, .summary = "a game without a result (*) in a round whose other games have one, before the event's last" },
	[CHECK_PAIRING_WITHOUT_GAME] = { .code = "pairing-without-game", .severity = SEVERITY_ERROR, .summary = "a game the tournament report says was played, not among the games" },
	[CHECK_GAME_WITHOUT_PAIRING] = { .code = "game-without-pairing", .severity = SEVERITY_ERROR, .summary = "a game of the event the tournament report has no pairing for" },
	[CHECK_PAIRING_MISMATCH] = { .code = "pairing-mismatch", .severity = SEVERITY_ERROR, .summary = "a game whose colours or result differ from the tournament report's" },
	[CHECK_FORFEIT_WITH_GAME] = { .code = "forfeit-with-game", .severity = SEVERITY_ERROR, .summary = "a game for a pairing the tournament report gives as a forfeit or a bye" },
	[CHECK_PAIRING_NAME_MISMATCH] = { .code = "pairing-name-mismatch", .severity = SEVERITY_WARNING, .summary = "a player's name or FIDE ID that differs from the tournament report's" },
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
