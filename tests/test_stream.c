/*
 * test_stream.c - input streams (parser/stream.c): plain and gzip, from
 * files, standard input and memory, and the errors a user must see.
 *
 * Gzip data is made here with zlib, so the tests need no binary files; the
 * chunk limit puts the two-byte magic and the member boundaries across reads.
 */
#include "tests/test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "parser/stream.h"

static const char text_a[] = "[Event \"A\"]\n1. e4 e5 *\n";
static const char text_b[] = "[Event \"B\"]\n1. d4 d5 *\n";

struct bytes {
	unsigned char *data;
	size_t len;
};

static void append(struct bytes *b, const void *data, size_t len)
{
	b->data = realloc(b->data, b->len + len + 1);
	assert_non_null(b->data);
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = 0;
}

/* One gzip member holding data, compressed by zlib at level and strategy. */
static struct bytes gzip_member_as(const void *data, size_t len, int level, int strategy)
{
	struct bytes out = {malloc(len + 1024), 0};
	z_stream z;

	assert_non_null(out.data);
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, strategy), Z_OK);
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)len;
	z.next_out = out.data;
	z.avail_out = (uInt)(len + 1024);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	out.len = z.total_out;
	deflateEnd(&z);
	return out;
}

static struct bytes gzip_member(const void *data, size_t len)
{
	return gzip_member_as(data, len, 9, Z_DEFAULT_STRATEGY);
}

/* Everything the stream gives into *got (reset first), in reads of
 * `chunk` bytes (0: 4096); returns what the last read returned, 0 at the
 * end or -1 with the error in err.  The buffer grows by doubling: reads of
 * one byte would make growing by each read quadratic. */
static ssize_t read_into(struct input_stream *s, size_t chunk, struct bytes *got, char *err, size_t errlen)
{
	size_t cap = 4096;
	ssize_t n;

	free(got->data);
	got->data = malloc(cap);
	got->len = 0;
	assert_non_null(got->data);
	err[0] = 0;
	for (;;) {
		if (cap - got->len < 4096) {
			cap *= 2;
			got->data = realloc(got->data, cap);
			assert_non_null(got->data);
		}
		n = stream_read(s, got->data + got->len, chunk ? chunk : 4096, err, errlen);
		if (n <= 0)
			return n;
		got->len += (size_t)n;
	}
}

/* Everything the stream gives, or NULL with the error in err. */
static struct bytes *read_all(struct input_stream *s, size_t chunk, char *err, size_t errlen)
{
	static struct bytes got;

	return read_into(s, chunk, &got, err, errlen) < 0 ? NULL : &got;
}

static void expect_contents(struct input_stream *s, size_t chunk, const char *expected)
{
	char err[256];
	struct bytes *got = read_all(s, chunk, err, sizeof err);

	if (got == NULL)
		fail_msg("read failed: %s", err);
	assert_int_equal(got->len, strlen(expected));
	assert_memory_equal(got->data, expected, got->len);
}

static void expect_error(struct input_stream *s, size_t chunk, const char *words)
{
	char err[256];

	assert_null(read_all(s, chunk, err, sizeof err));
	if (strstr(err, words) == NULL)
		fail_msg("error \"%s\" does not say \"%s\"", err, words);
}

/* A file in /tmp with the given bytes; the caller unlinks it. */
static char *temp_file(const void *data, size_t len)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/pgnaudit-test-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
	return path;
}

static void test_plain_file(void **state)
{
	char err[256], buf[8];
	char *path = temp_file(text_a, strlen(text_a));
	struct input_stream *s;

	(void)state;
	for (size_t chunk = 0; chunk <= 3; chunk++) {
		s = stream_open(path, err, sizeof err);
		assert_non_null(s);
		stream_set_chunk_limit(s, chunk);
		expect_contents(s, 0, text_a);
		assert_int_equal(stream_read(s, buf, sizeof buf, err, sizeof err), 0);
		stream_close(s);
	}
	unlink(path);
}

static void test_empty_and_tiny_input(void **state)
{
	static const unsigned char magic_only[] = {0x1f};
	struct input_stream *s;

	(void)state;
	s = stream_open_memory("", 0);
	expect_contents(s, 0, "");
	stream_close(s);
	s = stream_open_memory(magic_only, 1);
	expect_contents(s, 0, "\x1f");
	stream_close(s);
}

/* Text in UTF-16 or UTF-32, with a byte order mark or without one, plain or
 * gzip, from a file or memory, in reads of any size: every read fails,
 * naming the encoding and how to convert it.  Text that only looks a bit
 * like it (a NUL later on, three bytes in all, ÿþ in Latin-1 further in) is
 * read as it is. */
static void test_wide_text_is_refused(void **state)
{
	static const struct { const char *bytes; size_t len; const char *says; } wide[] = {
		{ "\xff\xfe[\0E\0", 6, "UTF-16 (it begins with the byte order mark FF FE)" },
		{ "\xfe\xff\0[\0E", 6, "UTF-16 (it begins with the byte order mark FE FF)" },
		{ "\xff\xfe\0\0[\0\0\0", 8, "UTF-32 (it begins with the byte order mark FF FE 00 00)" },
		{ "\0\0\xfe\xff\0\0\0[", 8, "UTF-32 (it begins with the byte order mark 00 00 FE FF)" },
		{ "[\0E\0v\0e\0n\0t\0 \0\"\0", 16, "UTF-16LE (a NUL after each of its first characters)" },
		{ "\0[\0E\0v\0e\0n\0t\0 \0\"", 16, "UTF-16BE (a NUL before each of its first characters)" },
		{ "1\0\0\0.\0\0\0 \0\0\0e\0\0\0", 16, "UTF-32LE (three NULs after each of its first characters)" },
		{ "\0\0\0[\0\0\0E\0\0\0v\0\0\0e", 16, "UTF-32BE (three NULs before each of its first characters)" },
		{ "\xff\xfe", 2, "UTF-16 (it begins" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) {
		char iconv[64];
		snprintf(iconv, sizeof iconv, "iconv -f %.*s -t UTF-8", (int)strcspn(wide[i].says, " "), wide[i].says);
		struct bytes z = gzip_member(wide[i].bytes, wide[i].len);
		for (size_t chunk = 0; chunk <= 3; chunk++) {
			for (int gz = 0; gz < 2; gz++) {
				struct input_stream *s = gz ? stream_open_memory(z.data, z.len)
							    : stream_open_memory(wide[i].bytes, wide[i].len);
				stream_set_chunk_limit(s, chunk);
				expect_error(s, chunk, wide[i].says);
				expect_error(s, chunk, iconv);
				stream_close(s);
			}
		}
		free(z.data);
	}
	/* Damage, not an encoding: NULs in places, too few bytes to tell,
	 * a character that is not ASCII among the NULs. */
	static const struct { const char *bytes; size_t len; } narrow[] = {
		{ "[E\0v", 4 }, { "a\0b", 3 }, { "1. e4 \xff\xfe", 9 }, { "\0", 1 }, { "[\0", 2 },
		{ "E\0\0\0\0\0\0\0\"llegal\"]\n", 19 }, { "[\0E\0v\0e\0n\0t\0 \0", 15 },
		{ "[\0E\0v\0e\0n\0t\0\xe9\0\"\0", 16 }, { "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16 },
	};
	for (size_t i = 0; i < sizeof narrow / sizeof *narrow; i++) {
		for (size_t chunk = 0; chunk <= 3; chunk++) {
			char err[256];
			struct input_stream *s = stream_open_memory(narrow[i].bytes, narrow[i].len);
			stream_set_chunk_limit(s, chunk);
			struct bytes *got = read_all(s, chunk, err, sizeof err);
			if (got == NULL)
				fail_msg("case %zu, chunk %zu: %s", i, chunk, err);
			assert_int_equal(got->len, narrow[i].len);
			assert_memory_equal(got->data, narrow[i].bytes, narrow[i].len);
			stream_close(s);
		}
	}
	/* A file is refused the same way, and where -j N would read it at
	 * offsets it is not taken to be positional. */
	char err[256];
	char *path = temp_file(wide[0].bytes, wide[0].len);
	struct input_stream *s = stream_open(path, err, sizeof err);
	assert_non_null(s);
	unsigned long long size;
	assert_int_equal(stream_positional(s, &size), 0);
	expect_error(s, 0, wide[0].says);
	stream_close(s);
	unlink(path);
}

static void test_gzip_file_and_memory(void **state)
{
	char err[256];
	struct bytes z = gzip_member(text_a, strlen(text_a));
	char *path = temp_file(z.data, z.len);
	struct input_stream *s;

	(void)state;
	for (size_t chunk = 0; chunk <= 7; chunk++) {
		s = stream_open(path, err, sizeof err);
		assert_non_null(s);
		stream_set_chunk_limit(s, chunk);
		expect_contents(s, 0, text_a);
		stream_close(s);

		s = stream_open_memory(z.data, z.len);
		stream_set_chunk_limit(s, chunk);
		expect_contents(s, 1 + chunk, text_a);
		stream_close(s);
	}
	unlink(path);
	free(z.data);
}

/* Recognised by the magic bytes, not the name: a .pgn holding gzip data is
 * inflated, a .gz holding plain text is read as it is. */
static void test_detection_ignores_the_name(void **state)
{
	char err[256];
	struct bytes z = gzip_member(text_a, strlen(text_a));
	char *path = temp_file(text_b, strlen(text_b));
	char named[80];
	struct input_stream *s;

	(void)state;
	snprintf(named, sizeof named, "%s.gz", path);
	assert_int_equal(rename(path, named), 0);
	s = stream_open(named, err, sizeof err);
	expect_contents(s, 0, text_b);
	stream_close(s);
	unlink(named);

	path = temp_file(z.data, z.len);
	snprintf(named, sizeof named, "%s.pgn", path);
	assert_int_equal(rename(path, named), 0);
	s = stream_open(named, err, sizeof err);
	expect_contents(s, 0, text_a);
	stream_close(s);
	unlink(named);
	free(z.data);
}

/* The compression the first bytes say, as the stream reads them and fix
 * --in-place writes them back: every magic of the table, and what is
 * not one (a magic cut short, "BZh" without its block size). */
static void test_compression_of_first_bytes(void **state)
{
	static const struct { const char *bytes; size_t n; enum stream_compression kind; const char *name; } cases[] = {
		{ "\x1f\x8b\x08", 3, STREAM_GZIP, "gzip" },
		{ "\x28\xb5\x2f\xfd", 4, STREAM_ZSTD, "zstd" },
		{ "BZh9", 4, STREAM_BZIP2, "bzip2" },
		{ "\xfd" "7zXZ\0", 6, STREAM_XZ, "xz" },
		{ "PK\x03\x04", 4, STREAM_ZIP, "a zip archive" },
		{ "7z\xbc\xaf\x27\x1c", 6, STREAM_7ZIP, "7-Zip" },
		{ "[Event \"A\"]", 11, STREAM_PLAIN, NULL },
		{ "\x1f", 1, STREAM_PLAIN, NULL },
		{ "BZh", 3, STREAM_PLAIN, NULL },
		{ "BZhx", 4, STREAM_PLAIN, NULL },
		{ "\xfd" "7zXZ", 5, STREAM_PLAIN, NULL },
		{ "", 0, STREAM_PLAIN, NULL },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum stream_compression kind = stream_compression_of(cases[i].bytes, cases[i].n);
		assert_int_equal(kind, cases[i].kind);
		if (cases[i].name)
			assert_string_equal(stream_compression_name(kind), cases[i].name);
		else
			assert_null(stream_compression_name(kind));
	}
}

static void test_concatenated_members(void **state)
{
	struct bytes a = gzip_member(text_a, strlen(text_a));
	struct bytes b = gzip_member(text_b, strlen(text_b));
	struct bytes empty = gzip_member("", 0);
	struct bytes all = {NULL, 0};
	char expected[sizeof text_a + sizeof text_b];

	(void)state;
	append(&all, a.data, a.len);
	append(&all, empty.data, empty.len);
	append(&all, b.data, b.len);
	snprintf(expected, sizeof expected, "%s%s", text_a, text_b);
	for (size_t chunk = 0; chunk <= 5; chunk++) {
		struct input_stream *s = stream_open_memory(all.data, all.len);

		stream_set_chunk_limit(s, chunk);
		expect_contents(s, 0, expected);
		stream_close(s);
	}
	free(a.data);
	free(b.data);
	free(empty.data);
	free(all.data);
}

static void test_truncated_gzip(void **state)
{
	struct bytes z = gzip_member(text_a, strlen(text_a));
	size_t cuts[] = {2, 10, z.len / 2, z.len - 1};

	(void)state;
	for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
		struct input_stream *s = stream_open_memory(z.data, cuts[i]);

		expect_error(s, 0, "truncated gzip data");
		stream_close(s);
	}
	free(z.data);
}

static void test_corrupt_gzip(void **state)
{
	struct bytes z = gzip_member(text_a, strlen(text_a));
	struct input_stream *s;

	(void)state;
	z.data[z.len - 6] ^= 0xff;      /* the CRC of the data */
	s = stream_open_memory(z.data, z.len);
	expect_error(s, 0, "corrupt gzip data: incorrect data check");
	stream_close(s);

	z.data[z.len - 6] ^= 0xff;
	z.data[3] = 0xe0;               /* reserved header flags */
	s = stream_open_memory(z.data, z.len);
	expect_error(s, 0, "corrupt gzip data: ");
	stream_close(s);
	free(z.data);
}

/* Reserved header flags are refused in any member, and the error stays:
 * a read after it fails again instead of going on with the data. */
static void test_reserved_header_flags(void **state)
{
	struct bytes a = gzip_member(text_a, strlen(text_a));
	struct bytes b = gzip_member(text_b, strlen(text_b));
	struct bytes all = {NULL, 0};
	char err[256];
	unsigned char buf[4096];

	(void)state;
	b.data[3] |= 0x20;
	append(&all, a.data, a.len);
	append(&all, b.data, b.len);
	for (int first = 0; first < 2; first++) {
		const struct bytes *z = first ? &b : &all;
		struct input_stream *s = stream_open_memory(z->data, z->len);
		size_t got = 0;
		ssize_t n;
		while ((n = stream_read(s, buf, sizeof buf, err, sizeof err)) > 0)
			got += (size_t)n;
		assert_int_equal(n, -1);
		assert_string_equal(err, "corrupt gzip data: unknown header flags set");
		assert_int_equal(got, first ? 0 : strlen(text_a));
		err[0] = 0;
		assert_int_equal(stream_read(s, buf, sizeof buf, err, sizeof err), -1);
		assert_string_equal(err, "corrupt gzip data: unknown header flags set");
		stream_close(s);
	}
	free(a.data);
	free(b.data);
	free(all.data);
}

static void test_trailing_garbage(void **state)
{
	struct bytes z = gzip_member(text_a, strlen(text_a));
	struct input_stream *s;

	(void)state;
	append(&z, "junk", 4);
	s = stream_open_memory(z.data, z.len);
	expect_error(s, 0, "trailing garbage after the gzip data");
	stream_close(s);
	free(z.data);
}

/* Zero bytes after the last member (a tape's or tar's padding) are the
 * end, as gzip -d takes them, also past a buffer's worth, read from a file
 * in short reads; a byte after them is trailing garbage. */
static void test_zero_padding(void **state)
{
	struct bytes z = gzip_member(text_a, strlen(text_a));
	static unsigned char zeros[300000];
	struct input_stream *s;
	char err[256];

	(void)state;
	append(&z, zeros, sizeof zeros);
	s = stream_open_memory(z.data, z.len);
	expect_contents(s, 0, text_a);
	stream_close(s);
	char *path = temp_file(z.data, z.len);
	for (size_t chunk = 0; chunk <= 3; chunk += 3) {
		s = stream_open(path, err, sizeof err);
		assert_non_null(s);
		expect_contents(s, chunk, text_a);
		stream_close(s);
	}
	unlink(path);
	append(&z, "x", 1);
	s = stream_open_memory(z.data, z.len);
	expect_error(s, 0, "trailing garbage after the gzip data and the zero bytes after it");
	stream_close(s);
	free(z.data);
}

/* A member whose header holds an extra field, a name and a comment of
 * 70,000 bytes in all, more than is ever handed to igzip at once: read
 * whole (igzip read uninitialised memory and refused it), from memory and
 * from a file in short reads; then a second member as usual. */
static void test_long_member_header(void **state)
{
	struct bytes plain = gzip_member(text_a, strlen(text_a)), z = { 0 };
	static unsigned char extra[1000], name[40001], comment[29001];
	struct input_stream *s;
	char err[256];

	(void)state;
	assert_int_equal(plain.data[3], 0); /* no flags: fields go after byte 10 */
	memset(extra, 'x', sizeof extra);
	memset(name, 'n', sizeof name - 1);
	memset(comment, 'c', sizeof comment - 1);
	append(&z, plain.data, 3);
	append(&z, "\x1c", 1); /* FEXTRA | FNAME | FCOMMENT */
	append(&z, plain.data + 4, 6);
	append(&z, "\xe8\x03", 2); /* 1000 bytes of extra field */
	append(&z, extra, sizeof extra);
	append(&z, name, sizeof name);
	append(&z, comment, sizeof comment);
	append(&z, plain.data + 10, plain.len - 10);
	append(&z, plain.data, plain.len);
	char both[2 * 64];
	snprintf(both, sizeof both, "%s%s", text_a, text_a);
	s = stream_open_memory(z.data, z.len);
	expect_contents(s, 0, both);
	stream_close(s);
	char *path = temp_file(z.data, z.len);
	for (size_t chunk = 1; chunk <= 7; chunk += 6) {
		s = stream_open(path, err, sizeof err);
		assert_non_null(s);
		expect_contents(s, chunk, both);
		stream_close(s);
	}
	unlink(path);
	/* cut inside the comment: truncated */
	s = stream_open_memory(z.data, 30000);
	expect_error(s, 0, "truncated gzip data");
	stream_close(s);
	free(plain.data);
	free(z.data);
}

static void test_directory(void **state)
{
	char err[256];

	(void)state;
	assert_null(stream_open("/tmp", err, sizeof err));
	assert_string_equal(err, "Is a directory");
}

static void test_missing_and_unreadable_files(void **state)
{
	char err[256];

	(void)state;
	assert_null(stream_open("/nonexistent/file.pgn", err, sizeof err));
	assert_string_equal(err, "No such file or directory");
	if (getuid() != 0) {
		char *path = temp_file(text_a, strlen(text_a));

		chmod(path, 0);
		assert_null(stream_open(path, err, sizeof err));
		assert_string_equal(err, "Permission denied");
		unlink(path);
	}
}

/* "-" is standard input; gzip on a pipe is found by peeking at two bytes. */
static void expect_stdin(const void *data, size_t len, size_t chunk, const char *expected)
{
	char err[256];
	int fds[2], saved = dup(STDIN_FILENO);
	struct input_stream *s;

	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], data, len), (ssize_t)len);
	close(fds[1]);
	assert_int_equal(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
	close(fds[0]);
	s = stream_open("-", err, sizeof err);
	assert_non_null(s);
	stream_set_chunk_limit(s, chunk);
	expect_contents(s, 0, expected);
	stream_close(s);
	assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
	close(saved);
}

static void test_standard_input(void **state)
{
	struct bytes z = gzip_member(text_b, strlen(text_b));

	(void)state;
	for (size_t chunk = 0; chunk <= 2; chunk++) {
		expect_stdin(text_a, strlen(text_a), chunk, text_a);
		expect_stdin(z.data, z.len, chunk, text_b);
	}
	free(z.data);
}

/* A plain regular file can be read at any offset, from several places at
 * once, and read on from an offset; gzip, memory streams and streams with
 * a chunk limit cannot. */
static void test_reading_at_offsets(void **state)
{
	char err[256], buf[64];
	size_t len = strlen(text_a);
	char *path = temp_file(text_a, len);
	struct bytes z = gzip_member(text_a, len);
	unsigned long long size = 0;
	struct input_stream *s;

	(void)state;
	s = stream_open(path, err, sizeof err);
	assert_non_null(s);
	assert_true(stream_positional(s, &size));
	assert_int_equal(size, len);
	/* At an offset, and fewer bytes at the end; the stream's own
	 * position is left alone. */
	assert_int_equal(stream_pread(s, buf, 5, 3, err, sizeof err), 5);
	assert_memory_equal(buf, text_a + 3, 5);
	assert_int_equal(stream_pread(s, buf, sizeof buf, len - 4, err, sizeof err), 4);
	assert_memory_equal(buf, text_a + len - 4, 4);
	assert_int_equal(stream_pread(s, buf, sizeof buf, len, err, sizeof err), 0);
	expect_contents(s, 0, text_a);
	/* Read on from an offset. */
	assert_int_equal(stream_seek(s, 7, err, sizeof err), 0);
	expect_contents(s, 0, text_a + 7);
	stream_close(s);

	s = stream_open(path, err, sizeof err);
	stream_set_chunk_limit(s, 2);
	assert_false(stream_positional(s, &size));
	stream_close(s);
	s = stream_open_memory(text_a, len);
	assert_false(stream_positional(s, &size));
	stream_close(s);
	unlink(path);

	path = temp_file(z.data, z.len);
	s = stream_open(path, err, sizeof err);
	assert_false(stream_positional(s, &size));
	/* Asking did not cost the stream its first bytes. */
	expect_contents(s, 0, text_a);
	stream_close(s);
	unlink(path);
	free(z.data);
}

/* Big enough to need many reads of the stream's own buffer. */
static void test_large_gzip(void **state)
{
	size_t len = 3 << 20;
	char *text = malloc(len + 1);
	struct bytes z;
	struct input_stream *s;

	(void)state;
	assert_non_null(text);
	for (size_t i = 0; i < len; i++)
		text[i] = (char)('a' + (i * 7919 % 26));
	text[len] = 0;
	z = gzip_member(text, len);
	s = stream_open_memory(z.data, z.len);
	expect_contents(s, 0, text);
	stream_close(s);
	free(z.data);
	free(text);
}

/* Some PGN-like text of about len bytes, varied enough that every kind of
 * deflate block turns up in it. */
static char *pgn_text(size_t len)
{
	char *text = malloc(len + 1);
	size_t at = 0;
	unsigned seed = 12345;

	assert_non_null(text);
	for (int game = 1; at < len; game++) {
		char line[160];
		seed = seed * 1103515245u + 12345u;
		int n = snprintf(line, sizeof line, "[Event \"Game %d\"]\n[White \"P%u\"]\n\n1. e4 e5 2. Nf3 Nc6 %u. Bb5 a6 1-0\n\n",
				 game, seed % 1000, (seed >> 10) % 90 + 3);
		for (int i = 0; i < n && at < len; i++)
			text[at++] = line[i];
	}
	text[len] = 0;
	return text;
}

/* zlib's output at every level and strategy comes back the same through
 * igzip, in normal and in short reads. */
static void test_every_kind_of_deflate_data(void **state)
{
	static const int strategies[] = { Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED };
	static const int levels[] = { 0, 1, 6, 9 };
	size_t len = (size_t)300 * 1024;
	char *text = pgn_text(len);

	(void)state;
	for (size_t i = 0; i < sizeof strategies / sizeof *strategies; i++) {
		for (size_t j = 0; j < sizeof levels / sizeof *levels; j++) {
			struct bytes z = gzip_member_as(text, len, levels[j], strategies[i]);
			for (size_t chunk = 0; chunk <= 3003; chunk += 3003) {
				struct input_stream *s = stream_open_memory(z.data, z.len);
				stream_set_chunk_limit(s, chunk);
				expect_contents(s, chunk ? 777 : 0, text);
				stream_close(s);
			}
			free(z.data);
		}
	}
	free(text);
}

/* All that comes out of data before a read error, and the error. */
static struct bytes read_until_error(const unsigned char *data, size_t len, size_t chunk, char *err, size_t errlen)
{
	struct bytes got = {NULL, 0};
	struct input_stream *s = stream_open_memory(data, len);

	stream_set_chunk_limit(s, chunk);
	read_into(s, chunk, &got, err, errlen);
	stream_close(s);
	return got;
}

/* Damaged deflate data: the bytes handed out before the error, and the
 * error, do not depend on the sizes of the reads (igzip can put out bytes
 * that are not in the data before it sees the damage: those must never
 * reach the reader in some read sizes and not in others). */
static void test_damage_reads_the_same_in_any_read_size(void **state)
{
	size_t len = (size_t)200 * 1024;
	char *text = pgn_text(len);
	struct bytes z = gzip_member(text, len);
	int errors = 0;

	(void)state;
	for (size_t where = 20; where < z.len - 8; where += z.len / 37) {
		char err0[256], err[256];
		z.data[where] ^= 0x5a;
		struct bytes whole = read_until_error(z.data, z.len, 0, err0, sizeof err0);
		errors += err0[0] != 0;
		if (err0[0] && strncmp(err0, "corrupt gzip data: ", 19) != 0 && strcmp(err0, "truncated gzip data") != 0)
			fail_msg("damage at %zu: unexpected error \"%s\"", where, err0);
		for (size_t chunk = 1; chunk <= 7; chunk += 6) {
			struct bytes part = read_until_error(z.data, z.len, chunk, err, sizeof err);
			assert_string_equal(err, err0);
			assert_int_equal(part.len, whole.len);
			assert_memory_equal(part.data, whole.data, whole.len);
			free(part.data);
		}
		free(whole.data);
		z.data[where] ^= 0x5a;
	}
	/* Most of the damage is found (the CRC finds what decoding does not). */
	assert_true(errors >= 30);
	free(z.data);
	free(text);
}

/* A zip archive made by Python's zipfile (another implementation than the
 * libarchive that reads it): games/a.pgn deflated, README.txt and b.PGN
 * stored.  The *.pgn members (in any case) come out one after the other
 * with a newline between; README.txt is passed over. */
static const unsigned char two_member_zip[] = {
	0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x50, 0x81, 0x1c,
	0x92, 0x12, 0x49, 0x00, 0x00, 0x00, 0xd8, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x67, 0x61,
	0x6d, 0x65, 0x73, 0x2f, 0x61, 0x2e, 0x70, 0x67, 0x6e, 0x8b, 0x76, 0x2d, 0x4b, 0xcd, 0x2b, 0x51,
	0x50, 0x4a, 0x54, 0x8a, 0xe5, 0x8a, 0x0e, 0x4a, 0x2d, 0x2e, 0xcd, 0x01, 0x72, 0x0c, 0x75, 0x0d,
	0x80, 0x5c, 0x2e, 0x43, 0x3d, 0x85, 0x54, 0x13, 0x85, 0x54, 0x53, 0x05, 0x23, 0x3d, 0x85, 0xc0,
	0x0c, 0x53, 0x05, 0xbf, 0x64, 0x33, 0x05, 0x63, 0x3d, 0x05, 0xa7, 0x64, 0x13, 0x05, 0xbf, 0x34,
	0x33, 0x05, 0x13, 0xa0, 0x68, 0x45, 0x9a, 0xb9, 0xb2, 0x02, 0x50, 0x39, 0x57, 0xf4, 0x20, 0x33,
	0x07, 0x00, 0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x50,
	0x05, 0xa6, 0xa1, 0xe5, 0x08, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00,
	0x52, 0x45, 0x41, 0x44, 0x4d, 0x45, 0x2e, 0x74, 0x78, 0x74, 0x72, 0x65, 0x61, 0x64, 0x20, 0x6d,
	0x65, 0x0a, 0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x50,
	0xc1, 0x7e, 0xef, 0x54, 0x21, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
	0x62, 0x2e, 0x50, 0x47, 0x4e, 0x5b, 0x45, 0x76, 0x65, 0x6e, 0x74, 0x20, 0x22, 0x62, 0x22, 0x5d,
	0x0a, 0x5b, 0x52, 0x65, 0x73, 0x75, 0x6c, 0x74, 0x20, 0x22, 0x2a, 0x22, 0x5d, 0x0a, 0x0a, 0x31,
	0x2e, 0x20, 0x64, 0x34, 0x20, 0x2a, 0x50, 0x4b, 0x01, 0x02, 0x14, 0x03, 0x14, 0x00, 0x00, 0x00,
	0x08, 0x00, 0x00, 0x00, 0x21, 0x50, 0x81, 0x1c, 0x92, 0x12, 0x49, 0x00, 0x00, 0x00, 0xd8, 0x00,
	0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01,
	0x00, 0x00, 0x00, 0x00, 0x67, 0x61, 0x6d, 0x65, 0x73, 0x2f, 0x61, 0x2e, 0x70, 0x67, 0x6e, 0x50,
	0x4b, 0x01, 0x02, 0x14, 0x03, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x50, 0x05,
	0xa6, 0xa1, 0xe5, 0x08, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x72, 0x00, 0x00, 0x00, 0x52, 0x45, 0x41,
	0x44, 0x4d, 0x45, 0x2e, 0x74, 0x78, 0x74, 0x50, 0x4b, 0x01, 0x02, 0x14, 0x03, 0x14, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x50, 0xc1, 0x7e, 0xef, 0x54, 0x21, 0x00, 0x00, 0x00, 0x21,
	0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80,
	0x01, 0xa2, 0x00, 0x00, 0x00, 0x62, 0x2e, 0x50, 0x47, 0x4e, 0x50, 0x4b, 0x05, 0x06, 0x00, 0x00,
	0x00, 0x00, 0x03, 0x00, 0x03, 0x00, 0xa4, 0x00, 0x00, 0x00, 0xe6, 0x00, 0x00, 0x00, 0x00, 0x00,
};
#define ZIP_A "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
#define ZIP_B "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *"

static void test_zip_members(void **state)
{
	(void)state;
	/* From memory (read by its central directory) in reads of any size,
	 * the stream's own reads cut short too. */
	for (size_t limit = 0; limit <= 7; limit++) {
		for (size_t chunk = 1; chunk <= 9; chunk += 4) {
			struct input_stream *s = stream_open_memory(two_member_zip, sizeof two_member_zip);
			stream_set_chunk_limit(s, limit);
			expect_contents(s, chunk, ZIP_A ZIP_A ZIP_A "\n" ZIP_B);
			stream_close(s);
		}
	}
	/* From a file: the names, then each member alone. */
	char *path = temp_file(two_member_zip, sizeof two_member_zip);
	char err[256], **names;
	long count;
	assert_int_equal(stream_zip_members(path, &names, &count, err, sizeof err), 1);
	assert_int_equal(count, 2);
	assert_string_equal(names[0], "games/a.pgn");
	assert_string_equal(names[1], "b.PGN");
	free(names[0]);
	free(names[1]);
	free(names);
	struct input_stream *s = stream_open_member(path, 2, 1, err, sizeof err);
	expect_contents(s, 0, ZIP_B);
	stream_close(s);
	s = stream_open_member(path, 1, 0, err, sizeof err);
	expect_contents(s, 3, ZIP_A ZIP_A ZIP_A);
	stream_close(s);
	/* Opened again where the one before ended (the parked stream). */
	s = stream_open_member(path, 2, 1, err, sizeof err);
	expect_contents(s, 0, ZIP_B);
	stream_close(s);
	s = stream_open_member(path, 3, 1, err, sizeof err);
	expect_error(s, 0, "has 2 *.pgn members, not 3");
	stream_close(s);
	stream_forget_parked();
	unlink(path);
	/* A plain file is not an archive. */
	path = temp_file("1. e4 *\n", 8);
	assert_int_equal(stream_zip_members(path, &names, &count, err, sizeof err), 0);
	unlink(path);
	/* Cut anywhere before its end: an error, never a shorter text. */
	for (size_t cut = 4; cut < sizeof two_member_zip; cut += 13) {
		s = stream_open_memory(two_member_zip, cut);
		assert_null(read_all(s, 0, err, sizeof err));
		assert_true(strstr(err, "zip") != NULL);
		stream_close(s);
	}
}

/* Decoding ahead in a thread (stream_read_ahead, check -j N) gives the
 * bytes and the error reading gives without it: whole, cut short, or
 * damaged, in reads of any size; plain text is not read ahead. */
static void test_read_ahead(void **state)
{
	size_t len = (size_t)3 * 1024 * 1024 + 12345;
	char *text = pgn_text(len);
	struct bytes z = gzip_member(text, len);

	(void)state;
	for (int damage = 0; damage < 3; damage++) {
		size_t cut = damage == 1 ? z.len / 2 : z.len;
		if (damage == 2)
			z.data[z.len / 3] ^= 0x5a;
		char err0[256], err[256];
		struct bytes whole = read_until_error(z.data, cut, 0, err0, sizeof err0);
		assert_true(damage == 0 ? err0[0] == 0 : err0[0] != 0);
		for (size_t chunk = 1; chunk <= 100000; chunk *= 317) {
			struct bytes got = { NULL, 0 };
			struct input_stream *s = stream_open_memory(z.data, cut);
			assert_int_equal(stream_read_ahead(s), 1);
			read_into(s, chunk, &got, err, sizeof err);
			assert_string_equal(err, err0);
			assert_int_equal(got.len, whole.len);
			assert_memory_equal(got.data, whole.data, whole.len);
			stream_close(s);
			free(got.data);
		}
		/* Closed before it is read to the end: the thread stops. */
		struct input_stream *s = stream_open_memory(z.data, cut);
		assert_int_equal(stream_read_ahead(s), 1);
		char buf[100];
		assert_int_equal(stream_read(s, buf, sizeof buf, err, sizeof err), (ssize_t)sizeof buf);
		stream_close(s);
		free(whole.data);
	}
	struct input_stream *s = stream_open_memory(text, len);
	assert_int_equal(stream_read_ahead(s), 0);
	expect_contents(s, 0, text);
	stream_close(s);
	free(z.data);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_file),
		cmocka_unit_test(test_empty_and_tiny_input),
		cmocka_unit_test(test_wide_text_is_refused),
		cmocka_unit_test(test_gzip_file_and_memory),
		cmocka_unit_test(test_detection_ignores_the_name),
		cmocka_unit_test(test_compression_of_first_bytes),
		cmocka_unit_test(test_concatenated_members),
		cmocka_unit_test(test_truncated_gzip),
		cmocka_unit_test(test_corrupt_gzip),
		cmocka_unit_test(test_reserved_header_flags),
		cmocka_unit_test(test_trailing_garbage),
		cmocka_unit_test(test_zero_padding),
		cmocka_unit_test(test_long_member_header),
		cmocka_unit_test(test_directory),
		cmocka_unit_test(test_missing_and_unreadable_files),
		cmocka_unit_test(test_standard_input),
		cmocka_unit_test(test_reading_at_offsets),
		cmocka_unit_test(test_large_gzip),
		cmocka_unit_test(test_every_kind_of_deflate_data),
		cmocka_unit_test(test_damage_reads_the_same_in_any_read_size),
		cmocka_unit_test(test_zip_members),
		cmocka_unit_test(test_read_ahead),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
