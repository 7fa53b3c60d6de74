/*
 * game_counts.c - games counted by their most serious finding, per file
 * and per event and round (game_counts.h).
 */
#include "game_counts.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

void date_range_add(struct date_range *r, const char *date)
{
	if (!date)
		return;
	for (int i = 0; i < 4; i++)
		if (date[i] < '0' || date[i] > '9')
			return;
	if (date[4] != '.' && date[4] != 0)
		return;   /* not the form YYYY.MM.DD (tag-format says so) */
	char d[11];
	size_t n = strnlen(date, 10);
	memcpy(d, date, n);
	d[n] = 0;
	if (!r->first[0] || strcmp(d, r->first) < 0)
		memcpy(r->first, d, n + 1);
	if (!r->last[0] || strcmp(d, r->last) > 0)
		memcpy(r->last, d, n + 1);
}

void date_range_merge(struct date_range *into, const struct date_range *from)
{
	if (from->first[0])
		date_range_add(into, from->first);
	if (from->last[0])
		date_range_add(into, from->last);
}

long game_counts_clean(const struct game_counts *c)
{
	long clean = c->games;
	for (int v = 0; v < SEVERITY_COUNT; v++)
		clean -= c->with[v];
	return clean;
}

void game_counts_add(struct game_counts *c, int worst)
{
	c->games++;
	if (worst >= 0 && worst < SEVERITY_COUNT)
		c->with[worst]++;
}

void game_counts_merge(struct game_counts *into, const struct game_counts *from)
{
	into->games += from->games;
	for (int v = 0; v < SEVERITY_COUNT; v++)
		into->with[v] += from->with[v];
}

static const char *text_of(const char *s)
{
	return s ? s : "";
}

#define NO_TEXT ((size_t)-1)

static const char *name_at(const struct event_groups *t, size_t at)
{
	return at == NO_TEXT ? NULL : t->text + at;
}

const char *event_groups_event(const struct event_groups *t, size_t i)
{
	return name_at(t, t->items[i].event);
}

const char *event_groups_round(const struct event_groups *t, size_t i)
{
	return name_at(t, t->items[i].round);
}

/* An event and round looked up: their names, lengths and hash (FNV-1a
 * over the event, a NUL, the round), computed in one pass. */
struct key {
	const char *event, *round;
	size_t event_len, round_len;
	uint64_t hash;
};

static struct key key_of(const char *event, const char *round)
{
	struct key k = { text_of(event), text_of(round), 0, 0, 0xcbf29ce484222325ULL };
	const char *p;
	for (p = k.event; *p; p++)
		k.hash = (k.hash ^ (unsigned char)*p) * 0x100000001b3ULL;
	k.event_len = (size_t)(p - k.event);
	k.hash *= 0x100000001b3ULL;   /* the NUL between them */
	for (p = k.round; *p; p++)
		k.hash = (k.hash ^ (unsigned char)*p) * 0x100000001b3ULL;
	k.round_len = (size_t)(p - k.round);
	return k;
}

static int matches(const struct event_groups *t, const struct event_games *e, const struct key *k)
{
	return e->hash == k->hash && e->event_len == k->event_len && e->round_len == k->round_len &&
	       memcmp(text_of(name_at(t, e->event)), k->event, k->event_len) == 0 &&
	       memcmp(text_of(name_at(t, e->round)), k->round, k->round_len) == 0;
}

static uint64_t slot_of(uint64_t hash, size_t index)
{
	return (hash >> 32 << 32) | (uint64_t)(index + 1);
}

static void rehash(struct event_groups *t, size_t slot_count)
{
	uint64_t *slots = xcalloc(slot_count, sizeof *slots);
	for (size_t i = 0; i < t->count; i++) {
		size_t at = t->items[i].hash & (slot_count - 1);
		while (slots[at])
			at = (at + 1) & (slot_count - 1);
		slots[at] = slot_of(t->items[i].hash, i);
	}
	free(t->slots);
	t->slots = slots;
	t->slot_count = slot_count;
}

/* A copy of the n bytes at s in the table's text, or NO_TEXT for none. */
static size_t keep_name(struct event_groups *t, const char *s, size_t length)
{
	if (length == 0)
		return NO_TEXT;
	size_t n = length + 1, at = t->text_len;
	if (t->text_len + n > t->text_cap) {
		size_t cap = t->text_cap ? 2 * t->text_cap : 4096;
		while (cap < t->text_len + n)
			cap *= 2;
		t->text = xrealloc(t->text, cap);
		t->text_cap = cap;
	}
	memcpy(t->text + at, s, length);
	t->text[at + length] = 0;
	t->text_len += n;
	return at;
}

/* The entry of an event and round, made when new (when `make`); NULL when
 * the table is full or, not making, there is none. */
static struct game_counts *find_or_make(struct event_groups *t, const char *event, const char *round, int make)
{
	struct key k = key_of(event, round);
	/* Most often the game before's. */
	if (t->last && matches(t, &t->items[t->last - 1], &k))
		return &t->items[t->last - 1].n;
	if (2 * (t->count + 1) > t->slot_count)
		rehash(t, t->slot_count ? 2 * t->slot_count : 16);
	size_t at = k.hash & (t->slot_count - 1);
	for (; t->slots[at]; at = (at + 1) & (t->slot_count - 1)) {
		if (t->slots[at] >> 32 != k.hash >> 32)
			continue;
		size_t i = (size_t)(uint32_t)t->slots[at];
		struct event_games *e = &t->items[i - 1];
		if (matches(t, e, &k)) {
			t->last = i;
			return &e->n;
		}
	}
	if (t->count == EVENT_GROUPS_MAX || !make)
		return NULL;
	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->items = xrealloc(t->items, t->cap * sizeof *t->items);
	}
	struct event_games *e = &t->items[t->count];
	e->event = keep_name(t, k.event, k.event_len);
	e->round = keep_name(t, k.round, k.round_len);
	e->event_len = (uint32_t)k.event_len;
	e->round_len = (uint32_t)k.round_len;
	e->hash = k.hash;
	memset(&e->n, 0, sizeof e->n);
	t->slots[at] = slot_of(k.hash, t->count);
	t->last = ++t->count;
	return &e->n;
}

static struct game_counts *find(struct event_groups *t, const char *event, const char *round)
{
	return find_or_make(t, event, round, 1);
}

void event_groups_regrade(struct event_groups *t, const char *event, const char *round, int from, int to)
{
	struct game_counts *c = t->slot_count ? find_or_make(t, event, round, 0) : NULL;
	if (c)
		game_counts_regrade(c, from, to);
}

void game_counts_regrade(struct game_counts *c, int from, int to)
{
	if (from == to || c->games == 0 || (from != GAME_CLEAN && c->with[from] == 0))
		return;
	if (from != GAME_CLEAN)
		c->with[from]--;
	if (to != GAME_CLEAN)
		c->with[to]++;
}

void event_groups_add(struct event_groups *t, const char *event, const char *round, int worst)
{
	struct game_counts *c = find(t, event, round);
	if (c)
		game_counts_add(c, worst);
	else
		t->left_out++;
}

void event_groups_merge(struct event_groups *into, const struct event_groups *from)
{
	for (size_t i = 0; i < from->count; i++) {
		const struct event_games *e = &from->items[i];
		struct game_counts *c = find(into, name_at(from, e->event), name_at(from, e->round));
		if (c)
			game_counts_merge(c, &e->n);
		else
			into->left_out += e->n.games;
	}
	into->left_out += from->left_out;
}

void event_groups_clear(struct event_groups *t)
{
	t->count = 0;
	t->text_len = 0;
	t->last = 0;
	t->left_out = 0;
	if (t->slots)
		memset(t->slots, 0, t->slot_count * sizeof *t->slots);
}

void event_groups_free(struct event_groups *t)
{
	free(t->items);
	free(t->slots);
	free(t->text);
	memset(t, 0, sizeof *t);
}
