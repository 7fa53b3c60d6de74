/*
 * stream.c - one way to read bytes, whatever holds them.
 *
 * PGN collections arrive as plain files, as `.pgn.gz` downloads and as
 * pipes (`curl ... | pgnaudit check`), and the reader above should not care
 * which.  So a stream looks at its first two bytes before handing anything
 * out: the gzip magic 1f 8b switches it to inflating through zlib's z_stream
 * API, whatever the file is called.  Peeking works on pipes too, because the
 * peeked bytes stay in the stream's own buffer and are handed out (or
 * inflated) first.
 *
 * z_stream rather than gzread because the difference between "the data ended
 * where a gzip member ends" and "the data stopped in the middle of a member"
 * matters here: a truncated download must be an error, not a shorter file.
 * Members are read one after another, as gzip -d does; bytes after the last
 * member that do not start another one are an error, as they are for gzip.
 *
 * Plain input read from a file descriptor goes straight into the caller's
 * buffer, so the common case costs one read(2) per buffer and no copy.
 */
#include "parser/stream.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ZLIB_CONST
#include <zlib.h>

#define RAW_BUFFER_SIZE ((size_t)256 * 1024)

enum stream_mode { MODE_UNKNOWN, MODE_PLAIN, MODE_GZIP };

struct input_stream {
	int fd;                     /* -1 for a memory stream */
	int close_fd;               /* 0 for standard input */
	const unsigned char *mem_end;   /* memory stream: end of the bytes */
	unsigned char *raw;         /* file stream: RAW_BUFFER_SIZE bytes */
	const unsigned char *in;    /* raw input not yet handed out or inflated */
	size_t in_len;
	int raw_eof;
	enum stream_mode mode;
	int member_ended;           /* inflate finished a gzip member */
	int inflating;              /* z is initialised */
	int inflate_failed;         /* inflate's error status, held back while the
				       bytes it produced before failing are handed out */
	z_stream z;
	size_t chunk_limit, reads;  /* see stream_set_chunk_limit */
	stream_tap tap;             /* see stream_set_tap */
	void *tap_ctx;
};

static void set_error(char *err, size_t errlen, const char *msg)
{
	if (errlen > 0)
		snprintf(err, errlen, "%s", msg);
}

/* n, or less when a chunk limit asks for short reads. */
static size_t chunk(struct input_stream *s, size_t n)
{
	size_t most;

	if (s->chunk_limit == 0)
		return n;
	most = 1 + s->reads++ % s->chunk_limit;
	return n < most ? n : most;
}

static ssize_t read_fd(int fd, void *buf, size_t n, char *err, size_t errlen)
{
	ssize_t got;

	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		set_error(err, errlen, strerror(errno));
	return got;
}

/* Makes more raw bytes available after the s->in_len already there.
 * Returns how many were added, 0 at the end of the input, -1 on error. */
static ssize_t fill_raw(struct input_stream *s, char *err, size_t errlen)
{
	ssize_t got;

	if (s->raw_eof)
		return 0;
	if (s->fd < 0) {
		size_t left = (size_t)(s->mem_end - (s->in + s->in_len));
		size_t n = chunk(s, left);

		s->in_len += n;
		s->raw_eof = s->in + s->in_len == s->mem_end;
		return (ssize_t)n;
	}
	if (s->in != s->raw) {
		memmove(s->raw, s->in, s->in_len);
		s->in = s->raw;
	}
	got = read_fd(s->fd, s->raw + s->in_len, chunk(s, RAW_BUFFER_SIZE - s->in_len),
		      err, errlen);
	if (got == 0)
		s->raw_eof = 1;
	if (got > 0)
		s->in_len += (size_t)got;
	return got;
}

/* Looks at the first two bytes and chooses plain or gzip. */
static int detect_format(struct input_stream *s, char *err, size_t errlen)
{
	while (s->in_len < 2) {
		ssize_t got = fill_raw(s, err, errlen);

		if (got < 0)
			return -1;
		if (got == 0)
			break;
	}
	s->mode = MODE_PLAIN;
	if (s->in_len < 2 || s->in[0] != 0x1f || s->in[1] != 0x8b)
		return 0;
	if (inflateInit2(&s->z, 16 + MAX_WBITS) != Z_OK) {
		set_error(err, errlen, "cannot initialise zlib");
		return -1;
	}
	s->inflating = 1;
	s->mode = MODE_GZIP;
	return 0;
}

static ssize_t read_plain(struct input_stream *s, unsigned char *buf, size_t n,
			  char *err, size_t errlen)
{
	if (s->in_len == 0 && s->fd >= 0)
		return s->raw_eof ? 0 : read_fd(s->fd, buf, chunk(s, n), err, errlen);
	if (s->in_len == 0) {
		ssize_t got = fill_raw(s, err, errlen);

		if (got <= 0)
			return got;
	}
	n = chunk(s, n < s->in_len ? n : s->in_len);
	memcpy(buf, s->in, n);
	s->in += n;
	s->in_len -= n;
	return (ssize_t)n;
}

/* After a member: another member follows, or the input ends here.
 * Returns 1 for another member, 0 at the end, -1 on error. */
static int next_member(struct input_stream *s, char *err, size_t errlen)
{
	while (s->in_len < 2) {
		ssize_t got = fill_raw(s, err, errlen);

		if (got < 0)
			return -1;
		if (got == 0)
			break;
	}
	if (s->in_len == 0)
		return 0;
	if (s->in_len < 2 || s->in[0] != 0x1f || s->in[1] != 0x8b) {
		set_error(err, errlen, "trailing garbage after the gzip data");
		return -1;
	}
	inflateReset(&s->z);
	s->member_ended = 0;
	return 1;
}

static ssize_t inflate_error(const z_stream *z, int status, char *err, size_t errlen)
{
	char msg[200];

	if (status == Z_MEM_ERROR) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	snprintf(msg, sizeof msg, "corrupt gzip data: %s", z->msg ? z->msg : "invalid data");
	set_error(err, errlen, msg);
	return -1;
}

/* Inflates until at least one byte comes out, the data ends, or it fails. */
static ssize_t read_gzip(struct input_stream *s, unsigned char *buf, size_t n,
			 char *err, size_t errlen)
{
	if (s->inflate_failed)
		return inflate_error(&s->z, s->inflate_failed, err, errlen);
	n = chunk(s, n);
	for (;;) {
		int status, input_ended = 0;
		size_t produced;

		if (s->member_ended) {
			int more = next_member(s, err, errlen);

			if (more <= 0)
				return more;
		}
		if (s->in_len == 0) {
			ssize_t got = fill_raw(s, err, errlen);

			if (got < 0)
				return -1;
			/* inflate may still hold output for the input it has
			 * taken (the rest of a match that did not fit the last
			 * buffer): one more call hands it out. */
			input_ended = got == 0;
		}
		s->z.next_in = s->in;
		s->z.avail_in = (uInt)(s->in_len < UINT_MAX ? s->in_len : UINT_MAX);
		s->z.next_out = buf;
		s->z.avail_out = (uInt)(n < UINT_MAX ? n : UINT_MAX);
		status = inflate(&s->z, Z_NO_FLUSH);
		s->in_len -= (size_t)(s->z.next_in - s->in);
		s->in = s->z.next_in;
		produced = (size_t)(s->z.next_out - buf);
		if (status == Z_STREAM_END)
			s->member_ended = 1;
		else if (status != Z_OK && status != Z_BUF_ERROR) {
			/* The bytes before the error go out first: what is read
			 * must not depend on how large the caller's buffer is. */
			if (produced == 0)
				return inflate_error(&s->z, status, err, errlen);
			s->inflate_failed = status;
		}
		if (produced > 0)
			return (ssize_t)produced;
		if (input_ended && !s->member_ended) {
			set_error(err, errlen, "truncated gzip data");
			return -1;
		}
	}
}

ssize_t stream_read(struct input_stream *s, void *buf, size_t n, char *err, size_t errlen)
{
	ssize_t got;

	if (n == 0)
		return 0;
	if (s->mode == MODE_UNKNOWN && detect_format(s, err, errlen) < 0)
		return -1;
	if (s->mode == MODE_GZIP)
		got = read_gzip(s, buf, n, err, errlen);
	else
		got = read_plain(s, buf, n, err, errlen);
	if (got > 0 && s->tap)
		s->tap(s->tap_ctx, buf, (size_t)got);
	return got;
}

static struct input_stream *new_stream(int fd, int close_fd)
{
	struct input_stream *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->fd = fd;
	s->close_fd = close_fd;
	if (fd >= 0) {
		s->raw = malloc(RAW_BUFFER_SIZE);
		if (s->raw == NULL) {
			free(s);
			return NULL;
		}
		s->in = s->raw;
	}
	return s;
}

struct input_stream *stream_open(const char *path, char *err, size_t errlen)
{
	int is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct input_stream *s;
	struct stat st;

	if (fd < 0) {
		set_error(err, errlen, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		set_error(err, errlen, strerror(EISDIR));
		if (!is_stdin)
			close(fd);
		return NULL;
	}
	s = new_stream(fd, !is_stdin);
	if (s == NULL) {
		set_error(err, errlen, strerror(ENOMEM));
		if (!is_stdin)
			close(fd);
	}
	return s;
}

struct input_stream *stream_open_memory(const void *data, size_t len)
{
	static const unsigned char nothing[1];
	struct input_stream *s = new_stream(-1, 0);

	if (s == NULL)
		return NULL;
	s->in = len > 0 ? data : nothing;
	s->mem_end = s->in + len;
	return s;
}

void stream_set_chunk_limit(struct input_stream *s, size_t max_chunk)
{
	s->chunk_limit = max_chunk;
	s->reads = 0;
}

void stream_set_tap(struct input_stream *s, stream_tap tap, void *ctx)
{
	s->tap = tap;
	s->tap_ctx = ctx;
}

void stream_close(struct input_stream *s)
{
	if (s == NULL)
		return;
	if (s->inflating)
		inflateEnd(&s->z);
	if (s->close_fd)
		close(s->fd);
	free(s->raw);
	free(s);
}
