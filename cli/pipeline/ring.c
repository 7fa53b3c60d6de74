/*
 * ring.c - the ring of pieces of `check -j N` (pipeline_internal.h has its
 * picture): the room each slot keeps, and writing the done pieces in input
 * order, with the file's game numbers and lines put in.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/pipeline/pipeline_internal.h"
#include "util/memory.h"

/* Called with the lock held: a holder of src lets it go. */
void let_go(struct source *src)
{
	if (--src->holders == 0) {
		stream_close(src->stream);
		free(src);
	}
}

/* Makes room for `need` bytes in *buf. */
void reserve(unsigned char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return;
	size_t cap2 = *cap ? *cap : 4096;
	while (cap2 < need)
		cap2 *= 2;
	unsigned char *b = memory_grow(*buf, *cap, cap2);
	if (!b)
		memory_exhausted();
	*buf = b;
	*cap = cap2;
}

static size_t room_kept(void);

/* Makes room for `need` bytes of text in piece b (see struct piece). */
void piece_reserve(struct piece *b, size_t need)
{
	if (need <= b->cap)
		return;
	/* The room kept is made at first (a piece read in turn is piece_bytes
	 * and the spill of the one before, most often a few KiB).  A piece
	 * without a cut for long grows its store to what it needs, not twice
	 * that, since every byte of the store is mapped (memory_grow), and
	 * gives it back once written (give_back_room). */
	size_t cap = room_kept();
	if (cap < need)
		cap = (need + 0xffff) & ~(size_t)0xffff;
	size_t old = b->store ? 1 + b->cap + PGN_IN_PLACE_SLACK : 0, size = 1 + cap + PGN_IN_PLACE_SLACK;
	unsigned char *store;
	if (b->store) {
		/* A store is mapped apart (mallopt in check_files_parallel):
		 * realloc moves its pages (mremap) instead of copying them into
		 * a new block, which would hold both at once. */
		store = realloc(b->store, size);
		if (store)
			(void)memory_populate(store + old, size - old);
	} else {
		store = memory_grow(NULL, 0, size);
	}
	if (!store)
		memory_exhausted();
	b->store = store;
	b->text = store + 1;
	b->cap = cap;
}

/* Called with the lock held: waits until a piece is written (or the ring
 * changes otherwise), without writing. */
static void wait_for_progress(struct pipeline *p)
{
	p->waiting++;
	pthread_cond_wait(&p->progress, &p->lock);
	p->waiting--;
}

/* pgn_game's piece_first_line: the file's line of the first line of the text
 * being audited.  A piece's is known when every piece before it is written:
 * then next_line is where it starts (the writer sets it before it counts
 * the piece written, under the lock).  The piece being audited is not
 * written yet, so `written` stops there. */
uint64_t first_line_of_text(void *ctx)
{
	struct first_line *f = ctx;
	if (f->seq >= 0) {
		struct pipeline *p = f->p;
		pthread_mutex_lock(&p->lock);
		while (p->written < f->seq)
			wait_for_progress(p);
		f->line = p->next_line;
		f->seq = -1;
		pthread_mutex_unlock(&p->lock);
	}
	return f->line;
}

static void put_output(struct pipeline *p, struct report *r, const struct piece *b, uint64_t first_line);

/* The writer's state at the start of piece b's output.  Called as the writer
 * (more than once for a piece whose output is written early). */
static void begin_output(struct pipeline *p, const struct piece *b)
{
	if (b->first_in_file) {
		p->games_before = 0;
		p->carrying = 0;
		p->next_line = 1;
	}
}

/* Writes b's output so far, what r holds (its marks are b's), and empties
 * r.  Called as the writer, with every piece before b written. */
static void put_early(struct pipeline *p, struct piece *b, struct report *r, uint64_t first_line)
{
	b->out = r->buf;
	put_output(p, p->report, b, first_line);
	r->buf.len = 0;
	r->marks->count = 0;
}

/* The report's `full` while piece b is audited: its output holds
 * early_bytes.  Rather than let it grow (each slot of the ring would keep
 * room for the most output one piece ever had, and a bigger file has more
 * such pieces, so the peak memory would grow with the input), it is written
 * now, once every piece before b is written: nothing can come between in the
 * output then.  When the piece before b ended inside a game, b is to be
 * audited again by the writer and what it has made so far is dropped
 * instead.  Called without the lock; it waits without writing other pieces,
 * since w is busy with b. */
void write_early(struct report *r, void *ctx)
{
	struct early *e = ctx;
	struct pipeline *p = e->p;
	struct piece *b = e->b;
	if (e->as_writer) {
		put_early(p, b, r, e->first_line);
		return;
	}
	pthread_mutex_lock(&p->lock);
	while (p->written < b->seq)
		wait_for_progress(p);
	/* Nobody writes now, since the next piece to write is b, which is not
	 * done; should a writer be there all the same, r keeps growing. */
	if (p->writer_active) {
		pthread_mutex_unlock(&p->lock);
		return;
	}
	p->writer_active = 1;
	pthread_mutex_unlock(&p->lock);
	begin_output(p, b);
	if (p->carrying) {
		r->buf.len = 0;
		r->marks->count = 0;
	} else {
		put_early(p, b, r, b->first_in_file ? 1 : p->next_line);
	}
	pthread_mutex_lock(&p->lock);
	p->writer_active = 0;
	pthread_mutex_unlock(&p->lock);
}

/* Writes b's output through r, putting in the game numbers and the lines
 * (the text audited starts on line first_line of the file).  r's buffer is
 * flushed every 64 KiB, as report_finding does for -j 1 (and the rest at
 * the end, by the caller of check_files_parallel): it stays small and in
 * cache, and a write costs a system call per 64 KiB, not one per piece. */
static void put_output(struct pipeline *p, struct report *r, const struct piece *b, uint64_t first_line)
{
	size_t from = 0;
	for (size_t i = 0; i < b->marks.count; i++) {
		int64_t mark = b->marks.value[i];
		outbuf_put(&r->buf, b->out.data + from, b->marks.at[i] - from);
		if (mark > 0)
			outbuf_put_int(&r->buf, p->games_before + mark);
		else
			outbuf_put_int(&r->buf, (long long)(first_line + (uint64_t)-mark - 1));
		from = b->marks.at[i];
		if (r->buf.len >= 1 << 16)
			report_flush(r);
	}
	if (b->out.len > from)
		outbuf_put(&r->buf, b->out.data + from, b->out.len - from);
}

/* The unfinished text of the last piece written followed by b's; its length
 * goes to *len, and to *in_store whether it is in b's store: a piece read at
 * its offset keeps the windows before its start there, which most often
 * have room for the unfinished text (then neither the redo buffer nor the
 * reader's own buffer is needed).  Otherwise it is in the redo buffer.
 * Called as the writer. */
unsigned char *join_carry(struct pipeline *p, const struct piece *b, size_t *len, int *in_store)
{
	*len = p->carry_len + b->len;
	/* The byte before the text is the lexer's to write (in place). */
	*in_store = b->store && p->carry_len < (size_t)(b->text - b->store);
	if (*in_store) {
		memcpy(b->text - p->carry_len, p->carry, p->carry_len);
		return b->text - p->carry_len;
	}
	reserve(&p->redo, &p->redo_cap, *len + 1);
	memcpy(p->redo, p->carry, p->carry_len);
	memcpy(p->redo + p->carry_len, b->text, b->len);
	return p->redo;
}

/* Writes piece b, which is done.  When the piece before it ended inside a
 * game, what was made of b is thrown away and b is audited again here, with
 * w, from the unfinished text.  Called without the lock, as the writer. */
static void write_piece(struct pipeline *p, struct worker_state *w, struct piece *b)
{
	struct report *r = p->report;
	const unsigned char *text = b->text;
	size_t len = b->len;
	struct pgn_position text_at = b->at;
	begin_output(p, b);
	uint64_t first_line = p->next_line;
	if (p->carrying) {
		int in_store;
		unsigned char *joined = join_carry(p, b, &len, &in_store);
		text = joined;
		text_at = p->carry_at;
		text_at.line = 1;
		first_line = p->carry_at.line;
		audit_piece(p, w, b, joined, len, in_store, &text_at, first_line);
	}
	put_output(p, r, b, first_line);
	if (p->collection)
		check_collect(p->collection, &b->tally.collected, b->file_index, p->games_before, first_line);
	check_tally_merge(&p->per_file[b->file_index].t, &b->tally);
	p->games_before += b->result.games;
	p->carrying = !b->result.between;
	if (p->carrying) {
		size_t from = (size_t)(b->result.resume.offset - text_at.offset);
		/* The carry and the redo buffers are distinct, so the unfinished
		 * text of a redone piece can be kept before the next redo. */
		reserve(&p->carry, &p->carry_cap, len - from + 1);
		memmove(p->carry, text + from, len - from);
		p->carry_len = len - from;
		p->carry_at = b->result.resume;
		p->carry_at.line = first_line + b->result.resume.line - 1;
	}
	/* Read under the lock once `written` counts b (first_line_of_text). */
	p->next_line = first_line + b->result.lines;
	if (b->result.read_failed) {
		warn_read_failed(b->shown, b->result.error, p->games_before);
		p->per_file[b->file_index].failed = 1;
		pthread_mutex_lock(&p->lock);
		p->status = -1;
		pthread_mutex_unlock(&p->lock);
	}
}

/* The room a slot keeps between pieces: a piece of piece_bytes and the
 * windows before it where its start is looked for (load_piece). */
static size_t room_kept(void)
{
	return piece_bytes + CUT_WINDOWS * cut_window();
}

/* Gives back what piece b's buffers, and the redo buffer, grew to beyond
 * the room kept, once b is written: a piece without a cut for long (long
 * comments), or one with much to report, is rare, but over a big file each
 * slot would meet one and keep its room, and the peak memory would grow
 * with the input.  Called as the writer. */
static void give_back_room(struct pipeline *p, struct piece *b)
{
	if (b->cap > room_kept()) {
		free(b->store);
		b->store = b->text = NULL;
		b->cap = 0;
	}
	if (b->out.cap > OUT_ROOM) {
		free(b->out.data);
		memset(&b->out, 0, sizeof b->out);
	}
	if (p->redo_cap > room_kept()) {
		free(p->redo);
		p->redo = NULL;
		p->redo_cap = 0;
	}
}

/* Called with the lock held: unless another thread is writing, writes the
 * oldest pieces for as long as they are done.  A thread that marks a piece
 * done while another writes leaves it to that one, which looks again under
 * the lock before it stops. */
void write_done_pieces(struct pipeline *p, struct worker_state *w)
{
	if (p->writer_active)
		return;
	p->writer_active = 1;
	for (;;) {
		struct piece *b = &p->ring[p->written % p->ring_size];
		if (p->written == p->filled || b->state != PIECE_DONE)
			break;
		int skip = b->skip || (b->src && b->seq > b->src->last_seq);
		pthread_mutex_unlock(&p->lock);
		if (!skip)
			write_piece(p, w, b);
		give_back_room(p, b);
		int failed = output_failed(p->report->out);
		pthread_mutex_lock(&p->lock);
		if (b->src)
			let_go(b->src);
		b->src = NULL;
		b->skip = 0;
		b->state = PIECE_FREE;
		p->written++;
		if (failed)
			p->stop = 1;
		if (p->waiting)
			pthread_cond_broadcast(&p->progress);
	}
	p->writer_active = 0;
}

/* Called with the lock held: waits until a piece is written, writing the
 * done ones itself if nobody else is. */
void make_progress(struct pipeline *p, struct worker_state *w)
{
	long written = p->written;
	write_done_pieces(p, w);
	if (p->written != written)
		return;
	wait_for_progress(p);
}
