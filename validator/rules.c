/*
 * rules.c - article numbers of the 2023 Laws and their 2005 counterparts.
 *
 * The 2005 numbers are those of the Russian text in shared/seeds/004_*:
 * lettered paragraphs (3.7(d)), dead position in 5.2(b), time forfeit in
 * 6.10, claims in 9.2(a)/(b) and 9.3(a)/(b), notation in Appendix E.
 */
#include "rules.h"

#include <string.h>

static const struct {
	const char *fide2023, *fide2005;
} articles[] = {
	{ "FIDE 3.1", "FIDE 3.1" },
	{ "FIDE 3.2", "FIDE 3.2" },
	{ "FIDE 3.3", "FIDE 3.3" },
	{ "FIDE 3.4", "FIDE 3.4" },
	{ "FIDE 3.5", "FIDE 3.5" },
	{ "FIDE 3.6", "FIDE 3.6" },
	{ "FIDE 3.7.1", "FIDE 3.7(a)" },
	{ "FIDE 3.7.2", "FIDE 3.7(b)" },
	{ "FIDE 3.7.3", "FIDE 3.7(c)" },
	{ "FIDE 3.7.3.1", "FIDE 3.7(d)" },
	{ "FIDE 3.7.3.2", "FIDE 3.7(d)" },
	{ "FIDE 3.7.3.3", "FIDE 3.7(e)" },
	{ "FIDE 3.8.1", "FIDE 3.8(a)(i)" },
	{ "FIDE 3.8.2", "FIDE 3.8(a)(ii)" },
	{ "FIDE 3.8.2.1", "FIDE 3.8(a)(ii)(1)" },
	{ "FIDE 3.8.2.2", "FIDE 3.8(a)(ii)(2)" },
	{ "FIDE 3.9", "FIDE 3.9" },
	{ "FIDE 3.10.1", "FIDE 3.1-3.9" },
	{ "FIDE 5.1.1", "FIDE 5.1(a)" },
	{ "FIDE 5.1.2", "FIDE 5.1(b)" },
	{ "FIDE 5.2.1", "FIDE 5.2(a)" },
	{ "FIDE 5.2.2", "FIDE 5.2(b)" },
	{ "FIDE 5.2.3", "FIDE 5.2(c)" },
	{ "FIDE 6.9", "FIDE 6.10" },
	{ "FIDE 7.5", "FIDE 7.4" },
	{ "FIDE 8.1", "FIDE 8.1" },
	{ "FIDE 9.2.1", "FIDE 9.2" },
	{ "FIDE 9.2.1.1", "FIDE 9.2(a)" },
	{ "FIDE 9.2.1.2", "FIDE 9.2(b)" },
	{ "FIDE 9.2.2", "FIDE 9.2" },
	{ "FIDE 9.3", "FIDE 9.3" },
	{ "FIDE 9.3.1", "FIDE 9.3(a)" },
	{ "FIDE 9.3.2", "FIDE 9.3(b)" },
	{ "FIDE 9.4", "FIDE 9.4" },
	{ "FIDE 9.5", "FIDE 9.5" },
	{ "FIDE C", "FIDE E" },
	{ "FIDE C.9", "FIDE E.8" },
	{ "FIDE C.10", "FIDE E.9" },
	{ "FIDE C.11", "FIDE E.10" },
	{ "FIDE C.12", "FIDE E.11" },
	{ "FIDE C.13", "FIDE E.12" },
	{ "FIDE C.14", "FIDE E.13" },
};

const char *rule_cite(enum rules_edition edition, const char *rule2023)
{
	if (edition == RULES_FIDE2023 || !rule2023)
		return rule2023;
	for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++)
		if (strcmp(articles[i].fide2023, rule2023) == 0)
			return articles[i].fide2005;
	return rule2023;
}
