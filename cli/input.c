/*
 * input.c - opening what the commands read, with the message every command
 * gives when a file cannot be opened.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
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

/* The members of zip archives that the lists name: "archive.zip:x.pgn"
 * is the member-th *.pgn member of archive.zip (stream.h).  Read only
 * once the list is made, so the reading threads of check -j may look. */
static struct zip_entry {
	const char *shown;   /* the list's string */
	char *archive;
	long member;
	int last;            /* the last *.pgn member listed: read on to the end */
} *zip_entries;
static long zip_entry_count, zip_entry_cap;

static const struct zip_entry *zip_entry_of(const char *path)
{
	for (long i = 0; i < zip_entry_count; i++)
		if (zip_entries[i].shown == path)
			return &zip_entries[i];
	for (long i = 0; i < zip_entry_count; i++)
		if (strcmp(zip_entries[i].shown, path) == 0)
			return &zip_entries[i];
	return NULL;
}

const char *input_file_of(const char *path, long *member)
{
	const struct zip_entry *e = zip_entry_of(path);
	if (member)
		*member = e ? e->member : 0;
	return e ? e->archive : path;
}

struct input_stream *input_open(const char *path)
{
	char err[320];
	const struct zip_entry *e = zip_entry_of(path);
	struct input_stream *s = e ? stream_open_member(e->archive, e->member, e->last, err, sizeof err)
				   : stream_open(path, err, sizeof err);
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

/* A name that holds PGN, plain or compressed: x.pgn, x.pgn.gz, x.pgn.zst...,
 * or a zip archive of PGN files. */
static int is_pgn_name(const char *name)
{
	static const char *const suffixes[] = { ".pgn", ".pgn.gz", ".pgn.zst", ".pgn.bz2", ".pgn.xz",
						".PGN", ".PGN.GZ", ".zip", ".ZIP" };
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

static void add_member(struct file_list *l, const char *archive, const char *name, long member)
{
	size_t n = strlen(archive) + strlen(name) + 2;
	char *shown = xmalloc(n);
	snprintf(shown, n, "%s:%s", archive, name);
	if (zip_entry_count == zip_entry_cap) {
		zip_entry_cap = zip_entry_cap ? 2 * zip_entry_cap : 16;
		zip_entries = xrealloc(zip_entries, (size_t)zip_entry_cap * sizeof *zip_entries);
	}
	zip_entries[zip_entry_count++] = (struct zip_entry){ shown, xstrdup(archive), member, 0 };
	add(l, shown);
}

/* A regular file that is a zip archive, as its *.pgn members (those that
 * match `pattern` when not NULL).  Returns 0 when path is not an archive,
 * 1 when it was put in the list as its members, -1 after saying what is
 * wrong (the members before damage are in the list). */
static int add_archive(struct file_list *l, const char *path, const char *pattern)
{
	char err[320], **names;
	long n;
	int status = stream_zip_members(path, &names, &n, err, sizeof err);
	if (status == 0)
		return 0;
	long matched = 0;
	for (long i = 0; i < n; i++) {
		if (!pattern || fnmatch(pattern, names[i], 0) == 0) {
			add_member(l, path, names[i], i + 1);
			matched++;
		}
		free(names[i]);
	}
	free(names);
	/* Without a pattern, the last member listed reads on to the end of
	 * the archive and says what is wrong after it: the damage the listing
	 * met after it, once, naming that member. */
	if (!pattern && matched > 0) {
		zip_entries[zip_entry_count - 1].last = 1;
		return 1;
	}
	if (status < 0) {
		warnx_("%s: %s", path, err);
		return -1;
	}
	if (pattern && matched == 0) {
		warnx_("%s: no *.pgn member of the zip archive is named '%s' (%ld %s)", path, pattern, n,
		       n == 1 ? "member" : "members");
		return -1;
	}
	return 1;
}

/* "archive.zip:member.pgn" (or a glob after the colon) for a file that does
 * not exist under that name: the members of archive.zip it names.  Returns
 * 0 when it names none such, else as add_archive. */
static int add_named_member(struct file_list *l, const char *given)
{
	for (const char *colon = strrchr(given, ':'); colon; ) {
		size_t n = (size_t)(colon - given);
		char *archive = xmalloc(n + 1);
		memcpy(archive, given, n);
		archive[n] = '\0';
		struct stat st;
		int status = stat(archive, &st) == 0 && S_ISREG(st.st_mode) ? add_archive(l, archive, colon + 1) : 0;
		free(archive);
		if (status != 0)
			return status;
		/* The member's name may hold colons too: try the one before. */
		while (colon > given && *--colon != ':')
			continue;
		if (colon == given)
			break;
	}
	return 0;
}

char **input_files_expanded(int argc, char **argv, int *count, int *failed, int flags)
{
	int n;
	char **given = input_files(argc, argv, &n);
	struct file_list l = { 0 };
	*failed = 0;
	for (int i = 0; i < n; i++) {
		struct stat st;
		int exists = strcmp(given[i], "-") != 0 && stat(given[i], &st) == 0;
		if (exists && S_ISDIR(st.st_mode) && (flags & INPUT_DIRECTORIES)) {
			struct file_list found = { 0 };
			walk(&found, given[i], failed, 0);
			if (found.count > 0)
				qsort(found.items, (size_t)found.count, sizeof *found.items, by_path);
			else {
				warnx_("%s: a directory without PGN files (*.pgn, *.pgn.gz, .zst, .bz2, .xz, .zip)", given[i]);
				*failed = 1;
			}
			for (int k = 0; k < found.count; k++) {
				int status = flags & INPUT_ARCHIVES ? add_archive(&l, found.items[k], NULL) : 0;
				if (status < 0)
					*failed = 1;
				if (status == 0)
					add(&l, found.items[k]);
				else
					free(found.items[k]);
			}
			free(found.items);
		} else {
			int status = !(flags & INPUT_ARCHIVES) ? 0
				   : exists && S_ISREG(st.st_mode) ? add_archive(&l, given[i], NULL)
				   : exists ? 0 : add_named_member(&l, given[i]);
			if (status < 0)
				*failed = 1;
			if (status == 0)
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
	for (long i = 0; i < zip_entry_count; i++)
		free(zip_entries[i].archive);
	free(zip_entries);
	stream_forget_parked();
	zip_entries = NULL;
	zip_entry_count = zip_entry_cap = 0;
}
