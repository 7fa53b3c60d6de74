/*
 * progress.h - a line on standard error that says how far a long run has
 * got, when standard error is a terminal:
 *
 *   pgnaudit: 412.3 of 1032.5 MB (39%), 1,201,554 games, 187.2 MB/s
 *
 * It appears after two seconds and is redrawn twice a second by a thread
 * of its own, so the reading loops only count their games (an atomic
 * increment).  The bytes are those read from the input files, compressed
 * or not (parser/stream.h counts them); the total is the sum of the
 * inputs' sizes, left out when one of them has none (a pipe).  Output
 * written to the same terminal clears the line first (progress_hold).
 */
#ifndef PGNAUDIT_PROGRESS_H
#define PGNAUDIT_PROGRESS_H

#include <stdio.h>

/* Starts the line for reading these inputs (a list of cli.h's input
 * lists), unless `wanted` is 0 (--no-progress, -q), standard error is
 * not a terminal, or TERM is dumb. */
void progress_start(char **files, int count, int wanted);
/* One more game read. */
void progress_game(void);
/* Stops the thread and takes the line off the terminal. */
void progress_stop(void);
/* Around a write to a stream that may be the same terminal: the line is
 * taken off and not drawn again until progress_release. */
void progress_hold(void);
void progress_release(void);

#endif
