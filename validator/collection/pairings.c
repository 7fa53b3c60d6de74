/*
 * pairings.c - the games against the tournament report (--trf): every
 * game played in the report has its game, with the same players, colours
 * and result; every game of the tournament has its pairing; a forfeit or a
 * bye has no game with moves; names and FIDE IDs agree.
 *
 * The tournament's games are those whose Event folds (names_fold) as the
 * report's name (012) does, or every game when none does.  A game's round
 * is the first number of its Round ("5" of "5.12"); a game that is a copy
 * of another (duplicates.c) is passed over.  A player of a game is the
 * report's player of the same FIDE ID (WhiteFideId, BlackFideId), else of
 * the same name folded, else of the one name it can be written shorter for
 * (names_compatible).  A pairing is looked for in the White player's
 * rounds and then in the Black player's: the report gives each game twice.
 * Games of less than one move (W D L) need no game; one there is must
 * agree.
 */
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

struct reconcile {
	struct collection *c;
	const struct trf *t;
	uint32_t *folded;        /* per player: the id of its name folded */
	uint8_t *matched;        /* per player and round: a game was found for it */
	uint8_t *said;           /* per player: its name (1) or FIDE ID (2) differs, said */
};

static const struct trf_player *player_of(struct reconcile *rc, uint32_t name, uint32_t fide, int *by_name)
{
	const struct trf *t = rc->t;
	*by_name = 1;
	if (fide) {
		for (int i = 0; i < t->count; i++)
			if (t->players[i].fide_id == fide) {
				*by_name = 0;
				return &t->players[i];
			}
	}
	uint32_t f = pool_folded(&rc->c->pool, name);
	if (f == 0)
		return NULL;
	for (int i = 0; i < t->count; i++)
		if (rc->folded[i] == f)
			return &t->players[i];
	const struct trf_player *found = NULL;
	const char *folded = collection_string(rc->c, f);
	for (int i = 0; i < t->count; i++) {
		if (names_compatible(folded, collection_string(rc->c, rc->folded[i]))) {
			if (found)
				return NULL;   /* two could be meant */
			found = &t->players[i];
		}
	}
	return found;
}

static const char *result_of_trf(char own, int white)
{
	switch (own) {
	case '1': case 'W': return white ? "1-0" : "0-1";
	case '0': case 'L': return white ? "0-1" : "1-0";
	case '=': case 'D': return "1/2-1/2";
	default: return "*";
	}
}

static const char *result_text(int r)
{
	static const char *const t[] = { "*", "1-0", "0-1", "1/2-1/2" };
	return t[r & 3];
}

static const char *describe(char result)
{
	switch (result) {
	case '+': return "a forfeit win";
	case '-': return "a forfeit loss";
	case 'H': return "a half-point bye";
	case 'F': return "a full-point bye";
	case 'U': return "a pairing-allocated bye";
	case 'Z': return "a zero-point bye (absent)";
	case '*': return "a pairing without a result yet";
	default: return "a game";
	}
}

/* Says once a player's name or FIDE ID in the game that differs from the report's. */
static void names_agree(struct reconcile *rc, struct collected_findings *out, size_t entry, uint32_t name, uint32_t fide,
			const struct trf_player *p, int by_name)
{
	int i = (int)(p - rc->t->players);
	struct collection *c = rc->c;
	if (!by_name && pool_folded(&c->pool, name) != rc->folded[i] && !(rc->said[i] & 1)) {
		rc->said[i] |= 1;
		struct finding *f = collection_finding(c, out, CHECK_PAIRING_NAME_MISMATCH, SEVERITY_WARNING, entry, -1);
		snprintf(f->message, sizeof f->message, "\"%.60s\" (FIDE ID %u) is \"%.60s\" in the tournament report (line %llu)",
			 collection_string(c, name), fide, p->name, (unsigned long long)p->line);
		f->rule = "FIDE C.04 Annex 2";
	}
	if (by_name && fide && p->fide_id && fide != p->fide_id && !(rc->said[i] & 2)) {
		rc->said[i] |= 2;
		struct finding *f = collection_finding(c, out, CHECK_PAIRING_NAME_MISMATCH, SEVERITY_WARNING, entry, -1);
		snprintf(f->message, sizeof f->message, "%.60s has FIDE ID %u here and %llu in the tournament report (line %llu)",
			 collection_string(c, name), fide, (unsigned long long)p->fide_id, (unsigned long long)p->line);
		f->rule = "FIDE C.04 Annex 2";
	}
}

static void check_game(struct reconcile *rc, struct collected_findings *out, size_t entry)
{
	struct collection *c = rc->c;
	const struct collection_entry *e = &c->entries[entry];
	const struct trf *t = rc->t;
	const char *round = collection_string(c, e->round);
	unsigned r = round_number(round);
	int wn, bn;
	const struct trf_player *w = player_of(rc, e->white, e->white_fide, &wn);
	const struct trf_player *b = player_of(rc, e->black, e->black_fide, &bn);
	if (w)
		names_agree(rc, out, entry, e->white, e->white_fide, w, wn);
	if (b)
		names_agree(rc, out, entry, e->black, e->black_fide, b, bn);
	if (!w || !b || !r || (int)r > t->rounds) {
		struct finding *f = collection_finding(c, out, CHECK_GAME_WITHOUT_PAIRING, SEVERITY_ERROR, entry, -1);
		if (!w || !b)
			snprintf(f->message, sizeof f->message, "%.80s is not a player of the tournament report",
				 collection_string(c, !w ? e->white : e->black));
		else if (!r)
			snprintf(f->message, sizeof f->message, "its Round \"%.40s\" gives no round of the tournament report",
				 round);
		else
			snprintf(f->message, sizeof f->message, "round %u: the tournament report has %d rounds", r, t->rounds);
		f->rule = "FIDE C.04 Annex 2";
		return;
	}
	/* the pairing, in White's rounds or else in Black's */
	const struct trf_round *wr = (int)r <= w->rounds ? &w->round[r - 1] : NULL;
	const struct trf_round *br = (int)r <= b->rounds ? &b->round[r - 1] : NULL;
	const struct trf_round *own = NULL;
	const struct trf_player *by = NULL;
	if (wr && wr->opponent == b->rank) {
		own = wr;
		by = w;
	} else if (br && br->opponent == w->rank) {
		own = br;
		by = b;
	}
	if (!own) {
		const struct trf_player *ow = wr && wr->opponent ? trf_player(t, wr->opponent) : NULL;
		struct finding *f = collection_finding(c, out, CHECK_GAME_WITHOUT_PAIRING, SEVERITY_ERROR, entry, -1);
		if (ow)
			snprintf(f->message, sizeof f->message,
				 "the tournament report pairs %.60s with %.60s in round %u, not with %.60s", w->name, ow->name,
				 r, b->name);
		else
			snprintf(f->message, sizeof f->message,
				 "the tournament report has no game of %.60s and %.60s in round %u (for %.60s: %s)", w->name,
				 b->name, r, w->name, wr ? describe(wr->result) : "nothing");
		f->rule = "FIDE C.04 Annex 2";
		return;
	}
	rc->matched[(size_t)(w - t->players) * TRF_MAX_ROUNDS + r - 1] = 1;
	rc->matched[(size_t)(b - t->players) * TRF_MAX_ROUNDS + r - 1] = 1;
	int by_white = by == w;
	if (!trf_played(own->result) && own->result != '*') {
		if (e->flags & COLLECTED_MOVETEXT) {
			struct finding *f = collection_finding(c, out, CHECK_FORFEIT_WITH_GAME, SEVERITY_ERROR, entry, -1);
			snprintf(f->message, sizeof f->message,
				 "the tournament report gives %.60s %s against %.60s in round %u (line %llu), yet the game has %u plies",
				 by->name, describe(own->result), by_white ? b->name : w->name, r, (unsigned long long)by->line,
				 e->plies);
			f->rule = "FIDE C.04 Annex 2";
		}
		return;
	}
	char colour = own->colour;
	int colours_agree = colour == (by_white ? 'w' : 'b');
	const char *want = result_of_trf(own->result, by_white);
	int results_agree = own->result == '*' || entry_result(e) == RESULT_UNKNOWN || strcmp(want, result_text(entry_result(e))) == 0;
	if (!colours_agree) {
		struct finding *f = collection_finding(c, out, CHECK_PAIRING_MISMATCH, SEVERITY_ERROR, entry, -1);
		const struct trf_player *white = colour == 'w' ? by : (by_white ? b : w);
		const struct trf_player *black = white == w ? b : w;
		snprintf(f->message, sizeof f->message,
			 "round %u: the tournament report (line %llu) has %.60s with White and %.60s with Black",
			 r, (unsigned long long)by->line, colour == '-' ? by->name : white->name,
			 colour == '-' ? (by_white ? b->name : w->name) : black->name);
		if (colour == '-')
			snprintf(f->message, sizeof f->message, "round %u: the tournament report (line %llu) gives the game no colours",
				 r, (unsigned long long)by->line);
		f->rule = "FIDE C.04 Annex 2";
	} else if (!results_agree) {
		struct finding *f = collection_finding(c, out, CHECK_PAIRING_MISMATCH, SEVERITY_ERROR, entry, -1);
		snprintf(f->message, sizeof f->message, "round %u: the result is %s here and %s in the tournament report (line %llu)",
			 r, result_text(entry_result(e)), want, (unsigned long long)by->line);
		f->rule = "FIDE C.04 Annex 2";
	}
}

void find_pairing_problems(struct collection *c, struct collected_findings *out)
{
	if (!c->trf)
		return;
	const struct trf *t = c->trf;
	struct reconcile rc = { c, t, NULL, NULL, NULL };
	rc.folded = xmalloc(((size_t)t->count + 1) * sizeof *rc.folded);
	for (int i = 0; i < t->count; i++) {
		char buf[COLLECT_STRING_MAX + 1];
		size_t n = names_fold(t->players[i].name, buf, sizeof buf);
		rc.folded[i] = pool_intern(&c->pool, buf, n);
	}
	rc.matched = xcalloc((size_t)t->count * TRF_MAX_ROUNDS + 1, 1);
	rc.said = xcalloc((size_t)t->count + 1, 1);
	/* the tournament's games: of its name, or all */
	char name[COLLECT_STRING_MAX + 1], event_folded[COLLECT_STRING_MAX + 1];
	names_fold(t->name, name, sizeof name);
	int any = 0;
	uint8_t *ours = xcalloc(c->count + 1, 1);
	for (size_t i = 0; i < c->count; i++) {
		const char *event, *site, *date;
		collection_event(c, c->entries[i].event, &event, &site, &date);
		names_fold(event, event_folded, sizeof event_folded);
		ours[i] = name[0] && strcmp(name, event_folded) == 0;
		any |= ours[i];
	}
	for (size_t i = 0; i < c->count; i++)
		if ((ours[i] || !any) && !(c->entries[i].flags & COLLECTED_COPY))
			check_game(&rc, out, i);
	/* the pairings played with no game */
	for (int i = 0; i < t->count; i++) {
		const struct trf_player *p = &t->players[i];
		for (int r = 1; r <= p->rounds; r++) {
			const struct trf_round *pr = &p->round[r - 1];
			const struct trf_player *o = pr->opponent ? trf_player(t, pr->opponent) : NULL;
			if (!o || rc.matched[(size_t)i * TRF_MAX_ROUNDS + r - 1] || (pr->result != '1' && pr->result != '=' && pr->result != '0'))
				continue;
			/* once a pairing: at the player of the lower start rank, unless
			 * only this one gives it */
			int other = (int)(o - t->players);
			const struct trf_round *orr = r <= o->rounds ? &o->round[r - 1] : NULL;
			if (orr && orr->opponent == p->rank && o->rank < p->rank)
				continue;
			(void)other;
			struct finding *f = collection_pairing_finding(c, out, CHECK_PAIRING_WITHOUT_GAME, SEVERITY_ERROR, i, r);
			snprintf(f->message, sizeof f->message,
				 "round %d: %.60s - %.60s, %s in the tournament report, is not among the games", r,
				 pr->colour == 'b' ? o->name : p->name, pr->colour == 'b' ? p->name : o->name,
				 result_of_trf(pr->result, pr->colour != 'b'));
			f->rule = "FIDE C.04 Annex 2";
		}
	}
	free(ours);
	free(rc.folded);
	free(rc.matched);
	free(rc.said);
}
