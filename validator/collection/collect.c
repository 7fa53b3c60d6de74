/*
 * collect.c - what a game leaves for the collection checks.
 *
 * In the thread that audited it, a game is copied into a batch as it is:
 * a header, its tags' text (their offsets, then the bytes of the arena
 * that hold them), its notes before its first move and after its last,
 * and with COLLECT_PREFIXES its moves, 16 bits each after the start
 * position's key (internal.h): exact, and the moves' hash can be made of
 * them again for any ply.  Only the moves' hash is computed then, while
 * the record is in the cache.  What the tags say - the players, the
 * event, the dates, the FIDE IDs, a forfeit - is read when the batch is
 * read back (collect_record_next, by collection_add, many games in a
 * row): the auditing thread runs a few copies for it, not the code that
 * reads them, which would push the audit's own out of the caches once a
 * game.
 */
#include "validator/collection/collection.h"
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/memory.h"

/* The longest comment read for "not played". */
#define UNPLAYED_NOTE_MAX 60

/* A game's header in a batch; then its tags' offsets (name, value: 2 *
 * tag_count, from the start of the text), the text, its two notes each
 * ended by a NUL, and at the next multiple of 8 its moves. */
struct collected_game {
	uint64_t line;          /* the line it starts on, in the piece */
	uint64_t moves;         /* entry.moves */
	uint32_t game;          /* its number in the piece */
	uint32_t prefixes;      /* units of moves (COLLECT_START_UNITS and one a ply) */
	uint32_t text_len;
	uint16_t tag_count;
	uint16_t plies;         /* entry.plies */
	uint16_t annotations;   /* entry.annotations */
	uint8_t note_len[2];    /* the notes before the first move and after the last (0: none) */
	uint8_t flags;          /* COLLECTED_COMPLETE, _MOVETEXT, _PREFIXES */
	int8_t worst;
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

#define MOVES_K2 (MOVES_K * MOVES_K)

/* The hash of rec's plies (collect_hash_step, a move at a time), and with
 * `units` their units.  Taken two plies at a time, h(p + 2) = h(p) * K^2 +
 * (t(p + 1) * K + t(p + 2)): one multiply and one add a ply on the chain
 * from ply to ply, which is what its time is. */
static uint64_t moves_hash(const struct game_record *rec, uint32_t plies, uint16_t *units)
{
	uint16_t start[COLLECT_START_UNITS];
	uint64_t key = record_key(rec, 0);
	for (unsigned i = 0; i < COLLECT_START_UNITS; i++)
		start[i] = (uint16_t)(key >> (16 * i));
	uint64_t h = collect_start_hash(start);
	if (units) {
		memcpy(units, start, sizeof start);
		units += COLLECT_START_UNITS;
	}
	uint32_t p = 0;
	for (; p + 2 <= plies; p += 2) {
		unsigned m1 = rec->plies[p].move & COLLECT_MOVE_MASK, m2 = rec->plies[p + 1].move & COLLECT_MOVE_MASK;
		h = h * MOVES_K2 + (collect_move_term(m1) * MOVES_K + collect_move_term(m2));
		if (units) {
			units[p] = (uint16_t)m1;
			units[p + 1] = (uint16_t)m2;
		}
	}
	if (p < plies) {
		unsigned m = rec->plies[p].move & COLLECT_MOVE_MASK;
		h = collect_hash_step(h, m);
		if (units)
			units[p] = (uint16_t)m;
	}
	return collect_hash_final(h);
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

/* The comment at token i, for names_say_unplayed: a short one ("{forfeit}",
 * "{Black did not show up}"), not a story that mentions one, nor a command
 * ({[%clk 0:10:00]}); its length, 0 if none. */
static size_t note_of(const struct pgn_game *g, int i, const char **text)
{
	if (i < 0)
		return 0;
	const struct pgn_token *t = &g->tokens[i];
	*text = g->arena + t->text;
	if (t->length > UNPLAYED_NOTE_MAX || ((*text)[0] == '[' && (*text)[1] == '%'))
		return 0;
	return t->length;
}

void collect_game(struct collect_batch *b, const struct pgn_game *g, const struct game_record *rec, int game,
		  int worst, unsigned wants)
{
	struct collected_game head;
	memset(&head, 0, sizeof head);
	head.line = g->first_line;
	head.game = (uint32_t)game;
	head.worst = (int8_t)worst;
	uint32_t plies = rec->stop == STOP_NOT_STARTED ? 0 : (uint32_t)rec->count;
	head.plies = (uint16_t)(plies > COLLECT_PLIES_MAX ? COLLECT_PLIES_MAX : plies);
	if (rec->stop == STOP_NONE && plies <= COLLECT_PLIES_MAX)
		head.flags |= COLLECTED_COMPLETE;
	/* How much a copy is annotated, to keep the most annotated one: its
	 * tokens (the same moves have the same move tokens; comments, NAGs and
	 * variations add to them). */
	head.annotations = (uint16_t)(g->token_count > 65535 ? 65535 : g->token_count);
	int prefixes = (wants & COLLECT_PREFIXES) && head.plies > 0 && plies <= COLLECT_PLIES_MAX;
	if (prefixes) {
		head.flags |= COLLECTED_PREFIXES;
		head.prefixes = COLLECT_START_UNITS + head.plies;
	}

	/* The tags' text: from the first name to the end of the last value
	 * (the arena's strings do not overlap, so every tag is in it). */
	uint32_t lo = UINT32_MAX, hi = 0;
	for (int i = 0; i < g->tag_count; i++) {
		lo = g->tags[i].name < lo ? g->tags[i].name : lo;
		hi = g->tags[i].value > hi ? g->tags[i].value : hi;
	}
	if (g->tag_count) {
		head.tag_count = (uint16_t)g->tag_count;
		head.text_len = hi + (uint32_t)strlen(g->arena + hi) + 1 - lo;
	}

	/* The main line's comments before its first move and after its last:
	 * the first of the one, the last of the other.  The tokens in between
	 * are not looked at: a game's every token would cost more than the
	 * rest of what it leaves here. */
	int first_note = -1, last_note = -1;
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->type == TOKEN_SYMBOL && t->depth == 0) {
			head.flags |= COLLECTED_MOVETEXT;
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
			last_note = i == first_note ? -1 : i;
			break;
		}
	}
	const char *note[2] = { NULL, NULL };
	size_t note_len[2] = { note_of(g, first_note, &note[0]), note_of(g, last_note, &note[1]) };
	head.note_len[0] = (uint8_t)note_len[0];
	head.note_len[1] = (uint8_t)note_len[1];

	size_t offsets = 2 * sizeof(uint32_t) * head.tag_count;
	size_t notes_at = sizeof head + offsets + head.text_len;
	size_t fp_at = (notes_at + note_len[0] + note_len[1] + 2 + 7) & ~(size_t)7;
	size_t size = (fp_at + 2 * (size_t)head.prefixes + 7) & ~(size_t)7;
	reserve(b, size);
	unsigned char *at = b->data + b->len;
	uint32_t *offset = (uint32_t *)(at + sizeof head);
	for (size_t i = 0; i < head.tag_count; i++) {
		offset[2 * i] = g->tags[i].name - lo;
		offset[2 * i + 1] = g->tags[i].value - lo;
	}
	memcpy(at + sizeof head + offsets, g->arena + lo, head.text_len);
	unsigned char *n = at + notes_at;
	for (int k = 0; k < 2; k++) {
		memcpy(n, note_len[k] ? note[k] : "", note_len[k]);
		n[note_len[k]] = '\0';
		n += note_len[k] + 1;
	}
	head.moves = head.plies > 0 ? moves_hash(rec, head.plies, prefixes ? (uint16_t *)(at + fp_at) : NULL) : 0;
	memcpy(at, &head, sizeof head);
	b->len += size;
	b->games++;
}

/* A tag value's length, cut to COLLECT_STRING_MAX. */
static uint16_t cut_length(const char *v)
{
	size_t n = v ? strlen(v) : 0;
	return (uint16_t)(n > COLLECT_STRING_MAX ? COLLECT_STRING_MAX : n);
}

const unsigned char *collect_record_next(const unsigned char *at, struct collect_record *r,
					 char event_text[COLLECT_EVENT_MAX])
{
	struct collected_game head;
	memcpy(&head, at, sizeof head);
	const unsigned char *offsets = at + sizeof head;
	const char *text = (const char *)(offsets + 2 * sizeof(uint32_t) * head.tag_count);
	const char *notes = text + head.text_len;

	const char *s[COLLECT_STRINGS] = { 0 };
	const char *event = NULL, *site = NULL, *event_date = NULL;
	const char *date = NULL, *board = NULL, *wfide = NULL, *bfide = NULL, *result = NULL;
	const char *termination = NULL, *annotator = NULL;
	for (int i = 0; i < head.tag_count; i++) {
		uint32_t o[2];
		memcpy(o, offsets + 2 * sizeof(uint32_t) * (size_t)i, sizeof o);
		const char *name = text + o[0], *value = text + o[1];
		const char **to = NULL;
		/* the value follows the name's NUL (pgn.h): the name's length */
		size_t n = o[1] - o[0] - 1;
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

	struct collection_entry *e = &r->e;
	memset(e, 0, sizeof *e);
	e->moves = head.moves;
	e->plies = head.plies;
	e->annotations = head.annotations;
	e->flags = head.flags;
	e->white_fide = fide_id(wfide);
	e->black_fide = fide_id(bfide);
	e->date = names_date(date);
	e->grade = (uint8_t)(result_of(result) | (result && strcmp(result, "*") == 0 ? GRADE_UNFINISHED : 0));
	entry_set_worst(e, head.worst);
	if (board) {
		uint32_t n = fide_id(board);
		if (n == 0 || n > 65535)
			e->flags |= COLLECTED_BAD_BOARD;
		else
			e->board = (uint16_t)n;
	}
	int says = names_say_unplayed(annotator);
	if (termination && *termination && strcasecmp(termination, "normal") != 0 &&
	    strcasecmp(termination, "unterminated") != 0 && strcmp(termination, "?") != 0) {
		e->flags |= COLLECTED_TERMINATION;
		says |= names_say_unplayed(termination);
	}
	if (!(says & 1) && head.note_len[0])
		says |= names_say_unplayed(notes);
	if (!(says & 1) && head.note_len[1])
		says |= names_say_unplayed(notes + head.note_len[0] + 1);
	if (says & 1)
		e->flags |= COLLECTED_UNPLAYED;
	if (says & 2)
		e->flags |= COLLECTED_FORFEIT_NOTE;
	/* "abandoned" (PGN 9.8.1), or chess.com's "X won - game abandoned":
	 * a game left, which before a move is no game won over the board */
	size_t tl = termination ? strlen(termination) : 0;
	if (!(says & 2) && tl >= 9 && strcasecmp(termination + tl - 9, "abandoned") == 0) {
		e->flags &= (uint8_t)~COLLECTED_TERMINATION;
		e->grade |= GRADE_ABANDONED;
	}

	/* the event: its three tags, but a Site that is an address (lichess,
	 * chess.com: the game's own page), which is no place: it would make
	 * each game an event */
	const char *part[3] = { event, site, event_date };
	if (site && (strncmp(site, "http://", 7) == 0 || strncmp(site, "https://", 8) == 0))
		part[1] = NULL;
	size_t tuple = 0;
	uint16_t part_len[3];
	for (int i = 0; i < 3; i++) {
		part_len[i] = cut_length(part[i]);
		tuple += part_len[i];
	}
	char *to = event_text;
	for (int k = 0; tuple && k < 3; k++) {
		memcpy(to, part[k] ? part[k] : "", part_len[k]);
		to += part_len[k];
		*to++ = '\0';
	}
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		r->s[i] = i == COLLECT_EVENT ? event_text : s[i] ? s[i] : "";
		r->len[i] = i == COLLECT_EVENT ? (uint16_t)(to - event_text) : cut_length(s[i]);
	}
	r->game = head.game;
	r->line = head.line;
	size_t fp_at = (size_t)(notes - (const char *)at) + head.note_len[0] + head.note_len[1] + 2;
	fp_at = (fp_at + 7) & ~(size_t)7;
	r->fp = (const uint16_t *)(at + fp_at);
	r->fp_count = head.prefixes;
	return at + ((fp_at + 2 * (size_t)head.prefixes + 7) & ~(size_t)7);
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
