/*
 * report.c - `pgnaudit report`: read `check -f jsonl` output back and
 * summarise it as text tables, CSV or an HTML page.
 */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "parser/json.h"
#include "parser/stream.h"
#include "reports/clocks.h"
#include "reports/summary.h"
#include "util/memory.h"
#include "validator/chess/highlight.h"

/* Longer lines are refused: check writes none longer than about 2 MiB (five
 * tags of 64 KiB, each byte escaped as \u00XX at worst). */
#define REPORT_LINE_MAX (4 << 20)
#define REPORT_MEMBER_MAX 64

enum report_output { OUTPUT_TEXT, OUTPUT_CSV, OUTPUT_HTML };

struct report_options {
	enum report_output format;
	enum summary_group by;
	int by_given, top_given;
	int top;
	const char *output;
	int exit_zero;
};

int usage_report(FILE *fp, int status)
{
	fputs("usage: pgnaudit report [-f text|csv|html] [--by code|event|player|file] [--top N] [-o FILE]\n"
	      "                       [--exit-zero]\n"
	      "                       [FILE...]\n"
	      "\n"
	      "Reads the findings that `pgnaudit check -f jsonl` wrote (from each FILE, or\n"
	      "standard input when none or '-'; gzip is recognised) and summarises them.\n"
	      "\n"
	      "  -f, --format FORMAT   text (default): totals and tables per code, event and\n"
	      "                        round, player, and the worst games;\n"
	      "                        csv: counts per code and severity (see --by);\n"
	      "                        html: one self-contained page with filters and a\n"
	      "                        diagram of every finding's position\n"
	      "      --by GROUP        csv only: count per code within each event and round,\n"
	      "                        player or file (default: code alone)\n"
	      "      --top N           text only: rows of the event, player and game tables\n"
	      "                        (default 20; 0: all)\n"
	      "  -o, --output FILE     write to FILE (replaced only when complete)\n"
	      "      --exit-zero       exit 0 when error findings were read (2 still means trouble)\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Exit status: 0 no error finding read, 1 error findings read, 2 usage error,\n"
	      "unreadable file or a line that is not a finding (the other lines still count).\n",
	      fp);
	return status;
}

static int parse_options(int argc, char **argv, struct report_options *o)
{
	enum { OPT_BY = 256, OPT_TOP };
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "by", required_argument, NULL, OPT_BY },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "exit-zero", no_argument, NULL, 'Z' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "csv", "html" };
	static const char *const groups[] = { "code", "event", "player", "file" };
	memset(o, 0, sizeof *o);
	o->top = 20;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': {
			int i = 0;
			while (i < 3 && strcmp(optarg, formats[i]) != 0)
				i++;
			if (i == 3) {
				warnx_("'%s' is not a report format (text, csv or html)", optarg);
				return -1;
			}
			o->format = (enum report_output)i;
			break;
		}
		case 'o': o->output = optarg; break;
		case OPT_BY: {
			int i = 0;
			while (i < 4 && strcmp(optarg, groups[i]) != 0)
				i++;
			if (i == 4) {
				warnx_("--by takes code, event, player or file, not '%s'", optarg);
				return -1;
			}
			o->by = (enum summary_group)i;
			o->by_given = 1;
			break;
		}
		case OPT_TOP: {
			char *end;
			errno = 0;
			long top = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || top < 0 || top > 1000000) {
				warnx_("--top takes a number of rows from 0 (all) to 1000000, not '%s'", optarg);
				return -1;
			}
			o->top = (int)top;
			o->top_given = 1;
			break;
		}
		case 'h': exit(usage_report(stdout, EXIT_CLEAN));
		case 'V': print_version(); break;
		case 'Z': o->exit_zero = 1; break;
		default: return -1;
		}
	}
	if (o->by_given && o->format != OUTPUT_CSV) {
		warnx_("--by applies to -f csv only");
		return -1;
	}
	if (o->top_given && o->format != OUTPUT_TEXT) {
		warnx_("--top applies to -f text only");
		return -1;
	}
	return 0;
}

struct report_run {
	const struct report_options *opt;
	struct summary summary;
	struct outbuf spool_buf;    /* HTML entries on their way to the spool */
	FILE *spool;
	long entries;
	int bad_lines;
	long file_lines;            /* lines of the current input that said something */
	char *line;                 /* REPORT_LINE_MAX + 1 bytes */
	struct clock_table clocks;  /* the games of "clocks" records (check --clocks) */
	int *clock_ply;             /* a record's readings: CLOCKS_MAX each */
	int64_t *clock_ms;
	struct outbuf clock_buf;    /* HTML: their plots on the way to clock_spool */
	FILE *clock_spool;
	long clock_entries;
	/* the clock findings of the game read last, for its plot: check
	 * writes a game's findings before its clocks record */
	char *mark_file;
	long long mark_game;
	struct clock_mark marks[CLOCK_MARKS_MAX];
	int mark_count;
};

/* The page plots the clocks of this many games at most (the table of text
 * has its --top). */
#define CLOCK_PLOTS_MAX 2000

static void take_clocks(struct report_run *run, const struct clock_row *row)
{
	clock_table_add(&run->clocks, row);
	if (run->opt->format != OUTPUT_HTML || run->clock_entries >= CLOCK_PLOTS_MAX)
		return;
	int marked = run->mark_file && run->mark_game == row->game && strcmp(run->mark_file, row->file) == 0;
	html_clocks(&run->clock_buf, row, ++run->clock_entries, run->marks, marked ? run->mark_count : 0);
	if (run->clock_buf.len >= 1 << 16) {
		(void)fwrite(run->clock_buf.data, 1, run->clock_buf.len, run->clock_spool);
		run->clock_buf.len = 0;
	}
}

/* Keeps a clock finding for the plot of its game. */
static void keep_mark(struct report_run *run, const struct finding_row *f)
{
	if (!run->mark_file || run->mark_game != f->game || strcmp(run->mark_file, f->file) != 0) {
		free(run->mark_file);
		run->mark_file = xstrdup(f->file);
		run->mark_game = f->game;
		run->mark_count = 0;
	}
	if (run->mark_count == CLOCK_MARKS_MAX)
		return;
	struct clock_mark *m = &run->marks[run->mark_count++];
	m->ply = f->ply > INT32_MAX ? 0 : (int)f->ply;
	m->code = check_catalogue[f->code].code;
	snprintf(m->move, sizeof m->move, "%lld%s%.12s", f->move_number,
		 f->side && strcmp(f->side, "black") == 0 ? "..." : ". ", f->san ? f->san : "");
	snprintf(m->message, sizeof m->message, "%s", f->message ? f->message : "");
}

/* Is this first line of an input PGN rather than JSON Lines: a tag pair, an
 * escape line, or a move number?  (A JSON Lines line starts with '{'.) */
static int looks_like_pgn(const char *line, size_t len)
{
	if (len >= 2 && line[0] == '[' && ((line[1] | 0x20) >= 'a' && (line[1] | 0x20) <= 'z'))
		return 1;
	if (len >= 1 && line[0] == '%')
		return 1;
	return len >= 2 && line[0] >= '1' && line[0] <= '9' && memchr(line, '.', len < 6 ? len : 6) != NULL;
}

/* Takes one line; returns -1 when the input is not findings at all (a PGN
 * file: said once, and the rest of it is not read). */
static int take_line(struct report_run *run, const char *name, long number, size_t len)
{
	struct json_member members[REPORT_MEMBER_MAX];
	struct finding_row f;
	struct counts_row row;
	char err[200];
	char *line = run->line;
	/* A byte order mark before the first line (an editor's), and blank
	 * lines (a CR LF file, lines of JSON Lines joined with blank lines
	 * between), are not lines that say anything. */
	if (number == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
		line += 3;
		len -= 3;
	}
	size_t blank = 0;
	while (blank < len && (line[blank] == ' ' || line[blank] == '\t' || line[blank] == '\r'))
		blank++;
	if (blank == len)
		return 0;
	if (run->file_lines++ == 0 && looks_like_pgn(line + blank, len - blank)) {
		if (strcmp(name, "standard input") == 0)
			warnx_("%s: this is PGN, not findings; make them first: ... | pgnaudit check -f jsonl | "
			       "pgnaudit report", name);
		else
			warnx_("%s: this is PGN, not findings; make them first: pgnaudit check -f jsonl %s | "
			       "pgnaudit report", name, name);
		return -1;
	}
	int count = json_parse_object(line, len, members, REPORT_MEMBER_MAX, err, sizeof err);
	struct clock_row clocks;
	int is_clocks = count < 0 ? 0 : jsonl_read_clocks(members, count, &clocks, run->clock_ply, run->clock_ms, err,
							  sizeof err);
	if (is_clocks > 0) {
		take_clocks(run, &clocks);
		return 0;
	}
	int counts = count < 0 || is_clocks < 0 ? -1 : jsonl_read_counts(members, count, &row, err, sizeof err);
	if (counts > 0) {
		summary_add_counts(&run->summary, &row);
		return 0;
	}
	if (counts < 0 || jsonl_read_finding(members, count, &f, err, sizeof err) < 0) {
		warnx_("%s:%ld: not a finding: %s", name, number, err);
		run->bad_lines++;
		return 0;
	}
	summary_add(&run->summary, &f);
	if (run->opt->format != OUTPUT_HTML)
		return 0;
	if (f.file && f.ply > 0 && clock_mark_code(f.code))
		keep_mark(run, &f);
	f.highlight = move_highlight(f.fen, f.san);
	html_finding(&run->spool_buf, &f, ++run->entries);
	if (run->spool_buf.len >= 1 << 16) {
		(void)fwrite(run->spool_buf.data, 1, run->spool_buf.len, run->spool);
		run->spool_buf.len = 0;
	}
	return 0;
}

/* Reads one input line by line; returns -1 when it could not be read. */
static int report_file(struct report_run *run, const char *path)
{
	char err[256];
	const char *name = input_name(path);
	struct input_stream *s = input_open(path);
	if (!s)
		return -1;
	char chunk[1 << 16];
	size_t len = 0;
	long number = 1;
	int too_long = 0, status = 0;
	ssize_t got;
	run->file_lines = 0;
	while (status == 0 && (got = stream_read(s, chunk, sizeof chunk, err, sizeof err)) > 0) {
		for (const char *p = chunk, *end = chunk + got; p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = (size_t)((nl ? nl : end) - p);
			if (!too_long && len + n > REPORT_LINE_MAX) {
				warnx_("%s:%ld: not a finding: the line is longer than %d MiB", name, number,
				       REPORT_LINE_MAX >> 20);
				run->bad_lines++;
				too_long = 1;
			}
			if (!too_long) {
				memcpy(run->line + len, p, n);
				len += n;
			}
			if (!nl)
				break;
			if (!too_long && take_line(run, name, number, len) < 0) {
				status = -1;
				break;
			}
			len = 0;
			too_long = 0;
			number++;
			p = nl + 1;
		}
	}
	if (status < 0) {
		/* said: the input is PGN */
	} else if (got < 0) {
		warnx_("%s: %s (at line %ld)", name, err, number);
		status = -1;
	} else if (len > 0 && !too_long && take_line(run, name, number, len) < 0) {
		status = -1;
	}
	stream_close(s);
	return status;
}

/* When the page was made: now, or SOURCE_DATE_EPOCH when it is set (a
 * reproducible build's convention: the same findings, the same page). */
static time_t made_at(void)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end;
	if (epoch && *epoch) {
		long long t = strtoll(epoch, &end, 10);
		if (*end == 0 && t >= 0)
			return (time_t)t;
	}
	return time(NULL);
}

static int write_report(struct report_run *run, FILE *out)
{
	struct outbuf b = { 0 };
	const struct page_info info = { PGNAUDIT_VERSION, made_at() };
	int status = 0;
	switch (run->opt->format) {
	case OUTPUT_TEXT:
		summary_text(&b, &run->summary, run->opt->top);
		clock_table_text(&b, &run->clocks);
		break;
	case OUTPUT_CSV: summary_csv(&b, &run->summary, run->opt->by); break;
	case OUTPUT_HTML:
		if (run->spool_buf.len)
			(void)fwrite(run->spool_buf.data, 1, run->spool_buf.len, run->spool);
		if (run->clock_buf.len)
			(void)fwrite(run->clock_buf.data, 1, run->clock_buf.len, run->clock_spool);
		if (fflush(run->spool) != 0 || ferror(run->spool) || fflush(run->clock_spool) != 0 ||
		    ferror(run->clock_spool) ||
		    html_page(out, &run->summary, run->spool, run->entries, run->clock_spool, run->clocks.games,
			      run->clock_entries, &info) < 0) {
			warnx_("the temporary file that holds the findings could not be written or read: %s",
			       strerror(errno));
			status = -1;
		}
		break;
	}
	if (b.len)
		(void)fwrite(b.data, 1, b.len, out);
	free(b.data);
	return status;
}

int cmd_report(int argc, char **argv)
{
	struct report_options opt;
	if (parse_options(argc, argv, &opt) < 0)
		return usage_error("report");
	struct report_run run;
	memset(&run, 0, sizeof run);
	run.opt = &opt;
	if (opt.format == OUTPUT_HTML) {
		/* The page opens with the summary, known only at the end: the
		 * entries wait in a temporary file, not in memory. */
		run.spool = tmpfile();
		run.clock_spool = run.spool ? tmpfile() : NULL;
		if (!run.clock_spool) {
			warnx_("cannot create a temporary file: %s", strerror(errno));
			return EXIT_TROUBLE;
		}
	}
	int file_count;
	char **files = input_files(argc, argv, &file_count);
	if (output_is_input(opt.output, "-o", files, file_count))
		return EXIT_TROUBLE;
	run.line = malloc(REPORT_LINE_MAX + 1);
	run.clock_ply = malloc(CLOCKS_MAX * sizeof *run.clock_ply);
	run.clock_ms = malloc(CLOCKS_MAX * sizeof *run.clock_ms);
	if (!run.line || !run.clock_ply || !run.clock_ms) {
		warnx_("out of memory");
		free(run.line);
		free(run.clock_ply);
		free(run.clock_ms);
		return EXIT_TROUBLE;
	}
	struct output out;
	if (output_open(&out, opt.output) < 0) {
		free(run.line);
		free(run.clock_ply);
		free(run.clock_ms);
		return EXIT_TROUBLE;
	}
	/* The worst games kept: the text tables show --top of them, the page
	 * up to 5000 (20 until "show all"); CSV none. */
	int keep = opt.format == OUTPUT_HTML ? 5000 : 0;
	if (opt.format == OUTPUT_TEXT)
		keep = opt.top == 0 ? INT_MAX : opt.top;
	summary_init(&run.summary, keep, 0);
	run.clocks.top = opt.format == OUTPUT_TEXT ? opt.top : 1;
	if (opt.format == OUTPUT_CSV)
		summary_group_only(&run.summary, opt.by);

	int trouble = 0;
	for (int i = 0; i < file_count; i++)
		if (report_file(&run, files[i]) < 0)
			trouble = 1;
	summary_finish(&run.summary);
	if (write_report(&run, out.fp) < 0)
		trouble = 1;

	long errors = run.summary.by_severity[SEVERITY_ERROR];
	summary_free(&run.summary);
	free(run.spool_buf.data);
	free(run.line);
	free(run.clock_ply);
	free(run.clock_ms);
	free(run.clock_buf.data);
	free(run.mark_file);
	clock_table_free(&run.clocks);
	if (run.spool)
		fclose(run.spool);
	if (run.clock_spool)
		fclose(run.clock_spool);
	if (output_close(&out) < 0 || trouble || run.bad_lines)
		return EXIT_TROUBLE;
	return errors && !opt.exit_zero ? EXIT_FINDINGS : EXIT_CLEAN;
}
