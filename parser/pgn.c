/*
 * pgn.c - the streaming PGN reader: bytes in, one game at a time out.
 *
 * Speed decides the shape of this file.  The reader runs over every byte of
 * every file, so it is a plain loop over a buffer: a table says what each
 * byte can be, the loops test table bits, and no function is called per byte
 * (comment text, often long, is searched sixteen bytes at a time:
 * comment_stop).  Token texts are copied into the game's arena and the
 * game's arrays grow geometrically and are reused from game to game, so after
 * the first few games nothing is allocated at all.
 *
 * The buffer has a fixed size (READ_BUFFER_SIZE) and a NUL sentinel after
 * the last byte read, so scanning loops need no bounds test; a NUL they stop
 * at is the sentinel only when it is at r->end.  Tokens that cannot be long
 * (symbols, numbers, tag pairs) are scanned as a whole: when a scan runs into
 * the end of the buffered bytes, more input is read (need_more keeps the bytes
 * from r->pos on) and the token is scanned again from its start.  That keeps
 * every scanner a pointer loop without saved state; a token longer than the
 * buffer would never finish, so PGN_MAX_TOKEN_BYTES is well below the buffer
 * size.  Text that can be any length (comments, escape lines, blanks) is
 * streamed instead.
 *
 * Most tokens are not lexed here one by one, though: pgn_fast_run
 * (pgn_fast.c) takes runs of the commonest ones without the per-token
 * bookkeeping, and comes back here for anything else.  What a token is
 * is decided once, by the helpers of pgn_internal.h that both use.
 *
 * Recovery matters as much as speed: a damaged file must not hide the games
 * after the damage.  Every problem is recorded in the game and reading goes
 * on; a `{` that is never closed is caught when its text reaches a line that
 * is nothing but tag pairs, and that line starts the next game.
 */
#include "parser/pgn.h"
#include "parser/pgn_internal.h"
#include "util/memory.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))

/* What a lexing step tells the game loop. */
enum { LEX_GO_ON, LEX_GAME_OVER };

/* ---- the byte classes ---- */

static void init_classes(uint16_t *cls)
{
	for (int c = 0; c < 256; c++) {
		int letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
		int digit = c >= '0' && c <= '9';
		int high = c >= 0x80;

		cls[c] = 0;
		if (letter || high)
			cls[c] |= C_SYMBOL_START;
		if (letter || digit || high || (c != 0 && strchr("_+#=:/-@!?", c)))
			cls[c] |= C_SYMBOL | C_SYMBOL_DOT;
		if (digit)
			cls[c] |= C_DIGIT;
		if (letter || digit || c == '_')
			cls[c] |= C_NAME;
	}
	cls['.'] |= C_SYMBOL_DOT | C_DOT;
	cls[' '] = cls['\t'] = cls['\f'] = cls['\v'] = C_BLANK;
	cls['\n'] |= C_LINE_END | C_LINE_STOP;
	cls['\r'] |= C_LINE_END | C_LINE_STOP;
	cls[0] |= C_LINE_STOP;
	cls[0] |= C_ODD;
	cls['%'] |= C_ODD;
	cls[0xef] |= C_ODD;
	cls[0x1a] |= C_ODD;
	cls['!'] |= C_GLYPH;
	cls['?'] |= C_GLYPH;
}

/* ---- input: the buffer and the position in the file ---- */

/* The next bytes of the input: from memory first, then from the stream. */
static ssize_t source_read(struct pgn_reader *r, unsigned char *to, size_t n)
{
	if (r->mem < r->mem_end) {
		size_t left = (size_t)(r->mem_end - r->mem);

		if (n > left)
			n = left;
		memcpy(to, r->mem, n);
		r->mem += n;
		return (ssize_t)n;
	}
	if (r->stream != NULL)
		return stream_read(r->stream, to, n, r->error, sizeof r->error);
	if (r->mem_failure != NULL) {
		snprintf(r->error, sizeof r->error, "%s", r->mem_failure);
		return -1;
	}
	return 0;
}

/* The whole number of the line the reader is on: lines only go forward from
 * line_known, by fewer than 2^32 (a buffer's worth at most). */
static inline uint64_t reader_line(const struct pgn_reader *r)
{
	return r->line_known + (uint32_t)(r->line - (uint32_t)r->line_known);
}

/* Reads more input after the buffered bytes, keeping those from r->pos on
 * (moved to the front).  Reads until the bytes held have doubled (so that
 * rescanning a token costs linear time), the buffer is full or the input
 * ends.  Returns 1 when bytes were added, 0 when none could be (end of input,
 * or a buffer full of one token), -1 on a read error. */
static int need_more(struct pgn_reader *r)
{
	size_t held = r->end - r->pos, want, before;

	if (r->failed)
		return -1;
	if (r->eof)
		return 0;
	r->line_known = reader_line(r);
	if (r->pos > 0) {
		r->buf[-1] = r->buf[r->pos - 1];
		memmove(r->buf, r->buf + r->pos, held);
		r->base += r->pos;
		r->end = held;
		r->pos = 0;
	}
	want = held > 0 ? 2 * held : 1;
	if (want > READ_BUFFER_SIZE)
		want = READ_BUFFER_SIZE;
	before = r->end;
	while (r->end < want && !r->eof && !r->read_error) {
		ssize_t got = source_read(r, r->buf + r->end, READ_BUFFER_SIZE - r->end);

		if (got > 0)
			r->end += (size_t)got;
		r->eof = got == 0;
		r->read_error = got < 0;
	}
	r->buf[r->end] = 0;
	/* The bytes that came before a read error are read first, so that
	 * which games come out does not depend on how the reads were cut. */
	r->failed = r->read_error && r->end == before;
	return r->failed ? -1 : r->end > before;
}

static inline struct where where_at(const struct pgn_reader *r, size_t pos)
{
	struct where w;

	w.offset = r->base + pos;
	w.line = r->line;
	w.column = w.offset - r->line_start < UINT32_MAX ? (uint32_t)(w.offset - r->line_start + 1) : UINT32_MAX;
	return w;
}

/* Counts the line end at p (LF, CR, or the LF of a CRLF) once it is read. */
static inline void count_line_end(struct pgn_reader *r, const unsigned char *p)
{
	if (ends_line(p))
		r->line++;
	r->line_start = r->base + (size_t)(p - r->buf) + 1;
}

/* scan_run for a run that reached the end of the buffered bytes. */
static size_t scan_run_more(struct pgn_reader *r, unsigned mask, int *whole)
{
	for (;;) {
		const unsigned char *s = r->buf + r->pos, *p = s + 1;
		int more;

		while (r->cls[*p] & mask)
			p++;
		if (p < r->buf + r->end || r->eof) {
			*whole = 1;
			return (size_t)(p - s);
		}
		more = need_more(r);
		if (more < 0 || (more == 0 && !r->eof)) {
			*whole = 0;
			return r->end - r->pos;
		}
	}
}

/* The length of the run of bytes of class `mask` at r->pos (its first byte
 * is taken whatever it is).  The whole run is in the buffer on return unless
 * *whole is 0: it is longer than the buffer, or reading failed. */
static inline size_t scan_run(struct pgn_reader *r, unsigned mask, int *whole)
{
	const unsigned char *s = r->buf + r->pos, *p = s + 1;

	while (r->cls[*p] & mask)
		p++;
	if (p == r->buf + r->end && !r->eof)
		return scan_run_more(r, mask, whole);
	*whole = 1;
	return (size_t)(p - s);
}

/* scan_run for a symbol (C_SYMBOL_DOT), ended where symbol_end ends it. */
static inline size_t scan_symbol(struct pgn_reader *r, int *whole)
{
	const unsigned char *s = r->buf + r->pos, *p = symbol_end(r->cls, s);

	if (p == r->buf + r->end && !r->eof)
		return scan_run_more(r, C_SYMBOL_DOT, whole);
	*whole = 1;
	return (size_t)(p - s);
}

/* Skips the bytes of class `mask` from r->pos on, however many. */
static void skip_run(struct pgn_reader *r, unsigned mask)
{
	for (;;) {
		const unsigned char *p = r->buf + r->pos;

		while (r->cls[*p] & mask)
			p++;
		r->pos = (size_t)(p - r->buf);
		if (r->pos < r->end || need_more(r) <= 0)
			return;
	}
}

/* Skips to the end of the line (not past it). */
static void skip_to_line_end(struct pgn_reader *r)
{
	for (;;) {
		const unsigned char *p = r->buf + r->pos;

		while (!(r->cls[*p] & C_LINE_STOP))
			p++;
		r->pos = (size_t)(p - r->buf);
		if (r->pos < r->end && *p != 0)
			return;
		if (r->pos < r->end)
			r->pos++;
		else if (need_more(r) <= 0)
			return;
	}
}

/* Skips a UTF-8 byte order mark at r->pos; it takes no column. */
static int skip_bom(struct pgn_reader *r)
{
	const unsigned char *p;

	while (r->end - r->pos < 3 && need_more(r) > 0)
		continue;
	p = r->buf + r->pos;
	if (r->end - r->pos < 3 || p[0] != 0xef || p[1] != 0xbb || p[2] != 0xbf)
		return 0;
	r->pos += 3;
	r->line_start += 3;
	return 1;
}

/* Skips a ^Z that is the last byte of the input (an old DOS end-of-file
 * mark, common in old collections). */
static int skip_dos_eof(struct pgn_reader *r)
{
	while (r->end - r->pos < 2 && need_more(r) > 0)
		continue;
	if (r->end - r->pos != 1 || !r->eof)
		return 0;
	r->pos++;
	return 1;
}

/* Skips blanks, line ends, `%` escape lines, byte order marks at the start
 * of a line and a final ^Z.  Returns the next byte (at r->pos), or -1 at the
 * end of the input or on a read error. */
static int skip_blanks(struct pgn_reader *r)
{
	const uint16_t *cls = r->cls;

	for (;;) {
		const unsigned char *p = r->buf + r->pos;
		unsigned c;

		for (;;) {
			c = *p;
			if (!(cls[c] & (C_BLANK | C_LINE_END)))
				break;
			if (cls[c] & C_LINE_END)
				count_line_end(r, p);
			p++;
		}
		r->pos = (size_t)(p - r->buf);
		/* Nearly always: no end of the buffer (its sentinel is a NUL), no
		 * escape line, BOM or ^Z. */
		if (!(cls[c] & C_ODD))
			return (int)c;
		if (r->pos == r->end) {
			if (need_more(r) <= 0)
				return -1;
			continue;
		}
		if ((c == '%' || c == 0xef) && r->base + r->pos == r->line_start) {
			if (c == '%') {
				skip_to_line_end(r);
				continue;
			}
			if (skip_bom(r))
				continue;
		}
		if (c == 0x1a && skip_dos_eof(r))
			continue;
		return (int)c;
	}
}

/* ---- the game: arena, tokens, tags, problems ---- */

static void out_of_memory(struct pgn_reader *r)
{
	r->failed = 1;
	snprintf(r->error, sizeof r->error, "out of memory");
}

/* array with room for twice *cap elements, but no more than max (*cap is
 * updated), or NULL. */
static void *grow(struct pgn_reader *r, void *array, int *cap, int max, size_t size)
{
	int n = *cap == 0 ? 64 : *cap < max / 2 ? 2 * *cap : max;
	void *bigger = memory_grow(array, (size_t)*cap * size, (size_t)n * size);

	if (bigger == NULL)
		out_of_memory(r);
	else
		*cap = n;
	return bigger;
}

static void push_problem(struct pgn_reader *r, struct pgn_game *g, enum pgn_problem_kind kind,
			 struct where at, const char *fmt, va_list ap)
{
	struct pgn_problem *p = g->problems;

	if (g->problem_count == g->problem_cap &&
	    (p = grow(r, g->problems, &g->problem_cap, INT_MAX, sizeof *p)) == NULL)
		return;
	g->problems = p;
	p += g->problem_count++;
	p->kind = (uint8_t)kind;
	p->section = NULL;
	p->line = at.line;
	p->column = at.column;
	vsnprintf(p->message, sizeof p->message, fmt, ap);
}

/* A problem that comes at most once per game: always recorded. */
PRINTF_LIKE(5, 6)
static void add_final_problem(struct pgn_reader *r, struct pgn_game *g,
			      enum pgn_problem_kind kind, struct where at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	push_problem(r, g, kind, at, fmt, ap);
	va_end(ap);
}

/* A problem that can come any number of times: at most PGN_MAX_PROBLEMS. */
PRINTF_LIKE(5, 6)
static void add_problem(struct pgn_reader *r, struct pgn_game *g, enum pgn_problem_kind kind,
			struct where at, const char *fmt, ...)
{
	va_list ap;

	if (r->st.syntax_problems >= PGN_MAX_PROBLEMS) {
		if (!r->st.full_problems) {
			r->st.full_problems = 1;
			add_final_problem(r, g, PGN_SYNTAX, at, "more than %d problems in this"
					  " game; the rest are not reported", PGN_MAX_PROBLEMS);
		}
		return;
	}
	r->st.syntax_problems++;
	va_start(ap, fmt);
	push_problem(r, g, kind, at, fmt, ap);
	va_end(ap);
}

/* The last problem recorded breaks PGN's section `section`, when one was
 * recorded since there were `before` of them. */
static void problem_section(struct pgn_game *g, int before, const char *section)
{
	if (g->problem_count > before)
		g->problems[g->problem_count - 1].section = section;
}

/* A limit was hit: from here on nothing more of the game is stored, so
 * what is stored is a clean beginning of it. */
static void stop_storing(struct pgn_reader *r, struct pgn_game *g, struct where at,
			 const char *what)
{
	if (r->st.stopped)
		return;
	r->st.stopped = 1;
	g->truncated = 1;
	add_final_problem(r, g, PGN_SYNTAX, at, "%s; the rest of it is not stored", what);
}

/* Room for n more bytes in the arena, within PGN_MAX_GAME_BYTES.  The
 * arena has SHORT_COPY bytes more than arena_cap says, so that copy_text
 * may copy bytes beyond a text that ends at arena_cap. */
static int arena_grow(struct pgn_reader *r, struct pgn_game *g, size_t n)
{
	size_t need = g->arena_len + n, cap = g->arena_cap > 0 ? g->arena_cap : 65536;
	char *bigger;

	if (need > PGN_MAX_GAME_BYTES)
		return 0;
	while (cap < need)
		cap *= 2;
	if (cap > PGN_MAX_GAME_BYTES)
		cap = PGN_MAX_GAME_BYTES;
	bigger = memory_grow(g->arena, g->arena_cap > 0 ? g->arena_cap + SHORT_COPY : 0, cap + SHORT_COPY);
	if (bigger == NULL) {
		out_of_memory(r);
		return 0;
	}
	g->arena = bigger;
	g->arena_cap = cap;
	return 1;
}

static inline int arena_reserve(struct pgn_reader *r, struct pgn_game *g, size_t n)
{
	return g->arena_len + n <= g->arena_cap || arena_grow(r, g, n);
}

/* make_room when the arrays are full or storing has stopped. */
static int make_room_slowly(struct pgn_reader *r, struct pgn_game *g, size_t bytes,
			    struct where at)
{
	struct pgn_token *bigger;

	if (r->st.stopped)
		return 0;
	if (g->token_count >= PGN_MAX_TOKENS) {
		stop_storing(r, g, at, "the game has more than 1000000 tokens");
		return 0;
	}
	if (g->token_count == g->token_cap) {
		bigger = grow(r, g->tokens, &g->token_cap, PGN_MAX_TOKENS, sizeof *bigger);
		if (bigger == NULL)
			return 0;
		g->tokens = bigger;
	}
	if (!arena_reserve(r, g, bytes)) {
		stop_storing(r, g, at, "the game is larger than 16 MiB");
		return 0;
	}
	return 1;
}

/* Room for one more token and `bytes` of arena, unless storing has stopped. */
static inline int make_room(struct pgn_reader *r, struct pgn_game *g, size_t bytes,
			    struct where at)
{
	if (g->token_count < g->token_cap && g->arena_len + bytes <= g->arena_cap && !r->st.stopped)
		return 1;
	return make_room_slowly(r, g, bytes, at);
}

/* Adds a token whose text is already in the arena at `text`. */
static inline void add_token(struct pgn_reader *r, struct pgn_game *g, enum token_type type,
			     uint32_t text, size_t length, struct where at, int32_t number)
{
	struct pgn_token *t = &g->tokens[g->token_count++];

	t->type = (uint8_t)type;
	t->depth = token_depth(r->st.depth);
	t->text = text;
	t->length = (uint32_t)length;
	t->line = at.line;
	t->column = at.column;
	t->number = number;
}

/* Makes the len bytes at r->pos a token and moves past them.  Short texts
 * are copied without a call (copy_text).  Everything is read before
 * anything is stored (store_token says why). */
ALWAYS_INLINE static inline void emit(struct pgn_reader *r, struct pgn_game *g,
				      enum token_type type, size_t len, int32_t number)
{
	size_t pos = r->pos;
	const unsigned char *s = r->buf + pos;
	struct where at = where_at(r, pos);
	uint64_t depth = r->st.depth;

	r->pos = pos + len;
	r->st.last_type = (int)type;
	r->st.end.line = at.line;
	r->st.end.column = at.column < UINT32_MAX - len ? at.column + (uint32_t)len : UINT32_MAX;
	if (!make_room(r, g, len + SHORT_COPY, at))
		return;

	size_t text = g->arena_len;
	char *arena = g->arena;
	struct pgn_token *t = &g->tokens[g->token_count];
	struct pgn_token token = {
		.type = (uint8_t)type,
		.depth = token_depth(depth),
		.text = (uint32_t)text,
		.length = (uint32_t)len,
		.line = at.line,
		.column = at.column,
		.number = number,
	};

	g->token_count++;
	g->arena_len = text + len + 1;
	store_token(t, arena, &token, s);
}

/* Text built in pieces (comments): text_add, then emit_text. */
static void text_add(struct pgn_reader *r, struct pgn_game *g, const unsigned char *s, size_t n)
{
	if (r->st.stopped || r->st.text_failed)
		return;
	if (!arena_reserve(r, g, n + 1)) {
		r->st.text_failed = 1;
		return;
	}
	memcpy(g->arena + g->arena_len, s, n);
	g->arena_len += n;
}

static void emit_text(struct pgn_reader *r, struct pgn_game *g, enum token_type type,
		      uint32_t text, struct where at)
{
	r->st.last_type = (int)type;
	r->st.end = where_at(r, r->pos);
	if (r->st.text_failed) {
		r->st.text_failed = 0;
		g->arena_len = text;
		stop_storing(r, g, at, "the game is larger than 16 MiB");
		return;
	}
	if (!make_room(r, g, 1, at)) {
		g->arena_len = text;
		return;
	}
	g->arena[g->arena_len++] = 0;
	add_token(r, g, type, text, g->arena_len - 1 - text, at, 0);
}

/* s[0..n) for a message: printable ASCII as is, other bytes as \xNN, and
 * cut short with "..." when long. */
static const char *printable(const unsigned char *s, size_t n, char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (o + 8 > size) {
			memcpy(out + o, "...", 4);
			return out;
		}
		if (s[i] >= 0x20 && s[i] < 0x7f)
			out[o++] = (char)s[i];
		else
			o += (size_t)snprintf(out + o, size - o, "\\x%02X", s[i]);
	}
	out[o] = 0;
	return out;
}

/* The byte at p for a message: 'x', '\xNN', the end of the line or input. */
static const char *describe_byte(const struct pgn_reader *r, const unsigned char *p, char *out,
				 size_t size)
{
	char text[8];

	if (p == r->buf + r->end)
		return "the end of the input";
	if (r->cls[*p] & C_LINE_END)
		return "the end of the line";
	snprintf(out, size, "'%s'", printable(p, 1, text, sizeof text));
	return out;
}

/* ---- tag pairs ---- */

enum tag_status {
	TAG_OK, TAG_MORE, TAG_NO_NAME, TAG_NO_VALUE, TAG_OPEN_VALUE, TAG_NO_CLOSE, TAG_TOO_LONG
};

struct tag_scan {
	const unsigned char *name, *value;  /* value as written, between the quotes */
	size_t name_len, value_len;
	const unsigned char *stop;          /* after the ']', or the byte that is wrong */
	int escaped;                        /* the value has a backslash */
	int nul;                            /* the value has a NUL byte */
	unsigned char control;              /* its first other control character, or 0 */
};

/* Scans `[ Name "value" ]` from the '[' at p, within the buffered bytes;
 * TAG_MORE when they end before the tag pair does. */
static enum tag_status scan_tag_pair(const struct pgn_reader *r, const unsigned char *p,
				     struct tag_scan *ts)
{
	const uint16_t *cls = r->cls;
	const unsigned char *end = r->buf + r->end, *open = p;
	struct plain_tag plain;

	ts->escaped = ts->nul = 0;
	ts->control = 0;
	if (plain_tag_pair(cls, p, &plain)) {
		ts->name = plain.name;
		ts->name_len = plain.name_len;
		ts->value = plain.value;
		ts->value_len = plain.value_len;
		ts->stop = plain.stop;
		return TAG_OK;
	}
	ts->name = p = skip_spaces(cls, p + 1);
	p = tag_name_end(cls, p);
	ts->name_len = (size_t)(p - ts->name);
	/* Too long is decided here, on the bytes, not by how many of them
	 * the buffer happens to hold: a reader of the whole file and one of
	 * a piece held in memory (check -j N) must say the same. */
	if (ts->name_len > PGN_MAX_TOKEN_BYTES) {
		ts->stop = open;
		return TAG_TOO_LONG;
	}
	ts->stop = p = skip_spaces(cls, p);
	if (p == end && !r->eof)
		return TAG_MORE;
	if (ts->name_len == 0)
		return TAG_NO_NAME;
	if (*p != '"' || p == end)
		return TAG_NO_VALUE;
	ts->value = ++p;
	for (;;) {
		p = value_stop(p);
		if ((size_t)(p - ts->value) > PGN_MAX_TOKEN_BYTES) {
			ts->stop = open;
			return TAG_TOO_LONG;
		}
		if (p == end && !r->eof)
			return TAG_MORE;
		if (*p == '"' && p < end)
			break;
		ts->escaped |= *p == '\\';
		if (*p == '\\' && p + 1 == end && !r->eof)
			return TAG_MORE;
		if (*p == '\\' && p + 1 < end && !(cls[p[1]] & C_LINE_END))
			p += 2;
		else if (*p == '\\' || (*p == 0 && p < end)) {
			ts->nul |= *p == 0;
			p++;
		} else if (!(cls[*p] & C_LINE_STOP)) {
			/* A tab, an escape, DEL: part of the value (check_tags
			 * reports it). */
			if (!ts->control)
				ts->control = *p;
			p++;
		} else {
			ts->stop = p;
			return TAG_OPEN_VALUE;
		}
	}
	ts->value_len = (size_t)(p - ts->value);
	ts->stop = p = skip_spaces(cls, p + 1);
	if (p == end && !r->eof)
		return TAG_MORE;
	if (*p != ']' || p == end)
		return TAG_NO_CLOSE;
	ts->stop = p + 1;
	if (ts->name_len > PGN_MAX_TOKEN_BYTES || ts->value_len > PGN_MAX_TOKEN_BYTES)
		return TAG_TOO_LONG;
	return TAG_OK;
}

/* scan_tag_pair at r->pos, reading more input until it can decide. */
static enum tag_status scan_tag(struct pgn_reader *r, struct tag_scan *ts)
{
	for (;;) {
		enum tag_status status = scan_tag_pair(r, r->buf + r->pos, ts);
		int more;

		if (status != TAG_MORE)
			return status;
		more = need_more(r);
		if (more < 0 || (more == 0 && !r->eof)) {
			ts->stop = r->buf + r->pos;
			return TAG_TOO_LONG;
		}
	}
}

static void add_tag(struct pgn_reader *r, struct pgn_game *g, const struct tag_scan *ts,
		    struct where at)
{
	struct pgn_tag *tag = g->tags;
	char *o;

	if (r->st.stopped)
		return;
	if (g->tag_count >= PGN_MAX_TAGS) {
		if (!r->st.full_tags)
			add_final_problem(r, g, PGN_SYNTAX, at, "the game has more than %d"
					  " tag pairs; the rest of them are not stored",
					  PGN_MAX_TAGS);
		r->st.full_tags = 1;
		g->truncated = 1;
		return;
	}
	if (g->tag_count == g->tag_cap &&
	    (tag = grow(r, g->tags, &g->tag_cap, PGN_MAX_TAGS, sizeof *tag)) == NULL)
		return;
	g->tags = tag;
	if (!arena_reserve(r, g, ts->name_len + ts->value_len + 2)) {
		stop_storing(r, g, at, "the game is larger than 16 MiB");
		return;
	}
	tag = &g->tags[g->tag_count++];
	if (!ts->escaped) {
		/* Nearly every value: nothing to unescape. */
		g->arena_len = store_tag(tag, g->arena, g->arena_len, ts->name, ts->name_len, ts->value,
					 ts->value_len, at.line, at.column, ts->control);
	} else {
		tag->line = at.line;
		tag->column = at.column;
		tag->name = (uint32_t)g->arena_len;
		o = g->arena + g->arena_len;
		copy_text(o, ts->name, ts->name_len);
		o += ts->name_len;
		*o++ = 0;
		tag->value = (uint32_t)(o - g->arena);
		for (const unsigned char *p = ts->value, *end = p + ts->value_len; p < end; p++) {
			if (*p == '\\' && p + 1 < end && (p[1] == '"' || p[1] == '\\'))
				p++;
			*o++ = (char)*p;
		}
		tag->value_length = (uint32_t)(o - (g->arena + tag->value));
		tag->control = ts->control;
		*o++ = 0;
		g->arena_len = (size_t)(o - g->arena);
	}
	/* The value is a C string to everything after the reader. */
	if (ts->nul) {
		char name[48];
		add_problem(r, g, PGN_SYNTAX, at, "the %s tag's value holds a NUL byte (0x00): only what comes before it is read",
			    printable(ts->name, ts->name_len, name, sizeof name));
	}
}

/* Records what is wrong with a tag pair; the rest of its line is skipped. */
static void bad_tag(struct pgn_reader *r, struct pgn_game *g, const struct tag_scan *ts,
		    enum tag_status status)
{
	size_t pos = status == TAG_TOO_LONG ? r->pos : (size_t)(ts->stop - r->buf);
	struct where at = where_at(r, pos);
	char name[48], found[16];
	const char *byte = describe_byte(r, ts->stop, found, sizeof found);

	if (status != TAG_NO_NAME && status != TAG_TOO_LONG)
		printable(ts->name, ts->name_len, name, sizeof name);
	if (status == TAG_NO_NAME)
		add_problem(r, g, PGN_SYNTAX, at, "'[' is not followed by a tag name (found %s)",
			    byte);
	else if (status == TAG_NO_VALUE)
		add_problem(r, g, PGN_SYNTAX, at,
			    "tag \"%s\" has no value: expected '\"', found %s", name, byte);
	else if (status == TAG_OPEN_VALUE)
		add_problem(r, g, PGN_SYNTAX, at,
			    "the value of tag \"%s\" is not closed: '\"' missing before %s",
			    name, byte);
	else if (status == TAG_NO_CLOSE &&
		 (ts->stop == r->buf + r->end || r->cls[*ts->stop] & C_LINE_END))
		add_problem(r, g, PGN_SYNTAX, at, "tag \"%s\" is not closed: ']' missing before %s",
			    name, byte);
	else if (status == TAG_NO_CLOSE)
		add_problem(r, g, PGN_SYNTAX, at,
			    "tag \"%s\": expected ']' after the value, found %s"
			    " (a '\"' inside a value is written \\\")", name, byte);
	else
		add_problem(r, g, PGN_SYNTAX, at, "tag pair longer than %d bytes; skipped",
			    PGN_MAX_TOKEN_BYTES);
	r->pos = (size_t)(ts->stop - r->buf);
	skip_to_line_end(r);
}

/* Whether the line at r->pos is nothing but tag pairs (then *at is the
 * offset of its first '['); -1 when the buffered bytes end first. */
static int scan_tag_line(const struct pgn_reader *r, uint64_t *at)
{
	const unsigned char *p = skip_spaces(r->cls, r->buf + r->pos), *end = r->buf + r->end;
	struct tag_scan ts;

	if (p == end)
		return r->eof ? 0 : -1;
	if (*p != '[')
		return 0;
	*at = r->base + (size_t)(p - r->buf);
	while (*p == '[' && p < end) {
		enum tag_status status = scan_tag_pair(r, p, &ts);

		if (status == TAG_MORE)
			return -1;
		if (status != TAG_OK)
			return 0;
		p = skip_spaces(r->cls, ts.stop);
	}
	if (p == end)
		return r->eof ? 1 : -1;
	return (r->cls[*p] & C_LINE_END) != 0;
}

/* scan_tag_line, reading more input until it can decide.  A line longer
 * than the buffer is not a tag line.  Returns 1, 0, or -1 on a read error. */
static int tag_line_follows(struct pgn_reader *r, uint64_t *at)
{
	for (;;) {
		int found = scan_tag_line(r, at), more;

		if (found >= 0)
			return found;
		more = need_more(r);
		if (more < 0)
			return -1;
		if (more == 0 && !r->eof)
			return 0;
	}
}

/* ---- the lexer: one token (or problem) per call ---- */

/* A run of NUL bytes (DGT board logs and files cut at a block boundary
 * have them): one problem with the count, not one per byte.  The run may
 * go on past the buffered bytes; their sentinel NUL is not part of it. */
static int lex_nul_run(struct pgn_reader *r, struct pgn_game *g)
{
	struct where at = where_at(r, r->pos);
	uint64_t count = 0;

	for (;;) {
		while (r->pos < r->end && r->buf[r->pos] == 0) {
			r->pos++;
			count++;
		}
		if (r->pos < r->end || need_more(r) <= 0)
			break;
	}
	if (count == 1)
		add_problem(r, g, PGN_SYNTAX, at, "unexpected character '\\x00' (a NUL byte)");
	else
		add_problem(r, g, PGN_SYNTAX, at, "%llu NUL bytes (\\x00) in a row; skipped",
			    (unsigned long long)count);
	return LEX_GO_ON;
}

static int lex_unexpected(struct pgn_reader *r, struct pgn_game *g)
{
	char text[8] = "";

	if (r->buf[r->pos] == 0)
		return lex_nul_run(r, g);
	/* Once the problems are capped the message is not kept: do not format
	 * it (snprintf for every byte of a run of junk was most of the time). */
	if (r->st.syntax_problems < PGN_MAX_PROBLEMS)
		printable(r->buf + r->pos, 1, text, sizeof text);
	add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos), "unexpected character '%s'", text);
	r->pos++;
	return LEX_GO_ON;
}

static int lex_too_long(struct pgn_reader *r, struct pgn_game *g, const char *what, unsigned mask)
{
	add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos), "%s longer than %d bytes; skipped", what,
		    PGN_MAX_TOKEN_BYTES);
	skip_run(r, mask);
	return LEX_GO_ON;
}

/* Whether the game has a tag pair of this name. */
static int has_tag_named(const struct pgn_game *g, const unsigned char *name, size_t len)
{
	for (int i = 0; i < g->tag_count; i++) {
		const char *have = g->arena + g->tags[i].name;

		if (strncmp(have, (const char *)name, len) == 0 && have[len] == '\0')
			return 1;
	}
	return 0;
}

/* A tag pair, or in movetext the tag pair that starts the next game.  A
 * game without movetext ends too where, after a blank line, a tag pair
 * names a tag it already has: files of tag sections alone (pairings, a
 * database of Chess960 start positions) are games without moves, not one
 * game of thousands of tags.  A blank line inside one tag section, before
 * a tag not yet given, does not split it. */
static int lex_bracket(struct pgn_reader *r, struct pgn_game *g)
{
	struct tag_scan ts;
	enum tag_status status = scan_tag(r, &ts);

	if (r->failed)
		return LEX_GO_ON;
	if (r->st.movetext) {
		if (status == TAG_NO_NAME || status == TAG_NO_VALUE)
			return lex_unexpected(r, g);
		g->end_offset = r->base + r->pos;
		return LEX_GAME_OVER;
	}
	if (status == TAG_OK && g->tag_count > 0 && r->line >= r->st.end.line + 2 &&
	    has_tag_named(g, ts.name, ts.name_len)) {
		g->end_offset = r->base + r->pos;
		return LEX_GAME_OVER;
	}
	r->st.tag_section = 1;
	if (status != TAG_OK) {
		bad_tag(r, g, &ts, status);
		return LEX_GO_ON;
	}
	add_tag(r, g, &ts, where_at(r, r->pos));
	r->pos = (size_t)(ts.stop - r->buf);
	r->st.end = where_at(r, r->pos);
	return LEX_GO_ON;
}

static int comment_at_end(struct pgn_reader *r, struct pgn_game *g, uint32_t text,
			  struct where open)
{
	emit_text(r, g, TOKEN_COMMENT, text, open);
	add_final_problem(r, g, PGN_UNTERMINATED_COMMENT, open,
			  "comment opened here is not closed before the end of the file");
	r->st.cut_by_comment = 1;
	return LEX_GO_ON;
}

static int comment_cut(struct pgn_reader *r, struct pgn_game *g, uint32_t text,
		       struct where open, uint64_t tag_at)
{
	emit_text(r, g, TOKEN_COMMENT, text, open);
	add_final_problem(r, g, PGN_UNTERMINATED_COMMENT, open,
			  "comment opened here is not closed: it runs into the tag pair at"
			  " line %" PRIu64 ", which is taken to start the next game", pgn_file_line(g, r->line));
	r->st.cut_by_comment = 1;
	g->end_offset = tag_at;
	return LEX_GAME_OVER;
}

/* A {} comment; at each line end inside it, a line of tag pairs means the
 * comment was never closed. */
static int lex_brace_comment(struct pgn_reader *r, struct pgn_game *g)
{
	struct where open = where_at(r, r->pos);
	uint32_t text = (uint32_t)g->arena_len;
	uint64_t tag_at = 0;

	{
		/* Nearly always: the comment closes on its line, within the
		 * buffered bytes, and the arrays have room.  Then text_add and
		 * emit_text come down to this. */
		const unsigned char *s = r->buf + r->pos + 1;
		const unsigned char *p = comment_close_on_line(s - 1);
		size_t n = p != NULL ? (size_t)(p - s) : 0;

		if (p != NULL && !r->st.stopped && !r->st.text_failed && g->token_count < g->token_cap
		    && g->arena_len + n + 1 <= g->arena_cap) {
			memcpy(g->arena + text, s, n);
			g->arena[text + n] = 0;
			g->arena_len = text + n + 1;
			r->pos = (size_t)(p - r->buf) + 1;
			r->st.last_type = TOKEN_COMMENT;
			r->st.end = where_at(r, r->pos);
			add_token(r, g, TOKEN_COMMENT, text, n, open, 0);
			return LEX_GO_ON;
		}
	}
	r->pos++;
	for (;;) {
		const unsigned char *s = r->buf + r->pos;
		const unsigned char *p = comment_stop(s);
		int more, found;

		text_add(r, g, s, (size_t)(p - s));
		r->pos = (size_t)(p - r->buf);
		if (r->pos == r->end) {
			more = need_more(r);
			if (more < 0)
				return LEX_GO_ON;
			if (more == 0)
				return comment_at_end(r, g, text, open);
			continue;
		}
		if (*p == '}')
			break;
		text_add(r, g, p, 1);
		r->pos++;
		if (*p == 0)
			continue;
		count_line_end(r, p);
		found = tag_line_follows(r, &tag_at);
		if (found < 0)
			return LEX_GO_ON;
		if (found)
			return comment_cut(r, g, text, open, tag_at);
	}
	r->pos++;
	emit_text(r, g, TOKEN_COMMENT, text, open);
	return LEX_GO_ON;
}

/* A ; comment, to the end of the line. */
static int lex_line_comment(struct pgn_reader *r, struct pgn_game *g)
{
	struct where at = where_at(r, r->pos);
	uint32_t text = (uint32_t)g->arena_len;

	r->pos++;
	for (;;) {
		const unsigned char *s = r->buf + r->pos, *p = s;

		while (!(r->cls[*p] & C_LINE_STOP))
			p++;
		text_add(r, g, s, (size_t)(p - s));
		r->pos = (size_t)(p - r->buf);
		if (r->pos < r->end && *p != 0)
			break;
		if (r->pos < r->end) {
			text_add(r, g, p, 1);
			r->pos++;
		} else if (need_more(r) <= 0) {
			break;
		}
	}
	emit_text(r, g, TOKEN_COMMENT, text, at);
	return LEX_GO_ON;
}

/* Whether the line that a '(' about to be read at depth d branches from
 * has a move before it, to be an alternative to (PGN 8.2.5).  Looking back
 * over annotations and comments: a move of the line says yes, the '(' that
 * opened the line (or the start of the movetext) no, and a variation that
 * closed just before says what was found when it opened - so siblings
 * (`e4 (d4) (c4)`) are not looked through again. */
static int line_has_move(const struct pgn_game *g, int d)
{
	for (int i = g->token_count - 1; i >= 0; i--) {
		const struct pgn_token *t = &g->tokens[i];

		if (t->depth > d)
			return t->type == TOKEN_VARIATION_END && t->depth == d + 1;
		if (t->depth < d || t->type == TOKEN_VARIATION_START)
			return 0;
		if (t->type == TOKEN_SYMBOL)
			return 1;
	}
	return 0;
}

static int lex_open(struct pgn_reader *r, struct pgn_game *g)
{
	struct where at = where_at(r, r->pos);

	if (r->st.depth < PGN_MAX_DEPTH && !r->st.stopped && !line_has_move(g, (int)r->st.depth)) {
		int n = g->problem_count;

		add_problem(r, g, PGN_SYNTAX, at, r->st.depth == 0
			    ? "a variation before the first move: a variation is an alternative to the move before it"
			    : "a variation at the start of a variation: a variation is an alternative to the move before it");
		problem_section(g, n, "PGN 8.2.5");
	}
	if (r->st.depth == 0)
		r->st.open = at;
	r->st.depth++;
	if (r->st.depth > PGN_MAX_DEPTH && !r->st.deep_noted) {
		r->st.deep_noted = 1;
		add_final_problem(r, g, PGN_SYNTAX, at,
				  "variations nested more than %d deep; deeper ones are given"
				  " depth %d", PGN_MAX_DEPTH, PGN_MAX_DEPTH);
	}
	emit(r, g, TOKEN_VARIATION_START, 1, 0);
	r->st.movetext = 1;
	return LEX_GO_ON;
}

static int lex_close(struct pgn_reader *r, struct pgn_game *g)
{
	struct where at = where_at(r, r->pos);

	if (r->st.depth == 0) {
		add_problem(r, g, PGN_UNBALANCED_VARIATION, at, "')' without a matching '('");
		r->pos++;
		return LEX_GO_ON;
	}
	emit(r, g, TOKEN_VARIATION_END, 1, 0);
	r->st.depth--;
	r->st.movetext = 1;
	return LEX_GO_ON;
}

#define COMMENT_NOT_SEEN ((size_t)-1)

/* Where the comment that opens at buf[i] ('{' or ';') ends: just past its
 * '}' or at its line end; 0 when that is not in the buffered bytes yet,
 * COMMENT_NOT_SEEN when a '{' comment runs into a line that begins with '['
 * (a comment left open, which lex_brace_comment ends at that tag pair). */
static size_t comment_end_at(const struct pgn_reader *r, size_t i)
{
	const unsigned char *p = r->buf + i + 1, *end = r->buf + r->end;

	if (r->buf[i] == ';') {
		while (p < end && !(r->cls[*p] & C_LINE_END))
			p++;
		return p < end || r->eof ? (size_t)(p - r->buf) : 0;
	}
	for (; p < end && *p != '}'; p++)
		if (*p == '[' && (r->cls[p[-1]] & C_LINE_END))
			return COMMENT_NOT_SEEN;
	return p < end ? (size_t)(p - r->buf) + 1 : r->eof ? COMMENT_NOT_SEEN : 0;
}

/* The byte after the blanks, line ends and comments from r->pos on,
 * without moving past them (the line count stays where the game may end),
 * or -1: at the end of the input, at a comment left open, or when they fill
 * the buffer. */
static int peek_past_comments(struct pgn_reader *r)
{
	for (;;) {
		size_t i = r->pos;

		for (;;) {
			while (i < r->end && (r->cls[r->buf[i]] & (C_BLANK | C_LINE_END)))
				i++;
			if (i >= r->end)
				break; /* more input decides */
			if (r->buf[i] != '{' && r->buf[i] != ';')
				return r->buf[i];
			size_t past = comment_end_at(r, i);

			if (past == COMMENT_NOT_SEEN)
				return -1;
			if (past == 0)
				break; /* the comment goes on past the buffered bytes */
			i = past;
		}
		int more = need_more(r);

		/* A read error is the next read's to report: the game
		 * before it is whole. */
		if (more < 0 && r->read_error)
			r->failed = 0;
		if (more <= 0)
			return -1;
	}
}

/* Whether what follows the termination marker just read, past blanks on
 * its line or the next (no blank line, no comment), is a move number that
 * continues the main line: `N.` or `N...`, N the last move number of the
 * main line or the next one, at least 2.  A board that goes on recording
 * after the result (a broadcast's), or a result typed in the middle of the
 * moves, writes these; read as a game of their own, they would be an
 * untagged game whose first move is illegal. */
static int moves_follow_result(const struct pgn_reader *r, const struct pgn_game *g)
{
	size_t i = r->pos;
	int line_ends = 0;

	while (i < r->end && (r->cls[r->buf[i]] & (C_BLANK | C_LINE_END))) {
		if (r->buf[i] == '\n' || (r->buf[i] == '\r' && (i + 1 >= r->end || r->buf[i + 1] != '\n')))
			line_ends++;
		i++;
	}
	if (line_ends > 1 || i >= r->end || !(r->cls[r->buf[i]] & C_DIGIT))
		return 0;
	int32_t n = 0;
	for (int d = 0; i < r->end && (r->cls[r->buf[i]] & C_DIGIT); i++)
		if (++d > 6)
			return 0;
		else
			n = n * 10 + (int32_t)(r->buf[i] - '0');
	if (i >= r->end || r->buf[i] != '.')
		return 0;
	for (int k = g->token_count - 1; k >= 0; k--)
		if (g->tokens[k].type == TOKEN_MOVE_NUMBER && g->tokens[k].depth == 0)
			return n >= 2 && (n == g->tokens[k].number || n == g->tokens[k].number + 1);
	return 0;
}

/* The termination marker that moves followed gives way to a later one:
 * taken out of the tokens. */
static void drop_result(struct pgn_reader *r, struct pgn_game *g)
{
	int i = r->st.result_index;

	r->st.moves_after_result = 0;
	if (i < 0 || i >= g->token_count || g->tokens[i].type != TOKEN_RESULT)
		return;
	memmove(&g->tokens[i], &g->tokens[i + 1], (size_t)(g->token_count - i - 1) * sizeof *g->tokens);
	g->token_count--;
}

/* A result of len bytes at r->pos: the end of the game, unless it is inside
 * a variation, or a variation follows it (then the variations and comments
 * after it are read into the game first: pgn_next_game). */
static int take_result(struct pgn_reader *r, struct pgn_game *g, size_t len)
{
	if (r->st.depth > 0) {
		add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos),
			    "result %.*s inside a variation (the game goes on)", (int)len,
			    (const char *)r->buf + r->pos);
		r->pos += len;
		return LEX_GO_ON;
	}
	struct where at = where_at(r, r->pos);
	int tokens = g->token_count;
	char text[8];

	/* Copied, not formatted: every game with a result comes here. */
	memcpy(text, r->buf + r->pos, len < sizeof text ? len : sizeof text - 1);
	text[len < sizeof text ? len : sizeof text - 1] = '\0';
	if (r->st.after_result) {
		add_problem(r, g, PGN_SYNTAX, at, "a second termination marker %s, after the analysis that"
			    " follows the first; it is not read", text);
		r->pos += len;
		g->end_offset = r->base + r->pos;
		return LEX_GAME_OVER;
	}
	if (r->st.moves_after_result)
		drop_result(r, g);
	emit(r, g, TOKEN_RESULT, len, 0);
	r->st.has_result = 1;
	g->end_offset = r->base + r->pos;
	int next = peek_past_comments(r);
	if (next >= '1' && next <= '9' && moves_follow_result(r, g)) {
		int n = g->problem_count;

		r->st.moves_after_result = 1;
		r->st.result_index = g->token_count > tokens ? tokens : -1;
		add_problem(r, g, PGN_SYNTAX, at,
			    "moves follow the termination marker %s, which must end the movetext: they are"
			    " read as this game's", text);
		problem_section(g, n, "PGN 8.2.6");
		return LEX_GO_ON;
	}
	if (next == '(') {
		int n = g->problem_count;

		r->st.after_result = 1;
		r->st.result_index = g->token_count > tokens ? tokens : -1;
		add_final_problem(r, g, PGN_SYNTAX, at,
				  "a variation follows the termination marker %s, which must end the movetext:"
				  " it is read as analysis of this game", text);
		problem_section(g, n, "PGN 8.2.6");
		return LEX_GO_ON;
	}
	return LEX_GAME_OVER;
}

/*
 * Annotation signs that the big GUIs' text exports write in the movetext
 * (ChessBase, Fritz, and Informator-style books converted to PGN), with
 * the NAG that PGN has for each (PGN 10; 140 and up are ChessBase's own
 * numbers, which other programs read too).  They are read as annotations,
 * like `!` and `?`, so that the replay goes on after them; the game gets one
 * nonstandard-notation finding for them.  Exact texts only: `N` and `D` on
 * their own are never moves, `Nf3` is.
 */
static const struct annotation_sign {
	const char *text;
	int nag;
	const char *meaning;
} annotation_signs[] = {
	{ "=", 10, "a drawish position" },
	{ "\xE2\x88\x9E", 13, "an unclear position" },          /* ∞ */
	{ "+=", 14, "White is slightly better" },
	{ "+/=", 14, "White is slightly better" },
	{ "\xE2\xA9\xB2", 14, "White is slightly better" },      /* ⩲ */
	{ "=+", 15, "Black is slightly better" },
	{ "=/+", 15, "Black is slightly better" },
	{ "\xE2\xA9\xB1", 15, "Black is slightly better" },      /* ⩱ */
	{ "+/-", 16, "White is better" },
	{ "\xC2\xB1", 16, "White is better" },                  /* ± */
	{ "-/+", 17, "Black is better" },
	{ "\xE2\x88\x93", 17, "Black is better" },              /* ∓ */
	{ "+-", 18, "White is winning" },
	{ "+--", 18, "White is winning" },
	{ "+\xE2\x88\x92", 18, "White is winning" },            /* +− */
	{ "-+", 19, "Black is winning" },
	{ "--+", 19, "Black is winning" },
	{ "\xE2\x88\x92+", 19, "Black is winning" },            /* −+ */
	{ "\xE2\x96\xA1", 7, "the only move" },                 /* □ */
	{ "\xE2\xA8\x80", 22, "zugzwang" },                     /* ⨀ */
	{ "\xE2\x97\x8B", 26, "more space" },                   /* ○ */
	{ "\xE2\x9F\xB3", 32, "a lead in development" },        /* ⟳ */
	{ "\xE2\x86\x91", 36, "the initiative" },               /* ↑ */
	{ "\xE2\x86\x92", 40, "an attack" },                    /* → */
	{ "=\xE2\x88\x9E", 44, "compensation for the material" }, /* =∞ */
	{ "=/\xE2\x88\x9E", 44, "compensation for the material" }, /* =/∞ */
	{ "\xE2\x87\x86", 132, "counterplay" },                 /* ⇆ */
	{ "\xE2\x8A\x95", 138, "time trouble" },                /* ⊕ */
	{ "\xE2\x80\xBC", 3, "a very good move" },              /* ‼ */
	{ "\xE2\x81\x87", 4, "a blunder" },                     /* ⁇ */
	{ "\xE2\x81\x89", 5, "an interesting move" },           /* ⁉ */
	{ "\xE2\x81\x88", 6, "a dubious move" },                /* ⁈ */
	{ "\xCE\x94", 140, "with the idea" },                    /* Δ */
	{ "\xE2\x88\x86", 140, "with the idea" },               /* ∆ */
	{ "RR", 145, "an editorial comment" },
	{ "N", 146, "a novelty" },
	{ "D", 220, "a diagram" },
};

/* The annotation sign s[0..len) is, or NULL. */
static const struct annotation_sign *annotation_sign_of(const unsigned char *s, size_t len)
{
	if (len > 5)
		return NULL;
	for (size_t i = 0; i < sizeof annotation_signs / sizeof annotation_signs[0]; i++)
		if (strlen(annotation_signs[i].text) == len && memcmp(annotation_signs[i].text, s, len) == 0)
			return &annotation_signs[i];
	return NULL;
}

/* The len bytes at r->pos are the annotation sign a: a glyph token whose
 * number is a's NAG, and noted for the game's one finding about them. */
static int lex_annotation(struct pgn_reader *r, struct pgn_game *g, const struct annotation_sign *a, size_t len)
{
	if (r->st.annotations++ == 0) {
		r->st.annotation_at = where_at(r, r->pos);
		r->st.first_annotation = a;
	}
	emit(r, g, TOKEN_GLYPH, len, a->nag);
	r->st.movetext = 1;
	return LEX_GO_ON;
}

static size_t result_form(struct pgn_reader *r, const char **result);
static int take_result_form(struct pgn_reader *r, struct pgn_game *g, size_t len, const char *result);

ALWAYS_INLINE static inline int lex_symbol(struct pgn_reader *r, struct pgn_game *g)
{
	/* Dots belong to symbols begun by bytes >= 0x80 too: Arabic-Indic and
	 * Persian move numbers (١٢.) are symbols, and their dot is theirs. */
	int whole;
	size_t len = scan_symbol(r, &whole);

	if (!whole || len > PGN_MAX_TOKEN_BYTES)
		return lex_too_long(r, g, "symbol", C_SYMBOL_DOT);
	const char *result;
	size_t form = result_form(r, &result);
	if (form)
		return take_result_form(r, g, form, result);
	if (may_be_annotation(r->buf + r->pos, len)) {
		const struct annotation_sign *a = annotation_sign_of(r->buf + r->pos, len);
		if (a)
			return lex_annotation(r, g, a, len);
	}
	emit(r, g, TOKEN_SYMBOL, len, 0);
	r->st.movetext = 1;
	return LEX_GO_ON;
}

static int is_result(const unsigned char *s, size_t len)
{
	return (len == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)) ||
	       (len == 7 && memcmp(s, "1/2-1/2", 7) == 0);
}

/* The score of one side at s (before end): 1, 0, or a half point written
 * 1/2, ½ (UTF-8, or Latin-1 0xBD), 0.5 or 0,5.  Its length, and the score
 * in half points in *half; 0 when there is none. */
static size_t side_score(const unsigned char *s, const unsigned char *end, int *half)
{
	size_t n = (size_t)(end - s);
	*half = 1;
	if (n >= 3 && (memcmp(s, "1/2", 3) == 0 || memcmp(s, "0.5", 3) == 0 || memcmp(s, "0,5", 3) == 0))
		return 3;
	if (n >= 2 && s[0] == 0xC2 && s[1] == 0xBD)
		return 2;
	if (n >= 1 && s[0] == 0xBD)
		return 1;
	*half = n >= 1 && s[0] == '1' ? 2 : 0;
	return n >= 1 && (s[0] == '1' || s[0] == '0') ? 1 : 0;
}

/*
 * A result written in a form PGN does not have that means one result
 * only, at r->pos: the two sides' scores (side_score) joined by '-' or ':',
 * with blanks around it on the line allowed - `½-½`, `1:0`, `0.5-0.5`,
 * `1 - 0`, `1/2 - 1/2` - or a lone `1/2` or `½`, the token ending there.
 * The scores must make a result: 1 and 0, 0 and 1, or a half point each
 * (`0-0` is castling, `1-1` nothing).  Returns its length and the result
 * PGN writes (*result), or 0.  PGN's own forms are is_result's.
 */
static size_t result_form(struct pgn_reader *r, const char **result)
{
	if (!may_be_result_form(r->buf + r->pos))
		return 0;
	/* The longest form, `1/2 - 1/2` with a few blanks, in the buffer. */
	while (r->end - r->pos < 32 && need_more(r) > 0)
		;
	const uint16_t *cls = r->cls;
	const unsigned char *s = r->buf + r->pos, *end = r->buf + r->end, *q;
	int a, b;
	size_t n = side_score(s, end, &a), m;
	if (n == 0)
		return 0;
	q = s + n;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q < end && (*q == '-' || *q == ':')) {
		q++;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		m = side_score(q, end, &b);
		if (m > 0 && (q + m == end || !(cls[q[m]] & C_SYMBOL_DOT)) && a + b == 2) {
			*result = a == 2 ? "1-0" : b == 2 ? "0-1" : "1/2-1/2";
			return (size_t)(q + m - s);
		}
	}
	/* A half point alone: `1/2`, `½`. */
	if (a == 1 && (s + n == end || !(cls[s[n]] & C_SYMBOL_DOT)) && !(s[0] == '0')) {
		*result = "1/2-1/2";
		return n;
	}
	return 0;
}

/* A result in one of result_form's forms, `len` bytes at r->pos: said
 * once, and read as the result PGN writes, which its token holds (so the
 * Result tag is compared with it, and fix writes it). */
static int take_result_form(struct pgn_reader *r, struct pgn_game *g, size_t len, const char *result)
{
	/* As written (the formats show a tab as \t, Latin-1 ½ as ½). */
	char text[48];
	int tokens = g->token_count;
	size_t n = strlen(result);
	snprintf(text, sizeof text, "%.*s", (int)len, (const char *)r->buf + r->pos);
	add_problem(r, g, PGN_RESULT_FORM, where_at(r, r->pos), "'%s' is not a PGN result: %s is written %s", text,
		    result[0] == '0' ? "a win for Black" : result[2] == '0' ? "a win for White" : "a draw", result);
	int status = take_result(r, g, len);
	if (g->token_count > tokens && g->tokens[g->token_count - 1].type == TOKEN_RESULT && arena_reserve(r, g, n + 1)) {
		struct pgn_token *t = &g->tokens[g->token_count - 1];
		t->text = (uint32_t)g->arena_len;
		t->length = (uint32_t)n;
		memcpy(g->arena + g->arena_len, result, n + 1);
		g->arena_len += n + 1;
	}
	return status;
}

/* Whether the token at r->pos, whose first byte is c, is a result. */
static int result_follows(struct pgn_reader *r, int c)
{
	int whole;
	size_t len;

	if (c == '*')
		return 1;
	if (c != '0' && c != '1')
		return 0;
	len = scan_symbol(r, &whole);
	return whole && (is_result(r->buf + r->pos, len) || (len == 3 && memcmp(r->buf + r->pos, "1/2", 3) == 0));
}

/* Whether the move number `1.` about to be read starts a new game: the
 * game so far has moves but no result, and the number begins a line after
 * a blank one, outside any variation.  A file of games without tags whose
 * results are missing would otherwise run them all into one, and the
 * second game's moves would be read as illegal moves of the first. */
static int restarts_game(const struct pgn_reader *r, const struct pgn_game *g)
{
	if (!r->st.movetext || r->st.depth != 0 || r->line < r->st.end.line + 2)
		return 0;
	for (int i = 0; i < g->token_count; i++)
		if (g->tokens[i].type == TOKEN_SYMBOL && g->tokens[i].depth == 0)
			return 1;
	return 0;
}

/* Anything that starts with a digit: a result, castling written with zeros,
 * a move number (`12`, `12.`, `12...`; in `12.e4` only `12.`), or else a
 * symbol for the SAN parser to judge. */
static int lex_digits(struct pgn_reader *r, struct pgn_game *g)
{
	int whole;
	size_t len = scan_symbol(r, &whole), digits, dots;
	const unsigned char *s = r->buf + r->pos;
	int32_t number;

	if (!whole || len > PGN_MAX_TOKEN_BYTES)
		return lex_too_long(r, g, "symbol", C_SYMBOL_DOT);
	if (is_result(s, len))
		return take_result(r, g, len);
	const char *result;
	size_t form = result_form(r, &result);
	if (form)
		return take_result_form(r, g, form, result);
	s = r->buf + r->pos;   /* result_form may have read more: the buffer moved */
	dots = (size_t)(scan_move_number(r->cls, s, &digits, &number) - s);
	if (dots == digits + 1 && number == 1 && restarts_game(r, g)) {
		g->end_offset = r->base + r->pos;
		r->st.restart_line = r->line;
		return LEX_GAME_OVER;
	}
	r->st.movetext = 1;
	if (is_move_number(digits, dots, len))
		emit(r, g, TOKEN_MOVE_NUMBER, dots, number);
	else
		emit(r, g, TOKEN_SYMBOL, len, 0);
	return LEX_GO_ON;
}

/* Dots that follow a move number (`12. ...`) belong to it. */
static int lex_dots(struct pgn_reader *r, struct pgn_game *g)
{
	struct where at = where_at(r, r->pos);
	int whole;
	size_t len = scan_run(r, C_DOT, &whole);
	char text[16];

	if (r->st.last_type != TOKEN_MOVE_NUMBER)
		add_problem(r, g, PGN_SYNTAX, at, "'%s' does not follow a move number",
			    printable(r->buf + r->pos, len, text, sizeof text));
	skip_run(r, C_DOT);
	return LEX_GO_ON;
}

static int lex_nag(struct pgn_reader *r, struct pgn_game *g)
{
	int whole;
	size_t len = scan_run(r, C_DIGIT, &whole);
	const unsigned char *s = r->buf + r->pos;

	if (!whole || len > PGN_MAX_TOKEN_BYTES)
		return lex_too_long(r, g, "NAG", C_DIGIT);
	if (len == 1) {
		add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos),
			    "'$' is not followed by a number");
		r->pos++;
		return LEX_GO_ON;
	}
	int32_t value;

	(void)scan_number(r->cls, s + 1, &value);

	/* PGN 8.2.4: a NAG is 0 to 255.  A larger one is kept as written
	 * (fix copies such a game unchanged, never as another number). */
	if (value > 255) {
		char text[24];
		int n = g->problem_count;

		add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos), "the NAG %s is out of range: a NAG is $0 to $255",
			    printable(s, len, text, sizeof text));
		problem_section(g, n, "PGN 8.2.4");
	}
	emit(r, g, TOKEN_NAG, len, value);
	r->st.movetext = 1;
	return LEX_GO_ON;
}

/* ! ? !! ?? !? ?! standing alone. */
static int lex_glyph(struct pgn_reader *r, struct pgn_game *g)
{
	int whole;
	size_t len = scan_run(r, C_GLYPH, &whole);
	const unsigned char *s = r->buf + r->pos;
	struct where at = where_at(r, r->pos);
	char text[16];

	if (len <= 2) {
		emit(r, g, TOKEN_GLYPH, len, 0);
		r->st.movetext = 1;
		return LEX_GO_ON;
	}
	add_problem(r, g, PGN_SYNTAX, at, "'%s' is not a move annotation (! ? !! ?? !? ?!)",
		    printable(s, len, text, sizeof text));
	skip_run(r, C_GLYPH);
	return LEX_GO_ON;
}

/* A run that begins with a symbol character that cannot begin a move:
 * `--` (a null move) is a symbol, anything else (`+-`, `=`) is a problem. */
static int lex_stray(struct pgn_reader *r, struct pgn_game *g)
{
	int whole;
	size_t len = scan_run(r, C_SYMBOL, &whole);
	const unsigned char *s = r->buf + r->pos;
	char text[48];

	const struct annotation_sign *a = whole ? annotation_sign_of(s, len) : NULL;

	if (a)
		return lex_annotation(r, g, a, len);
	/* `--` is a null move; `@g2` a pawn dropped (crazyhouse), which the
	 * SAN parser names as such. */
	if (len >= 2 && ((s[0] == '-' && s[1] == '-') || s[0] == '@'))
		return lex_symbol(r, g);
	add_problem(r, g, PGN_SYNTAX, where_at(r, r->pos), "unexpected '%s'",
		    printable(s, len, text, sizeof text));
	skip_run(r, C_SYMBOL);
	return LEX_GO_ON;
}

static int lex_one(struct pgn_reader *r, struct pgn_game *g, int c)
{
	/* Symbols and move numbers first: they are most tokens, and no case
	 * of the switch is a letter, a digit or a byte >= 0x80. */
	if (r->cls[c] & C_SYMBOL_START)
		return lex_symbol(r, g);
	if (r->cls[c] & C_DIGIT)
		return lex_digits(r, g);
	switch (c) {
	case '[':
		return lex_bracket(r, g);
	case '{':
		return lex_brace_comment(r, g);
	case ';':
		return lex_line_comment(r, g);
	case '(':
		return lex_open(r, g);
	case ')':
		return lex_close(r, g);
	case '$':
		return lex_nag(r, g);
	case '*':
		return take_result(r, g, 1);
	case '.':
		return lex_dots(r, g);
	case '!': case '?':
		return lex_glyph(r, g);
	case '-': case '+': case '#': case '=': case ':': case '/': case '_': case '@':
		return lex_stray(r, g);
	}
	return lex_unexpected(r, g);
}

/* ---- games ---- */

static void game_reset(struct pgn_reader *r, struct pgn_game *g)
{
	g->arena_len = 0;
	g->tag_count = g->token_count = g->problem_count = 0;
	g->first_line = 0;
	g->start_offset = g->end_offset = 0;
	g->truncated = 0;
	g->analysis_after = 0;
	memset(&r->st, 0, sizeof r->st);
	r->st.last_type = -1;
}

static inline void start_game(struct pgn_reader *r, struct pgn_game *g)
{
	if (r->st.started)
		return;
	r->st.started = 1;
	r->st.end = where_at(r, r->pos);
	g->start_offset = r->st.end.offset;
	g->first_line = reader_line(r);
	r->line_known = g->first_line;
}

/* After analysis that followed the termination marker, the result token
 * becomes the game's last again (the tokens between keep their order). */
static void result_to_end(struct pgn_reader *r, struct pgn_game *g)
{
	int i = r->st.result_index;

	if (r->st.moves_after_result && i >= 0 && i < g->token_count && g->tokens[i].type == TOKEN_RESULT) {
		/* moves followed it and no marker came after them */
		struct pgn_token result = g->tokens[i];

		memmove(&g->tokens[i], &g->tokens[i + 1], (size_t)(g->token_count - i - 1) * sizeof *g->tokens);
		g->tokens[g->token_count - 1] = result;
		return;
	}

	if (!r->st.after_result || i < 0)
		return;
	/* The result was stored at i (else i is -1), and the reader never
	 * takes a token back. */
	assert(i < g->token_count && g->tokens[i].type == TOKEN_RESULT);
	struct pgn_token result = g->tokens[i];

	memmove(&g->tokens[i], &g->tokens[i + 1], (size_t)(g->token_count - i - 1) * sizeof *g->tokens);
	g->tokens[g->token_count - 1] = result;
	g->analysis_after = i + 1;
}

/* The problems only the end of a game reveals. */
static void finish_game(struct pgn_reader *r, struct pgn_game *g, const char *before)
{
	result_to_end(r, g);
	if (r->st.annotations > 0) {
		int n = g->problem_count;
		char more[48] = "";

		if (r->st.annotations > 1)
			snprintf(more, sizeof more, " (%d more in this game)", r->st.annotations - 1);
		add_final_problem(r, g, PGN_NONSTANDARD, r->st.annotation_at,
				  "'%s' (%s) is an annotation sign written as text, as ChessBase and Fritz"
				  " export them, not the NAG $%d that PGN writes%s",
				  r->st.first_annotation->text, r->st.first_annotation->meaning,
				  r->st.first_annotation->nag, more);
		problem_section(g, n, "PGN 8.2.4");
	}
	if (r->st.depth == 1)
		add_final_problem(r, g, PGN_UNBALANCED_VARIATION, r->st.open, "'(' is not closed");
	else if (r->st.depth > 1)
		add_final_problem(r, g, PGN_UNBALANCED_VARIATION, r->st.open,
				  "'(' is not closed (%llu variations are still open at the end)",
				  (unsigned long long)r->st.depth);
	if (!r->st.has_result && !r->st.cut_by_comment && (r->st.tag_section || r->st.movetext))
		add_final_problem(r, g, PGN_MISSING_RESULT, r->st.end,
				  "the game has no result (1-0, 0-1, 1/2-1/2 or *) before %s",
				  before);
}

/* At the end of the input: the last game, if there is one.  Comments alone
 * make no game. */
static int end_of_input(struct pgn_reader *r, struct pgn_game *g)
{
	if (r->st.started)
		r->ended_inside = 1;
	if (!r->st.started)
		return 0;
	if (!r->st.tag_section && !r->st.movetext && g->problem_count == 0) {
		game_reset(r, g);
		return 0;
	}
	g->end_offset = r->base + r->end;
	finish_game(r, g, "the end of the file");
	return 1;
}

static int read_failed(struct pgn_reader *r, char *err, size_t errlen)
{
	if (errlen > 0)
		snprintf(err, errlen, "%s", r->error);
	return -1;
}

int pgn_next_game(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen)
{
	if (r->failed)
		return read_failed(r, err, errlen);
	game_reset(r, g);
	for (;;) {
		int c, status;

		/* After the result only variations and comments are read into
		 * the game, not moves (the fast path's tokens). */
		int trailing = r->st.after_result && r->st.depth == 0;

		if (r->fast_path && !trailing)
			pgn_fast_run(r, g);
		c = skip_blanks(r);
		if (c < 0)
			return r->failed ? read_failed(r, err, errlen) : end_of_input(r, g);
		start_game(r, g);
		if (trailing && c != '(' && c != '{' && c != ';' && !result_follows(r, c)) {
			g->end_offset = r->base + r->pos;
			status = LEX_GAME_OVER;
		} else {
			status = lex_one(r, g, c);
		}
		if (r->failed)
			return read_failed(r, err, errlen);
		if (status == LEX_GAME_OVER) {
			char before[96];
			if (r->st.restart_line)
				snprintf(before, sizeof before,
					 "the blank line and the move 1 at line %" PRIu64 ", which is taken to start the next game",
					 pgn_file_line(g, r->st.restart_line));
			finish_game(r, g, r->st.restart_line ? before : "the tag pairs of the next game");
			r->games_returned++;
			r->last_by_result = r->st.has_result;
			r->last_end.offset = g->end_offset;
			r->last_end.line = reader_line(r);
			r->last_end.line_start = r->line_start;
			return 1;
		}
	}
}

/* ---- the public odds and ends ---- */

struct pgn_reader *pgn_reader_new(struct input_stream *s)
{
	struct pgn_reader *r = calloc(1, sizeof *r);

	if (r == NULL)
		return NULL;
	r->storage = calloc(1, 1 + READ_BUFFER_SIZE + 1 + SHORT_COPY);
	if (r->storage == NULL) {
		free(r);
		return NULL;
	}
	/* A reader of a stream fills all of its buffer (one of a text in
	 * memory, as -j N's, never touches it). */
	if (s != NULL)
		(void)memory_populate(r->storage, 1 + READ_BUFFER_SIZE + 1 + SHORT_COPY);
	init_classes(r->cls);
	r->fast_path = 1;
	pgn_reader_restart(r, NULL, 0, s, NULL, NULL);
	return r;
}

void pgn_reader_restart(struct pgn_reader *r, const void *data, size_t len, struct input_stream *s,
			const char *failure, const struct pgn_position *at)
{
	r->stream = s;
	r->mem = data;
	r->mem_end = r->mem;
	if (data != NULL)
		r->mem_end += len;
	r->mem_failure = failure;
	r->buf = r->storage + 1;
	r->buf[-1] = 0;
	r->buf[0] = 0;
	r->pos = r->end = 0;
	r->base = at != NULL ? at->offset : 0;
	r->line_start = at != NULL ? at->line_start : 0;
	r->line_known = at != NULL ? at->line : 1;
	r->line = (uint32_t)r->line_known;
	r->eof = r->failed = r->read_error = 0;
	r->error[0] = 0;
	memset(&r->st, 0, sizeof r->st);
	r->last_end.offset = r->base;
	r->last_end.line = r->line_known;
	r->last_end.line_start = r->line_start;
	r->games_returned = r->last_by_result = r->ended_inside = 0;
}

_Static_assert(PGN_IN_PLACE_SLACK >= 1 + SHORT_COPY, "room for the sentinel and emit's reads past the end");

void pgn_reader_restart_in_place(struct pgn_reader *r, unsigned char *data, size_t len,
				 const struct pgn_position *at)
{
	pgn_reader_restart(r, NULL, 0, NULL, NULL, at);
	/* As if the bytes had been read into the buffer and the input had
	 * ended: need_more never moves or refills them. */
	r->buf = data;
	r->buf[-1] = 0;
	memset(data + len, 0, PGN_IN_PLACE_SLACK);
	r->end = len;
	r->eof = 1;
}

void pgn_reader_set_fast_path(struct pgn_reader *r, int on)
{
	r->fast_path = on != 0;
}

uint64_t pgn_reader_line(const struct pgn_reader *r)
{
	return reader_line(r);
}

int pgn_reader_game_cut_by_end(const struct pgn_reader *r)
{
	return r->ended_inside;
}

int pgn_reader_ended_between_games(const struct pgn_reader *r, struct pgn_position *resume)
{
	*resume = r->last_end;
	return !r->ended_inside && (r->games_returned == 0 || r->last_by_result);
}

void pgn_reader_free(struct pgn_reader *r)
{
	if (r == NULL)
		return;
	free(r->storage);
	free(r);
}

void pgn_game_init(struct pgn_game *g)
{
	memset(g, 0, sizeof *g);
}

void pgn_game_free(struct pgn_game *g)
{
	free(g->arena);
	free(g->tags);
	free(g->tokens);
	free(g->problems);
	pgn_game_init(g);
}

const char *pgn_tag_value(const struct pgn_game *g, const char *name)
{
	/* The first byte tells most names apart without a call. */
	for (int i = 0; i < g->tag_count; i++) {
		const char *tag = g->arena + g->tags[i].name;
		if (tag[0] == name[0] && strcmp(tag, name) == 0)
			return g->arena + g->tags[i].value;
	}
	return NULL;
}
