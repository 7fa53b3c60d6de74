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
		int n = 0, scale = 100;
		for (; *p < end && is_digit(**p); (*p)++, n++) {
			part += (**p - '0') * scale;
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
	int64_t h, m, sec;
	if (!read_digits(&p, end, 4, &h) || p == end || *p++ != ':')
		return 0;
	const char *at = p;
	if (read_digits(&p, end, 2, &m) != 2 || p - at != 2 || m > 59 || p == end || *p++ != ':')
		return 0;
	at = p;
	if (read_digits(&p, end, 2, &sec) != 2 || sec > 59)
		return 0;
	int64_t part = 0;
	if (p < end && *p == '.') {
		p++;
		int digits = 0, scale = 100;
		for (; p < end && is_digit(*p); p++, digits++) {
			part += (*p - '0') * scale;
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
	static const char *const names[CLOCK_COMMANDS] = { "clk", "emt" };
	memset(note, 0, sizeof *note);
	int any = 0;
	const char *p = text, *end = text + len;
	while ((p = memchr(p, '[', (size_t)(end - p))) != NULL) {
		const char *start = p++;
		if (end - p < 4 || p[0] != '%')
			continue;
		int c = -1;
		for (int k = 0; k < CLOCK_COMMANDS; k++)
			if (memcmp(p + 1, names[k], 3) == 0 && (p + 4 == end || is_blank(p[4]) || p[4] == ']'))
				c = k;
		if (c < 0)
			continue;
		any = 1;
		p += 4;
		const char *close = memchr(p, ']', (size_t)(end - p));
		/* up to the next command when it is not closed */
		const char *stop = close ? close : end;
		const char *next = memchr(p, '[', (size_t)(stop - p));
		if (next)
			stop = next, close = NULL;
		if (note->present[c]) {
			p = stop;
			continue;
		}
		note->present[c] = 1;
		const char *v = p;
		const char *ve = stop;
		while (v < ve && is_blank(*v))
			v++;
		while (ve > v && is_blank(ve[-1]))
			ve--;
		if (!close || !clock_time_read(v, (size_t)(ve - v), &note->ms[c])) {
			note->bad[c] = 1;
			note->bad_text[c] = start;
			note->bad_len[c] = (size_t)((close ? close + 1 : stop) - start);
		}
		p = stop;
	}
	return any;
}
