/*
 * rules.h - which edition of the Laws of Chess an article number belongs to.
 *
 * Findings are written with the article numbers of the 2023 Laws; when the
 * user audits under the 2005 edition (the Russian seed, `--rules fide2005`)
 * rule_cite() translates them, so every check is written once.
 */
#ifndef PGNAUDIT_RULES_H
#define PGNAUDIT_RULES_H

enum rules_edition { RULES_FIDE2023, RULES_FIDE2005 };

/* The citation of a 2023 article ("FIDE 3.7.3.1") under an edition; other
 * texts (PGN sections) come back unchanged. */
const char *rule_cite(enum rules_edition edition, const char *rule2023);

#endif
