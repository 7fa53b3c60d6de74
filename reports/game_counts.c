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

/* FNV-1a over the event, a NUL, the round. */
static uint64_t hash_event(const char *event, const char *round)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (const char *p = text_of(event);; p++) {
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
		if (!*p)
			break;
	}
	for (const char *p = text_of(round); *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

static void rehash(struct event_groups *t, size_t slot_count)
{
	size_t *slots = xcalloc(slot_count, sizeof *slots);
	for (size_t i = 0; i < t->count; i++) {
		size_t at = hash_event(t->items[i].event, t->items[i].round) & (slot_count - 1);
		while (slots[at])
			at = (at + 1) & (slot_count - 1);
		slots[at] = i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->slot_count = slot_count;
}

/* The entry of an event and round, made when new; NULL when the table is full. */
static struct game_counts *find(struct event_groups *t, const char *event, const char *round)
{
	if (2 * (t->count + 1) > t->slot_count)
		rehash(t, t->slot_count ? 2 * t->slot_count : 16);
	size_t at = hash_event(event, round) & (t->slot_count - 1);
	for (; t->slots[at]; at = (at + 1) & (t->slot_count - 1)) {
		struct event_games *e = &t->items[t->slots[at] - 1];
		if (strcmp(text_of(e->event), text_of(event)) == 0 && strcmp(text_of(e->round), text_of(round)) == 0)
			return &e->n;
	}
	if (t->count == EVENT_GROUPS_MAX)
		return NULL;
	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->items = xrealloc(t->items, t->cap * sizeof *t->items);
	}
	struct event_games *e = &t->items[t->count];
	e->event = event && *event ? xstrdup(event) : NULL;
	e->round = round && *round ? xstrdup(round) : NULL;
	memset(&e->n, 0, sizeof e->n);
	t->slots[at] = ++t->count;
	return &e->n;
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
		struct game_counts *c = find(into, e->event, e->round);
		if (c)
			game_counts_merge(c, &e->n);
		else
			into->left_out += e->n.games;
	}
	into->left_out += from->left_out;
}

void event_groups_clear(struct event_groups *t)
{
	for (size_t i = 0; i < t->count; i++) {
		free(t->items[i].event);
		free(t->items[i].round);
	}
	t->count = 0;
	t->left_out = 0;
	if (t->slots)
		memset(t->slots, 0, t->slot_count * sizeof *t->slots);
}

void event_groups_free(struct event_groups *t)
{
	event_groups_clear(t);
	free(t->items);
	free(t->slots);
	memset(t, 0, sizeof *t);
}
