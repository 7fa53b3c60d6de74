/*
 * record.h - what the replay of one game leaves behind for the checks.
 *
 * audit.c replays the main line once and keeps, for every ply, the position
 * after it, the move, the token as written and its parsed form.  Every check
 * pass (tags, notation, results, claims) then reads this record instead of
 * replaying again, so a pass is a plain function of the record.  The arrays
 * are reused from game to game: no allocation per move once warm.
 */
#ifndef PGNAUDIT_RECORD_H
#define PGNAUDIT_RECORD_H

#include "validator/audit/finding.h"
#include "parser/pgn.h"
#include "parser/san.h"
#include "validator/audit/endings.h"
#include "validator/chess/position.h"
#include "validator/audit/citations.h"

struct ply_record {
	struct position after;            /* the position after this ply */
	bitboard pinned;                  /* the pieces of the side to move in `after`
					     pinned to its king (pinned_pieces) */
	move move;
	const struct pgn_token *token;    /* the move as written */
	const struct pgn_token *number;   /* the main-line move number written just before it, or NULL */
	struct san san;                   /* the token, parsed (in English, whatever the reading) */
	uint8_t repair;                   /* enum repair_kind (recover.h): 0 unless --recover changed it */
	uint8_t check;                    /* the side to move in `after` is in check */
	uint8_t stood;                    /* enum ply_stood: an illegal move played as it stood (--play-illegal) */
};

enum ply_stood {
	PLY_LEGAL,
	PLY_STOOD,           /* an illegal move played as it stood */
	PLY_ANSWERS_EXPOSED, /* the reply to one that left its king in check (the check is not its own) */
};

/* Why the replay stopped before the end of the main line. */
enum replay_stop {
	STOP_NONE,        /* every main-line move was replayed */
	STOP_NOT_STARTED, /* unsupported variant or unusable FEN: nothing replayed */
	STOP_UNREADABLE,  /* a token that is not a move (syntax) */
	STOP_ILLEGAL,     /* an illegal move */
	STOP_AMBIGUOUS,   /* an ambiguous move */
	STOP_GAME_OVER,   /* a move after checkmate or stalemate (no legal move exists) */
	STOP_TOO_LONG,    /* the main line has more than RECORD_MAX_PLIES plies */
	STOP_KING_CAPTURED, /* a move took the king an illegal move that stood left in check */
};

/* The record keeps a position per ply (about 200 bytes), so its length is
 * capped to keep memory bounded: 65,536 plies is 13 MB, and five times the
 * longest game the 2023 Laws allow (the 75-move rule ends any game within
 * about 11,800 plies).  The plies after it are not replayed. */
#define RECORD_MAX_PLIES 65536

#define RECORD_MAX_ENDINGS 8

struct game_record {
	const struct pgn_game *game;
	enum rules_edition rules;
	struct position start;
	struct ply_record *plies;         /* plies[0] is ply 1; plies[-1] holds the start
					     position as its `after` (record_restart) */
	uint64_t *keys;                   /* keys[ply]: record_position(rec, ply)->key, side by side
					     for the repetition scans (record_key) */
	int count, cap;                   /* plies; keys has cap + 1 */
	int *resets;                      /* the plies after which the halfmove clock is 0 (a capture
					     or pawn move), in order: reset_count of them; cap entries */
	int reset_count;
	enum replay_stop stop;
	const struct pgn_token *stop_token; /* the token the replay stopped at, or NULL */
	const struct pgn_token *termination; /* the main line's result token, or NULL */
	uint8_t reading;                  /* enum lang (lang.h): the notation the moves were read in */
	int repairs;                      /* plies that --recover repaired */
	/* --play-illegal: the illegal moves played as they stood, by colour,
	 * and the ply of each colour's first; the first ply of all (0: none),
	 * after which no position is a legal one. */
	int board_signal;                 /* the main line's last moves written, 0-2, that are an
					     electronic board's signal of the result (audit.c), left
					     out of the replay */
	int stood[2], stood_first[2];
	int illegal_since;
	/* What the Termination tag and the main line's comments say of how the
	 * game ended (find_recorded_endings), found once for all the checks. */
	struct recorded_ending endings[RECORD_MAX_ENDINGS];
	int ending_count;
};

/* The position after `ply` (0: the start position, as record_restart
 * left it in plies[-1]: no branch). */
static inline const struct position *record_position(const struct game_record *rec, int ply)
{
	return &rec->plies[ply - 1].after;
}

/* The FIDE 9.2.2 key of the position after `ply`, from an array of keys
 * alone: scanning for repetitions reads eight bytes a ply, not a record. */
static inline uint64_t record_key(const struct game_record *rec, int ply)
{
	return rec->keys[ply];
}

/* Appends a ply; the record grows geometrically and keeps its memory.  The
 * caller sets keys[rec->count] once the ply's position is made. */
struct ply_record *record_push(struct game_record *rec);
/* Empties the record for a replay from rec->start (its key noted, and
 * the position copied to plies[-1], whose check and pinned are left 0). */
void record_restart(struct game_record *rec);
void record_reset(struct game_record *rec, const struct pgn_game *g, enum rules_edition rules);
void record_free(struct game_record *rec);

/* The earlier plies (in increasing order, ply 0 = start) after which the same
 * position (FIDE 9.2.2: position_key) stood as after `ply`.  Only plies since
 * the last capture or pawn move can match.  Writes at most `max` of them into
 * `earlier` and returns how many there are in all. */
int record_earlier_occurrences(const struct game_record *rec, int ply, int *earlier, int max);

/* "23...Kg8" for a ply of the record (1-based), into buf. */
void record_move_label(const struct game_record *rec, int ply, char *buf, size_t len);

/* "after 34. Qxf7#", or "at the start" for ply 0, into buf. */
void record_where(const struct game_record *rec, int ply, char *buf, size_t len);

/* A finding about the move token t, played as ply `ply` from `before`:
 * location, ply, move number, side, move as written and the FEN before it. */
struct finding *move_finding(struct finding_list *out, enum check_code code, const struct pgn_game *g,
			     const struct pgn_token *t, const struct position *before, int ply);

/* A finding about a ply: location, ply, move number, side, move as written,
 * and the FEN before the move, filled in. */
struct finding *record_move_finding(const struct game_record *rec, int ply, enum check_code code,
				    struct finding_list *out);

/* A finding about the game as a whole, located at the termination marker (or
 * the last move, or the game's first line), with the final position's FEN. */
struct finding *record_game_finding(const struct game_record *rec, enum check_code code, struct finding_list *out);

#endif
