/*
 * citations.h - which edition of the Laws of Chess an article number belongs to.
 *
 * Findings are written with the article numbers of the 2023 Laws; when the
 * user audits under the 2005 edition (the Russian seed, `--rules fide2005`)
 * rule_cite() translates them, so every check is written once.
 */
#ifndef PGNAUDIT_CITATIONS_H
#define PGNAUDIT_CITATIONS_H

/* RULES_BY_DATE is a choice of the user's, never a game's edition:
 * audit_game() judges each game by rules_in_force() of its date. */
enum rules_edition { RULES_FIDE2023, RULES_FIDE2005, RULES_BY_DATE };

/* The citation of a 2023 article ("FIDE 3.7.3.1") under an edition: the
 * 2005 articles with the year ("FIDE 2005 3.7(d)"); other texts (PGN
 * sections) come back unchanged. */
const char *rule_cite(enum rules_edition edition, const char *rule2023);

/* The edition in force on a PGN date ("1962.??.??"; NULL: undated): the
 * 2005 Laws before 1 July 2014, the 2023 Laws from then on and for a game
 * whose date is not known; see citations.c for dates known in part. */
enum rules_edition rules_in_force(const char *date);

/* "fide2023", "fide2005" or "by-date", as --rules names them. */
const char *rules_edition_name(enum rules_edition edition);

#endif
