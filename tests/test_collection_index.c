/*
 * test_collection_index.c - the pieces of validator/collection/ the e2e
 * tests reach only through whole runs: the in-place key sort, against
 * qsort; the string pool, against a plain list; the folding of names; the
 * entries' file, number and line, kept a run of games at a time.
 */
#include "tests/test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validator/collection/internal.h"

static uint64_t state = 88172645463325252ull;

static uint64_t next_random(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Keys of every shape the passes make: random, sharing their high or low
 * halves, few values, in order already (which the sort sees and leaves) or
 * in order but for the last, sizes around the thresholds of the sort. */
static void test_sort_keys_against_qsort(void **st)
{
	(void)st;
	/* past 1 << 20 keys the sort is in place, below it through a second array */
	static const size_t sizes[] = { 0, 1, 2, 47, 48, 49, 255, 256, 2047, 2048, 2049, 5000, 70000, (1u << 20) + 1 };
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		for (int shape = 0; shape < 7; shape++) {
			size_t n = sizes[s];
			uint64_t *a = malloc((n + 1) * sizeof *a), *b = malloc((n + 1) * sizeof *b);
			assert_non_null(a);
			assert_non_null(b);
			for (size_t i = 0; i < n; i++) {
				uint64_t v = next_random();
				if (shape == 1)
					v &= 0xff00000000ull;
				else if (shape == 2)
					v = (v >> 32) << 32 | i;
				else if (shape == 3)
					v %= 7;
				else if (shape == 4)
					v = (v & 0xffff) << 40 | (v & 0xff);
				else if (shape >= 5)
					v = shape == 6 && i + 1 == n ? 1 : (uint64_t)i / 3 << 20;
				a[i] = b[i] = v;
			}
			sort_keys(a, n);
			if (n)
				qsort(b, n, sizeof *b, by_value);
			for (size_t i = 0; i < n; i++)
				assert_true(a[i] == b[i]);
			free(a);
			free(b);
		}
	}
}

static uint64_t by_value_of(const void *ctx, uint32_t item)
{
	const uint32_t *values = ctx;
	return (uint64_t)values[item] << 32 | item;
}

/* Entry numbers sorted by a key made from each (a value, then the number):
 * in any order, in order already, or in order but for the last. */
static void test_sort_items_by_key(void **st)
{
	(void)st;
	static const size_t sizes[] = { 0, 1, 5, 2048, 2049, 100000 };
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes * 3; s++) {
		size_t n = sizes[s % (sizeof sizes / sizeof *sizes)];
		int shape = (int)(s / (sizeof sizes / sizeof *sizes));
		uint32_t *values = malloc((n + 1) * sizeof *values), *items = malloc((n + 1) * sizeof *items);
		assert_non_null(values);
		assert_non_null(items);
		for (size_t i = 0; i < n; i++) {
			values[i] = shape ? (uint32_t)i / 4 : (uint32_t)(next_random() % 1000);
			/* a permutation: 7919 is prime to the sizes */
			items[shape ? i : (i * 7919) % n] = (uint32_t)i;
		}
		if (shape == 2 && n > 1)
			values[items[n - 1]] = 0;
		sort_items(items, n, by_value_of, values);
		for (size_t i = 1; i < n; i++)
			assert_true(by_value_of(values, items[i - 1]) < by_value_of(values, items[i]));
		free(values);
		free(items);
	}
}

/* 100,000 strings, some again: one id each, the same bytes back, through
 * the table's growths. */
static void test_pool_interns_once(void **st)
{
	(void)st;
	struct string_pool p;
	memset(&p, 0, sizeof p);
	assert_int_equal(pool_intern(&p, "", 0), 0);
	enum { N = 100000 };
	uint32_t *ids = malloc(N * sizeof *ids);
	assert_non_null(ids);
	char buf[64];
	for (int i = 0; i < N; i++) {
		int n = snprintf(buf, sizeof buf, "Player %d, Someone%s", i, i % 3 ? "" : " with a longer name");
		ids[i] = pool_intern(&p, buf, (size_t)n);
		assert_true(ids[i] > 0);
	}
	for (int i = 0; i < N; i++) {
		int n = snprintf(buf, sizeof buf, "Player %d, Someone%s", i, i % 3 ? "" : " with a longer name");
		assert_int_equal(pool_intern(&p, buf, (size_t)n), ids[i]);
		size_t len;
		const char *s = pool_string(&p, ids[i], &len);
		assert_int_equal(len, (size_t)n);
		assert_memory_equal(s, buf, len);
		assert_int_equal(s[len], '\0');
	}
	/* bytes with NULs inside (an event's three tags) are one string */
	uint32_t a = pool_intern(&p, "Open\0Town\0", 10), b = pool_intern(&p, "Open\0Town\0", 10);
	assert_int_equal(a, b);
	assert_true(a != pool_intern(&p, "Open\0Town", 9));
	assert_int_equal(pool_intern(&p, "", 0), 0);
	free(ids);
	pool_free(&p);
}

/* Appends game `game` of input `file`, starting on `line`, to the batch. */
static void add_game(struct collection *c, int file, long before, uint64_t first_line, int game, uint64_t line)
{
	struct collect_batch b;
	memset(&b, 0, sizeof b);
	struct pgn_game g;
	memset(&g, 0, sizeof g);
	g.first_line = line;
	struct game_record rec;
	memset(&rec, 0, sizeof rec);
	rec.stop = STOP_NOT_STARTED;
	collect_game(&b, &g, &rec, game, -1, COLLECT_INDEX);
	assert_int_equal(collection_add(c, &b, file, before, first_line), 0);
	collect_batch_free(&b);
}

/* names_fold: ASCII on its quick path, the rest through fold_char, and
 * the two mixed in one name. */
static void test_names_fold(void **st)
{
	(void)st;
	static const struct {
		const char *name, *folded;
	} cases[] = {
		{ "Carlsen, Magnus", "carlsen magnus" },
		{ "Magnus CARLSEN", "carlsen magnus" },
		{ "Carls\xc3\xa9n,Magnus", "carlsen magnus" },   /* UTF-8 e-acute */
		{ "Carls\xe9n,Magnus", "carlsen magnus" },       /* Latin-1 */
		{ "Stra\xc3\x9f" "e, Hans-J\xc3\xbcrgen", "hans jurgen strasse" },
		{ "Computer 2.0 (B)", "0 2 b computer" },
		{ "  -  ", "" },
		{ "", "" },
		{ "\xd0\x9a\xd0\xb0\xd1\x80\xd0\xbf\xd0\xbe\xd0\xb2, Anatoly", "anatoly \xd0\x9a\xd0\xb0\xd1\x80\xd0\xbf\xd0\xbe\xd0\xb2" },
		/* seventeen words: the sixteen first are kept */
		{ "q p o n m l k j i h g f e d c b a", "b c d e f g h i j k l m n o p q" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char out[COLLECT_STRING_MAX + 1];
		size_t n = names_fold(cases[i].name, out, sizeof out);
		assert_string_equal(out, cases[i].folded);
		assert_int_equal(n, strlen(cases[i].folded));
	}
	char out[COLLECT_STRING_MAX + 1];
	assert_int_equal(names_fold(NULL, out, sizeof out), 0);
	assert_string_equal(out, "");
	/* cut to the room given, at a word's end */
	char small[9];
	assert_int_equal(names_fold("Kasparov, Garry", small, sizeof small), 5);
	assert_string_equal(small, "garry");
}

static void test_entries_file_game_line(void **st)
{
	(void)st;
	static const char *const files[] = { "a.pgn", "b.pgn" };
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	memset(reported, 0, sizeof reported);
	reported[CHECK_DUPLICATE_GAME][SEVERITY_WARNING] = 1;
	struct collection *c = collection_new(files, 2, reported);
	assert_non_null(c);
	/* a.pgn: games 1-3 (a piece of -j N counted from game 0, line 1); then
	 * games 4-5 of a piece whose lines are counted from line 5,000,000,000;
	 * b.pgn: games 1-2, then game 7 (games skipped: a new run) */
	add_game(c, 0, 0, 1, 1, 1);
	add_game(c, 0, 0, 1, 2, 20);
	add_game(c, 0, 0, 1, 3, 41);
	add_game(c, 0, 3, 5000000000ull, 1, 1);
	add_game(c, 0, 3, 5000000000ull, 2, 30);
	add_game(c, 1, 0, 1, 1, 1);
	add_game(c, 1, 0, 1, 2, 9);
	add_game(c, 1, 6, 1, 1, 100);
	static const struct { uint32_t file, game; uint64_t line; } want[] = {
		{ 0, 1, 1 }, { 0, 2, 20 }, { 0, 3, 41 }, { 0, 4, 5000000000ull }, { 0, 5, 5000000029ull },
		{ 1, 1, 1 }, { 1, 2, 9 }, { 1, 7, 100 },
	};
	size_t count;
	collection_entries(c, &count);
	assert_int_equal(count, sizeof want / sizeof *want);
	for (size_t i = 0; i < count; i++) {
		assert_int_equal(collection_entry_file(c, i), want[i].file);
		assert_int_equal(collection_entry_game(c, i), want[i].game);
		assert_true(collection_entry_line(c, i) == want[i].line);
	}
	collection_free(c);
}

/* More games than the index's room in huge pages holds (a million):
 * every entry is still there, in order, on both sides of the move back to
 * the heap. */
static void test_entries_past_their_room(void **st)
{
	(void)st;
	static const char *const files[] = { "big.pgn" };
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	memset(reported, 0, sizeof reported);
	reported[CHECK_DUPLICATE_GAME][SEVERITY_WARNING] = 1;
	struct collection *c = collection_new(files, 1, reported);
	assert_non_null(c);
	enum { GAMES = 1100000, BATCH = 65536 };
	struct collect_batch b;
	memset(&b, 0, sizeof b);
	struct pgn_game g;
	memset(&g, 0, sizeof g);
	struct game_record rec;
	memset(&rec, 0, sizeof rec);
	rec.stop = STOP_NOT_STARTED;
	for (int i = 0; i < GAMES; i += BATCH) {
		for (int k = i; k < i + BATCH && k < GAMES; k++) {
			g.first_line = (uint64_t)k * 3 + 1;
			collect_game(&b, &g, &rec, k + 1, -1, COLLECT_INDEX);
		}
		assert_int_equal(collection_add(c, &b, 0, 0, 1), 0);
		collect_batch_clear(&b);
	}
	collect_batch_free(&b);
	size_t count;
	collection_entries(c, &count);
	assert_int_equal(count, GAMES);
	static const size_t at[] = { 0, 4095, 4096, 1048575, 1048576, 1048577, GAMES - 1 };
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		assert_int_equal(collection_entry_game(c, at[i]), at[i] + 1);
		assert_true(collection_entry_line(c, at[i]) == (uint64_t)at[i] * 3 + 1);
	}
	collection_free(c);
}

/* A game's moves as collect_game leaves them for truncated-game: its start
 * position's key, then each move's from, to and promotion (its kind
 * left out), exact; and the moves' hash made again of them, for the whole
 * game and for any first plies, is the hash of that game. */
static uint64_t hash_of_units(const uint16_t *units, uint32_t plies)
{
	uint64_t h = collect_start_hash(units);
	for (uint32_t p = 0; p < plies; p++)
		h = collect_hash_step(h, units[COLLECT_START_UNITS + p]);
	return collect_hash_final(h);
}

static void collect_one(struct collect_batch *b, const move *moves, int n, uint64_t start, struct collect_record *r)
{
	struct ply_record *plies = calloc((size_t)n + 1, sizeof *plies);
	uint64_t keys[17];
	assert_non_null(plies);
	assert_true(n < 17);
	struct pgn_game g;
	memset(&g, 0, sizeof g);
	struct game_record rec;
	memset(&rec, 0, sizeof rec);
	rec.plies = plies + 1;
	rec.keys = keys;
	rec.count = n;
	rec.stop = STOP_NONE;
	rec.keys[0] = start;
	for (int i = 0; i < n; i++)
		rec.plies[i].move = moves[i];
	collect_batch_clear(b);
	collect_game(b, &g, &rec, 1, -1, COLLECT_INDEX | COLLECT_PREFIXES);
	collect_record_next(b->data, r);
	free(plies);
}

static void test_moves_units(void **st)
{
	(void)st;
	/* moves with their kind set above bit 15 (a promotion's, a castling's) */
	const move game[] = { 12 | 28 << 6, 52 | 36 << 6, 6 | 21 << 6, 1u << 15 | 60 | 62 << 6,
			      3u << 15 | 4 << 12 | 51 | 59 << 6, 9 | 17 << 6 };
	enum { N = sizeof game / sizeof *game };
	const uint64_t start = 0x123456789abcdef0ull;
	struct collect_batch b;
	memset(&b, 0, sizeof b);
	struct collect_record r;
	collect_one(&b, game, N, start, &r);
	assert_int_equal(r.fp_count, COLLECT_START_UNITS + N);
	assert_true(r.e.flags & COLLECTED_PREFIXES);
	uint64_t key = 0;
	for (unsigned i = 0; i < COLLECT_START_UNITS; i++)
		key |= (uint64_t)r.fp[i] << (16 * i);
	assert_true(key == start);
	for (int i = 0; i < N; i++)
		assert_int_equal(r.fp[COLLECT_START_UNITS + i], game[i] & COLLECT_MOVE_MASK);
	uint16_t units[COLLECT_START_UNITS + N];
	memcpy(units, r.fp, sizeof units);
	uint64_t whole = r.e.moves;
	assert_true(whole == hash_of_units(units, N));
	/* the game's first plies, collected as a game of their own: the hash
	 * of as many of the longer one's units; one move other, or another
	 * start, is not */
	for (int k = 1; k < N; k++) {
		collect_one(&b, game, k, start, &r);
		assert_true(r.e.moves == hash_of_units(units, (uint32_t)k));
		assert_true(r.e.moves != whole);
	}
	move other[N];
	memcpy(other, game, sizeof other);
	other[N - 1] = 9 | 25 << 6;
	collect_one(&b, other, N, start, &r);
	assert_true(r.e.moves != whole);
	collect_one(&b, game, N, start ^ 1, &r);
	assert_true(r.e.moves != whole);
	/* the kind bits are not part of it: the same squares, the same game */
	memcpy(other, game, sizeof other);
	other[3] &= COLLECT_MOVE_MASK;
	collect_one(&b, other, N, start, &r);
	assert_true(r.e.moves == whole);
	collect_batch_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_keys_against_qsort),
		cmocka_unit_test(test_sort_items_by_key),
		cmocka_unit_test(test_pool_interns_once),
		cmocka_unit_test(test_names_fold),
		cmocka_unit_test(test_entries_file_game_line),
		cmocka_unit_test(test_entries_past_their_room),
		cmocka_unit_test(test_moves_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
