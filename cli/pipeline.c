/*
 * pipeline.c - `pgnaudit check -j N`: N worker threads, output in input order.
 *
 * The main thread reads (and inflates) each file and cuts it into pieces of
 * about PIECE_BYTES of text, each ending where a game seems to end: before a
 * line that starts with `[`, after a line that ends with a result.  A worker
 * lexes and audits a whole piece on its own, so that what crosses from one
 * core to another is the text, not the tokens made of it (which are several
 * times larger).  The main thread writes finished pieces strictly in the
 * order they were read.  Pieces live in a ring of fixed size, so memory does
 * not grow with the input.
 *
 * The output is the bytes -j 1 prints, whatever the cuts:
 *  - Lines, columns and offsets: each piece is lexed from the position where
 *    it starts in the file (pgn_reader_restart).
 *  - Game numbers: a worker does not know how many games came before its
 *    piece; it numbers its games from 1 and the report notes where the
 *    numbers go (struct game_marks); the writer puts in the real ones.
 *  - A cut in the wrong place (inside a comment, after a result in a
 *    variation, before a game without a result...): the worker finds that
 *    its piece did not end between games (pgn_reader_ended_between_games),
 *    leaves the unfinished game out, and the writer, which has the piece's
 *    text, reads that game's text again together with the next piece, on its
 *    own thread, throwing away what the worker made of that next piece.
 *  - A file with no place to cut within PIECE_MAX bytes (one enormous game):
 *    the writer waits for what is under way and reads the rest of the file on
 *    its own thread, as -j 1 does.
 * Both fallbacks are rare in real files and cost time, never correctness.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "parser/stream.h"

#define PIECE_BYTES ((size_t)256 * 1024)
#define PIECE_MAX ((size_t)4 << 20)

/* The tests make pieces tiny (PGNAUDIT_PIECE_BYTES=n in the environment)
 * so that cuts fall everywhere and both fallbacks run; the largest piece is
 * then 16 n bytes, but at least 4 KiB. */
static size_t piece_bytes = PIECE_BYTES, piece_max = PIECE_MAX;

static void read_piece_size(void)
{
	const char *v = getenv("PGNAUDIT_PIECE_BYTES");
	char *end;
	unsigned long n = v ? strtoul(v, &end, 10) : 0;
	if (n > 0 && n <= PIECE_MAX && *end == 0) {
		piece_bytes = n;
		piece_max = 16 * n > 4096 ? 16 * n : 4096;
	}
}

enum piece_state { PIECE_FREE, PIECE_FILLED, PIECE_DONE };

/* What auditing a text gave. */
struct text_result {
	int games;                   /* games audited */
	int between;                 /* the text ended between games */
	struct pgn_position resume;  /* if not: where its unfinished game starts */
	int read_failed;             /* reading ended with the read error */
	char error[256];
};

struct piece {
	/* The main thread fills these. */
	const char *file;            /* the name findings carry ("-" for stdin) */
	const char *shown;           /* the name messages carry */
	unsigned char *text;
	size_t len, cap;
	struct pgn_position at;      /* where text[0] is in the file */
	int first_in_file, last_in_file;
	char failure[256];           /* last piece of a file whose reading failed: why */
	enum piece_state state;
	/* The worker fills these. */
	struct outbuf out;
	struct game_marks marks;
	struct check_tally tally;
	struct text_result result;
};

/* What a thread needs to lex and audit. */
struct worker_state {
	struct auditor auditor;
	struct finding_list findings;
	struct pgn_reader *reader;
	struct pgn_game game;
};

struct pipeline {
	const struct check_options *opt;
	int color;
	enum report_format format;
	struct piece *ring;
	long ring_size;
	long filled, claimed, written;   /* piece sequence numbers */
	int reading_done;
	/* Signals go only to a thread that waits: in a virtual machine a
	 * wake-up costs more than a little waiting. */
	int idle_workers, main_waiting;
	pthread_mutex_t lock;
	pthread_cond_t work;             /* a piece was filled, or reading is done */
	pthread_cond_t progress;         /* a piece was audited */

	/* The writer's (main thread's) own. */
	struct worker_state main;
	int games_before;                /* games of the current file written */
	int carrying;                    /* the last piece written ended inside a game */
	unsigned char *carry, *redo;     /* its unfinished text; that text + the next piece */
	size_t carry_len, carry_cap, redo_cap;
	struct pgn_position carry_at;
	unsigned char *spill;            /* text read after the last cut */
	size_t spill_len, spill_cap;
	int status;                      /* -1 once a file could not be read */
};

static void out_of_memory(void)
{
	warnx_("out of memory");
	exit(EXIT_TROUBLE);
}

/* Makes room for `need` bytes in *buf. */
static void reserve(unsigned char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return;
	size_t cap2 = *cap ? *cap : 4096;
	while (cap2 < need)
		cap2 *= 2;
	unsigned char *b = realloc(*buf, cap2);
	if (!b)
		out_of_memory();
	*buf = b;
	*cap = cap2;
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
 * with the text that follows.
 */
static void audit_text(const struct pipeline *p, struct worker_state *w, const struct piece *b,
		       const unsigned char *text, size_t len, const struct pgn_position *at,
		       struct report *r, struct check_tally *tally, struct text_result *res)
{
	int got;
	pgn_reader_restart(w->reader, text, len, NULL,
			   b->last_in_file && b->failure[0] ? b->failure : NULL, at);
	memset(res, 0, sizeof *res);
	while ((got = pgn_next_game(w->reader, &w->game, res->error, sizeof res->error)) == 1) {
		if (!b->last_in_file && pgn_reader_game_cut_by_end(w->reader))
			continue;
		check_game(p->opt, &w->auditor, &w->findings, r, b->file, ++res->games, &w->game, tally);
	}
	res->read_failed = got < 0;
	res->between = b->last_in_file || pgn_reader_ended_between_games(w->reader, &res->resume);
}

/* Audits piece b (from its own text) into its buffers. */
static void audit_piece(struct pipeline *p, struct worker_state *w, struct piece *b,
			const unsigned char *text, size_t len, const struct pgn_position *at)
{
	struct report r;
	memset(&r, 0, sizeof r);
	r.format = p->format;
	r.color = p->color;
	r.buf = b->out;
	r.buf.len = 0;
	b->marks.count = 0;
	r.marks = &b->marks;
	memset(&b->tally, 0, sizeof b->tally);
	audit_text(p, w, b, text, len, at, &r, &b->tally, &b->result);
	b->out = r.buf;
}

static void *worker(void *arg)
{
	struct pipeline *p = arg;
	struct worker_state w;
	worker_state_init(&w, p->opt);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->claimed == p->filled && !p->reading_done) {
			p->idle_workers++;
			pthread_cond_wait(&p->work, &p->lock);
			p->idle_workers--;
		}
		if (p->claimed == p->filled)
			break;
		long seq = p->claimed++;
		struct piece *b = &p->ring[seq % p->ring_size];
		pthread_mutex_unlock(&p->lock);
		audit_piece(p, &w, b, b->text, b->len, &b->at);
		pthread_mutex_lock(&p->lock);
		b->state = PIECE_DONE;
		/* The main thread only ever waits for the oldest piece. */
		if (p->main_waiting && seq == p->written)
			pthread_cond_signal(&p->progress);
	}
	pthread_mutex_unlock(&p->lock);
	worker_state_free(&w);
	return NULL;
}

/* The main thread sleeps until a worker finishes the oldest piece (the one
 * it writes next: a free slot too comes only from writing it). */
static void wait_for_progress(struct pipeline *p)
{
	p->main_waiting = 1;
	pthread_cond_wait(&p->progress, &p->lock);
	p->main_waiting = 0;
}

/* Copies b's output to r, putting in the game numbers. */
static void put_output(struct pipeline *p, struct report *r, const struct piece *b)
{
	size_t from = 0;
	for (size_t i = 0; i < b->marks.count; i++) {
		outbuf_put(&r->buf, b->out.data + from, b->marks.at[i] - from);
		outbuf_printf(&r->buf, "%d", p->games_before + b->marks.game[i]);
		from = b->marks.at[i];
	}
	if (b->out.len > from)
		outbuf_put(&r->buf, b->out.data + from, b->out.len - from);
}

/* Writes piece b, which is done.  When the piece before it ended inside a
 * game, what the worker made of b is thrown away and b is audited again here
 * from the unfinished text.  Called without the lock. */
static void write_piece(struct pipeline *p, struct report *r, struct check_tally *tally, struct piece *b)
{
	const unsigned char *text = b->text;
	struct pgn_position text_at = b->at;
	if (b->first_in_file) {
		p->games_before = 0;
		p->carrying = 0;
	}
	if (p->carrying) {
		reserve(&p->redo, &p->redo_cap, p->carry_len + b->len + 1);
		memcpy(p->redo, p->carry, p->carry_len);
		memcpy(p->redo + p->carry_len, b->text, b->len);
		text = p->redo;
		text_at = p->carry_at;
		audit_piece(p, &p->main, b, p->redo, p->carry_len + b->len, &p->carry_at);
	}
	put_output(p, r, b);
	report_flush(r);
	tally->errors += b->tally.errors;
	tally->reported += b->tally.reported;
	p->games_before += b->result.games;
	p->carrying = !b->result.between;
	if (p->carrying) {
		size_t from = (size_t)(b->result.resume.offset - text_at.offset);
		size_t end = text == p->redo ? p->carry_len + b->len : b->len;
		/* The carry and the redo buffers are distinct, so the unfinished
		 * text of a redone piece can be kept before the next redo. */
		reserve(&p->carry, &p->carry_cap, end - from + 1);
		memmove(p->carry, text + from, end - from);
		p->carry_len = end - from;
		p->carry_at = b->result.resume;
	}
	if (b->result.read_failed) {
		warnx_("%s: %s (after game %d)", b->shown, b->result.error, p->games_before);
		p->status = -1;
	}
}

/* Writes the oldest piece if it is done; with `wait`, waits for it.  Called
 * with the lock held; returns 1 when a piece was written. */
static int write_oldest(struct pipeline *p, struct report *r, struct check_tally *tally, int wait)
{
	struct piece *b = &p->ring[p->written % p->ring_size];
	while (wait && b->state != PIECE_DONE)
		wait_for_progress(p);
	if (b->state != PIECE_DONE)
		return 0;
	pthread_mutex_unlock(&p->lock);
	write_piece(p, r, tally, b);
	pthread_mutex_lock(&p->lock);
	b->state = PIECE_FREE;
	p->written++;
	return 1;
}

/* A free slot for the next piece, writing finished ones meanwhile. */
static struct piece *next_free_piece(struct pipeline *p, struct report *r, struct check_tally *tally)
{
	pthread_mutex_lock(&p->lock);
	struct piece *b = &p->ring[p->filled % p->ring_size];
	while (b->state != PIECE_FREE) {
		if (!write_oldest(p, r, tally, 0))
			wait_for_progress(p);
	}
	pthread_mutex_unlock(&p->lock);
	return b;
}

/* Writes every piece handed out so far. */
static void drain(struct pipeline *p, struct report *r, struct check_tally *tally)
{
	pthread_mutex_lock(&p->lock);
	while (p->written < p->filled)
		write_oldest(p, r, tally, 1);
	pthread_mutex_unlock(&p->lock);
}

static void publish(struct pipeline *p, struct piece *b)
{
	pthread_mutex_lock(&p->lock);
	b->state = PIECE_FILLED;
	p->filled++;
	if (p->idle_workers)
		pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->lock);
}

/* Whether the n bytes at t end with a result that stands alone. */
static int ends_with_result(const unsigned char *t, size_t n)
{
	size_t k;
	if (n >= 1 && t[n - 1] == '*')
		k = 1;
	else if (n >= 3 && (memcmp(t + n - 3, "1-0", 3) == 0 || memcmp(t + n - 3, "0-1", 3) == 0))
		k = 3;
	else if (n >= 7 && memcmp(t + n - 7, "1/2-1/2", 7) == 0)
		k = 7;
	else
		return 0;
	if (n == k)
		return 1;
	unsigned char c = t[n - k - 1];
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '}' || c == ')';
}

/* The last place in t[0, len) where a game seems to start: a `[` at the
 * start of a line, after blank lines and a line that ends with a result.
 * 0 when there is none.  It is only a guess; see the top of the file. */
static size_t find_cut(const unsigned char *t, size_t len)
{
	for (size_t i = len; i-- > 1;) {
		if (t[i] != '[')
			continue;
		if (t[i - 1] == '\n' || t[i - 1] == '\r') {
			size_t j = i;
			while (j > 0 && (t[j - 1] == '\n' || t[j - 1] == '\r' || t[j - 1] == ' ' || t[j - 1] == '\t'))
				j--;
			if (ends_with_result(t, j))
				return i;
		}
	}
	return 0;
}

/* Moves `at` over the n bytes at t, which end with a line end.  Lines are
 * counted as the reader counts them: CR, LF and CRLF each end one. */
static void advance(struct pgn_position *at, const unsigned char *t, size_t n)
{
	uint32_t lines = 0;
	size_t i = 0;
	if (memchr(t, '\r', n) == NULL) {
		/* No CR (the usual case): count LF eight bytes at a time.  For
		 * x = word ^ LFs, a byte of x is zero exactly where the word holds
		 * an LF, and `zero` has the high bit of exactly those bytes; the
		 * bytes of `lanes` count them (at most 255 words between sums). */
		const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
		const uint64_t low16 = 0x00ff00ff00ff00ffu;
		while (i + 8 <= n) {
			uint64_t lanes = 0;
			for (int k = 0; k < 255 && i + 8 <= n; k++, i += 8) {
				uint64_t word;
				memcpy(&word, t + i, 8);
				uint64_t x = word ^ (ones * '\n');
				lanes += (~(((x & ~high) + ~high) | x | ~high)) >> 7;
			}
			lanes = (lanes & low16) + ((lanes >> 8) & low16);
			lines += (uint32_t)((lanes * 0x0001000100010001u) >> 48);
		}
	}
	for (; i < n; i++)
		lines += t[i] == '\r' || (t[i] == '\n' && (i == 0 || t[i - 1] != '\r'));
	at->line += lines;
	at->offset += n;
	at->line_start = at->offset;
}

/* The rest of the file on this thread, as -j 1 reads it: `held` bytes at
 * `at` (after the unfinished text of the last piece written), then the
 * stream. */
static void read_rest_here(struct pipeline *p, struct report *r, struct check_tally *tally,
			   struct piece *b, struct input_stream *s)
{
	drain(p, r, tally);
	if (b->first_in_file) {
		p->games_before = 0;
		p->carrying = 0;
	}
	struct pgn_position at = p->carrying ? p->carry_at : b->at;
	size_t n = p->carrying ? p->carry_len : 0;
	reserve(&p->redo, &p->redo_cap, n + b->len + 1);
	if (n)
		memcpy(p->redo, p->carry, n);
	memcpy(p->redo + n, b->text, b->len);
	p->carrying = 0;

	struct worker_state *w = &p->main;
	char err[256];
	int got = 0;
	pgn_reader_restart(w->reader, p->redo, n + b->len, s, NULL, &at);
	while (!output_failed(r->out) && (got = pgn_next_game(w->reader, &w->game, err, sizeof err)) == 1) {
		check_game(p->opt, &w->auditor, &w->findings, r, b->file, ++p->games_before, &w->game, tally);
		report_flush(r);
	}
	if (got < 0) {
		warnx_("%s: %s (after game %d)", b->shown, err, p->games_before);
		p->status = -1;
	}
}

/* Reads one file into pieces. */
static void read_file(struct pipeline *p, const char *path, struct report *r, struct check_tally *tally)
{
	const char *shown = input_name(path);
	struct input_stream *s = input_open(path);
	if (!s) {
		p->status = -1;
		return;
	}
	struct pgn_position at = { 0, 0, 1 };
	int first = 1, last = 0;
	p->spill_len = 0;
	while (!last && !output_failed(r->out)) {
		struct piece *b = next_free_piece(p, r, tally);
		b->file = strcmp(path, "-") == 0 ? "-" : path;
		b->shown = shown;
		b->first_in_file = first;
		b->at = at;
		b->failure[0] = 0;
		reserve(&b->text, &b->cap, piece_bytes + p->spill_len);
		if (p->spill_len)
			memcpy(b->text, p->spill, p->spill_len);
		b->len = p->spill_len;
		size_t want = piece_bytes, cut = 0;
		for (;;) {
			while (b->len < want && !last) {
				ssize_t got = stream_read(s, b->text + b->len, want - b->len, b->failure,
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
			cut = find_cut(b->text, b->len);
			if (cut > 0)
				break;
			if (want >= piece_max) {
				read_rest_here(p, r, tally, b, s);
				stream_close(s);
				return;
			}
			want *= 2;
			reserve(&b->text, &b->cap, want);
		}
		p->spill_len = b->len - cut;
		reserve(&p->spill, &p->spill_cap, p->spill_len + 1);
		memcpy(p->spill, b->text + cut, p->spill_len);
		b->len = cut;
		b->last_in_file = last;
		if (!last)
			advance(&at, b->text, cut);
		first = 0;
		publish(p, b);
	}
	stream_close(s);
}

int check_files_parallel(const struct check_options *opt, struct report *r, char **files, int file_count,
			 struct check_tally *tally)
{
	struct pipeline p;
	memset(&p, 0, sizeof p);
	read_piece_size();
	p.opt = opt;
	p.color = r->color;
	p.format = r->format;
	int workers = opt->jobs;
	p.ring_size = 2L * workers + 1;
	p.ring = calloc((size_t)p.ring_size, sizeof *p.ring);
	pthread_t *threads = calloc((size_t)workers, sizeof *threads);
	if (!p.ring || !threads)
		out_of_memory();
	worker_state_init(&p.main, opt);
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.work, NULL);
	pthread_cond_init(&p.progress, NULL);
	int started = 0;
	for (; started < workers; started++)
		if (pthread_create(&threads[started], NULL, worker, &p) != 0)
			break;
	if (started == 0) {
		warnx_("cannot start a worker thread");
		exit(EXIT_TROUBLE);
	}

	for (int i = 0; i < file_count && !output_failed(r->out); i++)
		read_file(&p, files[i], r, tally);
	pthread_mutex_lock(&p.lock);
	p.reading_done = 1;
	pthread_cond_broadcast(&p.work);
	while (p.written < p.filled)
		write_oldest(&p, r, tally, 1);
	pthread_mutex_unlock(&p.lock);

	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	for (long i = 0; i < p.ring_size; i++) {
		free(p.ring[i].text);
		free(p.ring[i].out.data);
		free(p.ring[i].marks.at);
		free(p.ring[i].marks.game);
	}
	worker_state_free(&p.main);
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.work);
	pthread_cond_destroy(&p.progress);
	free(p.ring);
	free(threads);
	free(p.carry);
	free(p.redo);
	free(p.spill);
	return p.status;
}
