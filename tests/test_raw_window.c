/*
 * test_raw_window.c - the stream tap and the window of raw bytes behind
 * `fix` and `split` (parser/raw_window.c): the games' ranges
 * [start_offset, end_offset) and the text between them, taken from the
 * window as the reader goes, must put the input back together byte for
 * byte, whatever the read sizes, for plain and gzip input; and the window
 * must not grow with the file.
 */
#include "tests/test_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "parser/pgn.h"
#include "parser/raw_window.h"
#include "parser/stream.h"

/* A BOM, escape lines, a game without a result (it owns the blanks after
 * it), CRLF lines, a comment before a game's tags, a damaged game, and a
 * comment alone at the end, which makes no game. */
static const char awkward[] = "\xEF\xBB\xBF% escape line\n\n"
			      "[Event \"one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\n"
			      "[Event \"two\"]\n\n1. d4 d5 2. c4\n\n"
			      "[Event \"three\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {open comment\r\n"
			      "{before four} [Event \"four\"]\n1. Nf3 ( 1. e4 ) 1... d5 $1 *\n"
			      "%more\n   \n{the end}\n";

struct pieces {
	unsigned char *data;
	size_t len;
	int games;
	int spills;   /* games copied while some of the window was in its spill file */
};

static void append(struct pieces *p, const unsigned char *bytes, size_t n)
{
	p->data = realloc(p->data, p->len + n + 1);
	assert_non_null(p->data);
	memcpy(p->data + p->len, bytes, n);
	p->len += n;
}

/* Copies [from, to) out of the window with raw_window_write, checking it
 * byte by byte with raw_window_at, backwards (the way fix looks for the
 * blank line that ends a game). */
static void take(struct raw_window *w, uint64_t from, uint64_t to, struct pieces *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	assert_non_null(fp);
	assert_int_equal(raw_window_write(w, from, to, fp), 0);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(len, (size_t)(to - from));
	for (uint64_t i = to; i > from; i--)
		assert_int_equal(raw_window_at(w, i - 1), (unsigned char)text[i - 1 - from]);
	append(out, (const unsigned char *)text, len);
	free(text);
}

/* Reads every game of the stream and collects, from the window, the text
 * before each game and the game, then the text after the last one.  With a
 * memory_limit, the window keeps at most that much in memory and the rest
 * in its spill file. */
static void reassemble_within(struct input_stream *s, size_t chunk, size_t memory_limit, struct pieces *out)
{
	struct raw_window w;
	struct pgn_game g;
	char err[200];
	uint64_t copied = 0;
	raw_window_init(&w);
	if (memory_limit)
		w.memory_limit = memory_limit;
	pgn_game_init(&g);
	stream_set_tap(s, raw_window_tap, &w);
	stream_set_chunk_limit(s, chunk);
	struct pgn_reader *r = pgn_reader_new(s);
	memset(out, 0, sizeof *out);
	int got;
	while ((got = pgn_next_game(r, &g, err, sizeof err)) == 1) {
		assert_true(g.start_offset >= copied);
		assert_true(g.end_offset >= g.start_offset);
		assert_true(w.len <= w.memory_limit);
		if (memory_limit == 0) {
			const unsigned char *bytes = raw_window_get(&w, copied, g.end_offset);
			assert_non_null(bytes);
			append(out, bytes, (size_t)(g.end_offset - copied));
		} else {
			if (w.spilled > 0)
				out->spills++;
			take(&w, copied, g.end_offset, out);
		}
		raw_window_drop(&w, g.end_offset);
		/* What was dropped is gone. */
		if (g.end_offset > 0) {
			assert_null(raw_window_get(&w, g.end_offset - 1, g.end_offset));
			assert_int_equal(raw_window_at(&w, g.end_offset - 1), -1);
		}
		copied = g.end_offset;
		out->games++;
	}
	assert_int_equal(got, 0);
	assert_int_equal(w.error, 0);
	take(&w, copied, raw_window_end(&w), out);
	/* Nothing past what was read. */
	assert_null(raw_window_get(&w, copied, raw_window_end(&w) + 1));
	assert_int_equal(raw_window_write(&w, copied, raw_window_end(&w) + 1, stdout), -1);
	pgn_reader_free(r);
	pgn_game_free(&g);
	raw_window_free(&w);
}

static void reassemble(struct input_stream *s, size_t chunk, struct pieces *out)
{
	reassemble_within(s, chunk, 0, out);
}

static unsigned char *gzip(const void *data, size_t len, size_t *out_len)
{
	unsigned char *out = malloc(len + 1024);
	z_stream z;
	assert_non_null(out);
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)(len + 1024);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	*out_len = z.total_out;
	deflateEnd(&z);
	return out;
}

static void test_pieces_make_the_input(void **state)
{
	(void)state;
	size_t len = sizeof awkward - 1;
	for (size_t chunk = 0; chunk <= 9; chunk++) {
		struct pieces p;
		struct input_stream *s = stream_open_memory(awkward, len);
		reassemble(s, chunk, &p);
		stream_close(s);
		assert_int_equal(p.games, 4);
		assert_int_equal(p.len, len);
		assert_memory_equal(p.data, awkward, len);
		free(p.data);
	}
}

static void test_gzip_pieces_are_the_decompressed_bytes(void **state)
{
	(void)state;
	size_t len = sizeof awkward - 1, zlen;
	unsigned char *z = gzip(awkward, len, &zlen);
	for (size_t chunk = 0; chunk <= 5; chunk++) {
		struct pieces p;
		struct input_stream *s = stream_open_memory(z, zlen);
		reassemble(s, chunk, &p);
		stream_close(s);
		assert_int_equal(p.len, len);
		assert_memory_equal(p.data, awkward, len);
		free(p.data);
	}
	free(z);
}

static void test_no_games(void **state)
{
	(void)state;
	static const char text[] = "% only an escape line\n\n{and a comment}\n";
	struct pieces p;
	struct input_stream *s = stream_open_memory(text, sizeof text - 1);
	reassemble(s, 0, &p);
	stream_close(s);
	assert_int_equal(p.games, 0);
	assert_int_equal(p.len, sizeof text - 1);
	assert_memory_equal(p.data, text, sizeof text - 1);
	free(p.data);
	s = stream_open_memory("", 0);
	reassemble(s, 0, &p);
	stream_close(s);
	assert_int_equal(p.len, 0);
	free(p.data);
}

/* 20,000 games (about 1.2 MB): the window never holds much more than the
 * reader's read-ahead, however long the file. */
static void test_window_does_not_grow_with_the_file(void **state)
{
	(void)state;
	static const char game[] = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
	size_t n = 20000, len = n * (sizeof game - 1);
	char *text = malloc(len);
	assert_non_null(text);
	for (size_t i = 0; i < n; i++)
		memcpy(text + i * (sizeof game - 1), game, sizeof game - 1);
	struct raw_window w;
	struct pgn_game g;
	char err[200];
	raw_window_init(&w);
	pgn_game_init(&g);
	struct input_stream *s = stream_open_memory(text, len);
	stream_set_tap(s, raw_window_tap, &w);
	struct pgn_reader *r = pgn_reader_new(s);
	size_t games = 0, most = 0;
	while (pgn_next_game(r, &g, err, sizeof err) == 1) {
		assert_non_null(raw_window_get(&w, g.start_offset, g.end_offset));
		raw_window_drop(&w, g.end_offset);
		if (w.cap > most)
			most = w.cap;
		games++;
	}
	assert_int_equal(games, n);
	assert_true(len > 1000000);
	assert_true(most <= 1u << 20);
	pgn_reader_free(r);
	stream_close(s);
	pgn_game_free(&g);
	raw_window_free(&w);
	free(text);
}

/* A window of a few bytes of memory: every game goes through the spill
 * file, and still comes out byte for byte, read in any chunk size. */
static void test_spilled_pieces_make_the_input(void **state)
{
	(void)state;
	size_t len = sizeof awkward - 1;
	for (size_t limit = 1; limit <= 49; limit += 8) {
		for (size_t chunk = 0; chunk <= 7; chunk += 7) {
			struct pieces p;
			struct input_stream *s = stream_open_memory(awkward, len);
			reassemble_within(s, chunk, limit, &p);
			stream_close(s);
			assert_int_equal(p.games, 4);
			assert_true(p.spills > 0);
			assert_int_equal(p.len, len);
			assert_memory_equal(p.data, awkward, len);
			free(p.data);
		}
	}
}

/* Games larger than memory, one after another: the spill file is emptied or
 * compacted as games are dropped, so it never holds much more than twice
 * what is kept, however many games went through it. */
static void test_spill_file_does_not_grow_with_the_file(void **state)
{
	(void)state;
	struct raw_window w;
	unsigned char block[1000];
	raw_window_init(&w);
	w.memory_limit = 1500;
	memset(block, 'x', sizeof block);
	uint64_t kept_from = 0;
	for (int i = 0; i < 2000; i++) {
		raw_window_tap(&w, block, sizeof block);
		/* Drop all but the last 2,500 bytes, as a caller that has
		 * copied out one game while the next is being read. */
		if (raw_window_end(&w) > 2500)
			kept_from = raw_window_end(&w) - 2500;
		raw_window_drop(&w, kept_from);
		assert_true(raw_window_has(&w, kept_from, raw_window_end(&w)));
		if (w.spill_fd >= 0) {
			struct stat st;
			assert_int_equal(fstat(w.spill_fd, &st), 0);
			assert_true((uint64_t)st.st_size <= 2 * w.spilled + 2 * sizeof block);
		}
	}
	assert_true(w.spill_fd >= 0);
	assert_int_equal(raw_window_at(&w, raw_window_end(&w) - 2500), 'x');
	assert_int_equal(w.error, 0);
	raw_window_free(&w);
}

/* No room for the spill file: the window says its bytes are lost, and why,
 * rather than handing back a game with a hole in it. */
static void test_spill_failure_is_reported(void **state)
{
	(void)state;
	struct raw_window w;
	const char *old = getenv("TMPDIR");
	char *saved = old ? strdup(old) : NULL;
	setenv("TMPDIR", "/nonexistent-pgnaudit-test-dir", 1);
	raw_window_init(&w);
	w.memory_limit = 10;
	raw_window_tap(&w, "0123456789", 10);
	assert_true(raw_window_has(&w, 0, 10));
	raw_window_tap(&w, "abc", 3);
	assert_int_equal(w.error, ENOENT);
	assert_false(raw_window_has(&w, 0, 10));
	assert_int_equal(raw_window_at(&w, 0), -1);
	assert_int_equal(raw_window_write(&w, 0, 1, stdout), -1);
	raw_window_free(&w);
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pieces_make_the_input),
		cmocka_unit_test(test_gzip_pieces_are_the_decompressed_bytes),
		cmocka_unit_test(test_no_games),
		cmocka_unit_test(test_window_does_not_grow_with_the_file),
		cmocka_unit_test(test_spilled_pieces_make_the_input),
		cmocka_unit_test(test_spill_file_does_not_grow_with_the_file),
		cmocka_unit_test(test_spill_failure_is_reported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
