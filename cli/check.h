/*
 * check.h - what `pgnaudit check` shares between its sequential loop
 * (check.c) and its worker threads (cli/pipeline/).
 */
#ifndef PGNAUDIT_CHECK_H
#define PGNAUDIT_CHECK_H

#include "parser/pgn.h"
#include "reports/report.h"
#include "validator/audit/audit.h"

struct check_options {
	enum report_format format;
	const char *output;
	unsigned char reported[CHECK_COUNT];
	struct audit_options audit;
	int strict;
	int jobs;
	const char *color;
};

/* Counts of what was printed. */
struct check_tally {
	long errors, reported;
};

/* Audits one game and renders its selected findings into r's buffer.  The
 * same function serves every thread, so -j N prints the bytes -j 1 prints. */
void check_game(const struct check_options *opt, struct auditor *a, struct finding_list *findings,
		struct report *r, const char *file, int index, const struct pgn_game *g, struct check_tally *tally);

/* Checks the files with opt->jobs worker threads, writing in input order.
 * Returns 0, or -1 when a file could not be read (message printed). */
int check_files_parallel(const struct check_options *opt, struct report *r, char **files, int file_count,
			 struct check_tally *tally);

#endif
