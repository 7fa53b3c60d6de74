/*
 * output.c - writing results to standard output or, atomically, to a file.
 */
#include "cli.h"
#include "progress.h"
#include "reports/report.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* s on standard error with its control characters escaped, as the text
 * report writes them (outbuf_put_visible): a file name or a quoted token
 * may hold an escape sequence.  Other bytes go out as they are (a file
 * name need not be UTF-8). */
static void put_visible_stderr(const char *s)
{
	while (*s) {
		unsigned code;
		size_t n = (unsigned char)*s >= 0x80 ? utf8_sequence((const unsigned char *)s) : 1;
		/* A byte that is not UTF-8 is escaped only if it is C1. */
		if (n == 0 && (unsigned char)*s > 0x9F)
			n = 1;
		else if (control_length(s, &code) != 0) {
			/* A C1 byte that is not UTF-8 is shown as the byte. */
			char esc[6];
			size_t len = control_escape(code, n == 2, esc);
			(void)fwrite(esc, 1, len, stderr);
			s += n ? n : 1;
			continue;
		}
		(void)fwrite(s, 1, n, stderr);
		s += n;
	}
}

void warnx_(const char *fmt, ...)
{
	char small[512];
	char *big = NULL;
	va_list ap;
	fflush(stdout);
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	/* A longer message is formatted again in full (or cut, without memory). */
	if (n >= (int)sizeof small && (big = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	progress_hold();
	fputs("pgnaudit: ", stderr);
	put_visible_stderr(big ? big : small);
	fputc('\n', stderr);
	fflush(stderr);
	progress_release();
	free(big);
}

void warn_read_failed(const char *name, const char *error, int games)
{
	if (games > 0)
		warnx_("%s: %s (after game %d)", name, error, games);
	else
		warnx_("%s: %s", name, error);
}

void warn_not_kept(const char *name, int games, int error)
{
	const char *dir = getenv("TMPDIR");
	char after[48] = "";
	if (games > 0)
		snprintf(after, sizeof after, " after game %d", games);
	if (error == ENOMEM || error == 0)
		warnx_("%s: out of memory keeping the text%s", name, after);
	else
		warnx_("%s: cannot keep the text%s in a temporary file in %s: %s", name, after,
		       dir && *dir ? dir : "/tmp", strerror(error));
}

int output_is_input(const char *path, const char *option, char **files, int count)
{
	struct stat out, in;
	if (!path || strcmp(path, "-") == 0 || stat(path, &out) != 0 || !S_ISREG(out.st_mode))
		return 0;
	for (int i = 0; i < count; i++) {
		/* Standard input redirected from the file (check -o X < X). */
		int from_stdin = strcmp(files[i], "-") == 0;
		if (from_stdin ? fstat(STDIN_FILENO, &in) != 0 : stat(input_file_of(files[i], NULL), &in) != 0)
			continue;
		if (in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
			if (from_stdin)
				warnx_("%s: the output (%s) is the file standard input reads; nothing was read or written",
				       path, option);
			else
				warnx_("%s: the output (%s %s) is this input file; nothing was read or written", files[i],
				       option, path);
			return 1;
		}
	}
	return 0;
}

/* The temporary files being written now (output_open, and the backup's
 * link under a temporary name), so that a signal that ends the program
 * removes them: their targets are left as they were. */
#define LIVE_TEMPORARIES 8
static char *volatile live_temporaries[LIVE_TEMPORARIES];

void temporary_register(char *path)
{
	for (int i = 0; i < LIVE_TEMPORARIES; i++)
		if (!live_temporaries[i]) {
			live_temporaries[i] = path;
			return;
		}
}

void temporary_unregister(const char *path)
{
	for (int i = 0; i < LIVE_TEMPORARIES; i++)
		if (live_temporaries[i] == path)
			live_temporaries[i] = NULL;
}

/* Removes the temporary files, then dies of the signal as if it had not
 * been caught (the shell then sees 128 + its number).  Only unlink(2),
 * signal(2) and raise(3): async-signal-safe. */
static void die_of_signal(int sig)
{
	for (int i = 0; i < LIVE_TEMPORARIES; i++)
		if (live_temporaries[i])
			unlink(live_temporaries[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

void output_guard_start(void)
{
	/* Descriptors 0-2 closed by the caller (2>&-): the next file opened
	 * would be one of them, and the diagnostics written to "standard
	 * error" would land in an output file.  They are opened on
	 * /dev/null instead. */
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
			if (null >= 0 && null != fd) {
				dup2(null, fd);
				close(null);
			}
		}
	/* A diagnostic is written whole, in one write(2) (standard error is
	 * unbuffered: a byte a write made 200,000 messages take a minute). */
	static char stderr_buffer[4096];
	setvbuf(stderr, stderr_buffer, _IOLBF, sizeof stderr_buffer);
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = die_of_signal;
		sigemptyset(&sa.sa_mask);
		/* A signal ignored by whoever started us (nohup) stays ignored. */
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(signals[i], &sa, NULL);
	}
}

/* Where a path would be, for comparing the names of files that may not
 * exist yet: the real path of its folder and its last part, into buf. */
static int canonical_target(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	const char *base = slash ? slash + 1 : path;
	if (slash)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path == 0 ? 1 : slash - path), path);
	else
		snprintf(dir, sizeof dir, ".");
	char *real = realpath(dir, NULL);
	if (!real)
		return -1;
	snprintf(buf, len, "%s/%s", real, base);
	free(real);
	return 0;
}

int outputs_are_one(const char *a, const char *b)
{
	struct stat sa, sb;
	if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
		return 0;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	char ca[8192], cb[8192];
	return canonical_target(a, ca, sizeof ca) == 0 && canonical_target(b, cb, sizeof cb) == 0 && strcmp(ca, cb) == 0;
}

/* The outputs open now (output_open), so that output_failed() can keep
 * errno in the output its stream belongs to: with several outputs, each
 * failure is reported with its own error.  A list, as split may have
 * thousands; it is searched only when a write has failed. */
static struct output *open_outputs;

static void track(struct output *o)
{
	o->next_open = open_outputs;
	o->prev_open = NULL;
	if (open_outputs)
		open_outputs->prev_open = o;
	open_outputs = o;
	o->tracked = 1;
}

void output_untrack(struct output *o)
{
	if (!o->tracked)
		return;
	if (o->prev_open)
		o->prev_open->next_open = o->next_open;
	else
		open_outputs = o->next_open;
	if (o->next_open)
		o->next_open->prev_open = o->prev_open;
	o->next_open = o->prev_open = NULL;
	o->tracked = 0;
}

int output_failed(FILE *fp)
{
	if (!ferror(fp))
		return 0;
	for (struct output *o = open_outputs; o; o = o->next_open)
		if (o->fp == fp) {
			if (!o->write_errno)
				o->write_errno = errno;
			break;
		}
	return 1;
}

/* Why writing o failed: a failing flush sets errno afresh; a stream that
 * failed earlier (output_failed) has its errno kept from then. */
static int write_errno(const struct output *o, int flush_failed)
{
	if (!flush_failed && o->write_errno)
		return o->write_errno;
	return errno;
}

static int open_output(struct output *o, const char *path, int private);

char *temporary_name(const char *path, const char *kind)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0, base = strlen(path) - dir;
	size_t n = strlen(path) + strlen(kind) + sizeof ".pgnaudit--XXXXXX";
	char *name = malloc(n);
	if (!name)
		return NULL;
	/* A name near the file system's limit (255 bytes) leaves no room
	 * for the suffix: then a short hidden name in the same folder. */
	if (base + strlen(kind) + sizeof ".pgnaudit--XXXXXX" > 255)
		snprintf(name, n, "%.*s.pgnaudit-%s-XXXXXX", (int)dir, path, kind);
	else
		snprintf(name, n, "%s.pgnaudit-%sXXXXXX", path, *kind ? kind : "");
	return name;
}

int output_open(struct output *o, const char *path)
{
	return open_output(o, path, 0);
}

int output_open_private(struct output *o, const char *path)
{
	return open_output(o, path, 1);
}

static int open_output(struct output *o, const char *path, int private)
{
	memset(o, 0, sizeof *o);
	if (!path || strcmp(path, "-") == 0) {
		o->fp = stdout;
		track(o);
		return 0;
	}
	/* A device or a pipe (-o /dev/null, -o /dev/stderr, a FIFO) is written
	 * in place: renaming over it would replace it with a plain file. */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		o->fp = fopen(path, "w");
		if (!o->fp) {
			warnx_("%s: %s", path, strerror(errno));
			return -1;
		}
		o->direct = 1;
		o->path = path;
		track(o);
		return 0;
	}
	o->path = path;
	o->tmp_path = temporary_name(path, "");
	if (!o->tmp_path) {
		warnx_("out of memory");
		return -1;
	}
	int fd = mkstemp(o->tmp_path);
	if (fd >= 0)
		temporary_register(o->tmp_path);
	if (fd < 0) {
		warnx_("%s: cannot create a temporary file beside it: %s", path, strerror(errno));
		free(o->tmp_path);
		o->tmp_path = NULL;
		return -1;
	}
	/* Keep the permissions an ordinary new file would get, unless the
	 * caller gives it the old file's (mkstemp's 0600 until then). */
	if (!private) {
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	o->fp = fdopen(fd, "w");
	if (!o->fp) {
		warnx_("%s: %s", path, strerror(errno));
		close(fd);
		unlink(o->tmp_path);
		temporary_unregister(o->tmp_path);
		free(o->tmp_path);
		o->tmp_path = NULL;
		return -1;
	}
	track(o);
	return 0;
}

static int reader_gone;

int output_reader_gone(void)
{
	return reader_gone;
}

int output_close(struct output *o)
{
	output_untrack(o);
	if (o->direct) {
		int flush_failed = fflush(o->fp) != 0;
		int failed = flush_failed || ferror(o->fp);
		int saved = write_errno(o, flush_failed);
		if (fclose(o->fp) != 0 && !failed) {
			failed = 1;
			saved = errno;
		}
		if (failed)
			warnx_("%s: write failed: %s", o->path, strerror(saved));
		return failed ? -1 : 0;
	}
	if (!o->tmp_path) {
		int flush_failed = fflush(stdout) != 0;
		if (flush_failed || ferror(stdout)) {
			int saved = write_errno(o, flush_failed);
			/* The reader has all it wanted (`| head`): stop quietly,
			 * as grep and git do, with the status of what was read. */
			if (saved == EPIPE) {
				reader_gone = 1;
				return 0;
			}
			warnx_("error writing to standard output: %s", strerror(saved));
			return -1;
		}
		return 0;
	}
	int flush_failed = fflush(o->fp) != 0;
	int failed = flush_failed || ferror(o->fp);
	int saved = write_errno(o, flush_failed);
	if (fclose(o->fp) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	if (!failed && rename(o->tmp_path, o->path) != 0) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		warnx_("%s: write failed, the file was not changed: %s", o->path, strerror(saved));
		unlink(o->tmp_path);
	}
	temporary_unregister(o->tmp_path);
	free(o->tmp_path);
	o->tmp_path = NULL;
	return failed ? -1 : 0;
}

char *link_aside(const char *path, const char *beside, const char *kind)
{
	char *name = temporary_name(beside, kind);
	if (!name) {
		errno = ENOMEM;
		return NULL;
	}
	int fd = mkstemp(name);
	/* mkstemp reserves a fresh name; link(2) needs it free again. */
	if (fd >= 0) {
		close(fd);
		unlink(name);
	}
	if (fd < 0 || link(path, name) != 0) {
		int saved = errno;
		free(name);
		errno = saved;
		return NULL;
	}
	return name;
}

/* The old file at path kept under a fresh name beside it (a hard link),
 * so that it can be put back; the name is malloc'd, NULL when there was
 * no file or it could not be kept (*failed then set). */
static char *keep_old(const char *path, int *failed)
{
	struct stat st;
	*failed = 0;
	if (lstat(path, &st) != 0)
		return NULL;
	char *old = link_aside(path, path, "old-");
	if (!old)
		*failed = errno;
	return old;
}

int output_close_all(struct output *o, int n)
{
	char **old = calloc((size_t)n + 1, sizeof *old);
	int status = 0, i, put = 0;
	if (!old) {
		warnx_("out of memory; no output file was changed");
		for (i = 0; i < n; i++)
			output_abandon(&o[i]);
		return -1;
	}
	/* 1. Everything written, synced and closed, or nothing changes. */
	for (i = 0; i < n && status == 0; i++) {
		if (o[i].direct || !o[i].tmp_path)
			continue;
		int flush_failed = fflush(o[i].fp) != 0;
		int failed = flush_failed || ferror(o[i].fp) || fsync(fileno(o[i].fp)) != 0;
		int saved = write_errno(&o[i], flush_failed);
		if (fclose(o[i].fp) != 0 && !failed) {
			failed = 1;
			saved = errno;
		}
		o[i].fp = NULL;
		if (failed) {
			warnx_("%s: write failed: %s; no output file was changed", o[i].path, strerror(saved));
			status = -1;
		}
	}
	/* 2. The files they replace kept under other names, to put back. */
	for (i = 0; i < n && status == 0; i++) {
		int failed;
		if (o[i].direct || !o[i].tmp_path)
			continue;
		old[i] = keep_old(o[i].path, &failed);
		if (failed) {
			warnx_("%s: cannot keep the old file while the outputs are put in place: %s; no output file was changed",
			       o[i].path, strerror(failed));
			status = -1;
		}
	}
	/* 3. The renames; if one fails, the ones before are undone. */
	for (i = 0; i < n && status == 0; i++) {
		if (o[i].direct || !o[i].tmp_path)
			continue;
		if (rename(o[i].tmp_path, o[i].path) != 0) {
			int saved = errno;
			for (int j = 0; j < i; j++) {
				if (o[j].direct || !o[j].tmp_path)
					continue;
				if (old[j] ? rename(old[j], o[j].path) == 0 : unlink(o[j].path) == 0)
					put--;
				if (old[j]) {
					free(old[j]);
					old[j] = NULL;
				}
			}
			if (put == 0)
				warnx_("%s: cannot be put in place: %s; no output file was changed (those put in place "
				       "before it were put back)", o[i].path, strerror(saved));
			else
				warnx_("%s: cannot be put in place: %s; %d outputs put in place before it could not be "
				       "put back (their old files are beside them as .pgnaudit-old-*)",
				       o[i].path, strerror(saved), put);
			status = -1;
			break;
		}
		put++;
		o[i].path_in_place = 1;
	}
	for (i = 0; i < n; i++) {
		output_untrack(&o[i]);
		if (o[i].direct) {
			if (output_close(&o[i]) < 0)
				status = -1;
			continue;
		}
		if (old[i])
			unlink(old[i]);
		free(old[i]);
		if (o[i].fp)
			fclose(o[i].fp);
		if (o[i].tmp_path) {
			if (!o[i].path_in_place)
				unlink(o[i].tmp_path);
			temporary_unregister(o[i].tmp_path);
			free(o[i].tmp_path);
			o[i].tmp_path = NULL;
		}
	}
	free(old);
	return status;
}

int usage_error(const char *command)
{
	warnx_("see 'pgnaudit %s --help'", command);
	return EXIT_TROUBLE;
}

void print_version(void)
{
	printf("pgnaudit %s\n", PGNAUDIT_VERSION);
	exit(fflush(stdout) == 0 ? EXIT_CLEAN : EXIT_TROUBLE);
}
