/*
 * stream.c - one way to read bytes, whatever holds them.
 *
 * PGN collections arrive as plain files, as `.pgn.gz` downloads and as
 * pipes (`curl ... | pgnaudit check`), and the reader above should not care
 * which.  So a stream looks at its first two bytes before handing anything
 * out: the gzip magic 1f 8b switches it to inflating through ISA-L's igzip,
 * whatever the file is called.  Peeking works on pipes too, because the
 * peeked bytes stay in the stream's own buffer and are handed out (or
 * inflated) first.
 *
 * Inflating is done by ISA-L's igzip (isal_inflate), which takes about 40%
 * of zlib's time on this text (35 ms against 85 ms for the 30 MB benchmark
 * file); with -j 2 the inflating is the part of the work that cannot run
 * side by side, so its speed bounds how fast a .pgn.gz is checked.  Its
 * streaming API tells "the data ended where a gzip member ends" from "the
 * data stopped in the middle of a member", which matters here: a truncated
 * download must be an error, not a shorter file.  Members are read one
 * after another, as gzip -d does; bytes after the last member that do not
 * start another one are an error, as they are for gzip.
 *
 * igzip always inflates into the stream's own buffer of OUT_SIZE bytes,
 * whatever the caller asks for, and the caller's reads are served from it.
 * That costs a copy, but it makes what comes out before corrupt data
 * independent of the sizes of the caller's reads: igzip keeps up to 64 KiB
 * of decoded bytes inside and hands out only what fits, and on an error it
 * gives no more.  See inflate_more for what is lost before corrupt data.
 *
 * Plain input read from a file descriptor goes straight into the caller's
 * buffer, so the common case costs one read(2) per buffer and no copy.
 */
#include "parser/stream.h"
#include "util/memory.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include <isa-l/igzip_lib.h>

#include "parser/decompress.h"
#include "parser/zip.h"

#define RAW_BUFFER_SIZE ((size_t)256 * 1024)
/* The first read, which tells plain text from gzip: plain text is then read
 * straight into the caller's buffer, so that the raw buffer's pages are
 * never touched (a page touched the first time costs up to 12 us in some
 * virtual machines). */
#define PROBE_SIZE ((size_t)4096)
/* More than igzip keeps inside (two windows of 32 KiB and a look-ahead). */
#define OUT_SIZE ((size_t)256 * 1024)
/* The compressed bytes given to igzip at a time (see inflate_more). */
#define INFLATE_UNIT ((size_t)16 * 1024)
/* The same for zstd, bzip2 and xz (decode_more): what they make of it
 * fits OUT_SIZE or is put out over several calls. */
#define DECODE_UNIT ((size_t)64 * 1024)

enum stream_mode { MODE_UNKNOWN, MODE_PLAIN, MODE_GZIP, MODE_DECODER, MODE_ZIP };

struct input_stream {
	int fd;                     /* -1 for a memory stream */
	int close_fd;               /* 0 for standard input */
	const unsigned char *mem_start, *mem_end; /* memory stream: its bytes */
	unsigned char *raw;         /* file stream: RAW_BUFFER_SIZE bytes */
	const unsigned char *in;    /* raw input not yet handed out or inflated */
	size_t in_len;
	int raw_eof;
	enum stream_mode mode;
	int member_ended;           /* igzip finished a gzip member */
	int inflate_failed;         /* igzip's error status, held back while the
				       bytes it produced before failing are handed out */
	struct inflate_state *z;    /* gzip only */
	unsigned char *out;         /* gzip only: OUT_SIZE inflated bytes, */
	size_t out_at, out_len;     /* of which out_at..out_len not handed out */
	size_t chunk_limit, reads;  /* see stream_set_chunk_limit */
	stream_tap tap;             /* see stream_set_tap */
	void *tap_ctx;
	int inflated_any;           /* gzip only: igzip has put out a byte */
	const char *foreign;        /* the input is plainly not PGN (foreign_content):
				       every read fails, saying what it is */
	const char *wide;           /* the text is UTF-16 or UTF-32 (wide_encoding):
				       every read fails, saying so */
	struct decoder *decoder;    /* zstd, bzip2, xz (decompress.h) */
	int decoder_state;          /* its last step's return: 1 ended, -1 failed */
	char decoder_error[160];    /* then why, said once the bytes before are handed out */
	unsigned long long taken;   /* compressed bytes given to the decoder and taken */
	const struct compression *compressed; /* a compression not read (compression_of):
				       every read fails, saying so */
	struct zip_reader *zip;     /* a zip archive (zip.h) */
	long zip_want;              /* the *.pgn member to read, from 1; 0: all of them */
	long zip_seen;              /* the *.pgn members gone on to */
	int zip_to_end;             /* after the member wanted, read on to the archive's end */
	int zip_eof;                /* libarchive found the end: it must not be asked again */
	int zip_in_member;          /* reading one's data */
	int zip_state;              /* 1 ended, -1 failed */
	char zip_error[320];        /* then why, said once the bytes before are handed out */
	unsigned long long zip_at;  /* the offset in the archive of the next byte zip.c gets */
	char *zip_path;             /* the archive's file, for a member's stream */
	struct ahead *ahead;        /* decoding ahead in a thread (stream_read_ahead) */
};

/* stream_read_ahead: a thread of the stream's own inflates or decodes into
 * AHEAD_SLOTS buffers of OUT_SIZE bytes, and stream_read hands them out.
 * The slots from `first` (count of them) are the reader's; the one after
 * them is the decoding thread's while it fills it. */
#define AHEAD_SLOTS 4

struct ahead {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t more, room;
	unsigned char *slot[AHEAD_SLOTS];
	size_t len[AHEAD_SLOTS];
	int first, count;
	size_t at;                  /* the reader's offset in slot[first] */
	int ended;                  /* 1 at the end of the data, -1 failed */
	int stop;                   /* stream_close: the thread is to end */
	char error[320];            /* why it failed */
};

/* A member's stream, closed where its member ended, kept open for the next
 * member to be read from where it is: opening the archive again for each
 * member would read its central directory and pass over the members
 * before each time, which for an archive of 3,000 members took 46 s. */
static pthread_mutex_t parked_lock = PTHREAD_MUTEX_INITIALIZER;
static struct input_stream *parked;

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

/* Every byte read from a file or pipe, by every stream (stream_bytes_read). */
static atomic_ullong bytes_read;

unsigned long long stream_bytes_read(void)
{
	return atomic_load_explicit(&bytes_read, memory_order_relaxed);
}

static ssize_t read_fd(int fd, void *buf, size_t n, char *err, size_t errlen)
{
	ssize_t got;

	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		set_error(err, errlen, strerror(errno));
	else
		atomic_fetch_add_explicit(&bytes_read, (unsigned long long)got, memory_order_relaxed);
	return got;
}

/* Makes more raw bytes available after the s->in_len already there, up to
 * `most` in all (at most RAW_BUFFER_SIZE; a memory stream has no buffer and
 * ignores it).  Returns how many were added, 0 at the end of the input, -1
 * on error. */
static ssize_t fill_raw(struct input_stream *s, size_t most, char *err, size_t errlen)
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
	got = read_fd(s->fd, s->raw + s->in_len, chunk(s, most - s->in_len), err, errlen);
	if (got == 0)
		s->raw_eof = 1;
	if (got > 0)
		s->in_len += (size_t)got;
	return got;
}

/* Makes at least n raw bytes available, or all there are when the input
 * ends first.  Returns 0, or -1 on a read error. */
static int fill_raw_to(struct input_stream *s, size_t n, size_t most, char *err, size_t errlen)
{
	while (s->in_len < n) {
		ssize_t got = fill_raw(s, most, err, errlen);

		if (got < 0)
			return -1;
		if (got == 0)
			break;
	}
	return 0;
}

/* The flag byte of a gzip member's header may not set the reserved bits
 * 5-7, which gzip -d refuses and igzip does not look at.  Returns 0, or -1
 * with the reason in err. */
static int check_member_flags(struct input_stream *s, char *err, size_t errlen)
{
	if (fill_raw_to(s, 4, RAW_BUFFER_SIZE, err, errlen) < 0)
		return -1;
	if (s->in_len < 4)
		return 0;   /* too short: igzip says it is truncated */
	if (s->in[3] & 0xe0) {
		set_error(err, errlen, "corrupt gzip data: unknown header flags set");
		return -1;
	}
	return 0;
}

/* The next byte of the raw input, refilling as needed; -1 at the end
 * (err then says the data was truncated) or on a read error. */
static int take_raw_byte(struct input_stream *s, char *err, size_t errlen)
{
	if (s->in_len == 0 && fill_raw_to(s, 1, RAW_BUFFER_SIZE, err, errlen) < 0)
		return -1;
	if (s->in_len == 0) {
		set_error(err, errlen, "truncated gzip data");
		return -1;
	}
	s->in_len--;
	return *s->in++;
}

/* Reads past a gzip member's header (RFC 1952 2.3: the fixed ten bytes,
 * then FEXTRA, FNAME, FCOMMENT and FHCRC as its flags say), however long
 * its name, comment or extra field, so that igzip is given the deflate data
 * only (ISAL_GZIP_NO_HDR_VER, which still checks the trailer): igzip parses
 * a header only within the bytes it is given at a time, and one of more
 * than those read uninitialised memory and was refused.  A flag byte with
 * the reserved bits 5-7 set, which gzip -d refuses, is refused.  Returns 0,
 * or -1 with the reason in err. */
static int skip_member_header(struct input_stream *s, char *err, size_t errlen)
{
	int fixed[10];
	for (int i = 0; i < 10; i++)
		if ((fixed[i] = take_raw_byte(s, err, errlen)) < 0)
			return -1;
	if (fixed[2] != 8) {
		set_error(err, errlen, "corrupt gzip data: unknown compression method");
		return -1;
	}
	int flags = fixed[3];
	if (flags & 0xe0) {
		set_error(err, errlen, "corrupt gzip data: unknown header flags set");
		return -1;
	}
	if (flags & 4) { /* FEXTRA: a length, then that many bytes */
		int lo = take_raw_byte(s, err, errlen), hi = lo < 0 ? -1 : take_raw_byte(s, err, errlen);
		if (hi < 0)
			return -1;
		for (long n = lo | hi << 8; n > 0; n--)
			if (take_raw_byte(s, err, errlen) < 0)
				return -1;
	}
	for (int field = 8; field <= 16; field *= 2) { /* FNAME, FCOMMENT: to a NUL */
		if (!(flags & field))
			continue;
		int c;
		while ((c = take_raw_byte(s, err, errlen)) > 0)
			continue;
		if (c < 0)
			return -1;
	}
	if (flags & 2) /* FHCRC */
		for (int i = 0; i < 2; i++)
			if (take_raw_byte(s, err, errlen) < 0)
				return -1;
	return 0;
}

/* Whether the first WIDE_PROBE bytes at b are ASCII text (printable or a
 * blank) in units of `width` bytes, each with its character at byte `at`
 * and NULs in the others. */
#define WIDE_PROBE 16
static int ascii_in_units(const unsigned char *b, int width, int at)
{
	for (int i = 0; i < WIDE_PROBE; i++) {
		unsigned char c = b[i];
		if (i % width != at ? c != 0 : !((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r'))
			return 0;
	}
	return 1;
}

/* The encoding of text that begins with the n bytes at b when it is UTF-16
 * or UTF-32, else NULL: by its byte order mark, or without one when its
 * first 16 bytes are ASCII characters with NULs where UTF-16 or UTF-32
 * puts them (PGN has no NUL; a damaged file with a few NULs at its start
 * is read as it is).  The name is iconv's, then what told it. */
static const char *wide_encoding(const unsigned char *b, size_t n)
{
	if (n >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0)
		return "UTF-32 (it begins with the byte order mark FF FE 00 00)";
	if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF)
		return "UTF-32 (it begins with the byte order mark 00 00 FE FF)";
	if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE)
		return "UTF-16 (it begins with the byte order mark FF FE)";
	if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF)
		return "UTF-16 (it begins with the byte order mark FE FF)";
	if (n < WIDE_PROBE)
		return NULL;
	if (ascii_in_units(b, 4, 0))
		return "UTF-32LE (three NULs after each of its first characters)";
	if (ascii_in_units(b, 4, 3))
		return "UTF-32BE (three NULs before each of its first characters)";
	if (ascii_in_units(b, 2, 0))
		return "UTF-16LE (a NUL after each of its first characters)";
	if (ascii_in_units(b, 2, 1))
		return "UTF-16BE (a NUL before each of its first characters)";
	return NULL;
}

/* Text in UTF-16 or UTF-32 would be read as a NUL beside every character,
 * a finding at every byte: every read of it fails, saying what to do
 * instead.  Returns -1. */
static int refuse_wide(const struct input_stream *s, char *err, size_t errlen)
{
	char msg[200];
	snprintf(msg, sizeof msg, "the text is %s, which is not read: convert it to UTF-8 first, e.g. iconv -f %.*s -t UTF-8",
		 s->wide, (int)strcspn(s->wide, " "), s->wide);
	set_error(err, errlen, msg);
	return -1;
}

/* Does p (n bytes) go on as a tag pair after its '[': a letter, up to 40
 * letters, digits and underscores, maybe blanks, a quote?  Not a letter alone:
 * random bytes have a '[' and a letter at a line's start once in 40 files
 * of 8 KiB (tests/e2e_safety.sh's noise), and were taken for PGN. */
static int tag_pair_at(const unsigned char *p, size_t n)
{
	size_t k = 0;
	if (n == 0 || !(((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z')))
		return 0;
	while (k < n && k < 40 && (isalnum(p[k]) || p[k] == '_'))
		k++;
	while (k < n && (p[k] == ' ' || p[k] == '\t'))
		k++;
	return k < n && p[k] == '"';
}

/* More than one byte in twenty of the first 4 KiB of b a control character
 * other than a blank, NUL and ^Z, and no line among them that begins with a
 * tag pair (foreign_content). */
static int binary_data(const unsigned char *b, size_t n)
{
	size_t probe = n < 4096 ? n : 4096, controls = 0;
	/* (cppcheck takes n for 0 from a caller's path where it cannot be.) */
	// cppcheck-suppress knownConditionTrueFalse
	if (probe < 64)
		return 0;
	for (size_t i = 0; i + 1 < probe; i++) {
		unsigned char c = b[i];
		if (c == '[' && (i == 0 || b[i - 1] == '\n' || b[i - 1] == '\r') && tag_pair_at(b + i + 1, probe - i - 1))
			return 0;   /* a tag pair at a line's start: PGN, however damaged */
		controls += c < 0x20 && c != 0 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1a;
	}
	return controls * 20 > probe;
}

/* What the first n bytes at b show the input to be when it is plainly not
 * PGN, else NULL: a program, an image, a PDF, a database (by their magic
 * bytes), an HTML or XML page, or binary data (more than one byte in
 * twenty of the first 4 KiB a control character other than a blank, NUL
 * and ^Z - a DGT board's log has runs of NULs - and no line among them
 * that begins with a tag pair).
 * Such input gets one message, not a syntax finding at every byte. */
static const char *foreign_content(const unsigned char *b, size_t n)
{
	static const struct { const char *what; const char *magic; size_t len; } magics[] = {
		{ "an ELF executable (it begins with 7F 45 4C 46)", "\x7f" "ELF", 4 },
		{ "a PDF document (it begins with %PDF-)", "%PDF-", 5 },
		{ "a PNG image", "\x89PNG\r\n\x1a\n", 8 },
		{ "a JPEG image", "\xff\xd8\xff", 3 },
		{ "a GIF image", "GIF8", 4 },
		{ "an SQLite database", "SQLite format 3", 15 },
		{ "a Mach-O or Java class file (it begins with CA FE BA BE)", "\xca\xfe\xba\xbe", 4 },
	};
	for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++)
		if (n >= magics[i].len && memcmp(b, magics[i].magic, magics[i].len) == 0)
			return magics[i].what;
	size_t at = n >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	while (at < n && (b[at] == ' ' || b[at] == '\t' || b[at] == '\r' || b[at] == '\n'))
		at++;
	static const char *const pages[] = { "<!doctype html", "<html", "<?xml" };
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		size_t k = strlen(pages[i]);
		if (n - at >= k && strncasecmp((const char *)b + at, pages[i], k) == 0)
			return i < 2 ? "an HTML page" : "an XML document";
	}
	if (binary_data(b, n))
		return "binary data (control characters throughout its first bytes)";
	return NULL;
}

static int refuse_foreign(const struct input_stream *s, char *err, size_t errlen)
{
	char msg[200];
	snprintf(msg, sizeof msg, "not a PGN file: it is %s", s->foreign);
	set_error(err, errlen, msg);
	return -1;
}

/* The compressed formats people's PGN comes in (stream.h): their magic
 * bytes, and how they are read: gzip here (igzip), three through a decoder
 * (decompress.h), and two not at all, with the command that unpacks them. */
static const struct compression {
	const char *name, *magic_text, *command;
	unsigned char magic[STREAM_MAGIC_MAX];
	size_t magic_length;
	int decoder;                /* enum decoder_kind, or -1 */
	enum stream_compression kind;
} compressions[] = {
	{ "gzip", "1F 8B", "gzip -dc", { 0x1f, 0x8b }, 2, -1, STREAM_GZIP },
	{ "zstd", "28 B5 2F FD", "zstd -dc", { 0x28, 0xB5, 0x2F, 0xFD }, 4, DECODER_ZSTD, STREAM_ZSTD },
	{ "xz", "FD 37 7A 58 5A 00", "xz -dc", { 0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00 }, 6, DECODER_XZ, STREAM_XZ },
	{ "bzip2", "BZh", "bzip2 -dc", { 'B', 'Z', 'h' }, 3, DECODER_BZIP2, STREAM_BZIP2 },
	{ "a zip archive", "PK 03 04", "unzip -p", { 'P', 'K', 3, 4 }, 4, -1, STREAM_ZIP },
	{ "7-Zip", "37 7A BC AF 27 1C", "7z x -so", { 0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C }, 6, -1, STREAM_7ZIP },
};

static const struct compression *compression_of(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < sizeof compressions / sizeof compressions[0]; i++) {
		const struct compression *c = &compressions[i];
		/* BZh is followed by the block size, 1 to 9. */
		if (n >= c->magic_length + (c->magic[0] == 'B') && memcmp(b, c->magic, c->magic_length) == 0
		    && (c->magic[0] != 'B' || (b[3] >= '1' && b[3] <= '9')))
			return c;
	}
	return NULL;
}

enum stream_compression stream_compression_of(const void *b, size_t n)
{
	const struct compression *c = compression_of(b, n);
	return c ? c->kind : STREAM_PLAIN;
}

const char *stream_compression_name(enum stream_compression kind)
{
	for (size_t i = 0; i < sizeof compressions / sizeof compressions[0]; i++)
		if (compressions[i].kind == kind)
			return compressions[i].name;
	return NULL;
}

static int refuse_compressed(const struct input_stream *s, char *err, size_t errlen)
{
	char msg[200];
	const struct compression *c = s->compressed;
	snprintf(msg, sizeof msg, "the file is %s-compressed (it begins with %s), which is not read: decompress it first, e.g. %s FILE | pgnaudit check",
		 c->name, c->magic_text, c->command);
	set_error(err, errlen, msg);
	return -1;
}

/* The first n bytes inflated or decoded (gzip, the decoders, a zip
 * member), looked at once as detect_format looks at plain text: -1 after
 * refusing text in UTF-16 or UTF-32 or input that is no PGN, else 0. */
static int refuse_first_output(struct input_stream *s, size_t n, char *err, size_t errlen)
{
	if (s->inflated_any)
		return 0;
	s->inflated_any = 1;
	s->wide = wide_encoding(s->out, n);
	if (s->wide)
		return refuse_wide(s, err, errlen);
	s->foreign = foreign_content(s->out, n);
	if (s->foreign)
		return refuse_foreign(s, err, errlen);
	return 0;
}

/* The archive's bytes, for zip.c: those in the raw buffer, then more. */
static ssize_t zip_source_read(void *ctx, const void **bytes)
{
	struct input_stream *s = ctx;
	char err[160];

	if (s->in_len == 0 && fill_raw(s, RAW_BUFFER_SIZE, err, sizeof err) < 0)
		return -1;
	size_t n = s->in_len;
	*bytes = s->in;
	s->in += n;
	s->in_len = 0;
	s->zip_at += n;
	return (ssize_t)n;
}

static long long zip_source_seek(void *ctx, long long offset, int whence)
{
	struct input_stream *s = ctx;
	long long at;

	if (whence == SEEK_CUR) {
		offset += (long long)s->zip_at;
		whence = SEEK_SET;
	}
	if (s->fd < 0) {
		long long size = (long long)(s->mem_end - s->mem_start);

		at = whence == SEEK_SET ? offset : size + offset;
		if (at < 0 || at > size) {
			errno = EINVAL;
			return -1;
		}
		s->in = s->mem_start + at;
		s->raw_eof = at == size;
	} else {
		off_t got = lseek(s->fd, (off_t)offset, whence);

		if (got < 0)
			return -1;
		at = (long long)got;
		s->in = s->raw;
		s->raw_eof = 0;
	}
	s->in_len = 0;
	s->zip_at = (unsigned long long)at;
	return at;
}

/* Whether the archive can be read by its central directory: a regular
 * file or bytes in memory, not a pipe. */
static int seekable(const struct input_stream *s)
{
	struct stat st;

	return s->fd < 0 || (fstat(s->fd, &st) == 0 && S_ISREG(st.st_mode));
}

static int start_zip(struct input_stream *s, char *err, size_t errlen)
{
	struct zip_source source = { zip_source_read, seekable(s) ? zip_source_seek : NULL, s };

	if (s->out == NULL)
		s->out = malloc(OUT_SIZE);
	if (s->out == NULL) {
		set_error(err, errlen, strerror(ENOMEM));
		return -1;
	}
	/* Failing to open is a failure of every read, as a decoder's is. */
	s->mode = MODE_ZIP;
	s->zip = zip_open(&source, s->zip_error, sizeof s->zip_error);
	if (s->zip == NULL)
		s->zip_state = -1;
	return 0;
}

static ssize_t zip_failed(const struct input_stream *s, char *err, size_t errlen)
{
	set_error(err, errlen, s->zip_error);
	return -1;
}

/* What is wrong when the archive ended without the member wanted. */
static void no_member(struct input_stream *s)
{
	long others;
	const char *other = zip_other_member(s->zip, &others);
	char *e = s->zip_error;
	size_t n = sizeof s->zip_error;

	if (s->zip_seen > 0)
		snprintf(e, n, "the zip archive has %ld *.pgn members, not %ld: it changed while it was read",
			 s->zip_seen, s->zip_want);
	else if (!other)
		snprintf(e, n, "a zip archive without files");
	else if (others == 1)
		snprintf(e, n, "a zip archive without a *.pgn member (it holds %s)", other);
	else
		snprintf(e, n, "a zip archive without a *.pgn member (it holds %s and %ld other %s)", other,
			 others - 1, others == 2 ? "file" : "files");
	s->zip_state = -1;
}

/* Where in the archive it failed, after why. */
static void zip_failed_at(struct input_stream *s)
{
	size_t n = strlen(s->zip_error);

	snprintf(s->zip_error + n, sizeof s->zip_error - n, " (at byte %llu of the archive)", s->zip_at);
	s->zip_state = -1;
}

/* Reads more of the members wanted into s->out: the one asked for, or
 * all of them with a newline between, so that the last game of one
 * cannot run into the first of the next.  Returns the bytes put there, 0
 * at the end, -1 with the reason in err. */
static ssize_t unzip_more(struct input_stream *s, char *err, size_t errlen)
{
	s->out_at = s->out_len = 0;
	for (;;) {
		if (s->zip_state < 0)
			return zip_failed(s, err, errlen);
		if (s->zip_state > 0)
			return 0;
		if (!s->zip_in_member) {
			const char *name;
			int got = s->zip_eof ? 0 : zip_next_member(s->zip, &name, s->zip_error, sizeof s->zip_error);

			if (got < 0) {
				zip_failed_at(s);
			} else if (got == 0) {
				s->zip_eof = 1;
				if (s->zip_seen == 0 || s->zip_seen < s->zip_want)
					no_member(s);
				else
					s->zip_state = 1;
			} else if (s->zip_want < 0) {
				continue;   /* reading on to the end */
			} else if (++s->zip_seen == s->zip_want || s->zip_want == 0) {
				s->zip_in_member = 1;
				if (s->zip_seen > 1 && s->zip_want == 0) {
					s->out[0] = '\n';
					s->out_len = 1;
					return 1;
				}
			}
			continue;
		}
		ssize_t made = zip_read(s->zip, s->out, OUT_SIZE, s->zip_error, sizeof s->zip_error);

		if (made < 0) {
			zip_failed_at(s);
			continue;
		}
		if (made == 0) {
			s->zip_in_member = 0;
			if (s->zip_want && !s->zip_to_end)
				s->zip_state = 1;
			if (s->zip_want)
				s->zip_want = -1;   /* no member is wanted now: on to the end */
			continue;
		}
		if (refuse_first_output(s, (size_t)made, err, errlen) < 0)
			return -1;
		s->out_len = (size_t)made;
		return made;
	}
}

/* Looks at the first bytes and chooses plain or gzip (or refuses text in
 * UTF-16 or UTF-32, and compressed data it does not read). */
static int detect_format(struct input_stream *s, char *err, size_t errlen)
{
	if (fill_raw_to(s, WIDE_PROBE, PROBE_SIZE, err, errlen) < 0)
		return -1;
	/* Refused text stays of unknown format, as gzip with bad flags below. */
	s->wide = wide_encoding(s->in, s->in_len);
	if (s->wide)
		return refuse_wide(s, err, errlen);
	if (zip_magic(s->in, s->in_len))
		return start_zip(s, err, errlen);
	if (s->zip_want) {
		set_error(err, errlen, "no longer a zip archive: it changed while it was read");
		return -1;
	}
	const struct compression *c = compression_of(s->in, s->in_len);
	if (c && c->decoder >= 0) {
		s->decoder = decoder_new((enum decoder_kind)c->decoder);
		if (s->out == NULL)
			s->out = malloc(OUT_SIZE);
		if (s->decoder == NULL || s->out == NULL) {
			set_error(err, errlen, strerror(ENOMEM));
			return -1;
		}
		(void)memory_populate(s->out, OUT_SIZE);
		if (s->raw != NULL)
			(void)memory_populate(s->raw, RAW_BUFFER_SIZE);
		s->mode = MODE_DECODER;
		return 0;
	}
	if (c && c->kind != STREAM_GZIP) {
		s->compressed = c;
		return refuse_compressed(s, err, errlen);
	}
	s->mode = MODE_PLAIN;
	if (!c) {
		s->foreign = foreign_content(s->in, s->in_len);
		if (s->foreign) {
			s->mode = MODE_UNKNOWN;
			return refuse_foreign(s, err, errlen);
		}
		return 0;
	}
	/* On an error the format stays unknown, so that the next read fails
	 * the same way instead of handing out the gzip bytes as text. */
	s->mode = MODE_UNKNOWN;
	if (check_member_flags(s, err, errlen) < 0)
		return -1;
	if (s->z == NULL)
		s->z = malloc(sizeof *s->z);
	if (s->out == NULL)
		s->out = malloc(OUT_SIZE);
	if (s->z == NULL || s->out == NULL) {
		set_error(err, errlen, strerror(ENOMEM));
		return -1;
	}
	/* Inflating fills both buffers (a stream in memory has no raw one),
	 * over and over. */
	(void)memory_populate(s->out, OUT_SIZE);
	if (s->raw != NULL)
		(void)memory_populate(s->raw, RAW_BUFFER_SIZE);
	if (skip_member_header(s, err, errlen) < 0)
		return -1;
	isal_inflate_init(s->z);
	s->z->crc_flag = ISAL_GZIP_NO_HDR_VER;
	s->mode = MODE_GZIP;
	return 0;
}

static ssize_t read_plain(struct input_stream *s, unsigned char *buf, size_t n,
			  char *err, size_t errlen)
{
	if (s->in_len == 0 && s->fd >= 0)
		return s->raw_eof ? 0 : read_fd(s->fd, buf, chunk(s, n), err, errlen);
	if (s->in_len == 0) {
		ssize_t got = fill_raw(s, RAW_BUFFER_SIZE, err, errlen);

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
	if (fill_raw_to(s, 2, RAW_BUFFER_SIZE, err, errlen) < 0)
		return -1;
	/* Zero bytes to the end (a tape's or tar's padding of its last block)
	 * are the end, as gzip -d takes them; a byte after them is not. */
	while (s->in_len > 0 && s->in[0] == 0) {
		while (s->in_len > 0 && s->in[0] == 0) {
			s->in++;
			s->in_len--;
		}
		if (s->in_len == 0 && fill_raw_to(s, 1, RAW_BUFFER_SIZE, err, errlen) < 0)
			return -1;
		if (s->in_len > 0 && s->in[0] != 0) {
			set_error(err, errlen, "trailing garbage after the gzip data and the zero bytes after it");
			return -1;
		}
	}
	if (s->in_len == 0)
		return 0;
	if (s->in_len < 2 || s->in[0] != 0x1f || s->in[1] != 0x8b) {
		set_error(err, errlen, "trailing garbage after the gzip data");
		return -1;
	}
	/* member_ended stays set on an error: the next read fails again. */
	if (check_member_flags(s, err, errlen) < 0 || skip_member_header(s, err, errlen) < 0)
		return -1;
	isal_inflate_reset(s->z);
	s->z->crc_flag = ISAL_GZIP_NO_HDR_VER;
	s->member_ended = 0;
	return 1;
}

static ssize_t inflate_error(int status, char *err, size_t errlen)
{
	const char *why;

	switch (status) {
	case ISAL_INVALID_BLOCK:
		why = "invalid block";
		break;
	case ISAL_INVALID_SYMBOL:
		why = "invalid code";
		break;
	case ISAL_INVALID_LOOKBACK:
		why = "invalid distance too far back";
		break;
	case ISAL_INVALID_WRAPPER:
		why = "invalid header";
		break;
	case ISAL_UNSUPPORTED_METHOD:
		why = "unknown compression method";
		break;
	case ISAL_INCORRECT_CHECKSUM:
		why = "incorrect data check";
		break;
	default:
		why = "invalid data";
		break;
	}
	char msg[200];
	snprintf(msg, sizeof msg, "corrupt gzip data: %s", why);
	set_error(err, errlen, msg);
	return -1;
}

/* Inflates into s->out until at least one byte comes out, the data ends, or
 * it fails.  Returns the bytes in s->out, 0 at the end, -1 on error.
 *
 * On corrupt data igzip can put out bytes that are not in the data (a match
 * reaching before the start is copied from its uninitialised buffer) before
 * it reports the error, so all that the failing call put out is thrown away
 * (but for a wrong checksum, found after data decoded as written).
 * For that to lose the same bytes however the input arrives (a pipe gives
 * short reads), igzip is always given INFLATE_UNIT bytes of input, or what
 * is left at the end: the calls, and what each puts out, then depend only on
 * the data. */
static ssize_t inflate_more(struct input_stream *s, char *err, size_t errlen)
{
	if (s->inflate_failed)
		return inflate_error(s->inflate_failed, err, errlen);
	s->out_at = s->out_len = 0;
	for (;;) {
		int status;
		size_t produced, taken;

		if (s->member_ended) {
			int more = next_member(s, err, errlen);

			if (more <= 0)
				return more;
		}
		if (fill_raw_to(s, INFLATE_UNIT, RAW_BUFFER_SIZE, err, errlen) < 0)
			return -1;
		size_t give = s->in_len < INFLATE_UNIT ? s->in_len : INFLATE_UNIT;
		s->z->next_in = (uint8_t *)s->in;   /* igzip only reads it */
		s->z->avail_in = (uint32_t)give;
		s->z->next_out = s->out;
		s->z->avail_out = (uint32_t)OUT_SIZE;
		status = isal_inflate(s->z);
		taken = (size_t)(s->z->next_in - s->in);
		s->in_len -= taken;
		s->in = s->z->next_in;
		produced = (size_t)(s->z->next_out - s->out);
		if (status < 0) {
			s->inflate_failed = status;
			/* A wrong checksum is found after the data, which was
			 * decoded as written: it goes out first, as gzip -d
			 * writes it. */
			if (status != ISAL_INCORRECT_CHECKSUM || produced == 0)
				return inflate_error(status, err, errlen);
		}
		s->out_len = produced;
		/* The text inside is looked at as plain text is (detect_format):
		 * the first output is the same bytes however the input comes. */
		if (produced > 0 && refuse_first_output(s, produced, err, errlen) < 0)
			return -1;
		if (s->z->block_state == ISAL_BLOCK_FINISH)
			s->member_ended = 1;
		if (produced > 0)
			return (ssize_t)produced;
		/* igzip takes all it is given, or fills the output: nothing
		 * out and nothing taken means the input has ended. */
		if (!s->member_ended && taken == 0 && s->in_len == 0 && s->raw_eof) {
			set_error(err, errlen, "truncated gzip data");
			return -1;
		}
		if (!s->member_ended && taken == 0 && s->in_len > 0) {
			set_error(err, errlen, "corrupt gzip data: igzip took no input");
			return -1;
		}
	}
}

/* The decoder's error, with where in the compressed data it was found. */
static ssize_t decoder_failed(const struct input_stream *s, char *err, size_t errlen)
{
	if (errlen > 0)
		snprintf(err, errlen, "%s (after byte %llu of the compressed data)", s->decoder_error, s->taken);
	return -1;
}

/* Decodes more into s->out (zstd, bzip2, xz).  Returns the bytes put
 * there, 0 at the end, -1 with the reason in err; the bytes decoded before
 * an error are handed out first, as the tools write them. */
static ssize_t decode_more(struct input_stream *s, char *err, size_t errlen)
{
	s->out_at = s->out_len = 0;
	for (;;) {
		if (s->decoder_state < 0)
			return decoder_failed(s, err, errlen);
		if (s->decoder_state > 0)
			return 0;
		if (s->in_len < DECODE_UNIT && !s->raw_eof &&
		    fill_raw_to(s, DECODE_UNIT, RAW_BUFFER_SIZE, err, errlen) < 0)
			return -1;
		/* INFLATE_UNIT bytes a step, or what is left at the end, as
		 * for gzip: the steps, and what comes out before corrupt data,
		 * depend on the data only, not on how the reads were cut. */
		const unsigned char *at = s->in;
		size_t made = 0, give = s->in_len < DECODE_UNIT ? s->in_len : DECODE_UNIT, left = give;
		int finish = s->raw_eof && give == s->in_len;
		s->decoder_state = decoder_step(s->decoder, &s->in, &left, s->out, OUT_SIZE, &made, finish,
						s->decoder_error, sizeof s->decoder_error);
		s->in_len -= give - left;
		s->taken += (unsigned long long)(s->in - at);
		if (s->decoder_state > 0 && s->in_len > 0) {
			snprintf(s->decoder_error, sizeof s->decoder_error, "trailing garbage after the %s data",
				 decoder_name(s->decoder));
			s->decoder_state = -1;
		}
		if (made > 0 && refuse_first_output(s, made, err, errlen) < 0)
			return -1;
		if (made > 0) {
			s->out_len = made;
			return (ssize_t)made;
		}
		if (s->decoder_state == 0 && s->in == at) {
			/* Nothing taken and nothing made: the decoder wants more
			 * than there is. */
			ssize_t got = s->raw_eof ? 0 : fill_raw(s, RAW_BUFFER_SIZE, err, errlen);
			if (got < 0)
				return -1;
			if (got == 0) {
				snprintf(s->decoder_error, sizeof s->decoder_error, "truncated %s data",
					 decoder_name(s->decoder));
				s->decoder_state = -1;
			}
		}
	}
}

/* Hands out what is inflated or decoded into s->out (gzip, or the
 * decoders), making more first when it is all handed out. */
static ssize_t read_out(struct input_stream *s, unsigned char *buf, size_t n, char *err, size_t errlen)
{
	if (s->out_at == s->out_len) {
		ssize_t got = s->mode == MODE_GZIP ? inflate_more(s, err, errlen)
			    : s->mode == MODE_ZIP ? unzip_more(s, err, errlen) : decode_more(s, err, errlen);

		if (got <= 0)
			return got;
	}
	n = chunk(s, n);
	if (n > s->out_len - s->out_at)
		n = s->out_len - s->out_at;
	memcpy(buf, s->out + s->out_at, n);
	s->out_at += n;
	return (ssize_t)n;
}

/* The decoding thread: fills the free slots, one at a time, until the
 * data end or fail, or the stream is closed. */
static void *decode_ahead(void *arg)
{
	struct input_stream *s = arg;
	struct ahead *a = s->ahead;

	for (;;) {
		pthread_mutex_lock(&a->lock);
		while (a->count == AHEAD_SLOTS && !a->stop)
			pthread_cond_wait(&a->room, &a->lock);
		int stop = a->stop, k = (a->first + a->count) % AHEAD_SLOTS;
		pthread_mutex_unlock(&a->lock);
		if (stop)
			return NULL;
		size_t len = 0;
		ssize_t got;
		char err[sizeof a->error];

		while ((got = read_out(s, a->slot[k] + len, OUT_SIZE - len, err, sizeof err)) > 0 &&
		       (len += (size_t)got) < OUT_SIZE)
			continue;
		pthread_mutex_lock(&a->lock);
		if (len > 0) {
			a->len[k] = len;
			a->count++;
		}
		if (got < 0)
			memcpy(a->error, err, sizeof err);
		if (got <= 0)
			a->ended = got < 0 ? -1 : 1;
		pthread_cond_signal(&a->more);
		pthread_mutex_unlock(&a->lock);
		if (got <= 0)
			return NULL;
	}
}

static ssize_t read_ahead(struct input_stream *s, unsigned char *buf, size_t n, char *err, size_t errlen)
{
	struct ahead *a = s->ahead;

	pthread_mutex_lock(&a->lock);
	while (a->count == 0 && !a->ended)
		pthread_cond_wait(&a->more, &a->lock);
	if (a->count == 0) {
		int failed = a->ended < 0;

		if (failed)
			set_error(err, errlen, a->error);
		pthread_mutex_unlock(&a->lock);
		return failed ? -1 : 0;
	}
	int k = a->first;
	pthread_mutex_unlock(&a->lock);
	if (n > a->len[k] - a->at)
		n = a->len[k] - a->at;
	memcpy(buf, a->slot[k] + a->at, n);
	a->at += n;
	if (a->at == a->len[k]) {
		pthread_mutex_lock(&a->lock);
		a->first = (k + 1) % AHEAD_SLOTS;
		a->count--;
		a->at = 0;
		pthread_cond_signal(&a->room);
		pthread_mutex_unlock(&a->lock);
	}
	return (ssize_t)n;
}

static void free_ahead(struct ahead *a)
{
	for (int k = 0; k < AHEAD_SLOTS; k++)
		free(a->slot[k]);
	free(a);
}

int stream_read_ahead(struct input_stream *s)
{
	char err[256];

	if (s->ahead != NULL || s->tap != NULL || s->chunk_limit != 0)
		return 0;
	if (s->mode == MODE_UNKNOWN && detect_format(s, err, sizeof err) < 0)
		return 0;
	if (s->mode == MODE_PLAIN)
		return 0;
	struct ahead *a = calloc(1, sizeof *a);

	if (a == NULL)
		return 0;
	for (int k = 0; k < AHEAD_SLOTS; k++) {
		a->slot[k] = malloc(OUT_SIZE);
		if (a->slot[k] == NULL) {
			free_ahead(a);
			return 0;
		}
	}
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->more, NULL);
	pthread_cond_init(&a->room, NULL);
	s->ahead = a;
	if (pthread_create(&a->thread, NULL, decode_ahead, s) != 0) {
		s->ahead = NULL;
		pthread_cond_destroy(&a->more);
		pthread_cond_destroy(&a->room);
		pthread_mutex_destroy(&a->lock);
		free_ahead(a);
		return 0;
	}
	return 1;
}

static void stop_ahead(struct input_stream *s)
{
	struct ahead *a = s->ahead;

	pthread_mutex_lock(&a->lock);
	a->stop = 1;
	pthread_cond_signal(&a->room);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	pthread_cond_destroy(&a->more);
	pthread_cond_destroy(&a->room);
	pthread_mutex_destroy(&a->lock);
	free_ahead(a);
	s->ahead = NULL;
}

ssize_t stream_read(struct input_stream *s, void *buf, size_t n, char *err, size_t errlen)
{
	ssize_t got;

	if (n == 0)
		return 0;
	/* The decoding thread is the one to look at the rest. */
	if (s->ahead)
		return read_ahead(s, buf, n, err, errlen);
	if (s->wide)
		return refuse_wide(s, err, errlen);
	if (s->foreign)
		return refuse_foreign(s, err, errlen);
	if (s->compressed)
		return refuse_compressed(s, err, errlen);
	if (s->mode == MODE_UNKNOWN && detect_format(s, err, errlen) < 0)
		return -1;
	if (s->mode != MODE_PLAIN)
		got = read_out(s, buf, n, err, errlen);
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

/* The parked stream, when it is at the end of the member before this one. */
static struct input_stream *unpark(const char *path, long member)
{
	struct input_stream *s = NULL;

	pthread_mutex_lock(&parked_lock);
	if (parked != NULL && strcmp(parked->zip_path, path) == 0 && parked->zip_seen == member - 1) {
		s = parked;
		parked = NULL;
	}
	pthread_mutex_unlock(&parked_lock);
	if (s != NULL) {
		s->zip_want = member;
		s->zip_state = 0;
		s->inflated_any = 0;
		s->out_at = s->out_len = 0;
	}
	return s;
}

struct input_stream *stream_open_member(const char *path, long member, int last, char *err, size_t errlen)
{
	struct input_stream *s = unpark(path, member);

	if (s != NULL) {
		s->zip_to_end = last;
		return s;
	}
	s = stream_open(path, err, errlen);
	if (s != NULL) {
		s->zip_want = member;
		s->zip_to_end = last;
		s->zip_path = strdup(path);
		if (s->zip_path == NULL) {
			stream_close(s);
			set_error(err, errlen, strerror(ENOMEM));
			return NULL;
		}
	}
	return s;
}

void stream_forget_parked(void)
{
	pthread_mutex_lock(&parked_lock);
	struct input_stream *s = parked;
	parked = NULL;
	pthread_mutex_unlock(&parked_lock);
	if (s != NULL) {
		s->zip_path[0] = '\0';   /* not parked again */
		stream_close(s);
	}
}

int stream_zip_members(const char *path, char ***names, long *count, char *err, size_t errlen)
{
	struct input_stream *s = stream_open(path, err, errlen);
	long cap = 0;
	int status = 1;

	*names = NULL;
	*count = 0;
	if (s == NULL)
		return -1;
	if (fill_raw_to(s, 4, PROBE_SIZE, err, errlen) < 0 || !zip_magic(s->in, s->in_len)) {
		status = s->in_len >= 4 || s->raw_eof ? 0 : -1;   /* not a zip, or unreadable */
		stream_close(s);
		return status;
	}
	if (start_zip(s, err, errlen) < 0 || s->zip_state < 0) {
		if (s->zip_state < 0)
			zip_failed(s, err, errlen);
		stream_close(s);
		return -1;
	}
	for (;;) {
		const char *name;
		int got = zip_next_member(s->zip, &name, s->zip_error, sizeof s->zip_error);

		if (got == 0 && *count == 0)
			no_member(s);
		else if (got < 0)
			zip_failed_at(s);
		if (got <= 0)
			break;
		if (*count == cap) {
			cap = cap ? 2 * cap : 8;
			*names = xrealloc(*names, (size_t)cap * sizeof **names);
		}
		(*names)[(*count)++] = xstrdup(name);
	}
	if (s->zip_state < 0) {
		zip_failed(s, err, errlen);
		status = -1;
	}
	stream_close(s);
	return status;
}

struct input_stream *stream_open_memory(const void *data, size_t len)
{
	static const unsigned char nothing[1];
	struct input_stream *s = new_stream(-1, 0);

	if (s == NULL)
		return NULL;
	s->in = len > 0 ? data : nothing;
	s->mem_start = s->in;
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

int stream_positional(struct input_stream *s, unsigned long long *size)
{
	struct stat st;
	char err[256];

	if (s->fd < 0 || !s->close_fd || s->tap != NULL || s->chunk_limit != 0)
		return 0;
	if (s->mode == MODE_UNKNOWN && detect_format(s, err, sizeof err) < 0)
		return 0;
	if (s->mode != MODE_PLAIN || fstat(s->fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0)
		return 0;
	*size = (unsigned long long)st.st_size;
	return 1;
}

ssize_t stream_pread(struct input_stream *s, void *buf, size_t n, unsigned long long at, char *err,
		     size_t errlen)
{
	size_t done = 0;

	while (done < n) {
		ssize_t got = pread(s->fd, (unsigned char *)buf + done, n - done, (off_t)(at + done));

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			set_error(err, errlen, strerror(errno));
			return -1;
		}
		if (got == 0)
			break;
		done += (size_t)got;
	}
	atomic_fetch_add_explicit(&bytes_read, done, memory_order_relaxed);
	return (ssize_t)done;
}

int stream_seek(struct input_stream *s, unsigned long long at, char *err, size_t errlen)
{
	if (lseek(s->fd, (off_t)at, SEEK_SET) < 0) {
		set_error(err, errlen, strerror(errno));
		return -1;
	}
	s->in = s->raw;
	s->in_len = 0;
	s->raw_eof = 0;
	return 0;
}

void stream_close(struct input_stream *s)
{
	if (s == NULL)
		return;
	if (s->ahead)
		stop_ahead(s);
	/* A member read to its end, with nothing set on it for one caller. */
	if (s->zip_path != NULL && s->zip_path[0] && s->zip_state == 1 && !s->zip_eof && s->tap == NULL &&
	    s->chunk_limit == 0) {
		pthread_mutex_lock(&parked_lock);
		struct input_stream *old = parked;
		parked = s;
		pthread_mutex_unlock(&parked_lock);
		if (old != NULL) {
			old->zip_path[0] = '\0';
			stream_close(old);
		}
		return;
	}
	free(s->zip_path);
	free(s->z);
	decoder_free(s->decoder);
	zip_close(s->zip);
	free(s->out);
	if (s->close_fd)
		close(s->fd);
	free(s->raw);
	free(s);
}
