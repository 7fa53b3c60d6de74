/*
 * game_counts.h - games counted, not only findings: how many games a file
 * holds, how many are clean, how many have an error, a warning or only
 * information, for the file and for each event and round in it.
 *
 * `check` counts every game it reads (check_game) and, with -f jsonl,
 * writes the counts after the findings as records of their own (jsonl.c,
 * pgnaudit-check(1) "Game counts"), which `report` reads back to say
 * "21 games in 1 file, 21 clean".  A game is counted once, by the most
 * serious finding reported in it (--select and --ignore apply): clean when
 * it has none.
 *
 * Memory: one entry per distinct event and round of a file, at most
 * EVENT_GROUPS_MAX of them; the games of further events count in the
 * file's totals only (left_out).  No allocation per game: an entry's
 * strings are copied once, when the event is first seen.
 */
#ifndef PGNAUDIT_GAME_COUNTS_H
#define PGNAUDIT_GAME_COUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "validator/audit/finding.h"

#define EVENT_GROUPS_MAX 4096

/* "No finding reported": the worst severity of a clean game. */
#define GAME_CLEAN (-1)

struct game_counts {
	long games;                    /* games read */
	long with[SEVERITY_COUNT];     /* games whose most serious finding is an error, a warning, info */
};

/* The games of one event and round (NULL or "": the tag is absent or
 * empty).  The strings point into the table's text (event_groups_event
 * and _round give them). */
struct event_games {
	size_t event, round;           /* offsets in the table's text; (size_t)-1 for none */
	uint32_t event_len, round_len;
	uint64_t hash;
	struct game_counts n;
};

/* Events in the order they were first seen (open addressing).  Their
 * names are kept one after another in one block (text), so that a lookup
 * touches little memory: every game of a file comes here, and a file of
 * thousands of events and rounds would otherwise cost a cache miss or
 * three per game (6% of check's time on the bench file). */
struct event_groups {
	struct event_games *items;
	size_t count, cap;
	uint64_t *slots;               /* the hash's high 32 bits, then index + 1 into items (0 = free):
					  a probe reads no entry whose hash differs */
	size_t slot_count;
	char *text;
	size_t text_len, text_cap;
	size_t last;                   /* index + 1 of the entry found last (games of a round come together) */
	long left_out;                 /* games of events past EVENT_GROUPS_MAX */
};

/* The names of entry i; NULL when the game had no such tag (or an empty one). */
const char *event_groups_event(const struct event_groups *t, size_t i);
const char *event_groups_round(const struct event_groups *t, size_t i);

/* The earliest and latest Date tags of some games ("" when none): those
 * whose year is written, compared as text ("1859.??.??" after
 * "1859.12.31"), cut to the ten characters of YYYY.MM.DD. */
struct date_range {
	char first[11], last[11];
};

void date_range_add(struct date_range *r, const char *date);
void date_range_merge(struct date_range *into, const struct date_range *from);

long game_counts_clean(const struct game_counts *c);
/* Counts one game whose most serious finding is `worst` (GAME_CLEAN: none). */
void game_counts_add(struct game_counts *c, int worst);
void game_counts_merge(struct game_counts *into, const struct game_counts *from);

void event_groups_add(struct event_groups *t, const char *event, const char *round, int worst);
/* A game counted with `from` as its most serious finding has one of `to`
 * after all (a finding about the collection, made after the last game):
 * its count moves.  An event and round not in the table is left alone. */
void event_groups_regrade(struct event_groups *t, const char *event, const char *round, int from, int to);
void game_counts_regrade(struct game_counts *c, int from, int to);
/* Adds every entry of `from` to `into`, in from's order. */
void event_groups_merge(struct event_groups *into, const struct event_groups *from);
/* Empties t, keeping its room for the next use. */
void event_groups_clear(struct event_groups *t);
void event_groups_free(struct event_groups *t);

#endif
