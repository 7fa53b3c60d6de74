/*
 * zip.c - zip archives through libarchive, loaded on first use (zip.h).
 */
#include "parser/zip.h"

#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The functions used, looked up once (libarchive 3.x: libarchive.so.13). */
static struct {
	void *handle;
	const char *failure;  /* why it could not be loaded, or NULL */
	__typeof__(archive_read_new) *read_new;
	__typeof__(archive_read_support_format_zip) *support_zip;
	__typeof__(archive_read_set_read_callback) *set_read;
	__typeof__(archive_read_set_seek_callback) *set_seek;
	__typeof__(archive_read_set_callback_data) *set_data;
	__typeof__(archive_read_open1) *open1;
	__typeof__(archive_read_next_header) *next_header;
	__typeof__(archive_read_data) *read_data;
	__typeof__(archive_error_string) *error_string;
	__typeof__(archive_read_free) *read_free;
	__typeof__(archive_entry_pathname) *pathname;
	__typeof__(archive_entry_pathname_utf8) *pathname_utf8;
	__typeof__(archive_entry_filetype) *filetype;
	__typeof__(archive_entry_is_encrypted) *is_encrypted;
} la;

static pthread_once_t la_once = PTHREAD_ONCE_INIT;
static char la_failure[256];

static void *symbol(const char *name)
{
	void *p = dlsym(la.handle, name);
	if (!p && !la.failure) {
		snprintf(la_failure, sizeof la_failure, "libarchive.so.13 has no %s", name);
		la.failure = la_failure;
	}
	return p;
}

static void load_libarchive(void)
{
	la.handle = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
	if (!la.handle) {
		const char *why = dlerror();
		snprintf(la_failure, sizeof la_failure, "%s", why ? why : "libarchive.so.13 not found");
		la.failure = la_failure;
		return;
	}
	/* dlsym gives a void *, which POSIX lets be converted to a function
	 * pointer; memcpy says so without a cast C11 leaves undefined. */
#define LOOK_UP(field, name) do { void *p_ = symbol(name); memcpy(&la.field, &p_, sizeof p_); } while (0)
	LOOK_UP(read_new, "archive_read_new");
	LOOK_UP(support_zip, "archive_read_support_format_zip");
	LOOK_UP(set_read, "archive_read_set_read_callback");
	LOOK_UP(set_seek, "archive_read_set_seek_callback");
	LOOK_UP(set_data, "archive_read_set_callback_data");
	LOOK_UP(open1, "archive_read_open1");
	LOOK_UP(next_header, "archive_read_next_header");
	LOOK_UP(read_data, "archive_read_data");
	LOOK_UP(error_string, "archive_error_string");
	LOOK_UP(read_free, "archive_read_free");
	LOOK_UP(pathname, "archive_entry_pathname");
	LOOK_UP(pathname_utf8, "archive_entry_pathname_utf8");
	LOOK_UP(filetype, "archive_entry_filetype");
	LOOK_UP(is_encrypted, "archive_entry_is_encrypted");
#undef LOOK_UP
}

/* The end of central directory record: 22 bytes and a comment of up to
 * 65535 bytes, the last thing in a zip archive. */
#define END_RECORD 22
#define TAIL_SIZE (END_RECORD + 65535)

struct zip_reader {
	struct archive *a;
	struct zip_source source;
	char *other;          /* the first member passed over, or NULL */
	long others;
	int ended;            /* the source said it has no more bytes */
	int no_end;           /* the archive has no end record: truncated */
	unsigned char *tail;  /* from a pipe: the last bytes it gave, */
	size_t tail_len;      /* to look for the end record in */
};

int zip_magic(const unsigned char *b, size_t n)
{
	return n >= 4 && b[0] == 'P' && b[1] == 'K' && ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6));
}

/* Keeps the last TAIL_SIZE bytes of n more. */
static void keep_tail(struct zip_reader *z, const unsigned char *b, size_t n)
{
	if (n >= TAIL_SIZE) {
		memcpy(z->tail, b + n - TAIL_SIZE, TAIL_SIZE);
		z->tail_len = TAIL_SIZE;
		return;
	}
	if (z->tail_len + n > TAIL_SIZE) {
		size_t drop = z->tail_len + n - TAIL_SIZE;
		memmove(z->tail, z->tail + drop, z->tail_len - drop);
		z->tail_len -= drop;
	}
	memcpy(z->tail + z->tail_len, b, n);
	z->tail_len += n;
}

static la_ssize_t read_callback(struct archive *a, void *ctx, const void **bytes)
{
	struct zip_reader *z = ctx;
	ssize_t got = z->source.read(z->source.ctx, bytes);
	(void)a;
	if (got == 0)
		z->ended = 1;
	if (got > 0 && z->tail)
		keep_tail(z, *bytes, (size_t)got);
	return got;
}

/* Whether the n bytes at b end with an end record (whose comment reaches
 * to the end). */
static int has_end_record(const unsigned char *b, size_t n)
{
	for (size_t at = n >= END_RECORD ? n - END_RECORD + 1 : 0; at-- > 0;) {
		if (b[at] == 'P' && b[at + 1] == 'K' && b[at + 2] == 5 && b[at + 3] == 6 &&
		    at + END_RECORD + (size_t)(b[at + 20] | b[at + 21] << 8) == n)
			return 1;
	}
	return 0;
}

/* Whether a file's last bytes hold the end record, read before libarchive
 * starts: without it libarchive reads the members from their own headers
 * and takes the end of the data for the end of the archive. */
static int file_has_end(const struct zip_source *source)
{
	long long size = source->seek(source->ctx, 0, SEEK_END);
	if (size < 0)
		return 1;     /* cannot tell: libarchive will say */
	long long from = size > TAIL_SIZE ? size - TAIL_SIZE : 0;
	unsigned char *tail = malloc((size_t)(size - from));
	size_t got = 0;
	int found = 1;
	if (tail && source->seek(source->ctx, from, SEEK_SET) == from) {
		const void *bytes;
		ssize_t n;
		while (got < (size_t)(size - from) && (n = source->read(source->ctx, &bytes)) > 0) {
			size_t take = (size_t)n < (size_t)(size - from) - got ? (size_t)n : (size_t)(size - from) - got;
			memcpy(tail + got, bytes, take);
			got += take;
		}
		found = has_end_record(tail, got);
	}
	free(tail);
	source->seek(source->ctx, 0, SEEK_SET);
	return found;
}

static la_int64_t seek_callback(struct archive *a, void *ctx, la_int64_t offset, int whence)
{
	struct zip_reader *z = ctx;
	long long at = z->source.seek(z->source.ctx, (long long)offset, whence);
	(void)a;
	return at < 0 ? ARCHIVE_FATAL : (la_int64_t)at;
}

static void set_error(char *err, size_t errlen, const char *what, struct zip_reader *z)
{
	const char *why = z ? la.error_string(z->a) : NULL;
	/* Data that stops in a member makes the inflater say "-5". */
	if (z && (z->ended || z->no_end))
		what = "truncated zip data", why = NULL;
	if (errlen > 0)
		snprintf(err, errlen, "%s%s%s", what, why ? ": " : "", why ? why : "");
}

struct zip_reader *zip_open(const struct zip_source *source, char *err, size_t errlen)
{
	pthread_once(&la_once, load_libarchive);
	if (la.failure) {
		if (errlen > 0)
			snprintf(err, errlen, "reading zip archives needs libarchive (the Debian package libarchive13): %s",
				 la.failure);
		return NULL;
	}
	struct zip_reader *z = calloc(1, sizeof *z);
	if (!z || !(z->a = la.read_new())) {
		free(z);
		set_error(err, errlen, strerror(ENOMEM), NULL);
		return NULL;
	}
	z->source = *source;
	if (source->seek)
		z->no_end = !file_has_end(source);
	else if (!(z->tail = malloc(TAIL_SIZE)))
		z->no_end = 1;   /* cannot tell; see zip_next_member */
	/* Zip alone: anything else in a stream that begins with "PK" is
	 * damage, not another format to try. */
	la.support_zip(z->a);
	la.set_read(z->a, read_callback);
	if (source->seek)
		la.set_seek(z->a, seek_callback);
	la.set_data(z->a, z);
	if (la.open1(z->a) != ARCHIVE_OK) {
		set_error(err, errlen, "not a zip archive it can read", z);
		zip_close(z);
		return NULL;
	}
	return z;
}

void zip_close(struct zip_reader *z)
{
	if (!z)
		return;
	la.read_free(z->a);
	free(z->other);
	free(z->tail);
	free(z);
}

static int is_pgn_member(const char *name)
{
	size_t n = strlen(name);
	return n > 4 && strcasecmp(name + n - 4, ".pgn") == 0;
}

/* At the end libarchive found: 0 when the archive does end there, with
 * its end record; -1 when the data stopped before. */
static int archive_ended(struct zip_reader *z, char *err, size_t errlen)
{
	if (z->tail && !z->no_end) {
		/* From a pipe libarchive stops at the central directory:
		 * read on to the end record. */
		const void *bytes;
		while (!z->ended && read_callback(z->a, z, &bytes) > 0)
			continue;
		z->no_end = !has_end_record(z->tail, z->tail_len);
	}
	if (z->no_end) {
		if (errlen > 0)
			snprintf(err, errlen, "truncated zip archive: its central directory is missing or cut short");
		return -1;
	}
	return 0;
}

int zip_next_member(struct zip_reader *z, const char **name, char *err, size_t errlen)
{
	for (;;) {
		struct archive_entry *e;
		int status = la.next_header(z->a, &e);
		if (status == ARCHIVE_EOF)
			return archive_ended(z, err, errlen);
		/* ARCHIVE_WARN: a name not in the locale's character set, say. */
		if (status < ARCHIVE_WARN) {
			set_error(err, errlen, "corrupt zip data", z);
			return -1;
		}
		const char *path = la.pathname_utf8(e);
		if (!path)
			path = la.pathname(e);
		if (!path || la.filetype(e) != AE_IFREG)
			continue;
		if (!is_pgn_member(path)) {
			if (!z->other)
				z->other = strdup(path);
			z->others++;
			continue;
		}
		if (la.is_encrypted(e) > 0) {
			if (errlen > 0)
				snprintf(err, errlen, "the member %s is encrypted, which is not read: unzip it first", path);
			return -1;
		}
		*name = path;
		return 1;
	}
}

ssize_t zip_read(struct zip_reader *z, void *buf, size_t n, char *err, size_t errlen)
{
	la_ssize_t got = la.read_data(z->a, buf, n);
	if (got < 0) {
		set_error(err, errlen, "corrupt zip data", z);
		return -1;
	}
	return (ssize_t)got;
}

const char *zip_other_member(const struct zip_reader *z, long *count)
{
	*count = z->others;
	return z->other;
}
