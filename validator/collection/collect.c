/*
 * collect.c - what a game leaves for the collection checks.
 *
 * In the thread that audited it, while its tags are in the cache, a game
 * is read into a batch: a header with what its tags and notes say (the
 * FIDE IDs, the date, the board, the result, a forfeit or a game not
 * played), the four strings the index keeps once (White, Black, the
 * event's three tags, Round), and with COLLECT_PREFIXES its moves, 16 bits
 * each after the start position's key (internal.h): exact, and the moves'
 * hash can be made of them again for any ply.  collection_add takes the
 * batch's games into the index many at a time (collect_record_next), so
 * that the index's code and tables stay in the caches for them all; until
 * 2026-12-04 the batch held the tags' whole text and the index read them,
 * which copied every tag twice (bench/HISTORY.md, sixth round).
 */
#include "validator/collection/collection.h"
#include "validator/collection/internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/memory.h"

/* The longest comment read for "not played". */
#define UNPLAYED_NOTE_MAX 60

/* A game's header in a batch; then its strings (len[] bytes each, one
 * after another, not ended by a NUL) and at the next multiple of 8 its
 * moves. */
struct collected_game {
	uint64_t line;          /* the line it starts on, in the piece */
	uint64_t moves;         /* entry.moves */
	uint32_t game;          /* its number in the piece */
	uint32_t prefixes;      /* units of moves (COLLECT_START_UNITS and one a ply) */
	uint32_t white_fide, black_fide, date; /* the entry's */
	uint16_t plies;         /* entry.plies */
	uint16_t annotations;   /* entry.annotations */
	uint16_t board;         /* entry.board */
	uint16_t len[COLLECT_STRINGS];
	uint8_t flags;          /* COLLECTED_* */
	uint8_t grade;          /* the entry's, but its worst */
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

/* A tag value's length, cut to COLLECT_STRING_MAX. */
static uint16_t cut_length(const char *v)
{
	size_t n = v ? strlen(v) : 0;
	return (uint16_t)(n > COLLECT_STRING_MAX ? COLLECT_STRING_MAX : n);
}

/* names_say_unplayed of the comment at token i (note_of), 0 if none. */
static int note_says(const struct pgn_game *g, int i)
{
	const char *text;
	size_t n = note_of(g, i, &text);
	if (!n)
		return 0;
	char note[UNPLAYED_NOTE_MAX + 1];
	memcpy(note, text, n);
	note[n] = '\0';
	return names_say_unplayed(note);
}

/* The tags that the index reads, each the first of its name. */
struct read_tags {
	const char *white, *black, *round, *event, *site, *event_date;
	const char *date, *board, *wfide, *bfide, *result, *termination, *annotator;
};

static void read_tags(const struct pgn_game *g, struct read_tags *t)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name, *value = g->arena + g->tags[i].value;
		const char **to = NULL;
		/* the value follows the name's NUL (pgn.h): the name's length */
		size_t n = g->tags[i].value - g->tags[i].name - 1;
		/* against the names of the tags that begin with its letter:
		 * length first */
#define IS(literal) (n == sizeof(literal) - 1 && memcmp(name, (literal), sizeof(literal) - 1) == 0)
		switch (name[0]) {
		case 'A': if (IS("Annotator")) to = &t->annotator; break;
		case 'B':
			if (IS("Black")) to = &t->black;
			else if (IS("Board")) to = &t->board;
			else if (IS("BlackFideId")) to = &t->bfide;
			break;
		case 'D': if (IS("Date")) to = &t->date; break;
		case 'E':
			if (IS("Event")) to = &t->event;
			else if (IS("EventDate")) to = &t->event_date;
			break;
		case 'R':
			if (IS("Round")) to = &t->round;
			else if (IS("Result")) to = &t->result;
			break;
		case 'S': if (IS("Site")) to = &t->site; break;
		case 'T': if (IS("Termination")) to = &t->termination; break;
		case 'W':
			if (IS("White")) to = &t->white;
			else if (IS("WhiteFideId")) to = &t->wfide;
			break;
		default: break;
		}
#undef IS
		if (to && !*to)
			*to = value;
	}
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

	struct read_tags t;
	read_tags(g, &t);
	head.white_fide = fide_id(t.wfide);
	head.black_fide = fide_id(t.bfide);
	head.date = names_date(t.date);
	head.grade = (uint8_t)(result_of(t.result) | (t.result && strcmp(t.result, "*") == 0 ? GRADE_UNFINISHED : 0));
	if (t.board) {
		uint32_t n = fide_id(t.board);
		if (n == 0 || n > 65535)
			head.flags |= COLLECTED_BAD_BOARD;
		else
			head.board = (uint16_t)n;
	}
	int says = names_say_unplayed(t.annotator);
	const char *term = t.termination;
	if (term && *term && strcasecmp(term, "normal") != 0 && strcasecmp(term, "unterminated") != 0 &&
	    strcmp(term, "?") != 0) {
		head.flags |= COLLECTED_TERMINATION;
		says |= names_say_unplayed(term);
	}
	if (!(says & 1))
		says |= note_says(g, first_note);
	if (!(says & 1))
		says |= note_says(g, last_note);
	if (says & 1)
		head.flags |= COLLECTED_UNPLAYED;
	if (says & 2)
		head.flags |= COLLECTED_FORFEIT_NOTE;
	/* "abandoned" (PGN 9.8.1), or chess.com's "X won - game abandoned":
	 * a game left, which before a move is no game won over the board */
	size_t tl = term ? strlen(term) : 0;
	if (!(says & 2) && tl >= 9 && strcasecmp(term + tl - 9, "abandoned") == 0) {
		head.flags &= (uint8_t)~COLLECTED_TERMINATION;
		head.grade |= GRADE_ABANDONED;
	}

	/* the event: its three tags, each ended by a NUL, but a Site that is
	 * an address (lichess, chess.com: the game's own page), which is no
	 * place: it would make each game an event; none of them: "" */
	const char *part[3] = { t.event, t.site, t.event_date };
	if (t.site && (strncmp(t.site, "http://", 7) == 0 || strncmp(t.site, "https://", 8) == 0))
		part[1] = NULL;
	uint16_t part_len[3];
	size_t tuple = 0;
	for (int i = 0; i < 3; i++) {
		part_len[i] = cut_length(part[i]);
		tuple += part_len[i];
	}
	const char *str[COLLECT_STRINGS] = { t.white, t.black, NULL, t.round };
	for (int i = 0; i < COLLECT_STRINGS; i++)
		head.len[i] = i == COLLECT_EVENT ? (uint16_t)(tuple ? tuple + 3 : 0) : cut_length(str[i]);

	size_t fp_at = (sizeof head + (size_t)head.len[0] + head.len[1] + head.len[2] + head.len[3] + 7) & ~(size_t)7;
	size_t size = (fp_at + 2 * (size_t)head.prefixes + 7) & ~(size_t)7;
	reserve(b, size);
	unsigned char *at = b->data + b->len;
	char *to = (char *)at + sizeof head;
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		if (i != COLLECT_EVENT) {
			memcpy(to, str[i] ? str[i] : "", head.len[i]);
			to += head.len[i];
			continue;
		}
		for (int k = 0; tuple && k < 3; k++) {
			memcpy(to, part[k] ? part[k] : "", part_len[k]);
			to += part_len[k];
			*to++ = '\0';
		}
	}
	head.moves = head.plies > 0 ? moves_hash(rec, head.plies, prefixes ? (uint16_t *)(at + fp_at) : NULL) : 0;
	memcpy(at, &head, sizeof head);
	b->len += size;
	b->games++;
}

const unsigned char *collect_record_next(const unsigned char *at, struct collect_record *r)
{
	struct collected_game head;
	memcpy(&head, at, sizeof head);
	struct collection_entry *e = &r->e;
	memset(e, 0, sizeof *e);
	e->moves = head.moves;
	e->plies = head.plies;
	e->annotations = head.annotations;
	e->flags = head.flags;
	e->white_fide = head.white_fide;
	e->black_fide = head.black_fide;
	e->date = head.date;
	e->board = head.board;
	e->grade = head.grade;
	entry_set_worst(e, head.worst);
	const char *text = (const char *)at + sizeof head;
	size_t fp_at = sizeof head;
	for (int i = 0; i < COLLECT_STRINGS; i++) {
		r->s[i] = text;
		r->len[i] = head.len[i];
		text += head.len[i];
		fp_at += head.len[i];
	}
	r->game = head.game;
	r->line = head.line;
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
