/*
 * test_compress.c - the compressed writer (parser/compress.c): what it
 * writes reads back as the bytes it was given, through the stream that
 * reads fix's inputs and, for gzip, through zlib (another inflater than
 * ISA-L's); whatever the sizes of the writes; and a sink that cannot be
 * written is an error of the write and of fclose, with its errno.
 *
 * tests/e2e_fixz.sh checks the files against the command-line tools.
 */
#include "tests/test_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "parser/compress.h"
#include "parser/stream.h"

static const enum stream_compression kinds[] = { STREAM_GZIP, STREAM_ZSTD, STREAM_BZIP2, STREAM_XZ };

/* n bytes of PGN-like text that compress, with a little noise in it so
 * that the data is not all one repeat (a fixed seed: the same every run). */
static unsigned char *pgn_like(size_t n)
{
	static const char game[] = "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
	unsigned char *b = malloc(n + 1);
	assert_non_null(b);
	unsigned seed = 12345;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		b[i] = (seed >> 16) % 50 == 0 ? (unsigned char)('a' + (seed >> 8) % 26) : (unsigned char)game[i % (sizeof game - 1)];
	}
	return b;
}

/* data written through compress_open in writes of at most `piece` bytes
 * (1: putc), into memory.  Returns the compressed bytes (*len of them). */
static char *compressed(enum stream_compression kind, const unsigned char *data, size_t n, size_t piece, size_t *len)
{
	char *bytes = NULL;
	FILE *sink = open_memstream(&bytes, len);
	assert_non_null(sink);
	FILE *fp = compress_open(sink, kind);
	assert_non_null(fp);
	for (size_t at = 0; at < n; at += piece) {
		size_t k = n - at < piece ? n - at : piece;
		if (piece == 1)
			assert_int_not_equal(putc(data[at], fp), EOF);
		else
			assert_int_equal(fwrite(data + at, 1, k, fp), k);
	}
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(fclose(sink), 0);
	return bytes;
}

/* The bytes the stream reads from len bytes in memory; their count in *n. */
static unsigned char *read_back(const char *bytes, size_t len, size_t *n)
{
	char err[256];
	struct input_stream *s = stream_open_memory(bytes, len);
	assert_non_null(s);
	size_t cap = 1 << 16;
	unsigned char *out = malloc(cap);
	assert_non_null(out);
	*n = 0;
	ssize_t got;
	do {
		if (cap - *n < 4096) {
			cap *= 2;
			unsigned char *grown = realloc(out, cap);
			assert_non_null(grown);
			out = grown;
		}
		got = stream_read(s, out + *n, cap - *n, err, sizeof err);
		if (got < 0)
			fail_msg("reading back: %s", err);
		*n += (size_t)got;
	} while (got > 0);
	stream_close(s);
	return out;
}

/* gzip data inflated by zlib, which must find it whole: one member, its
 * trailer checked. */
static unsigned char *zlib_inflated(const char *bytes, size_t len, size_t cap, size_t *n)
{
	unsigned char *out = malloc(cap + 1);
	assert_non_null(out);
	z_stream z;
	memset(&z, 0, sizeof z);
	assert_int_equal(inflateInit2(&z, 16 + MAX_WBITS), Z_OK);
	z.next_in = (unsigned char *)bytes; /* zlib only reads it */
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap + 1;
	assert_int_equal(inflate(&z, Z_FINISH), Z_STREAM_END);
	assert_int_equal(z.avail_in, 0);
	*n = z.total_out;
	inflateEnd(&z);
	return out;
}

static void test_round_trip(void **state)
{
	static const size_t sizes[] = { 0, 1, 1000, 200000, 1500000 };
	static const size_t pieces[] = { 1, 777, 1 << 20 };
	(void)state;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
				if (pieces[p] == 1 && sizes[i] > 200000)
					continue; /* a putc a byte: enough at the smaller sizes */
				size_t n = sizes[i], len, got;
				unsigned char *data = pgn_like(n);
				char *bytes = compressed(kinds[k], data, n, pieces[p], &len);
				assert_int_equal(stream_compression_of(bytes, len), kinds[k]);
				unsigned char *back = read_back(bytes, len, &got);
				assert_int_equal(got, n);
				assert_memory_equal(back, data, n);
				free(back);
				if (kinds[k] == STREAM_GZIP) {
					back = zlib_inflated(bytes, len, n, &got);
					assert_int_equal(got, n);
					assert_memory_equal(back, data, n);
					free(back);
				}
				if (n == 1500000)
					assert_true(len < n / 3); /* it compresses */
				free(bytes);
				free(data);
			}
		}
	}
}

/* /dev/full takes no byte (ENOSPC): the write that reaches it fails, the
 * FILE says so (the read loops stop on ferror), and fclose returns EOF with
 * ENOSPC, for the message. */
static void test_a_sink_that_fails(void **state)
{
	(void)state;
	unsigned char *data = pgn_like(1 << 20);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		FILE *sink = fopen("/dev/full", "w");
		assert_non_null(sink);
		assert_int_equal(setvbuf(sink, NULL, _IONBF, 0), 0);
		FILE *fp = compress_open(sink, kinds[k]);
		assert_non_null(fp);
		for (int i = 0; i < 8; i++)
			(void)fwrite(data, 1, 1 << 20, fp);
		(void)fflush(fp);
		errno = 0;
		int closed = fclose(fp);
		int error = errno;
		assert_int_equal(closed, EOF);
		assert_int_equal(error, ENOSPC);
		fclose(sink);
	}
	free(data);
}

/* Even the end of the data alone (a file with no games: the header and
 * the trailer) is an error when the sink cannot take it. */
static void test_the_end_alone_fails(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		FILE *sink = fopen("/dev/full", "w");
		assert_non_null(sink);
		assert_int_equal(setvbuf(sink, NULL, _IONBF, 0), 0);
		FILE *fp = compress_open(sink, kinds[k]);
		assert_non_null(fp);
		errno = 0;
		int closed = fclose(fp);
		int error = errno;
		assert_int_equal(closed, EOF);
		assert_int_equal(error, ENOSPC);
		fclose(sink);
	}
}

static void test_only_the_four_compressions(void **state)
{
	(void)state;
	static const enum stream_compression others[] = { STREAM_PLAIN, STREAM_ZIP, STREAM_7ZIP };
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		errno = 0;
		assert_null(compress_open(stdout, others[i]));
		assert_int_equal(errno, EINVAL);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_a_sink_that_fails),
		cmocka_unit_test(test_the_end_alone_fails),
		cmocka_unit_test(test_only_the_four_compressions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
