/*
 * input.c - opening what the commands read, with the message every command
 * gives when a file cannot be opened.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "parser/stream.h"
#include "util/memory.h"

const char *input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

struct input_stream *input_open(const char *path)
{
	char err[256];
	struct input_stream *s = stream_open(path, err, sizeof err);
	if (!s)
		warnx_("%s: %s", input_name(path), err);
	return s;
}

char **input_files(int argc, char **argv, int *count)
{
	static char *stdin_only[] = { "-" };
	*count = optind < argc ? argc - optind : 1;
	return optind < argc ? argv + optind : stdin_only;
}

struct file_list {
	char **items;
	int count, cap;
};

static void add(struct file_list *l, char *path)
{
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->items = xrealloc(l->items, (size_t)l->cap * sizeof *l->items);
	}
	l->items[l->count++] = path;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A name that holds PGN, plain or compressed: x.pgn, x.pgn.gz, x.pgn.zst... */
static int is_pgn_name(const char *name)
{
	static const char *const suffixes[] = { ".pgn", ".pgn.gz", ".pgn.zst", ".pgn.bz2", ".pgn.xz",
						".PGN", ".PGN.GZ" };
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
		if (ends_with(name, suffixes[i]))
			return 1;
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The PGN files under dir, into l. */
static void walk(struct file_list *l, const char *dir, int *failed, int depth)
{
	DIR *d = opendir(dir);
	if (!d) {
		warnx_("%s: %s", dir, strerror(errno));
		*failed = 1;
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(dir) + strlen(e->d_name) + 2;
		char *path = xmalloc(n);
		snprintf(path, n, "%s%s%s", dir, ends_with(dir, "/") ? "" : "/", e->d_name);
		struct stat st;
		if (stat(path, &st) != 0) {
			free(path);
			continue;   /* a dangling link */
		}
		if (S_ISDIR(st.st_mode) && depth < 64) {
			walk(l, path, failed, depth + 1);
			free(path);
		} else if (S_ISREG(st.st_mode) && is_pgn_name(e->d_name)) {
			add(l, path);
		} else {
			free(path);
		}
	}
	closedir(d);
}

char **input_files_expanded(int argc, char **argv, int *count, int *failed)
{
	int n;
	char **given = input_files(argc, argv, &n);
	struct file_list l = { 0 };
	*failed = 0;
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (strcmp(given[i], "-") != 0 && stat(given[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			int from = l.count;
			walk(&l, given[i], failed, 0);
			if (l.count > from)
				qsort(l.items + from, (size_t)(l.count - from), sizeof *l.items, by_path);
			if (l.count == from) {
				warnx_("%s: a directory without PGN files (*.pgn, *.pgn.gz, .zst, .bz2, .xz)", given[i]);
				*failed = 1;
			}
		} else {
			add(&l, xstrdup(given[i]));
		}
	}
	*count = l.count;
	if (!l.items)
		l.items = xcalloc(1, sizeof *l.items);
	return l.items;
}

void input_files_free(char **files, int count)
{
	for (int i = 0; i < count; i++)
		free(files[i]);
	free(files);
}
