/*
 * json.c - a strict reader for one flat JSON object, decoding in place.
 *
 * Every string is decoded over its own bytes in the line, starting at its
 * opening quote: an escape never decodes to more bytes than it is written
 * with, so the writer never overtakes the reader, and the closing quote
 * leaves room for the terminating NUL.  A number is moved one byte to the
 * left (over the ':' or blank before it) to make room for its NUL.
 */
#include "json.h"

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	char *line;
	size_t pos, len;
	char *err;
	size_t errlen;
};

static int fail(struct cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct cursor *c, const char *fmt, ...)
{
	int n = snprintf(c->err, c->errlen, "column %zu: ", c->pos + 1);
	if (n >= 0 && (size_t)n < c->errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int peek(const struct cursor *c)
{
	return c->pos < c->len ? (unsigned char)c->line[c->pos] : -1;
}

static void skip_blanks(struct cursor *c)
{
	while (c->pos < c->len && strchr(" \t\r\n", c->line[c->pos]))
		c->pos++;
}

static int hex4(const struct cursor *c, size_t at, unsigned *out)
{
	unsigned v = 0;
	for (size_t i = 0; i < 4; i++) {
		if (at + i >= c->len)
			return -1;
		char h = c->line[at + i];
		v <<= 4;
		if (h >= '0' && h <= '9')
			v |= (unsigned)(h - '0');
		else if (h >= 'a' && h <= 'f')
			v |= (unsigned)(h - 'a' + 10);
		else if (h >= 'A' && h <= 'F')
			v |= (unsigned)(h - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t put_code_point(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* \uXXXX at c->pos (after the backslash and the u), with its low surrogate
 * when it is a high one; the code point goes to *cp. */
static int unicode_escape(struct cursor *c, unsigned *cp)
{
	unsigned hi = 0;
	if (hex4(c, c->pos, &hi) < 0)
		return fail(c, "\\u must be followed by four hexadecimal digits");
	c->pos += 4;
	if (hi >= 0xDC00 && hi <= 0xDFFF)
		return fail(c, "\\u%04X is a low surrogate without a high one before it", hi);
	if (hi < 0xD800 || hi > 0xDBFF) {
		*cp = hi;
		return 0;
	}
	unsigned lo = 0;
	if (c->pos + 1 >= c->len || c->line[c->pos] != '\\' || c->line[c->pos + 1] != 'u' ||
	    hex4(c, c->pos + 2, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF)
		return fail(c, "\\u%04X is a high surrogate without a low one after it", hi);
	c->pos += 6;
	*cp = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
	return 0;
}

/* The length of the valid UTF-8 sequence at s (at most avail bytes), or
 * 0: no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_length(const unsigned char *s, size_t avail)
{
	size_t n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
		 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
	if (n == 0 || n > avail)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
	    (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* The string whose opening quote is at c->pos, decoded over itself. */
static int string(struct cursor *c, const char **out)
{
	char *dst = c->line + c->pos;
	*out = dst;
	c->pos++;
	for (;;) {
		int ch = peek(c);
		if (ch < 0)
			return fail(c, "the string does not end");
		if (ch == '"') {
			c->pos++;
			*dst = '\0';
			return 0;
		}
		if (ch < 0x20)
			return fail(c, "a control character (0x%02X) in a string must be escaped", (unsigned)ch);
		if (ch >= 0x80) {
			size_t n = utf8_length((const unsigned char *)c->line + c->pos, c->len - c->pos);
			if (n == 0)
				return fail(c, "a byte (0x%02X) that is not UTF-8", (unsigned)ch);
			memmove(dst, c->line + c->pos, n);
			dst += n;
			c->pos += n;
			continue;
		}
		if (ch != '\\') {
			*dst++ = (char)ch;
			c->pos++;
			continue;
		}
		c->pos++;
		int esc = peek(c);
		static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
		const char *e = esc > 0 ? strchr(from, esc) : NULL;
		if (e) {
			*dst++ = to[e - from];
			c->pos++;
		} else if (esc == 'u') {
			c->pos++;
			unsigned cp = 0;
			if (unicode_escape(c, &cp) < 0)
				return -1;
			if (cp == 0)
				return fail(c, "\\u0000 (NUL) in a string is not accepted");
			dst += put_code_point(dst, cp);
		} else {
			return fail(c, "'\\%c' is not a JSON escape", esc > 0x20 && esc < 0x7F ? esc : '?');
		}
	}
}

static int is_digit(int ch)
{
	return ch >= '0' && ch <= '9';
}

/* A number at c->pos, moved one byte left to end in NUL. */
static int number(struct cursor *c, const char **out)
{
	size_t start = c->pos;
	if (peek(c) == '-')
		c->pos++;
	if (peek(c) == '0') {
		c->pos++;
	} else if (is_digit(peek(c))) {
		while (is_digit(peek(c)))
			c->pos++;
	} else {
		return fail(c, "a number needs a digit here");
	}
	if (peek(c) == '.') {
		c->pos++;
		if (!is_digit(peek(c)))
			return fail(c, "a number needs a digit after '.'");
		while (is_digit(peek(c)))
			c->pos++;
	}
	if (peek(c) == 'e' || peek(c) == 'E') {
		c->pos++;
		if (peek(c) == '+' || peek(c) == '-')
			c->pos++;
		if (!is_digit(peek(c)))
			return fail(c, "a number needs a digit in its exponent");
		while (is_digit(peek(c)))
			c->pos++;
	}
	/* A value always follows a ':' and a member name. */
	assert(start > 0);
	memmove(c->line + start - 1, c->line + start, c->pos - start);
	c->line[c->pos - 1] = '\0';
	*out = c->line + start - 1;
	return 0;
}

static int literal(struct cursor *c, struct json_member *m)
{
	static const struct { const char *word; enum json_type type; } words[] = {
		{ "true", JSON_TRUE }, { "false", JSON_FALSE }, { "null", JSON_NULL },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		size_t n = strlen(words[i].word);
		if (c->len - c->pos >= n && memcmp(c->line + c->pos, words[i].word, n) == 0) {
			c->pos += n;
			m->type = words[i].type;
			m->value = words[i].word;
			return 0;
		}
	}
	return fail(c, "expected a value (a string, a number, true, false or null)");
}

/* [n, n, ...]: numbers without an exponent (-12, 5370.5).  The value is
 * the text between the brackets, the closing one overwritten with NUL. */
static int numbers(struct cursor *c, const char **out)
{
	c->pos++;   /* '[' */
	size_t start = c->pos;
	skip_blanks(c);
	if (peek(c) != ']') {
		for (;;) {
			if (peek(c) == '-')
				c->pos++;
			if (!is_digit(peek(c)))
				return fail(c, "an array is read only when it holds numbers");
			while (is_digit(peek(c)))
				c->pos++;
			if (peek(c) == '.') {
				c->pos++;
				if (!is_digit(peek(c)))
					return fail(c, "expected a digit after '.' in a number");
				while (is_digit(peek(c)))
					c->pos++;
			}
			skip_blanks(c);
			if (peek(c) == ']')
				break;
			if (peek(c) != ',')
				return fail(c, "expected ',' or ']' in an array");
			c->pos++;
			skip_blanks(c);
		}
	}
	c->line[c->pos] = '\0';
	c->pos++;
	*out = c->line + start;
	return 0;
}

static int value(struct cursor *c, struct json_member *m)
{
	int ch = peek(c);
	if (ch == '"') {
		m->type = JSON_STRING;
		return string(c, &m->value);
	}
	if (ch == '-' || is_digit(ch)) {
		m->type = JSON_NUMBER;
		return number(c, &m->value);
	}
	if (ch == '[') {
		m->type = JSON_NUMBERS;
		return numbers(c, &m->value);
	}
	if (ch == '{')
		return fail(c, "the value of \"%s\" is an object; only strings, numbers and arrays of integers are read",
			    m->name);
	return literal(c, m);
}

int json_parse_object(char *line, size_t len, struct json_member *members, int max, char *err, size_t errlen)
{
	struct cursor c = { line, 0, len, err, errlen };
	line[len] = '\0';
	skip_blanks(&c);
	if (peek(&c) != '{')
		return fail(&c, c.pos == len ? "the line is empty; expected a JSON object"
					     : "expected '{': the line is not a JSON object");
	c.pos++;
	skip_blanks(&c);
	int count = 0;
	if (peek(&c) == '}') {
		c.pos++;
	} else {
		for (;;) {
			if (peek(&c) != '"')
				return fail(&c, "expected a member name in double quotes");
			if (count == max)
				return fail(&c, "more than %d members", max);
			struct json_member *m = &members[count];
			if (string(&c, &m->name) < 0)
				return -1;
			if (json_find(members, count, m->name))
				return fail(&c, "\"%s\" occurs twice", m->name);
			skip_blanks(&c);
			if (peek(&c) != ':')
				return fail(&c, "expected ':' after the member name \"%s\"", m->name);
			c.pos++;
			skip_blanks(&c);
			if (value(&c, m) < 0)
				return -1;
			count++;
			skip_blanks(&c);
			if (peek(&c) == ',') {
				c.pos++;
				skip_blanks(&c);
				continue;
			}
			if (peek(&c) == '}') {
				c.pos++;
				break;
			}
			return fail(&c, "expected ',' or '}' after a value");
		}
	}
	skip_blanks(&c);
	if (c.pos != len)
		return fail(&c, "text after the end of the object");
	return count;
}

const struct json_member *json_find(const struct json_member *members, int count, const char *name)
{
	for (int i = 0; i < count; i++)
		if (strcmp(members[i].name, name) == 0)
			return &members[i];
	return NULL;
}

int json_integer(const struct json_member *m, long long min, long long max, long long *out)
{
	if (m->type != JSON_NUMBER || strpbrk(m->value, ".eE"))
		return -1;
	errno = 0;
	char *end;
	long long v = strtoll(m->value, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
