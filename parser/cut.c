/*
 * cut.c - guessing where games start, looking sixteen bytes at a time where
 * SSE2 is there (see cut.h).
 */
#include "parser/cut.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The last i < n with t[i] == a or t[i] == b, or n when there is none:
 * sixteen bytes at a time, from the end, where SSE2 is there. */
static size_t last_of(const unsigned char *t, size_t n, unsigned char a, unsigned char b)
{
	size_t i = n;
#ifdef __SSE2__
	const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
	while (i >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + i - 16));
		unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)));
		if (mask)
			return i - 16 + (31 - (size_t)__builtin_clz(mask));
		i -= 16;
	}
#endif
	while (i > 0) {
		i--;
		if (t[i] == a || t[i] == b)
			return i;
	}
	return n;
}

/* Whether the n bytes at t end with a result that stands alone. */
static int ends_with_result(const unsigned char *t, size_t n)
{
	size_t k;
	if (n >= 1 && t[n - 1] == '*')
		k = 1;
	else if (n >= 3 && (memcmp(t + n - 3, "1-0", 3) == 0 || memcmp(t + n - 3, "0-1", 3) == 0))
		k = 3;
	else if (n >= 7 && memcmp(t + n - 7, "1/2-1/2", 7) == 0)
		k = 7;
	else
		return 0;
	if (n == k)
		return 1;
	unsigned char c = t[n - k - 1];
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '}' || c == ')';
}

size_t pgn_line_start(const unsigned char *t, size_t n)
{
	size_t end = last_of(t, n, '\n', '\r');
	return end == n ? 0 : end + 1;
}

/* The start of the line before the line end at t[j - 1] (j > 0). */
static size_t line_before(const unsigned char *t, size_t j)
{
	if (t[j - 1] == '\n' && j > 1 && t[j - 2] == '\r')
		j--;
	return pgn_line_start(t, j - 1);
}

/* Whether the line t[from, to) is blank. */
static int blank_line(const unsigned char *t, size_t from, size_t to)
{
	for (size_t k = from; k < to; k++)
		if (t[k] != ' ' && t[k] != '\t' && t[k] != '\n' && t[k] != '\r')
			return 0;
	return 1;
}

/* Whether the line at t[i] (i + 7 <= len) is an Event tag pair. */
static int event_tag(const unsigned char *t, size_t i, size_t len)
{
	return i + 7 <= len && memcmp(t + i, "[Event", 6) == 0 && (t[i + 6] == ' ' || t[i + 6] == '"');
}

/* The end of a result that stands alone before the first `;` of the line
 * t[from, to), outside a brace comment opened on the line; 0 when there is
 * none.  (A comment opened on an earlier line cannot be seen without
 * lexing: then the cut is a wrong guess, which costs time only.) */
static size_t result_before_comment(const unsigned char *t, size_t from, size_t to)
{
	const unsigned char *semicolon = memchr(t + from, ';', to - from);
	if (!semicolon)
		return 0;
	size_t j = (size_t)(semicolon - t);
	while (j > from && (t[j - 1] == ' ' || t[j - 1] == '\t'))
		j--;
	if (j == from || !ends_with_result(t, j))
		return 0;
	/* Inside a brace comment when the last brace opens one. */
	size_t n = j - from, brace = last_of(t + from, n, '{', '}');
	if (brace != n && t[from + brace] == '{')
		return 0;
	return j;
}

size_t pgn_find_cut(const unsigned char *t, size_t len)
{
	if (len < 3)
		return 0;
	/* Each `[` at 1 <= i < len - 1 (the letter after it is there), from
	 * the last: most of the bytes passed over are movetext. */
	for (size_t end = len - 1; end > 1;) {
		size_t i = last_of(t, end, '[', '[');
		if (i == end || i == 0)
			break;
		end = i;
		if (t[i - 1] != '\n' && t[i - 1] != '\r')
			continue;
		unsigned char c = t[i + 1];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
			continue;
		size_t cut = i, line = i;
		int blank_before = 0;
		while (line > 0) {
			size_t from = line_before(t, line);
			if (blank_line(t, from, line)) {
				blank_before = 1;
				line = from;
				continue;
			}
			if (t[from] == ';') {
				line = cut = from;
				continue;
			}
			size_t j = line;
			while (j > from && (t[j - 1] == '\n' || t[j - 1] == '\r' || t[j - 1] == ' ' || t[j - 1] == '\t'))
				j--;
			if (ends_with_result(t, j))
				return cut;
			size_t after_result = result_before_comment(t, from, j);
			if (after_result)
				return after_result;
			if (blank_before && event_tag(t, i, len))
				return i;
			break;
		}
	}
	return 0;
}
