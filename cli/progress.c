/*
 * progress.c - the progress line of a long run on a terminal (progress.h).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "parser/stream.h"
#include "progress.h"

/* Seconds before the line appears (PGNAUDIT_PROGRESS_AFTER for the tests:
 * 0 draws it at once), and between two drawings of it. */
#define PROGRESS_DELAY 2.0
#define PROGRESS_EVERY_NS 500000000L

static struct {
	int active;
	pthread_t thread;
	pthread_mutex_t lock;       /* the line and the terminal under it */
	pthread_cond_t wake;
	int stopping;
	int held;                   /* progress_hold: another write is under way */
	int shown;                  /* the line is on the terminal */
	unsigned long long total;   /* bytes of the inputs, 0 when not known */
	unsigned long long start_bytes;
	double delay;
	struct timespec start;
} p = { .lock = PTHREAD_MUTEX_INITIALIZER };

static atomic_long games;

void progress_game(void)
{
	atomic_fetch_add_explicit(&games, 1, memory_order_relaxed);
}

static double seconds_since(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* "1,201,554" */
static void with_commas(char *out, size_t n, long v)
{
	char digits[32];
	int len = snprintf(digits, sizeof digits, "%ld", v);
	size_t at = 0;
	for (int i = 0; i < len && at + 2 < n; i++) {
		out[at++] = digits[i];
		int after = len - i - 1;   /* the digits still to come */
		if (after > 0 && after % 3 == 0)
			out[at++] = ',';
	}
	out[at] = '\0';
}

static void draw(double elapsed)
{
	unsigned long long bytes = stream_bytes_read() - p.start_bytes;
	/* -j N reads the bytes around a cut twice. */
	if (p.total > 0 && bytes > p.total)
		bytes = p.total;
	double mb = (double)bytes / 1e6;
	char line[160], count[32];
	int n;
	with_commas(count, sizeof count, atomic_load_explicit(&games, memory_order_relaxed));
	if (p.total > 0) {
		double done = (double)bytes / (double)p.total;
		n = snprintf(line, sizeof line, "\rpgnaudit: %.1f of %.1f MB (%d%%), %s games, %.1f MB/s\033[K", mb,
			     (double)p.total / 1e6, (int)(100 * done), count, elapsed > 0 ? mb / elapsed : 0.0);
	} else {
		n = snprintf(line, sizeof line, "\rpgnaudit: %.1f MB, %s games, %.1f MB/s\033[K", mb, count,
			     elapsed > 0 ? mb / elapsed : 0.0);
	}
	if (n > 0 && write(STDERR_FILENO, line, (size_t)n) == n)
		p.shown = 1;
}

static void erase(void)
{
	static const char clear[] = "\r\033[K";
	if (p.shown && write(STDERR_FILENO, clear, sizeof clear - 1) == (ssize_t)(sizeof clear - 1))
		p.shown = 0;
}

static void *run(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&p.lock);
	while (!p.stopping) {
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += PROGRESS_EVERY_NS;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&p.wake, &p.lock, &until);
		double elapsed = seconds_since(&p.start);
		if (!p.stopping && !p.held && elapsed >= p.delay)
			draw(elapsed);
	}
	erase();
	pthread_mutex_unlock(&p.lock);
	return NULL;
}

/* The bytes of the inputs, or 0 when one of them is not a regular file. */
static unsigned long long total_size(char **files, int count)
{
	unsigned long long total = 0;
	for (int i = 0; i < count; i++) {
		long member;
		const char *file = input_file_of(files[i], &member);
		struct stat st;
		if (strcmp(file, "-") == 0 || stat(file, &st) != 0 || !S_ISREG(st.st_mode))
			return 0;
		if (member <= 1)   /* an archive once, for its first member */
			total += (unsigned long long)st.st_size;
	}
	return total;
}

void progress_start(char **files, int count, int wanted)
{
	const char *term = getenv("TERM");
	if (!wanted || !isatty(STDERR_FILENO) || (term && strcmp(term, "dumb") == 0))
		return;
	p.total = total_size(files, count);
	p.start_bytes = stream_bytes_read();
	clock_gettime(CLOCK_MONOTONIC, &p.start);
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&p.wake, &attr);
	pthread_condattr_destroy(&attr);
	p.stopping = 0;
	const char *after = getenv("PGNAUDIT_PROGRESS_AFTER");
	p.delay = after ? strtod(after, NULL) : PROGRESS_DELAY;
	if (p.delay <= 0)
		draw(0);
	/* Without a thread there is no line; the run goes on. */
	p.active = pthread_create(&p.thread, NULL, run, NULL) == 0;
	if (!p.active)
		pthread_cond_destroy(&p.wake);
}

void progress_stop(void)
{
	if (!p.active)
		return;
	pthread_mutex_lock(&p.lock);
	p.stopping = 1;
	pthread_cond_signal(&p.wake);
	pthread_mutex_unlock(&p.lock);
	pthread_join(p.thread, NULL);
	pthread_cond_destroy(&p.wake);
	p.active = 0;
}

void progress_hold(void)
{
	if (!p.active)
		return;
	pthread_mutex_lock(&p.lock);
	erase();
	p.held = 1;
	pthread_mutex_unlock(&p.lock);
}

void progress_release(void)
{
	if (!p.active)
		return;
	pthread_mutex_lock(&p.lock);
	p.held = 0;
	pthread_mutex_unlock(&p.lock);
}
