/*
 * check.c - `pgnaudit check`: read every game, audit it, print findings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "games.h"
#include "options.h"
#include "progress.h"
#include "parser/pgn.h"
#include "reports/report.h"
#include "util/memory.h"
#include "reports/clocks.h"
#include "validator/audit/audit.h"
#include "validator/audit/clocks.h"

int usage_check(FILE *fp, int status)
{
	fputs("usage: pgnaudit check [-f text|jsonl|csv] [-o FILE] [--select CODE,...] [--ignore CODE,...]\n"
	      "                      [--rules by-date|fide2023|fide2005] [--lang LIST] [--recover]\n"
	      "                      [--play-illegal [--time-class CLASS]] [--trf FILE] [--clocks]\n"
	      "                      [--fail-on error|warning|info|never | --strict | --exit-zero]\n"
	      "                      [--color auto|always|never] [-j N] [-q | -v] [--no-progress]\n"
	      "                      [FILE...]\n"
	      "\n"
	      "Replays every game of each FILE (standard input when none or '-'; gzip, zstd,\n"
	      "bzip2 and xz are recognised by their magic bytes; a zip archive is read member\n"
	      "by member, ARCHIVE.zip:MEMBER.pgn; a directory stands for the PGN files under\n"
	      "it) and prints what is wrong with it; then, over all the games, copies of one\n"
	      "game and what the games of each event say together.\n"
	      "\n"
	      "  -f, --format FORMAT   text (default), jsonl (or json: one object a line) or csv\n"
	      "  -o, --output FILE     write the findings to FILE (replaced only when complete)\n"
	      "      --select CODES    report only these (comma-separated): codes, globs (missed-*),\n"
	      "                        severities (error, warning, info) or all; any case\n"
	      "      --ignore CODES    do not report these (the same forms)\n"
	      "      --rules EDITION   by-date (default: each game by the Laws in force on its Date,\n"
	      "                        the 2005 Laws before 1 July 2014), fide2023 or fide2005\n"
	      "      --lang LIST       notations to read moves in: auto (default) or a comma-separated\n"
	      "                        list of en, de, fr, es, it, nl, ru, ar, fa, figurine\n"
	      "      --recover         at an illegal or ambiguous move, find the recording error\n"
	      "                        the rest of the game agrees with, and go on\n"
	      "      --play-illegal    play an illegal move that stood as written, when it breaks only\n"
	      "                        the rule of the king (left in check, castling through check or\n"
	      "                        without the right) and one piece could make it, and go on (FIDE 7.5)\n"
	      "      --time-class CLASS  whose rules such a move falls under: by-tag (default: the\n"
	      "                        TimeControl tag; standard when it has none), standard, rapid, blitz\n"
	      "      --trf FILE        check the games against FILE, the tournament's FIDE report (TRF):\n"
	      "                        every game played has a game, every game a pairing\n"
	      "      --clocks          with -f jsonl: a record of each game's clocks too, the time\n"
	      "                        each side used, for pgnaudit report's table and plots\n"
	      "      --fail-on LEVEL   exit 1 on a finding at LEVEL or above: error (default),\n"
	      "                        warning, info, or never\n"
	      "      --strict          --fail-on info: exit 1 on any finding\n"
	      "      --exit-zero       --fail-on never: exit 0 whatever is found (2 still means trouble)\n"
	      "      --color WHEN      auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb),\n"
	      "                        always, never\n"
	      "  -j, --jobs N          N threads, each reading, auditing and writing in turn;\n"
	      "                        the output is the same bytes as with -j 1\n"
	      "  -q, --quiet           no summary line on standard error at the end\n"
	      "  -v, --verbose         the summary line gives the time taken and MB/s too\n"
	      "      --no-progress     no progress line on a terminal (it shows after 2 s on\n"
	      "                        standard error when that is a terminal; not with -q)\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Codes (severity):\n",
	      fp);
	for (int i = 0; i < CHECK_COUNT; i++) {
		const struct check_info *c = &check_catalogue[i];
		fprintf(fp, "  %-26s %-8s %s\n", c->code, severity_name(c->severity), c->summary);
		for (int k = 0; k < 2 && c->also[k].when; k++)
			fprintf(fp, "  %-26s %-8s %s\n", "", severity_name(c->also[k].severity), c->also[k].when);
	}
	fputs("Exit status: 0 no error found, 1 errors found, 2 usage error or unreadable file.\n", fp);
	return status;
}

/* check's own options (options.h has the shared ones). */
enum { OPT_STRICT = 256, OPT_COLOR, OPT_FAIL_ON, OPT_EXIT_ZERO, OPT_TRF, OPT_CLOCKS };

static int take_option(void *ctx, int option, const char *arg)
{
	struct check_options *o = ctx;
	char *end;
	long jobs;
	switch (option) {
	case 'f': {
		int format = report_format_from_name(arg);
		if (format < 0) {
			warnx_("'%s' is not an output format (text, jsonl or csv)", arg);
			return -1;
		}
		o->format = (enum report_format)format;
		return 0;
	}
	case 'j':
		jobs = strtol(arg, &end, 10);
		if (*end || end == arg || jobs < 1 || jobs > 256) {
			warnx_("-j takes a number of worker threads from 1 to 256, not '%s'", arg);
			return -1;
		}
		o->jobs = (int)jobs;
		return 0;
	case OPT_STRICT: o->fail_on = SEVERITY_INFO; return 0;
	case OPT_EXIT_ZERO: o->fail_on = SEVERITY_COUNT; return 0;
	case OPT_FAIL_ON:
		for (int v = 0; v < SEVERITY_COUNT; v++) {
			if (strcmp(arg, severity_name((enum severity)v)) == 0) {
				o->fail_on = v;
				return 0;
			}
		}
		if (strcmp(arg, "never") == 0) {
			o->fail_on = SEVERITY_COUNT;
			return 0;
		}
		warnx_("--fail-on takes error, warning, info or never, not '%s'", arg);
		return -1;
	case OPT_TRF: o->trf = arg; return 0;
	case OPT_CLOCKS: o->clocks = 1; return 0;
	case 'q': o->quiet = 1; return 0;
	case 'v': o->verbose = 1; return 0;
	default: /* OPT_COLOR */
		if (strcmp(arg, "auto") != 0 && strcmp(arg, "always") != 0 && strcmp(arg, "never") != 0) {
			warnx_("--color takes auto, always or never, not '%s'", arg);
			return -1;
		}
		o->color = arg;
		return 0;
	}
}

/* Returns 0, 1 for --help, or -1 after saying what is wrong. */
static int parse_options(int argc, char **argv, struct check_options *o)
{
	static const struct option own[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
		{ "exit-zero", no_argument, NULL, OPT_EXIT_ZERO },
		{ "trf", required_argument, NULL, OPT_TRF },
		{ "clocks", no_argument, NULL, OPT_CLOCKS },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "jobs", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	memset(o, 0, sizeof *o);
	o->fail_on = SEVERITY_ERROR;
	o->color = "auto";
	o->jobs = 1;
	const struct command_options command = { SHARED_OUTPUT | SHARED_AUDIT | SHARED_PROGRESS, "f:j:qv", own, take_option, o };
	struct shared_options shared;
	int status = options_parse(argc, argv, &command, &shared);
	o->output = shared.output;
	o->audit = shared.audit;
	o->no_progress = shared.no_progress;
	memcpy(o->reported, shared.reported, sizeof o->reported);
	if (status == 0 && o->clocks && o->format != REPORT_JSONL) {
		warnx_("--clocks writes records of JSON Lines: use it with -f jsonl");
		return -1;
	}
	return status;
}

static int use_color(const char *when, const struct output *out)
{
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0 || out->path)
		return 0;
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
	/* TERM=dumb (Emacs's shell, some CI logs): a terminal without escapes. */
	return isatty(fileno(out->fp)) && !(no_color && *no_color) && !(term && strcmp(term, "dumb") == 0);
}

/* The Event, Round and Date tags (the first of each, as pgn_tag_value
 * gives them), which every game is counted by, in one pass over its tags. */
static void counted_tags(const struct pgn_game *g, const char **event, const char **round, const char **date)
{
	*event = *round = *date = NULL;
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name, *value = g->arena + g->tags[i].value;
		if (name[0] == 'E' && !*event && strcmp(name, "Event") == 0)
			*event = value;
		else if (name[0] == 'R' && !*round && strcmp(name, "Round") == 0)
			*round = value;
		else if (name[0] == 'D' && !*date && strcmp(name, "Date") == 0)
			*date = value;
	}
}

/* A clock this much above what the TimeControl gave still used 0. */
#define USED_SLACK_MS 60000

/* The time a side was given up to the end of its move `number`: the
 * starting time, every move's increment and the periods' times. */
static int64_t time_given(const struct time_control *tc, uint32_t number)
{
	int64_t given = tc->period[0].ms;
	for (uint32_t m = 1; m <= number; m++)
		given += time_control_period(tc, m)->increment_ms + time_control_bonus(tc, m);
	return given;
}

/* check --clocks: the record of a game's clocks, after its findings. */
static void report_clocks(struct report *r, struct check_tally *t, const char *file, int index,
			  const struct pgn_game *g, const struct game_record *rec, const char *event, const char *round,
			  const char *date)
{
	if (rec->count <= 0)
		return;
	if (t->clock_cap < rec->count) {
		t->clock_cap = rec->count;
		free(t->clock_ply);
		free(t->clock_ms);
		t->clock_ply = xmalloc((size_t)t->clock_cap * sizeof *t->clock_ply);
		t->clock_ms = xmalloc((size_t)t->clock_cap * sizeof *t->clock_ms);
	}
	int n = clock_readings(rec, t->clock_ply, t->clock_ms, rec->count);
	if (n == 0)
		return;
	struct clock_series s = { n, t->clock_ply, t->clock_ms, pgn_tag_value(g, "TimeControl"),
				  rec->start.side_to_move == BLACK, { -1, -1 }, { -1, -1 } };
	struct time_control tc;
	int has_tc = time_control_read(s.time_control, &tc);
	int start = rec->start.fullmove_number > 0 ? rec->start.fullmove_number : 1;
	for (int i = n - 1; i >= 0; i--) {
		int side = (s.ply[i] - 1 + s.black_first) % 2;
		if (s.left[side] != -1)
			continue;
		s.left[side] = s.ms[i];
		/* the side's move number: only from the first move of a game, its time is all there */
		uint32_t number = (uint32_t)((s.ply[i] - 1 + s.black_first) / 2 + 1);
		if (has_tc && start == 1 && !s.black_first) {
			/* a clock above what the TimeControl gives (clock-start)
			 * has no time used; a few seconds of a feed's jitter are 0 */
			int64_t used = time_given(&tc, number) - s.ms[i];
			s.used[side] = used > 0 ? used : used > -USED_SLACK_MS ? 0 : -1;
		}
	}
	struct game_label label = { file, index, pgn_tag_value(g, "White"), pgn_tag_value(g, "Black"), event, round,
				    date };
	jsonl_clocks(r, &label, g->first_line, &s);
}

void check_game(const struct check_options *opt, struct auditor *a, struct finding_list *findings,
		struct report *r, const char *file, int index, const struct pgn_game *g, struct check_tally *tally)
{
	findings->count = 0;
	progress_game();
	audit_game(a, g, findings, NULL, NULL);
	const char *event, *round, *date;
	counted_tags(g, &event, &round, &date);
	/* The rest of the label is looked up only for a game with something to report. */
	struct game_label label;
	int labelled = 0, worst = GAME_CLEAN;
	for (int i = 0; i < findings->count; i++) {
		const struct finding *f = &findings->items[i];
		if (!opt->reported[f->code][f->severity])
			continue;
		if (!labelled) {
			label = (struct game_label){
				file, index, pgn_tag_value(g, "White"), pgn_tag_value(g, "Black"),
				event, round, date,
			};
			labelled = 1;
		}
		report_finding(r, &label, f);
		tally->reported++;
		if (f->severity == SEVERITY_ERROR)
			tally->errors++;
		else if (f->severity == SEVERITY_WARNING)
			tally->warnings++;
		if (worst == GAME_CLEAN || (int)f->severity < worst)
			worst = (int)f->severity;
	}
	if (opt->clocks)
		report_clocks(r, tally, file, index, g, &a->record, event, round, date);
	if (opt->collect)
		collect_game(&tally->collected, g, &a->record, index, worst, opt->collect);
	game_counts_add(&tally->games, worst);
	event_groups_add(&tally->events, event, round, worst);
	date_range_add(&tally->dates, date);
}

void check_tally_clear(struct check_tally *t)
{
	t->errors = t->reported = t->warnings = 0;
	memset(&t->games, 0, sizeof t->games);
	event_groups_clear(&t->events);
	memset(&t->dates, 0, sizeof t->dates);
	collect_batch_clear(&t->collected);
}

void check_tally_merge(struct check_tally *into, const struct check_tally *from)
{
	into->errors += from->errors;
	into->reported += from->reported;
	into->warnings += from->warnings;
	game_counts_merge(&into->games, &from->games);
	event_groups_merge(&into->events, &from->events);
	date_range_merge(&into->dates, &from->dates);
}

void check_tally_free(struct check_tally *t)
{
	free(t->clock_ply);
	free(t->clock_ms);
	t->clock_ply = NULL;
	t->clock_ms = NULL;
	t->clock_cap = 0;
	event_groups_free(&t->events);
	collect_batch_free(&t->collected);
}

void check_collect(struct collection *c, struct collect_batch *b, int file, long games_before, uint64_t first_line)
{
	/* a temporary file that fails is said once, at the end */
	(void)collection_add(c, b, file, games_before, first_line);
	/* a batch that grew for a long game gives its room back (the peak
	 * would otherwise be that game's once in every piece's slot) */
	if (b->cap > COLLECT_BATCH_KEPT)
		collect_batch_free(b);
}

/* Games collected before the sequential loop hands them to the index. */
#define COLLECT_GAMES 64

/* The sequential loop's state: one auditor, one report. */
struct check_run {
	const struct check_options *opt;
	struct report report;
	struct auditor auditor;
	struct finding_list findings;
	struct check_tally *tally;     /* the current input's */
	struct collection *collection; /* NULL: no collection check is reported */
	int file;                      /* the current input's index */
};

static int check_one(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct check_run *run = ctx;
	check_game(run->opt, &run->auditor, &run->findings, &run->report, in->path, in->games, g, run->tally);
	/* the games go to the index COLLECT_GAMES at a time: the index's
	 * code and tables then stay in the caches for them all, not one game's
	 * worth between the audit's */
	if (run->collection && run->tally->collected.games >= COLLECT_GAMES)
		check_collect(run->collection, &run->tally->collected, run->file, 0, 1);
	return GAMES_GO_ON;
}

/* The progress line makes way for findings written to its terminal. */
static void progress_writing(int done)
{
	if (done)
		progress_release();
	else
		progress_hold();
}

static void plural(FILE *fp, long n, const char *one, const char *many)
{
	fprintf(fp, "%ld %s", n, n == 1 ? one : many);
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* "checked 21 games in 1 file: 19 clean, 1 with errors, 1 with warnings,
 * 0 with info only", on standard error; with -v the time and, when every
 * input is a regular file, the bytes and their rate. */
static void say_summary(const struct check_options *opt, char **files, const struct file_tally *per_file,
			int file_count, const struct timespec *start)
{
	struct game_counts total = { 0 };
	long opened = 0, failed = 0;
	unsigned long long bytes = 0;
	int sized = 1;
	for (int i = 0; i < file_count; i++) {
		if (!per_file[i].opened)
			continue;
		opened++;
		failed += per_file[i].failed;
		game_counts_merge(&total, &per_file[i].t.games);
		struct stat st;
		if (strcmp(files[i], "-") != 0 && stat(files[i], &st) == 0 && S_ISREG(st.st_mode))
			bytes += (unsigned long long)st.st_size;
		else
			sized = 0;
	}
	fflush(stdout);
	fputs("pgnaudit: checked ", stderr);
	plural(stderr, total.games, "game", "games");
	fputs(" in ", stderr);
	plural(stderr, opened, "file", "files");
	fprintf(stderr, ": %ld clean, %ld with errors, %ld with warnings, %ld with info only",
		game_counts_clean(&total), total.with[SEVERITY_ERROR], total.with[SEVERITY_WARNING],
		total.with[SEVERITY_INFO]);
	if (failed)
		fprintf(stderr, " (%ld %s not read to the end)", failed, failed == 1 ? "file" : "files");
	if (opt->verbose) {
		double s = seconds_since(start);
		fprintf(stderr, "; %.2f s", s);
		if (sized && opened)
			fprintf(stderr, ", %.1f MB, %.1f MB/s", (double)bytes / 1e6, s > 0 ? (double)bytes / 1e6 / s : 0.0);
	}
	fputs("\n", stderr);
}

/* What a collection finding is reported with: its game's label from the
 * index, and the counts of its file. */
struct collection_run {
	struct report *report;
	struct file_tally *per_file;
	struct check_tally report_tally;   /* the findings about the tournament report */
};

static void report_collected(void *ctx, struct collection_entry *e, const struct collection_label *l,
			     const struct finding *f)
{
	struct collection_run *run = ctx;
	struct game_label label = { l->file, (int)l->game, l->white, l->black, l->event, l->round, l->date };
	report_finding(run->report, &label, f);
	/* A pairing of the tournament report counts in no input's tally. */
	struct check_tally *t = e ? &run->per_file[l->file_index].t : &run->report_tally;
	/* The game is counted by its most serious finding, this one now too. */
	int worst = e ? entry_worst(e) : GAME_CLEAN;
	if (e && (worst == GAME_CLEAN || (int)f->severity < worst)) {
		game_counts_regrade(&t->games, worst, (int)f->severity);
		event_groups_regrade(&t->events, label.event, label.round, worst, (int)f->severity);
		entry_set_worst(e, (int)f->severity);
	}
	t->reported++;
	if (f->severity == SEVERITY_ERROR)
		t->errors++;
	else if (f->severity == SEVERITY_WARNING)
		t->warnings++;
	if (run->report->buf.len >= 1 << 16)
		report_flush(run->report);
}

/* Each input's game counts as records after the findings (-f jsonl). */
static void write_counts(struct report *r, char **files, const struct file_tally *per_file, int file_count)
{
	for (int i = 0; i < file_count; i++) {
		if (!per_file[i].opened)
			continue;
		jsonl_counts(&r->buf, strcmp(files[i], "-") == 0 ? "-" : files[i], &per_file[i].t.games,
			     &per_file[i].t.events, &per_file[i].t.dates, !per_file[i].failed);
		if (r->buf.len >= 1 << 16)
			report_flush(r);
	}
}

int cmd_check(int argc, char **argv)
{
	struct check_options opt;
	int parsed = parse_options(argc, argv, &opt);
	if (parsed != 0)
		return parsed > 0 ? usage_check(stdout, EXIT_CLEAN) : usage_error("check");
	int file_count, unreadable_dir;
	char **files = input_files_expanded(argc, argv, &file_count, &unreadable_dir, INPUT_ARCHIVES | INPUT_DIRECTORIES);
	if (file_count == 0) {
		input_files_free(files, file_count);
		return EXIT_TROUBLE;   /* directories without PGN files, said */
	}
	if (output_is_input(opt.output, "-o", files, file_count)) {
		input_files_free(files, file_count);
		return EXIT_TROUBLE;
	}
	if (file_count == 1 && strcmp(files[0], "-") == 0 && isatty(STDIN_FILENO) && !opt.quiet)
		warnx_("reading PGN from standard input (end it with Ctrl-D); `pgnaudit check --help` for more");
	/* The collection checks' index, and the tournament report read before
	 * any game: a report that cannot be read is said at once. */
	struct collection *collection = collection_new((const char *const *)files, file_count, opt.reported);
	opt.collect = collection_wants(collection);
	if (opt.trf && collection) {
		char err[512];
		if (collection_read_trf(collection, opt.trf, err, sizeof err) < 0) {
			warnx_("--trf %s", err);
			collection_free(collection);
			input_files_free(files, file_count);
			return EXIT_TROUBLE;
		}
	}
	struct output out;
	if (output_open(&out, opt.output) < 0) {
		collection_free(collection);
		input_files_free(files, file_count);
		return EXIT_TROUBLE;
	}
	struct check_run run;
	memset(&run, 0, sizeof run);
	run.collection = collection;
	run.opt = &opt;
	run.report.out = out.fp;
	run.report.format = opt.format;
	run.report.color = use_color(opt.color, &out);
	auditor_init(&run.auditor, &opt.audit);
	report_begin(&run.report);
	if (isatty(fileno(out.fp)))
		run.report.writing = progress_writing;
	progress_start(files, file_count, !opt.quiet && !opt.no_progress);

	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	struct file_tally *per_file = xcalloc((size_t)file_count, sizeof *per_file);
	int trouble = 0;
	if (opt.jobs > 1) {
		trouble = check_files_parallel(&opt, &run.report, files, file_count, per_file, run.collection) < 0;
	} else {
		struct pgn_game game;
		pgn_game_init(&game);
		struct game_loop loop = { .on_game = check_one, .ctx = &run, .out = out.fp, .game = &game };
		for (int i = 0; i < file_count && !output_failed(out.fp); i++) {
			run.tally = &per_file[i].t;
			run.file = i;
			int status = games_read_file(&loop, files[i]);
			if (run.collection && run.tally->collected.games > 0)
				check_collect(run.collection, &run.tally->collected, run.file, 0, 1);
			per_file[i].opened = loop.opened;
			per_file[i].failed = status < 0 && loop.opened;
			if (status < 0)
				trouble = 1;
			if (loop.stopped)
				break;
		}
		pgn_game_free(&game);
	}
	progress_stop();
	finding_list_free(&run.findings);
	auditor_free(&run.auditor);

	struct collection_run cr = { &run.report, per_file, { 0 } };
	if (run.collection && !output_failed(out.fp)) {
		collection_findings(run.collection, report_collected, &cr);
		if (collection_spill_error(run.collection))
			warnx_("the temporary file for the truncated-game check could not be written (%s); "
			       "that check is left out", strerror(collection_spill_error(run.collection)));
	}
	collection_free(run.collection);
	if (opt.format == REPORT_JSONL && !output_failed(out.fp))
		write_counts(&run.report, files, per_file, file_count);
	/* A reader gone away (EPIPE) is output_close's to tell. */
	if (report_flush(&run.report) < 0 && errno != EPIPE)
		trouble = 1;
	report_free(&run.report);
	long errors = cr.report_tally.errors, warnings = cr.report_tally.warnings, reported = cr.report_tally.reported;
	for (int i = 0; i < file_count; i++) {
		errors += per_file[i].t.errors;
		warnings += per_file[i].t.warnings;
		reported += per_file[i].t.reported;
	}
	int closed = output_close(&out);
	if (closed == 0 && !opt.quiet && !output_reader_gone())
		say_summary(&opt, files, per_file, file_count, &start);
	for (int i = 0; i < file_count; i++)
		check_tally_free(&per_file[i].t);
	free(per_file);
	input_files_free(files, file_count);
	if (closed < 0 || trouble || unreadable_dir)
		return EXIT_TROUBLE;
	long failing = opt.fail_on == SEVERITY_ERROR ? errors : opt.fail_on == SEVERITY_WARNING ? errors + warnings
		     : opt.fail_on == SEVERITY_INFO ? reported : 0;
	if (failing > 0)
		return EXIT_FINDINGS;
	return EXIT_CLEAN;
}
