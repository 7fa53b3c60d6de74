/*
 * audit.h - replaying a game's main line and turning what goes wrong into
 * findings.
 *
 * audit_game() is the one pass both `check` and `replay` use: it sets up the
 * start position (standard, FEN tag, Chess960), plays every main-line move
 * through the rules core, and calls back after each ply so that `replay` can
 * print positions while `check` only collects findings.  Variations are
 * parsed by the reader but not replayed here.
 */
#ifndef PGNAUDIT_AUDIT_H
#define PGNAUDIT_AUDIT_H

#include "finding.h"
#include "parser/pgn.h"
#include "position.h"
#include "rules.h"

struct audit_options {
	enum rules_edition rules;
};

/* One ply of the main line, as audit_game() reports it to its callback. */
struct replay_step {
	int ply;                        /* 0 for the start position */
	const struct pgn_token *token;  /* the move as written; NULL at ply 0 */
	move move;                      /* MOVE_NONE at ply 0 */
	const struct position *before;  /* NULL at ply 0 */
	const struct position *after;
};

typedef void (*replay_callback)(void *ctx, const struct replay_step *step);

/* What the audit learned about the game besides its findings. */
struct audit_summary {
	int replayed;      /* the start position could be set up and the variant is supported */
	int complete;      /* every main-line move was replayed */
	int plies;         /* plies replayed */
};

/* Audits g: appends its findings to out (which the caller empties between
 * games) and calls cb (may be NULL) for the start position and every ply. */
void audit_game(const struct pgn_game *g, const struct audit_options *opt, struct finding_list *out,
		replay_callback cb, void *ctx, struct audit_summary *summary);

#endif
