/*
 * check.h - what `pgnaudit check` shares between its sequential loop
 * (check.c) and its worker threads (cli/pipeline/).
 */
#ifndef PGNAUDIT_CHECK_H
#define PGNAUDIT_CHECK_H

#include "parser/pgn.h"
#include "reports/game_counts.h"
#include "reports/report.h"
#include "validator/audit/audit.h"
#include "validator/collection/collection.h"

struct check_options {
	enum report_format format;
	const char *output;
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	struct audit_options audit;
	int fail_on;                   /* exit 1 on a finding of this severity or worse;
					  SEVERITY_COUNT: never (--exit-zero) */
	int jobs;
	int quiet, verbose;            /* -q: no summary line; -v: with time and MB/s */
	int no_progress;               /* --no-progress (progress.h) */
	const char *color;
	unsigned collect;              /* enum collect_wants: what each game leaves for the collection checks */
	const char *trf;               /* --trf FILE, or NULL */
	int clocks;                    /* --clocks: a record of each game's clocks (-f jsonl) */
};

/* Counts of what was printed and of the games read. */
struct check_tally {
	long errors, reported;         /* findings printed, and of them errors */
	long warnings;                 /* and warnings */
	struct game_counts games;      /* games read, by their most serious finding */
	struct event_groups events;    /* the same per event and round */
	struct date_range dates;       /* of the games read */
	struct collect_batch collected;/* the games' entries for the collection checks, until the
					  writer takes them (collection_add) */
	int *clock_ply;                /* --clocks: a game's readings, room for clock_cap */
	int64_t *clock_ms;
	int clock_cap;
};

/* One input's counts: the records -f jsonl ends with, and the summary. */
struct file_tally {
	struct check_tally t;
	int opened;                    /* it could be opened (else no record) */
	int failed;                    /* reading it failed before its end */
};

/* Empties t, keeping its room. */
void check_tally_clear(struct check_tally *t);
void check_tally_merge(struct check_tally *into, const struct check_tally *from);
void check_tally_free(struct check_tally *t);

/* Audits one game and renders its selected findings into r's buffer.  The
 * same function serves every thread, so -j N prints the bytes -j 1 prints. */
void check_game(const struct check_options *opt, struct auditor *a, struct finding_list *findings,
		struct report *r, const char *file, int index, const struct pgn_game *g, struct check_tally *tally);

/* Checks the files with opt->jobs worker threads, writing in input order;
 * each file's counts go to per_file[its index].  Returns 0, or -1 when a
 * file could not be read (message printed). */
int check_files_parallel(const struct check_options *opt, struct report *r, char **files, int file_count,
			 struct file_tally *per_file, struct collection *collection);

/* Takes the games a thread collected into the run's index (collection_add),
 * in input order (a temporary file that fails is said after the last game). */
void check_collect(struct collection *c, struct collect_batch *b, int file, long games_before, uint64_t first_line);

#endif
