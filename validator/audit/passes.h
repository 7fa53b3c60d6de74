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
#include "validator/audit/lang.h"
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

/* A move inside a variation, for the checks that report on it: where it
 * is, for people ("in the variation 12... Nf6 (13. e5 ...)") and for
 * scripts (finding.variation), and its ply along its own line. */
struct variation_site {
	/* Writes "in the variation ..." into buf; asked only for a finding
	 * (writing it for every move played took 12% of an annotated file's
	 * time).  current: the move's label, when its variation has no move
	 * played yet. */
	void (*describe)(const void *walk, int depth, const char *current, char *buf, size_t len);
	const void *walk;
	const char *current;
	int depth;
	const uint32_t *path;
	int ply;
};

/* Marks f as a finding inside the variation at site, its message put after
 * "in the variation ...: ", at severity `severity`. */
void variation_finding(struct finding *f, const struct variation_site *site, enum severity severity);

/* The notation checks of check_notation for one variation move, legal,
 * played from before to after. */
void check_variation_notation(const struct game_record *rec, const struct pgn_token *t, const struct san *san,
			      const struct position *before, const struct position *after, move m, int check,
			      const struct variation_site *site, struct finding_list *out);

/* Every variation of the game, at any depth up to VARIATION_PATH_MAX,
 * replayed from the position before the move it replaces, in the reading
 * the main line was read in (check_variations.c): illegal, ambiguous and
 * unreadable moves as warnings, each stopping its variation only, and the
 * notation checks on the moves played.  cb, when not NULL, is given every
 * move played, after the main line's. */
struct replay_step;
void check_variations(const struct game_record *rec, void (*cb)(void *ctx, const struct replay_step *step), void *ctx,
		      struct finding_list *out);

/* The finding for a move that could not be read as written (audit.c):
 * syntax, illegal-move or ambiguous-move; `then` ends the message. */
struct move_reading;
struct finding *report_move_failure(const struct pgn_game *g, const struct pgn_token *t, const struct position *pos,
				    int ply, const struct move_reading *r, const char *then, struct finding_list *out);

/* The passes that run on a replayed record. */
void check_tags(const struct game_record *rec, struct finding_list *out);
void check_notation(const struct game_record *rec, struct finding_list *out);
void check_results(const struct game_record *rec, struct finding_list *out);
void check_claims(const struct game_record *rec, struct finding_list *out);
/* The clocks of the main line's comments (check_clocks.c). */
void check_clocks(const struct game_record *rec, struct finding_list *out);

/* A game's result (check_results.c): the termination marker, else the
 * Result tag; OUTCOME_NONE when neither is a result. */
enum outcome { OUTCOME_NONE, OUTCOME_WHITE_WINS, OUTCOME_BLACK_WINS, OUTCOME_DRAW, OUTCOME_UNFINISHED };
enum outcome game_outcome(const struct game_record *rec);
/* "1-0", "0-1", "1/2-1/2", "*" ("" for OUTCOME_NONE). */
const char *outcome_name(enum outcome o);
/* Whether the side to move has a legal move (check_results.c). */
int has_legal_move(const struct position *pos);

#endif
