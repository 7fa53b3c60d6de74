/*
 * pgn_export.h - a replayed game written out in PGN export format (PGN
 * standard 8.1 and 8.2).
 *
 * The tag pairs: the Seven Tag Roster first, in its order, then the other
 * tags in theirs.  The movetext: every main-line move in canonical SAN
 * (move_to_san) with its move number regenerated, comments, NAGs (a
 * traditional suffix such as `!?` as its NAG) and variations kept, lines
 * shorter than 80 columns; a variation move that replays is written in
 * canonical SAN too, and from the first one that does not, the rest of that
 * variation as it stood, move numbers included.  The moves are never
 * changed, only how they are written, so writing the output again changes
 * nothing.
 *
 * The writer replays nothing itself: the main line comes replayed
 * (audit_game's record), and the variations are walked by
 * validator/audit/variations.h as the writer reaches them.  `fix` writes
 * with it; so can any command that writes games.
 */
#ifndef PGNAUDIT_PGN_EXPORT_H
#define PGNAUDIT_PGN_EXPORT_H

#include <stdio.h>

#include "parser/pgn.h"
#include "validator/audit/record.h"

/* The writer's state for the lines of play open at every depth (about
 * 100 KB): one per command, reused from game to game. */
struct pgn_export;

/* NULL without memory. */
struct pgn_export *pgn_export_new(void);
void pgn_export_free(struct pgn_export *x);

/* The tag pairs of g, one a line: the Seven Tag Roster in its order (an
 * absent tag with its value for "unknown"), then the other tags in their
 * order.  A roster tag given twice keeps its first value in the roster and
 * the others among the rest, except Result, which is written once, as
 * `result`.  PlyCount, when present, is set to `plies`.  `values`, when not
 * NULL, has one entry per tag of g: a value to write instead of the tag's
 * own, or NULL; with add_setup, SetUp "1" is written before the FEN tag. */
void pgn_export_tags(FILE *out, const struct pgn_game *g, const char *result, int plies, const char *const *values,
		     int add_setup);

/* The movetext of g, ended by `result` and a newline.  rec is the replay of
 * its main line (audit_game()'s record, replayed to the end), ply_token[p]
 * the index in g->tokens of the token ply p + 1 was read from.  A ply that
 * --recover repaired is followed by the comment {pgnaudit: NOTE}
 * (record_repair_note()). */
void pgn_export_movetext(struct pgn_export *x, FILE *out, const struct pgn_game *g, const struct game_record *rec,
			 const int *ply_token, const char *result);

#endif
