/*
 * explain.h - what each check of the catalogue means, for `pgnaudit
 * explain CODE`: a paragraph on what it reports, the rules its findings
 * cite, a small game it reports, and what to do about it.
 *
 * The catalogue (finding.c) says in one line what a code is; this says it
 * at length, once per code, in the order of the catalogue (explain.c has
 * one entry per code and the build fails without it).  The rules listed
 * are the texts the findings themselves cite, as the passes write them
 * (2023 article numbers, or PGN sections); rule_cite() gives the 2005
 * article of each, as it does for a finding.  Each example is a whole game
 * that `pgnaudit check` reports under its code, with no option given
 * (tests/e2e_explain.sh runs every one through check).  The texts are
 * plain ASCII, so that their width in bytes is their width on a terminal.
 */
#ifndef PGNAUDIT_EXPLAIN_H
#define PGNAUDIT_EXPLAIN_H

#include "validator/audit/finding.h"

struct rule_citation {
	const char *rule; /* as the finding cites it: "FIDE 3.9", "PGN 8.2.3"; NULL ends a list */
	const char *when; /* which findings cite it; NULL when all of them do */
};

struct check_explanation {
	enum check_code code;
	const char *description;           /* what it reports, one paragraph */
	const struct rule_citation *rules; /* ends with a NULL rule; empty when none is cited */
	const char *example;               /* a PGN game check reports it in */
	const char *advice;                /* what to do about it */
};

/* The options check needs to report the example of a code ("--play-illegal",
 * "--trf FILE"), or NULL when it needs none. */
const char *check_example_options(enum check_code code);

/* The tournament report (TRF) an example is checked against with --trf FILE,
 * or NULL when it needs none (pgnaudit explain CODE --example-trf). */
const char *check_example_report(enum check_code code);

/* The explanation of a code of the catalogue. */
const struct check_explanation *check_explanation(enum check_code code);

#endif
