/*
 * check_tags.c - the tag pairs: the Seven Tag Roster present, values in the
 * standard's form, no tag twice, a PlyCount that counts, texts in UTF-8.
 *
 * Tags are how games are found and sorted in a database; a date written
 * 2024-03-01, a Round of "", or a Result of "1/2" defeats the programs that
 * read them (PGN 8.1.1: the roster is "the common ground that all programs
 * should follow").  The forms checked are those the standard gives: Date,
 * EventDate and UTCDate as YYYY.MM.DD (a real calendar date), Round as
 * dotted round numbers, Result as one of the four markers, Elo as integers,
 * TimeControl as its six kinds of field, PlyCount as an integer.  Where the
 * intended value is plain (2024-03-01, 1/2), the finding suggests it.
 *
 * What is accepted beyond the letter of the standard, because the programs
 * that write most of today's files write it and nothing is misstated:
 *  - a year with trailing question marks ("19??", "157?"): the decade or
 *    century of an old game is known; the standard only shows whole fields
 *    of question marks.
 *  - an Elo of "" or "?" (no rating known: ChessBase exports of historical
 *    games write "", lichess writes "?" for anonymous players), besides the
 *    standard's "-" for an unrated player; colon-separated ratings for the
 *    players of a consultation game (PGN 9.1).
 *  - TimeControl seconds with a decimal fraction ("10+0.05", as cutechess
 *    writes for engine games) and an increment after moves/seconds.
 *
 * Texts are kept as raw bytes by the reader; the encoding check reports
 * the first byte in a game that is not UTF-8.  It runs over every text of
 * every game, so it first validates the game's whole text arena with an
 * ASCII fast path and looks for the offending tag or token only when that
 * fails.
 */
#include "validator/audit/clocks.h"
#include "validator/audit/passes.h"
#include "validator/audit/record.h"

#include <inttypes.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---- Dates (PGN 8.1.1.3) ---- */

/* isdigit() of the C locale, without its call into libc for every byte of
 * every date and rating. */
static int is_digit(char c)
{
	return (unsigned)(c - '0') < 10u;
}

static int is_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_digit(s[i]))
			return 0;
	return n > 0;
}

static int is_unknown(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != '?')
			return 0;
	return 1;
}

static int number(const char *s, size_t n)
{
	int v = 0;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

static int days_in_month(int year, int month)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = year < 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0));
	return month == 2 && leap ? 29 : days[month - 1];
}

/* A year of four digits, some trailing ones may be '?'; -1 when not known
 * exactly, -2 when malformed. */
static int date_year(const char *s)
{
	size_t digits = 0;
	while (digits < 4 && is_digit(s[digits]))
		digits++;
	if (!is_unknown(s + digits, 4 - digits))
		return -2;
	return digits == 4 ? number(s, 4) : -1;
}

/*
 * The value checks return NULL for a value in the standard's form, "" for
 * one that is not in it, or a sentence saying what else is wrong with it
 * (a month 13).  `why` is room for that sentence.
 */
static const char *date_problem(const char *v, size_t n, char *why, size_t len)
{
	static const char *const months[12] = { "January", "February", "March", "April", "May", "June", "July",
						 "August", "September", "October", "November", "December" };
	if (n != 10 || v[4] != '.' || v[7] != '.')
		return "";
	int year = date_year(v);
	int month_known = is_digits(v + 5, 2), day_known = is_digits(v + 8, 2);
	if (year == -2 || (!month_known && !is_unknown(v + 5, 2)) || (!day_known && !is_unknown(v + 8, 2)))
		return "";
	int month = month_known ? number(v + 5, 2) : 0, day = day_known ? number(v + 8, 2) : 0;
	if (month_known && (month < 1 || month > 12)) {
		snprintf(why, len, "there is no month %02d", month);
		return why;
	}
	int last = month_known ? days_in_month(year, month) : 31;
	if (day_known && (day < 1 || day > last)) {
		if (month_known && year >= 0)
			snprintf(why, len, "%s %d has %d days", months[month - 1], year, last);
		else if (month_known)
			snprintf(why, len, "%s has at most %d days", months[month - 1], last);
		else
			snprintf(why, len, "there is no day %02d", day);
		return why;
	}
	return NULL;
}

static void trim(const char **v, size_t *n)
{
	while (*n > 0 && isspace((unsigned char)**v))
		(*v)++, (*n)--;
	while (*n > 0 && isspace((unsigned char)(*v)[*n - 1]))
		(*n)--;
}

/* "2024-03-01", "2013.4.2", "2018", "?": the same parts in the standard's
 * form.  The caller keeps a suggestion only if it is a valid date. */
static void suggest_date(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	char part[3][5] = { "????", "??", "??" };
	size_t count = 0;
	(void)rec;
	trim(&v, &n);
	if (n == 0 || (n == 1 && v[0] == '?')) {
		snprintf(out, len, "????.??.??");
		return;
	}
	for (size_t i = 0; i <= n; count++) {
		size_t start = i;
		while (i < n && !strchr(".-/", v[i]))
			i++;
		size_t width = count == 0 ? 4 : 2, got = i - start;
		if (count == 3 || got == 0 || got > width)
			return;
		if (got < width && count > 0)
			part[count][0] = v[start] == '?' ? '?' : '0';
		memcpy(part[count] + width - got, v + start, got);
		i++;
	}
	snprintf(out, len, "%s.%s.%s", part[0], part[1], part[2]);
}

/* ---- Round, Result, ratings, time control, ply count ---- */

/* "?", "-", or round numbers separated by dots: 1, 3.1, 4.1.2 (PGN 8.1.1.4). */
static const char *round_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	if (n == 1 && (v[0] == '?' || v[0] == '-'))
		return NULL;
	for (size_t i = 0, start = 0; i <= n; i++) {
		if (i < n && v[i] != '.')
			continue;
		if (!is_digits(v + start, i - start))
			return n == 0 ? "it is empty" : "";
		start = i + 1;
	}
	return NULL;
}

/* 1-0, 0-1, 1/2-1/2 or *, told apart by length first: every game's
 * Result tag is asked, and compares of known lengths need no call. */
static int is_result(const char *v, size_t n)
{
	switch (n) {
	case 1: return v[0] == '*';
	case 3: return memcmp(v, "1-0", 3) == 0 || memcmp(v, "0-1", 3) == 0;
	case 7: return memcmp(v, "1/2-1/2", 7) == 0;
	default: return 0;
	}
}

static const char *result_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	return is_result(v, n) ? NULL : "";
}

int result_meant(const char *v, size_t n, char *out, size_t len)
{
	char norm[16];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 4 < sizeof norm; i++) {
		unsigned char c = (unsigned char)v[i];
		if (isspace(c))
			continue;
		if (c == 0xC2 && i + 1 < n && (unsigned char)v[i + 1] == 0xBD)
			continue; /* the lead byte of UTF-8 ½; its second byte is ½ in Latin-1 */
		if (c == 0xBD) {
			memcpy(norm + k, "1/2", 3);
			k += 3;
		} else {
			norm[k++] = (char)(c == ':' ? '-' : c);
		}
	}
	norm[k] = '\0';
	if (strcmp(norm, "1/2") == 0 || strcmp(norm, "0.5-0.5") == 0 || strcmp(norm, "0,5-0,5") == 0)
		snprintf(norm, sizeof norm, "1/2-1/2");
	if (!is_result(norm, strlen(norm)))
		return 0;
	snprintf(out, len, "%s", norm);
	return 1;
}

/* "1/2", "½-½", "1:0", " 1-0 ": the result meant; else the game's own
 * termination marker, which the tag must equal (PGN 8.2.6). */
static void suggest_result(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	if (!result_meant(v, n, out, len) && rec->termination)
		snprintf(out, len, "%s", pgn_token_text(rec->game, rec->termination));
}

/* Integers (PGN 9.1.2), "-" for an unrated player, one per player of a
 * consultation game; "" and "?" for no rating known. */
static const char *elo_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	if (n == 0 || (n == 1 && v[0] == '?'))
		return NULL;
	for (size_t i = 0, start = 0; i <= n; i++) {
		if (i < n && v[i] != ':')
			continue;
		size_t item = i - start;
		if (!(item == 1 && v[start] == '-') && !is_digits(v + start, item))
			return "";
		if (item > 4)
			return "no rating has more than four digits";
		start = i + 1;
	}
	return NULL;
}

/* WhiteClock, BlackClock: a clock time as [%clk] writes it, H:MM:SS with
 * a fraction or not (FICS's "0:03:00.000", the clock at the start; other
 * exporters the clock at the end: neither meaning is taken for granted,
 * so only the form is checked), or ? or - for none. */
static const char *clock_tag_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	int64_t ms;
	if (n == 0 || (n == 1 && (v[0] == '?' || v[0] == '-')) || clock_time_read(v, n, &ms))
		return NULL;
	return "";
}

/* "1500?" (provisional), "2.700", "2,700": the digits. */
static void suggest_elo(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	size_t k = 0;
	(void)rec;
	for (size_t i = 0; i < n && k + 1 < len; i++) {
		if (is_digit(v[i]))
			out[k++] = v[i];
		else if (!((v[i] == '.' || v[i] == ',') && n - i == 4) && !(v[i] == '?' && i + 1 == n))
			k = len; /* not a rating with a mark: no suggestion */
	}
	out[k < len ? k : 0] = '\0';
}

/* Seconds: an integer, or with a decimal fraction as engine testers write. */
static int is_seconds(const char *s, size_t n)
{
	const char *dot = memchr(s, '.', n);
	if (!dot)
		return is_digits(s, n);
	return is_digits(s, (size_t)(dot - s)) && is_digits(dot + 1, n - (size_t)(dot - s) - 1);
}

/* One period of a TimeControl (PGN 9.6.1): moves/seconds, seconds,
 * seconds+increment, *seconds. */
static int is_period(const char *s, size_t n)
{
	const char *slash = memchr(s, '/', n);
	if (n > 1 && s[0] == '*')
		return is_seconds(s + 1, n - 1);
	if (slash) {
		if (!is_digits(s, (size_t)(slash - s)) || number(s, (size_t)(slash - s)) == 0)
			return 0;
		n -= (size_t)(slash - s) + 1;
		s = slash + 1;
	}
	const char *plus = memchr(s, '+', n);
	if (plus)
		return is_seconds(s, (size_t)(plus - s)) && is_seconds(plus + 1, n - (size_t)(plus - s) - 1);
	return is_seconds(s, n);
}

static const char *time_control_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	if (n == 1 && (v[0] == '?' || v[0] == '-'))
		return NULL;
	for (size_t i = 0, start = 0; i <= n; i++) {
		if (i < n && v[i] != ':')
			continue;
		if (!is_period(v + start, i - start))
			return n == 0 ? "it is empty" : "";
		start = i + 1;
	}
	return NULL;
}

/* The value without the blanks around it; "?" (unknown) for an empty one. */
static void suggest_trimmed(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	(void)rec;
	trim(&v, &n);
	if (n == 0)
		snprintf(out, len, "?");
	else
		snprintf(out, len, "%.*s", (int)n, v);
}

/* ---- a TimeControl written freely, in the standard's form ----
 *
 * Real files write a rate of play as people say it: "90m+30s", "90 min +
 * 30 sec", "5 min", "90'+30''", "40/90,30+30" (FIDE's own notation: 40
 * moves in 90 minutes, then 30 minutes, 30 seconds a move), "1h30+30s".
 * Where every number's unit is plain, the standard's seconds follow:
 * "5400+30", "40/5400:1800+30".  A unit is written (h, m, min, ', s, sec,
 * '' or ", and their long forms), or, with nothing written, a period's time
 * is minutes and an increment seconds when the value says so elsewhere: a
 * comma or semicolon between the periods as FIDE writes them, or a unit on
 * another number.  A value with nothing that says its unit ("90+30" is the
 * standard's 90 seconds), a delay ("G/90;d5": the standard has no delay),
 * or a word not understood gets no suggestion. */

/* A unit, as the seconds it stands for (TC_NONE: not written). */
enum tc_unit { TC_NONE = 0, TC_SECONDS = 1, TC_MINUTES = 60, TC_HOURS = 3600 };

static void skip_blanks(const char **p, const char *end)
{
	while (*p < end && (**p == ' ' || **p == '\t'))
		(*p)++;
}

/* The unit written at *p, if any, past it. */
static enum tc_unit read_unit(const char **p, const char *end)
{
	static const struct {
		const char *word;
		enum tc_unit unit;
	} units[] = {
		{ "hours", TC_HOURS },	     { "hour", TC_HOURS },	 { "hrs", TC_HOURS },
		{ "hr", TC_HOURS },	     { "h", TC_HOURS },		 { "minutes", TC_MINUTES },
		{ "minute", TC_MINUTES },    { "mins", TC_MINUTES },	 { "min", TC_MINUTES },
		{ "m", TC_MINUTES },	     { "''", TC_SECONDS },	 { "'", TC_MINUTES },
		{ "seconds", TC_SECONDS },   { "second", TC_SECONDS },	 { "secs", TC_SECONDS },
		{ "sec", TC_SECONDS },	     { "s", TC_SECONDS },	 { "\"", TC_SECONDS },
	};
	const char *q = *p;
	skip_blanks(&q, end);
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t n = strlen(units[i].word);
		if ((size_t)(end - q) < n || strncasecmp(q, units[i].word, n) != 0)
			continue;
		/* a whole word: "m" is not the start of "moves" */
		if (q + n < end && isalpha((unsigned char)q[n]))
			continue;
		*p = q + n;
		return units[i].unit;
	}
	return TC_NONE;
}

/* A number at *p (at most 6 digits), past it; -1 if none. */
static long read_number(const char **p, const char *end)
{
	const char *q = *p;
	skip_blanks(&q, end);
	long v = 0;
	int digits = 0;
	for (; q < end && is_digit(*q); q++)
		if (++digits > 6)
			return -1;
		else
			v = v * 10 + (*q - '0');
	if (!digits)
		return -1;
	*p = q;
	return v;
}

struct tc_amount {
	long value;		/* in the unit below; a compound one in seconds */
	enum tc_unit unit;	/* TC_NONE: not written */
};

/* An amount of time: a number and its unit, or hours then minutes then
 * seconds ("1h30", "1h 30m", "5m30s"); 0 if there is none. */
static int read_amount(const char **p, const char *end, struct tc_amount *a)
{
	long n = read_number(p, end);
	if (n < 0)
		return 0;
	enum tc_unit u = read_unit(p, end);
	*a = (struct tc_amount){ n, u };
	while (u == TC_HOURS || u == TC_MINUTES) {
		const char *q = *p;
		long more = read_number(&q, end);
		if (more < 0)
			break;
		enum tc_unit next = read_unit(&q, end);
		if (next == TC_NONE)
			next = u == TC_HOURS ? TC_MINUTES : TC_SECONDS;
		if (next >= u) /* not a smaller unit: no part of this amount */
			break;
		*a = (struct tc_amount){ a->unit * a->value + next * more, TC_SECONDS };
		u = next;
		*p = q;
	}
	return 1;
}

static long in_seconds(struct tc_amount a, enum tc_unit plain)
{
	return a.value * (a.unit == TC_NONE ? plain : a.unit);
}

static void suggest_time_control(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	int periods = 0, said = 0; /* said: the value says what a bare number is */
	const char *p = v, *end = v + n;
	char why[8];
	/* blanks around a value in the standard's form: the value */
	suggest_trimmed(rec, v, n, out, len);
	if (!time_control_problem(out, strlen(out), why, sizeof why))
		return;
	/* each period written as it is read; all dropped if one is not read */
	size_t used = 0;
	for (;; p++) {
		const char *q = p;
		long moves = read_number(&q, end);
		skip_blanks(&q, end);
		if (moves > 0 && q < end && *q == '/')
			p = q + 1;
		else
			moves = 0;
		struct tc_amount time, increment = { 0, TC_NONE };
		if (++periods > 4 || !read_amount(&p, end, &time))
			break;
		skip_blanks(&p, end);
		int has_increment = p < end && *p == '+';
		if (has_increment) {
			const char *after = p + 1;
			if (!read_amount(&after, end, &increment))
				break;
			p = after;
		}
		said |= time.unit != TC_NONE || increment.unit != TC_NONE;
		char moves_text[24] = "", increment_text[24] = "";
		if (moves)
			snprintf(moves_text, sizeof moves_text, "%ld/", moves);
		if (has_increment)
			snprintf(increment_text, sizeof increment_text, "+%ld", in_seconds(increment, TC_SECONDS));
		int w = snprintf(out + used, len - used, "%s%s%ld%s", periods > 1 ? ":" : "", moves_text,
				 in_seconds(time, TC_MINUTES), increment_text);
		if (w < 0 || (size_t)w >= len - used)
			break;
		used += (size_t)w;
		skip_blanks(&p, end);
		if (p == end) {
			if (said)
				return;
			break;
		}
		if (*p == ',' || *p == ';')
			said = 1;
		else if (*p != ':')
			break;
	}
	out[0] = '\0';
}

static const char *plycount_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	return is_digits(v, n) && n <= 7 ? NULL : "";
}

/* PGN 9.7.1: SetUp is "0" (the standard start) or "1" (the FEN tag's). */
static const char *setup_problem(const char *v, size_t n, char *why, size_t len)
{
	(void)why;
	(void)len;
	return n == 1 && (v[0] == '0' || v[0] == '1') ? NULL : "";
}


/* The plies replayed, when the whole main line was. */
static void suggest_plycount(const struct game_record *rec, const char *v, size_t n, char *out, size_t len)
{
	if (rec->stop == STOP_NONE && !rec->game->truncated)
		snprintf(out, len, "%d", rec->count);
	else
		suggest_trimmed(rec, v, n, out, len);
}

/* The tags this pass knows: the Seven Tag Roster first, in the standard's
 * order, then the others with a form to check. */
enum known_tag {
	TAG_EVENT, TAG_SITE, TAG_DATE, TAG_ROUND, TAG_WHITE, TAG_BLACK, TAG_RESULT, ROSTER_SIZE,
	TAG_WHITE_ELO = ROSTER_SIZE, TAG_BLACK_ELO, TAG_WHITE_CLOCK, TAG_BLACK_CLOCK, TAG_EVENT_DATE, TAG_UTC_DATE,
	TAG_TIME_CONTROL, TAG_PLY_COUNT,
	TAG_SET_UP, TAG_FEN, KNOWN_TAGS
};

/* A tag's name and its length, for tag_forms. */
#define TAG_NAME(name) name, sizeof(name) - 1

static const struct tag_form {
	const char *name;
	size_t length;
	const char *rule, *form; /* NULL when any value will do */
	const char *(*problem)(const char *v, size_t n, char *why, size_t len);
	void (*suggest)(const struct game_record *rec, const char *v, size_t n, char *out, size_t len);
} tag_forms[KNOWN_TAGS] = {
	[TAG_EVENT] = { TAG_NAME("Event"), NULL, NULL, NULL, NULL },
	[TAG_SITE] = { TAG_NAME("Site"), NULL, NULL, NULL, NULL },
	[TAG_DATE] = { TAG_NAME("Date"), "PGN 8.1.1.3", "YYYY.MM.DD, with ?? for a part not known", date_problem,
		       suggest_date },
	[TAG_ROUND] = { TAG_NAME("Round"), "PGN 8.1.1.4", "?, -, or round numbers joined by dots such as 3 or 3.1",
			round_problem, suggest_trimmed },
	[TAG_WHITE] = { TAG_NAME("White"), NULL, NULL, NULL, NULL },
	[TAG_BLACK] = { TAG_NAME("Black"), NULL, NULL, NULL, NULL },
	[TAG_RESULT] = { TAG_NAME("Result"), "PGN 8.1.1.7", "1-0, 0-1, 1/2-1/2 or *", result_problem, suggest_result },
	[TAG_WHITE_ELO] = { TAG_NAME("WhiteElo"), "PGN 9.1.2", "a rating in digits, or - for an unrated player", elo_problem,
			    suggest_elo },
	[TAG_BLACK_ELO] = { TAG_NAME("BlackElo"), "PGN 9.1.2", "a rating in digits, or - for an unrated player", elo_problem,
			    suggest_elo },
	[TAG_WHITE_CLOCK] = { TAG_NAME("WhiteClock"), "PGN supplement 2001, %clk/%emt",
			      "a clock time H:MM:SS, as [%clk] writes it, or ? or -", clock_tag_problem, suggest_trimmed },
	[TAG_BLACK_CLOCK] = { TAG_NAME("BlackClock"), "PGN supplement 2001, %clk/%emt",
			      "a clock time H:MM:SS, as [%clk] writes it, or ? or -", clock_tag_problem, suggest_trimmed },
	[TAG_EVENT_DATE] = { TAG_NAME("EventDate"), "PGN 9.2.1", "YYYY.MM.DD, with ?? for a part not known", date_problem,
			     suggest_date },
	[TAG_UTC_DATE] = { TAG_NAME("UTCDate"), "PGN 9.5.3", "YYYY.MM.DD, with ?? for a part not known", date_problem,
			   suggest_date },
	[TAG_TIME_CONTROL] = { TAG_NAME("TimeControl"), "PGN 9.6.1",
			       "?, -, or periods joined by colons such as 40/7200:3600, 300+2 or *180",
			       time_control_problem, suggest_time_control },
	[TAG_PLY_COUNT] = { TAG_NAME("PlyCount"), "PGN 9.9.3", "the number of plies in digits", plycount_problem,
			    suggest_plycount },
	[TAG_SET_UP] = { TAG_NAME("SetUp"), "PGN 9.7.1", "0 or 1", setup_problem, suggest_trimmed },
	[TAG_FEN] = { TAG_NAME("FEN"), NULL, NULL, NULL, NULL }, /* audit.c reads it */
};

static int is_tag(const char *name, size_t length, enum known_tag tag)
{
	return length == tag_forms[tag].length && memcmp(name, tag_forms[tag].name, length) == 0;
}

/* Which of the two candidates (or one, twice) the name is, or KNOWN_TAGS.
 * Inlined with constant candidates, each memcmp is of a known name and
 * length, which the compiler does in a register or two instead of a call:
 * every tag of every game comes here. */
__attribute__((always_inline)) static inline enum known_tag one_of(const char *name, size_t length,
								   enum known_tag first, enum known_tag second)
{
	if (is_tag(name, length, first))
		return first;
	return second != first && is_tag(name, length, second) ? second : KNOWN_TAGS;
}

/* Which known tag a name of `length` bytes is, or KNOWN_TAGS: the first
 * letter leaves one or two candidates, and the length nearly always one at
 * most (a new entry in tag_forms needs its case here). */
static enum known_tag known_tag_of(const char *name, size_t length)
{
	switch (name[0]) {
	case 'B': {
		enum known_tag t = one_of(name, length, TAG_BLACK, TAG_BLACK_ELO);
		return t != KNOWN_TAGS ? t : one_of(name, length, TAG_BLACK_CLOCK, TAG_BLACK_CLOCK);
	}
	case 'D': return one_of(name, length, TAG_DATE, TAG_DATE);
	case 'E': return one_of(name, length, TAG_EVENT, TAG_EVENT_DATE);
	case 'F': return one_of(name, length, TAG_FEN, TAG_FEN);
	case 'P': return one_of(name, length, TAG_PLY_COUNT, TAG_PLY_COUNT);
	case 'R': return one_of(name, length, TAG_ROUND, TAG_RESULT);
	case 'S': return one_of(name, length, TAG_SITE, TAG_SET_UP);
	case 'T': return one_of(name, length, TAG_TIME_CONTROL, TAG_TIME_CONTROL);
	case 'U': return one_of(name, length, TAG_UTC_DATE, TAG_UTC_DATE);
	case 'W': {
		enum known_tag t = one_of(name, length, TAG_WHITE, TAG_WHITE_ELO);
		return t != KNOWN_TAGS ? t : one_of(name, length, TAG_WHITE_CLOCK, TAG_WHITE_CLOCK);
	}
	default: return KNOWN_TAGS;
	}
}

/* Returns whether it reported the tag. */
static int check_form(const struct game_record *rec, const struct pgn_tag *tag, const struct tag_form *form,
		      struct finding_list *out)
{
	const char *v = rec->game->arena + tag->value;
	char why[96], suggestion[64] = "";
	const char *problem = form->problem(v, tag->value_length, why, sizeof why);
	if (!problem)
		return 0;
	struct finding *f = finding_add(out, CHECK_TAG_FORMAT);
	f->line = tag->line;
	f->column = tag->column;
	f->rule = form->rule;
	if (problem[0])
		snprintf(f->message, sizeof f->message, "the %s tag \"%.60s\" is wrong: %s (the standard's form is %s)",
			 form->name, v, problem, form->form);
	else
		snprintf(f->message, sizeof f->message, "the %s tag \"%.60s\" is not in the standard's form (%s)",
			 form->name, v, form->form);
	form->suggest(rec, v, tag->value_length, suggestion, sizeof suggestion);
	if (suggestion[0] && strcmp(suggestion, v) != 0 && !form->problem(suggestion, strlen(suggestion), why, sizeof why))
		snprintf(f->suggestion, sizeof f->suggestion, "%s", suggestion);
	return 1;
}

/* PGN 7: a string is printing characters.  A control character in a tag
 * value (a tab, an escape, a byte a damaged file put in a name) is
 * reported once per tag; the text report shows it escaped. */
static void check_controls(const struct pgn_tag *tag, const char *name, struct finding_list *out)
{
	int c = tag->control; /* found by the reader */
	if (c == 0)
		return;
	struct finding *f = finding_add(out, CHECK_TAG_FORMAT);
	f->line = tag->line;
	f->column = tag->column;
	f->rule = "PGN 7";
	snprintf(f->message, sizeof f->message,
		 "the %.40s tag holds a control character (0x%02X): a PGN string holds printing characters only",
		 name, c);
}

/* ---- The roster, duplicates, PlyCount ---- */

/* The message `head` `middle` `tail`, copied: the one missing tag of a
 * game is the commonest finding, and snprintf read its format for longer
 * than the copy takes.  The parts are short and fixed, well within the
 * message. */
static void message_of_three(struct finding *f, const char *head, const char *middle, size_t middle_length,
			     const char *tail)
{
	size_t head_length = strlen(head), tail_length = strlen(tail);
	memcpy(f->message, head, head_length);
	memcpy(f->message + head_length, middle, middle_length);
	memcpy(f->message + head_length + middle_length, tail, tail_length + 1);
}

static void check_roster(const struct pgn_game *g, const int *present, struct finding_list *out)
{
	char names[64] = "";
	size_t used = 0;
	int missing = 0;
	/* Copied, not printed: a quarter of the games lack some of the roster. */
	for (int i = 0; i < ROSTER_SIZE; i++) {
		if (present[i])
			continue;
		if (used) {
			names[used++] = ',';
			names[used++] = ' ';
		}
		memcpy(names + used, tag_forms[i].name, tag_forms[i].length + 1);
		used += tag_forms[i].length;
		missing++;
	}
	if (!missing)
		return;
	struct finding *f = finding_add(out, CHECK_MISSING_TAG);
	f->line = g->first_line;
	f->column = 1;
	f->rule = "PGN 8.1.1";
	if (g->tag_count == 0)
		snprintf(f->message, sizeof f->message, "the game has no tags: the Seven Tag Roster (%s) is missing", names);
	else if (missing == ROSTER_SIZE)
		snprintf(f->message, sizeof f->message, "none of the Seven Tag Roster (%s) is among the game's tags", names);
	else if (missing == 1)
		message_of_three(f, "the ", names, used, " tag of the Seven Tag Roster is missing");
	else
		snprintf(f->message, sizeof f->message, "%d tags of the Seven Tag Roster are missing: %s", missing, names);
}

/* Tag names seen so far in a game, those not in tag_forms (which have a
 * bit each in check_tags), as a 256-bit set of their hashes: a name
 * whose bit is clear has not been seen, so the earlier tags are searched
 * only on a hit.  The hash takes the length and three letters, not every
 * byte: the names of a game seldom share all four, and a name that shares
 * its bit with another costs only that search. */
struct name_set {
	uint64_t bits[4];
};

static int name_set_add(struct name_set *set, const char *name, size_t length)
{
	const unsigned char *p = (const unsigned char *)name;
	uint32_t h = (uint32_t)length;
	if (length > 0)
		h = ((h * 31 + p[0]) * 31 + p[length / 2]) * 31 + p[length - 1];
	h *= 2654435761u; /* Knuth's multiplicative hash: the top bits mix all of h */
	uint64_t bit = (uint64_t)1 << (h >> 26), *word = &set->bits[(h >> 24) & 3];
	int seen = (*word & bit) != 0;
	*word |= bit;
	return seen;
}

/* Tag `i` again, after an earlier tag of the same name (PGN 8.1). */
static void check_duplicate(const struct pgn_game *g, int i, struct finding_list *out)
{
	const char *name = g->arena + g->tags[i].name;
	for (int j = 0; j < i; j++) {
		const struct pgn_tag *first = &g->tags[j];
		if (g->arena[first->name] != name[0] || strcmp(g->arena + first->name, name) != 0)
			continue;
		const char *v1 = g->arena + first->value, *v2 = g->arena + g->tags[i].value;
		struct finding *f = finding_add(out, CHECK_DUPLICATE_TAG);
		f->line = g->tags[i].line;
		f->column = g->tags[i].column;
		f->rule = "PGN 8.1";
		if (strcmp(v1, v2) == 0)
			snprintf(f->message, sizeof f->message, "the %.40s tag appears again (first on line %" PRIu64 ")", name,
				 pgn_file_line(g, first->line));
		else
			snprintf(f->message, sizeof f->message,
				 "the %.40s tag appears again (first on line %" PRIu64 ") with another value: \"%.60s\" here, "
				 "\"%.60s\" there",
				 name, pgn_file_line(g, first->line), v2, v1);
		return;
	}
}

static void check_plycount(const struct game_record *rec, const struct pgn_tag *tag, struct finding_list *out)
{
	const char *v = rec->game->arena + tag->value;
	if (rec->stop != STOP_NONE || rec->game->truncated || plycount_problem(v, tag->value_length, NULL, 0))
		return;
	int written = number(v, tag->value_length);
	if (written == rec->count)
		return;
	struct finding *f = finding_add(out, CHECK_PLYCOUNT_MISMATCH);
	f->line = tag->line;
	f->column = tag->column;
	f->rule = "PGN 9.9.3";
	snprintf(f->message, sizeof f->message, "the PlyCount tag says %d plies but the main line has %d", written,
		 rec->count);
	snprintf(f->suggestion, sizeof f->suggestion, "%d", rec->count);
}

/* ---- Encoding (PGN 4.1) ---- */

/* The length of the UTF-8 sequence at s (n bytes available), or 0 when the
 * bytes there are not one: overlong forms, surrogates and code points above
 * U+10FFFF are not. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
	if (len == 0 || len > n)
		return 0;
	for (size_t k = 1; k < len; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) || (c == 0xF0 && s[1] < 0x90)
	    || (c == 0xF4 && s[1] > 0x8F))
		return 0;
	return len;
}

/* The offset of the first byte >= 0x80 in s[0, n), or n.  ASCII, nearly
 * all of a PGN file, goes 64 bytes at a time. */
static size_t ascii_run(const unsigned char *s, size_t n)
{
	size_t i = 0;
#ifdef __SSE2__
	for (; i + 64 <= n; i += 64) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 16));
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 32));
		__m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 48));
		if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))))
			break;
	}
	for (; i + 16 <= n; i += 16) {
		int high = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i)));
		if (high)
			return i + (size_t)__builtin_ctz((unsigned)high);
	}
#else
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (w & 0x8080808080808080ULL)
			break;
	}
#endif
	while (i < n && s[i] < 0x80)
		i++;
	return i;
}

/* The offset of the first byte that is not part of valid UTF-8, or n. */
static size_t utf8_invalid_at(const unsigned char *s, size_t n)
{
	size_t i = 0;
	for (;;) {
		i += ascii_run(s + i, n - i);
		if (i >= n)
			return n;
		size_t len = utf8_sequence(s + i, n - i);
		if (len == 0)
			return i;
		i += len;
	}
}

/* About 40 bytes of text around `bad`, each byte that is not UTF-8 turned
 * into the Latin-1 character it was read as. */
static void latin1_excerpt(const unsigned char *s, size_t n, size_t bad, char *out, size_t len)
{
	size_t i = bad > 20 ? bad - 20 : 0, end = n - bad > 20 ? bad + 20 : n, k = 0;
	while (i < bad && (s[i] & 0xC0) == 0x80)
		i++;
	while (i < end && k + 5 < len) {
		size_t seq = utf8_sequence(s + i, n - i);
		if (seq == 0) {
			out[k++] = (char)(0xC0 | (s[i] >> 6));
			out[k++] = (char)(0x80 | (s[i] & 0x3F));
			seq = 1;
		} else {
			memcpy(out + k, s + i, seq);
			k += seq;
		}
		i += seq;
	}
	out[k] = '\0';
}

struct bad_text {
	const unsigned char *text;
	size_t length, at;
	uint32_t line, column;
	char what[64];
};

/* The first tag in the game whose name or value is not UTF-8. */
static int first_bad_tag(const struct pgn_game *g, struct bad_text *bad)
{
	for (int i = 0; i < g->tag_count; i++) {
		const struct pgn_tag *t = &g->tags[i];
		const unsigned char *name = (const unsigned char *)g->arena + t->name;
		const unsigned char *value = (const unsigned char *)g->arena + t->value;
		size_t name_length = strlen((const char *)name);
		size_t at = utf8_invalid_at(name, name_length);
		int in_name = at < name_length;
		if (!in_name && (at = utf8_invalid_at(value, t->value_length)) == t->value_length)
			continue;
		*bad = (struct bad_text){ in_name ? name : value, in_name ? name_length : t->value_length, at,
					  t->line, t->column, "" };
		snprintf(bad->what, sizeof bad->what, "the %s of a tag", in_name ? "name" : "value");
		if (!in_name && utf8_invalid_at(name, name_length) == name_length)
			snprintf(bad->what, sizeof bad->what, "the %.40s tag", (const char *)name);
		return 1;
	}
	return 0;
}

static int first_bad_token(const struct pgn_game *g, struct bad_text *bad)
{
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		const unsigned char *text = (const unsigned char *)g->arena + t->text;
		size_t at = utf8_invalid_at(text, t->length);
		if (at == t->length)
			continue;
		*bad = (struct bad_text){ text, t->length, at, t->line, t->column, "" };
		snprintf(bad->what, sizeof bad->what, "%s",
			 t->type == TOKEN_COMMENT ? "a comment" : t->type == TOKEN_SYMBOL ? "a move" : "a token");
		return 1;
	}
	return 0;
}

/* The PGN standard (4.1) prescribes ISO 8859-1; files today are written in
 * UTF-8, and that is what their readers expect.  A byte that is not UTF-8
 * is read as the standard's Latin-1 and reported once per game, so that the
 * file can be converted; the section that rules on character codes is the
 * one cited. */
static void check_encoding(const struct pgn_game *g, struct finding_list *out)
{
	if (utf8_invalid_at((const unsigned char *)g->arena, g->arena_len) == g->arena_len)
		return;
	struct bad_text tag, token, *bad;
	int in_tag = first_bad_tag(g, &tag), in_token = first_bad_token(g, &token);
	if (!in_tag && !in_token)
		return;
	bad = !in_token || (in_tag && ((int32_t)(tag.line - token.line) < 0 || (tag.line == token.line && tag.column < token.column)))
		      ? &tag
		      : &token;
	char excerpt[128];
	latin1_excerpt(bad->text, bad->length, bad->at, excerpt, sizeof excerpt);
	struct finding *f = finding_add(out, CHECK_ENCODING);
	f->line = bad->line;
	f->column = bad->column;
	f->rule = "PGN 4.1";
	snprintf(f->message, sizeof f->message,
		 "%s is not valid UTF-8 (byte 0x%02X in \"%s\"); its bytes were read as Latin-1", bad->what,
		 bad->text[bad->at], excerpt);
}

/* ---- SetUp and FEN (PGN 9.7.1) ---- */

/* SetUp "1" goes with a FEN tag, and SetUp "0" (or none) with none.  The
 * replay follows the FEN tag whatever SetUp says; the finding says so. */
static void check_setup(const struct pgn_game *g, const struct pgn_tag *setup, const struct pgn_tag *fen,
			struct finding_list *out)
{
	const char *says = setup ? g->arena + setup->value : NULL;
	int one = says && strcmp(says, "1") == 0, zero = says && strcmp(says, "0") == 0;
	const struct pgn_tag *at;
	const char *message, *suggestion = "[SetUp \"1\"]";
	if (one && !fen) {
		at = setup;
		message = "SetUp \"1\" says the game starts from a set-up position, but no FEN tag gives it; the game is replayed from the standard start position";
		suggestion = "";
	} else if (fen && !setup) {
		at = fen;
		message = "the FEN tag is not announced by SetUp \"1\", which a game from a set-up position has beside it; the game is replayed from the FEN";
	} else if (fen && zero) {
		at = setup;
		message = "SetUp \"0\" says the game starts from the standard position, but it has a FEN tag; the game is replayed from the FEN";
	} else {
		return; /* paired, or a SetUp of another form (check_form reports it) */
	}
	struct finding *f = finding_add(out, CHECK_TAG_FORMAT);
	f->line = at->line;
	f->column = at->column;
	f->rule = "PGN 9.7.1";
	snprintf(f->message, sizeof f->message, "%s", message);
	snprintf(f->suggestion, sizeof f->suggestion, "%s", suggestion);
}

void check_tags(const struct game_record *rec, struct finding_list *out)
{
	const struct pgn_tag *setup = NULL, *fen = NULL;
	const struct pgn_game *g = rec->game;
	int present[ROSTER_SIZE] = { 0 };
	struct name_set seen = { { 0 } };
	unsigned known_seen = 0; /* bit t: a tag named tag_forms[t].name so far */
	if (g->tag_count == 0 && g->token_count == 0)
		return;
	for (int i = 0; i < g->tag_count; i++) {
		const struct pgn_tag *tag = &g->tags[i];
		const char *name = g->arena + tag->name;
		size_t length = strlen(name);
		enum known_tag known = known_tag_of(name, length);
		/* A known name (most of them) has its own bit, exact; only the
		 * others need the hash set, which may send a new name to the
		 * search as well. */
		int again = known < KNOWN_TAGS ? (int)((known_seen >> known) & 1) : name_set_add(&seen, name, length);
		if (known < KNOWN_TAGS)
			known_seen |= 1u << known;
		if (again)
			check_duplicate(g, i, out);
		if (known < ROSTER_SIZE)
			present[known] = 1;
		/* A value not in its form is reported once, as that. */
		int reported = known < KNOWN_TAGS && tag_forms[known].problem && check_form(rec, tag, &tag_forms[known], out);
		if (known == TAG_PLY_COUNT)
			check_plycount(rec, tag, out);
		if (known == TAG_SET_UP && !setup)
			setup = tag;
		if (known == TAG_FEN && !fen)
			fen = tag;
		if (!reported)
			check_controls(tag, name, out);
	}
	check_roster(g, present, out);
	check_setup(g, setup, fen, out);
	check_encoding(g, out);
}
