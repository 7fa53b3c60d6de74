/*
 * pipeline.c - `pgnaudit check -j N`: worker threads, output in input order.
 *
 * The main thread reads (and inflates) the input and cuts it into batches of
 * whole games; workers audit batches and render their findings into the
 * batch's own buffer; the main thread writes finished batches strictly in
 * the order they were read.  -j N means N threads in all: the reader and
 * N - 1 workers (one worker for -j 2), since a third busy thread on two
 * cores only slowed the others down.  Batches live in a ring of fixed size, so at
 * most RING_SIZE batches are in memory whatever the input's size, and a slot
 * is reused (with its games' buffers) once it has been written.  Because
 * every thread renders a game with the same check_game(), the output is the
 * same bytes as with -j 1.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "parser/stream.h"

#define BATCH_GAMES 16
#define RING_PER_WORKER 2

enum batch_state { BATCH_FREE, BATCH_FILLED, BATCH_DONE };

struct batch {
	struct pgn_game games[BATCH_GAMES];
	int count;
	const char *file;        /* the name findings carry */
	int first_index;         /* index of games[0] in its file */
	enum batch_state state;
	struct outbuf out;
	struct check_tally tally;
};

struct pipeline {
	const struct check_options *opt;
	int color;
	enum report_format format;
	struct batch *ring;
	long ring_size;
	long filled, claimed, written; /* batch sequence numbers */
	int reading_done;
	/* Signals are sent only to a thread that waits: in a virtual machine a
	 * wake-up costs more than auditing a small batch. */
	int idle_workers, reader_waiting;
	pthread_mutex_t lock;
	pthread_cond_t work;      /* a batch was filled, or reading is done */
	pthread_cond_t progress;  /* a batch was audited */
};

static struct batch *slot(struct pipeline *p, long seq)
{
	return &p->ring[seq % p->ring_size];
}

static void audit_batch(struct pipeline *p, struct batch *b, struct auditor *a, struct finding_list *findings)
{
	struct report r = { NULL, p->format, p->color, b->out };
	r.buf.len = 0;
	memset(&b->tally, 0, sizeof b->tally);
	for (int i = 0; i < b->count; i++)
		check_game(p->opt, a, findings, &r, b->file, b->first_index + i, &b->games[i], &b->tally);
	b->out = r.buf;
}

static void *worker(void *arg)
{
	struct pipeline *p = arg;
	struct auditor a;
	struct finding_list findings = { 0 };
	auditor_init(&a, &p->opt->audit);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->claimed == p->filled && !p->reading_done) {
			p->idle_workers++;
			pthread_cond_wait(&p->work, &p->lock);
			p->idle_workers--;
		}
		if (p->claimed == p->filled)
			break;
		struct batch *b = slot(p, p->claimed++);
		pthread_mutex_unlock(&p->lock);
		audit_batch(p, b, &a, &findings);
		pthread_mutex_lock(&p->lock);
		b->state = BATCH_DONE;
		if (p->reader_waiting)
			pthread_cond_signal(&p->progress);
	}
	pthread_mutex_unlock(&p->lock);
	auditor_free(&a);
	finding_list_free(&findings);
	return NULL;
}

/* The reading thread sleeps until a worker finishes a batch. */
static void wait_for_progress(struct pipeline *p)
{
	p->reader_waiting = 1;
	pthread_cond_wait(&p->progress, &p->lock);
	p->reader_waiting = 0;
}

/* Writes the oldest batch if it is done; with `wait`, waits for it.  Called
 * with the lock held; returns 1 when a batch was written. */
static int write_oldest(struct pipeline *p, struct report *r, struct check_tally *tally, int wait)
{
	struct batch *b = slot(p, p->written);
	while (wait && b->state != BATCH_DONE)
		wait_for_progress(p);
	if (b->state != BATCH_DONE)
		return 0;
	pthread_mutex_unlock(&p->lock);
	if (b->out.len)
		outbuf_put(&r->buf, b->out.data, b->out.len);
	report_flush(r);
	tally->errors += b->tally.errors;
	tally->reported += b->tally.reported;
	pthread_mutex_lock(&p->lock);
	b->state = BATCH_FREE;
	p->written++;
	return 1;
}

/* A free slot for the next batch, writing finished ones meanwhile. */
static struct batch *next_free_batch(struct pipeline *p, struct report *r, struct check_tally *tally)
{
	pthread_mutex_lock(&p->lock);
	struct batch *b = slot(p, p->filled);
	while (b->state != BATCH_FREE) {
		if (!write_oldest(p, r, tally, 0))
			wait_for_progress(p);
	}
	pthread_mutex_unlock(&p->lock);
	return b;
}

static void publish(struct pipeline *p, struct batch *b)
{
	pthread_mutex_lock(&p->lock);
	b->state = BATCH_FILLED;
	p->filled++;
	if (p->idle_workers)
		pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->lock);
}

/* Reads one file into batches; returns -1 on a read error (message out). */
static int read_file(struct pipeline *p, const char *path, struct report *r, struct check_tally *tally)
{
	char err[256];
	const char *shown = strcmp(path, "-") == 0 ? "standard input" : path;
	struct input_stream *s = stream_open(path, err, sizeof err);
	if (!s) {
		warnx_("%s: %s", shown, err);
		return -1;
	}
	struct pgn_reader *reader = pgn_reader_new(s);
	int index = 0, got = 1, status = 0;
	while (got == 1 && !output_failed(r->out)) {
		struct batch *b = next_free_batch(p, r, tally);
		b->file = strcmp(path, "-") == 0 ? "-" : path;
		b->first_index = index + 1;
		b->count = 0;
		while (b->count < BATCH_GAMES && (got = pgn_next_game(reader, &b->games[b->count], err, sizeof err)) == 1)
			b->count++;
		index += b->count;
		if (b->count > 0)
			publish(p, b);
	}
	if (got < 0) {
		warnx_("%s: %s (after game %d)", shown, err, index);
		status = -1;
	}
	pgn_reader_free(reader);
	stream_close(s);
	return status;
}

int check_files_parallel(const struct check_options *opt, struct report *r, char **files, int file_count,
			 struct check_tally *tally)
{
	struct pipeline p;
	memset(&p, 0, sizeof p);
	p.opt = opt;
	p.color = r->color;
	p.format = r->format;
	/* The reading thread is one of the N: -j 2 is a reader and a worker. */
	int workers = opt->jobs > 2 ? opt->jobs - 1 : 1;
	p.ring_size = (long)(workers + 1) * RING_PER_WORKER;
	p.ring = calloc((size_t)p.ring_size, sizeof *p.ring);
	pthread_t *threads = calloc((size_t)workers, sizeof *threads);
	if (!p.ring || !threads) {
		warnx_("out of memory");
		exit(EXIT_TROUBLE);
	}
	for (long i = 0; i < p.ring_size; i++)
		for (int g = 0; g < BATCH_GAMES; g++)
			pgn_game_init(&p.ring[i].games[g]);
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

	int status = 0;
	for (int i = 0; i < file_count && !output_failed(r->out); i++)
		if (read_file(&p, files[i], r, tally) < 0)
			status = -1;
	pthread_mutex_lock(&p.lock);
	p.reading_done = 1;
	pthread_cond_broadcast(&p.work);
	while (p.written < p.filled)
		write_oldest(&p, r, tally, 1);
	pthread_mutex_unlock(&p.lock);

	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	for (long i = 0; i < p.ring_size; i++) {
		for (int g = 0; g < BATCH_GAMES; g++)
			pgn_game_free(&p.ring[i].games[g]);
		free(p.ring[i].out.data);
	}
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.work);
	pthread_cond_destroy(&p.progress);
	free(p.ring);
	free(threads);
	return status;
}
