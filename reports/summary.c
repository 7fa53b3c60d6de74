/*
 * summary.c - counting findings: totals, per code, per event and round,
 * per player, per file, and the worst games.
 */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

/* FNV-1a: keys are short names. */
static uint64_t hash_key(const char *key, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)key[i]) * 0x100000001b3ULL;
	return h;
}

static void table_grow(struct tally_table *t)
{
	size_t slot_count = t->slot_count ? t->slot_count * 2 : 64;
	size_t *slots = xcalloc(slot_count, sizeof *slots);
	for (size_t i = 0; i < t->count; i++) {
		size_t at = hash_key(t->items[i].key, t->items[i].key_len) & (slot_count - 1);
		while (slots[at])
			at = (at + 1) & (slot_count - 1);
		slots[at] = i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->slot_count = slot_count;
}

/* The entry for a key of two parts (the second may be NULL), made when new. */
static struct tally *table_get(struct tally_table *t, const char *a, const char *b)
{
	char stack[512];
	size_t alen = strlen(a ? a : ""), blen = b ? strlen(b) : 0;
	size_t len = alen + (b ? 1 + blen : 0);
	char *key = len <= sizeof stack ? stack : xmalloc(len);
	memcpy(key, a ? a : "", alen);
	if (b) {
		key[alen] = '\0';
		memcpy(key + alen + 1, b, blen);
	}
	if (2 * (t->count + 1) > t->slot_count)
		table_grow(t);
	size_t at = hash_key(key, len) & (t->slot_count - 1);
	while (t->slots[at]) {
		struct tally *e = &t->items[t->slots[at] - 1];
		if (e->key_len == len && memcmp(e->key, key, len) == 0) {
			if (key != stack)
				free(key);
			return e;
		}
		at = (at + 1) & (t->slot_count - 1);
	}
	if (t->count == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 32;
		struct tally *items = xrealloc(t->items, cap * sizeof *items);
		t->items = items;
		t->cap = cap;
	}
	struct tally *e = &t->items[t->count];
	memset(e, 0, sizeof *e);
	/* One byte more than the key, so that its last part ends in NUL. */
	e->key = xcalloc(len + 1, 1);
	memcpy(e->key, key, len);
	e->key_len = len;
	if (t->detail)
		e->by_code = xcalloc(CHECK_COUNT, sizeof *e->by_code);
	t->slots[at] = ++t->count;
	if (key != stack)
		free(key);
	return e;
}

static void table_free(struct tally_table *t)
{
	for (size_t i = 0; i < t->count; i++) {
		free(t->items[i].key);
		free(t->items[i].by_code);
	}
	free(t->items);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

static void tally_count(struct tally *t, const struct finding_row *f, int new_game)
{
	t->games += new_game;
	t->by_severity[f->severity]++;
	if (t->by_code)
		t->by_code[f->code][f->severity]++;
}

long tally_findings(const struct tally *t)
{
	long n = 0;
	for (int i = 0; i < SEVERITY_COUNT; i++)
		n += t->by_severity[i];
	return n;
}

const char *tally_part(const struct tally *t, int index)
{
	const char *p = t->key;
	for (int i = 0; i < index; i++) {
		const char *nul = memchr(p, '\0', t->key_len - (size_t)(p - t->key));
		if (!nul)
			return "";
		p = nul + 1;
	}
	return p;
}

static int compare_tallies(const void *pa, const void *pb)
{
	const struct tally *a = *(struct tally *const *)pa, *b = *(struct tally *const *)pb;
	long na = tally_findings(a), nb = tally_findings(b);
	if (na != nb)
		return na > nb ? -1 : 1;
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	int c = memcmp(a->key, b->key, n);
	if (c)
		return c;
	return a->key_len < b->key_len ? -1 : a->key_len > b->key_len;
}

struct tally **tally_sorted(const struct tally_table *t)
{
	/* An array of pointers: each element is a pointer (which
	 * bugprone-sizeof-expression takes for a mistake). */
	struct tally **sorted = xcalloc(t->count + 1, sizeof(struct tally *)); // NOLINT(bugprone-sizeof-expression)
	for (size_t i = 0; i < t->count; i++)
		sorted[i] = &t->items[i];
	qsort(sorted, t->count, sizeof(struct tally *), compare_tallies); // NOLINT(bugprone-sizeof-expression)
	return sorted;
}

void summary_init(struct summary *s, int worst_max, int detail)
{
	memset(s, 0, sizeof *s);
	s->events.detail = s->players.detail = s->files.detail = detail;
	s->worst_max = worst_max;
}

void summary_group_only(struct summary *s, enum summary_group by)
{
	s->events.skip = by != GROUP_EVENT;
	s->players.skip = by != GROUP_PLAYER;
	s->files.skip = by != GROUP_FILE;
	s->events.detail = by == GROUP_EVENT;
	s->players.detail = by == GROUP_PLAYER;
	s->files.detail = by == GROUP_FILE;
}

static void game_free(struct game_tally *g)
{
	free(g->file);
	free(g->white);
	free(g->black);
	free(g->event);
	free(g->round);
	free(g->date);
	memset(g, 0, sizeof *g);
}

/* Is a worse than b: more errors, then more warnings, then earlier in the
 * input?  Information (a claim a player could have made) is no problem of
 * the record and ranks nothing. */
static int worse(const struct game_tally *a, const struct game_tally *b)
{
	if (a->by_severity[SEVERITY_ERROR] != b->by_severity[SEVERITY_ERROR])
		return a->by_severity[SEVERITY_ERROR] > b->by_severity[SEVERITY_ERROR];
	if (a->by_severity[SEVERITY_WARNING] != b->by_severity[SEVERITY_WARNING])
		return a->by_severity[SEVERITY_WARNING] > b->by_severity[SEVERITY_WARNING];
	return a->order < b->order;
}

/* Files the current game among the worst, or drops it. */
static void finish_game(struct summary *s)
{
	struct game_tally *g = &s->current;
	if (!g->file)
		return;
	if (g->by_severity[SEVERITY_ERROR] + g->by_severity[SEVERITY_WARNING] == 0) {
		game_free(g);
		return;
	}
	s->problem_games++;
	int at = s->worst_count;
	while (at > 0 && worse(g, &s->worst[at - 1]))
		at--;
	if (at >= s->worst_max) {
		game_free(g);
		return;
	}
	if (s->worst_count == s->worst_max)
		game_free(&s->worst[--s->worst_count]);
	if (s->worst_count == s->worst_cap) {
		int cap = s->worst_cap ? 2 * s->worst_cap : 16;
		struct game_tally *worst = xrealloc(s->worst, (size_t)cap * sizeof *worst);
		s->worst = worst;
		s->worst_cap = cap;
	}
	memmove(&s->worst[at + 1], &s->worst[at], (size_t)(s->worst_count - at) * sizeof *s->worst);
	s->worst[at] = *g;
	s->worst_count++;
	memset(g, 0, sizeof *g);
}

static void start_game(struct summary *s, const struct finding_row *f)
{
	struct game_tally *g = &s->current;
	g->file = xstrdup(f->file);
	g->white = xstrdup(f->white);
	g->black = xstrdup(f->black);
	g->event = xstrdup(f->event);
	g->round = xstrdup(f->round);
	g->date = xstrdup(f->date);
	g->game = f->game;
	g->order = s->games++;
	g->first_finding = s->findings + 1;
}

void summary_add(struct summary *s, const struct finding_row *f)
{
	const char *file = f->file ? f->file : "";
	int new_game = !s->current.file || s->current.game != f->game || strcmp(s->current.file, file) != 0;
	if (new_game) {
		finish_game(s);
		start_game(s, f);
		if (!s->counted)
			date_range_add(&s->dates, f->date);
	}
	s->current.by_severity[f->severity]++;
	s->findings++;
	s->by_severity[f->severity]++;
	s->by_code[f->code][f->severity]++;
	if (!s->events.skip)
		tally_count(table_get(&s->events, f->event, f->round ? f->round : ""), f, new_game);
	if (!s->files.skip)
		tally_count(table_get(&s->files, file, NULL), f, new_game);
	if (!s->players.skip) {
		tally_count(table_get(&s->players, f->white, NULL), f, new_game);
		/* A player who plays himself (a test file) counts once. */
		if (strcmp(f->white ? f->white : "", f->black ? f->black : "") != 0)
			tally_count(table_get(&s->players, f->black, NULL), f, new_game);
	}
}

void summary_add_counts(struct summary *s, const struct counts_row *row)
{
	s->counted = 1;
	if (row->is_file) {
		game_counts_merge(&s->read, &row->n);
		s->files_counted++;
		s->files_incomplete += !row->whole;
		date_range_add(&s->dates, row->first_date);
		date_range_add(&s->dates, row->last_date);
		if (!s->files.skip)
			game_counts_merge(&table_get(&s->files, row->file, NULL)->read, &row->n);
	} else if (!s->events.skip) {
		game_counts_merge(&table_get(&s->events, row->event, row->round ? row->round : "")->read, &row->n);
	}
}

void summary_finish(struct summary *s)
{
	finish_game(s);
}

void summary_free(struct summary *s)
{
	game_free(&s->current);
	for (int i = 0; i < s->worst_count; i++)
		game_free(&s->worst[i]);
	free(s->worst);
	table_free(&s->events);
	table_free(&s->players);
	table_free(&s->files);
	memset(s, 0, sizeof *s);
}
