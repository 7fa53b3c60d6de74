/*
 * audit.h - replaying a game's main line and turning what goes wrong into
 * findings.
 *
 * audit_game() is the one pass every command that reads games uses - `check`
 * (one thread or -j N), `replay`, `fix` and `split`: it sets up the start
 * position (standard, FEN tag, Chess960), plays every main-line move through
 * the rules core into a game_record (record.h), and calls back after each
 * ply, so that `replay` can print positions and `fix` note which token each
 * ply was read from, while `check` and `split` use the findings.  Then the
 * check passes (tags, notation, results, claims; passes.h) read the record.
 * Variations are parsed by the reader but not replayed here: variations.h
 * walks them (fix uses it to write them anew).
 */
#ifndef PGNAUDIT_AUDIT_H
#define PGNAUDIT_AUDIT_H

#include "validator/audit/finding.h"
#include "parser/pgn.h"
#include "validator/chess/position.h"
#include "validator/audit/record.h"
#include "validator/audit/citations.h"

/* Standard play, or rapid (FIDE Appendix A) or blitz (B) without the
 * supervision under which the standard rules apply (A.3, B.3); by the
 * TimeControl tag by default (standard when it says nothing). */
enum time_class { TIME_CLASS_BY_TAG, TIME_CLASS_STANDARD, TIME_CLASS_RAPID, TIME_CLASS_BLITZ };

struct audit_options {
	enum rules_edition rules;
	unsigned langs;   /* readings to try (LANG_MASK bits, lang.h); 0: English only */
	int recover;      /* search recording errors at a failing move (recover.h) */
	int replay_variations; /* the callback is given the variations' moves too */
	int play_illegal; /* play an illegal move that stood and go on (FIDE 7.5; san_match_unlawful) */
	int time_class;   /* enum time_class: whose rules an illegal move that stood falls under */
};

/* One ply of the main line, as audit_game() reports it to its callback. */
struct replay_step {
	int ply;                        /* 0 for the start position */
	const struct pgn_token *token;  /* the move as written; NULL at ply 0 */
	move move;                      /* MOVE_NONE at ply 0 */
	const struct position *before;  /* NULL at ply 0 */
	const struct position *after;
	int repair;                     /* enum repair_kind: REPAIR_SKIPPED is a ply not written (token: the move after it) */
	int depth;                      /* 0 on the main line; in a variation, its depth, */
	const uint32_t *path;           /* and the plies its enclosing variations replace (finding.variation) */
};

typedef void (*replay_callback)(void *ctx, const struct replay_step *step);

/* One auditor per thread: it owns the buffers reused from game to game. */
struct line_token;
struct written;

struct auditor {
	struct audit_options opt;
	struct game_record record;
	/* The main line's move tokens, and those a reading reads (fillers such
	 * as Arabic move numbers left out); reused from game to game. */
	struct line_token *line;
	struct written *written;
	int *written_line;
	move *first_moves;               /* the first reading that replayed the whole game */
	int line_count, line_cap;
	int fillers;                     /* how many of line are fillers */
	int written_count, written_cap;
	int written_skips_fillers;       /* written leaves the fillers out */
	int line_collected;              /* line and written hold this game's main line (main_line()) */
	int first_cap;
};

void auditor_init(struct auditor *a, const struct audit_options *opt);
void auditor_free(struct auditor *a);

/* Audits g: appends its findings to out, in file order (the caller empties
 * it between games), and calls cb (may be NULL) for the start position and
 * every ply replayed.  Afterwards a->record holds the replay. */
void audit_game(struct auditor *a, const struct pgn_game *g, struct finding_list *out, replay_callback cb,
		void *ctx);

/*
 * For `fix`: the game as it was read.  Set opt.langs (lang_parse_list())
 * and opt.recover as for check, run audit_game(), then:
 *
 *   a->record.reading       the notation chosen (enum lang); LANG_EN unless
 *                           the game only replays in another one
 *   a->record.stop          STOP_NONE when every written move was read
 *   a->record.plies[i]      ply i + 1: .move, and .repair != REPAIR_NONE
 *                           where --recover changed what was written
 *
 * The export SAN of ply p is move_to_san(record_position(rec, p - 1),
 * rec->plies[p - 1].move, buf), whatever the notation; the comment to write
 * after a repaired ply is record_repair_note(rec, p, buf, len) (recover.h):
 * "23. Nd2 recorded as Nb2", "12. h3 not recorded".  The callback of
 * audit_game() sees the same plies, in order, once the reading is chosen
 * (replay_step.repair).  .token is the token a ply was read from: for a ply
 * not recorded, the written move after it; for plies out of order, each its
 * own token, so tokens are not in file order there - write the movetext
 * from the plies, not from the tokens.
 */
const char *audit_chosen_reading(const struct auditor *a);

/* The clocks of the game audit_game last replayed, for check --clocks: for
 * each ply of its main line with a readable [%clk] in its comments (the
 * first), the ply (1-based) and the time in milliseconds, at most `most`
 * of them (the plies replayed suffice); returns how many. */
int clock_readings(const struct game_record *rec, int *ply, int64_t *ms, int most);

#endif
