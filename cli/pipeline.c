/*
 * pipeline.c - `pgnaudit check -j N`: N threads, output in input order.
 *
 * Each of the N threads (the main thread is one of them) does in turn all
 * three jobs: it reads (and inflates) the next piece of about PIECE_BYTES of
 * text, cut where a game seems to start (parser/cut.h: a tag line after a
 * result, say); it lexes and audits that piece on
 * its own; and when the oldest piece not yet written is done, it writes it,
 * and the ones after it that are done too.  Taking the next piece and
 * writing are each one thread's at a time (read_lock, writer_active).  A
 * regular file of plain text is read by each thread at its piece's offset
 * (struct source), so only taking a piece's number is done in turn; other
 * input is read in turn.  The auditing, most of the work, and the reading
 * of regular files run side by side.  No thread only waits for the others, so N
 * threads use N cores: on a machine with as many cores as threads, a
 * separate reading thread would take its share from the auditing ones.
 * Pieces live in a ring of fixed size, so memory does not grow with the
 * input: a piece's output is written before the piece is done once it holds
 * 60 KiB (write_early), and a slot that grew for a rare piece (no cut for
 * long) gives the room back once the piece is written (give_back_room).
 *
 * The output is the bytes -j 1 prints, whatever the cuts:
 *  - Offsets and columns: each piece is lexed from the position where it
 *    starts in the file (pgn_reader_restart).
 *  - Lines: counting a piece's lines before it is read would be one more
 *    pass over every byte, by the reading thread.  So a thread counts the
 *    lines of its piece from 1 and the report notes where line numbers go,
 *    as for game numbers; the writer knows where each piece starts (the
 *    lexer counted the lines of those before) and puts in the file's
 *    lines.  The three messages that name a line (pgn_file_line) ask for the
 *    file's line of the piece's first line and wait for the pieces before
 *    to be written.
 *  - Game numbers: a thread does not know how many games came before its
 *    piece; it numbers its games from 1 and the report notes where the
 *    numbers go (struct game_marks); the writer puts in the real ones.
 *  - A cut in the wrong place (inside a comment, after a result in a
 *    variation, before a game without a result...): the auditing thread
 *    finds that its piece did not end between games
 *    (pgn_reader_ended_between_games) and leaves the unfinished game out;
 *    the writer, which has the piece's text, reads that game's text again
 *    together with the next piece, throwing away what was made of that next
 *    piece.
 *  - A file with no place to cut within PIECE_MAX bytes (one enormous game),
 *    or a regular file that holds more than its size said when it was
 *    opened (it grew, or it is in procfs): the thread of that piece waits
 *    until everything before is written, and reads the rest of the file
 *    alone, as -j 1 does.
 * Both fallbacks are rare in real files and cost time, never correctness.
 */
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "parser/cut.h"
#include "parser/stream.h"
#include "util/memory.h"

#define PIECE_BYTES ((size_t)128 * 1024)
#define PIECE_MAX ((size_t)4 << 20)

/* The tests make pieces tiny (PGNAUDIT_PIECE_BYTES=n in the environment)
 * so that cuts fall everywhere and both fallbacks run; the largest piece is
 * then 16 n bytes, but at least 4 KiB. */
static size_t piece_bytes = PIECE_BYTES, piece_max = PIECE_MAX;

/* A piece's output is written before the piece is done once it holds this
 * many bytes (write_early): less than the OUT_ROOM its buffer starts with
 * (report.c), so that the finding that crosses the line seldom makes it
 * grow.  The tests make it small (PGNAUDIT_EARLY_BYTES=n). */
#define OUT_ROOM ((size_t)64 * 1024)
#define EARLY_BYTES ((size_t)60 * 1024)
static size_t early_bytes = EARLY_BYTES;

/* A test hook's byte count from the environment: 1 to `most`, or 0 when
 * the variable is unset or holds anything else. */
static size_t env_bytes(const char *name, size_t most)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n = v ? strtoul(v, &end, 10) : 0;
	return n > 0 && n <= most && *end == 0 ? n : 0;
}

static void read_test_hooks(void)
{
	size_t n = env_bytes("PGNAUDIT_PIECE_BYTES", PIECE_MAX);
	if (n) {
		piece_bytes = n;
		piece_max = 16 * n > 4096 ? 16 * n : 4096;
	}
	n = env_bytes("PGNAUDIT_EARLY_BYTES", EARLY_BYTES);
	if (n)
		early_bytes = n;
}

/* Where a piece read at its offset looks for its ends (struct source): in
 * windows of CUT_WINDOW bytes, at most CUT_WINDOWS of them (64 KiB: the
 * engine games in the bench corpus, 40 KiB of comments each, all have a
 * cut that near). */
#define CUT_WINDOW ((size_t)4096)
#define CUT_WINDOWS 16

enum piece_state { PIECE_FREE, PIECE_FILLED, PIECE_DONE };

/*
 * A regular file of plain text, read by pieces at their offsets: piece k
 * is the text from cut(k x piece_bytes) to cut((k + 1) x piece_bytes).
 * cut(x) is the last cut (parser/cut.h) in the last window of CUT_WINDOW
 * bytes before x (the file is divided into windows from its start), or
 * in the window before, and so on (cut_before); each window is looked at
 * alone.  So the thread that audits piece k reads its own bytes, with
 * pread and without the read lock, and finds both of its ends; the thread
 * of piece k + 1 finds the same start.  When there is no cut(x), the piece
 * before goes on to the next one and the piece that would start at x is
 * left out.  Other input (standard input, gzip, pipes) is read in turn
 * under the read lock, each piece after the last cut of the one before
 * (fill_piece).
 */
struct source {
	struct input_stream *stream;
	unsigned long long size;     /* when it was opened: what it grows by later is not read */
	long last_seq;               /* under lock: the file's pieces after this one are left out
					(one thread read the rest of the file, or reading failed) */
	int holders;                 /* under lock: the reader and the pieces not yet written */
};

/* What auditing a text gave. */
struct text_result {
	int games;                   /* games audited */
	uint64_t lines;              /* line ends in the text */
	int between;                 /* the text ended between games */
	struct pgn_position resume;  /* if not: where its unfinished game starts */
	int read_failed;             /* reading ended with the read error */
	char error[256];
};

struct piece {
	/* The reading thread fills these. */
	long seq;                    /* its sequence number (see struct pipeline) */
	const char *file;            /* the name findings carry ("-" for stdin) */
	const char *shown;           /* the name messages carry */
	unsigned char *store;        /* a byte, text, PGN_IN_PLACE_SLACK bytes */
	unsigned char *text;         /* store + 1: lexed where it is */
	size_t len, cap;             /* cap: room for text */
	struct pgn_position at;      /* where text[0] is in the file */
	int first_in_file, last_in_file;
	char failure[256];           /* last piece of a file whose reading failed: why */
	enum piece_state state;
	struct source *src;          /* read at its offset (or NULL: read in turn) */
	unsigned long long index;    /* then: its number in the file, from 0 */
	int skip;                    /* nothing to write: empty, left out or written already
					(0 in a free slot) */
	/* The auditing thread fills these. */
	struct outbuf out;
	struct game_marks marks;
	struct check_tally tally;
	struct text_result result;
};

struct pipeline;

/* What pgn_file_line asks of the text being audited: the file's line of its
 * first line, known, or to be waited for until the pieces before piece
 * `seq` are written. */
struct first_line {
	struct pipeline *p;
	long seq;                    /* -1: known */
	uint64_t line;
};

/* What a thread needs to lex and audit. */
struct worker_state {
	struct auditor auditor;
	struct finding_list findings;
	struct pgn_reader *reader;
	struct pgn_game game;
	struct first_line first_line;
};

struct pipeline {
	const struct check_options *opt;
	int color;
	enum report_format format;
	struct piece *ring;
	long ring_size;

	/* Under lock: the ring's state. */
	pthread_mutex_t lock;
	pthread_cond_t progress;         /* a piece was written (a slot freed) */
	long filled, written;            /* piece sequence numbers */
	int writer_active;               /* a thread is writing pieces */
	int waiting;                     /* threads waiting on progress */
	int stop;                        /* the output failed: read no more */

	/* The reading thread's (the one holding read_lock). */
	pthread_mutex_t read_lock;
	char **files;
	int file_count, file_index;
	struct input_stream *stream;     /* the file being read, NULL between files */
	struct source *src;              /* the same, when read by pieces at their offsets */
	unsigned long long next_index;   /* then: the next piece's number in it */
	const char *file, *shown;
	struct pgn_position at;          /* where the next piece starts (but its line: pieces
					    count their lines from 1) */
	int first;                       /* the next piece is the file's first */
	unsigned char *spill;            /* text read after the last cut */
	size_t spill_len, spill_cap;

	/* The writing thread's (the one with writer_active set). */
	struct report *report;
	struct check_tally *tally;
	int games_before;                /* games of the current file written */
	uint64_t next_line;              /* the file's line where the next piece starts (under
					    lock when written is; see first_line_of_text) */
	int carrying;                    /* the last piece written ended inside a game */
	unsigned char *carry, *redo;     /* its unfinished text; that text + the next piece */
	size_t carry_len, carry_cap, redo_cap;
	struct pgn_position carry_at;
	int status;                      /* -1 once a file could not be read (under lock) */
};

static void out_of_memory(void)
{
	warnx_("out of memory");
	exit(EXIT_TROUBLE);
}

/* Called with the lock held: a holder of src lets it go. */
static void let_go(struct source *src)
{
	if (--src->holders == 0) {
		stream_close(src->stream);
		free(src);
	}
}

/* Makes room for `need` bytes in *buf. */
static void reserve(unsigned char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return;
	size_t cap2 = *cap ? *cap : 4096;
	while (cap2 < need)
		cap2 *= 2;
	unsigned char *b = memory_grow(*buf, *cap, cap2);
	if (!b)
		out_of_memory();
	*buf = b;
	*cap = cap2;
}

static size_t room_kept(void);

/* Makes room for `need` bytes of text in piece b (see struct piece). */
static void piece_reserve(struct piece *b, size_t need)
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
		out_of_memory();
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
static uint64_t first_line_of_text(void *ctx)
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

static void worker_state_init(struct worker_state *w, const struct check_options *opt)
{
	auditor_init(&w->auditor, &opt->audit);
	memset(&w->findings, 0, sizeof w->findings);
	pgn_game_init(&w->game);
	w->reader = pgn_reader_new(NULL);
	if (!w->reader)
		out_of_memory();
}

static void worker_state_free(struct worker_state *w)
{
	auditor_free(&w->auditor);
	finding_list_free(&w->findings);
	pgn_game_free(&w->game);
	pgn_reader_free(w->reader);
}

/*
 * Lexes and audits the len bytes at text, which start at `at` in the file,
 * into r (whose game numbers are marked).  Unless the text is the last of its
 * file, a game it cuts off at its end is left out: the writer reads it again
 * with the text that follows.  A text in b's store (in_place) is lexed where
 * it is.
 */
static void audit_text(const struct pipeline *p, struct worker_state *w, const struct piece *b,
		       unsigned char *text, size_t len, int in_place, const struct pgn_position *at,
		       struct report *r, struct check_tally *tally, struct text_result *res)
{
	int got;
	int failed = b->last_in_file && b->failure[0];
	w->game.piece_first_line = first_line_of_text;
	w->game.piece_ctx = &w->first_line;
	if (in_place && !failed)
		pgn_reader_restart_in_place(w->reader, text, len, at);
	else
		pgn_reader_restart(w->reader, text, len, NULL, failed ? b->failure : NULL, at);
	memset(res, 0, sizeof *res);
	while ((got = pgn_next_game(w->reader, &w->game, res->error, sizeof res->error)) == 1) {
		if (!b->last_in_file && pgn_reader_game_cut_by_end(w->reader))
			continue;
		check_game(p->opt, &w->auditor, &w->findings, r, b->file, ++res->games, &w->game, tally);
	}
	res->read_failed = got < 0;
	res->between = b->last_in_file || pgn_reader_ended_between_games(w->reader, &res->resume);
	res->lines = pgn_reader_line(w->reader) - at->line;
}

/* What a piece's report needs to write its output before the piece is done
 * (write_early). */
struct early {
	struct pipeline *p;
	struct piece *b;
	uint64_t first_line;         /* the file's line of the audited text's first line */
	int as_writer;               /* b is audited again by the writer (write_piece) */
};

static void put_output(struct pipeline *p, struct report *r, const struct piece *b, uint64_t first_line);
static size_t cut_window(void);

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
static void write_early(struct report *r, void *ctx)
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

/* Audits piece b (from its own text, or another starting at `at`, whose
 * lines are counted from 1) into its buffers.  The file's line of the text's
 * first line is `first_line`, or when that is 0, where piece b starts; a
 * first line is given only by the writer, which audits b again. */
static void audit_piece(struct pipeline *p, struct worker_state *w, struct piece *b,
			unsigned char *text, size_t len, int in_place, const struct pgn_position *at,
			uint64_t first_line)
{
	struct early early = { p, b, first_line, first_line != 0 };
	if (!first_line && b->first_in_file)
		first_line = 1;
	w->first_line.p = p;
	w->first_line.seq = first_line ? -1 : b->seq;
	w->first_line.line = first_line;
	struct report r;
	memset(&r, 0, sizeof r);
	r.format = p->format;
	r.color = p->color;
	r.buf = b->out;
	r.buf.len = 0;
	b->marks.count = 0;
	r.marks = &b->marks;
	r.full = write_early;
	r.full_ctx = &early;
	r.full_at = early_bytes;
	memset(&b->tally, 0, sizeof b->tally);
	audit_text(p, w, b, text, len, in_place, at, &r, &b->tally, &b->result);
	b->out = r.buf;
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
static unsigned char *join_carry(struct pipeline *p, const struct piece *b, size_t *len, int *in_store)
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
	p->tally->errors += b->tally.errors;
	p->tally->reported += b->tally.reported;
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
static void write_done_pieces(struct pipeline *p, struct worker_state *w)
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
static void make_progress(struct pipeline *p, struct worker_state *w)
{
	long written = p->written;
	write_done_pieces(p, w);
	if (p->written != written)
		return;
	wait_for_progress(p);
}

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
		check_game(p->opt, &w->auditor, &w->findings, r, b->file, ++p->games_before, &w->game, p->tally);
	}
	if (got < 0)
		warn_read_failed(b->shown, err, p->games_before);
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
				out_of_memory();
			src->stream = p->stream;
			src->size = size;
			src->last_seq = LONG_MAX;
			src->holders = 1;
			p->src = src;
			p->next_index = 0;
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
	b->first_in_file = p->first;
	b->seq = p->filled;
	b->at = p->at;
	b->at.line = 1;
	b->failure[0] = 0;
	piece_reserve(b, piece_bytes + p->spill_len);
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
static size_t cut_window(void)
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
static int load_piece(struct pipeline *p, struct worker_state *w, struct piece *b)
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
static struct piece *next_piece(struct pipeline *p, struct worker_state *w)
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
static void take_read_lock(struct pipeline *p)
{
	for (unsigned spins = 0; pthread_mutex_trylock(&p->read_lock) != 0; spins++) {
		if (spins % 64 == 63)
			sched_yield();
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
	}
}

/* Each thread's loop: read a piece, audit it, write what is done. */
static void *work(void *arg)
{
	struct pipeline *p = arg;
	struct worker_state w;
	worker_state_init(&w, p->opt);
	for (;;) {
		take_read_lock(p);
		struct piece *b = next_piece(p, &w);
		pthread_mutex_unlock(&p->read_lock);
		if (!b)
			break;
		if (!b->src || load_piece(p, &w, b))
			audit_piece(p, &w, b, b->text, b->len, 1, &b->at, 0);
		pthread_mutex_lock(&p->lock);
		b->state = PIECE_DONE;
		write_done_pieces(p, &w);
		pthread_mutex_unlock(&p->lock);
	}
	worker_state_free(&w);
	return NULL;
}

int check_files_parallel(const struct check_options *opt, struct report *r, char **files, int file_count,
			 struct check_tally *tally)
{
	struct pipeline p;
	memset(&p, 0, sizeof p);
	read_test_hooks();
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/* Blocks of 128 KiB and more (the pieces' stores) are mapped apart
	 * and unmapped when freed.  By default glibc raises that threshold
	 * to the largest block freed, so a store given back (give_back_room)
	 * would leave a hole in the heap that the next one does not fill:
	 * on 32 copies of the bench file the peak was 0.4 MB higher. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
	p.opt = opt;
	p.color = r->color;
	p.format = r->format;
	p.report = r;
	p.tally = tally;
	p.files = files;
	p.file_count = file_count;
	int threads = opt->jobs;
	p.ring_size = 2L * threads + 1;
	p.ring = calloc((size_t)p.ring_size, sizeof *p.ring);
	pthread_t *others = calloc((size_t)threads, sizeof *others);
	if (!p.ring || !others)
		out_of_memory();
	pthread_mutexattr_t spin;
	pthread_mutexattr_init(&spin);
	pthread_mutexattr_settype(&spin, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&p.lock, &spin);
	pthread_mutex_init(&p.read_lock, &spin);
	pthread_mutexattr_destroy(&spin);
	pthread_cond_init(&p.progress, NULL);
	/* The main thread is one of the N. */
	int started = 0;
	for (; started < threads - 1; started++)
		if (pthread_create(&others[started], NULL, work, &p) != 0)
			break;
	work(&p);
	for (int i = 0; i < started; i++)
		pthread_join(others[i], NULL);
	/* Each thread writes what it finished unless another is writing, and
	 * the writer looks for more before it stops: all is written. */
	if (p.written != p.filled)
		abort();

	if (p.src)
		let_go(p.src);
	else if (p.stream)
		stream_close(p.stream);
	for (long i = 0; i < p.ring_size; i++) {
		free(p.ring[i].store);
		free(p.ring[i].out.data);
		free(p.ring[i].marks.at);
		free(p.ring[i].marks.value);
	}
	pthread_mutex_destroy(&p.lock);
	pthread_mutex_destroy(&p.read_lock);
	pthread_cond_destroy(&p.progress);
	free(p.ring);
	free(others);
	free(p.carry);
	free(p.redo);
	free(p.spill);
	return p.status;
}
