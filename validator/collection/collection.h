/*
 * collection.h - what no game says alone: copies of one game and the
 * tournament behind the games, across every file of one run.
 *
 * Each game leaves a few dozen bytes here (collect_game(), in the thread
 * that audited it, into a batch; collection_add() takes a batch into the
 * run's index in input order, so -j N finds what -j 1 finds).  After the
 * last file, collection_findings() looks at the whole index:
 *
 *   duplicates.c  the same game twice (duplicate-game), the same moves
 *                 under other headers (twin-game), a game whose moves are
 *                 the start of another's with the same players and event
 *                 (truncated-game);
 *   tournament.c  the games of one event: pairings, rounds, dates, names
 *                 and FIDE IDs, forfeits;
 *   pairings.c    the games against a FIDE Tournament Report File (--trf).
 *
 * Memory (pgnaudit-check(1), LIMITS): an entry of 48 bytes a game, the
 * distinct names, events, rounds once each (about 50 bytes a name, as
 * written and folded), and at the end up to 12 bytes more a game (20 up to
 * a million games: sort_keys's second array) while the index is sorted and
 * an event's games are looked at.  For
 * truncated copies every game leaves its moves, 2 bytes a ply and 8 a game
 * (internal.h), in memory up to 16 MiB and past that all in an unnamed
 * temporary file in $TMPDIR, read back only for the games that could be
 * the longer of a copy.  The findings of copies are made from the
 * index as they are written; the others wait in about 40 bytes and their
 * message each.
 */
#ifndef PGNAUDIT_COLLECTION_H
#define PGNAUDIT_COLLECTION_H

#include <stddef.h>
#include <stdint.h>

#include "parser/pgn.h"
#include "validator/audit/finding.h"
#include "validator/audit/record.h"

/* Results as the Result tag gives them. */
enum game_result { RESULT_UNKNOWN, RESULT_WHITE, RESULT_BLACK, RESULT_DRAW };

enum collected_flags {
	COLLECTED_COMPLETE = 1,  /* every main-line move was replayed: `moves` is the whole game's */
	COLLECTED_UNPLAYED = 2,  /* the Termination tag, the Annotator or a comment says it was not
				    played (a bye, unplayed, a default) */
	COLLECTED_MOVETEXT = 4,  /* the game has moves written (replayed or not) */
	COLLECTED_PREFIXES = 8,  /* its moves are kept (memory or the temporary file) */
	COLLECTED_BAD_BOARD = 16,/* a Board tag that is not a number */
	COLLECTED_COPY = 32,     /* a copy of another game (duplicates.c): not a game of its own */
	COLLECTED_TERMINATION = 64, /* a Termination tag that says how it ended ("normal" and
				       "unterminated" say nothing) */
	COLLECTED_FORFEIT_NOTE = 128, /* the tag, the Annotator or a comment says it was forfeited */
};

/* Games collected by one thread, in its order, until collection_add takes
 * them: fixed parts, their strings and moves one after another. */
struct collect_batch {
	unsigned char *data;
	size_t len, cap;
	int games;
};

/* What collect_game() is to collect. */
enum collect_wants {
	COLLECT_INDEX = 1,       /* the entry (every collection check) */
	COLLECT_PREFIXES = 2,    /* the moves for truncated-game */
};

/* Appends game g (number `game` of its piece, lines counted as g's are),
 * as audited into rec, to b.  `worst` is the severity of its most serious
 * finding reported, or -1 (GAME_CLEAN). */
void collect_game(struct collect_batch *b, const struct pgn_game *g, const struct game_record *rec, int game,
		  int worst, unsigned wants);
void collect_batch_clear(struct collect_batch *b);
/* The room a batch keeps between uses; one that grew past it is freed. */
#define COLLECT_BATCH_KEPT (256u << 10)
void collect_batch_free(struct collect_batch *b);

/* One game in the index: 48 bytes.  Its file, its number and the base of
 * its line are the index's, a run of games at a time
 * (collection_entry_file, _game, _line). */
struct collection_entry {
	uint64_t moves;          /* a hash of the positions of the main line, in order (0: no move) */
	uint32_t line;           /* the file's line the game starts on, after its run's base */
	uint32_t white, black;   /* names (collection_string) */
	uint32_t event;          /* Event, Site and EventDate together (collection_event) */
	uint32_t round;          /* the Round tag's value */
	uint32_t white_fide, black_fide; /* WhiteFideId, BlackFideId (0: none) */
	uint32_t date;           /* yyyymmdd, unknown parts 0 (0: no date) */
	uint16_t plies;          /* main-line plies replayed (a longer game: COLLECT_PLIES_MAX, and
				    not COLLECTED_COMPLETE: no copy of another) */
	uint16_t board;          /* the Board tag (0: none) */
	uint16_t annotations;    /* its tokens (at most 65535): copies with more are more annotated */
	uint8_t flags;           /* enum collected_flags */
	uint8_t grade;           /* enum game_result | (the severity of its most serious finding
				    reported + 1) << 2 (entry_result, entry_worst) | GRADE_UNFINISHED
				    | GRADE_ABANDONED */
};

/* In grade: the result is "*" (a game in progress, or its result unknown). */
#define GRADE_UNFINISHED 16u
/* In grade: the Termination tag says "abandoned" (PGN 9.8.1), and nothing
 * says it was forfeited. */
#define GRADE_ABANDONED 32u

#define COLLECT_PLIES_MAX 65535u

static inline enum game_result entry_result(const struct collection_entry *e)
{
	return (enum game_result)(e->grade & 3);
}

/* The severity of its most serious finding reported, GAME_CLEAN (-1) if none. */
static inline int entry_worst(const struct collection_entry *e)
{
	return ((e->grade >> 2) & 3) - 1;
}

static inline void entry_set_worst(struct collection_entry *e, int worst)
{
	e->grade = (uint8_t)((e->grade & (3 | GRADE_UNFINISHED | GRADE_ABANDONED)) | (unsigned)(worst + 1) << 2);
}

struct collection;

/* The run's inputs (file names as findings give them) and which checks
 * are wanted: NULL when none is reported (reported as check.c has it). */
struct collection *collection_new(const char *const *files, int file_count,
				  const unsigned char reported[][SEVERITY_COUNT]);
void collection_free(struct collection *c);
/* Whether the truncated-game check wants the moves kept. */
unsigned collection_wants(const struct collection *c);

/* Takes batch b of input `file`, whose games are numbered after `games_before`
 * and whose lines are counted from the file's line `first_line`, into c,
 * and empties it.  Returns 0, or -1 when the temporary file could not be
 * written (errno set; the truncated-game check is then left out:
 * collection_spill_error). */
int collection_add(struct collection *c, struct collect_batch *b, int file, long games_before, uint64_t first_line);

/* The errno of the temporary file of truncated-game that could not be
 * written (the check is left out), or 0. */
int collection_spill_error(const struct collection *c);

/* A date of the index as PGN writes it ("1971.??.??"), into buf (11 bytes
 * or more); "" for none. */
void collection_date_text(uint32_t date, char *buf, size_t len);

/* A string of the index: a name, a round; "" for none. */
const char *collection_string(const struct collection *c, uint32_t id);
/* The three tags of an event id. */
void collection_event(const struct collection *c, uint32_t id, const char **event, const char **site,
		      const char **event_date);

/* Which game a finding is about, as a report labels it: a game of the
 * index, or (game 0) a pairing of the tournament report (--trf), the file
 * then the report's and the line its player's. */
struct collection_label {
	const char *file;
	int file_index;          /* the input's index in the run; -1 for the tournament report */
	long game;
	const char *white, *black, *event, *round, *date;   /* NULL: none */
};

/* Called for each finding, in the order of the games (file, game) and,
 * within a game, of the catalogue; then the findings about the tournament
 * report's pairings, by its lines.  e is the game's entry (NULL for a
 * pairing).  f->other_file, other_game and other_line name the other game
 * when there is one. */
typedef void (*collection_report)(void *ctx, struct collection_entry *e, const struct collection_label *label,
				  const struct finding *f);

/* Reads the TRF file `path` for collection_findings (--trf); returns 0, or
 * -1 with what is wrong, and where, in err. */
int collection_read_trf(struct collection *c, const char *path, char *err, size_t errlen);
/* The same from the text of one, named `name` (explain's examples). */
int collection_read_trf_text(struct collection *c, const char *text, const char *name, char *err, size_t errlen);

/* Runs the checks over the whole index and reports what they find.  Returns
 * the number of findings reported. */
long collection_findings(struct collection *c, collection_report report, void *ctx);

/* Finds the copies of one game (duplicate-game, twin-game, truncated-game)
 * without reporting them, for split --drop-duplicates: afterwards
 * collection_is_copy() says which games are copies of a game kept. */
void collection_mark_copies(struct collection *c);
int collection_is_copy(const struct collection *c, size_t entry);

/* The entries, in input order. */
const struct collection_entry *collection_entries(const struct collection *c, size_t *count);
const char *collection_file(const struct collection *c, uint32_t file);
/* Entry i's input (its index in the run), its number in it (from 1), the
 * line it starts on. */
uint32_t collection_entry_file(const struct collection *c, size_t i);
uint32_t collection_entry_game(const struct collection *c, size_t i);
uint64_t collection_entry_line(const struct collection *c, size_t i);

#endif
