/*
 * test_raw_window.c - the stream tap and the window of raw bytes behind
 * `fix` and `split` (parser/raw_window.c): the games' ranges
 * [start_offset, end_offset) and the text between them, taken from the
 * window as the reader goes, must put the input back together byte for
 * byte, whatever the read sizes, for plain and gzip input; and the window
 * must not grow with the file.
 */
#include "tests/test_util.h"

#include <stdlib.h>
#include <string.h>
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
};

static void append(struct pieces *p, const unsigned char *bytes, size_t n)
{
	p->data = realloc(p->data, p->len + n + 1);
	assert_non_null(p->data);
	memcpy(p->data + p->len, bytes, n);
	p->len += n;
}

/* Reads every game of the stream and collects, from the window, the text
 * before each game and the game, then the text after the last one. */
static void reassemble(struct input_stream *s, size_t chunk, struct pieces *out)
{
	struct raw_window w;
	struct pgn_game g;
	char err[200];
	uint64_t copied = 0;
	raw_window_init(&w);
	pgn_game_init(&g);
	stream_set_tap(s, raw_window_tap, &w);
	stream_set_chunk_limit(s, chunk);
	struct pgn_reader *r = pgn_reader_new(s);
	memset(out, 0, sizeof *out);
	int got;
	while ((got = pgn_next_game(r, &g, err, sizeof err)) == 1) {
		assert_true(g.start_offset >= copied);
		assert_true(g.end_offset >= g.start_offset);
		const unsigned char *bytes = raw_window_get(&w, copied, g.end_offset);
		assert_non_null(bytes);
		append(out, bytes, (size_t)(g.end_offset - copied));
		raw_window_drop(&w, g.end_offset);
		/* What was dropped is gone. */
		if (g.end_offset > 0)
			assert_null(raw_window_get(&w, g.end_offset - 1, g.end_offset));
		copied = g.end_offset;
		out->games++;
	}
	assert_int_equal(got, 0);
	const unsigned char *rest = raw_window_get(&w, copied, raw_window_end(&w));
	assert_non_null(rest);
	append(out, rest, (size_t)(raw_window_end(&w) - copied));
	/* Nothing past what was read. */
	assert_null(raw_window_get(&w, copied, raw_window_end(&w) + 1));
	pgn_reader_free(r);
	pgn_game_free(&g);
	raw_window_free(&w);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pieces_make_the_input),
		cmocka_unit_test(test_gzip_pieces_are_the_decompressed_bytes),
		cmocka_unit_test(test_no_games),
		cmocka_unit_test(test_window_does_not_grow_with_the_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
