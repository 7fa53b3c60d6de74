/*
 * check.c - `pgnaudit check`: read every game, audit it, print findings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "games.h"
#include "options.h"
#include "parser/pgn.h"
#include "reports/report.h"
#include "validator/audit/audit.h"

int usage_check(FILE *fp, int status)
{
	fputs("usage: pgnaudit check [-f text|jsonl|csv] [-o FILE] [--select CODE,...] [--ignore CODE,...]\n"
	      "                      [--rules by-date|fide2023|fide2005] [--lang LIST] [--recover] [--strict]\n"
	      "                      [--color auto|always|never] [-j N]\n"
	      "                      [FILE...]\n"
	      "\n"
	      "Replays every game of each FILE (standard input when none or '-'; gzip is\n"
	      "recognised by its magic bytes) and prints what is wrong with it.\n"
	      "\n"
	      "  -f, --format FORMAT   text (default), jsonl or csv\n"
	      "  -o, --output FILE     write the findings to FILE (replaced only when complete)\n"
	      "      --select CODES    report only these codes (comma-separated)\n"
	      "      --ignore CODES    do not report these codes\n"
	      "      --rules EDITION   by-date (default: each game by the Laws in force on its Date,\n"
	      "                        the 2005 Laws before 1 July 2014), fide2023 or fide2005\n"
	      "      --lang LIST       notations to read moves in: auto (default) or a comma-separated\n"
	      "                        list of en, de, fr, es, it, nl, ru, ar, fa, figurine\n"
	      "      --recover         at an illegal or ambiguous move, find the recording error\n"
	      "                        the rest of the game agrees with, and go on\n"
	      "      --strict          exit 1 on any finding, not only on errors\n"
	      "      --color WHEN      auto (default: on a terminal, unless NO_COLOR is set), always, never\n"
	      "  -j, --jobs N          N threads, each reading, auditing and writing in turn;\n"
	      "                        the output is the same bytes as with -j 1\n"
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
enum { OPT_STRICT = 256, OPT_COLOR };

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
	case OPT_STRICT: o->strict = 1; return 0;
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
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "jobs", required_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	memset(o, 0, sizeof *o);
	o->color = "auto";
	o->jobs = 1;
	const struct command_options command = { SHARED_OUTPUT | SHARED_AUDIT, "f:j:", own, take_option, o };
	struct shared_options shared;
	int status = options_parse(argc, argv, &command, &shared);
	o->output = shared.output;
	o->audit = shared.audit;
	memcpy(o->reported, shared.reported, sizeof o->reported);
	return status;
}

static int use_color(const char *when, const struct output *out)
{
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0 || out->path)
		return 0;
	const char *no_color = getenv("NO_COLOR");
	return isatty(fileno(out->fp)) && !(no_color && *no_color);
}

void check_game(const struct check_options *opt, struct auditor *a, struct finding_list *findings,
		struct report *r, const char *file, int index, const struct pgn_game *g, struct check_tally *tally)
{
	findings->count = 0;
	audit_game(a, g, findings, NULL, NULL);
	/* The label is looked up only for a game with something to report. */
	struct game_label label;
	int labelled = 0;
	for (int i = 0; i < findings->count; i++) {
		const struct finding *f = &findings->items[i];
		if (!opt->reported[f->code])
			continue;
		if (!labelled) {
			label = (struct game_label){
				file, index, pgn_tag_value(g, "White"), pgn_tag_value(g, "Black"),
				pgn_tag_value(g, "Event"), pgn_tag_value(g, "Round"), pgn_tag_value(g, "Date"),
			};
			labelled = 1;
		}
		report_finding(r, &label, f);
		tally->reported++;
		if (f->severity == SEVERITY_ERROR)
			tally->errors++;
	}
}

/* The sequential loop's state: one auditor, one report. */
struct check_run {
	const struct check_options *opt;
	struct report report;
	struct auditor auditor;
	struct finding_list findings;
	struct check_tally tally;
};

static int check_one(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct check_run *run = ctx;
	check_game(run->opt, &run->auditor, &run->findings, &run->report, in->path, in->games, g, &run->tally);
	return GAMES_GO_ON;
}

int cmd_check(int argc, char **argv)
{
	struct check_options opt;
	int parsed = parse_options(argc, argv, &opt);
	if (parsed != 0)
		return parsed > 0 ? usage_check(stdout, EXIT_CLEAN) : usage_check(stderr, EXIT_TROUBLE);
	int file_count;
	char **files = input_files(argc, argv, &file_count);
	if (output_is_input(opt.output, "-o", files, file_count))
		return EXIT_TROUBLE;
	struct output out;
	if (output_open(&out, opt.output) < 0)
		return EXIT_TROUBLE;
	struct check_run run;
	memset(&run, 0, sizeof run);
	run.opt = &opt;
	run.report.out = out.fp;
	run.report.format = opt.format;
	run.report.color = use_color(opt.color, &out);
	auditor_init(&run.auditor, &opt.audit);
	report_begin(&run.report);

	int trouble = 0;
	if (opt.jobs > 1) {
		trouble = check_files_parallel(&opt, &run.report, files, file_count, &run.tally) < 0;
	} else {
		struct pgn_game game;
		pgn_game_init(&game);
		struct game_loop loop = { .on_game = check_one, .ctx = &run, .out = out.fp, .game = &game };
		trouble = games_read_files(&loop, files, file_count) < 0;
		pgn_game_free(&game);
	}
	finding_list_free(&run.findings);
	auditor_free(&run.auditor);

	if (report_flush(&run.report) < 0)
		trouble = 1;
	report_free(&run.report);
	if (output_close(&out) < 0)
		return EXIT_TROUBLE;
	if (trouble)
		return EXIT_TROUBLE;
	if (run.tally.errors > 0 || (opt.strict && run.tally.reported > 0))
		return EXIT_FINDINGS;
	return EXIT_CLEAN;
}
