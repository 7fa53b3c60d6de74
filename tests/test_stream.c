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

/* One gzip member holding data. */
static struct bytes gzip_member(const void *data, size_t len)
{
	struct bytes out = {malloc(len + 1024), 0};
	z_stream z;

	assert_non_null(out.data);
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
			 Z_OK);
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)len;
	z.next_out = out.data;
	z.avail_out = (uInt)(len + 1024);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	out.len = z.total_out;
	deflateEnd(&z);
	return out;
}

/* Everything the stream gives, or NULL with the error in err. */
static struct bytes *read_all(struct input_stream *s, size_t chunk, char *err, size_t errlen)
{
	static struct bytes got;
	unsigned char buf[4096];
	ssize_t n;

	free(got.data);
	got.data = NULL;
	got.len = 0;
	append(&got, "", 0);
	while ((n = stream_read(s, buf, chunk ? chunk : sizeof buf, err, errlen)) > 0)
		append(&got, buf, (size_t)n);
	return n < 0 ? NULL : &got;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_file),
		cmocka_unit_test(test_empty_and_tiny_input),
		cmocka_unit_test(test_gzip_file_and_memory),
		cmocka_unit_test(test_detection_ignores_the_name),
		cmocka_unit_test(test_concatenated_members),
		cmocka_unit_test(test_truncated_gzip),
		cmocka_unit_test(test_corrupt_gzip),
		cmocka_unit_test(test_trailing_garbage),
		cmocka_unit_test(test_directory),
		cmocka_unit_test(test_missing_and_unreadable_files),
		cmocka_unit_test(test_standard_input),
		cmocka_unit_test(test_large_gzip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
