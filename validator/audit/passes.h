/*
 * passes.h - the check passes of the audit, one file each.  audit_game
 * (audit.c) runs them in this order; each appends its findings to `out`.
 *
 *  - check_setup.c, before the replay, on the game as read: the reader's
 *    problems, the Result tag, the variant and the start position;
 *  - audit.c itself replays the main line (illegal and ambiguous moves,
 *    notation read in other languages, recovery);
 *  - then, on the replayed record (record.h): check_tags.c,
 *    check_notation.c, check_results.c and check_claims.c.
 */
#ifndef PGNAUDIT_PASSES_H
#define PGNAUDIT_PASSES_H

#include "parser/pgn.h"
#include "validator/audit/finding.h"
#include "validator/audit/record.h"
#include "validator/chess/position.h"

/* The tags the setting up of a game reads: the first of each, as
 * pgn_tag_value finds it, but the last FEN tag, where a bad FEN is
 * reported.  One pass over the tags for all of them. */
struct setup_tags {
	const char *variant, *fen, *event, *date, *event_date;
	const struct pgn_tag *fen_tag;
};

void find_setup_tags(const struct pgn_game *g, struct setup_tags *t);

/* The date the game was played, for --rules by-date: its Date tag, or the
 * EventDate when the Date has no digit (or is absent); NULL when neither. */
const char *setup_date(const struct setup_tags *t);

/* The main line's termination marker, or NULL. */
const struct pgn_token *termination_marker(const struct pgn_game *g);

/* What the reader found wrong (syntax, comments, variations, result). */
void check_reader_problems(const struct pgn_game *g, struct finding_list *out);

/* The Result tag against the termination marker. */
void check_result_tag(const struct pgn_game *g, struct finding_list *out);
/* The result a text means when it is one written otherwise ("1/2", "½-½",
 * "1:0", " 1-0 "), or one of PGN's own: 1 and it in out; else 0
 * (check_tags.c). */
int result_meant(const char *v, size_t n, char *out, size_t len);

/* The variant (Variant tag, or one the Event names) and the start position
 * (the FEN tag, repaired where it is wrong in form only) into *pos.  Returns
 * 0 when the game cannot be replayed. */
int check_setup_position(const struct pgn_game *g, const struct setup_tags *tags, struct position *pos,
			 struct finding_list *out);

/* The passes that run on a replayed record. */
void check_tags(const struct game_record *rec, struct finding_list *out);
void check_notation(const struct game_record *rec, struct finding_list *out);
void check_results(const struct game_record *rec, struct finding_list *out);
void check_claims(const struct game_record *rec, struct finding_list *out);

#endif
