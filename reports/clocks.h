/*
 * clocks.h - a game's clocks as `check --clocks` writes them (a "clocks"
 * record of JSON Lines) and as `report` shows them: the time each side
 * used, in a table and, on the HTML page, in a plot of both clocks.
 *
 * The record: {"record":"clocks","file":...,"game":N,"line":L, the game's
 * tags (white, black, event, round, date, time_control), "first":"black"
 * when Black made the first move (a FEN), "plies":[1,2,...],
 * "clocks":[5400,5400,5370.5,...], the ply of each reading and the time
 * left after it in seconds, and, for each side that has a reading, its
 * "white_left"/"black_left" (its last reading) and, when the TimeControl
 * is read, "white_used"/"black_used": the starting time, the increments
 * and the periods' times up to its last reading, less that reading.
 */
#ifndef PGNAUDIT_CLOCKS_REPORT_H
#define PGNAUDIT_CLOCKS_REPORT_H

#include <stdint.h>

#include "parser/json.h"
#include "reports/report.h"

/* The most readings a record holds (check's RECORD_MAX_PLIES). */
#define CLOCKS_MAX 65536

/* A game's clocks; the times in milliseconds, used/left -1 when unknown. */
struct clock_series {
	int count;
	const int *ply;
	const int64_t *ms;
	const char *time_control;  /* the tag as written, or NULL */
	int black_first;           /* ply 1 is Black's (a FEN with Black to move) */
	int64_t used[2], left[2];  /* [0] White, [1] Black */
};

/* Writes the record of one game (JSON Lines) into r's buffer. */
void jsonl_clocks(struct report *r, const struct game_label *g, uint64_t line, const struct clock_series *s);

/* A record read back: strings point into the parsed line, the readings
 * into ply/ms (room for CLOCKS_MAX each, the caller's). */
struct clock_row {
	const char *file, *white, *black, *event, *round, *date;
	long long game, line;
	struct clock_series s;
};

/* 1 and *row when the line's members are a clocks record, 0 when they are
 * no clocks record, -1 and a reason in err when it is one that is wrong. */
int jsonl_read_clocks(const struct json_member *m, int count, struct clock_row *row, int *ply, int64_t *ms,
		      char *err, size_t errlen);

/* The report's table of the games with clocks: the `top` (0: all) whose
 * side with less time left had the least, kept with copies of their
 * strings, and a count of all. */
struct clock_table_row {
	char *file, *white, *black, *time_control;
	long long game;
	int64_t used[2], left[2];
};
struct clock_table {
	int top;
	long games;                /* records read */
	struct clock_table_row *rows;
	int count, cap;
};
void clock_table_add(struct clock_table *t, const struct clock_row *row);
void clock_table_text(struct outbuf *b, const struct clock_table *t);
void clock_table_free(struct clock_table *t);

/* A clock finding of the game (clock-rise, clock-flag, ...), marked on its
 * plot at its ply: a dot on its side's line (at the axis when the ply has
 * no reading), its code and message in the dot's title, its move and code
 * under the plot. */
#define CLOCK_MARKS_MAX 16
struct clock_mark {
	int ply;
	const char *code;          /* the catalogue's, static */
	char move[24];             /* "25...d5" */
	char message[320];
};

/* Whether a finding's code is one the plots mark. */
int clock_mark_code(enum check_code code);

/* The HTML entry of one game: a heading and a plot of both clocks against
 * the move number, in SVG, with its marks (n of them). */
void html_clocks(struct outbuf *b, const struct clock_row *row, long index, const struct clock_mark *marks, int n);

#endif
