/*
 * report.c - the buffer every format writes into, and the dispatch.
 */
#include "report.h"
#include "util/memory.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void reserve(struct outbuf *b, size_t extra)
{
	if (b->len + extra <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 1 << 16;
	while (cap < b->len + extra)
		cap *= 2;
	char *data = xmemory_grow(b->data, b->len, cap);
	b->data = data;
	b->cap = cap;
}

void outbuf_put(struct outbuf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

void outbuf_puts(struct outbuf *b, const char *s)
{
	outbuf_put(b, s, strlen(s));
}

void outbuf_put_int(struct outbuf *b, long long v)
{
	char digits[24], *p = digits + sizeof digits;
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	outbuf_put(b, p, (size_t)(digits + sizeof digits - p));
}

void outbuf_printf(struct outbuf *b, const char *fmt, ...)
{
	/* Format once into the buffer's spare room; only a longer text is
	 * formatted a second time, after the buffer has grown. */
	reserve(b, 256);
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		reserve(b, (size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

size_t utf8_sequence(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	size_t n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
	if (n == 0 || s[0] > 0xF4)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if (n == 3 && s[0] == 0xE0 && s[1] < 0xA0)
		return 0;
	if (n == 3 && s[0] == 0xED && s[1] >= 0xA0)
		return 0;
	if (n == 4 && s[0] == 0xF0 && s[1] < 0x90)
		return 0;
	if (n == 4 && s[0] == 0xF4 && s[1] >= 0x90)
		return 0;
	return n;
}

size_t outbuf_put_utf8_char(struct outbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = utf8_sequence(p);
	if (n) {
		outbuf_put(b, s, n);
		return n;
	}
	char latin1[2] = { (char)(0xC0 | (*p >> 6)), (char)(0x80 | (*p & 0x3F)) };
	outbuf_put(b, latin1, 2);
	return 1;
}

void outbuf_put_utf8(struct outbuf *b, const char *s)
{
	/* Runs of ASCII (nearly all text) are copied whole. */
	while (*s) {
		const char *run = s;
		while ((unsigned char)*s - 1u < 0x7fu)
			s++;
		if (s > run)
			outbuf_put(b, run, (size_t)(s - run));
		if (*s)
			s += outbuf_put_utf8_char(b, s);
	}
}

size_t control_length(const char *s, unsigned *code)
{
	const unsigned char *p = (const unsigned char *)s;
	if ((*p >= 0x01 && *p < 0x20) || *p == 0x7F || (*p >= 0x80 && *p <= 0x9F)) {
		*code = *p;
		return 1;
	}
	if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
		*code = p[1];
		return 2;
	}
	/* The bidirectional embeddings, overrides and isolates, U+202A-U+202E
	 * (E2 80 AA-AE) and U+2066-U+2069 (E2 81 A6-A9): a name holding
	 * U+202E shows the rest of the line reversed. */
	if (*p == 0xE2 && ((p[1] == 0x80 && p[2] >= 0xAA && p[2] <= 0xAE) || (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9))) {
		*code = 0x2000u | ((unsigned)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
		return 3;
	}
	return 0;
}

size_t control_escape(unsigned code, int code_point, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	if (code > 0xFF) {
		out[0] = '\\';
		out[1] = 'u';
		for (int i = 0; i < 4; i++)
			out[2 + i] = hex[(code >> (12 - 4 * i)) & 15];
		return 6;
	}
	size_t n = code_point && code >= 0x80 ? 4 : 2;
	memcpy(out, n == 4 ? "\\u00" : "\\x", n);
	out[n] = hex[(code >> 4) & 15];
	out[n + 1] = hex[code & 15];
	return n + 2;
}

void outbuf_put_visible(struct outbuf *b, const char *s)
{
	outbuf_put_visible_quoting(b, s, 0);
}

void outbuf_put_visible_quoting(struct outbuf *b, const char *s, char quote)
{
	while (*s) {
		/* Runs of printable ASCII are copied whole. */
		const char *run = s;
		while ((unsigned char)*s - 0x20u < 0x5Fu && *s != quote)
			s++;
		if (s > run)
			outbuf_put(b, run, (size_t)(s - run));
		if (!*s)
			break;
		if (*s == quote) {
			outbuf_put(b, s, 1);
			outbuf_put(b, s++, 1);
			continue;
		}
		unsigned code;
		size_t n = control_length(s, &code);
		if (n == 0) {
			s += outbuf_put_utf8_char(b, s);
			continue;
		}
		/* A C1 byte that is not UTF-8 was read as Latin-1: a code point too. */
		char esc[6];
		size_t len = control_escape(code, 1, esc);
		outbuf_put(b, esc, len);
		s += n;
	}
}

int report_format_from_name(const char *name)
{
	if (strcmp(name, "text") == 0)
		return REPORT_TEXT;
	if (strcmp(name, "jsonl") == 0 || strcmp(name, "json") == 0)
		return REPORT_JSONL;
	if (strcmp(name, "csv") == 0)
		return REPORT_CSV;
	return -1;
}

/* Notes that mark `value` goes at the end of r's buffer. */
static void add_mark(struct game_marks *m, size_t at, int64_t value)
{
	if (m->count == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		size_t *ats = xrealloc(m->at, cap * sizeof *ats);
		int64_t *values = xrealloc(m->value, cap * sizeof *values);

		m->at = ats;
		m->value = values;
		m->cap = cap;
	}
	m->at[m->count] = at;
	m->value[m->count++] = value;
}

void report_game_number(struct report *r, int game)
{
	if (r->marks == NULL)
		outbuf_put_int(&r->buf, game);
	else
		add_mark(r->marks, r->buf.len, game);
}

void report_line_number(struct report *r, uint64_t line)
{
	if (r->marks == NULL)
		outbuf_put_int(&r->buf, (long long)line);
	else
		add_mark(r->marks, r->buf.len, -(int64_t)line);
}

void report_begin(struct report *r)
{
	if (r->format == REPORT_CSV)
		csv_header(r);
}

void report_finding(struct report *r, const struct game_label *g, const struct finding *f)
{
	switch (r->format) {
	case REPORT_TEXT: text_finding(r, g, f); break;
	case REPORT_JSONL: jsonl_finding(r, g, f); break;
	case REPORT_CSV: csv_finding(r, g, f); break;
	}
	if (r->out) {
		if (r->buf.len >= 1 << 16)
			report_flush(r);
	} else if (r->full && r->buf.len >= r->full_at) {
		r->full(r, r->full_ctx);
	}
}

int report_flush(struct report *r)
{
	if (!r->out)
		return 0;
	if (r->buf.len == 0)
		return 0;
	if (r->writing)
		r->writing(0);
	int failed = fwrite(r->buf.data, 1, r->buf.len, r->out) != r->buf.len;
	int error = errno;
	if (r->writing)
		r->writing(1);
	errno = error;
	r->buf.len = 0;
	return failed ? -1 : 0;
}

void report_free(struct report *r)
{
	free(r->buf.data);
	r->buf.data = NULL;
	r->buf.len = r->buf.cap = 0;
}
