/*
 * collect.c - what a game leaves for the collection checks, in the thread
 * that audited it: its entry with the strings it names, and the
 * fingerprints of its moves.
 *
 * A batch holds, for each game: the entry (game and line counted as the
 * game's own are, within a piece of the file under -j N), a header of the
 * strings' lengths, the strings (White, Black, the event, Round; each tag
 * at most COLLECT_STRING_MAX bytes), and with COLLECT_PREFIXES
 * one 32-bit fingerprint a ply: the high half of the hash of the moves up
 * to it, the last being the high half of entry.moves.
 */
#include "validator/collection/collection.h"
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/memory.h"

/* The longest comment read for "not played". */
#define UNPLAYED_NOTE_MAX 60

struct collected_strings {
	uint64_t line;          /* the line it starts on, in the piece */
	uint32_t game;          /* its number in the piece */
	uint32_t prefixes;
	uint16_t len[COLLECT_STRINGS];
};

static void reserve(struct collect_batch *b, size_t more)
{
	if (b->len + more <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 1 << 14;
	while (cap < b->len + more)
		cap *= 2;
	b->data = xmemory_grow(b->data, b->len, cap);
	b->cap = cap;
}

/* splitmix64's finaliser: every bit of x moves every bit of the result. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* The moves' hash after ply p: h(p) = h(p - 1) * K + key(p), the key of
 * the position after ply p (random already), modulo 2^64; its high half is
 * the fingerprint of the first p plies, the high half of the hash of a game
 * of p plies.  Taken two plies at a time, h(p + 2) = h(p) * K^2 + (key(p +
 * 1) * K + key(p + 2)): one multiply and one add a ply on the chain from
 * ply to ply, which is what its time is. */
#define MOVES_K 0x9e3779b97f4a7c15ull
#define MOVES_K2 (MOVES_K * MOVES_K)

/* The hash of rec's plies, their fingerprints into fp (NULL: none). */
static uint64_t moves_hash(const struct game_record *rec, uint32_t plies, uint32_t *fp)
{
	uint64_t h = mix(record_key(rec, 0));
	uint32_t p = 1;
	for (; p + 1 <= plies; p += 2) {
		uint64_t k1 = record_key(rec, (int)p), k2 = record_key(rec, (int)p + 1);
		uint64_t h1 = h * MOVES_K + k1;
		h = h * MOVES_K2 + (k1 * MOVES_K + k2);
		if (fp) {
			fp[p - 1] = (uint32_t)(h1 >> 32);
			fp[p] = (uint32_t)(h >> 32);
		}
	}
	if (p <= plies) {
		h = h * MOVES_K + record_key(rec, (int)p);
		if (fp)
			fp[p - 1] = (uint32_t)(h >> 32);
	}
	return h ? h : 1;
}

static enum game_result result_of(const char *v)
{
	if (!v)
		return RESULT_UNKNOWN;
	if (strcmp(v, "1-0") == 0)
		return RESULT_WHITE;
	if (strcmp(v, "0-1") == 0)
		return RESULT_BLACK;
	if (strcmp(v, "1/2-1/2") == 0)
		return RESULT_DRAW;
	return RESULT_UNKNOWN;
}

/* A FIDE ID: digits, 1 to 9 of them, not all 0. */
static uint32_t fide_id(const char *v)
{
	uint32_t n = 0;
	int digits = 0;
	if (!v)
		return 0;
	for (; *v >= '0' && *v <= '9'; v++) {
		if (++digits > 9)
			return 0;
		n = n * 10 + (uint32_t)(*v - '0');
	}
	return *v ? 0 : n;
}

void collect_game(struct collect_batch *b, const struct pgn_game *g, const struct game_record *rec, int game,
		  int worst, unsigned wants)
{
	const char *s[COLLECT_STRINGS] = { 0 };
	const char *event = NULL, *site = NULL, *event_date = NULL;
	const char *date = NULL, *board = NULL, *wfide = NULL, *bfide = NULL, *result = NULL;
	const char *termination = NULL, *annotator = NULL;
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name, *value = g->arena + g->tags[i].value;
		const char **to = NULL;
		/* the value follows the name's NUL (pgn.h): the name's length */
		size_t n = g->tags[i].value - g->tags[i].name - 1;
		/* against the names of the tags that begin with its letter:
		 * length first */
#define IS(literal) (n == sizeof(literal) - 1 && memcmp(name, (literal), sizeof(literal) - 1) == 0)
		switch (name[0]) {
		case 'A': if (IS("Annotator")) to = &annotator; break;
		case 'B':
			if (IS("Black")) to = &s[COLLECT_BLACK];
			else if (IS("Board")) to = &board;
			else if (IS("BlackFideId")) to = &bfide;
			break;
		case 'D': if (IS("Date")) to = &date; break;
		case 'E':
			if (IS("Event")) to = &event;
			else if (IS("EventDate")) to = &event_date;
			break;
		case 'R':
			if (IS("Round")) to = &s[COLLECT_ROUND];
			else if (IS("Result")) to = &result;
			break;
		case 'S': if (IS("Site")) to = &site; break;
		case 'T': if (IS("Termination")) to = &termination; break;
		case 'W':
			if (IS("White")) to = &s[COLLECT_WHITE];
			else if (IS("WhiteFideId")) to = &wfide;
			break;
		default: break;
		}
#undef IS
		if (to && !*to)
			*to = value;
	}

	struct collection_entry e;
	memset(&e, 0, sizeof e);
	uint32_t plies = rec->stop == STOP_NOT_STARTED ? 0 : (uint32_t)rec->count;
	e.plies = (uint16_t)(plies > COLLECT_PLIES_MAX ? COLLECT_PLIES_MAX : plies);
	e.white_fide = fide_id(wfide);
	e.black_fide = fide_id(bfide);
	e.date = names_date(date);
	e.grade = (uint8_t)result_of(result);
	entry_set_worst(&e, worst);
	if (board) {
		uint32_t n = fide_id(board);
		if (n == 0 || n > 65535)
			e.flags |= COLLECTED_BAD_BOARD;
		else
			e.board = (uint16_t)n;
	}
	if (rec->stop == STOP_NONE && plies <= COLLECT_PLIES_MAX)
		e.flags |= COLLECTED_COMPLETE;
	int says = names_say_unplayed(annotator);
	if (termination && *termination && strcasecmp(termination, "normal") != 0 &&
	    strcasecmp(termination, "unterminated") != 0 && strcmp(termination, "?") != 0) {
		e.flags |= COLLECTED_TERMINATION;
		says |= names_say_unplayed(termination);
	}
	/* The main line's comments before its first move and after its last:
	 * the first of the one, the last of the other.  The tokens in between
	 * are not looked at: a game's every token would cost more than the
	 * rest of what it leaves here. */
	int first_note = -1, last_note = -1;
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->type == TOKEN_SYMBOL && t->depth == 0) {
			e.flags |= COLLECTED_MOVETEXT;
			break;
		}
		if (t->type == TOKEN_COMMENT && t->depth == 0 && first_note < 0)
			first_note = i;
	}
	for (int i = g->token_count; i-- > 0;) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->type == TOKEN_SYMBOL && t->depth == 0)
			break;
		if (t->type == TOKEN_COMMENT && t->depth == 0) {
			last_note = i;
			break;
		}
	}
	/* A note that the game was not played stands there: a short one
	 * ("{forfeit}", "{Black did not show up}"), not a story that mentions
	 * one, nor a command ({[%clk 0:10:00]}). */
	for (int k = 0; k < 2 && !(says & 1); k++) {
		int i = k == 0 ? first_note : last_note;
		if (i < 0 || (k == 1 && i == first_note))
			continue;
		const struct pgn_token *t = &g->tokens[i];
		const char *text = g->arena + t->text;
		if (t->length <= UNPLAYED_NOTE_MAX && !(text[0] == '[' && text[1] == '%'))
			says |= names_say_unplayed(text);
	}
	/* How much a copy is annotated, to keep the most annotated one: its
	 * tokens (the same moves have the same move tokens; comments, NAGs and
	 * variations add to them). */
	e.annotations = (uint16_t)(g->token_count > 65535 ? 65535 : g->token_count);
	if (says & 1)
		e.flags |= COLLECTED_UNPLAYED;
	if (says & 2)
		e.flags |= COLLECTED_FORFEIT_NOTE;

	int prefixes = (wants & COLLECT_PREFIXES) && e.plies > 0 && plies <= COLLECT_PLIES_MAX;
	if (prefixes)
		e.flags |= COLLECTED_PREFIXES;
	struct collected_strings head = { g->first_line, (uint32_t)game, prefixes ? e.plies : 0, { 0 } };
	/* the event: its three tags, but a Site that is an address (lichess,
	 * chess.com: the game's own page), which is no place: it would make
	 * each game an event */
	const char *part[3] = { event, site, event_date };
	size_t part_len[3];
	if (site && (strncmp(site, "http://", 7) == 0 || strncmp(site, "https://", 8) == 0))
		part[1] = NULL;
	size_t strings = 0, tuple = 0;
	for (int i = 0; i < 3; i++) {
		size_t n = part[i] ? strlen(part[i]) : 0;
		part_len[i] = n > COLLECT_STRING_MAX ? COLLECT_STRING_MAX : n;
		tuple += part_len[i];
	}
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		size_t n = i == COLLECT_EVENT ? (tuple ? tuple + 3 : 0) : s[i] ? strlen(s[i]) : 0;
		head.len[i] = (uint16_t)(i != COLLECT_EVENT && n > COLLECT_STRING_MAX ? COLLECT_STRING_MAX : n);
		strings += head.len[i];
	}
	size_t size = collect_record_size(&head.len[0], head.prefixes);
	reserve(b, size);
	unsigned char *at = b->data + b->len;
	unsigned char *strings_at = at + sizeof e + sizeof head;
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		if (i != COLLECT_EVENT) {
			memcpy(strings_at, s[i] ? s[i] : "", head.len[i]);
			strings_at += head.len[i];
			continue;
		}
		for (int k = 0; tuple && k < 3; k++) {
			memcpy(strings_at, part[k] ? part[k] : "", part_len[k]);
			strings_at += part_len[k];
			*strings_at++ = '\0';
		}
	}
	uint32_t *fp = (uint32_t *)(at + collect_prefixes_at(strings));
	e.moves = e.plies > 0 ? moves_hash(rec, e.plies, prefixes ? fp : NULL) : 0;
	memcpy(at, &e, sizeof e);
	memcpy(at + sizeof e, &head, sizeof head);
	b->len += size;
	b->games++;
}

size_t collect_prefixes_at(size_t strings)
{
	size_t at = sizeof(struct collection_entry) + sizeof(struct collected_strings) + strings;
	return (at + 7) & ~(size_t)7;
}

size_t collect_record_size(const uint16_t *len, uint32_t prefixes)
{
	size_t strings = 0;
	for (int i = 0; i < COLLECT_STRINGS; i++)
		strings += len[i];
	return (collect_prefixes_at(strings) + 4 * (size_t)prefixes + 7) & ~(size_t)7;
}

const unsigned char *collect_record_next(const unsigned char *at, struct collect_record *r)
{
	struct collected_strings head;
	memcpy(&r->e, at, sizeof r->e);
	memcpy(&head, at + sizeof r->e, sizeof head);
	r->game = head.game;
	r->line = head.line;
	const char *p = (const char *)(at + sizeof r->e + sizeof head);
	size_t total = 0;
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		r->s[i] = p;
		r->len[i] = head.len[i];
		p += head.len[i];
		total += head.len[i];
	}
	r->fp = (const uint32_t *)(at + collect_prefixes_at(total));
	r->fp_count = head.prefixes;
	return at + collect_record_size(head.len, head.prefixes);
}

void collect_batch_clear(struct collect_batch *b)
{
	b->len = 0;
	b->games = 0;
}

void collect_batch_free(struct collect_batch *b)
{
	free(b->data);
	memset(b, 0, sizeof *b);
}
