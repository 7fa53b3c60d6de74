/*
 * explain.c - `pgnaudit explain [CODE...]`: what a check code means.
 *
 * For each code: its summary and severities (the catalogue, finding.c),
 * what it reports, the rules its findings cite under both editions of the
 * Laws (rule_cite() translates them, as for a finding), a game it reports
 * and what to do about it (explain.c in validator/audit/).  The example is
 * audited here, as `check` audits it (check_game), so that what is shown
 * as check's output is check's output.  Without a code: the catalogue, one
 * code a line.  --example prints the example alone, for a pipe into check.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "options.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "reports/report.h"
#include "util/memory.h"
#include "validator/audit/citations.h"
#include "validator/audit/explain.h"
#include "validator/audit/lang.h"

/* The width of the text output, as a man page's. */
#define WIDTH 78

int usage_explain(FILE *fp, int status)
{
	fputs("usage: pgnaudit explain [-f text|jsonl] [CODE...]\n"
	      "       pgnaudit explain --example CODE...\n"
	      "       pgnaudit explain --example-trf CODE\n"
	      "\n"
	      "Says what a check code of `pgnaudit check` means: what it reports, its\n"
	      "severities, the article of the FIDE Laws of Chess (2023, and 2005) or the\n"
	      "section of the PGN standard its findings cite, a game it reports, and what\n"
	      "to do about it.  Without a CODE, lists the codes: code, default severity and\n"
	      "summary, one a line.  A CODE may be written in any case.\n"
	      "\n"
	      "  -f, --format FORMAT   text (default) or jsonl (or json: one object a code)\n"
	      "      --example         print only the example game of each CODE, for check:\n"
	      "                        pgnaudit explain illegal-move --example | pgnaudit check\n"
	      "      --example-trf     print only the tournament report (TRF) the example of a\n"
	      "                        code of the pairings is checked against (check's option)\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Exit status: 0 done, 2 usage error or a CODE that is not a check code.\n",
	      fp);
	return status;
}

struct explain_options {
	int jsonl;
	int example;         /* 1: --example, 2: --example-trf */
};

enum { OPT_EXAMPLE = 256, OPT_EXAMPLE_TRF };

static int take_option(void *ctx, int option, const char *arg)
{
	struct explain_options *o = ctx;
	if (option == OPT_EXAMPLE || option == OPT_EXAMPLE_TRF) {
		o->example = option == OPT_EXAMPLE ? 1 : 2;
		return 0;
	}
	/* 'f' */
	if (strcmp(arg, "text") == 0 || strcmp(arg, "jsonl") == 0 || strcmp(arg, "json") == 0) {
		o->jsonl = strcmp(arg, "text") != 0;
		return 0;
	}
	warnx_("'%s' is not an output format of explain (text or jsonl)", arg);
	return -1;
}

/* The catalogue index of a code as the user wrote it, in any case; -1
 * after saying that it is none, with the code it likely misspells. */
static int code_of(const char *arg)
{
	char lower[80];
	size_t n = strlen(arg);
	if (n < sizeof lower) {
		for (size_t i = 0; i <= n; i++)
			lower[i] = (char)(arg[i] >= 'A' && arg[i] <= 'Z' ? arg[i] + 32 : arg[i]);
		int code = check_code_from_name(lower, (int)n);
		if (code >= 0)
			return code;
	}
	int near = options_nearest_code(arg, n);
	if (near >= 0)
		warnx_("'%.80s' is not a check code; did you mean %s?", arg, check_catalogue[near].code);
	else
		warnx_("'%.80s' is not a check code; `pgnaudit explain` lists them", arg);
	return -1;
}

/* text in lines of at most WIDTH columns, each after `indent` blanks; a
 * word longer than a line has a line of its own. */
static void print_wrapped(FILE *fp, const char *text, int indent)
{
	size_t room = (size_t)(WIDTH - indent);
	const char *p = text;
	while (*p) {
		size_t take = strlen(p);
		if (take > room) {
			take = room;
			while (take > 0 && p[take] != ' ')
				take--;
			if (take == 0)
				take = strcspn(p, " ");
		}
		fprintf(fp, "%*s%.*s\n", indent, "", (int)take, p);
		p += take;
		while (*p == ' ')
			p++;
	}
}

/* Each line of text after `indent` blanks (an empty line stays empty). */
static void print_indented(FILE *fp, const char *text, size_t len, int indent)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		if (eol > p)
			fprintf(fp, "%*s%.*s", indent, "", (int)(eol - p), p);
		fputc('\n', fp);
		p = eol + 1;
	}
}

/* "error; warning after a dead position, ..." */
static void severities_text(const struct check_info *c, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "%s%s", severity_name(c->severity), c->also[0].when ? " (the default)" : "");
	for (int k = 0; k < 2 && c->also[k].when && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "; %s %s", severity_name(c->also[k].severity),
					 c->also[k].when);
}

/* The 2005 article of a 2023 one, or NULL when the 2005 Laws have none
 * (the automatic draws of 9.6) or the rule is a PGN section. */
static const char *fide2005(const char *rule)
{
	const char *cited = rule_cite(RULES_FIDE2005, rule);
	return cited != rule ? cited : NULL;
}

static int is_fide(const char *rule)
{
	return strncmp(rule, "FIDE ", 5) == 0;
}

static void print_rules(FILE *fp, const struct rule_citation *rules)
{
	int fide = 0, pgn = 0, handbook = 0;
	if (!rules[0].rule) {
		fputs("Rules cited: none (the findings cite no rule)\n", fp);
		return;
	}
	fputs("Rules cited:\n", fp);
	for (const struct rule_citation *r = rules; r->rule; r++) {
		if (strncmp(r->rule, "FIDE C.04 ", 10) == 0) {
			handbook = 1;
			fprintf(fp, "  %s\n", r->rule);
		} else if (is_fide(r->rule)) {
			const char *old = fide2005(r->rule);
			fide = 1;
			fprintf(fp, "  %s [%s]\n", r->rule, old ? old : "not in the 2005 Laws, under which it is not reported");
		} else {
			pgn = 1;
			fprintf(fp, "  %s\n", r->rule);
		}
		if (r->when)
			print_wrapped(fp, r->when, 6);
	}
	if (fide || pgn || handbook)
		fputc('\n', fp);
	if (fide)
		print_wrapped(fp, "FIDE: the articles of the 2023 Laws of Chess; in brackets the article of the 2005 "
			      "Laws, cited for a game judged by them (--rules fide2005, or by-date for a game played "
			      "before 1 July 2014).", 2);
	if (pgn)
		print_wrapped(fp, "PGN: the sections of the PGN standard (1994), cited alike under both editions "
			      "of the Laws.", 2);
	if (handbook)
		print_wrapped(fp, "FIDE C.04 Annex 2: the FIDE Handbook's format of the Tournament Report File "
			      "(TRF16), which --trf reads; cited alike under both editions of the Laws.", 2);
}

static void report_collected(void *ctx, struct collection_entry *e, const struct collection_label *l,
			     const struct finding *f)
{
	(void)e;
	struct game_label label = { l->file, (int)l->game, l->white, l->black, l->event, l->round, l->date };
	report_finding(ctx, &label, f);
}

/* What `pgnaudit check` prints for the example game(s): check's own
 * audit and text report, the file named "-" as on a pipe; the collection
 * checks over them after (against the example's tournament report, named
 * FILE, when it has one). */
static void print_findings(FILE *fp, const char *example, int play_illegal, const char *trf)
{
	struct check_options opt;
	memset(&opt, 0, sizeof opt);
	opt.format = REPORT_TEXT;
	opt.audit = (struct audit_options){ .rules = RULES_BY_DATE, .langs = LANG_AUTO, .play_illegal = play_illegal };
	memset(opt.reported, 1, sizeof opt.reported);
	struct input_stream *s = stream_open_memory(example, strlen(example));
	struct pgn_reader *reader = s ? pgn_reader_new(s) : NULL;
	if (!reader)
		memory_exhausted();
	struct pgn_game game;
	struct auditor auditor;
	struct finding_list findings = { 0 };
	struct report report = { .out = NULL, .format = REPORT_TEXT };
	struct check_tally tally;
	memset(&tally, 0, sizeof tally);
	pgn_game_init(&game);
	auditor_init(&auditor, &opt.audit);
	static const char *const files[] = { "-" };
	struct collection *c = collection_new(files, 1, (const unsigned char(*)[SEVERITY_COUNT])opt.reported);
	char err[256];
	if (trf && collection_read_trf_text(c, trf, "FILE", err, sizeof err) < 0) {
		warnx_("%s", err);   /* the table's own report: the tests read every one */
		abort();
	}
	opt.collect = collection_wants(c);
	for (int index = 1; pgn_next_game(reader, &game, err, sizeof err) == 1; index++) {
		check_game(&opt, &auditor, &findings, &report, "-", index, &game, &tally);
		check_collect(c, &tally.collected, 0, 0, 1);
	}
	collection_findings(c, report_collected, &report);
	collection_free(c);
	print_indented(fp, report.buf.data, report.buf.len, 2);
	report_free(&report);
	check_tally_free(&tally);
	finding_list_free(&findings);
	auditor_free(&auditor);
	pgn_game_free(&game);
	pgn_reader_free(reader);
	stream_close(s);
}

static void print_text(FILE *fp, enum check_code code)
{
	const struct check_info *c = &check_catalogue[code];
	const struct check_explanation *e = check_explanation(code);
	char line[400];
	fprintf(fp, "%s: %s\n\n", c->code, c->summary);
	snprintf(line, sizeof line, "Severity: ");
	severities_text(c, line + strlen(line), sizeof line - strlen(line));
	print_wrapped(fp, line, 0);
	fputs("\nWhat it reports:\n", fp);
	print_wrapped(fp, e->description, 2);
	fputc('\n', fp);
	print_rules(fp, e->rules);
	fprintf(fp, "\nExample (pgnaudit explain %s --example):\n", c->code);
	print_indented(fp, e->example, strlen(e->example), 2);
	const char *trf = check_example_report(e->code);
	if (trf) {
		fprintf(fp, "\nThe tournament report it is checked against (pgnaudit explain %s --example-trf >FILE):\n",
			c->code);
		print_indented(fp, trf, strlen(trf), 2);
	}
	const char *needs = check_example_options(e->code);
	fprintf(fp, "\nWhat `pgnaudit explain %s --example | pgnaudit check%s%s` prints:\n", c->code,
		needs ? " " : "", needs ? needs : "");
	print_findings(fp, e->example, needs != NULL && !trf, trf);
	fputs("\nWhat to do:\n", fp);
	print_wrapped(fp, e->advice, 2);
}

/* "name":"value" after a comma (none before the first member). */
static void json_member(struct outbuf *b, const char *name, const char *value, int first)
{
	outbuf_puts(b, first ? "\"" : ",\"");
	outbuf_puts(b, name);
	outbuf_puts(b, "\":");
	jsonl_put_string(b, value);
}

static void print_json(struct outbuf *b, enum check_code code)
{
	const struct check_info *c = &check_catalogue[code];
	const struct check_explanation *e = check_explanation(code);
	outbuf_puts(b, "{");
	json_member(b, "code", c->code, 1);
	json_member(b, "severity", severity_name(c->severity), 0);
	outbuf_puts(b, ",\"also\":[");
	for (int k = 0; k < 2 && c->also[k].when; k++) {
		outbuf_puts(b, k ? ",{" : "{");
		json_member(b, "severity", severity_name(c->also[k].severity), 1);
		json_member(b, "when", c->also[k].when, 0);
		outbuf_puts(b, "}");
	}
	outbuf_puts(b, "]");
	json_member(b, "summary", c->summary, 0);
	json_member(b, "description", e->description, 0);
	outbuf_puts(b, ",\"rules\":[");
	for (const struct rule_citation *r = e->rules; r->rule; r++) {
		const char *old = is_fide(r->rule) ? fide2005(r->rule) : r->rule;
		outbuf_puts(b, r == e->rules ? "{" : ",{");
		json_member(b, "rule", r->rule, 1);
		if (old)
			json_member(b, "rule_fide2005", old, 0);
		if (r->when)
			json_member(b, "when", r->when, 0);
		outbuf_puts(b, "}");
	}
	outbuf_puts(b, "]");
	json_member(b, "example", e->example, 0);
	if (check_example_report(e->code))
		json_member(b, "example_trf", check_example_report(e->code), 0);
	json_member(b, "advice", e->advice, 0);
	outbuf_puts(b, "}\n");
}

static void print_jsonl(FILE *fp, const int *codes, int count)
{
	struct outbuf b = { 0 };
	for (int i = 0; i < (count ? count : CHECK_COUNT); i++)
		print_json(&b, (enum check_code)(count ? codes[i] : i));
	/* A failed write shows in ferror, which main's output_close reports,
	 * as for the text printed with stdio. */
	(void)fwrite(b.data, 1, b.len, fp);
	free(b.data);
}

static void print_list(FILE *fp)
{
	for (int i = 0; i < CHECK_COUNT; i++)
		fprintf(fp, "%-26s %-8s %s\n", check_catalogue[i].code, severity_name(check_catalogue[i].severity),
			check_catalogue[i].summary);
}

int cmd_explain(int argc, char **argv)
{
	static const struct option own[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "example", no_argument, NULL, OPT_EXAMPLE },
		{ "example-trf", no_argument, NULL, OPT_EXAMPLE_TRF },
		{ NULL, 0, NULL, 0 },
	};
	struct explain_options o = { 0, 0 };
	const struct command_options command = { 0, "f:", own, take_option, &o };
	struct shared_options shared;
	int parsed = options_parse(argc, argv, &command, &shared);
	if (parsed != 0)
		return parsed > 0 ? usage_explain(stdout, EXIT_CLEAN) : usage_error("explain");
	int count = argc - optind;
	if (o.example && (count == 0 || o.jsonl)) {
		warnx_(count == 0 ? "--example needs a CODE" : "--example prints PGN, not -f jsonl");
		return usage_error("explain");
	}
	if (o.example == 2 && count != 1) {
		warnx_("--example-trf takes one CODE");
		return usage_error("explain");
	}
	int *codes = xcalloc((size_t)(count ? count : 1), sizeof *codes);
	for (int i = 0; i < count; i++) {
		codes[i] = code_of(argv[optind + i]);
		if (codes[i] < 0) {
			free(codes);
			return usage_error("explain");
		}
	}
	if (o.jsonl)
		print_jsonl(stdout, codes, count);
	else if (count == 0)
		print_list(stdout);
	for (int i = 0; i < count && !o.jsonl; i++) {
		if (i > 0)
			fputc('\n', stdout);
		if (o.example == 2) {
			const char *trf = check_example_report((enum check_code)codes[i]);
			if (!trf) {
				warnx_("the example of %s is checked against no tournament report; --example-trf is for "
				       "the codes of --trf (pairing-*, game-without-pairing, forfeit-with-game)",
				       check_catalogue[codes[i]].code);
				free(codes);
				return EXIT_TROUBLE;
			}
			fputs(trf, stdout);
		} else if (o.example) {
			fputs(check_explanation((enum check_code)codes[i])->example, stdout);
		}
		else
			print_text(stdout, (enum check_code)codes[i]);
	}
	free(codes);
	return EXIT_CLEAN;
}
