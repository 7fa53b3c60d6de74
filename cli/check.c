/*
 * check.c - `pgnaudit check`: read every game, audit it, print findings.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "reports/report.h"
#include "validator/audit/audit.h"
#include "validator/audit/lang.h"

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
	for (int i = 0; i < CHECK_COUNT; i++)
		fprintf(fp, "  %-26s %-8s %s\n", check_catalogue[i].code, severity_name(check_catalogue[i].severity),
			check_catalogue[i].summary);
	fputs("Exit status: 0 no error found, 1 errors found, 2 usage error or unreadable file.\n", fp);
	return status;
}

int check_parse_rules(const char *name, enum rules_edition *rules)
{
	if (strcmp(name, "by-date") == 0)
		*rules = RULES_BY_DATE;
	else if (strcmp(name, "fide2023") == 0)
		*rules = RULES_FIDE2023;
	else if (strcmp(name, "fide2005") == 0)
		*rules = RULES_FIDE2005;
	else {
		warnx_("'%s' is not a rules edition (by-date, fide2023 or fide2005)", name);
		return -1;
	}
	return 0;
}

/* Sets the codes of a comma-separated list to `value` in reported. */
static int apply_codes(unsigned char *reported, const char *list, int value)
{
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		int len = end ? (int)(end - p) : (int)strlen(p);
		if (len > 0) {
			int code = check_code_from_name(p, len);
			if (code < 0) {
				warnx_("'%.*s' is not a check code; `pgnaudit check --help` lists them", len, p);
				return -1;
			}
			reported[code] = (unsigned char)value;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

int check_choose_codes(unsigned char reported[CHECK_COUNT], const char *select, const char *ignore)
{
	memset(reported, select ? 0 : 1, CHECK_COUNT);
	if (select && apply_codes(reported, select, 1) < 0)
		return -1;
	if (ignore && apply_codes(reported, ignore, 0) < 0)
		return -1;
	return 0;
}

static int parse_options(int argc, char **argv, struct check_options *o)
{
	enum { OPT_SELECT = 256, OPT_IGNORE, OPT_RULES, OPT_STRICT, OPT_COLOR, OPT_LANG, OPT_RECOVER };
	char *end;
	long jobs;
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "select", required_argument, NULL, OPT_SELECT },
		{ "ignore", required_argument, NULL, OPT_IGNORE },
		{ "rules", required_argument, NULL, OPT_RULES },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "lang", required_argument, NULL, OPT_LANG },
		{ "recover", no_argument, NULL, OPT_RECOVER },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *select = NULL, *ignore = NULL;
	memset(o, 0, sizeof *o);
	o->color = "auto";
	o->jobs = 1;
	o->audit.langs = LANG_AUTO;
	o->audit.rules = RULES_BY_DATE;
	int c;
	char err[160];
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:o:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': {
			int format = report_format_from_name(optarg);
			if (format < 0) {
				warnx_("'%s' is not an output format (text, jsonl or csv)", optarg);
				return -1;
			}
			o->format = (enum report_format)format;
			break;
		}
		case 'o': o->output = optarg; break;
		case 'j':
			jobs = strtol(optarg, &end, 10);
			if (*end || end == optarg || jobs < 1 || jobs > 256) {
				warnx_("-j takes a number of worker threads from 1 to 256, not '%s'", optarg);
				return -1;
			}
			o->jobs = (int)jobs;
			break;
		case OPT_SELECT: select = optarg; break;
		case OPT_IGNORE: ignore = optarg; break;
		case OPT_RULES:
			if (check_parse_rules(optarg, &o->audit.rules) < 0)
				return -1;
			break;
		case OPT_STRICT: o->strict = 1; break;
		case OPT_LANG:
			if (lang_parse_list(optarg, &o->audit.langs, err, sizeof err) < 0) {
				warnx_("%s", err);
				return -1;
			}
			break;
		case OPT_RECOVER: o->audit.recover = 1; break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") != 0 && strcmp(optarg, "always") != 0 && strcmp(optarg, "never") != 0) {
				warnx_("--color takes auto, always or never, not '%s'", optarg);
				return -1;
			}
			o->color = optarg;
			break;
		case 'h': exit(usage_check(stdout, EXIT_CLEAN));
		default: return -1;
		}
	}
	return check_choose_codes(o->reported, select, ignore);
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

struct check_run {
	const struct check_options *opt;
	struct report report;
	struct auditor auditor;
	struct finding_list findings;
	struct check_tally tally;
};

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

/* Audits one file; returns -1 when it could not be read (the message is out). */
static int check_file(struct check_run *run, const char *path, struct pgn_game *g)
{
	char err[256];
	struct input_stream *s = input_open(path);
	if (!s)
		return -1;
	const char *name = strcmp(path, "-") == 0 ? "-" : path;
	struct pgn_reader *r = pgn_reader_new(s);
	int index = 0, status = 0, got = 0;
	while (!output_failed(run->report.out) && (got = pgn_next_game(r, g, err, sizeof err)) == 1)
		check_game(run->opt, &run->auditor, &run->findings, &run->report, name, ++index, g, &run->tally);
	if (got < 0) {
		warn_read_failed(input_name(path), err, index);
		status = -1;
	}
	pgn_reader_free(r);
	stream_close(s);
	return status;
}

int cmd_check(int argc, char **argv)
{
	struct check_options opt;
	if (parse_options(argc, argv, &opt) < 0)
		return usage_check(stderr, EXIT_TROUBLE);
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
		for (int i = 0; i < file_count && !output_failed(out.fp); i++)
			if (check_file(&run, files[i], &game) < 0)
				trouble = 1;
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
