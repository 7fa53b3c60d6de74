/*
 * games.c - opening the inputs, reading their games, handing each on
 * (games.h).
 */
#include "cli.h"
#include "games.h"
#include "parser/stream.h"

static int reading_stopped(const struct game_loop *loop)
{
	return loop->stopped || (loop->out && output_failed(loop->out));
}

/* What a callback returned, for the loop: -1 when it failed. */
static int outcome(struct game_loop *loop, int returned)
{
	if (returned == GAMES_STOP)
		loop->stopped = 1;
	return returned < 0 ? -1 : 0;
}

int games_read_file(struct game_loop *loop, const char *path)
{
	char err[256];
	struct game_input in = { path, input_name(path), loop->window, 0 };
	if (loop->on_begin && outcome(loop, loop->on_begin(loop->ctx, &in)) < 0)
		return -1;
	loop->opened = 0;
	struct input_stream *s = input_open(path);
	if (!s)
		return -1;
	loop->opened = 1;
	if (loop->window) {
		raw_window_reset(loop->window);
		stream_set_tap(s, raw_window_tap, loop->window);
	}
	struct pgn_reader *r = pgn_reader_new(s);
	int got = 0, status = 0;
	while (status == 0 && !reading_stopped(loop) && (got = pgn_next_game(r, loop->game, err, sizeof err)) == 1) {
		in.games++;
		status = outcome(loop, loop->on_game(loop->ctx, &in, loop->game));
	}
	if (got < 0) {
		warn_read_failed(in.shown, err, in.games);
		status = -1;
	}
	if (got == 0 && status == 0 && loop->on_end)
		status = outcome(loop, loop->on_end(loop->ctx, &in));
	pgn_reader_free(r);
	stream_close(s);
	return status;
}

int games_read_files(struct game_loop *loop, char **files, int count)
{
	int status = 0;
	for (int i = 0; i < count && !reading_stopped(loop); i++)
		if (games_read_file(loop, files[i]) < 0)
			status = -1;
	return status;
}
