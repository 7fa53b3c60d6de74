/*
 * pgn_internal.h - what the PGN lexer (pgn.c) and its fast path (pgn_fast.c)
 * share: the reader's state, the byte classes, and one definition of each
 * token rule.
 *
 * The general lexer in pgn.c takes one token (or problem) per call, with
 * all the bookkeeping that recovery needs; pgn_fast_run takes a run of the
 * commonest tokens (moves, move numbers, comments that close on their line,
 * plain tag pairs) with the position and the game's arrays in local
 * variables.  Both decide what a token is with the helpers below: where a
 * symbol, a number or a comment ends, what a plain tag pair is, how a token
 * or a tag is stored.  The fast path only adds the loop and the guards that
 * send anything it is not sure of back to the general lexer, so the two
 * make the same games byte for byte (tests/test_lexer_paths.c compares
 * them over every test file and the corpus).
 *
 * Nothing here is for other modules: pgn.h is the reader's interface.
 */
#ifndef PGNAUDIT_PGN_INTERNAL_H
#define PGNAUDIT_PGN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parser/pgn.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define READ_BUFFER_SIZE ((size_t)256 * 1024)
#define SHORT_COPY ((size_t)16)

#define ALWAYS_INLINE __attribute__((always_inline))

/* What a byte can be; the scanning loops test these bits. */
enum {
	C_BLANK = 1 << 0,         /* space, tab, form feed, vertical tab */
	C_LINE_END = 1 << 1,      /* LF, CR */
	C_SYMBOL = 1 << 2,        /* continues a symbol */
	C_SYMBOL_DOT = 1 << 3,    /* C_SYMBOL or '.' (symbols begun by a letter, a digit or a byte >= 0x80) */
	C_SYMBOL_START = 1 << 4,  /* letters and bytes >= 0x80 */
	C_DIGIT = 1 << 5,
	C_NAME = 1 << 6,          /* tag names */
	C_LINE_STOP = 1 << 7,     /* LF CR NUL */
	C_GLYPH = 1 << 8,         /* ! ? */
	C_DOT = 1 << 9,
	C_ODD = 1 << 10,          /* NUL (the sentinel), '%', 0xEF (BOM), ^Z: looked at in skip_blanks */
};

/* Could a result written otherwise (result_form) start with the bytes at
 * s?  A cheap look at two bytes, so that a move number `1.` or a move is
 * passed by at once; s[1] may be the buffer's sentinel. */
static inline int may_be_result_form(const unsigned char *s)
{
	if (s[0] == '1')
		return s[1] == ' ' || s[1] == '\t' || s[1] == ':' || s[1] == '/';
	if (s[0] == '0')
		return s[1] == ' ' || s[1] == '\t' || s[1] == ':' || s[1] == '.' || s[1] == ',';
	return (s[0] == 0xC2 && s[1] == 0xBD) || s[0] == 0xBD;
}

struct where {
	uint32_t line, column;
	uint64_t offset;
};

/* The game being read. */
struct game_state {
	int started;            /* its first byte has been seen */
	int tag_section;        /* it has (or tried to have) tag pairs */
	int movetext;           /* it has a movetext token other than a comment */
	int has_result;
	int cut_by_comment;     /* it ended inside an unterminated comment */
	int last_type;          /* type of the last token, -1 before the first */
	uint64_t depth;         /* variations open now */
	struct where open;      /* the outermost open '(' */
	struct where end;       /* just after the last token or tag pair */
	int syntax_problems;    /* counted against PGN_MAX_PROBLEMS */
	int text_failed;        /* the text being built did not fit */
	int stopped;            /* a limit was hit: nothing more is stored */
	int full_problems, full_tags, deep_noted;
	uint32_t restart_line;  /* the game ended at a move 1 that starts the next (restarts_game), on this line; else 0 */
	/* Annotation signs written as text (`+=`, `N`, `D`, `∞`: ChessBase's
	 * and Fritz's exports), reported once per game at the first. */
	int annotations;
	struct where annotation_at;
	const struct annotation_sign *first_annotation;
	/* A variation right after the termination marker (analysis written
	 * after the result): the game goes on while variations and comments
	 * follow; result_index is the result token, moved to the end when the
	 * game ends (a RESULT token is always a game's last). */
	int after_result;
	int result_index;
	/* Moves that continue the main line after the termination marker
	 * (moves_follow_result): they are read into the game, and the marker,
	 * at result_index, gives way to the next one or goes to the end. */
	int moves_after_result;
};

struct pgn_reader {
	struct input_stream *stream;    /* read after the bytes in memory; may be NULL */
	const unsigned char *mem, *mem_end; /* bytes to read first (pgn_reader_restart) */
	const char *mem_failure;    /* without a stream: the end of mem is this read error */
	unsigned char *storage;     /* history byte, READ_BUFFER_SIZE bytes, sentinel,
				       SHORT_COPY bytes for emit to read past the end */
	unsigned char *buf;         /* storage + 1; buf[-1] is the byte before buf[0] */
	size_t pos, end;            /* next byte; end of the bytes read */
	uint64_t base;              /* input offset of buf[0] */
	uint64_t line_start;        /* input offset of column 1 of the current line */
	uint32_t line;              /* the line's low 32 bits (see pgn.h, Lines) */
	uint64_t line_known;        /* a whole line number at or before it, fewer
				       than 2^32 lines back: that of the last game's
				       start or read of more input (need_more), or
				       of where reading started */
	int eof, failed;
	int read_error;             /* the stream failed; failed once the bytes
				       read before that are used up */
	int fast_path;              /* pgn_fast_run is used (pgn_reader_set_fast_path) */
	char error[256];
	struct game_state st;
	/* Where the last game returned ended and how, and whether the input
	 * ended inside a game or a run of comments: for reading in pieces
	 * (pgn_reader_ended_between_games). */
	struct pgn_position last_end;
	int games_returned, last_by_result, ended_inside;
	uint16_t cls[256];
};

/*
 * The fast path (pgn_fast.c): from r->pos, takes the blanks, line ends and
 * tokens that the general lexer would take in the same way without looking
 * at anything but them, and stops at the first byte it is not sure of,
 * leaving that to skip_blanks and lex_one.  It never reads input, records
 * a problem or ends a game.  In movetext it takes moves, move numbers and
 * comments that close on their line; in a tag section, once the game has a
 * tag pair, tag pairs of the plainest form.
 */
void pgn_fast_run(struct pgn_reader *r, struct pgn_game *g);

/* ---- positions ---- */

/* Could a column in the buffered bytes pass UINT32_MAX?  Then the fast
 * path, which does not clamp columns, leaves them to the general lexer
 * (where_at). */
static inline int long_line(const struct pgn_reader *r)
{
	return r->base + r->end - r->line_start >= UINT32_MAX;
}

/* Does the line-end byte at p end a line?  LF and CR do, the LF of a CRLF
 * does not: its CR did.  (p[-1] is always readable: the buffer keeps a byte
 * before its first.) */
static inline int ends_line(const unsigned char *p)
{
	return *p == '\r' || p[-1] != '\r';
}

static inline const unsigned char *skip_spaces(const uint16_t *cls, const unsigned char *p)
{
	while (cls[*p] & C_BLANK)
		p++;
	return p;
}

/* ---- storing ---- */

/* Copies the n bytes of a text at s to the arena.  Most texts are short,
 * and a call of memcpy costs more than copying them: below SHORT_COPY bytes
 * this copies SHORT_COPY (the buffer and the arena have room for the bytes
 * beyond), up to twice that two blocks that overlap. */
static inline void copy_text(char *to, const unsigned char *s, size_t n)
{
	if (n < SHORT_COPY) {
		memcpy(to, s, SHORT_COPY);
	} else if (n <= 2 * SHORT_COPY) {
		memcpy(to, s, SHORT_COPY);
		memcpy(to + n - SHORT_COPY, s + n - SHORT_COPY, SHORT_COPY);
	} else {
		memcpy(to, s, n);
	}
}

/* A token's depth: that of the variations open, saturated (pgn.h). */
static inline uint8_t token_depth(uint64_t depth)
{
	return (uint8_t)(depth < PGN_MAX_DEPTH ? depth : PGN_MAX_DEPTH);
}

/* Stores the token *token, whose text is the length bytes at s, at t, and
 * its text with a NUL at arena + token->text; the arena and the array have
 * room.  The bytes of the text are stored last: a byte store may alias any
 * field, and would make the compiler read them all again. */
ALWAYS_INLINE static inline void store_token(struct pgn_token *t, char *arena,
					     const struct pgn_token *token, const unsigned char *s)
{
	char *to = arena + token->text;
	size_t length = token->length;

	*t = *token;
	copy_text(to, s, length);
	to[length] = 0;
}

/* Stores a tag pair whose value needs no unescaping: its name and value,
 * each with a NUL, at arena + arena_len (which has room), and *tag.
 * Returns the arena's new length. */
static inline size_t store_tag(struct pgn_tag *tag, char *arena, size_t arena_len,
			       const unsigned char *name, size_t name_len,
			       const unsigned char *value, size_t value_len,
			       uint32_t line, uint32_t column, uint8_t control)
{
	char *o = arena + arena_len;

	tag->line = line;
	tag->column = column;
	tag->name = (uint32_t)arena_len;
	tag->value = (uint32_t)(arena_len + name_len + 1);
	tag->value_length = (uint32_t)value_len;
	tag->control = control;
	/* In this order: copy_text may write past the text. */
	copy_text(o, name, name_len);
	o[name_len] = 0;
	copy_text(o + name_len + 1, value, value_len);
	o[name_len + 1 + value_len] = 0;
	return arena_len + name_len + value_len + 2;
}

/* ---- the token rules ---- */

/* Where the symbol whose first byte is at p ends: after the run of
 * C_SYMBOL_DOT bytes that follows it (its first byte is taken whatever it
 * is).  Most symbols are moves of 2 to 5 bytes: the four bytes after p are
 * classed at once, and the length comes from a bit scan instead of a loop
 * whose exit branch follows no pattern.  They may lie past the symbol, but
 * not past the sentinel NUL that ends it at the latest and the SHORT_COPY
 * bytes after it. */
static inline const unsigned char *symbol_end(const uint16_t *cls, const unsigned char *p)
{
	const unsigned char *q = p + 1;

	_Static_assert(C_SYMBOL_DOT == 8, "the shifts below");
	unsigned run = ((cls[q[0]] >> 3) & 1u) | ((cls[q[1]] >> 2) & 2u) | ((cls[q[2]] >> 1) & 4u)
		     | (cls[q[3]] & 8u);
	q += __builtin_ctz(~run);
	if (run == 15)
		while (cls[*q] & C_SYMBOL_DOT)
			q++;
	return q;
}

/* The longest symbol an annotation sign that begins with a byte can be
 * (`N` 1, `RR` 2, `∞` and the like up to 5 bytes), 0 for the bytes that
 * begin none (annotation_sign_of in pgn.c, whose table this follows). */
static const uint8_t annotation_length[256] = {
	['D'] = 1, ['N'] = 1, ['R'] = 2, [0xC2] = 5, [0xCE] = 5, [0xE2] = 5,
};

/* Whether the symbol of len bytes at s may be an annotation sign (`N`, `D`,
 * `RR`, `∞`...), for annotation_sign_of to tell: one look-up rules out
 * nearly every symbol. */
static inline int may_be_annotation(const unsigned char *s, size_t len)
{
	return len <= annotation_length[*s];
}

/* Where the digits from p on end (p[0] is one), and their value in
 * *value: INT32_MAX for more than 9 digits (move numbers and NAGs). */
static inline const unsigned char *scan_number(const uint16_t *cls, const unsigned char *p,
					       int32_t *value)
{
	const unsigned char *q = p + 1;
	uint32_t v = (uint32_t)(*p - '0');

	while (cls[*q] & C_DIGIT)
		v = v * 10 + (uint32_t)(*q++ - '0');
	*value = q - p > 9 ? INT32_MAX : (int32_t)v;
	return q;
}

/* The move number that a symbol which begins with a digit at s (s[0])
 * begins with: where its digits and the dots after them end, how many digits
 * there are and their value. */
static inline const unsigned char *scan_move_number(const uint16_t *cls, const unsigned char *s,
						    size_t *digits, int32_t *value)
{
	const unsigned char *q = scan_number(cls, s, value);

	*digits = (size_t)(q - s);
	while (*q == '.')
		q++;
	return q;
}

/* Whether a symbol of `run` bytes that begins with a digit, whose move
 * number (scan_move_number) has `digits` digits and ends `dots` bytes from
 * its start, is a move number of those `dots` bytes: `12` `12.` `12...`,
 * and `12.` of `12.e4`.  Else it is a symbol of all its bytes (`12e4`,
 * castling written with zeros); results are told apart before. */
static inline int is_move_number(size_t digits, size_t dots, size_t run)
{
	return digits == run || dots > digits;
}

/* The first '}', line end or NUL at or after s: strcspn(s, "}\n\r").  The
 * sentinel NUL and the SHORT_COPY bytes after it make reading whole blocks
 * of sixteen safe: a block starts at or before the sentinel. */
static inline const unsigned char *comment_stop(const unsigned char *s)
{
#ifdef __SSE2__
	const __m128i close = _mm_set1_epi8('}'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
	const __m128i nul = _mm_setzero_si128();
	for (;; s += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, close), _mm_cmpeq_epi8(v, lf)),
					   _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, nul)));
		int mask = _mm_movemask_epi8(hit);
		if (mask)
			return s + __builtin_ctz((unsigned)mask);
	}
#else
	return s + strcspn((const char *)s, "}\n\r");
#endif
}

/* The '}' that closes the comment whose '{' is at open, when it closes on
 * its line within the buffered bytes; else NULL.  Its text is the bytes
 * between. */
static inline const unsigned char *comment_close_on_line(const unsigned char *open)
{
	const unsigned char *close = comment_stop(open + 1);

	return *close == '}' ? close : NULL;
}

/* Where the name of a tag pair that starts at p ends. */
static inline const unsigned char *tag_name_end(const uint16_t *cls, const unsigned char *p)
{
	while (cls[*p] & C_NAME)
		p++;
	return p;
}

/* The first '"', '\\' or control character (a line end, NUL, any other
 * byte below 0x20, DEL) at or after s, sixteen bytes at a time as
 * comment_stop (which see); a tag value is mostly a single block. */
static inline const unsigned char *value_stop(const unsigned char *s)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	const __m128i below_space = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F);
	for (;; s += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
		/* v <= 0x1F, unsigned: min(v, 0x1F) == v. */
		__m128i control = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(v, below_space), v), _mm_cmpeq_epi8(v, del));
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), control);
		int mask = _mm_movemask_epi8(hit);
		if (mask)
			return s + __builtin_ctz((unsigned)mask);
	}
#else
	while (*s != '"' && *s != '\\' && *s >= 0x20 && *s != 0x7F)
		s++;
	return s;
#endif
}

/* A tag pair of the plainest form, `[Name "value"]` with one space, and
 * nothing in the value to unescape or report. */
struct plain_tag {
	const unsigned char *name, *value, *stop;  /* stop: after the ']' */
	size_t name_len, value_len;
};

/* Whether the '[' at p begins a plain tag pair within the buffered bytes,
 * no longer than PGN_MAX_TOKEN_BYTES in name and value; then *t is it.  The
 * sentinel stops every scan: a NUL is none of the bytes looked for, so a
 * tag pair cut by the end of the buffered bytes is none. */
static inline int plain_tag_pair(const uint16_t *cls, const unsigned char *p, struct plain_tag *t)
{
	const unsigned char *name = p + 1, *q = tag_name_end(cls, name), *value;

	t->name = name;
	t->name_len = (size_t)(q - name);
	if (t->name_len == 0 || q[0] != ' ' || q[1] != '"')
		return 0;
	t->value = value = q + 2;
	q = value_stop(value);
	t->value_len = (size_t)(q - value);
	t->stop = q + 2;
	return q[0] == '"' && q[1] == ']' && t->name_len <= PGN_MAX_TOKEN_BYTES &&
	       t->value_len <= PGN_MAX_TOKEN_BYTES;
}

#endif
