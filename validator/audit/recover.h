/*
 * recover.h - finding the move a scoresheet meant where what it says is
 * illegal, ambiguous or unreadable.
 *
 * Handwritten scoresheets carry recording errors: a wrong piece letter, a
 * file or rank off by one or misread (1/7, 3/8, 5/6, c/e, b/h), a missing or
 * extra x, a rank written from the other player's side of the board, an
 * origin left out, a ply not recorded, two plies written in each other's
 * place.  recover_move() tries each such explanation at the failing move
 * and keeps those under which the rest of the game replays; legality of the
 * *rest* of the game is the evidence, so a repair is only proposed when the
 * game says so.  The caller applies a repair only when it is the only one.
 *
 * The search is bounded: it runs only at a move that failed, tries at most
 * a few dozen spellings of that move plus every legal move of the position
 * (for a ply not recorded) and two reorderings, and replays the rest of the
 * game for each at most RECOVER_HORIZON plies; audit.c stops recovering
 * after RECOVER_MAX_REPAIRS repairs in one game.
 */
#ifndef PGNAUDIT_RECOVER_H
#define PGNAUDIT_RECOVER_H

#include <stddef.h>

#include "validator/audit/lang.h"
#include "validator/chess/position.h"
#include "validator/audit/record.h"

#define RECOVER_HORIZON 200
#define RECOVER_MIN_REACH 8
#define RECOVER_MAX_REPAIRS 16
#define RECOVER_MAX_FOUND 6

enum repair_kind {
	REPAIR_NONE,
	REPAIR_PIECE,       /* a wrong piece letter */
	REPAIR_SQUARE,      /* the destination's file or rank off by one or misread */
	REPAIR_ORIGIN,      /* the origin's file or rank wrong, or not needed */
	REPAIR_CAPTURE,     /* a pawn move with x missing or extra */
	REPAIR_SIDE,        /* the rank written as the other player counts it */
	REPAIR_AMBIGUOUS,   /* the origin left out where two pieces could go */
	REPAIR_SKIPPED,     /* a ply not recorded before this one */
	REPAIR_SWAPPED,     /* this ply and the next written in each other's place */
	REPAIR_REORDERED,   /* two moves of one player written in the wrong order */
};

/* One written move token of the main line. */
struct written {
	const char *text;
	size_t length;
};

/* An explanation: the plies to play instead of what was written. */
struct repair {
	enum repair_kind kind;
	move moves[3];
	int plies;        /* moves played: 1, 2 (skipped: inserted + written) or 3 */
	int consumed;     /* written tokens used up: 1, 2 or 3 */
	int order[3];     /* for each ply, which written token (0 = the failing one) it is; -1: inserted */
};

struct recovery {
	struct repair found[RECOVER_MAX_FOUND];
	int count;        /* kept in found[] */
	int total;        /* explanations found (may exceed RECOVER_MAX_FOUND) */
	int reach;        /* written tokens from the failing one on that the kept
			     explanations account for (those they use up and those
			     that then replay) */
	int horizon;      /* the most that was looked at: the rest of the main line,
			     at most RECOVER_HORIZON; reach == horizon when they
			     replay it all */
};

/* Searches explanations for written[at], which failed in `reading` from
 * `pos`; written[0..count) is the main line.  Fills out; returns out->total. */
int recover_move(enum lang reading, const struct position *pos, const struct written *written, int count, int at,
		 struct recovery *out);

/* How many of written[from..count) replay from pos, at most limit. */
int recover_reach(enum lang reading, const struct position *pos, const struct written *written, int count,
		  int from, int limit);

/* What a repair is, in words: "a wrong piece letter". */
const char *repair_kind_text(enum repair_kind kind);

/* The repair in export SAN from pos, the moves separated by spaces
 * ("Nd2", "h3 Nc6"). */
void repair_san(const struct repair *r, const struct position *pos, char *buf, size_t len);

/* The note `fix --recover` writes after a repaired ply (rec->plies[ply-1]
 * .repair != REPAIR_NONE): "23. Nd2 recorded as Nb2", "12. h3 not
 * recorded".  Returns 0 when the ply was not repaired. */
int record_repair_note(const struct game_record *rec, int ply, char *buf, size_t len);

#endif
