/*
 * clocks.c - reading TimeControl tags and clock commands (see clocks.h).
 */
#include "validator/audit/clocks.h"

#include <stdio.h>
#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits at *p (at most `most`), their value into *v; 0 when none. */
static int read_digits(const char **p, const char *end, int most, int64_t *v)
{
	int n = 0;
	*v = 0;
	for (; *p < end && is_digit(**p); (*p)++)
		if (++n > most)
			return 0;
		else
			*v = *v * 10 + (**p - '0');
	return n;
}

/* Seconds with an optional fraction ("30", "0.05"), in milliseconds. */
static int read_seconds(const char **p, const char *end, int64_t *ms)
{
	int64_t whole, part = 0;
	if (!read_digits(p, end, 9, &whole))
		return 0;
	*ms = whole * 1000;
	if (*p < end && **p == '.') {
		(*p)++;
		int n = 0;
		int64_t scale = 100;
		for (; *p < end && is_digit(**p); (*p)++, n++) {
			part += (int64_t)(**p - '0') * scale;
			scale /= 10;
		}
		if (!n)
			return 0;
		*ms += part;
	}
	return 1;
}

int time_control_read(const char *v, struct time_control *tc)
{
	memset(tc, 0, sizeof *tc);
	if (!v)
		return 0;
	const char *p = v, *end = v + strlen(v);
	for (;;) {
		if (tc->count == TIME_CONTROL_PERIODS)
			return 0;
		struct time_period *t = &tc->period[tc->count];
		const char *slash = memchr(p, '/', (size_t)(end - p));
		const char *colon = memchr(p, ':', (size_t)(end - p));
		if (slash && (!colon || slash < colon)) {
			int64_t moves;
			if (!read_digits(&p, end, 6, &moves) || moves == 0 || p != slash)
				return 0;
			t->moves = (uint32_t)moves;
			p++;
		}
		if (!read_seconds(&p, end, &t->ms))
			return 0;
		if (p < end && *p == '+') {
			p++;
			if (!read_seconds(&p, end, &t->increment_ms))
				return 0;
		}
		tc->count++;
		if (p == end)
			return 1;
		if (*p != ':')
			return 0;
		p++;
	}
}

/* The end of period i (the moves played by then), a repeating last
 * period taken as far as `move`; 0 for a period of the rest of the game. */
static uint32_t period_end(const struct time_control *tc, int i)
{
	uint32_t end = 0;
	for (int k = 0; k <= i && k < tc->count; k++) {
		if (tc->period[k].moves == 0)
			return 0;
		end += tc->period[k].moves;
	}
	return end;
}

const struct time_period *time_control_period(const struct time_control *tc, uint32_t move)
{
	for (int i = 0; i < tc->count; i++) {
		uint32_t end = period_end(tc, i);
		if (end == 0 || move <= end)
			return &tc->period[i];
	}
	return &tc->period[tc->count - 1];
}

int64_t time_control_bonus(const struct time_control *tc, uint32_t move)
{
	for (int i = 0; i < tc->count; i++) {
		uint32_t end = period_end(tc, i);
		if (end == 0 || move < end)
			return 0;
		if (move == end)
			return tc->period[i + 1 < tc->count ? i + 1 : i].ms;
	}
	/* past the periods: the last, of so many moves, repeats */
	const struct time_period *last = &tc->period[tc->count - 1];
	uint32_t end = period_end(tc, tc->count - 1);
	return (move - end) % last->moves == 0 ? last->ms : 0;
}

int clock_time_read(const char *s, size_t n, int64_t *ms)
{
	const char *p = s, *end = s + n;
	int negative = p < end && *p == '-';
	p += negative;
	int64_t h;
	if (!read_digits(&p, end, 4, &h) || end - p < 6 || p[0] != ':' || p[3] != ':' || !is_digit(p[1]) ||
	    !is_digit(p[2]) || !is_digit(p[4]) || !is_digit(p[5]))
		return 0;
	int64_t m = (p[1] - '0') * 10 + (p[2] - '0'), sec = (p[4] - '0') * 10 + (p[5] - '0');
	if (m > 59 || sec > 59)
		return 0;
	p += 6;
	int64_t part = 0;
	if (p < end && *p == '.') {
		p++;
		int digits = 0;
		int64_t scale = 100;
		for (; p < end && is_digit(*p); p++, digits++) {
			part += (int64_t)(*p - '0') * scale;
			scale /= 10;
		}
		if (!digits)
			return 0;
	}
	if (p != end)
		return 0;
	*ms = ((h * 60 + m) * 60 + sec) * 1000 + part;
	if (negative)
		*ms = -*ms;
	return 1;
}

void clock_time_write(int64_t ms, char *buf, size_t len)
{
	int64_t a = ms < 0 ? -ms : ms;
	int64_t s = a / 1000, tenths = a % 1000 / 100;
	if (tenths)
		snprintf(buf, len, "%s%lld:%02lld:%02lld.%lld", ms < 0 ? "-" : "", (long long)(s / 3600),
			 (long long)(s / 60 % 60), (long long)(s % 60), (long long)tenths);
	else
		snprintf(buf, len, "%s%lld:%02lld:%02lld", ms < 0 ? "-" : "", (long long)(s / 3600),
			 (long long)(s / 60 % 60), (long long)(s % 60));
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int clock_note_read(const char *text, size_t len, struct clock_note *note)
{
	note->present[CLOCK_CLK] = note->present[CLOCK_EMT] = 0;
	note->bad[CLOCK_CLK] = note->bad[CLOCK_EMT] = 0;
	int any = 0;
	const char *end = text + len;
	/* the brackets found by memchr (long comments, of annotated games,
	 * have none), each command's value then a byte at a time */
	for (const char *p = text; p + 5 <= end; p++) {
		p = memchr(p, '[', (size_t)(end - p));
		if (!p || p + 5 > end)
			break;
		if (p[1] != '%')
			continue;
		int c = p[2] == 'c' && p[3] == 'l' && p[4] == 'k'   ? CLOCK_CLK
			: p[2] == 'e' && p[3] == 'm' && p[4] == 't' ? CLOCK_EMT
								    : -1;
		if (c < 0 || (p + 5 < end && !is_blank(p[5]) && p[5] != ']'))
			continue;
		any = 1;
		const char *start = p, *v = p + 5, *stop = v;
		/* to its ], or up to the next command when it is not closed */
		while (stop < end && *stop != ']' && *stop != '[')
			stop++;
		int closed = stop < end && *stop == ']';
		p = stop - 1;
		if (note->present[c])
			continue;
		note->present[c] = 1;
		const char *ve = stop;
		while (v < ve && is_blank(*v))
			v++;
		while (ve > v && is_blank(ve[-1]))
			ve--;
		if (!closed || !clock_time_read(v, (size_t)(ve - v), &note->ms[c])) {
			note->bad[c] = 1;
			note->bad_text[c] = start;
			note->bad_len[c] = (size_t)((closed ? stop + 1 : stop) - start);
		}
	}
	return any;
}

void clock_note_text(const struct clock_note *note, enum clock_command c, char *buf, size_t len)
{
	size_t n = 0;
	for (; n + 1 < len && n < note->bad_len[c]; n++) {
		char ch = note->bad_text[c][n];
		if (ch == '\n' || ch == '\r' || ch == '\t')
			ch = ' ';
		buf[n] = ch;
	}
	if (len)
		buf[n] = '\0';
}
