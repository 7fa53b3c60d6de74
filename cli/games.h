/*
 * games.h - the loop of every command that reads games: open each input,
 * read its games one by one and hand each to the command, stop when the
 * output can no longer be written, and say what went wrong (a file that
 * cannot be opened, a read error after game N).
 *
 * The command gives callbacks: on_game for each game, and optionally
 * on_begin before an input is opened and on_end once it was read to its
 * end.  A command that copies input bytes (fix, split) gives a raw
 * window: it is reset for each input and fed every byte read (the stream
 * tap, raw_window.h), and the callbacks find it in game_input.  check -j N
 * reads through its own pipeline (check.h) instead.
 */
#ifndef PGNAUDIT_GAMES_H
#define PGNAUDIT_GAMES_H

#include <stdio.h>

#include "parser/pgn.h"
#include "parser/raw_window.h"

/* The input being read, as the callbacks see it. */
struct game_input {
	const char *path;          /* as given: "-" for standard input */
	const char *shown;         /* its name in messages: input_name(path) */
	struct raw_window *window; /* the loop's window, or NULL */
	int games;                 /* games read from it so far, this one included */
};

/* What a callback returns: read on; stop reading, this input and the
 * others (the command says why later, as when its output failed); or fail
 * this input after saying why. */
enum { GAMES_GO_ON = 0, GAMES_STOP = 1, GAMES_FAILED = -1 };

struct game_loop {
	int (*on_begin)(void *ctx, struct game_input *in); /* may be NULL */
	int (*on_game)(void *ctx, struct game_input *in, const struct pgn_game *g);
	int (*on_end)(void *ctx, struct game_input *in);   /* may be NULL */
	void *ctx;
	FILE *out;                 /* reading stops once writing to it failed (output_failed); may be NULL */
	struct raw_window *window; /* may be NULL */
	struct pgn_game *game;     /* the buffer each game is read into */
	int stopped;               /* a callback said GAMES_STOP: no further game or input is read */
	int opened;                /* the input games_read_file was last given could be opened */
};

/* Reads one input.  on_end is called only when it was read to its end and
 * no callback failed.  Returns 0, or -1 when it could not be opened or
 * read whole, or a callback failed (the message is out). */
int games_read_file(struct game_loop *loop, const char *path);

/* Reads the inputs in turn, until the output fails or a callback stops;
 * an input that fails does not keep the next from being read.  Returns 0,
 * or -1 when any failed. */
int games_read_files(struct game_loop *loop, char **files, int count);

#endif
