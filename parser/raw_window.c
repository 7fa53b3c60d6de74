/*
 * raw_window.c - keeping the bytes read since the last game copied out.
 *
 * The bytes kept are, oldest first, `spilled` bytes in the spill file and
 * `len` bytes in memory:
 *
 *     base            base + spilled             raw_window_end()
 *      |---- spill file ----|-------- memory --------|
 *
 * In memory, bytes are appended at the end and dropped at the front by
 * moving `head`; the live bytes move to the front only when an append does
 * not fit, so copying out a game costs no memmove of the read-ahead behind
 * it.  The buffer grows geometrically up to memory_limit and is never
 * shrunk.  An append that would pass memory_limit first moves everything in
 * memory to the end of the spill file (so the spill stays the oldest part).
 *
 * The spill file is unnamed (O_TMPFILE, or a name unlinked at once), so
 * nothing is left behind by a signal or a crash.  Byte k of it holds input
 * offset spill_origin + k.  It is emptied when everything in it is dropped,
 * and compacted when its dead front is larger than its live rest, so that
 * it holds at most twice what must be kept.
 */
#include "parser/raw_window.h"
#include "util/tmpfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void raw_window_init(struct raw_window *w)
{
	memset(w, 0, sizeof *w);
	w->spill_fd = -1;
	w->memory_limit = RAW_WINDOW_MEMORY;
}

void raw_window_free(struct raw_window *w)
{
	free(w->bytes);
	free(w->cache);
	if (w->spill_fd >= 0)
		close(w->spill_fd);
	raw_window_init(w);
}

/* Empties the spill file.  A file that cannot be truncated only keeps its
 * size: later bytes are written over the old ones from its start. */
static void spill_empty(struct raw_window *w)
{
	w->spilled = 0;
	w->cache_len = 0;
	if (w->spill_fd >= 0) {
		int rc = ftruncate(w->spill_fd, 0);
		(void)rc;
	}
}

void raw_window_reset(struct raw_window *w)
{
	spill_empty(w);
	w->head = w->len = 0;
	w->base = 0;
	w->error = 0;
}

static int spill_open(struct raw_window *w)
{
	w->spill_fd = temporary_fd();
	return w->spill_fd >= 0 ? 0 : -1;
}

static int write_all_at(int fd, const unsigned char *p, size_t n, uint64_t at)
{
	while (n > 0) {
		ssize_t put = pwrite(fd, p, n, (off_t)at);
		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0) {
			if (put == 0)
				errno = EIO;
			return -1;
		}
		p += put;
		n -= (size_t)put;
		at += (uint64_t)put;
	}
	return 0;
}

static int read_all_at(int fd, unsigned char *p, size_t n, uint64_t at)
{
	while (n > 0) {
		ssize_t got = pread(fd, p, n, (off_t)at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				errno = EIO;   /* the file is shorter than what was written */
			return -1;
		}
		p += got;
		n -= (size_t)got;
		at += (uint64_t)got;
	}
	return 0;
}

/* Appends n bytes (the next ones of the input) to the spill file. */
static void spill_append(struct raw_window *w, const unsigned char *p, size_t n)
{
	if (w->spill_fd < 0 && spill_open(w) < 0) {
		w->error = errno ? errno : ENOMEM;
		return;
	}
	if (w->spilled == 0)
		w->spill_origin = w->base;
	if (write_all_at(w->spill_fd, p, n, w->base + w->spilled - w->spill_origin) < 0) {
		w->error = errno;
		return;
	}
	w->spilled += n;
}

void raw_window_tap(void *ctx, const void *bytes, size_t n)
{
	struct raw_window *w = ctx;

	if (w->error)
		return;
	if (w->len + n > w->memory_limit) {
		if (w->len > 0)
			spill_append(w, w->bytes + w->head, w->len);
		w->head = w->len = 0;
		if (n > w->memory_limit) {
			spill_append(w, bytes, n);
			return;
		}
	}
	if (w->head + w->len + n > w->cap && w->head > 0) {
		memmove(w->bytes, w->bytes + w->head, w->len);
		w->head = 0;
	}
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : (size_t)64 * 1024;
		unsigned char *grown;

		while (cap < w->len + n)
			cap *= 2;
		if (cap > w->memory_limit)
			cap = w->memory_limit > w->len + n ? w->memory_limit : w->len + n;
		grown = realloc(w->bytes, cap);
		if (grown == NULL) {
			/* What is kept can no longer be trusted to be whole. */
			w->error = ENOMEM;
			return;
		}
		w->bytes = grown;
		w->cap = cap;
	}
	memcpy(w->bytes + w->head + w->len, bytes, n);
	w->len += n;
}

const unsigned char *raw_window_get(const struct raw_window *w, uint64_t from, uint64_t to)
{
	static const unsigned char nothing[1] = { 0 };
	uint64_t in_memory = w->base + w->spilled;

	if (!raw_window_has(w, from, to) || (from < in_memory && from < to))
		return NULL;
	if (w->bytes == NULL || from == to)
		return nothing;
	return w->bytes + w->head + (size_t)(from - in_memory);
}

/* Reads the spilled bytes from `from` (at most RAW_WINDOW_CACHE, and not
 * past the spill) into the cache.  Returns -1 when they cannot be. */
static int cache_fill(struct raw_window *w, uint64_t from)
{
	uint64_t spill_end = w->base + w->spilled;
	size_t n = spill_end - from < RAW_WINDOW_CACHE ? (size_t)(spill_end - from) : RAW_WINDOW_CACHE;

	if (w->cache == NULL && (w->cache = malloc(RAW_WINDOW_CACHE)) == NULL) {
		w->error = ENOMEM;
		return -1;
	}
	w->cache_len = 0;
	if (read_all_at(w->spill_fd, w->cache, n, from - w->spill_origin) < 0) {
		w->error = errno;
		return -1;
	}
	w->cache_at = from;
	w->cache_len = n;
	return 0;
}

int raw_window_at(struct raw_window *w, uint64_t at)
{
	uint64_t in_memory = w->base + w->spilled;

	if (!raw_window_has(w, at, at + 1))
		return -1;
	if (at >= in_memory)
		return w->bytes[w->head + (size_t)(at - in_memory)];
	if (at < w->cache_at || at >= w->cache_at + w->cache_len) {
		/* Centred on `at`, so that a scan either way reads each byte
		 * of the spill about twice at most. */
		uint64_t from = at - w->base > RAW_WINDOW_CACHE / 2 ? at - RAW_WINDOW_CACHE / 2 : w->base;
		if (cache_fill(w, from) < 0)
			return -1;
	}
	return w->cache[at - w->cache_at];
}

int raw_window_write(struct raw_window *w, uint64_t from, uint64_t to, FILE *out)
{
	uint64_t in_memory = w->base + w->spilled;

	if (!raw_window_has(w, from, to))
		return -1;
	while (from < to && from < in_memory) {
		if (cache_fill(w, from) < 0)
			return -1;
		size_t n = w->cache_len < to - from ? w->cache_len : (size_t)(to - from);
		(void)fwrite(w->cache, 1, n, out);
		from += n;
	}
	if (from < to)
		(void)fwrite(w->bytes + w->head + (size_t)(from - in_memory), 1, (size_t)(to - from), out);
	return 0;
}

/* Moves the live spilled bytes to the start of the spill file. */
static void spill_compact(struct raw_window *w)
{
	uint64_t done = 0;

	while (done < w->spilled) {
		if (cache_fill(w, w->base + done) < 0)
			return;
		if (write_all_at(w->spill_fd, w->cache, w->cache_len, done) < 0) {
			w->error = errno;
			return;
		}
		done += w->cache_len;
	}
	w->spill_origin = w->base;
	w->cache_len = 0;
	int rc = ftruncate(w->spill_fd, (off_t)w->spilled);
	(void)rc;
}

void raw_window_drop(struct raw_window *w, uint64_t before)
{
	uint64_t n;

	if (before <= w->base)
		return;
	if (before > raw_window_end(w))
		before = raw_window_end(w);
	n = before - w->base;
	w->base = before;
	if (n < w->spilled) {
		w->spilled -= n;
		if (!w->error && w->base - w->spill_origin > w->spilled)
			spill_compact(w);
		return;
	}
	n -= w->spilled;
	if (w->spilled > 0)
		spill_empty(w);
	w->head += (size_t)n;
	w->len -= (size_t)n;
	if (w->len == 0)
		w->head = 0;
}
