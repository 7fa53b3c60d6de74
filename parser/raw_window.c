/*
 * raw_window.c - keeping the bytes read since the last game copied out.
 *
 * One buffer: bytes are appended at the end and dropped at the front by
 * moving `head`; the live bytes move to the front only when an append does
 * not fit, so copying out a game costs no memmove of the read-ahead behind
 * it.  The buffer grows geometrically and is never shrunk: once it holds the
 * largest game of the input nothing more is allocated.
 */
#include "parser/raw_window.h"

#include <stdlib.h>
#include <string.h>

void raw_window_init(struct raw_window *w)
{
	memset(w, 0, sizeof *w);
}

void raw_window_free(struct raw_window *w)
{
	free(w->bytes);
	memset(w, 0, sizeof *w);
}

void raw_window_reset(struct raw_window *w)
{
	w->head = w->len = 0;
	w->base = 0;
	w->out_of_memory = 0;
}

void raw_window_tap(void *ctx, const void *bytes, size_t n)
{
	struct raw_window *w = ctx;

	if (w->out_of_memory)
		return;
	if (w->head + w->len + n > w->cap && w->head > 0) {
		memmove(w->bytes, w->bytes + w->head, w->len);
		w->head = 0;
	}
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : (size_t)64 * 1024;
		unsigned char *grown;

		while (cap < w->len + n)
			cap *= 2;
		grown = realloc(w->bytes, cap);
		if (grown == NULL) {
			/* What is kept can no longer be trusted to be whole. */
			w->out_of_memory = 1;
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

	if (w->out_of_memory || from < w->base || to < from || to > raw_window_end(w))
		return NULL;
	if (w->bytes == NULL)
		return nothing;
	return w->bytes + w->head + (size_t)(from - w->base);
}

void raw_window_drop(struct raw_window *w, uint64_t before)
{
	size_t n;

	if (before <= w->base)
		return;
	n = before >= raw_window_end(w) ? w->len : (size_t)(before - w->base);
	w->head += n;
	w->len -= n;
	w->base += n;
	if (w->len == 0)
		w->head = 0;
}
