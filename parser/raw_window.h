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
 * it and one read-ahead buffer: memory is bounded by the largest game, not
 * by the file.
 */
#ifndef PGNAUDIT_RAW_WINDOW_H
#define PGNAUDIT_RAW_WINDOW_H

#include <stddef.h>
#include <stdint.h>

struct raw_window {
	unsigned char *bytes;
	size_t head, len, cap;  /* the bytes kept are bytes[head, head + len) */
	uint64_t base;          /* input offset of bytes[head] */
	int out_of_memory;      /* a tap call could not keep its bytes */
};

void raw_window_init(struct raw_window *w);
void raw_window_free(struct raw_window *w);

/* The stream tap: stream_set_tap(s, raw_window_tap, w).  A window starts at
 * offset 0, so it must be tapped from the first read of a stream on. */
void raw_window_tap(void *ctx, const void *bytes, size_t n);

/* The input offset just after the last byte kept. */
static inline uint64_t raw_window_end(const struct raw_window *w)
{
	return w->base + w->len;
}

/* The bytes [from, to) of the input, or NULL when they are not all kept
 * (dropped already, not read yet, or lost for want of memory). */
const unsigned char *raw_window_get(const struct raw_window *w, uint64_t from, uint64_t to);

/* Forgets the bytes before offset `before`. */
void raw_window_drop(struct raw_window *w, uint64_t before);

/* Forgets everything and starts again at offset 0, for the next stream. */
void raw_window_reset(struct raw_window *w);

#endif
