/*
 * workers.c - the threads of `check -j N`: each one in turn reads a piece
 * (reader.c), lexes and audits it on its own, and writes what is done
 * (ring.c).  check_files_parallel sets the ring up and starts them.
 */
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli/check.h"
#include "cli/pipeline/pipeline_internal.h"
#include "util/memory.h"

/* The sizes of pieces (pipeline_internal.h); the tests change them. */
size_t piece_bytes = PIECE_BYTES, piece_max = PIECE_MAX;

/* When a piece's output is written early (write_early). */
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

static void worker_state_init(struct worker_state *w, const struct check_options *opt)
{
	auditor_init(&w->auditor, &opt->audit);
	memset(&w->findings, 0, sizeof w->findings);
	pgn_game_init(&w->game);
	w->reader = pgn_reader_new(NULL);
	if (!w->reader)
		memory_exhausted();
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

/* Audits piece b (from its own text, or another starting at `at`, whose
 * lines are counted from 1) into its buffers.  The file's line of the text's
 * first line is `first_line`, or when that is 0, where piece b starts; a
 * first line is given only by the writer, which audits b again. */
void audit_piece(struct pipeline *p, struct worker_state *w, struct piece *b,
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
	check_tally_clear(&b->tally);
	audit_text(p, w, b, text, len, in_place, at, &r, &b->tally, &b->result);
	b->out = r.buf;
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
			 struct file_tally *per_file, struct collection *collection)
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
	p.collection = collection;
	p.per_file = per_file;
	p.files = files;
	p.file_count = file_count;
	int threads = opt->jobs;
	p.ring_size = 2L * threads + 1;
	p.ring = calloc((size_t)p.ring_size, sizeof *p.ring);
	pthread_t *others = calloc((size_t)threads, sizeof *others);
	if (!p.ring || !others)
		memory_exhausted();
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
		check_tally_free(&p.ring[i].tally);
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
