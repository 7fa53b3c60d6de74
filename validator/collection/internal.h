/*
 * internal.h - what the files of validator/collection share: the layout of
 * a batch, the index itself, and the folding of names and dates.
 */
#ifndef PGNAUDIT_COLLECTION_INTERNAL_H
#define PGNAUDIT_COLLECTION_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "validator/collection/collection.h"

/* The strings a game leaves, in a batch's order: White, Black, the event
 * (Event, Site and EventDate, each ended by a NUL; none of them: "") and
 * Round. */
enum { COLLECT_WHITE, COLLECT_BLACK, COLLECT_EVENT, COLLECT_ROUND, COLLECT_STRINGS };
/* Longer tag values are cut to this many bytes (LIMITS). */
#define COLLECT_STRING_MAX 255

/* A game of a batch as read back: its entry, its number and line in the
 * piece, its strings (not NUL-terminated: the event's is its three tags,
 * each ended by a NUL) and its moves (collect.c). */
struct collect_record {
	uint64_t line;
	const uint16_t *fp;         /* its moves (collect_moves), fp_count units */
	const char *s[COLLECT_STRINGS];
	struct collection_entry e;
	uint32_t game;
	uint32_t fp_count;
	uint16_t len[COLLECT_STRINGS];
};
/* Reads the game at `at` of a batch (its strings are the batch's); returns
 * where the next one starts. */
const unsigned char *collect_record_next(const unsigned char *at, struct collect_record *r);

/* A PGN date as yyyymmdd, its unknown parts 0 ("1999.??.??": 19990000);
 * 0 when there is no year. */
uint32_t names_date(const char *date);
/* What a Termination tag, an Annotator or a comment says: 1 that the game
 * was not played (unplayed, a bye, a default, a walkover, a no-show), 2
 * that it was forfeited (not on time: after moves, or before any), 0
 * neither. */
int names_say_unplayed(const char *text);
/* A name folded for comparing: its words in lower case without accents or
 * punctuation, sorted, one space between ("Carlsen, Magnus", "Magnus
 * CARLSEN" and "Carlsén,Magnus" all give "carlsen magnus").  Writes at most
 * len bytes with the NUL; returns the length. */
size_t names_fold(const char *name, char *out, size_t len);
/* Whether two folded names can be one player written shorter: every word
 * of one is a word of the other or the initial of one ("carlsen m" and
 * "carlsen magnus"), and they share a word of two letters or more. */
int names_compatible(const char *a, const char *b);
/* Whether two folded names may be one player's, for a FIDE ID given to both:
 * a word of one (two letters or more) is the start of a word of the other
 * ("danii" of "daniil", TWIC's cut names) or differs from it in at most two
 * letters ("onischuk", "onyshchuk"; one letter for words of three or four). */
int names_similar(const char *a, const char *b);
/* Whether a name says nothing: empty, "?", "-", "N.N.", "NN". */
int names_unknown(const char *name);

/* As xrealloc, of a block whose first `keep` bytes matter, and as xmalloc
 * (p NULL), with the new block's pages mapped in one go (memory_populate)
 * up to 1 MiB: a page fault a page costs more than the work of the
 * collection's checks on a virtual machine.  A larger block is realloc's.
 * The arrays of the index and of the passes are made so. */
void *collection_grow(void *p, size_t keep, size_t size);

/* The pages of a grown array's next MiB (items count.. of size each, of
 * cap), mapped in one go: realloc's pages would fault in one by one.
 * Returns how many items are mapped now. */
size_t collection_map_ahead(void *base, size_t size, size_t count, size_t cap);

/* Sorts n keys in increasing order, in place (a radix sort from the most
 * significant byte, passing over the bytes all keys share): no memory of
 * its own. */
void sort_keys(uint64_t *keys, size_t n);
/* The buckets of an MSD radix sort in place (sort_keys, sort_items and
 * the tournament's triples): from the counts of each byte, where each
 * bucket begins (head) and ends (tail). */
void radix_bounds(const size_t count[256], size_t head[256], size_t tail[256]);
/* Sorts n items (entry numbers) in place by key(ctx, item), a key whose
 * low half is the item (so that no two are equal), without an array of
 * keys for them all. */
typedef uint64_t (*item_key)(const void *ctx, uint32_t item);
void sort_items(uint32_t *items, size_t n, item_key key, const void *ctx);

/* The run's strings, each kept once. */
struct string_pool {
	char *text;
	size_t text_len, text_cap;
	uint32_t *where;            /* per id: where its record is in text, in units of 8 bytes */
	uint32_t *fold;             /* per id: id of its folded form + 1 (0: not folded yet) */
	uint8_t *unknown;           /* per id, once folded: the name says nothing (names_unknown) */
	uint32_t count, cap;
	uint64_t *slots;            /* open addressing: hash << 32 | record + 1 (names.c) */
	uint32_t slot_count;
};

/* The id of the len bytes at s (id 0 is ""), adding them when new. */
uint32_t pool_intern(struct string_pool *p, const char *s, size_t len);
/* The same, of a string of at most 65535 bytes whose pool_hash() is h. */
uint32_t pool_intern_hashed(struct string_pool *p, const char *s, size_t len, uint32_t h);
uint32_t pool_hash(const char *s, size_t n);
/* Asks the memory for the slot a string of hash h is looked for in first
 * (collection_add, a few games ahead of the one it takes in). */
void pool_prefetch(const struct string_pool *p, uint32_t h);
const char *pool_string(const struct string_pool *p, uint32_t id, size_t *len);
/* The id of the folded form of name id (names_fold). */
uint32_t pool_folded(struct string_pool *p, uint32_t id);
/* names_unknown() of name id, from its folded form. */
int pool_unknown(struct string_pool *p, uint32_t id);
void pool_free(struct string_pool *p);

/* The cache of the moves' file: 2 blocks of 64 KiB, in the buffer
 * it was written through (SPILL_BUFFER units, 128 KiB). */
#define FP_BLOCK ((size_t)64 << 10)
#define FP_BLOCKS 2

/* A run of entries of one input, numbered one after another, whose lines
 * are counted from one base. */
struct entry_run {
	size_t first;               /* its first entry */
	uint64_t line_base;
	uint32_t file, game;        /* the input, the number of its first entry */
};

struct collection {
	const char *const *files;
	int file_count;
	unsigned wants;             /* enum collect_wants */
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	struct string_pool pool;
	struct collection_entry *entries;
	size_t count, cap;
	size_t entries_mapped;      /* entries whose pages are mapped (collection_map_ahead) */
	struct entry_run *runs;     /* in the order of their first entries */
	size_t run_count, run_cap;
	/* duplicates.c: per copy, its entry << 32 | the entry of the game kept,
	 * the duplicates and twins in one, the truncated copies in the other,
	 * sorted by entry; the findings of copies are made from them as they
	 * are written (half a million copies: 8 bytes each) */
	uint64_t *copies, *cuts;
	size_t copy_count, copy_cap, cut_count, cut_cap;
	int spill_fd;               /* the moves' file (-1: none) */
	uint64_t spilled;           /* units of moves kept */
	int spill_failed;           /* errno of the write that failed, 0 if none */
	uint64_t *spill_at;         /* at the end: where the moves of every SPILL_MARK-th entry begin */
	uint32_t last_event, last_round; /* the ids of the game before's */
	uint16_t *spill_buf;        /* the moves, while they fit in memory; then those
				       not written to the file yet */
	size_t spill_buffered, spill_cap;
	size_t spill_memory;        /* how many may be kept in memory (0: SPILL_MEMORY) */
	size_t spill_reserved;      /* bytes of spill_buf's memory_reserve (0: it is the heap's) */
	size_t entries_reserved;    /* bytes of entries' memory_reserve (0: the heap's) */
	/* the file's blocks read last, for collection_prefixes: the games
	 * that can be copies of each other are near each other in the file,
	 * mostly, and are asked for in the order of the file; the blocks
	 * are in spill_buf, FP_BLOCK bytes each */
	uint64_t fp_cached[FP_BLOCKS];  /* block number + 1 (0: none) */
	size_t fp_cached_len[FP_BLOCKS];
	uint64_t fp_used[FP_BLOCKS], fp_clock;
	/* --trf */
	struct trf *trf;
	char *trf_path;
};

#include "parser/trf.h"

/* The checks' output: each finding is written into `scratch` (as the
 * passes write a struct finding), then kept compact - its code, its games,
 * its rule and its message in `text`, about 40 bytes and the message's -
 * until all are sorted by game and reported. */
struct collected_finding {
	uint32_t entry;             /* NO_ENTRY: about a pairing of the TRF */
	uint16_t code;
	uint8_t severity;
	int32_t trf_player, trf_round; /* a pairing: the player's index, the round */
	int64_t other;              /* the entry of the other game, or -1 */
	const char *rule;
	uint64_t text;              /* the message: offset in text */
	uint32_t text_len;
};

#define NO_ENTRY UINT32_MAX

struct collected_findings {
	struct collected_finding *items;
	size_t count, cap;
	char *text;
	size_t text_len, text_cap;
	struct finding scratch;     /* the finding being written */
	struct collected_finding pending; /* and what is kept of it, when it is reported */
	int has_pending;
};

/* Keeps the finding written last (collection_finding), if it is reported. */
void collection_keep_pending(struct collected_findings *out);

/* Whether code is reported at its default severity or at sev. */
int collection_reports(const struct collection *c, enum check_code code, enum severity sev);
/* A new finding about entry, naming entry `other` (or none: -1). */
struct finding *collection_finding(struct collection *c, struct collected_findings *out, enum check_code code,
				   enum severity sev, size_t entry, long other);

/* A finding about a pairing of the TRF with no game: player p's in round r. */
struct finding *collection_pairing_finding(struct collection *c, struct collected_findings *out, enum check_code code,
					   enum severity sev, int p, int r);
/* The first number of a Round ("3" of "3.1"), or 0. */
unsigned round_number(const char *s);

/* "game 12 (line 340)" for game o, as a finding about game e names it; "of
 * FILE" too when o is of another file. */
void collection_where(const struct collection *c, const struct collection_entry *o, const struct collection_entry *e,
		      char *buf, size_t len);

/* The finding of entry, a copy of entry `kept` (cut 0: duplicate-game or
 * twin-game) or cut short of it (truncated-game): its code, rule and
 * message. */
void copy_finding(const struct collection *c, size_t entry, size_t kept, int cut, struct finding *f);
/* Notes entry as a copy of `kept` (cut 0) or cut short of it (cut 1). */
void collection_note_copy(struct collection *c, size_t entry, size_t kept, int cut);

/* The passes, each adding to out. */
void find_duplicates(struct collection *c, struct collected_findings *out);
void find_tournament_problems(struct collection *c, struct collected_findings *out);
void find_pairing_problems(struct collection *c, struct collected_findings *out);

/* The moves a game leaves for truncated-game, in 16-bit units: its start
 * position's key in COLLECT_START_UNITS, then each move played (from,
 * to and promotion: MOVE_FROM, _TO, _PROMO), exact.  The moves' hash
 * (collection_entry.moves) is made from them, a move at a time, so that
 * the hash of any game's first p plies can be made again from its units
 * (collect_moves_hash). */
#define COLLECT_START_UNITS 4u
#define COLLECT_MOVE_MASK 0x7fffu
#define MOVES_K 0x9e3779b97f4a7c15ull

/* splitmix64's finaliser: every bit of x moves every bit of the result. */
static inline uint64_t collect_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* A move's term of the hash: spread over 64 bits and not linear in it (a
 * sum of small differences times powers of K can vanish mod 2^64; one of
 * these mixed ones does not, but by chance). */
static inline uint64_t collect_move_term(unsigned m)
{
	uint64_t x = ((uint64_t)m + 1) * 0xd6e8feb86659fd93ull;
	return x ^ (x >> 32);
}

/* The hash of the start position's key (the first units). */
static inline uint64_t collect_start_hash(const uint16_t *units)
{
	uint64_t key = 0;
	for (unsigned i = 0; i < COLLECT_START_UNITS; i++)
		key |= (uint64_t)units[i] << (16 * i);
	return collect_mix(key);
}

/* The hash of h's game with move m after it; a game's is never 0
 * (collect_hash_final). */
static inline uint64_t collect_hash_step(uint64_t h, unsigned m)
{
	return h * MOVES_K + collect_move_term(m);
}

static inline uint64_t collect_hash_final(uint64_t h)
{
	return h ? h : 1;
}

/* The units of entry i, the first `units` of them (at least
 * COLLECT_START_UNITS + 1): from memory or the temporary file.  Returns 0,
 * or -1 when they cannot be read. */
int collection_prefixes(struct collection *c, size_t i, uint32_t units, uint16_t *out);

#endif
