/*
 * san.c - the move-token parser (see san.h).
 *
 * The token is read from both ends: suffixes (glyphs, e.p., check marks,
 * promotion) are peeled off the right, then what is left must be castling,
 * a null move, or [piece] [origin] [x|:|-] destination.  Reading the
 * destination from the right is what makes `Ng1f3`, `e2-e4` and `exd5` one
 * grammar.
 */
#include "san.h"

#include <stdio.h>
#include <string.h>

static int piece_from_upper(char c)
{
	switch (c) {
	case 'P': return SAN_PAWN;
	case 'N': return SAN_KNIGHT;
	case 'B': return SAN_BISHOP;
	case 'R': return SAN_ROOK;
	case 'Q': return SAN_QUEEN;
	case 'K': return SAN_KING;
	default: return -1;
	}
}

static int is_file(char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(char c) { return c >= '1' && c <= '8'; }

static void fail(char *err, size_t errlen, const char *fmt, const char *arg)
{
	snprintf(err, errlen, fmt, arg);
}

/* Peels annotation glyphs (!, ?, combinations) off the end. */
static size_t strip_glyphs(const char *t, size_t len, struct san *out)
{
	size_t n = len;
	while (n > 0 && (t[n - 1] == '!' || t[n - 1] == '?'))
		n--;
	size_t glen = len - n;
	if (glen > 0 && glen <= 2) {
		memcpy(out->glyph, t + n, glen);
		out->glyph[glen] = '\0';
	}
	return glen > 2 ? len : n; /* "!!!" is not a glyph; leave it to fail */
}

static size_t strip_check(const char *t, size_t n, struct san *out)
{
	if (n >= 2 && t[n - 1] == '+' && t[n - 2] == '+') {
		out->suffix = SUFFIX_DOUBLE_PLUS;
		return n - 2;
	}
	if (n >= 1 && t[n - 1] == '+') {
		out->suffix = SUFFIX_CHECK;
		return n - 1;
	}
	if (n >= 1 && t[n - 1] == '#') {
		out->suffix = SUFFIX_MATE;
		return n - 1;
	}
	return n;
}

static int is_castling(const char *t, size_t n, struct san *out)
{
	if (t[0] != 'O' && t[0] != '0' && t[0] != 'o')
		return 0;
	static const struct { const char *text; uint8_t kind; uint16_t form; } forms[] = {
		{ "O-O-O", SAN_CASTLE_LONG, 0 },
		{ "O-O", SAN_CASTLE_SHORT, 0 },
		{ "0-0-0", SAN_CASTLE_LONG, FORM_ZERO_CASTLING },
		{ "0-0", SAN_CASTLE_SHORT, FORM_ZERO_CASTLING },
		{ "o-o-o", SAN_CASTLE_LONG, FORM_LOWER_CASTLING },
		{ "o-o", SAN_CASTLE_SHORT, FORM_LOWER_CASTLING },
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		if (strlen(forms[i].text) == n && memcmp(forms[i].text, t, n) == 0) {
			out->kind = forms[i].kind;
			out->forms |= forms[i].form;
			return 1;
		}
	}
	return 0;
}

/* Promotion at the end: =Q, (Q), /Q, Q after a rank digit, q in UCI. */
static size_t strip_promotion(const char *t, size_t n, struct san *out)
{
	if (n >= 4 && t[n - 3] == '(' && t[n - 1] == ')' && piece_from_upper(t[n - 2]) >= 0) {
		out->promotion = (int8_t)piece_from_upper(t[n - 2]);
		out->forms |= FORM_PROMO_NO_EQUALS;
		return n - 3;
	}
	if (n < 3)
		return n;
	int upper = piece_from_upper(t[n - 1]);
	int lower = t[n - 1] >= 'a' && t[n - 1] <= 'z' ? piece_from_upper((char)(t[n - 1] - 32)) : -1;
	char before = t[n - 2];
	if (upper >= 0 && before == '=') {
		out->promotion = (int8_t)upper;
		return n - 2;
	}
	if (upper >= 0 && before == '/') {
		out->promotion = (int8_t)upper;
		out->forms |= FORM_PROMO_NO_EQUALS;
		return n - 2;
	}
	if (upper >= 0 && is_rank(before)) {
		out->promotion = (int8_t)upper;
		out->forms |= FORM_PROMO_NO_EQUALS;
		return n - 1;
	}
	/* UCI e7e8q: a lower-case piece letter after a full from-to pair. */
	if (lower >= 0 && t[n - 1] != 'b' && is_rank(before) && n == 5) {
		out->promotion = (int8_t)lower;
		out->forms |= FORM_PROMO_NO_EQUALS;
		return n - 1;
	}
	if (t[n - 1] == 'b' && n == 5 && is_rank(before) && is_file(t[0]) && is_rank(t[1])) {
		out->promotion = SAN_BISHOP;
		out->forms |= FORM_PROMO_NO_EQUALS;
		return n - 1;
	}
	return n;
}

static int parse_piece_prefix(const char *t, size_t n, size_t *pos, struct san *out, char *err, size_t errlen)
{
	char c = t[0];
	int piece = piece_from_upper(c);
	if (piece >= 0) {
		out->piece = (uint8_t)piece;
		if (piece == SAN_PAWN)
			out->forms |= FORM_PAWN_LETTER;
		*pos = 1;
		return 0;
	}
	if (c >= 'A' && c <= 'Z') {
		char letter[2] = { c, '\0' };
		fail(err, errlen, "'%s' is not a piece letter (K, Q, R, B or N)", letter);
		return -1;
	}
	/* Lower-case n, r, q, k are pieces; b is the b-file (bxc3 is a pawn). */
	if ((c == 'n' || c == 'r' || c == 'q' || c == 'k') && n >= 3) {
		out->piece = (uint8_t)piece_from_upper((char)(c - 32));
		out->forms |= FORM_LOWER_PIECE;
		*pos = 1;
		return 0;
	}
	if ((unsigned char)c >= 0x80) {
		fail(err, errlen, "%s", "a character that is not a piece letter (K, Q, R, B or N)");
		return -1;
	}
	out->piece = SAN_ANY; /* decided below: pawn, or the piece on the origin square */
	*pos = 0;
	return 0;
}

/* [origin][x|:|-]destination, with the piece already read. */
static int parse_squares(const char *t, size_t n, struct san *out, char *err, size_t errlen)
{
	if (n < 2 || !is_file(t[n - 2]) || !is_rank(t[n - 1])) {
		fail(err, errlen, "%s", "no destination square at the end of the move");
		return -1;
	}
	out->to = (int8_t)((t[n - 1] - '1') * 8 + (t[n - 2] - 'a'));
	size_t m = n - 2;
	if (m > 0 && (t[m - 1] == 'x' || t[m - 1] == ':')) {
		out->capture = 1;
		if (t[m - 1] == ':')
			out->forms |= FORM_COLON_CAPTURE;
		m--;
	} else if (m > 0 && t[m - 1] == '-') {
		out->forms |= FORM_LONG;
		m--;
	}
	if (m > 2) {
		fail(err, errlen, "%s", "too many characters before the destination square");
		return -1;
	}
	for (size_t i = 0; i < m; i++) {
		if (is_file(t[i]) && out->from_file < 0 && out->from_rank < 0)
			out->from_file = (int8_t)(t[i] - 'a');
		else if (is_rank(t[i]) && out->from_rank < 0)
			out->from_rank = (int8_t)(t[i] - '1');
		else {
			fail(err, errlen, "%s", "the origin before the destination is not a file, a rank or a square");
			return -1;
		}
	}
	if ((out->forms & FORM_LONG) && (out->from_file < 0 || out->from_rank < 0)) {
		fail(err, errlen, "%s", "'-' must follow a full origin square (e2-e4)");
		return -1;
	}
	return 0;
}

/* Without a piece letter: a pawn move, or long algebraic/UCI naming the origin. */
static int settle_unlettered(struct san *out, char *err, size_t errlen)
{
	if (out->from_file >= 0 && out->from_rank >= 0) {
		if (!(out->forms & FORM_LONG))
			out->forms |= FORM_UCI;
		return 0; /* SAN_ANY: the piece on the origin square moves */
	}
	if (out->from_rank >= 0) {
		fail(err, errlen, "%s", "a pawn move cannot name only the rank it comes from");
		return -1;
	}
	out->piece = SAN_PAWN;
	if (out->capture && out->from_file < 0) {
		fail(err, errlen, "%s", "a pawn capture must name the file the pawn comes from (exd5)");
		return -1;
	}
	if (out->from_file >= 0 && !out->capture)
		out->forms |= FORM_PAWN_NO_X;
	return 0;
}

/* The shapes of nearly every move token - e4, Nf3, Nxf3, exd5, once the
 * marks are off - read at once, into what the grammar below makes of them
 * (none of them can be e.p., null, castling or a promotion).  Returns 0
 * for any other text, which the grammar reads. */
__attribute__((always_inline)) static inline int parse_common(const char *t, size_t n, struct san *out)
{
	int piece = SAN_PAWN;
	if (n < 2 || n > 4 || !is_file(t[n - 2]) || !is_rank(t[n - 1]))
		return 0;
	if (n == 4 && t[1] != 'x')
		return 0;
	if (n == 4 && is_file(t[0])) {
		out->from_file = (int8_t)(t[0] - 'a'); /* exd5 */
		out->capture = 1;
	} else if (n >= 3) {
		piece = piece_from_upper(t[0]); /* Nf3, Nxf3; not Pe4 */
		if (piece <= SAN_PAWN)
			return 0;
		out->capture = n == 4;
	}
	out->kind = SAN_MOVE;
	out->piece = (uint8_t)piece;
	out->to = (int8_t)((t[n - 1] - '1') * 8 + (t[n - 2] - 'a'));
	return 1;
}

/* The whole grammar; san_parse tries the common shapes first.  Kept out of
 * line so that the common case does not pay for its registers. */
__attribute__((noinline)) static int parse_general(const char *text, size_t len, struct san *out, char *err,
						     size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->from_file = out->from_rank = out->to = out->promotion = -1;
	if (err && errlen)
		err[0] = '\0';

	size_t n = strip_glyphs(text, len, out);
	n = strip_check(text, n, out);
	size_t ep = n >= 4 && memcmp(text + n - 4, "e.p.", 4) == 0 ? 4
		  : n >= 3 && memcmp(text + n - 2, "ep", 2) == 0 && is_rank(text[n - 3]) ? 2 : 0;
	if (ep) {
		out->forms |= FORM_EP_SUFFIX;
		n = strip_check(text, n - ep, out);
	}
	if (n == 0) {
		fail(err, errlen, "%s", "not a move");
		return -1;
	}
	if (parse_common(text, n, out))
		return 0;
	if ((n == 2 && memcmp(text, "--", 2) == 0) || (n == 2 && memcmp(text, "Z0", 2) == 0)) {
		out->kind = SAN_NULL;
		return 0;
	}
	if (is_castling(text, n, out))
		return 0;
	if (n > 16) {
		fail(err, errlen, "%s", "too long to be a move");
		return -1;
	}

	/* N@g4, @e5: a captured piece put back on the board (crazyhouse,
	 * bughouse).  Chess has no such move, but saying so beats saying
	 * that "N@" is a bad origin square. */
	const char *at = memchr(text, '@', n);
	if (at && n >= 3 && is_file(text[n - 2]) && is_rank(text[n - 1]) && at == text + n - 3
	    && (at == text || (at == text + 1 && piece_from_upper(text[0]) >= 0))) {
		fail(err, errlen, "%s", "a drop (a captured piece put back on the board), a move of crazyhouse or bughouse, not of chess");
		return -1;
	}
	out->kind = SAN_MOVE;
	size_t pos;
	if (parse_piece_prefix(text, n, &pos, out, err, errlen) < 0)
		return -1;
	size_t end = strip_promotion(text + pos, n - pos, out) + pos;
	if (parse_squares(text + pos, end - pos, out, err, errlen) < 0)
		return -1;
	if (out->piece == SAN_ANY && settle_unlettered(out, err, errlen) < 0)
		return -1;
	if (out->piece != SAN_PAWN && out->piece != SAN_ANY && out->promotion >= 0) {
		fail(err, errlen, "%s", "only a pawn can promote");
		return -1;
	}
	return 0;
}

int san_parse(const char *text, size_t len, struct san *out, char *err, size_t errlen)
{
	/* A common shape, or O-O or O-O-O, with one + or # or none, and no
	 * glyph: what parse_general makes of it, without its suffix loops.  (A token
	 * whose text before the mark ends in a rank cannot be e.p. either.) */
	size_t n = len;
	uint8_t suffix = SUFFIX_NONE;
	if (n >= 2 && text[n - 1] == '#') {
		suffix = SUFFIX_MATE;
		n--;
	} else if (n >= 2 && text[n - 1] == '+' && text[n - 2] != '+') {
		suffix = SUFFIX_CHECK;
		n--;
	}
	memset(out, 0, sizeof *out);
	out->from_file = out->from_rank = out->to = out->promotion = -1;
	if (parse_common(text, n, out)) {
		out->suffix = suffix;
		if (err && errlen)
			err[0] = '\0';
		return 0;
	}
	if (n >= 3 && text[0] == 'O' && text[1] == '-' && text[2] == 'O'
	    && (n == 3 || (n == 5 && text[3] == '-' && text[4] == 'O'))) {
		out->kind = n == 3 ? SAN_CASTLE_SHORT : SAN_CASTLE_LONG;
		out->suffix = suffix;
		if (err && errlen)
			err[0] = '\0';
		return 0;
	}
	return parse_general(text, len, out, err, errlen);
}
