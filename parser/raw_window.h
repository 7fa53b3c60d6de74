/*
 * raw_window.h - the bytes of the input that the reader has read but the
 * caller has not yet copied out, for commands that copy games byte for byte
 * (`fix` for the games it cannot replay, `split` for every game).
 *
 * It is a stream tap (stream.h): it keeps every decompressed byte the reader
 * pulls, so that the range [start_offset, end_offset) of a game (pgn.h) can
 * be copied as it was written, and the text between games too.  The caller
 * drops what it has copied, so the window holds only the text since the end
 * of the last game copied - at most that game's successor, the blanks before
 * it and one read-ahead buffer.
 *
 * Memory is bounded whatever the input: at most RAW_WINDOW_MEMORY bytes are
 * kept in memory.  When more must be kept (a game of 1 GB, or a stream of
 * NULs that never ends a game), the oldest bytes go to an unnamed temporary
 * file in $TMPDIR (default /tmp), which is read back in pieces when they are
 * copied out and which disappears with the process, whatever ends it.
 */
#ifndef PGNAUDIT_RAW_WINDOW_H
#define PGNAUDIT_RAW_WINDOW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RAW_WINDOW_MEMORY ((size_t)16 << 20)
#define RAW_WINDOW_CACHE  ((size_t)64 << 10)   /* bytes read back from the spill at a time */

struct raw_window {
	unsigned char *bytes;
	size_t head, len, cap;  /* in memory: bytes[head, head + len) */
	uint64_t base;          /* input offset of the oldest byte kept */
	uint64_t spilled;       /* the oldest `spilled` bytes kept are in the spill file */
	uint64_t spill_origin;  /* input offset of the spill file's first byte */
	int spill_fd;           /* -1 until something is spilled */
	size_t memory_limit;    /* RAW_WINDOW_MEMORY; smaller in tests */
	unsigned char *cache;   /* spilled bytes read back: [cache_at, cache_at + cache_len) */
	uint64_t cache_at;
	size_t cache_len;
	int error;              /* errno of the failure that lost bytes, 0 while whole */
};

void raw_window_init(struct raw_window *w);
void raw_window_free(struct raw_window *w);

/* The stream tap: stream_set_tap(s, raw_window_tap, w).  A window starts at
 * offset 0, so it must be tapped from the first read of a stream on. */
void raw_window_tap(void *ctx, const void *bytes, size_t n);

/* The input offset just after the last byte kept. */
static inline uint64_t raw_window_end(const struct raw_window *w)
{
	return w->base + w->spilled + w->len;
}

/* Are the bytes [from, to) all kept (not dropped, read, nothing lost)? */
static inline int raw_window_has(const struct raw_window *w, uint64_t from, uint64_t to)
{
	return !w->error && from >= w->base && from <= to && to <= raw_window_end(w);
}

/* The bytes [from, to) in one piece of memory, or NULL when they are not
 * all kept or some of them are in the spill file. */
const unsigned char *raw_window_get(const struct raw_window *w, uint64_t from, uint64_t to);

/* The byte at input offset `at`, or -1 when it is not kept (w->error says
 * why when it was lost).  Bytes in the spill file are read back a
 * RAW_WINDOW_CACHE at a time, so scanning either way costs few reads. */
int raw_window_at(struct raw_window *w, uint64_t at);

/* Writes the bytes [from, to) to `out`.  Returns 0, or -1 when they are not
 * all kept (nothing is written then) or cannot be read back (w->error).
 * Errors of `out` are the caller's, as for fwrite. */
int raw_window_write(struct raw_window *w, uint64_t from, uint64_t to, FILE *out);

/* Forgets the bytes before offset `before`. */
void raw_window_drop(struct raw_window *w, uint64_t before);

/* Forgets everything and starts again at offset 0, for the next stream. */
void raw_window_reset(struct raw_window *w);

#endif
