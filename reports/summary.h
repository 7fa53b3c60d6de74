/*
 * summary.h - findings read back from `check -f jsonl`, counted and
 * rendered: text tables and CSV (summary.c, tables.c) and an HTML page
 * (html.c).
 *
 * A summary keeps counts, not findings: per code and severity, per
 * event/round, per player and per file (one entry per distinct name), and
 * the N worst games.  Findings of one game come one after another in
 * check's output, so a game is complete when the next one starts; only the
 * N worst are kept, and memory follows the number of distinct events,
 * players and files, never the number of findings or games.
 */
#ifndef PGNAUDIT_SUMMARY_H
#define PGNAUDIT_SUMMARY_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "parser/json.h"
#include "game_counts.h"
#include "report.h"
#include "validator/audit/finding.h"

/* One finding as read back; strings are NULL when the field is absent. */
struct finding_row {
	const char *file;
	long long game;
	long long line, column;     /* 0 when absent */
	long long ply, move_number; /* 0 when absent */
	const char *side, *san;
	enum check_code code;
	enum severity severity;
	const char *rule, *message, *fen, *suggestion;
	const char *white, *black, *event, *round, *date;
	uint64_t highlight;         /* squares to mark on the diagram (a1 = bit 0) */
	long long illegal_since;    /* finding.illegal_since: 0, or the ply of the illegal move that stood */
	const char *other_file;     /* finding.other_*: the other game a collection finding names */
	long long other_game, other_line;
};

/* The finding of a line of `check -f jsonl`, parsed into members
 * (parser/json.h): the members jsonl_finding writes (jsonl.c), strings
 * pointing into the members.  -1 with a reason when it is not one. */
int jsonl_read_finding(const struct json_member *m, int count, struct finding_row *f, char *err, size_t errlen);

/* A record of game counts as read back (jsonl_counts writes them). */
struct counts_row {
	int is_file;                /* "record":"file"; else "record":"event" */
	const char *file, *event, *round;
	struct game_counts n;
	int whole;                  /* a file read to its end */
	long left_out;              /* games of events the file record alone counts */
	const char *first_date, *last_date; /* NULL when the file's games have no year */
};

/* The game counts of a line, when it is a record of them ("record" is
 * there): 1 and *row filled; 0 when the line has no "record" (a finding);
 * -1 with a reason when it is a record but not one this version reads. */
int jsonl_read_counts(const struct json_member *m, int count, struct counts_row *row, char *err, size_t errlen);

/* Counts for one name: an event and round, a player, a file. */
struct tally {
	char *key;                  /* NUL-separated parts, key_len bytes */
	size_t key_len;
	long games;                 /* games with findings */
	long by_severity[SEVERITY_COUNT];
	long (*by_code)[SEVERITY_COUNT]; /* CHECK_COUNT rows, only with detail */
	struct game_counts read;    /* games read (events and files: from check's records) */
};

/* Distinct names and their counts (open addressing). */
struct tally_table {
	struct tally *items;
	size_t count, cap;
	size_t *slots;              /* index + 1 into items, 0 = free */
	size_t slot_count;
	int detail;                 /* keep counts per code too */
	int skip;                   /* not kept at all (summary_group_only) */
};

/* A game and its counts, for the list of the worst. */
struct game_tally {
	char *file, *white, *black, *event, *round, *date;
	long long game;
	long by_severity[SEVERITY_COUNT];
	long order;                 /* its place in the input: ties keep it */
	long first_finding;         /* the number of its first finding, from 1 (the page's entry) */
};

struct summary {
	long findings, games;       /* games: with findings */
	int counted;                /* check's game counts were read: `read` holds them */
	struct game_counts read;    /* games read, over the files' records */
	long files_counted, files_incomplete;
	struct date_range dates;    /* of the games read (records), or of the findings' games */
	long by_severity[SEVERITY_COUNT];
	long by_code[CHECK_COUNT][SEVERITY_COUNT];
	struct tally_table events, players, files;
	struct game_tally current;  /* the game being read (file NULL: none) */
	struct game_tally *worst;   /* sorted, worst first: games with an error or
				       a warning (info is for the curious) */
	int worst_count, worst_cap, worst_max;
	long problem_games;         /* games with an error or a warning */
};

enum summary_group { GROUP_CODE, GROUP_EVENT, GROUP_PLAYER, GROUP_FILE };

/* worst_max: how many of the worst games to keep; detail: keep counts per
 * code for each event, player and file (CSV grouped by them). */
void summary_init(struct summary *s, int worst_max, int detail);
/* For a CSV grouped by `by`: only its table is kept, with counts per code
 * (none for GROUP_CODE), so that memory goes to nothing else - 2 million
 * players' counts per code took 1.6 GB for a CSV by event.  Call right
 * after summary_init. */
void summary_group_only(struct summary *s, enum summary_group by);
void summary_add(struct summary *s, const struct finding_row *f);
/* Takes a record of game counts (jsonl_read_counts). */
void summary_add_counts(struct summary *s, const struct counts_row *row);
/* Completes the last game; call once after the last finding. */
void summary_finish(struct summary *s);
void summary_free(struct summary *s);

/* Entries of a table sorted by findings (most first), then by name. */
struct tally **tally_sorted(const struct tally_table *t);
long tally_findings(const struct tally *t);
/* Part `index` of a key ("event\0round": part 0 is the event). */
const char *tally_part(const struct tally *t, int index);


/* "21 games in 1 file: 19 clean, 1 with errors, 1 with warnings, 0 with
 * info only", as check's summary says it (when s->counted). */
void summary_games_line(struct outbuf *b, const struct summary *s);
/* The text tables; `top` limits the rows of the event, player and game
 * tables (0: every row).  Lines fit in 100 columns. */
void summary_text(struct outbuf *b, const struct summary *s, int top);
/* CSV: a header, then one row per code and severity with its count, for
 * each event and round, player or file when grouped by them. */
void summary_csv(struct outbuf *b, const struct summary *s, enum summary_group by);

/* The HTML page (html.c): html_finding renders one finding's entry into a
 * buffer that the caller spools to a file; html_page writes the page - the
 * summary, the filters, then the `count` entries read back from the spool.
 * Returns -1 when reading the spool failed; write errors are left in
 * ferror(out). */
void html_finding(struct outbuf *b, const struct finding_row *f, long index);
struct page_info {
	const char *version;        /* pgnaudit's */
	time_t made;                /* when the page was made */
};
/* After them, when clock_games > 0, the section of the games' clocks:
 * clock_plots entries (html_clocks) read back from the spool `clocks`. */
int html_page(FILE *out, const struct summary *s, FILE *findings, long count, FILE *clocks, long clock_games,
	      long clock_plots, const struct page_info *info);

#endif
