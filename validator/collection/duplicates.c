/*
 * duplicates.c - copies of one game: duplicate-game, twin-game,
 * truncated-game and board-copy.
 *
 * Games with the same moves (the same positions in the same order from the
 * same start, every move replayed), on dates and in rounds that can be one
 * (equal, or not known in one), are one game when their players agree:
 * the same names, or names written shorter (names_compatible: "Carlsen, M."
 * and "Magnus Carlsen"), or one player the same on the same day.  Fewer
 * than TWIN_MIN_PLIES plies alike are a common opening, not one game,
 * unless the Seven Tag Roster is the same too or it is the same day's.  Of
 * the games that are one, the one kept (as `split --drop-duplicates` keeps
 * it) is the longest, then the most annotated, then the first; each other
 * one is a duplicate-game when its Seven Tag Roster is the kept one's, else a
 * twin-game that says what differs.  Games of the same players (either
 * name form) and the same Event, on dates and rounds that do not differ
 * where both are known, are a truncated-game when the moves of one are the
 * start of the other's: it names the longest of those it is the start of.
 * Games without a move, or whose replay stopped, are no one's copy, and
 * games whose two names say nothing ("?", "N.N.") are not taken for a
 * truncated copy.  Within a set of games with the same moves, at most
 * PAIRWISE_MAX are compared each with each; in a larger set (a short
 * line many played) only games whose players' names fold the same.
 * Games with the same moves (BOARD_COPY_MIN_PLIES or more) in one round of
 * one named event by players none of whom is in the other game are a
 * board-copy: one board's moves given to another pairing.
 */
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

#define PAIRWISE_MAX 64
/* Games this short with the same moves are twins only on the same day. */
#define TWIN_MIN_PLIES 12
/* Games of two boards with the same moves are one board's copy from this
 * many plies: two pairings of a round may both play a short line (a known
 * draw by repetition; engines given one opening book a round repeat a line
 * of 41 plies in the corpus), not 60 plies of one game. */
#define BOARD_COPY_MIN_PLIES 60
/* Fingerprints read for the truncated copies of one group of games. */
#define TRUNCATED_READS_MAX 4096

/* What the comparisons of qsort read (one sort at a time: the run's
 * findings are made by one thread).  fw, fb and ev give the folded names
 * and the Event alone of entry i, from tables by string, not by game. */
static struct {
	const struct collection *c;
	const uint32_t *folded;      /* per string id: its folded form's id + 1 */
	const uint32_t *event_of;    /* per event tuple id: the Event alone's id + 1 */
	uint32_t tuples;
} sorting;

static uint32_t fw_of(uint32_t i) { return sorting.folded[sorting.c->entries[i].white] - 1; }
static uint32_t fb_of(uint32_t i) { return sorting.folded[sorting.c->entries[i].black] - 1; }
static uint32_t ev_of(uint32_t i)
{
	uint32_t t = sorting.c->entries[i].event;
	return t && t < sorting.tuples ? sorting.event_of[t] - 1 : 0;
}

static int by_moves(const void *pa, const void *pb)
{
	const struct collection_entry *e = sorting.c->entries;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	if (e[a].moves != e[b].moves)
		return e[a].moves < e[b].moves ? -1 : 1;
	if (e[a].plies != e[b].plies)
		return e[a].plies < e[b].plies ? -1 : 1;
	if (fw_of(a) != fw_of(b))
		return fw_of(a) < fw_of(b) ? -1 : 1;
	if (fb_of(a) != fb_of(b))
		return fb_of(a) < fb_of(b) ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int by_players(const void *pa, const void *pb)
{
	const struct collection_entry *e = sorting.c->entries;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	if (fw_of(a) != fw_of(b))
		return fw_of(a) < fw_of(b) ? -1 : 1;
	if (fb_of(a) != fb_of(b))
		return fb_of(a) < fb_of(b) ? -1 : 1;
	if (ev_of(a) != ev_of(b))
		return ev_of(a) < ev_of(b) ? -1 : 1;
	if (e[a].plies != e[b].plies)
		return e[a].plies < e[b].plies ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int same_player(struct collection *c, uint32_t a, uint32_t b)
{
	if (a == b)
		return !pool_unknown(&c->pool, a);
	uint32_t fa = pool_folded(&c->pool, a), fb = pool_folded(&c->pool, b);
	if (fa == fb)
		return fa != 0 && !pool_unknown(&c->pool, a);
	return names_compatible(collection_string(c, fa), collection_string(c, fb));
}

static int dates_agree(uint32_t a, uint32_t b)
{
	return !a || !b || a == b || (a % 10000 == 0 && a / 10000 == b / 10000) || (b % 10000 == 0 && a / 10000 == b / 10000);
}

static int round_known(const struct collection *c, uint32_t round)
{
	const char *r = collection_string(c, round);
	return *r && !((r[0] == '?' || r[0] == '-') && !r[1]);
}

/* Whether two rounds can be one: equal, or either not known. */
static int rounds_agree(const struct collection *c, uint32_t a, uint32_t b)
{
	return a == b || !round_known(c, a) || !round_known(c, b);
}

/* Whether two games with the same moves are one game: on dates and in
 * rounds that can be one (players repeat a drawn line in other events and
 * rounds), by the same players, or with one of them the same on the same
 * day. */
static int one_game(struct collection *c, const struct collection_entry *a, const struct collection_entry *b)
{
	if (!dates_agree(a->date, b->date) || !rounds_agree(c, a->round, b->round))
		return 0;
	int same_day = a->date && a->date == b->date && a->date % 100 != 0;
	int exact = a->white == b->white && a->black == b->black && a->event == b->event && a->round == b->round &&
		    a->date == b->date && entry_result(a) == entry_result(b);
	/* a few moves alike are a common opening, not one game, unless
	 * everything else is alike too or it is the same day's */
	if (!exact && a->plies < TWIN_MIN_PLIES && !same_day)
		return 0;
	int white = same_player(c, a->white, b->white), black = same_player(c, a->black, b->black);
	if (white && black)
		return 1;
	if (a->white == 0 && a->black == 0 && b->white == 0 && b->black == 0)
		return exact;
	return (white || black) && same_day;
}

/* Union-find over a run of games, by their place in it. */
static uint32_t find_root(uint32_t *parent, uint32_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

/* Whether entry a is the better copy to keep than b. */
static int keeps_over(const struct collection_entry *e, uint32_t a, uint32_t b)
{
	if (e[a].plies != e[b].plies)
		return e[a].plies > e[b].plies;
	if (e[a].annotations != e[b].annotations)
		return e[a].annotations > e[b].annotations;
	return a < b;
}

static void put_quoted(char *buf, size_t len, size_t *at, const char *s)
{
	if (*at >= len)
		return;
	int n = *s ? snprintf(buf + *at, len - *at, "\"%.60s\"", s) : snprintf(buf + *at, len - *at, "none");
	if (n > 0)
		*at += (size_t)n;
}

static const char *result_text(int r)
{
	static const char *const t[] = { "*", "1-0", "0-1", "1/2-1/2" };
	return t[r & 3];
}

/* "White "Carlsen, M." there, Event ..." - what the copy's tags are in
 * the game kept, where they differ. */
static size_t differences(struct collection *c, const struct collection_entry *copy, const struct collection_entry *kept,
			  char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = '\0';
	const char *ce[3], *ke[3];
	collection_event(c, copy->event, &ce[0], &ce[1], &ce[2]);
	collection_event(c, kept->event, &ke[0], &ke[1], &ke[2]);
	static const char *const event_tags[3] = { "Event", "Site", "EventDate" };
	struct difference { const char *tag; const char *there; } d[8];
	char date[16] = "";
	int n = 0;
	if (copy->white != kept->white)
		d[n++] = (struct difference){ "White", collection_string(c, kept->white) };
	if (copy->black != kept->black)
		d[n++] = (struct difference){ "Black", collection_string(c, kept->black) };
	for (int i = 0; i < 3; i++)
		if (strcmp(ce[i], ke[i]) != 0)
			d[n++] = (struct difference){ event_tags[i], ke[i] };
	if (copy->round != kept->round)
		d[n++] = (struct difference){ "Round", collection_string(c, kept->round) };
	if (copy->date != kept->date) {
		collection_date_text(kept->date, date, sizeof date);
		d[n++] = (struct difference){ "Date", date };
	}
	if (entry_result(copy) != entry_result(kept))
		d[n++] = (struct difference){ "Result", result_text(entry_result(kept)) };
	for (int i = 0; i < n && at + 1 < len; i++) {
		int w = snprintf(buf + at, len - at, "%s%s ", i ? ", " : "", d[i].tag);
		if (w > 0)
			at += (size_t)w;
		if (at >= len)
			break;
		put_quoted(buf, len, &at, d[i].there);
	}
	if (at >= len)
		at = len - 1;
	return (size_t)n;
}

/* The round two games are of, for board-copy: the first number of their
 * Round tags ("3" of "3.1", the form that numbers boards), or the tags
 * themselves when they are the same and hold no number. */
static int same_round(const struct collection *c, uint32_t a, uint32_t b)
{
	if (!round_known(c, a) || !round_known(c, b))
		return 0;
	unsigned ra = round_number(collection_string(c, a)), rb = round_number(collection_string(c, b));
	return ra || rb ? ra == rb : a == b;
}

/* Whether a and b, with the same moves, are the games of two boards of one
 * round: the same named event, the same round, other players, enough
 * moves not to be a short line two pairings both played. */
static int two_boards(struct collection *c, const struct collection_entry *a, const struct collection_entry *b)
{
	if (a->plies < BOARD_COPY_MIN_PLIES || !a->event || a->event != b->event || !same_round(c, a->round, b->round))
		return 0;
	const char *event, *site, *event_date;
	collection_event(c, a->event, &event, &site, &event_date);
	if (!*event || (event[0] == '?' && !event[1]))
		return 0;
	if (pool_unknown(&c->pool, a->white) || pool_unknown(&c->pool, a->black) || pool_unknown(&c->pool, b->white) ||
	    pool_unknown(&c->pool, b->black))
		return 0;
	/* no player of one in the other (a match's two games with the
	 * colours changed may repeat a forced line) */
	return !same_player(c, a->white, b->white) && !same_player(c, a->black, b->black) &&
	       !same_player(c, a->white, b->black) && !same_player(c, a->black, b->white);
}

/* Of two boards with one game's moves, which is the copy: the one without
 * a result when the other has one, else the one the other keeps over
 * (more annotated, then the first). */
static int board_copy_is_b(const struct collection_entry *e, uint32_t a, uint32_t b, const char **why)
{
	int ra = entry_result(&e[a]) != RESULT_UNKNOWN, rb = entry_result(&e[b]) != RESULT_UNKNOWN;
	if (ra != rb) {
		*why = "it has no result and the other has one";
		return ra;
	}
	int b_kept = keeps_over(e, b, a);
	*why = e[a].annotations != e[b].annotations ? "it has fewer comments, NAGs and variations" : "it comes later";
	return !b_kept;
}

static void report_board_copies(struct collection *c, struct collected_findings *out, const uint32_t *run, size_t n,
				uint32_t *parent)
{
	const struct collection_entry *e = c->entries;
	uint64_t said = 0;
	if (n > 64 || !collection_reports(c, CHECK_BOARD_COPY, SEVERITY_WARNING))
		return;
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n; j++) {
			uint32_t a = run[i], b = run[j];
			if (find_root(parent, i) == find_root(parent, j) || (e[a].flags & COLLECTED_COPY) ||
			    (e[b].flags & COLLECTED_COPY) || !two_boards(c, &e[a], &e[b]))
				continue;
			const char *why;
			int copy_is_b = board_copy_is_b(e, a, b, &why);
			uint32_t copy = copy_is_b ? b : a, other = copy_is_b ? a : b, k = copy_is_b ? j : i;
			if (said >> k & 1)
				continue;
			said |= (uint64_t)1 << k;
			char where[128], board[24] = "";
			collection_where(c, &e[other], &e[copy], where, sizeof where);
			if (e[other].board)
				snprintf(board, sizeof board, " on board %u", e[other].board);
			struct finding *f = collection_finding(c, out, CHECK_BOARD_COPY, SEVERITY_WARNING, copy, other);
			/* written whole first, then cut to the message's room */
			char whole[sizeof where + sizeof board + 320];
			snprintf(whole, sizeof whole,
				 "the same %u plies as %s, %.40s - %.40s%s of this round: one board's moves under"
				 " another's players; this one is taken for the copy, as %.48s",
				 e[copy].plies, where, collection_string(c, e[other].white),
				 collection_string(c, e[other].black), board, why);
			size_t len = strlen(whole) < sizeof f->message - 1 ? strlen(whole) : sizeof f->message - 1;
			memcpy(f->message, whole, len);
			f->message[len] = '\0';
			f->rule = "PGN 8.1.1";
		}
}

static void report_copies(struct collection *c, struct collected_findings *out, const uint32_t *run, size_t n,
			  uint32_t *parent, uint32_t *best)
{
	const struct collection_entry *e = c->entries;
	for (uint32_t i = 0; i < n; i++)
		parent[i] = i;
	if (n <= PAIRWISE_MAX) {
		for (uint32_t i = 0; i < n; i++)
			for (uint32_t j = i + 1; j < n; j++)
				if (find_root(parent, i) != find_root(parent, j) && one_game(c, &e[run[i]], &e[run[j]]))
					parent[find_root(parent, j)] = find_root(parent, i);
	} else {
		/* sorted by folded names within the run: neighbours only */
		for (uint32_t i = 1; i < n; i++)
			if (fw_of(run[i]) == fw_of(run[i - 1]) && fb_of(run[i]) == fb_of(run[i - 1]) &&
			    one_game(c, &e[run[i]], &e[run[i - 1]]))
				parent[find_root(parent, i)] = find_root(parent, i - 1);
	}
	/* the copy kept of each set, at its root */
	for (uint32_t i = 0; i < n; i++)
		best[i] = run[i];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t root = find_root(parent, i);
		if (keeps_over(e, run[i], best[root]))
			best[root] = run[i];
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t keep = best[find_root(parent, i)];
		if (keep == run[i])
			continue;
		collection_note_copy(c, run[i], keep, 0);
	}
	report_board_copies(c, out, run, n, parent);
}

void copy_finding(const struct collection *c, size_t entry, size_t kept_entry, int cut, struct finding *f)
{
	const struct collection_entry *copy = &c->entries[entry];
	const struct collection_entry *kept = &c->entries[kept_entry];
	char what[170], where[128];
	collection_where(c, kept, copy, where, sizeof where);
	if (cut) {
		const char *event, *site, *event_date;
		collection_event(c, copy->event, &event, &site, &event_date);
		int named = *event && strcmp(event, "?") != 0;
		f->code = CHECK_TRUNCATED_GAME;
		f->rule = "PGN 8.2.6";
		snprintf(f->message, sizeof f->message, "its %u plies are the first of the %u of %s, by the same players%s: a copy cut short",
			 copy->plies, kept->plies, where, named ? " in the same event" : "");
		return;
	}
	f->rule = "PGN 8.1.1";
	/* differences() interns nothing: the pool is only read */
	if (differences((struct collection *)c, copy, kept, what, sizeof what) == 0) {
		f->code = CHECK_DUPLICATE_GAME;
		snprintf(f->message, sizeof f->message, "the same game as %s: the same %u plies, players, event, round, date and result",
			 where, copy->plies);
	} else {
		f->code = CHECK_TWIN_GAME;
		/* written whole first, then cut to the message's room as any is */
		char whole[sizeof what + sizeof where + 64];
		snprintf(whole, sizeof whole, "the same %u plies by the same players as %s, which has %s", copy->plies,
			 where, what);
		size_t n = strlen(whole) < sizeof f->message - 1 ? strlen(whole) : sizeof f->message - 1;
		memcpy(f->message, whole, n);
		f->message[n] = '\0';
	}
}

/* The truncated copies among the games of one pair of players in one
 * event, g sorted by plies: each game that can be the start of another
 * goes to the one that would be kept (the longest, then the most
 * annotated, then the first).  The longer games are taken in that order,
 * each one's moves read once, as far as the longest game that can be its
 * start, and the hash of each of its first plies made of them: a shorter
 * game is its start when its hash is the one of as many plies.  At most
 * TRUNCATED_READS_MAX reads a group. */
struct truncation {
	uint16_t *units;   /* a game's start and moves, as read */
	uint64_t *fp;      /* the hash of its first 1, 2, ... plies */
	size_t fp_cap;
	uint32_t *order;   /* the group's games in the order they would be kept */
	long *of;          /* per game of the group: the game it is the start of, or -1 */
	size_t cap;
	/* the groups, kept to be taken in the order of the file (its reads
	 * then go from block to block of it): their games one group after
	 * another, and per group its first game << 32 | its number */
	uint32_t *games;
	size_t games_len, games_cap;
	uint64_t *groups;
	size_t *group_at;
	size_t group_count, group_cap;
};

/* The group being sorted by by_keeping (one sort at a time). */
static const struct collection_entry *keep_entries;
static const uint32_t *keep_group;

static int by_keeping(const void *pa, const void *pb)
{
	uint32_t a = keep_group[*(const uint32_t *)pa], b = keep_group[*(const uint32_t *)pb];
	return keeps_over(keep_entries, a, b) ? -1 : keeps_over(keep_entries, b, a) ? 1 : 0;
}

static void report_truncated(struct collection *c, struct collected_findings *out, const uint32_t *g, size_t n,
			     struct truncation *t)
{
	const struct collection_entry *e = c->entries;
	if (n > t->cap) {
		t->cap = n;
		t->order = xrealloc(t->order, n * sizeof *t->order);
		t->of = xrealloc(t->of, n * sizeof *t->of);
	}
	for (size_t i = 0; i < n; i++) {
		t->order[i] = (uint32_t)i;
		t->of[i] = -1;
	}
	keep_entries = e;
	keep_group = g;
	qsort(t->order, n, sizeof *t->order, by_keeping);
	long reads = 0;
	for (size_t k = 0; k < n; k++) {
		size_t ai = t->order[k];
		const struct collection_entry *a = &e[g[ai]];
		if (!(a->flags & COLLECTED_PREFIXES))
			continue;
		/* the games it can be the start of: shorter, not placed yet */
		uint32_t longest = 0;
		for (size_t bi = 0; bi < n && e[g[bi]].plies < a->plies; bi++) {
			const struct collection_entry *b = &e[g[bi]];
			if (t->of[bi] < 0 && (b->flags & COLLECTED_COMPLETE) && b->plies > 0 && dates_agree(a->date, b->date) &&
			    rounds_agree(c, a->round, b->round))
				longest = b->plies;
		}
		if (!longest)
			continue;
		if (++reads > TRUNCATED_READS_MAX)
			break;
		if (longest > t->fp_cap) {
			t->fp_cap = longest;
			t->fp = xrealloc(t->fp, longest * sizeof *t->fp);
			t->units = xrealloc(t->units, (COLLECT_START_UNITS + longest) * sizeof *t->units);
		}
		if (collection_prefixes(c, g[ai], COLLECT_START_UNITS + longest, t->units) < 0)
			continue;
		uint64_t h = collect_start_hash(t->units);
		for (uint32_t p = 0; p < longest; p++) {
			h = collect_hash_step(h, t->units[COLLECT_START_UNITS + p]);
			t->fp[p] = collect_hash_final(h);
		}
		for (size_t bi = 0; bi < n && e[g[bi]].plies <= longest; bi++) {
			const struct collection_entry *b = &e[g[bi]];
			if (t->of[bi] < 0 && (b->flags & COLLECTED_COMPLETE) && b->plies > 0 && b->plies < a->plies &&
			    dates_agree(a->date, b->date) && rounds_agree(c, a->round, b->round) &&
			    t->fp[b->plies - 1] == b->moves)
				t->of[bi] = (long)g[ai];
		}
	}
	for (size_t bi = 0; bi < n; bi++) {
		if (t->of[bi] < 0)
			continue;
		collection_note_copy(c, g[bi], (size_t)t->of[bi], 1);
	}
	(void)out;
}

/* The buffers of the groups each_group() hands on, reused from group to group. */
struct runs {
	struct collection *c;
	uint32_t *run, *parent, *best;
	size_t cap;
};

static int same_moves(uint32_t a, uint32_t b)
{
	const struct collection_entry *e = sorting.c->entries;
	return e[a].moves == e[b].moves && e[a].plies == e[b].plies;
}

static int same_players(uint32_t a, uint32_t b)
{
	return fw_of(a) == fw_of(b) && fb_of(a) == fb_of(b) && ev_of(a) == ev_of(b);
}

static void take_copies(struct runs *r, const uint32_t *g, size_t n, struct collected_findings *out, void *ctx)
{
	(void)ctx;
	report_copies(r->c, out, g, n, r->parent, r->best);
}

static void take_truncated(struct runs *r, const uint32_t *g, size_t n, struct collected_findings *out, void *ctx)
{
	(void)out;
	struct truncation *t = ctx;
	const struct collection_entry *e = r->c->entries;
	/* sorted by plies: games all of one length are no one's start */
	if (e[g[0]].plies == e[g[n - 1]].plies)
		return;
	if (t->games_len + n > t->games_cap) {
		size_t cap = t->games_cap ? 2 * t->games_cap : 1024;
		while (cap < t->games_len + n)
			cap *= 2;
		t->games = collection_grow(t->games, t->games_len * sizeof *t->games, cap * sizeof *t->games);
		t->games_cap = cap;
	}
	if (t->group_count == t->group_cap) {
		size_t cap = t->group_cap ? 2 * t->group_cap : 256;
		t->groups = collection_grow(t->groups, t->group_count * sizeof *t->groups, cap * sizeof *t->groups);
		t->group_at = collection_grow(t->group_at, t->group_count * sizeof *t->group_at, cap * sizeof *t->group_at);
		t->group_cap = cap;
	}
	uint32_t first = g[0];
	for (size_t i = 0; i < n; i++)
		first = g[i] < first ? g[i] : first;
	memcpy(t->games + t->games_len, g, n * sizeof *g);
	t->group_at[t->group_count] = t->games_len;
	t->groups[t->group_count] = (uint64_t)first << 32 | (uint32_t)t->group_count;
	t->group_count++;
	t->games_len += n;
}

/* The groups take_truncated kept, in the order of their first games. */
static void report_truncated_groups(struct collection *c, struct collected_findings *out, struct truncation *t)
{
	sort_keys(t->groups, t->group_count);
	for (size_t k = 0; k < t->group_count; k++) {
		size_t i = (uint32_t)t->groups[k];
		size_t end = i + 1 < t->group_count ? t->group_at[i + 1] : t->games_len;
		report_truncated(c, out, t->games + t->group_at[i], end - t->group_at[i], t);
	}
}

/* Sorts the m keys; each run of keys with one high half is sorted by cmp,
 * and every group of two games or more in it that `same` joins is handed
 * to take. */
static void each_group(struct runs *r, uint64_t *keys, size_t m, int (*cmp)(const void *, const void *),
		       int (*same)(uint32_t, uint32_t),
		       void (*take)(struct runs *, const uint32_t *, size_t, struct collected_findings *, void *),
		       struct collected_findings *out, void *ctx)
{
	sort_keys(keys, m);
	for (size_t i = 0; i < m;) {
		size_t j = i + 1;
		while (j < m && keys[j] >> 32 == keys[i] >> 32)
			j++;
		if (j - i > 1) {
			if (j - i > r->cap) {
				r->cap = j - i;
				r->parent = xrealloc(r->parent, r->cap * sizeof *r->parent);
				r->best = xrealloc(r->best, r->cap * sizeof *r->best);
				r->run = xrealloc(r->run, r->cap * sizeof *r->run);
			}
			for (size_t k = i; k < j; k++)
				r->run[k - i] = (uint32_t)keys[k];
			qsort(r->run, j - i, sizeof *r->run, cmp);
			for (size_t x = 0; x < j - i;) {
				size_t y = x + 1;
				while (y < j - i && same(r->run[x], r->run[y]))
					y++;
				if (y - x > 1)
					take(r, r->run + x, y - x, out, ctx);
				x = y;
			}
		}
		i = j;
	}
}

void find_duplicates(struct collection *c, struct collected_findings *out)
{
	/* Copies are looked for whatever is reported: the tournament's checks
	 * pass them over. */
	int truncated = (c->wants & COLLECT_PREFIXES) && !c->spill_failed;
	c->copy_count = c->cut_count = 0;
	if (c->count < 2)
		return;
	size_t n = c->count;
	/* every name folded, and the Event alone of each event tuple, once a string */
	uint32_t tuples = c->pool.count;
	uint32_t *event_of = collection_grow(NULL, 0, tuples * sizeof *event_of);
	memset(event_of, 0, tuples * sizeof *event_of);
	for (size_t i = 0; i < n; i++) {
		const struct collection_entry *e = &c->entries[i];
		pool_folded(&c->pool, e->white);
		pool_folded(&c->pool, e->black);
		if (e->event && e->event < tuples && !event_of[e->event]) {
			char name[COLLECT_STRING_MAX + 1];
			snprintf(name, sizeof name, "%s", collection_string(c, e->event));
			event_of[e->event] = pool_intern(&c->pool, name, strlen(name)) + 1;
		}
	}
	sorting.c = c;
	sorting.folded = c->pool.fold;
	sorting.event_of = event_of;
	sorting.tuples = tuples;
	struct runs runs = { c, NULL, NULL, NULL, 0 };
	/* Sorted 8-byte keys (a hash's high half, the entry) find the few
	 * games that can be copies; each run of equal keys is then sorted by
	 * what it is compared by. */
	uint64_t *keys = collection_grow(NULL, 0, n * sizeof *keys);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if ((c->entries[i].flags & COLLECTED_COMPLETE) && c->entries[i].plies > 0)
			keys[m++] = (c->entries[i].moves >> 32) << 32 | i;
	each_group(&runs, keys, m, by_moves, same_moves, take_copies, out, NULL);
	if (truncated) {
		struct truncation trunc;
		memset(&trunc, 0, sizeof trunc);
		m = 0;
		for (size_t i = 0; i < n; i++) {
			const struct collection_entry *e = &c->entries[i];
			if (e->plies > 0 && !pool_unknown(&c->pool, e->white) && !pool_unknown(&c->pool, e->black)) {
				uint64_t h = ((uint64_t)fw_of((uint32_t)i) * 0x9e3779b97f4a7c15ull) ^
					     ((uint64_t)fb_of((uint32_t)i) * 0xc2b2ae3d27d4eb4full) ^ ev_of((uint32_t)i);
				keys[m++] = (h >> 32) << 32 | i;
			}
		}
		each_group(&runs, keys, m, by_players, same_players, take_truncated, out, &trunc);
		report_truncated_groups(c, out, &trunc);
		free(trunc.games);
		free(trunc.groups);
		free(trunc.group_at);
		free(trunc.fp);
		free(trunc.units);
		free(trunc.order);
		free(trunc.of);
	}
	free(keys);
	free(runs.run);
	free(runs.parent);
	free(runs.best);
	free(event_of);
	/* the copies by entry, as they are reported */
	sort_keys(c->copies, c->copy_count);
	sort_keys(c->cuts, c->cut_count);
}
