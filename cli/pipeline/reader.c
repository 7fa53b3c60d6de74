/*
 * reader.c - the reader of `check -j N`: takes the next piece of text and
 * cuts it where a game seems to start (parser/cut.h).  A regular file of
 * plain text is read by each thread at its piece's offset (struct source);
 * other input in turn, by the thread holding read_lock (fill_piece).  When
 * there is no place to cut, one thread reads the rest of the file as -j 1
 * does (read_rest_here).
 */
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/pipeline/pipeline_internal.h"
#include "util/memory.h"
#include "parser/cut.h"

/* Moves `at` over the n bytes at t, which end with a line end or (a cut
 * after a result) inside a line.  Its line is not counted (see the lines
 * at the top). */
static void advance(struct pgn_position *at, const unsigned char *t, size_t n)
{
	size_t k = pgn_line_start(t, n);
	if (k > 0)
		at->line_start = at->offset + k;
	at->offset += n;
}

/* The rest of the file on this thread, as -j 1 reads it: the bytes of b
 * (after the unfinished text of the last piece written), then the stream.
 * Called without the lock: waits until every piece before b is written and
 * then writes as the writer. */
static void read_rest_here(struct pipeline *p, struct worker_state *w, struct piece *b,
			   struct input_stream *stream)
{
	pthread_mutex_lock(&p->lock);
	while (p->written < b->seq || p->writer_active)
		make_progress(p, w);
	p->writer_active = 1;
	pthread_mutex_unlock(&p->lock);

	struct report *r = p->report;
	if (b->first_in_file) {
		p->games_before = 0;
		p->carrying = 0;
		p->next_line = 1;
	}
	struct pgn_position at = p->carrying ? p->carry_at : b->at;
	if (!p->carrying)
		at.line = p->next_line;
	/* Everything before is written: the lines are the file's. */
	w->game.piece_first_line = NULL;
	/* The piece's bytes are read where they are unless unfinished text
	 * comes before them: a copy of PIECE_MAX bytes would add that much to
	 * what reading like -j 1 costs. */
	const unsigned char *text = b->text;
	size_t len = b->len;
	int in_store;
	if (p->carrying)
		text = join_carry(p, b, &len, &in_store);
	p->carrying = 0;

	char err[256];
	int got = 0, failed = 0;
	pgn_reader_restart(w->reader, text, len, stream, NULL, &at);
	while (!(failed = output_failed(r->out)) && (got = pgn_next_game(w->reader, &w->game, err, sizeof err)) == 1) {
		check_game(p->opt, &w->auditor, &w->findings, r, b->file, ++p->games_before, &w->game,
			   &p->per_file[b->file_index].t);
		if (p->collection)
			check_collect(p->collection, &p->per_file[b->file_index].t.collected, b->file_index, 0, 1);
	}
	if (got < 0) {
		warn_read_failed(b->shown, err, p->games_before);
		p->per_file[b->file_index].failed = 1;
	}
	/* The buffers that grew to PIECE_MAX are given back; the pieces of a
	 * next file start them again. */
	free(p->redo);
	p->redo = NULL;
	p->redo_cap = 0;
	free(b->store);
	b->store = b->text = NULL;
	b->cap = b->len = 0;

	pthread_mutex_lock(&p->lock);
	if (got < 0)
		p->status = -1;
	if (failed)
		p->stop = 1;
	p->writer_active = 0;
	pthread_mutex_unlock(&p->lock);
}

/* Opens the next file to read; 0 when there is none left. */
static int open_next_file(struct pipeline *p)
{
	while (p->file_index < p->file_count) {
		const char *path = p->files[p->file_index++];
		p->stream = input_open(path);
		if (!p->stream) {
			pthread_mutex_lock(&p->lock);
			p->status = -1;
			pthread_mutex_unlock(&p->lock);
			continue;
		}
		p->current_index = p->file_index - 1;
		p->per_file[p->current_index].opened = 1;
		p->file = strcmp(path, "-") == 0 ? "-" : path;
		p->shown = input_name(path);
		p->at.offset = 0;
		p->at.line_start = 0;
		p->first = 1;
		p->spill_len = 0;
		unsigned long long size;
		if (stream_positional(p->stream, &size)) {
			struct source *src = calloc(1, sizeof *src);
			if (!src)
				memory_exhausted();
			src->stream = p->stream;
			src->size = size;
			src->last_seq = LONG_MAX;
			src->holders = 1;
			p->src = src;
			p->next_index = 0;
		} else {
			/* Inflated or decoded in a thread of its own, so
			 * that a turn to read is a copy, not the decoding. */
			(void)stream_read_ahead(p->stream);
		}
		return 1;
	}
	return 0;
}

/* Fills b with the next piece of the file being read.  Returns 1 when it is
 * to be audited, 0 when the rest of the file was read here instead. */
static int fill_piece(struct pipeline *p, struct worker_state *w, struct piece *b)
{
	int last = 0;
	b->file = p->file;
	b->shown = p->shown;
	b->file_index = p->current_index;
	b->first_in_file = p->first;
	b->seq = p->filled;
	b->at = p->at;
	b->at.line = 1;
	b->failure[0] = 0;
	piece_reserve(b, piece_bytes + p->spill_len);
	/* The slot's last piece may have been one read at its offset, whose
	 * text began further into the store (load_piece). */
	b->text = b->store + 1;
	if (p->spill_len)
		memcpy(b->text, p->spill, p->spill_len);
	b->len = p->spill_len;
	size_t want = piece_bytes, cut = 0;
	for (;;) {
		while (b->len < want && !last) {
			ssize_t got = stream_read(p->stream, b->text + b->len, want - b->len, b->failure,
						  sizeof b->failure);
			if (got > 0)
				b->len += (size_t)got;
			else
				last = 1;   /* the end, or a read error (b->failure) */
		}
		if (last) {
			cut = b->len;
			break;
		}
		cut = pgn_find_cut(b->text, b->len);
		if (cut > 0)
			break;
		if (want >= piece_max) {
			read_rest_here(p, w, b, p->stream);
			stream_close(p->stream);
			p->stream = NULL;
			return 0;
		}
		want *= 2;
		piece_reserve(b, want);
	}
	p->spill_len = b->len - cut;
	reserve(&p->spill, &p->spill_cap, p->spill_len + 1);
	memcpy(p->spill, b->text + cut, p->spill_len);
	b->len = cut;
	b->last_in_file = last;
	if (last) {
		stream_close(p->stream);
		p->stream = NULL;
	} else {
		advance(&p->at, b->text, cut);
	}
	p->first = 0;
	return 1;
}

/* Called with the lock held, as the reader: makes b the next piece of the
 * file read at offsets, to be read by the thread that audits it
 * (load_piece).  Returns 0, letting the file go, when it has no more. */
static int claim_piece(struct pipeline *p, struct piece *b)
{
	struct source *src = p->src;
	unsigned long long k = p->next_index++;
	int more = src->last_seq == LONG_MAX && (k == 0 || k * piece_bytes < src->size);
	int last = !more || (k + 1) * piece_bytes >= src->size;
	if (more) {
		/* The file's last piece takes the reader's hold over. */
		b->src = src;
		if (!last)
			src->holders++;
		b->index = k;
		b->seq = p->filled;
		b->file = p->file;
		b->shown = p->shown;
		b->file_index = p->current_index;
		b->first_in_file = k == 0;
		b->last_in_file = 0;
		b->state = PIECE_FILLED;
		p->filled++;
	}
	if (!more)
		let_go(src);
	if (last) {
		p->src = NULL;
		p->stream = NULL;
	}
	return more;
}

/* What of b's file is in b's store: the store holds the file from `base`
 * on, and [lo, hi) of it is read. */
struct held {
	unsigned long long base, lo, hi;
};

/* Reads [from, to) of b's file into its store, reading only what is not
 * there yet; [from, to) touches what is.  Returns -1, the reason in
 * b->failure, when it cannot be read. */
static int hold(struct piece *b, struct held *h, unsigned long long from, unsigned long long to)
{
	piece_reserve(b, (size_t)((to > h->hi ? to : h->hi) - h->base));
	const unsigned long long at[2] = { from, h->hi }, end[2] = { h->lo, to };
	for (int i = 0; i < 2; i++) {
		if (at[i] >= end[i])
			continue;
		size_t n = (size_t)(end[i] - at[i]);
		ssize_t got = stream_pread(b->src->stream, b->store + 1 + (at[i] - h->base), n, at[i], b->failure,
					   sizeof b->failure);
		if (got >= 0 && (size_t)got < n)
			snprintf(b->failure, sizeof b->failure, "%s", "the file shrank while it was read");
		if (got < 0 || (size_t)got < n)
			return -1;
	}
	if (from < h->lo)
		h->lo = from;
	if (to > h->hi)
		h->hi = to;
	return 0;
}

/* The windows where cuts are looked for: the file is divided into windows
 * of this many bytes from its start. */
size_t cut_window(void)
{
	return piece_bytes < CUT_WINDOW ? piece_bytes : CUT_WINDOW;
}

/* cut(x) (see struct source): the last cut in the last whole window before
 * x, or if there is none, in the window before that, and so on for
 * CUT_WINDOWS windows at most; 0 when there is none.  Each window is
 * looked at alone, so that any thread finds the same cut(x), and cut(x) <=
 * cut(y) when x < y, unless cut(y) is 0.  -1 when the file cannot be
 * read. */
static long long cut_before(struct piece *b, struct held *h, unsigned long long x)
{
	size_t window = cut_window();
	unsigned long long top = x / window * window;
	for (unsigned long long m = 1; m <= CUT_WINDOWS && top >= m * window; m++) {
		unsigned long long from = top - m * window;
		if (hold(b, h, from, from + window) < 0)
			return -1;
		size_t cut = pgn_find_cut(b->store + 1 + (from - h->base), window);
		if (cut > 0)
			return (long long)(from + cut);
	}
	return 0;
}

/* Where the line that the byte at offset `at` of src is on starts, reading
 * back from there (a cut inside a line, after a result). */
static unsigned long long line_start_before(struct source *src, unsigned long long at)
{
	unsigned char chunk[4096];
	char err[256];
	while (at > 0) {
		size_t n = at < sizeof chunk ? (size_t)at : sizeof chunk;
		if (stream_pread(src->stream, chunk, n, at - n, err, sizeof err) != (ssize_t)n)
			return at;
		size_t k = pgn_line_start(chunk, n);
		if (k > 0)
			return at - n + k;
		at -= n;
	}
	return 0;
}

/* Whether src holds more than the size it had when opened. */
static int grew(struct source *src)
{
	unsigned char byte;
	char err[256];
	return stream_pread(src->stream, &byte, 1, src->size, err, sizeof err) != 0;
}

/* Called without the lock: the file's pieces after b are left out. */
static void last_piece_of_file(struct pipeline *p, struct piece *b)
{
	pthread_mutex_lock(&p->lock);
	if (b->seq < b->src->last_seq)
		b->src->last_seq = b->seq;
	pthread_mutex_unlock(&p->lock);
}

/*
 * Reads piece b of a file read at offsets (see struct source), without
 * the lock.  Returns 1 when it is to be audited; 0 when there is nothing
 * to audit: the piece is empty or left out, or it had no cut within
 * piece_max bytes and the rest of the file was read here (read_rest_here).
 */
int load_piece(struct pipeline *p, struct worker_state *w, struct piece *b)
{
	struct source *src = b->src;
	pthread_mutex_lock(&p->lock);
	int left_out = b->seq > src->last_seq;
	pthread_mutex_unlock(&p->lock);
	if (left_out) {
		b->skip = 1;
		return 0;
	}
	unsigned long long size = src->size, step = piece_bytes, k = b->index, x = k * step;
	size_t window = cut_window();
	unsigned long long top = x / window * window, back = CUT_WINDOWS * window;
	struct held h = { top > back ? top - back : 0, top, top };
	/* Room for the piece and the windows before it, in one go. */
	piece_reserve(b, (size_t)(x + step - h.base));
	unsigned long long start = 0;
	b->failure[0] = 0;
	if (k > 0) {
		long long cut = cut_before(b, &h, x);
		if (cut == 0) {
			b->skip = 1;   /* the piece before goes on over its bytes */
			return 0;
		}
		start = cut > 0 ? (unsigned long long)cut : x;
	}
	/* From here on a read that fails leaves its reason in b->failure. */
	unsigned long long end = start;
	b->at.offset = start;
	b->at.line = 1;
	b->at.line_start = 0;
	if (start > 0 && !b->failure[0]) {
		size_t line = pgn_line_start(b->store + 1 + (h.lo - h.base), (size_t)(start - h.lo));
		b->at.line_start = line > 0 ? h.lo + line : line_start_before(src, h.lo);
	}
	for (unsigned long long j = k + 1; !b->failure[0]; j++) {
		unsigned long long to = j * step < size ? j * step : size;
		int rest = to - start > piece_max;
		if (!rest) {
			if (hold(b, &h, h.hi, to) < 0)
				break;
			/* At the end of the file as it was opened, unless it has
			 * grown since, or its size said less than it holds (procfs,
			 * some FUSE file systems). */
			if (to == size && !(rest = grew(src))) {
				end = size;
				break;
			}
		}
		if (rest) {
			/* No cut for too long, or more than the file's size: one
			 * thread reads the rest, as -j 1 does, and the pieces after
			 * this one are left out. */
			last_piece_of_file(p, b);
			b->text = b->store + 1 + (start - h.base);
			b->len = (size_t)(h.hi - start);
			if (stream_seek(src->stream, h.hi, b->failure, sizeof b->failure) < 0)
				break;
			read_rest_here(p, w, b, src->stream);
			b->skip = 1;
			return 0;
		}
		long long cut = cut_before(b, &h, to);
		if (cut < 0)
			break;
		if (cut > 0) {
			end = (unsigned long long)cut;   /* not before start: see cut_before */
			break;
		}
	}
	if (!b->failure[0] && end < start)
		/* Only when the file's bytes changed between two reads. */
		snprintf(b->failure, sizeof b->failure, "%s", "the file changed while it was read");
	if (b->failure[0]) {
		/* Reading failed: the reason is given after the games before,
		 * and the file's pieces after this one are left out. */
		last_piece_of_file(p, b);
		end = h.hi > start ? h.hi : start;
	}
	b->last_in_file = end == size || b->failure[0];
	b->text = b->store + 1 + (start - h.base);
	b->len = (size_t)(end - start);
	if (b->len == 0 && !b->last_in_file)
		b->skip = 1;
	return !b->skip;
}

/* The next piece to audit, NULL when all is read.  Called as the reader,
 * without the lock. */
struct piece *next_piece(struct pipeline *p, struct worker_state *w)
{
	for (;;) {
		pthread_mutex_lock(&p->lock);
		int stop = p->stop;
		pthread_mutex_unlock(&p->lock);
		if (stop || (!p->stream && !open_next_file(p)))
			return NULL;

		pthread_mutex_lock(&p->lock);
		struct piece *b = &p->ring[p->filled % p->ring_size];
		while (b->state != PIECE_FREE)
			make_progress(p, w);
		if (p->src) {
			int claimed = claim_piece(p, b);
			pthread_mutex_unlock(&p->lock);
			if (claimed)
				return b;
			continue;
		}
		pthread_mutex_unlock(&p->lock);

		if (!fill_piece(p, w, b))
			continue;
		pthread_mutex_lock(&p->lock);
		b->state = PIECE_FILLED;
		p->filled++;
		pthread_mutex_unlock(&p->lock);
		return b;
	}
}

/* The read lock is held for a read and a cut, a fraction of a millisecond:
 * a thread that wants it spins (yielding the processor now and then, for
 * when there are more threads than cores) rather than sleeps, since waking
 * a sleeping thread costs more than that in a virtual machine. */
void take_read_lock(struct pipeline *p)
{
	for (unsigned spins = 0; pthread_mutex_trylock(&p->read_lock) != 0; spins++) {
		if (spins % 64 == 63)
			sched_yield();
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
	}
}
