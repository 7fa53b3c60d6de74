/*
 * rules.c - article numbers of the 2023 Laws and their 2005 counterparts.
 *
 * The 2005 numbers are those of the Russian text in shared/seeds/004_*:
 * lettered paragraphs (3.7(d)), dead position in 5.2(b), time forfeit in
 * 6.10, claims in 9.2(a)/(b) and 9.3(a)/(b), notation in Appendix E.
 * They are cited with the year ("FIDE 2005 9.2(b)"), so that a reader
 * of a finding knows which Laws it rests on; the current Laws' articles
 * are cited without it.
 *
 * Which Laws a game is judged by (--rules by-date): those in force on its
 * date.  Fivefold repetition and the 75-move rule (9.6), the one change
 * between the editions that the checks depend on, are in force since
 * 1 July 2014; before it the 2005 Laws are taken (the 2009 edition changed
 * nothing the checks look at).  A date that is not known well enough to
 * tell (2014.??.??, 201?.??.??) is judged by the 2005 Laws, under which
 * there are no automatic draws to report wrongly; an undated game
 * (????.??.??, 20??.??.??, no Date) by the current ones.
 */
#include "rules.h"

#include <string.h>

static const struct {
	const char *fide2023, *fide2005;
} articles[] = {
	{ "FIDE 3.1", "FIDE 2005 3.1" },
	{ "FIDE 3.2", "FIDE 2005 3.2" },
	{ "FIDE 3.3", "FIDE 2005 3.3" },
	{ "FIDE 3.4", "FIDE 2005 3.4" },
	{ "FIDE 3.5", "FIDE 2005 3.5" },
	{ "FIDE 3.6", "FIDE 2005 3.6" },
	{ "FIDE 3.7", "FIDE 2005 3.7" },
	{ "FIDE 3.7.1", "FIDE 2005 3.7(a)" },
	{ "FIDE 3.7.2", "FIDE 2005 3.7(b)" },
	{ "FIDE 3.7.3", "FIDE 2005 3.7(c)" },
	{ "FIDE 3.7.3.1", "FIDE 2005 3.7(d)" },
	{ "FIDE 3.7.3.2", "FIDE 2005 3.7(d)" },
	{ "FIDE 3.7.3.3", "FIDE 2005 3.7(e)" },
	{ "FIDE 3.8.1", "FIDE 2005 3.8(a)(i)" },
	{ "FIDE 3.8.2", "FIDE 2005 3.8(a)(ii)" },
	{ "FIDE 3.8.2.1", "FIDE 2005 3.8(a)(ii)(1)" },
	{ "FIDE 3.8.2.2", "FIDE 2005 3.8(a)(ii)(2)" },
	{ "FIDE 3.9", "FIDE 2005 3.9" },
	{ "FIDE 3.10.1", "FIDE 2005 3.1-3.9" },
	{ "FIDE 5.1.1", "FIDE 2005 5.1(a)" },
	{ "FIDE 5.1.2", "FIDE 2005 5.1(b)" },
	{ "FIDE 5.2.1", "FIDE 2005 5.2(a)" },
	{ "FIDE 5.2.2", "FIDE 2005 5.2(b)" },
	{ "FIDE 5.2.3", "FIDE 2005 5.2(c)" },
	{ "FIDE 6.9", "FIDE 2005 6.10" },
	{ "FIDE 7.5", "FIDE 2005 7.4" },
	{ "FIDE 8.1", "FIDE 2005 8.1" },
	{ "FIDE 9.2", "FIDE 2005 9.2" },
	{ "FIDE 9.2.1", "FIDE 2005 9.2" },
	{ "FIDE 9.2.1.1", "FIDE 2005 9.2(a)" },
	{ "FIDE 9.2.1.2", "FIDE 2005 9.2(b)" },
	{ "FIDE 9.2.2", "FIDE 2005 9.2" },
	{ "FIDE 9.3", "FIDE 2005 9.3" },
	{ "FIDE 9.3.1", "FIDE 2005 9.3(a)" },
	{ "FIDE 9.3.2", "FIDE 2005 9.3(b)" },
	{ "FIDE 9.4", "FIDE 2005 9.4" },
	{ "FIDE 9.5", "FIDE 2005 9.5" },
	{ "FIDE C", "FIDE 2005 E" },
	{ "FIDE C.3", "FIDE 2005 E.3" },
	{ "FIDE C.9", "FIDE 2005 E.8" },
	{ "FIDE C.10", "FIDE 2005 E.9" },
	{ "FIDE C.11", "FIDE 2005 E.10" },
	{ "FIDE C.12", "FIDE 2005 E.11" },
	{ "FIDE C.13", "FIDE 2005 E.12" },
	{ "FIDE C.14", "FIDE 2005 E.13" },
};

const char *rule_cite(enum rules_edition edition, const char *rule2023)
{
	if (edition != RULES_FIDE2005 || !rule2023)
		return rule2023;
	for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++)
		if (strcmp(articles[i].fide2023, rule2023) == 0)
			return articles[i].fide2005;
	return rule2023;
}

/* n characters of a date, digits or '?', read with `fill` for each '?';
 * -1 for anything else.  *known counts the digits. */
static long date_field(const char *s, int n, int fill, int *known)
{
	long v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			v = v * 10 + (s[i] - '0');
			++*known;
		} else if (s[i] == '?') {
			v = v * 10 + fill;
		} else {
			return -1;
		}
	}
	return v;
}

/* The earliest (fill 0) or latest (fill 9) day a PGN date YYYY.MM.DD with
 * '?' for unknown digits can be, as YYYYMMDD, or -1 when it is not of that
 * form; *year_known counts the year's known digits. */
static long date_bound(const char *date, int fill, int *year_known)
{
	int month_known = 0;
	*year_known = 0;
	if (strlen(date) != 10 || date[4] != '.' || date[7] != '.')
		return -1;
	long year = date_field(date, 4, fill, year_known);
	long month = date_field(date + 5, 2, fill, &month_known);
	long day = date_field(date + 8, 2, fill, &month_known);
	if (year < 0 || month < 0 || day < 0)
		return -1;
	month = month < 1 ? 1 : month > 12 ? 12 : month;
	day = day < 1 ? 1 : day > 31 ? 31 : day;
	return year * 10000 + month * 100 + day;
}

enum rules_edition rules_in_force(const char *date)
{
	const long automatic_draws = 20140701; /* 9.6 in force from 1 July 2014 */
	int known;
	if (!date)
		return RULES_FIDE2023;
	long earliest = date_bound(date, 0, &known), latest = date_bound(date, 9, &known);
	if (earliest < 0 || latest < 0 || known < 3)
		return latest >= 0 && latest < automatic_draws ? RULES_FIDE2005 : RULES_FIDE2023;
	return earliest >= automatic_draws ? RULES_FIDE2023 : RULES_FIDE2005;
}

const char *rules_edition_name(enum rules_edition edition)
{
	return edition == RULES_FIDE2005 ? "fide2005" : edition == RULES_FIDE2023 ? "fide2023" : "by-date";
}
