/*
 * endings.c - the one table of phrases that record how a game ended (see
 * endings.h), and the policy of where they count.
 *
 * Where a phrase counts:
 *  - In the tags Termination and TerminationDetails (TCEC writes the reason
 *    there: "3-Fold repetition", "Fifty moves rule"), anywhere in the value:
 *    a tag is about the ending and nothing else.
 *  - In comments only in the last comments of the main line: the depth-0
 *    comments after its last move (all of them when it has no move).  Earlier
 *    comments and comments in variations are analysis ("avoiding a repetition
 *    of moves", "threatening a repetition").  A last comment is cut into
 *    clauses at , ; ( ) [ ] and at . : ! ? before a blank or the end (but
 *    not at a move number's dot), so that engine data ("R50=27, Rd=-5,
 *    3-Fold repetition") and chatter stay apart from the statement while
 *    "30...Kh8" and "4. Ba4" stay whole, and a phrase counts only in a
 *    clause that says how the game ended:
 *      IN_STATEMENT  the clause also has an outcome word - a word starting
 *                    with "draw" or "claim", or "ends"/"ended" ("Draw by
 *                    3-fold repetition", "Black claimed a draw due to the 50
 *                    move rule");
 *      WHOLE_CLAUSE  the clause is the phrase alone, optionally followed by
 *                    "s", "rule", "repetition" or "rep" ("3-Fold repetition",
 *                    "Fifty moves rule");
 *      IN_CLAUSE     the phrase states the ending by itself ("White forfeits
 *                    on time", "Now the flag fell");
 *    and never in a clause with a hedge word (hedge_words below: "avoids a
 *    draw by repetition", "would be drawn by repetition", "if ... on time",
 *    "was impossible here", "couldn't", "is likely", "missed a draw by
 *    repetition").  pgn-extract's markers "{ REPEAT }" and "{ FIFTY }" mark
 *    positions, not endings, and are deliberately not phrases.
 *  - A draw claim only where the result allows one (claim_counts): never
 *    with a decisive result, and from a comment only in a game scored
 *    1/2-1/2 (or 1/2).  Annotators write of repetitions in every kind of
 *    game; a decisive game's record is not a draw claim, and a comment in
 *    a game without a result is as likely analysis.  This policy was read
 *    against the closing comments of the corpus and of 62 other real files
 *    (club archives, tournament books, ChessBase exports, FICS, TCEC);
 *    pgnaudit-check(1) states it for users.
 *
 * Matching is on squeezed text: ASCII letters lower-cased, blanks, '-' and
 * '_' dropped.  So "3-fold", "3 fold" and "3fold" are one phrase, as are
 * "threefold"/"three-fold", "50-move"/"50 moves"/"50-moves", and
 * "fifty-move"/"fifty moves" (a phrase also matches where a longer word
 * follows: "50-move" matches "50 moves rule").
 *
 * Who lost on time: a phrase with a subject ("White forfeits on time",
 * "Carlsen won on time") names a side when the words before it, squeezed,
 * are "white", "black", or the value of the White or Black tag.  Otherwise
 * the result says it (Result tag, else the termination marker): 1-0 means
 * Black lost, 0-1 White.  A subjectless phrase ("Time forfeit", lichess)
 * with a drawn result is a timeout draw: the flag fell but the opponent
 * could not mate (FIDE 6.9).
 */
#include "validator/audit/endings.h"

#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "validator/chess/bitboard.h"

enum subject { SUBJECT_NONE, SUBJECT_WINNER, SUBJECT_LOSER };

#define IN_TAG 1u       /* anywhere in a Termination or TerminationDetails value */
#define WHOLE_TAG 2u    /* the whole Termination or TerminationDetails value */
#define IN_STATEMENT 4u /* in a last comment's clause that has an outcome word */
#define WHOLE_CLAUSE 8u /* a last comment's clause that is the phrase alone */
#define IN_CLAUSE 16u   /* anywhere in a last comment's clause */

#define CLAIM_USES (IN_TAG | IN_STATEMENT | WHOLE_CLAUSE)
#define TIME_USES (IN_TAG | IN_CLAUSE)

/* In order of precedence: the first entry that matches a text decides. */
static const struct phrase {
	const char *text;
	enum ending_kind kind;
	enum subject subject;
	unsigned uses;
} phrases[] = {
	/* chess.com: "Game drawn by timeout vs insufficient material" */
	{ "timeout vs insufficient material", ENDING_TIMEOUT_DRAW, SUBJECT_NONE, TIME_USES },
	/* chess.com "<name> won on time"; "{White wins on time}" */
	{ "won on time", ENDING_TIME_FORFEIT, SUBJECT_WINNER, TIME_USES },
	{ "wins on time", ENDING_TIME_FORFEIT, SUBJECT_WINNER, TIME_USES },
	/* "{Black forfeits on time}"; TCEC "Black loses on time" */
	{ "forfeits on time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "forfeited on time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "loses on time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "lost on time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "oversteps the time limit", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "overstepped the time limit", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	/* "{White ran out of time}", "Black timed out", FICS' "{White ran out
	 * of time and Black has no material to mate}"; not "running out of
	 * time", which is time trouble, not a forfeit */
	{ "ran out of time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "runs out of time", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "timed out", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "times out", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "won by timeout", ENDING_TIME_FORFEIT, SUBJECT_WINNER, TIME_USES },
	{ "wins by timeout", ENDING_TIME_FORFEIT, SUBJECT_WINNER, TIME_USES },
	{ "lost by timeout", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "loses by timeout", ENDING_TIME_FORFEIT, SUBJECT_LOSER, TIME_USES },
	{ "timeout", ENDING_TIME_FORFEIT, SUBJECT_NONE, WHOLE_TAG },
	/* lichess "Time forfeit"; "{Now the flag fell.}" */
	{ "time forfeit", ENDING_TIME_FORFEIT, SUBJECT_NONE, TIME_USES },
	{ "flag fell", ENDING_TIME_FORFEIT, SUBJECT_NONE, IN_CLAUSE },
	{ "flag has fallen", ENDING_TIME_FORFEIT, SUBJECT_NONE, IN_CLAUSE },
	/* club files: "{1-0 on time}" */
	{ "1-0 on time", ENDING_TIME_FORFEIT, SUBJECT_NONE, IN_CLAUSE },
	{ "0-1 on time", ENDING_TIME_FORFEIT, SUBJECT_NONE, IN_CLAUSE },
	{ "time", ENDING_TIME_FORFEIT, SUBJECT_NONE, WHOLE_TAG },
	/* chess.com "Game drawn by repetition"; TCEC "3-Fold repetition";
	 * "3-fold rep"; "{Draw by 3-fold repetition}" (fivefold is a
	 * repetition too, and any fivefold is a threefold) */
	{ "repetition", ENDING_THREEFOLD_CLAIM, SUBJECT_NONE, CLAIM_USES },
	{ "3-fold", ENDING_THREEFOLD_CLAIM, SUBJECT_NONE, CLAIM_USES },
	{ "threefold", ENDING_THREEFOLD_CLAIM, SUBJECT_NONE, CLAIM_USES },
	/* chess.com "Game drawn by 50-move rule"; TCEC "Fifty moves rule";
	 * "{Draw by fifty moves rule}"; "claimed a draw due to the 50 move rule" */
	{ "50-move", ENDING_FIFTY_MOVE_CLAIM, SUBJECT_NONE, CLAIM_USES },
	{ "fifty-move", ENDING_FIFTY_MOVE_CLAIM, SUBJECT_NONE, CLAIM_USES },
};

/* What may follow a WHOLE_CLAUSE phrase (squeezed). */
static const char *const clause_tails[] = { "", "s", "rule", "srule", "repetition", "rep" };

/* Words (lower-case) that make a clause a guess, a threat or a what-if
 * rather than the record of an ending; an entry ending in '*' is a prefix. */
static const char *const hedge_words[] = {
	/* what-ifs, threats and attempts */
	"avoid*", "threat*", "allow*", "prevent*", "escap*", "offer*", "refus*", "possib*", "try", "tries",
	"tried", "trying", "could", "would", "should", "can", "cannot", "might", "may", "will", "if", "unless",
	"instead", "otherwise", "soon", "almost", "nearly", "aim*", "hope*", "hoping", "intend*", "wanted",
	"playing",
	/* negations ("was impossible here", "not a draw by repetition"; n't
	 * is found by scan_words) */
	"not", "no", "never", "neither", "nor", "without", "impossib*",
	/* guesses ("is likely") */
	"likely", "unlikely", "probabl*", "perhaps", "maybe", "seem*", "apparent*",
	/* chances let pass ("missed a draw by repetition") */
	"miss", "missed", "misses", "overlook*", "chance*", "had",
};

#define SQUEEZE_MAX 256

/* isspace() and tolower() of the C locale (the program never sets
 * another), without a call into libc for every byte looked at. */
static int is_blank(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static char to_lower(unsigned char c)
{
	return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

/* What each byte squeezes to (-1: dropped), one look-up a byte: every
 * Termination tag and every clause of the last comments is squeezed.
 * Filled by squeeze_phrases() before any squeeze. */
static int16_t squeezed_byte[256];

/* Squeezes len bytes of src into dst (at most SQUEEZE_MAX - 1, then cut);
 * origin[i] is where dst[i] came from.  Returns the squeezed length. */
static size_t squeeze(const char *src, size_t len, char *dst, uint32_t *origin)
{
	size_t n = 0;
	for (size_t i = 0; i < len && n < SQUEEZE_MAX - 1; i++) {
		int c = squeezed_byte[(unsigned char)src[i]];
		if (c < 0)
			continue;
		if (origin)
			origin[n] = (uint32_t)i;
		dst[n++] = (char)c;
	}
	dst[n] = '\0';
	return n;
}

static int word_is(const char *word, size_t len, const char *pattern)
{
	size_t plen = strlen(pattern);
	if (pattern[plen - 1] == '*')
		return len >= plen - 1 && strncmp(word, pattern, plen - 1) == 0;
	return len == plen && strncmp(word, pattern, len) == 0;
}

/* Does a word that ends at text[i] end in n't ("wasn't", "didn't", the
 * typographic apostrophe too)? */
static int negated(const char *text, size_t i, size_t len)
{
	if (i + 1 < len && text[i] == '\'' && (text[i + 1] == 't' || text[i + 1] == 'T'))
		return 1;
	return i + 3 < len && memcmp(text + i, "\xE2\x80\x99", 3) == 0 && (text[i + 3] == 't' || text[i + 3] == 'T');
}

/* The words of a clause: is there an outcome word, a hedge word? */
static void scan_words(const char *text, size_t len, int *outcome, int *hedge)
{
	*outcome = *hedge = 0;
	size_t i = 0;
	while (i < len) {
		while (i < len && !isalpha((unsigned char)text[i]))
			i++;
		char word[24];
		size_t n = 0;
		while (i < len && isalpha((unsigned char)text[i])) {
			if (n < sizeof word)
				word[n++] = to_lower((unsigned char)text[i]);
			i++;
		}
		if (n > 0 && negated(text, i, len))
			*hedge = 1;
		if (n == 0 || n == sizeof word)
			continue;
		if (word_is(word, n, "draw*") || word_is(word, n, "claim*") || word_is(word, n, "ends")
		    || word_is(word, n, "ended"))
			*outcome = 1;
		for (size_t h = 0; h < sizeof hedge_words / sizeof hedge_words[0]; h++)
			if (word_is(word, n, hedge_words[h]))
				*hedge = 1;
	}
}

static int is_clause_tail(const char *rest)
{
	for (size_t i = 0; i < sizeof clause_tails / sizeof clause_tails[0]; i++)
		if (strcmp(rest, clause_tails[i]) == 0)
			return 1;
	return 0;
}

#define PHRASE_COUNT (sizeof phrases / sizeof phrases[0])
_Static_assert(PHRASE_COUNT <= 32, "phrases_maybe_in() keeps a bit per phrase in 32 bits");

/* The phrases squeezed once, not once per clause they are tried on (that
 * showed as an eighth of all instructions of `check` in callgrind). */
static char squeezed_phrases[PHRASE_COUNT][SQUEEZE_MAX];
static size_t squeezed_lengths[PHRASE_COUNT];
static pthread_once_t squeeze_once = PTHREAD_ONCE_INIT;

/* Two adjacent bytes of every squeezed phrase, its key pair, as a set of
 * byte pairs: a text in which no two adjacent bytes are in it holds no
 * phrase, whichever way it is matched (whole, prefix or anywhere), and is
 * passed over without trying each phrase.  Most texts are engine data such
 * as "+0.13/12 0.29s", so the key pair of a phrase is its first two bytes,
 * or the second and third when the first two are digits ("10ontime" has
 * "0o": "10" stands in every other clock and evaluation).  Unused (every
 * text is tried) if some phrase squeezes to under three bytes. */
static uint64_t phrase_starts[65536 / 64];
static int phrase_starts_usable;
static uint8_t key_offset[PHRASE_COUNT];
/* The phrases (bit i: phrases[i]) whose key pair begins with a byte: on a
 * pair in phrase_starts, only these are told apart by their second byte,
 * not every phrase. */
static uint32_t phrases_by_first[256];

static unsigned byte_pair(const char *s)
{
	return (unsigned)(unsigned char)s[0] << 8 | (unsigned char)s[1];
}

static void squeeze_phrases(void)
{
	for (int c = 0; c < 256; c++) {
		int dropped = is_blank((unsigned char)c) || c == '-' || c == '_';
		squeezed_byte[c] = (int16_t)(dropped ? -1 : (unsigned char)to_lower((unsigned char)c));
	}
	phrase_starts_usable = 1;
	for (size_t i = 0; i < PHRASE_COUNT; i++) {
		const char *sq = squeezed_phrases[i];
		squeezed_lengths[i] = squeeze(phrases[i].text, strlen(phrases[i].text), squeezed_phrases[i], NULL);
		if (squeezed_lengths[i] < 3) {
			phrase_starts_usable = 0;
			continue;
		}
		key_offset[i] = isdigit((unsigned char)sq[0]) && isdigit((unsigned char)sq[1]);
		unsigned pair = byte_pair(sq + key_offset[i]);
		phrase_starts[pair / 64] |= (uint64_t)1 << (pair % 64);
		phrases_by_first[pair >> 8] |= (uint32_t)1 << i;
	}
}

/* The phrases (bit i: phrases[i]) that may occur in the squeezed text of
 * length n: those whose key pair stands in it, every phrase when the byte
 * pairs are unusable.  Only these are searched for;
 * most texts have none, and the rest one or two. */
static uint32_t phrases_maybe_in(const char *text, size_t n)
{
	if (!phrase_starts_usable)
		return ((uint32_t)1 << PHRASE_COUNT) - 1;
	uint32_t maybe = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned pair = byte_pair(text + i);
		if (!(phrase_starts[pair / 64] & ((uint64_t)1 << (pair % 64))))
			continue;
		for (uint32_t first = phrases_by_first[pair >> 8]; first; first &= first - 1) {
			int k = __builtin_ctz(first);
			if (byte_pair(squeezed_phrases[k] + key_offset[k]) == pair)
				maybe |= (uint32_t)1 << k;
		}
	}
	return maybe;
}

/* Where in the squeezed text the phrase matches under the allowed uses, or
 * -1.  `outcome` tells whether the clause has an outcome word. */
static long phrase_match(size_t index, unsigned uses, const char *text, int outcome)
{
	const struct phrase *ph = &phrases[index];
	const char *want = squeezed_phrases[index];
	size_t wlen = squeezed_lengths[index];
	uses &= ph->uses;
	if ((uses & WHOLE_TAG) && strcmp(text, want) == 0)
		return 0;
	if ((uses & WHOLE_CLAUSE) && strncmp(text, want, wlen) == 0 && is_clause_tail(text + wlen))
		return 0;
	if ((uses & (IN_TAG | IN_CLAUSE)) || ((uses & IN_STATEMENT) && outcome)) {
		const char *at = strstr(text, want);
		if (at)
			return at - text;
	}
	return -1;
}

struct context {
	const struct pgn_game *game;
};

/* The Result tag, else the termination marker, or "".  Looked up only for
 * a time forfeit, which few games record. */
static const char *game_result(const struct pgn_game *g)
{
	const char *tag = pgn_tag_value(g, "Result");
	if (tag)
		return tag;
	if (g->token_count > 0 && g->tokens[g->token_count - 1].type == TOKEN_RESULT)
		return pgn_token_text(g, &g->tokens[g->token_count - 1]);
	return "";
}

/* The side the words before a phrase name, or -1. */
static int subject_side(const struct context *ctx, const char *words, size_t len)
{
	char subject[SQUEEZE_MAX], name[SQUEEZE_MAX];
	squeeze(words, len, subject, NULL);
	if (subject[0] == '\0')
		return -1;
	if (strcmp(subject, "white") == 0)
		return WHITE;
	if (strcmp(subject, "black") == 0)
		return BLACK;
	static const char *const tags[2] = { "White", "Black" };
	int side = -1;
	for (int c = WHITE; c <= BLACK; c++) {
		const char *v = pgn_tag_value(ctx->game, tags[c]);
		if (!v)
			continue;
		squeeze(v, strlen(v), name, NULL);
		if (strcmp(subject, name) == 0)
			side = side < 0 ? c : -2; /* both players of that name: unsaid */
	}
	return side < 0 ? -1 : side;
}

/* The loser on time from a matched phrase, and the kind it comes to. */
static enum ending_kind time_forfeit_side(const struct context *ctx, const struct phrase *ph, const char *words,
					  size_t len, int *side)
{
	*side = -1;
	int named = ph->subject == SUBJECT_NONE ? -1 : subject_side(ctx, words, len);
	if (named >= 0) {
		*side = ph->subject == SUBJECT_LOSER ? named : !named;
		return ENDING_TIME_FORFEIT;
	}
	const char *result = game_result(ctx->game);
	if (strcmp(result, "1-0") == 0)
		*side = BLACK;
	else if (strcmp(result, "0-1") == 0)
		*side = WHITE;
	else if (strcmp(result, "1/2-1/2") == 0 && ph->subject == SUBJECT_NONE)
		return ENDING_TIMEOUT_DRAW;
	return ENDING_TIME_FORFEIT;
}

/* Matches one text (a tag value or a clause) against the table; fills e and
 * returns 1 on a match. */
static int match_text(const struct context *ctx, const char *text, size_t len, unsigned uses,
		      struct recorded_ending *e)
{
	char squeezed[SQUEEZE_MAX];
	uint32_t origin[SQUEEZE_MAX];
	size_t n = squeeze(text, len, squeezed, origin);
	uint32_t maybe = n == 0 ? 0 : phrases_maybe_in(squeezed, n);
	if (!maybe)
		return 0;
	int outcome = 1, hedge = 0;
	if (!(uses & IN_TAG)) {
		/* Most clauses hold no phrase at all: find that out before
		 * looking at their words, which costs more. */
		size_t i = 0;
		while (i < PHRASE_COUNT && (!(maybe & ((uint32_t)1 << i)) || phrase_match(i, uses, squeezed, 1) < 0))
			i++;
		if (i == PHRASE_COUNT)
			return 0;
		outcome = 0;
		scan_words(text, len, &outcome, &hedge);
		if (hedge)
			return 0;
	}
	for (size_t i = 0; i < PHRASE_COUNT; i++) {
		const struct phrase *ph = &phrases[i];
		long at = (maybe & ((uint32_t)1 << i)) ? phrase_match(i, uses, squeezed, outcome) : -1;
		if (at < 0)
			continue;
		e->kind = ph->kind;
		e->side = -1;
		e->phrase = ph->text;
		if (ph->kind == ENDING_TIME_FORFEIT)
			e->kind = time_forfeit_side(ctx, ph, text, origin[at], &e->side);
		return 1;
	}
	return 0;
}

struct collector {
	const struct pgn_game *game;
	struct recorded_ending *out;
	int count, max;
};

/* A draw claim counts only where the result allows it: a decisive result
 * records no draw claim, whatever a tag or comment says of repetitions;
 * a comment counts only in a game scored 1/2-1/2 (in a game without a
 * result it is as likely analysis as a record).  Looked up only for a
 * claim, which few games record. */
static int claim_counts(const struct pgn_game *g, const struct recorded_ending *e)
{
	if (e->kind != ENDING_THREEFOLD_CLAIM && e->kind != ENDING_FIFTY_MOVE_CLAIM)
		return 1;
	const char *result = game_result(g);
	if (strcmp(result, "1-0") == 0 || strcmp(result, "0-1") == 0)
		return 0;
	return e->tag != NULL || strcmp(result, "1/2-1/2") == 0 || strcmp(result, "1/2") == 0;
}

static void collect(struct collector *c, const struct recorded_ending *e, unsigned *kinds_seen)
{
	if (c->count >= c->max || (*kinds_seen & (1u << e->kind)) || !claim_counts(c->game, e))
		return;
	*kinds_seen |= 1u << e->kind;
	c->out[c->count++] = *e;
}

static void scan_tags(const struct context *ctx, struct collector *c)
{
	const struct pgn_game *g = ctx->game;
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name;
		/* name[1] passes over TimeControl, the commonest other T tag. */
		if (name[0] != 'T' || name[1] != 'e'
		    || (strcmp(name, "Termination") != 0 && strcmp(name, "TerminationDetails") != 0))
			continue;
		struct recorded_ending e = { .comment = NULL, .tag = name, .line = g->tags[i].line,
					     .column = g->tags[i].column, .ply = 0 };
		unsigned kinds_seen = 0;
		if (match_text(ctx, g->arena + g->tags[i].value, g->tags[i].value_length, IN_TAG | WHOLE_TAG, &e))
			collect(c, &e, &kinds_seen);
	}
}

/* Does a clause end at text[i]?  Sentence marks end one only before a blank
 * or the end, and a dot not after a digit, so that "30...Kh8", "4. Ba4" and
 * "0:00:13" stay whole. */
static int is_clause_break(const char *text, size_t i, size_t len)
{
	switch (text[i]) {
	case ',': case ';': case '(': case ')': case '[': case ']':
		return 1;
	case '.':
		if (i > 0 && isdigit((unsigned char)text[i - 1]))
			return 0;
		/* fall through */
	case ':': case '!': case '?':
		return i + 1 == len || is_blank((unsigned char)text[i + 1]);
	default:
		return 0;
	}
}

/* The bytes that is_clause_break() may find a break at (its cases): every
 * byte of a game's last comments is looked at, and the others - nearly
 * all - pass by this table rather than by its tests. */
static const unsigned char clause_mark[256] = {
	[','] = 1, [';'] = 1, ['('] = 1, [')'] = 1, ['['] = 1, [']'] = 1, ['.'] = 1, [':'] = 1, ['!'] = 1, ['?'] = 1,
};

/* A main-line move as audit.c counts plies: a symbol, but not a lone "e.p."
 * that belongs to the capture before it. */
static int is_main_line_move(const struct pgn_game *g, const struct pgn_token *t)
{
	return t->depth == 0 && t->type == TOKEN_SYMBOL
	       && !(t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0);
}

/* The main-line plies up to the token last_move.  Counted only for a
 * comment that records an ending: most games end with a comment (a clock,
 * an evaluation) that records none. */
static int plies_up_to(const struct pgn_game *g, int last_move)
{
	int plies = 0;
	for (int i = 0; i <= last_move; i++)
		plies += is_main_line_move(g, &g->tokens[i]);
	return plies;
}

/* A comment after the main line's last move, the token last_move. */
static void scan_comment(const struct context *ctx, const struct pgn_token *t, int last_move, struct collector *c)
{
	const char *text = pgn_token_text(ctx->game, t);
	unsigned kinds_seen = 0;
	size_t start = 0;
	size_t len = t->length;
	for (size_t i = 0; i <= len; i++) {
		while (i < len && !clause_mark[(unsigned char)text[i]])
			i++;
		if (i < len && !is_clause_break(text, i, len))
			continue;
		struct recorded_ending e = { .comment = t, .tag = NULL, .line = t->line, .column = t->column };
		size_t first = start;
		while (first < i && is_blank((unsigned char)text[first]))
			first++;
		/* "[%clk 0:00:13]" and the like are commands for programs, not
		 * prose: lichess ends every game with one. */
		int command = first < i && text[first] == '%';
		if (i > first && !command
		    && match_text(ctx, text + first, i - first, IN_STATEMENT | WHOLE_CLAUSE | IN_CLAUSE, &e)) {
			e.ply = plies_up_to(ctx->game, last_move);
			collect(c, &e, &kinds_seen);
		}
		start = i + 1;
	}
}

static void scan_last_comments(const struct context *ctx, struct collector *c)
{
	const struct pgn_game *g = ctx->game;
	int last_move = g->token_count - 1;
	while (last_move >= 0 && !is_main_line_move(g, &g->tokens[last_move]))
		last_move--;
	int first_comment = last_move + 1;
	while (first_comment < g->token_count && g->tokens[first_comment].type != TOKEN_COMMENT)
		first_comment++;
	for (int i = first_comment; i < g->token_count; i++)
		if (g->tokens[i].type == TOKEN_COMMENT && g->tokens[i].depth == 0)
			scan_comment(ctx, &g->tokens[i], last_move, c);
}

int find_recorded_endings(const struct pgn_game *g, struct recorded_ending *out, int max)
{
	pthread_once(&squeeze_once, squeeze_phrases);
	struct context ctx = { g };
	struct collector c = { g, out, 0, max };
	scan_tags(&ctx, &c);
	scan_last_comments(&ctx, &c);
	return c.count;
}
