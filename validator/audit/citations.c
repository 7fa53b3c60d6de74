/*
 * citations.c - article numbers of the 2023 Laws and their 2005 counterparts.
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
#include "validator/audit/citations.h"

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
	{ "FIDE 6.3.1", "FIDE 2005 6.2(a)" },
	{ "FIDE 6.3.2", "FIDE 2005 6.2(b)" },
	{ "FIDE 6.8", "FIDE 2005 6.9" },
	{ "FIDE 6.9", "FIDE 2005 6.10" },
	{ "FIDE 1.2", "FIDE 2005 7.4(a)" },
	{ "FIDE 7.5", "FIDE 2005 7.4" },
	{ "FIDE 7.5.1", "FIDE 2005 7.4(a)" },
	{ "FIDE 7.5.5", "FIDE 2005 7.4(b)" },
	{ "FIDE A.4.2", "FIDE 2005 B.5" },
	{ "FIDE B.4", "FIDE 2005 C.3" },
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
	/* Asked of every finding of every game judged by the 2005 Laws (most
	 * games of a historical collection): the PGN sections go at once, and
	 * the checks cite the table's own strings, found by their address
	 * before any comparison of the text. */
	if (edition != RULES_FIDE2005 || !rule2023 || strncmp(rule2023, "FIDE ", 5) != 0)
		return rule2023;
	for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++)
		if (articles[i].fide2023 == rule2023)
			return articles[i].fide2005;
	for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++)
		if (strcmp(articles[i].fide2023, rule2023) == 0)
			return articles[i].fide2005;
	return rule2023;
}

/* The edition in force on a date.  A PGN date is YYYY.MM.DD with '?' for
 * what is not known; the earliest and the latest day it can be (each '?'
 * read as 0 and as 9, months and days then brought into 1-12 and 1-31)
 * are compared with 1 July 2014, in one pass over it. */
enum rules_edition rules_in_force(const char *date)
{
	const long automatic_draws = 20140701; /* 9.6 in force from 1 July 2014 */
	long earliest = 0, latest = 0, early_field = 0, late_field = 0;
	int year_known = 0;
	if (!date)
		return RULES_FIDE2023;
	/* Nearly every date: a year of four digits other than 2014, then a
	 * dot.  The rest of it does not matter. */
	if (date[0] >= '0' && date[0] <= '9' && date[1] >= '0' && date[1] <= '9' && date[2] >= '0' && date[2] <= '9'
	    && date[3] >= '0' && date[3] <= '9' && date[4] == '.') {
		int year = (date[0] - '0') * 1000 + (date[1] - '0') * 100 + (date[2] - '0') * 10 + (date[3] - '0');
		if (year != 2014)
			return year < 2014 ? RULES_FIDE2005 : RULES_FIDE2023;
	}
	for (int i = 0; i <= 10; i++) {
		char c = date[i];
		if (i == 4 || i == 7 || i == 10) {
			if (c != (i == 10 ? '\0' : '.'))
				return RULES_FIDE2023; /* not a PGN date: as undated */
			long lo = i == 4 ? 0 : 1, hi = i == 4 ? 9999 : i == 7 ? 12 : 31;
			earliest = earliest * (i == 4 ? 1 : 100) + (early_field < lo ? lo : early_field > hi ? hi : early_field);
			latest = latest * (i == 4 ? 1 : 100) + (late_field < lo ? lo : late_field > hi ? hi : late_field);
			early_field = late_field = 0;
			if (i == 10)
				break;
			continue;
		}
		if (c >= '0' && c <= '9') {
			early_field = early_field * 10 + (c - '0');
			late_field = late_field * 10 + (c - '0');
			year_known += i < 4;
		} else if (c == '?') {
			early_field = early_field * 10;
			late_field = late_field * 10 + 9;
		} else {
			return RULES_FIDE2023;
		}
	}
	if (latest < automatic_draws)
		return RULES_FIDE2005;
	if (earliest >= automatic_draws || year_known < 3)
		return RULES_FIDE2023;
	return RULES_FIDE2005; /* either side of 1 July 2014, the decade known */
}

const char *rules_edition_name(enum rules_edition edition)
{
	return edition == RULES_FIDE2005 ? "fide2005" : edition == RULES_FIDE2023 ? "fide2023" : "by-date";
}
