/*
 * cut.h - where to cut PGN text into pieces that can be read apart, for
 * `check -j N` (cli/pipeline.c).
 *
 * A cut is only a guess made from the bytes, without lexing them: a reader
 * of the piece before it tells whether it really ended between games
 * (pgn_reader_ended_between_games), and a wrong guess costs reading a game
 * again, never a different result.  So the guess may be wrong now and then,
 * but must be cheap, and should rarely be missing: a file with no cut for
 * megabytes is read by one thread.
 */
#ifndef PGNAUDIT_CUT_H
#define PGNAUDIT_CUT_H

#include <stddef.h>

/*
 * The last place in t[0, len) where a game seems to start, 0 when there is
 * none.  That is the start of a line that begins with `[` and a letter and
 * has before it (blank lines apart), or a place before it:
 *  - a line that ends with a result (1-0, 0-1, 1/2-1/2, *);
 *  - or lines of `;` comments after such a line: then the cut is before the
 *    comments, which a reader gives to the game that follows them (TCEC's
 *    archives end every game so);
 *  - or a line with a result before a `;` comment (`0-1 ; {...}`, as other
 *    TCEC archives have it): then the cut is inside that line, just after
 *    the result, since the comment goes with the next game;
 *  - or, when that line is `[Event `, a blank line: games whose result is
 *    followed by a comment on its line, or that have no result.
 */
size_t pgn_find_cut(const unsigned char *t, size_t len);

/* Where the line that t[n] is on starts: just after the last CR or LF in
 * t[0, n), or 0 when there is none (lines of movetext can be long: TCEC's
 * archives put a game on one line). */
size_t pgn_line_start(const unsigned char *t, size_t n);

#endif
