/*
 * split.c - `pgnaudit split`: partition the games, byte for byte.
 *
 * Two ways to cut:
 *  - --clean=FILE --flagged=FILE: every game is audited as `check` audits
 *    it, with check's audit options (--lang, --rules, --select, --ignore,
 *    --recover: options.h); a game with a reported finding at or above
 *    --flagged-on goes to the flagged file, the others to the clean file.
 *  - --shards=N --prefix=P: N files cut at game boundaries, of about equal
 *    size, for running `check` on several cores or machines.
 *  - --drop-duplicates=FILE, with --unique=FILE or with --clean and
 *    --flagged: the copies of a game (the duplicate-game, twin-game and
 *    truncated-game of check) go to FILE, the copy kept (the longest, then
 *    the most annotated, then the first) and every other game to the
 *    unique file (or clean / flagged).  The inputs are read twice: once to
 *    find the copies over all of them (validator/collection), once to copy
 *    the games; standard input, which cannot be read twice, is refused.
 *
 * Nothing is lost or altered: the input is cut into chunks, each the text
 * before a game (blanks, escape lines, a BOM), the game itself and the rest
 * of the line it ends on when only blanks are left there, and every chunk
 * goes whole into one output; the text after the last game of a file goes
 * with that game.  So clean + flagged hold every input byte
 * exactly once, and `cat` of the shards equals the input.  For gzip input
 * these are the decompressed bytes.  The bytes come through the stream tap
 * (raw_window.h), so memory is bounded by the largest game.
 *
 * The outputs are written under temporary names and renamed into place only
 * when every input was read whole and every output written: a partition of
 * part of the input would be worse than none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "games.h"
#include "options.h"
#include "progress.h"
#include "parser/pgn.h"
#include "parser/raw_window.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/collection/collection.h"

#define MAX_SHARDS 10000

int usage_split(FILE *fp, int status)
{
	fputs("usage: pgnaudit split --clean=FILE --flagged=FILE [--flagged-on=error|warning|info]\n"
	      "                      [--rules by-date|fide2023|fide2005] [--select CODE,...] [--ignore CODE,...]\n"
	      "                      [--lang LIST] [--recover] [--play-illegal [--time-class CLASS]]\n"
	      "                      [--exit-zero] [--no-progress] [FILE...]\n"
	      "       pgnaudit split --shards=N --prefix=PREFIX FILE...\n"
	      "       pgnaudit split --drop-duplicates=FILE (--unique=FILE | --clean=FILE --flagged=FILE)\n"
	      "                      [audit options as above] FILE...\n"
	      "\n"
	      "Copies every game of each FILE (standard input when none or '-'; gzip, zstd,\n"
	      "bzip2 and xz are recognised by their magic bytes and written decompressed),\n"
	      "byte for byte, into\n"
	      "exactly one output.  The text before a game and the rest of the line it ends\n"
	      "on go with it; the text after the last game of a file goes with that game.\n"
	      "\n"
	      "      --clean FILE        the games without a finding at or above --flagged-on\n"
	      "      --flagged FILE      the games with one; each game is audited as check audits it\n"
	      "      --flagged-on LEVEL  error (default), warning or info\n"
	      "      --rules EDITION     by-date (default), fide2023 or fide2005, as for check\n"
	      "      --select CODES      count only these codes (comma-separated)\n"
	      "      --ignore CODES      do not count these codes\n"
	      "      --lang LIST         notations to read moves in, as for check (default auto)\n"
	      "      --recover           at an illegal or ambiguous move, find the recording error\n"
	      "                          the rest of the game agrees with, and go on, as for check\n"
	      "      --play-illegal      play an illegal move that stood and go on, as for check\n"
	      "      --time-class CLASS  by-tag (default), standard, rapid or blitz, as for check\n"
	      "      --shards N          cut into N files of about equal size (1 to 10000);\n"
	      "                          needs files: standard input is refused\n"
	      "      --prefix PREFIX     shard k is written to PREFIXk.pgn, k = 001, 002, ...\n"
	      "      --drop-duplicates FILE  the copies of a game (check's duplicate-game, twin-game,\n"
	      "                          truncated-game), over all the FILEs; the copy kept (the\n"
	      "                          longest, then most annotated, then first) goes on; the FILEs\n"
	      "                          are read twice: standard input is refused\n"
	      "      --unique FILE       with --drop-duplicates alone: every game that is no copy\n"
	      "      --exit-zero         exit 0 when a game has an error finding (2 still means trouble)\n"
	      "      --no-progress       no progress line on a terminal (after 2 s, on standard error)\n"

	      "  -h, --help              show this help\n"
	      "\n"
	      "The outputs are replaced only when every input was read whole.\n"
	      "Exit status: 0 done, no error finding; 1 done, a game has an error finding\n"
	      "(clean/flagged only); 2 usage error or unreadable/unwritable file (no output\n"
	      "is written then).\n",
	      fp);
	return status;
}

struct split_options {
	const char *clean, *flagged, *prefix;
	const char *drop, *unique;   /* --drop-duplicates, --unique */
	long shards;
	int flag_level; /* enum severity: flag at or above it */
	struct shared_options shared; /* the audit, as check's */
};

struct splitter {
	const struct split_options *opt;
	struct raw_window window;
	struct auditor auditor;
	struct finding_list findings;
	struct output *outputs;
	int output_count;
	uint64_t total;     /* shards: bytes in all inputs */
	uint64_t done;      /* bytes of the inputs before the current one */
	int shard;          /* shards: the shard being filled */
	long errors;        /* games with a reported error finding */
	int write_failed;
	/* The input being read: what of it was copied, and its last game,
	 * sent on once the text after it is known. */
	uint64_t copied, pending_end;
	int pending, pending_dest;
	/* --drop-duplicates: the copies found by the first reading, and the
	 * number of games the second has read of all the inputs. */
	struct collection *collection;
	struct collect_batch batch;
	int file;            /* the first reading: the input's index */
	size_t game_seq;
};

/* split's own options (options.h has the audit's). */
enum { OPT_CLEAN = 256, OPT_FLAGGED, OPT_FLAGGED_ON, OPT_SHARDS, OPT_PREFIX, OPT_DROP, OPT_UNIQUE };

static int take_option(void *ctx, int option, const char *arg)
{
	struct split_options *o = ctx;
	char *end;
	switch (option) {
	case OPT_CLEAN: o->clean = arg; return 0;
	case OPT_DROP: o->drop = arg; return 0;
	case OPT_UNIQUE: o->unique = arg; return 0;
	case OPT_FLAGGED: o->flagged = arg; return 0;
	case OPT_FLAGGED_ON:
		if (strcmp(arg, "error") == 0)
			o->flag_level = SEVERITY_ERROR;
		else if (strcmp(arg, "warning") == 0)
			o->flag_level = SEVERITY_WARNING;
		else if (strcmp(arg, "info") == 0)
			o->flag_level = SEVERITY_INFO;
		else {
			warnx_("--flagged-on takes error, warning or info, not '%s'", arg);
			return -1;
		}
		return 0;
	case OPT_SHARDS:
		o->shards = strtol(arg, &end, 10);
		if (*end || end == arg || o->shards < 1 || o->shards > MAX_SHARDS) {
			warnx_("--shards takes a number from 1 to %d, not '%s'", MAX_SHARDS, arg);
			return -1;
		}
		return 0;
	default: /* OPT_PREFIX */
		o->prefix = arg;
		return 0;
	}
}

/* Returns 0, 1 for --help, or -1 after saying what is wrong. */
static int parse_options(int argc, char **argv, struct split_options *o)
{
	static const struct option own[] = {
		{ "clean", required_argument, NULL, OPT_CLEAN },
		{ "flagged", required_argument, NULL, OPT_FLAGGED },
		{ "flagged-on", required_argument, NULL, OPT_FLAGGED_ON },
		{ "shards", required_argument, NULL, OPT_SHARDS },
		{ "prefix", required_argument, NULL, OPT_PREFIX },
		{ "drop-duplicates", required_argument, NULL, OPT_DROP },
		{ "unique", required_argument, NULL, OPT_UNIQUE },
		{ NULL, 0, NULL, 0 },
	};
	memset(o, 0, sizeof *o);
	o->flag_level = SEVERITY_ERROR;
	const struct command_options command = { SHARED_AUDIT | SHARED_EXIT_ZERO | SHARED_PROGRESS, "", own, take_option, o };
	int status = options_parse(argc, argv, &command, &o->shared);
	if (status != 0)
		return status;
	int by_audit = o->clean || o->flagged, by_size = o->shards || o->prefix;
	if (o->unique && !o->drop) {
		warnx_("--unique is where --drop-duplicates puts the games it keeps; it needs --drop-duplicates");
		return -1;
	}
	if (o->drop && by_size) {
		warnx_("--drop-duplicates goes with --unique or with --clean and --flagged, not with --shards");
		return -1;
	}
	if (o->drop && by_audit == !!o->unique) {
		warnx_(o->unique ? "--unique and --clean/--flagged both say where the games kept go; give one"
				 : "--drop-duplicates needs --unique, or --clean and --flagged, for the games it keeps");
		return -1;
	}
	if (o->unique && (o->shared.given & SHARED_CODES)) {
		warnx_("--select and --ignore choose what flags a game; --unique flags none (--clean and --flagged do)");
		return -1;
	}
	if (o->unique)
		by_audit = 0;
	if (!o->unique && by_audit == by_size) {
		warnx_("split needs either --clean and --flagged, or --shards and --prefix");
		return -1;
	}
	if (by_audit && !(o->clean && o->flagged)) {
		warnx_("--clean and --flagged go together");
		return -1;
	}
	if (by_size && !(o->shards && o->prefix)) {
		warnx_("--shards and --prefix go together");
		return -1;
	}
	if (by_audit && strcmp(o->clean, o->flagged) == 0) {
		warnx_("--clean and --flagged name the same file, '%s'", o->clean);
		return -1;
	}
	/* --rules has always been let pass with --shards, which ignores it. */
	if (by_size && (o->shared.given & SHARED_CODES)) {
		warnx_("--select and --ignore choose what flags a game; --shards audits nothing");
		return -1;
	}
	if (by_size && (o->shared.given & (SHARED_LANG | SHARED_RECOVER | SHARED_ILLEGAL | SHARED_TIME_CLASS))) {
		warnx_("--lang, --recover, --play-illegal and --time-class choose how a game is read; --shards audits nothing");
		return -1;
	}
	return 0;
}

/* The clean/flagged output of a game: 1 when it is flagged. */
static int flagged(struct splitter *sp, const struct pgn_game *g)
{
	int flag = 0, error = 0;
	sp->findings.count = 0;
	audit_game(&sp->auditor, g, &sp->findings, NULL, NULL);
	for (int i = 0; i < sp->findings.count; i++) {
		const struct finding *f = &sp->findings.items[i];
		if (!sp->opt->shared.reported[f->code][f->severity])
			continue;
		if ((int)f->severity <= sp->opt->flag_level)
			flag = 1;
		if (f->severity == SEVERITY_ERROR)
			error = 1;
	}
	sp->errors += error;
	return flag;
}

/* The shard of a chunk: where its middle falls, never before the shard of
 * the chunk before it. */
static int shard_of(struct splitter *sp, uint64_t from, uint64_t to)
{
	uint64_t middle = sp->done + from + (to - from) / 2;
	uint64_t k = sp->total ? (uint64_t)((long double)middle * (long double)sp->opt->shards / (long double)sp->total) : 0;
	if (k >= (uint64_t)sp->opt->shards)
		k = (uint64_t)sp->opt->shards - 1;
	if ((int)k > sp->shard)
		sp->shard = (int)k;
	return sp->shard;
}

/* Copies the input bytes [from, to) to output `dest`. */
static int copy_chunk(struct splitter *sp, int dest, uint64_t from, uint64_t to)
{
	FILE *fp = sp->outputs[dest].fp;
	if (raw_window_write(&sp->window, from, to, fp) < 0)
		return -1;
	if (output_failed(fp))
		sp->write_failed = 1;
	raw_window_drop(&sp->window, to);
	return 0;
}

/* Where the chunk of a game ends: after the game, and after the rest of its
 * last line when only blanks are left on it (up to `limit`, where the next
 * game starts), so that every output holds whole lines. */
static uint64_t end_of_line(struct raw_window *w, uint64_t end, uint64_t limit)
{
	uint64_t e = end;
	int c = 0;
	while (e < limit && ((c = raw_window_at(w, e)) == ' ' || c == '\t' || c == '\r'))
		e++;
	if (e < limit && c == '\n')
		e++;
	return e;
}

/* Copies a game's chunk [sp->copied, end) to dest (-1: the shard its size
 * decides) and moves sp->copied on. */
static int copy_game(struct splitter *sp, int dest, uint64_t end)
{
	if (dest < 0)
		dest = shard_of(sp, sp->copied, end);
	if (copy_chunk(sp, dest, sp->copied, end) < 0)
		return -1;
	sp->copied = end;
	return dest;
}

static int begin_input(void *ctx, struct game_input *in)
{
	struct splitter *sp = ctx;
	(void)in;
	sp->copied = sp->pending_end = 0;
	sp->pending = 0;
	sp->pending_dest = -1;
	return GAMES_GO_ON;
}

/* A game is sent on when the next one has been read (or the input ends),
 * once the text after it is known. */
static int split_game(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct splitter *sp = ctx;
	progress_game();
	if (sp->pending && copy_game(sp, sp->pending_dest, end_of_line(&sp->window, sp->pending_end, g->start_offset)) < 0) {
		warn_not_kept(in->shown, in->games - 2, sp->window.error);
		return GAMES_FAILED;
	}
	sp->pending = 1;
	if (sp->collection && collection_is_copy(sp->collection, sp->game_seq))
		sp->pending_dest = sp->output_count - 1;   /* the copies' file */
	else
		sp->pending_dest = sp->opt->shards ? -1 : sp->opt->unique ? 0 : flagged(sp, g);
	sp->game_seq++;
	sp->pending_end = g->end_offset;
	return sp->write_failed ? GAMES_STOP : GAMES_GO_ON;
}

/* --drop-duplicates, the first reading: each game's entry in the index. */
static int collect_begin(void *ctx, struct game_input *in)
{
	(void)ctx;
	(void)in;
	return GAMES_GO_ON;
}

static int collect_one(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct splitter *sp = ctx;
	progress_game();
	sp->findings.count = 0;
	audit_game(&sp->auditor, g, &sp->findings, NULL, NULL);
	collect_game(&sp->batch, g, &sp->auditor.record, in->games, -1, collection_wants(sp->collection));
	(void)collection_add(sp->collection, &sp->batch, sp->file, 0, 1);
	return GAMES_GO_ON;
}

/* Reads every input once into the index and finds the copies.  Returns 0,
 * or -1 when an input could not be read whole (said). */
static int find_copies(struct splitter *sp, char **files, int file_count, struct pgn_game *game)
{
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	memset(reported, 0, sizeof reported);
	reported[CHECK_DUPLICATE_GAME][SEVERITY_WARNING] = 1;
	reported[CHECK_TWIN_GAME][SEVERITY_WARNING] = 1;
	reported[CHECK_TRUNCATED_GAME][SEVERITY_WARNING] = 1;
	sp->collection = collection_new((const char *const *)files, file_count,
					(const unsigned char(*)[SEVERITY_COUNT])reported);
	struct game_loop loop = { .on_begin = collect_begin, .on_game = collect_one, .ctx = sp, .game = game };
	int status = 0;
	progress_start(files, file_count, !sp->opt->shared.no_progress);
	for (int i = 0; i < file_count && status == 0; i++) {
		sp->file = i;
		status = games_read_file(&loop, files[i]);
	}
	progress_stop();
	if (status == 0) {
		collection_mark_copies(sp->collection);
		if (collection_spill_error(sp->collection)) {
			warnx_("the temporary file for finding truncated copies could not be written (%s)",
			       strerror(collection_spill_error(sp->collection)));
			status = -1;
		}
	}
	return status;
}

/* The text after the last game goes with it; a file without games goes to
 * the clean file, or to the shard its size says. */
static int end_input(void *ctx, struct game_input *in)
{
	struct splitter *sp = ctx;
	uint64_t end = raw_window_end(&sp->window);
	int dest = sp->pending ? sp->pending_dest : sp->opt->shards ? -1 : 0;
	if (copy_game(sp, dest, end) < 0) {
		warn_not_kept(in->shown, in->games - 1, sp->window.error);
		return GAMES_FAILED;
	}
	sp->done += end;
	return sp->write_failed ? GAMES_STOP : GAMES_GO_ON;
}

/* The decompressed size of an input, for balancing shards: the size of a
 * plain file, or what a first pass inflates from a gzip file.  Returns -1
 * after saying why it cannot be known. */
static int input_size(const char *path, uint64_t *size)
{
	struct stat st;
	char err[320];
	const char *file = input_file_of(path, NULL);   /* a zip archive's, for a member */
	if (strcmp(path, "-") == 0 || stat(file, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (strcmp(path, "-") != 0 && stat(file, &st) != 0)
			warnx_("%s: %s", file, strerror(errno));
		else
			warnx_("%s: --shards needs regular files, whose size it can measure before cutting; "
			       "save the input to a file first",
			       input_name(path));
		return -1;
	}
	struct input_stream *s = input_open(path);   /* a regular file: named as given */
	if (!s)
		return -1;
	static unsigned char buf[1 << 16];
	ssize_t got;
	*size = 0;
	while ((got = stream_read(s, buf, sizeof buf, err, sizeof err)) > 0)
		*size += (uint64_t)got;
	stream_close(s);
	if (got < 0) {
		warnx_("%s: %s", path, err);
		return -1;
	}
	return 0;
}

/* Opens the outputs; returns -1 (none left open) when one cannot be. */
static int open_outputs(struct splitter *sp)
{
	const struct split_options *o = sp->opt;
	int count = o->shards ? (int)o->shards : o->unique ? 1 : 2;
	if (o->drop)
		count++;   /* the copies' file, last */
	/* Digits of the largest shard number, at least three (a small type,
	 * so that the compiler sees the name cannot overflow snprintf). */
	unsigned char width = 3;
	for (long n = o->shards; n >= 1000; n /= 10)
		width++;
	sp->outputs = calloc((size_t)count, sizeof *sp->outputs);
	if (!sp->outputs) {
		warnx_("out of memory");
		return -1;
	}
	for (int i = 0; i < count; i++) {
		char *name = NULL;
		const char *path = o->drop && i == count - 1 ? o->drop : o->unique ? o->unique : i == 0 ? o->clean : o->flagged;
		if (o->shards) {
			size_t n = strlen(o->prefix) + 32;
			name = malloc(n);
			if (name)
				snprintf(name, n, "%s%0*d.pgn", o->prefix, width, i + 1);
			path = name;
		}
		if (!path || output_open(&sp->outputs[i], path) < 0) {
			if (!path)
				warnx_("out of memory");
			free(name);
			while (--i >= 0) {
				if (o->shards)
					free((char *)sp->outputs[i].path);
				output_abandon(&sp->outputs[i]);
			}
			free(sp->outputs);
			sp->outputs = NULL;
			return -1;
		}
		/* output_open keeps path (the malloc'd name of a shard) in
		 * outputs[i].path; close_outputs frees it. */
		sp->output_count = i + 1; // NOLINT(clang-analyzer-unix.Malloc)
	}
	return 0;
}

/* Puts every output in place when all went well (keep), else removes them
 * all; all or none (output_close_all).  Returns 0, or -1 after saying why. */
static int close_outputs(struct splitter *sp, int keep)
{
	int status = -1;
	if (!keep && sp->write_failed) {
		for (int i = 0; i < sp->output_count; i++)
			if (ferror(sp->outputs[i].fp))
				warnx_("%s: write failed: %s; no output file was written", sp->outputs[i].path,
				       strerror(sp->outputs[i].write_errno));
	} else if (!keep) {
		warnx_("no output file was written: they are written only when every input was read whole");
	}
	if (keep)
		status = output_close_all(sp->outputs, sp->output_count);
	for (int i = 0; i < sp->output_count; i++) {
		struct output *o = &sp->outputs[i];
		const char *name = o->path;
		if (!keep) {
			if (o->direct)
				output_close(o);
			else
				output_abandon(o);
		}
		if (sp->opt->shards)
			free((char *)name);
	}
	free(sp->outputs);
	return status;
}

/* What split_files made for reading, but the window and the outputs. */
static void splitter_free(struct splitter *sp, struct pgn_game *game)
{
	collection_free(sp->collection);
	sp->collection = NULL;
	collect_batch_free(&sp->batch);
	pgn_game_free(game);
	finding_list_free(&sp->findings);
	auditor_free(&sp->auditor);
}

/* Reads the inputs into the outputs; the exit status. */
static int split_files(const struct split_options *opt, char **files, int file_count)
{
	/* Two outputs of one file would keep the games of only one of them;
	 * an output that is an input would replace what is being read. */
	if (!opt->shards && !opt->unique && outputs_are_one(opt->clean, opt->flagged)) {
		warnx_("--clean=%s and --flagged=%s are one file; nothing was read or written", opt->clean, opt->flagged);
		return EXIT_TROUBLE;
	}
	if (!opt->shards && !opt->unique && (output_is_input(opt->clean, "--clean", files, file_count)
			    || output_is_input(opt->flagged, "--flagged", files, file_count)))
		return EXIT_TROUBLE;
	if (opt->drop) {
		const char *kept[2] = { opt->unique ? opt->unique : opt->clean, opt->unique ? NULL : opt->flagged };
		const char *names[2] = { opt->unique ? "--unique" : "--clean", "--flagged" };
		for (int i = 0; i < 2; i++) {
			if (kept[i] && outputs_are_one(kept[i], opt->drop)) {
				warnx_("%s=%s and --drop-duplicates=%s are one file; nothing was read or written", names[i],
				       kept[i], opt->drop);
				return EXIT_TROUBLE;
			}
		}
		if (output_is_input(opt->drop, "--drop-duplicates", files, file_count) ||
		    (opt->unique && output_is_input(opt->unique, "--unique", files, file_count)))
			return EXIT_TROUBLE;
		for (int i = 0; i < file_count; i++) {
			if (strcmp(files[i], "-") == 0) {
				warnx_("--drop-duplicates reads its inputs twice (once to find the copies, once to copy "
				       "the games): standard input cannot be; save it to a file first");
				return EXIT_TROUBLE;
			}
		}
	}
	struct splitter sp;
	memset(&sp, 0, sizeof sp);
	sp.opt = opt;
	int trouble = 0;
	for (int i = 0; opt->shards && i < file_count; i++) {
		uint64_t size;
		if (input_size(files[i], &size) < 0)
			return EXIT_TROUBLE;
		sp.total += size;
	}
	auditor_init(&sp.auditor, &opt->shared.audit);
	struct pgn_game game;
	pgn_game_init(&game);
	if (opt->drop && find_copies(&sp, files, file_count, &game) < 0) {
		warnx_("no output file was written: they are written only when every input was read whole");
		splitter_free(&sp, &game);
		return EXIT_TROUBLE;
	}
	if (open_outputs(&sp) < 0) {
		splitter_free(&sp, &game);
		return EXIT_TROUBLE;
	}
	raw_window_init(&sp.window);
	struct game_loop loop = {
		.on_begin = begin_input,
		.on_game = split_game,
		.on_end = end_input,
		.ctx = &sp,
		.window = &sp.window,
		.game = &game,
	};
	progress_start(files, file_count, !opt->shared.no_progress);
	if (games_read_files(&loop, files, file_count) < 0)
		trouble = 1;
	progress_stop();
	if (sp.write_failed)
		trouble = 1;
	if (sp.collection && !trouble) {
		size_t entries;
		collection_entries(sp.collection, &entries);
		if (sp.game_seq != entries) {
			warnx_("the inputs changed while they were read: %zu games the first time, %zu the second",
			       entries, sp.game_seq);
			trouble = 1;
		}
	}
	if (close_outputs(&sp, !trouble) < 0)
		trouble = 1;
	splitter_free(&sp, &game);
	raw_window_free(&sp.window);
	if (trouble)
		return EXIT_TROUBLE;
	return sp.errors > 0 && !opt->shared.exit_zero ? EXIT_FINDINGS : EXIT_CLEAN;
}

int cmd_split(int argc, char **argv)
{
	struct split_options opt;
	int parsed = parse_options(argc, argv, &opt);
	if (parsed != 0)
		return parsed > 0 ? usage_split(stdout, EXIT_CLEAN) : usage_error("split");
	int file_count, unreadable;
	char **files = input_files_expanded(argc, argv, &file_count, &unreadable, INPUT_ARCHIVES);
	/* Nothing left to read (an archive without members, said): nothing written. */
	int status = file_count > 0 ? split_files(&opt, files, file_count) : EXIT_TROUBLE;
	input_files_free(files, file_count);
	return unreadable ? EXIT_TROUBLE : status;
}
