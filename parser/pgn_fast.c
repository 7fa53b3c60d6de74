/*
 * pgn_fast.c - the lexer's fast path: runs of the commonest tokens in one go.
 *
 * Most of the bytes of a file are movetext of the plainest kind (move
 * numbers, moves, comments that close on their line, the blanks and line
 * ends between them) and tag sections of `[Name "value"]` lines.  The
 * general lexer (pgn.c) takes one token per call of skip_blanks and
 * lex_one, each of which must read the reader's position, line count and
 * the game's arrays from memory again (any byte stored may alias them).
 * The loops here hold those in local variables and write them back once at
 * the end of a run.
 *
 * They decide nothing on their own: what a token is comes from the helpers
 * of pgn_internal.h, which the general lexer uses too.  What they add is
 * where they stop: at the first byte they are not sure the general lexer
 * would take as they would take it, without looking at anything else - a
 * byte that may begin something other than those tokens, a token that may
 * end the game or need a problem, one that runs into the end of the
 * buffered bytes, is too long or may not fit in the arrays.  Stopping early
 * costs time only; the general lexer then takes that byte.  pgn_fast_run
 * never reads input, records a problem or ends a game, and
 * pgn_reader_set_fast_path(r, 0) turns it off (tests/test_lexer_paths.c
 * compares the two ways of reading).
 */
#include "parser/pgn_internal.h"

#include <assert.h>
#include <stdint.h>

/* Where movetext_run's tokens must end before, for a run at p with t the
 * next token and arena_len bytes of the arena used.  It is at most the end
 * of the buffered bytes and PGN_MAX_TOKEN_BYTES from p, so that a token
 * that ends before it is whole and not too long; and the arrays have room
 * for what the bytes before it can make: a token spans at least one byte,
 * and its text and NUL take at most twice the bytes it spans. */
static const unsigned char *run_limit(const struct pgn_reader *r, const struct pgn_game *g,
				      const unsigned char *p, const struct pgn_token *t, size_t arena_len)
{
	size_t n = (size_t)(r->buf + r->end - p);
	size_t tokens_room = (size_t)(g->tokens + g->token_cap - t);
	/* copy_text may write SHORT_COPY bytes from a text's start. */
	size_t arena_room = g->arena_cap > arena_len + SHORT_COPY ? g->arena_cap - arena_len - SHORT_COPY : 0;

	if (n > tokens_room)
		n = tokens_room;
	if (n > arena_room / 2)
		n = arena_room / 2;
	if (n > PGN_MAX_TOKEN_BYTES)
		n = PGN_MAX_TOKEN_BYTES;
	return p + n;
}

/*
 * Movetext: the tokens of lex_symbol, lex_digits and lex_brace_comment.
 * It stops at anything that is not a blank, a line end, a letter, a byte
 * >= 0x80 but 0xEF (which may begin a byte order mark), a digit or a '{';
 * at a digit followed by '-' or '/' (a result, say), and at what may be a
 * result written otherwise (may_be_result_form); at a move number 1
 * (it may start the next game: restarts_game); at a symbol that may be an
 * annotation sign; at a comment that does not close on its line; at a
 * token that ends at or past run_limit.
 */
static void movetext_run(struct pgn_reader *r, struct pgn_game *g)
{
	const uint16_t *cls = r->cls;
	const unsigned char *buf = r->buf, *p = buf + r->pos;

	if (!(cls[*p] & (C_BLANK | C_LINE_END | C_SYMBOL_START | C_DIGIT)) || (cls[*p] & C_ODD) ||
	    r->st.stopped || g->tokens == NULL || long_line(r))
		return;

	/* The loop keeps few variables, so that they stay in registers: the
	 * next token as a pointer; column_zero, the address of the byte
	 * before the line's first byte as an integer, so that a column is
	 * one subtraction (it is below buf when the line began before
	 * buf[0]: unsigned arithmetic makes the columns right all the same);
	 * and no copy of what the last token says (its type, where it ends):
	 * that is read back from it at the end.  One test a token, that it
	 * ends before `limit` (run_limit), stands for the tests of the
	 * buffer's end, the token's length and the arrays' room; the limit
	 * starts at p, so that the first token computes it. */
	const uintptr_t column_zero0 = (uintptr_t)buf + (uintptr_t)(r->line_start - r->base) - 1;
	uintptr_t column_zero = column_zero0;
	uint32_t line = r->line;
	struct pgn_token *const first = g->tokens + g->token_count, *t = first;
	char *const arena = g->arena;
	size_t arena_len = g->arena_len;
	const unsigned char *limit = p;
	const uint8_t depth = token_depth(r->st.depth);

	for (;;) {
		unsigned c = *p, k = cls[c];

		if (k & C_BLANK) {
			p++;
			continue;
		}
		if (k & C_LINE_END) {
			if (ends_line(p))
				line++;
			column_zero = (uintptr_t)p;
			p++;
			continue;
		}

		/* The token: its type, number and text (take bytes at s),
		 * the end of the bytes it needs whole (q) and where the next
		 * one starts (next). */
		const unsigned char *q, *s = p, *next;
		size_t take;
		uint8_t type = TOKEN_SYMBOL;
		int32_t number = 0;

		if (!(k & (C_SYMBOL_START | C_DIGIT)) || (k & C_ODD)) {
			if (c != '{')
				break;
			/* One comes after every move in files with clock
			 * times or evaluations. */
			const unsigned char *close = comment_close_on_line(p);

			if (close == NULL)
				break;
			type = TOKEN_COMMENT;
			s = p + 1;
			take = (size_t)(close - s);
			q = next = close + 1;
		} else if (k & C_DIGIT) {
			/* Nearly always a move number that stands alone (`12.`
			 * `12...` `12`): its digits and dots are the whole run
			 * of symbol bytes, scanned once, and such a run is a
			 * move number (is_move_number) whatever it holds. */
			size_t digits;

			/* `1 - 0`, `1:0`, `0.5-0.5`: lex_digits reads them. */
			if (may_be_result_form(p))
				break;
			q = scan_move_number(cls, p, &digits, &number);
			take = (size_t)(q - p);
			type = TOKEN_MOVE_NUMBER;
			if (cls[*q] & C_SYMBOL_DOT) {
				/* Results (1-0 0-1 1/2-1/2, and 1/2), and
				 * castling written with zeros, are lex_digits'
				 * to judge. */
				if (p[1] == '-' || p[1] == '/')
					break;
				q = symbol_end(cls, q - 1);
				if (!is_move_number(digits, take, (size_t)(q - p))) {
					type = TOKEN_SYMBOL;
					take = (size_t)(q - p);
					number = 0;
				}
			}
			next = p + take;
			/* A move 1 may start the next game (restarts_game). */
			if (number == 1)
				break;
		} else {
			q = next = symbol_end(cls, p);
			take = (size_t)(q - p);
			/* `½-½` is lex_symbol's (may_be_result_form: a byte >= 0x80 first). */
			if (may_be_annotation(p, take) || (c >= 0x80 && may_be_result_form(p)))
				break;
		}
		if (q >= limit) {
			limit = run_limit(r, g, p, t, arena_len);
			if (q >= limit)
				break;
		}

		struct pgn_token token = {
			.type = type,
			.depth = depth,
			.text = (uint32_t)arena_len,
			.length = (uint32_t)take,
			.line = line,
			.column = (uint32_t)((uintptr_t)p - column_zero),
			.number = number,
		};

		store_token(t, arena, &token, s);
		t++;
		arena_len += take + 1;
		/* Nearly every token is followed by one space. */
		p = next + (*next == ' ');
	}
	/* run_limit kept every token and text within the arrays. */
	assert(t <= g->tokens + g->token_cap && arena_len <= g->arena_cap);
	r->pos = (size_t)(p - buf);
	r->line = line;
	if (column_zero != column_zero0)
		r->line_start = r->base + (column_zero + 1 - (uintptr_t)buf);
	g->token_count = (int)(t - g->tokens);
	g->arena_len = arena_len;
	if (t > first) {
		r->st.last_type = t[-1].type;
		r->st.end.line = t[-1].line;
		/* The byte after the token, after the '}' of a comment. */
		r->st.end.column = t[-1].column + t[-1].length + (t[-1].type == TOKEN_COMMENT ? 2 : 0);
		r->st.movetext = 1;
	}
}

/*
 * A tag section, once the game has a tag pair: the tag pairs of
 * lex_bracket and add_tag that are plain (plain_tag_pair: no backslash or
 * control character in the value).  It stops at anything that is not a
 * blank, a line end or such a tag pair; at a tag pair after a blank line
 * (it may start the next game: lex_bracket tells); at arrays that are full.
 */
static void tag_run(struct pgn_reader *r, struct pgn_game *g)
{
	const uint16_t *cls = r->cls;
	const unsigned char *buf = r->buf, *p = buf + r->pos, *after = NULL;
	uint64_t line_pos = r->line_start - r->base;
	uint32_t line = r->line, after_line = 0, after_column = 0;
	int count = g->tag_count;
	char *const arena = g->arena;
	size_t arena_len = g->arena_len;

	if (r->st.stopped || long_line(r))
		return;
	for (;;) {
		unsigned c = *p, k = cls[c];

		if (k & C_BLANK) {
			p++;
			continue;
		}
		if (k & C_LINE_END) {
			if (ends_line(p))
				line++;
			p++;
			line_pos = (size_t)(p - buf);
			continue;
		}
		if (c != '[')
			break;
		if (line >= (after != NULL ? after_line : r->st.end.line) + 2)
			break;

		struct plain_tag tag;

		if (!plain_tag_pair(cls, p, &tag) || count == g->tag_cap ||
		    arena_len + tag.name_len + tag.value_len + 2 > g->arena_cap)
			break;
		uint32_t column = (uint32_t)((uint64_t)(p - buf) - line_pos + 1);

		arena_len = store_tag(&g->tags[count++], arena, arena_len, tag.name, tag.name_len,
				      tag.value, tag.value_len, line, column, 0);
		p = tag.stop;
		after = p;
		after_line = line;
		after_column = column + (uint32_t)(p - tag.name) + 1;
	}
	r->pos = (size_t)(p - buf);
	r->line = line;
	r->line_start = r->base + line_pos;
	g->tag_count = count;
	g->arena_len = arena_len;
	if (after != NULL) {
		r->st.end.line = after_line;
		r->st.end.column = after_column;
		r->st.end.offset = r->base + (size_t)(after - buf);
	}
}

void pgn_fast_run(struct pgn_reader *r, struct pgn_game *g)
{
	if (r->st.movetext)
		movetext_run(r, g);
	else if (g->tag_count > 0)
		tag_run(r, g);
}
