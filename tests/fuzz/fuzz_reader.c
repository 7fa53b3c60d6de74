/*
 * fuzz_reader.c - libFuzzer target for the PGN reader (parser/pgn.h).
 *
 * The input is a whole file (plain or gzip, recognised as stream_open does).
 * It is read twice: once with normal reads and once with reads of a few bytes
 * each, so that every token, escape line and CRLF can straddle a buffer
 * boundary.  Both reads must give the same games and the same end (also
 * before a read error in corrupt gzip data), and every game must keep
 * the promises of pgn.h: token texts inside the arena and NUL-terminated, a
 * result token only last, offsets in order.  Plain input is also read in
 * pieces, as check -j reads it (tests/pieces.h), cut at line starts and at
 * line starts that hold a '[' (about 32 cuts each): the games must be the same.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser/pgn.h"
#include "parser/stream.h"
#include "tests/pieces.h"

#define SUMMARY_MAX 4096

static void check_game(const struct pgn_game *g)
{
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->text >= g->arena_len || (size_t)t->text + t->length >= g->arena_len)
			abort();
		if (g->arena[t->text + t->length] != '\0')
			abort();
		if (t->type == TOKEN_RESULT && i != g->token_count - 1)
			abort();
		if (t->line == 0 || t->column == 0)
			abort();
	}
	for (int i = 0; i < g->tag_count; i++) {
		const struct pgn_tag *tag = &g->tags[i];
		if (tag->name >= g->arena_len || (size_t)tag->value + tag->value_length >= g->arena_len)
			abort();
		if (g->arena[tag->value + tag->value_length] != '\0')
			abort();
	}
	for (int i = 0; i < g->problem_count; i++)
		if (memchr(g->problems[i].message, '\0', sizeof g->problems[i].message) == NULL
		    || g->problems[i].message[0] == '\0')
			abort();
	if (g->start_offset > g->end_offset)
		abort();
}

/* Reads every game of data; returns how many, summaries in out. */
static int read_all(const uint8_t *data, size_t size, size_t chunk, struct game_summary *out)
{
	char err[256];
	struct input_stream *s = stream_open_memory(data, size);
	if (chunk)
		stream_set_chunk_limit(s, chunk);
	struct pgn_reader *r = pgn_reader_new(s);
	struct pgn_game g;
	pgn_game_init(&g);
	int n = 0, got;
	uint64_t last_end = 0;
	while ((got = pgn_next_game(r, &g, err, sizeof err)) == 1) {
		check_game(&g);
		if (g.start_offset < last_end)
			abort();
		last_end = g.end_offset;
		if (n < SUMMARY_MAX)
			summarise(&g, &out[n]);
		n++;
	}
	if (got < 0) {
		if (err[0] == '\0')
			abort();
		n = -1 - n; /* a read error (corrupt gzip) after n games */
	}
	pgn_game_free(&g);
	pgn_reader_free(r);
	stream_close(s);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct game_summary whole[SUMMARY_MAX], chunked[SUMMARY_MAX];
	int n = read_all(data, size, 0, whole);
	int m = read_all(data, size, 1 + size % 7, chunked);
	if (n != m)
		abort();
	int failed = n < 0;
	if (n < 0)
		n = -1 - n;
	for (int i = 0; i < n && i < SUMMARY_MAX; i++)
		if (memcmp(&whole[i], &chunked[i], sizeof whole[i]) != 0)
			abort();
	/* Pieces are text in memory, read without a stream: not gzip, and not
	 * text the stream refuses (UTF-16 or UTF-32, the only way plain text
	 * fails to read; -j N then reads the file as a stream too). */
	if (failed || (size >= 2 && data[0] == 0x1f && data[1] == 0x8b))
		return 0;
	/* About 32 pieces at most: every restart rereads the unfinished game, so
	 * cutting a long game at every line would be quadratic. */
	unsigned starts[2] = { 0, 0 };
	for (size_t i = 1; i < size; i++)
		for (int mode = 0; mode < 2; mode++)
			starts[mode] += (unsigned)piece_may_start(data, size, i, mode);
	/* Cut at any line start, copied; before a `[`, lexed in place. */
	for (int mode = 0; mode < 2; mode++) {
		int k = read_in_pieces(data, size, mode, 1 + starts[mode] / 32, mode, chunked, SUMMARY_MAX);
		if (k >= 0 && k != n)
			abort();
		for (int i = 0; k >= 0 && i < n && i < SUMMARY_MAX; i++)
			if (memcmp(&whole[i], &chunked[i], sizeof whole[i]) != 0)
				abort();
	}
	return 0;
}
