/*
 * audit.h - replaying a game's main line and turning what goes wrong into
 * findings.
 *
 * audit_game() is the one pass both `check` and `replay` use: it sets up the
 * start position (standard, FEN tag, Chess960), plays every main-line move
 * through the rules core into a game_record (record.h), and calls back after
 * each ply so that `replay` can print positions while `check` collects
 * findings.  Then the check passes (tags, notation, results, claims) read the
 * record.  Variations are parsed by the reader but not replayed here.
 */
#ifndef PGNAUDIT_AUDIT_H
#define PGNAUDIT_AUDIT_H

#include "finding.h"
#include "parser/pgn.h"
#include "position.h"
#include "record.h"
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

/* One auditor per thread: it owns the buffers reused from game to game. */
struct auditor {
	struct audit_options opt;
	struct game_record record;
};

void auditor_init(struct auditor *a, const struct audit_options *opt);
void auditor_free(struct auditor *a);

/* Audits g: appends its findings to out, in file order (the caller empties
 * it between games), and calls cb (may be NULL) for the start position and
 * every ply replayed.  Afterwards a->record holds the replay. */
void audit_game(struct auditor *a, const struct pgn_game *g, struct finding_list *out, replay_callback cb,
		void *ctx);

#endif
