/*
 * tournament.c - the tournament behind the games: what the tags of the
 * games of one event say together.
 *
 * An event is the games with the same Event, Site and EventDate; without
 * an EventDate, games of one name and site in two years, or (dated to the
 * day) more than two months apart, are of two events (the same tournament
 * in another year).
 * Games whose Event says nothing ("?", empty) are no event.  A game that is
 * a copy of another (duplicates.c) is not a game of its own: it pairs no
 * one.  Within an event, by the players' names folded (names_fold):
 *
 *   paired-twice      a player in two games of one round (the whole Round
 *                     value: "3.1" and "3.2" are two rounds)
 *   board-twice       two games on one Board of one round
 *   date-outside-event  a game dated before the EventDate, or before the
 *                     date most games of an earlier round were played on,
 *                     or after that of a later round (rounds by their
 *                     first number)
 *   round-gap         rounds by first number that skip one, in an event
 *                     with two games or more in a round (a player's own
 *                     games skip the round of a bye)
 *   name-variant      one player written two ways: two names that fold
 *                     alike, or two compatible names with one FIDE ID
 *
 * and over every game of the run: self-paired (the two names fold alike),
 * fide-id-conflict (one FIDE ID, names not alike: names_similar),
 * unmarked-forfeit (1-0 or 0-1 without a move, with no Termination tag to
 * say why and nothing that says it was a forfeit)
 * and unplayed-with-moves (moves, and a tag or comment that says the game was
 * not played).
 */
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

/* Games of one name and site this far apart (in days) are two events. */
#define EVENT_GAP_DAYS 60

static int unknown_value(const char *s)
{
	return !*s || ((s[0] == '?' || s[0] == '-') && !s[1]);
}

/* An approximate day number: enough to tell weeks from months. */
static long day_of(uint32_t date)
{
	if (!date || date % 100 == 0 || date / 100 % 100 == 0)
		return 0;
	return (long)(date / 10000) * 372 + (long)(date / 100 % 100) * 31 + (long)(date % 100);
}

/* The same, of a date known in part: the year's start for "1958.??.??". */
static long day_of_any(uint32_t date)
{
	return (long)(date / 10000) * 372 + (long)(date / 100 % 100) * 31 + (long)(date % 100);
}

static uint64_t by_date(const void *ctx, uint32_t entry)
{
	const struct collection_entry *e = ctx;
	return (uint64_t)day_of_any(e[entry].date) << 32 | entry;
}

static uint64_t by_entry(const void *ctx, uint32_t entry)
{
	(void)ctx;
	return entry;
}

/* Whether two dates of games of one name and site are of two events:
 * another year, or (both known to the day) two months apart. */
static int apart(uint32_t a, uint32_t b)
{
	if (!a || !b)
		return 0;
	if (day_of(a) && day_of(b))
		return labs(day_of(a) - day_of(b)) > EVENT_GAP_DAYS;
	return a / 10000 != b / 10000;
}

/* (key, key2, entry) triples sorted to find two games that share a key. */
struct keyed {
	uint32_t key, key2, entry;
};

static uint64_t composite(const struct keyed *k)
{
	return (uint64_t)k->key << 32 | k->key2;
}

static int keyed_before(const struct keyed *a, const struct keyed *b)
{
	return composite(a) != composite(b) ? composite(a) < composite(b) : a->entry < b->entry;
}

/* Byte `level` of a triple's key, key2 and entry, the most significant first. */
static unsigned keyed_byte(const struct keyed *k, int level)
{
	uint32_t w = level < 4 ? k->key : level < 8 ? k->key2 : k->entry;
	return (w >> (8 * (3 - level % 4))) & 0xff;
}

/* Sorts the triples by key, key2 and entry - the passes build them in the
 * order of the games, so those that share key and key2 stay in it - in
 * place: an insertion sort of a few, else an MSD radix sort a byte at a
 * time (a byte all share passed over), no second array. */
static void sort_keyed_from(struct keyed *k, size_t n, int level)
{
	if (n < 32) {
		for (size_t i = 1; i < n; i++) {
			struct keyed x = k[i];
			size_t j = i;
			for (; j > 0 && keyed_before(&x, &k[j - 1]); j--)
				k[j] = k[j - 1];
			k[j] = x;
		}
		return;
	}
	size_t count[256];
	for (;; level++) {
		if (level == 12)
			return;
		memset(count, 0, sizeof count);
		for (size_t i = 0; i < n; i++)
			count[keyed_byte(&k[i], level)]++;
		if (count[keyed_byte(&k[0], level)] != n)
			break;
	}
	size_t head[256], tail[256];
	radix_bounds(count, head, tail);
	for (int b = 0; b < 256; b++) {
		while (head[b] < tail[b]) {
			struct keyed x = k[head[b]];
			unsigned d = keyed_byte(&x, level);
			while (d != (unsigned)b) {
				struct keyed t = k[head[d]];
				k[head[d]++] = x;
				x = t;
				d = keyed_byte(&x, level);
			}
			k[head[b]++] = x;
		}
	}
	size_t at = 0;
	for (int b = 0; b < 256; b++) {
		sort_keyed_from(k + at, count[b], level + 1);
		at += count[b];
	}
}

static void sort_keyed(struct keyed *k, size_t n)
{
	sort_keyed_from(k, n, 0);
}

unsigned round_number(const char *s)
{
	unsigned n = 0;
	int digits = 0;
	for (; *s >= '0' && *s <= '9' && digits < 6; s++, digits++)
		n = n * 10 + (unsigned)(*s - '0');
	return digits && (*s == '\0' || *s == '.') ? n : 0;
}

/* The passes' triples, grown as they are pushed (an event of a million
 * games whose rounds say nothing takes no room), and the set of the pairs
 * (key, key2) pushed, for the passes that want the first game of each. */
struct scratch {
	struct keyed *k;
	size_t cap;
	uint64_t *seen;             /* open addressing; UINT64_MAX: empty */
	size_t seen_cap, seen_count;
	uint32_t *stamp;            /* per string id: the pass that saw it last */
	size_t stamp_cap;
	uint32_t pass;
};

/* Whether string id is new to this pass (then it is marked seen): 4 bytes a
 * string, and nothing to clear between passes. */
static int first_in_pass(struct scratch *s, uint32_t id)
{
	if (id >= s->stamp_cap) {
		size_t cap = s->stamp_cap ? s->stamp_cap : 1024;
		while (cap <= id)
			cap *= 2;
		s->stamp = collection_grow(s->stamp, s->stamp_cap * sizeof *s->stamp, cap * sizeof *s->stamp);
		memset(s->stamp + s->stamp_cap, 0, (cap - s->stamp_cap) * sizeof *s->stamp);
		s->stamp_cap = cap;
	}
	if (s->stamp[id] == s->pass)
		return 0;
	s->stamp[id] = s->pass;
	return 1;
}

static void push(struct scratch *s, size_t *m, struct keyed k)
{
	if (*m == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		s->k = collection_grow(s->k, *m * sizeof *s->k, cap * sizeof *s->k);
		s->cap = cap;
	}
	s->k[(*m)++] = k;
}

/* Empties the set: a large one is given back (clearing it for each small
 * event after a large one would cost its size each time). */
static void seen_clear(struct scratch *s)
{
	if (s->seen_cap > 1024) {
		free(s->seen);
		s->seen = NULL;
		s->seen_cap = 0;
	} else if (s->seen_count) {
		memset(s->seen, 0xff, s->seen_cap * sizeof *s->seen);
	}
	s->seen_count = 0;
}

/* Whether the pair (key, key2) is new to the set (then it is added). */
static int seen_first(struct scratch *s, uint32_t key, uint32_t key2)
{
	if (2 * (s->seen_count + 1) > s->seen_cap) {
		size_t cap = s->seen_cap ? 2 * s->seen_cap : 1024;
		uint64_t *t = collection_grow(NULL, 0, cap * sizeof *t);
		memset(t, 0xff, cap * sizeof *t);
		for (size_t i = 0; i < s->seen_cap; i++) {
			if (s->seen[i] == UINT64_MAX)
				continue;
			size_t at = (size_t)((s->seen[i] * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
			while (t[at] != UINT64_MAX)
				at = (at + 1) & (cap - 1);
			t[at] = s->seen[i];
		}
		free(s->seen);
		s->seen = t;
		s->seen_cap = cap;
	}
	uint64_t pair = (uint64_t)key << 32 | key2;
	size_t at = (size_t)((pair * 0x9e3779b97f4a7c15ull) >> 32) & (s->seen_cap - 1);
	for (; s->seen[at] != UINT64_MAX; at = (at + 1) & (s->seen_cap - 1))
		if (s->seen[at] == pair)
			return 0;
	s->seen[at] = pair;
	s->seen_count++;
	return 1;
}

/* Pushes the triple if its pair is new: the first game of each. */
static void push_first(struct scratch *s, size_t *m, struct keyed k)
{
	if (seen_first(s, k.key, k.key2))
		push(s, m, k);
}

/* The folded name of the opponent of the player whose folded name is `player`. */
static uint32_t opponent_of(struct collection *c, const struct collection_entry *e, uint32_t player)
{
	uint32_t w = pool_folded(&c->pool, e->white);
	return w == player ? pool_folded(&c->pool, e->black) : w;
}

/* paired-twice: (round, player) twice among games that are not copies,
 * against two opponents. */
static void paired_twice(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n,
			 struct scratch *s)
{
	if (n < 2)
		return;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		if ((e->flags & COLLECTED_COPY) || unknown_value(collection_string(c, e->round)) ||
		    pool_unknown(&c->pool, e->white) || pool_unknown(&c->pool, e->black))
			continue;
		push(s, &m, (struct keyed){ e->round, pool_folded(&c->pool, e->white), g[i] });
		push(s, &m, (struct keyed){ e->round, pool_folded(&c->pool, e->black), g[i] });
	}
	struct keyed *k = s->k;
	sort_keyed(k, m);
	for (size_t i = 0; i < m;) {
		/* the games of one round (k[i].key), and of one player in it */
		size_t round_end = i;
		while (round_end < m && k[round_end].key == k[i].key)
			round_end++;
		size_t round_games = (round_end - i) / 2;
		for (size_t p = i; p < round_end;) {
			size_t q = p + 1;
			while (q < round_end && k[q].key2 == k[p].key2)
				q++;
			/* games of one pair in one round are a match's (or a
			 * knockout's); one player against three or more in most
			 * of a round's games is a simultaneous exhibition */
			size_t opponents = 0;
			for (size_t x = p; x < q; x++) {
				uint32_t o = opponent_of(c, &c->entries[k[x].entry], k[p].key2);
				int seen = 0;
				for (size_t y = p; y < x && !seen; y++)
					seen = k[y].entry != k[x].entry && opponent_of(c, &c->entries[k[y].entry], k[p].key2) == o;
				opponents += !seen && (x == p || k[x].entry != k[x - 1].entry);
			}
			int simul = opponents >= 3 && 4 * (q - p) >= 3 * round_games;
			if (opponents >= 2 && !simul) {
				const struct collection_entry *o = &c->entries[k[p].entry];
				uint32_t first_opponent = opponent_of(c, o, k[p].key2);
				for (size_t x = p + 1; x < q; x++) {
					const struct collection_entry *e = &c->entries[k[x].entry];
					if (k[x].entry == k[x - 1].entry || opponent_of(c, e, k[p].key2) == first_opponent)
						continue;
					const char *name = pool_folded(&c->pool, e->white) == k[p].key2 ? collection_string(c, e->white)
												      : collection_string(c, e->black);
					char where[128];
					collection_where(c, o, e, where, sizeof where);
					struct finding *f = collection_finding(c, out, CHECK_PAIRED_TWICE, SEVERITY_WARNING, k[x].entry,
									       k[p].entry);
					snprintf(f->message, sizeof f->message,
						 "%.80s plays another opponent in round %.40s here than in %s", name,
						 collection_string(c, e->round), where);
					f->rule = "PGN 8.1.1.4";
				}
			}
			p = q;
		}
		i = round_end;
	}
}

static void board_twice(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n,
			struct scratch *s)
{
	if (n < 2)
		return;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		if (!(e->flags & COLLECTED_COPY) && e->board && !unknown_value(collection_string(c, e->round)))
			push(s, &m, (struct keyed){ e->round, e->board, g[i] });
	}
	struct keyed *k = s->k;
	sort_keyed(k, m);
	for (size_t i = 1; i < m; i++) {
		if (k[i].key != k[i - 1].key || k[i].key2 != k[i - 1].key2)
			continue;
		size_t first = i - 1;
		while (first > 0 && k[first - 1].key == k[i].key && k[first - 1].key2 == k[i].key2)
			first--;
		const struct collection_entry *e = &c->entries[k[i].entry], *o = &c->entries[k[first].entry];
		char where[128];
		collection_where(c, o, e, where, sizeof where);
		struct finding *f = collection_finding(c, out, CHECK_BOARD_TWICE, SEVERITY_WARNING, k[i].entry, k[first].entry);
		snprintf(f->message, sizeof f->message, "board %u of round %.40s holds another game too: %s", e->board,
			 collection_string(c, e->round), where);
		f->rule = "PGN 9.2.5";
	}
}

#define ROUNDS_MAX 999

/* round-gap and date-outside-event (a Round not in the standard's form is
 * tag-format's, a finding about the game alone). */
static void rounds_and_dates(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n,
			     struct scratch *s)
{
	struct keyed *k;
	size_t m;
	/* the rounds by first number: games, and the date most of them have */
	/* zero between calls: cleared after use, as far as it was used */
	static uint32_t games_in[ROUNDS_MAX + 1];
	unsigned top = 0, most = 0;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		unsigned r = round_number(collection_string(c, e->round));
		if (r == 0 || r > ROUNDS_MAX || (e->flags & COLLECTED_COPY))
			continue;
		if (++games_in[r] > most)
			most = games_in[r];
		if (r > top)
			top = r;
	}
	unsigned low = 1, rounds = 0, full = 0;
	while (low <= top && !games_in[low])
		low++;
	for (unsigned r = low; r <= top; r++) {
		rounds += games_in[r] > 0;
		full += games_in[r] >= 2;
	}
	/* a tournament's games, not one player's: two games or more in three
	 * rounds out of four */
	if (most >= 2 && 4 * full >= 3 * rounds) {
		for (unsigned r = low; r <= top; r++) {
			if (games_in[r])
				continue;
			unsigned next = r;
			while (!games_in[next])
				next++;
			/* the first game of the round after the gap */
			size_t at = n;
			for (size_t i = 0; i < n && at == n; i++)
				if (round_number(collection_string(c, c->entries[g[i]].round)) == next)
					at = i;
			struct finding *f = collection_finding(c, out, CHECK_ROUND_GAP, SEVERITY_INFO, g[at], -1);
			if (next - r == 1)
				snprintf(f->message, sizeof f->message,
					 "this event has games of rounds %u to %u and %u, none of round %u", low, r - 1, next, r);
			else
				snprintf(f->message, sizeof f->message,
					 "this event has games of rounds %u to %u and %u, none of rounds %u to %u", low, r - 1,
					 next, r, next - 1);
			f->rule = "PGN 8.1.1.4";
			r = next;
		}
	}

	const char *event, *site, *event_date;
	collection_event(c, c->entries[g[0]].event, &event, &site, &event_date);
	uint32_t start = names_date(event_date);
	if (!day_of(start))
		start = 0;
	/* the date of each round: the one most of its games have (dates before
	 * the event's start left out) */
	m = 0;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		unsigned r = round_number(collection_string(c, e->round));
		if (r && r <= ROUNDS_MAX && day_of(e->date) && (!start || e->date >= start))
			push(s, &m, (struct keyed){ r, e->date, g[i] });
	}
	k = s->k;
	sort_keyed(k, m);
	static uint32_t round_date[ROUNDS_MAX + 1];
	for (size_t i = 0; i < m;) {
		size_t j = i, best = 0;
		uint32_t date = 0;
		while (j < m && k[j].key == k[i].key) {
			size_t d = j;
			while (d < m && k[d].key == k[j].key && k[d].key2 == k[j].key2)
				d++;
			if (d - j > best) {
				best = d - j;
				date = k[j].key2;
			}
			j = d;
		}
		round_date[k[i].key] = date;
		i = j;
	}
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		if (!day_of(e->date))
			continue;
		char d[16], other[16];
		if (start && e->date < start) {
			collection_date_text(e->date, d, sizeof d);
			collection_date_text(start, other, sizeof other);
			struct finding *f = collection_finding(c, out, CHECK_DATE_OUTSIDE_EVENT, SEVERITY_WARNING, g[i], -1);
			snprintf(f->message, sizeof f->message, "dated %s, before the event began (EventDate %s)", d, other);
			f->rule = "PGN 9.2.1";
			continue;
		}
		unsigned r = round_number(collection_string(c, e->round));
		/* a game on the day of its round, when the round's day is out of
		 * order, is not the one to blame */
		if (!r || r > ROUNDS_MAX || e->date == round_date[r])
			continue;
		unsigned before = 0, after = 0;
		for (unsigned q = 1; q < r; q++)
			if (round_date[q] > e->date && (!before || round_date[q] > round_date[before]))
				before = q;
		for (unsigned q = r + 1; q <= top && q <= ROUNDS_MAX; q++)
			if (round_date[q] && round_date[q] < e->date && (!after || round_date[q] < round_date[after]))
				after = q;
		if (!before && !after)
			continue;
		unsigned q = before ? before : after;
		collection_date_text(e->date, d, sizeof d);
		collection_date_text(round_date[q], other, sizeof other);
		struct finding *f = collection_finding(c, out, CHECK_DATE_OUTSIDE_EVENT, SEVERITY_WARNING, g[i], -1);
		snprintf(f->message, sizeof f->message, "round %u dated %s, %s round %u (%s)", r, d,
			 before ? "before the games of" : "after the games of", q, other);
		f->rule = "PGN 8.1.1.3";
	}
	memset(games_in, 0, (top + 1) * sizeof *games_in);
	for (size_t i = 0; i < m; i++)
		round_date[k[i].key] = 0;
}

/* Into s->k, sorted: (FIDE ID, folded name, entry) for the first game of
 * each player with an ID and a name among games g (NULL: every game, n of
 * them) - the passes look at no other - so as many as there are players,
 * not games; returns how many. */
static size_t by_fide_id(struct collection *c, const uint32_t *g, size_t n, struct scratch *s)
{
	size_t m = 0;
	seen_clear(s);
	for (size_t i = 0; i < n; i++) {
		uint32_t entry = g ? g[i] : (uint32_t)i;
		const struct collection_entry *e = &c->entries[entry];
		if (e->white_fide && !pool_unknown(&c->pool, e->white))
			push_first(s, &m, (struct keyed){ e->white_fide, pool_folded(&c->pool, e->white), entry });
		if (e->black_fide && !pool_unknown(&c->pool, e->black))
			push_first(s, &m, (struct keyed){ e->black_fide, pool_folded(&c->pool, e->black), entry });
	}
	sort_keyed(s->k, m);
	return m;
}

/* name-variant: two spellings that fold alike, or one FIDE ID and compatible names. */
static void name_variants(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n,
			  struct scratch *s)
{
	if (n < 2)
		return;
	/* the first game of each spelling (a name id: its folded form is one) */
	size_t m = 0;
	s->pass++;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		if (!pool_unknown(&c->pool, e->white) && first_in_pass(s, e->white))
			push(s, &m, (struct keyed){ pool_folded(&c->pool, e->white), e->white, g[i] });
		if (!pool_unknown(&c->pool, e->black) && first_in_pass(s, e->black))
			push(s, &m, (struct keyed){ pool_folded(&c->pool, e->black), e->black, g[i] });
	}
	struct keyed *k = s->k;
	sort_keyed(k, m);
	for (size_t i = 0; i < m;) {
		size_t j = i + 1;
		while (j < m && k[j].key == k[i].key)
			j++;
		/* the first game of each other spelling, against the first of the first */
		for (size_t x = i + 1; x < j; x++) {
			if (k[x].key2 == k[x - 1].key2)
				continue;
			const struct collection_entry *e = &c->entries[k[x].entry], *o = &c->entries[k[i].entry];
			if (k[x].entry == k[i].entry)
				continue;   /* one game: self-paired's */
			char where[128];
			collection_where(c, o, e, where, sizeof where);
			struct finding *f = collection_finding(c, out, CHECK_NAME_VARIANT, SEVERITY_WARNING, k[x].entry, k[i].entry);
			snprintf(f->message, sizeof f->message, "\"%.60s\" is written \"%.60s\" in %s, in the same event",
				 collection_string(c, k[x].key2), collection_string(c, k[i].key2), where);
			f->rule = "PGN 8.1.1.5";
		}
		i = j;
	}
	/* one FIDE ID, compatible names that do not fold alike ("Carlsen, M." and "Carlsen, Magnus") */
	m = by_fide_id(c, g, n, s);
	k = s->k;
	for (size_t i = 0; i < m;) {
		size_t j = i + 1;
		while (j < m && k[j].key == k[i].key)
			j++;
		for (size_t x = i + 1; x < j; x++) {
			if (k[x].key2 == k[x - 1].key2)
				continue;
			const char *a = collection_string(c, k[i].key2), *b = collection_string(c, k[x].key2);
			if (!names_similar(a, b))
				continue;   /* two people: fide-id-conflict's */
			const struct collection_entry *e = &c->entries[k[x].entry], *o = &c->entries[k[i].entry];
			uint32_t here = e->white_fide == k[x].key ? e->white : e->black;
			uint32_t there = o->white_fide == k[i].key ? o->white : o->black;
			char where[128];
			collection_where(c, o, e, where, sizeof where);
			struct finding *f = collection_finding(c, out, CHECK_NAME_VARIANT, SEVERITY_WARNING, k[x].entry, k[i].entry);
			snprintf(f->message, sizeof f->message,
				 "\"%.60s\" (FIDE ID %u) is written \"%.60s\" in %s, in the same event",
				 collection_string(c, here), k[x].key, collection_string(c, there), where);
			f->rule = "PGN 8.1.1.5";
		}
		i = j;
	}
}

/* fide-id-conflict over the whole run: one FIDE ID, names not one player's. */
static void fide_conflicts(struct collection *c, struct collected_findings *out, struct scratch *s)
{
	size_t m = by_fide_id(c, NULL, c->count, s);
	const struct keyed *k = s->k;
	for (size_t i = 0; i < m;) {
		size_t j = i + 1;
		while (j < m && k[j].key == k[i].key)
			j++;
		for (size_t x = i + 1; x < j; x++) {
			if (k[x].key2 == k[x - 1].key2)
				continue;
			/* a name not compatible with any spelling before it */
			int one = 0;
			for (size_t y = i; y < x && !one; y++)
				one = names_similar(collection_string(c, k[y].key2), collection_string(c, k[x].key2));
			if (one)
				continue;
			const struct collection_entry *e = &c->entries[k[x].entry], *o = &c->entries[k[i].entry];
			uint32_t here = e->white_fide == k[x].key ? e->white : e->black;
			uint32_t there = o->white_fide == k[i].key ? o->white : o->black;
			char where[128];
			collection_where(c, o, e, where, sizeof where);
			struct finding *f = collection_finding(c, out, CHECK_FIDE_ID_CONFLICT, SEVERITY_WARNING, k[x].entry, k[i].entry);
			snprintf(f->message, sizeof f->message, "FIDE ID %u is given to \"%.60s\" here and to \"%.60s\" in %s",
				 k[x].key, collection_string(c, here), collection_string(c, there), where);
			f->rule = "PGN 8.1.1.5";
		}
		i = j;
	}
}

static void each_game(struct collection *c, struct collected_findings *out)
{
	for (size_t i = 0; i < c->count; i++) {
		const struct collection_entry *e = &c->entries[i];
		const char *w = collection_string(c, e->white), *b = collection_string(c, e->black);
		if (!pool_unknown(&c->pool, e->white) && pool_folded(&c->pool, e->white) == pool_folded(&c->pool, e->black)) {
			struct finding *f = collection_finding(c, out, CHECK_SELF_PAIRED, SEVERITY_WARNING, i, -1);
			snprintf(f->message, sizeof f->message, "White \"%.80s\" and Black \"%.80s\" are one player", w, b);
			f->rule = "PGN 8.1.1.5";
		}
		int decisive = entry_result(e) == RESULT_WHITE || entry_result(e) == RESULT_BLACK;
		if (!(e->flags & COLLECTED_MOVETEXT) && decisive &&
		    !(e->flags & (COLLECTED_UNPLAYED | COLLECTED_FORFEIT_NOTE | COLLECTED_TERMINATION))) {
			struct finding *f = collection_finding(c, out, CHECK_UNMARKED_FORFEIT, SEVERITY_WARNING, i, -1);
			if (e->grade & GRADE_ABANDONED)
				snprintf(f->message, sizeof f->message,
					 "%s without a move, and the Termination says \"abandoned\": a game left before "
					 "its first move was not won over the board but forfeited (unplayed for FIDE's "
					 "rating lists); say so, or add the moves",
					 entry_result(e) == RESULT_WHITE ? "1-0" : "0-1");
			else
				snprintf(f->message, sizeof f->message,
					 "%s without a move: if it was a forfeit, a Termination tag or comment should say "
					 "so; if not, the moves are missing", entry_result(e) == RESULT_WHITE ? "1-0" : "0-1");
			f->rule = "PGN 9.8.1";
		}
		if ((e->flags & COLLECTED_MOVETEXT) && (e->flags & COLLECTED_UNPLAYED)) {
			struct finding *f = collection_finding(c, out, CHECK_UNPLAYED_WITH_MOVES, SEVERITY_WARNING, i, -1);
			snprintf(f->message, sizeof f->message,
				 "the game has %u %s, but its Termination, Annotator or a comment says it was not played "
				 "(unplayed, a bye, a default)", e->plies, e->plies == 1 ? "ply" : "plies");
			f->rule = "PGN 9.8.1";
		}
	}
}

/* A game without a result ("*") in a round of the event whose other games
 * have one, two of them at least: the round is over, and the game's result
 * was not written.  The event's last round is passed over: an archive made
 * while it was played has its running games as "*". */
static void unfinished_in_rounds(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n)
{
	if (!collection_reports(c, CHECK_UNFINISHED_IN_ROUND, SEVERITY_WARNING))
		return;
	/* per round number, the games with a result and those without: zero
	 * between calls, cleared after use as far as it was used */
	static uint32_t done[ROUNDS_MAX + 1], open[ROUNDS_MAX + 1];
	unsigned last = 0;
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		unsigned r = round_number(collection_string(c, e->round));
		if (r == 0 || r > ROUNDS_MAX || (e->flags & COLLECTED_COPY))
			continue;
		last = r > last ? r : last;
		if (entry_result(e) != RESULT_UNKNOWN)
			done[r]++;
		else
			open[r]++;
	}
	for (size_t i = 0; i < n && last; i++) {
		const struct collection_entry *e = &c->entries[g[i]];
		unsigned r = round_number(collection_string(c, e->round));
		if (!(e->grade & GRADE_UNFINISHED) || r == 0 || r >= last || (e->flags & COLLECTED_COPY))
			continue;
		/* the round's other games all have a result, two of them at least */
		if (done[r] < 2 || open[r] != 1)
			continue;
		struct finding *f = collection_finding(c, out, CHECK_UNFINISHED_IN_ROUND, SEVERITY_WARNING, g[i], -1);
		f->rule = "PGN 8.1.1.7";
		snprintf(f->message, sizeof f->message,
			 "the result is * (unfinished), but round %u's %u other games have theirs, and the event went on to "
			 "round %u: the round is over, and this game's result was not written",
			 r, (unsigned)done[r], last);
	}
	for (unsigned r = 0; r <= last && r <= ROUNDS_MAX; r++)
		done[r] = open[r] = 0;
}

void find_tournament_problems(struct collection *c, struct collected_findings *out)
{
	/* a pass whose codes are all left out (--select, --ignore) is not
	 * run: `--select 'duplicate-game,twin-game,truncated-game'` pays for
	 * the copies alone */
	int paired = collection_reports(c, CHECK_PAIRED_TWICE, SEVERITY_WARNING);
	int boards = collection_reports(c, CHECK_BOARD_TWICE, SEVERITY_WARNING);
	int dates = collection_reports(c, CHECK_DATE_OUTSIDE_EVENT, SEVERITY_WARNING) ||
		    collection_reports(c, CHECK_ROUND_GAP, SEVERITY_INFO);
	int names = collection_reports(c, CHECK_NAME_VARIANT, SEVERITY_WARNING);
	int unfinished = collection_reports(c, CHECK_UNFINISHED_IN_ROUND, SEVERITY_WARNING);
	struct scratch s;
	memset(&s, 0, sizeof s);
	if (collection_reports(c, CHECK_SELF_PAIRED, SEVERITY_WARNING) ||
	    collection_reports(c, CHECK_UNMARKED_FORFEIT, SEVERITY_WARNING) ||
	    collection_reports(c, CHECK_UNPLAYED_WITH_MOVES, SEVERITY_WARNING))
		each_game(c, out);
	if (collection_reports(c, CHECK_FIDE_ID_CONFLICT, SEVERITY_WARNING))
		fide_conflicts(c, out, &s);
	if (!paired && !boards && !dates && !names && !unfinished)
		return;
	/* the games of each event, by sorted 8-byte keys (event, entry) */
	uint64_t *keys = collection_grow(NULL, 0, (c->count + 1) * sizeof *keys);
	uint32_t *order = collection_grow(NULL, 0, (c->count + 1) * sizeof *order);
	size_t m = 0;
	/* an event's games come together: its Event read once a run */
	uint32_t last_event = UINT32_MAX;
	int known = 0;
	for (size_t i = 0; i < c->count; i++) {
		uint32_t id = c->entries[i].event;
		if (id != last_event) {
			const char *event, *site, *date;
			collection_event(c, id, &event, &site, &date);
			known = !unknown_value(event);
			last_event = id;
		}
		if (known)
			keys[m++] = (uint64_t)id << 32 | i;
	}
	sort_keys(keys, m);
	for (size_t i = 0; i < m; i++)
		order[i] = (uint32_t)keys[i];
	free(keys);
	for (size_t first = 0; first < m;) {
		/* one Event, Site and EventDate: by date, then cut into events */
		size_t last = first + 1;
		while (last < m && c->entries[order[last]].event == c->entries[order[first]].event)
			last++;
		/* by date (known in part or not at all first), then entry */
		sort_items(order + first, last - first, by_date, c->entries);
		for (size_t i = first; i < last;) {
			size_t j = i + 1;
			uint32_t day = c->entries[order[i]].date;
			const char *event, *site, *event_date;
			collection_event(c, c->entries[order[i]].event, &event, &site, &event_date);
			int dated = names_date(event_date) != 0;
			while (j < last) {
				uint32_t d = c->entries[order[j]].date;
				if (!dated && apart(day, d))
					break;
				if (d)
					day = d;
				j++;
			}
			/* the event's games in input order */
			sort_items(order + i, j - i, by_entry, NULL);
			if (paired)
				paired_twice(c, out, order + i, j - i, &s);
			if (boards)
				board_twice(c, out, order + i, j - i, &s);
			if (dates)
				rounds_and_dates(c, out, order + i, j - i, &s);
			if (names)
				name_variants(c, out, order + i, j - i, &s);
			if (unfinished)
				unfinished_in_rounds(c, out, order + i, j - i);
			i = j;
		}
		first = last;
	}
	free(order);
	free(s.k);
	free(s.seen);
	free(s.stamp);
}
