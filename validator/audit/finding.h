/*
 * finding.h - what the audit says about a game: plain data for any report.
 *
 * The catalogue (finding.c) is the one place that names every check: its
 * stable code, its default severity and a one-line summary.  A finding
 * carries everything a report prints; texts that point into the game (the
 * move as written) stay valid while that game is held.
 */
#ifndef PGNAUDIT_FINDING_H
#define PGNAUDIT_FINDING_H

#include <stdint.h>

#include "validator/chess/position.h"

/* In the order of the catalogue, docs/CATALOGUE.md (tests/catalogue.sh holds
 * finding.c to it). */
enum check_code {
	/* reading the file */
	CHECK_SYNTAX,
	CHECK_UNTERMINATED_COMMENT,
	CHECK_UNBALANCED_VARIATION,
	CHECK_MISSING_RESULT,
	CHECK_MOVE_NUMBER,
	CHECK_ENCODING,
	CHECK_UNSUPPORTED_VARIANT,
	/* tags */
	CHECK_MISSING_TAG,
	CHECK_TAG_FORMAT,
	CHECK_DUPLICATE_TAG,
	CHECK_RESULT_MISMATCH,
	CHECK_BAD_FEN,
	CHECK_PLYCOUNT_MISMATCH,
	/* moves */
	CHECK_ILLEGAL_MOVE,
	CHECK_AMBIGUOUS_MOVE,
	CHECK_MOVE_AFTER_END,
	CHECK_REPEATED_ILLEGAL_MOVE,
	CHECK_KING_LEFT_IN_CHECK,
	CHECK_KING_CAPTURED,
	CHECK_BOARD_SIGNAL,
	/* notation */
	CHECK_REDUNDANT_DISAMBIGUATION,
	CHECK_CAPTURE_MARK,
	CHECK_CHECK_MARK,
	CHECK_MATE_MARK,
	CHECK_CASTLING_NOTATION,
	CHECK_NONSTANDARD_NOTATION,
	/* results */
	CHECK_WRONG_RESULT,
	CHECK_UNWINNABLE_TIMEOUT,
	CHECK_TERMINATION_MISMATCH,
	CHECK_AUTOMATIC_DRAW,
	/* draw claims */
	CHECK_INVALID_CLAIM,
	CHECK_MISSED_THREEFOLD,
	CHECK_MISSED_FIFTY_MOVE,
	/* clocks */
	CHECK_CLOCK_FORMAT,
	CHECK_CLOCK_START,
	CHECK_CLOCK_RISE,
	CHECK_CLOCK_EMT,
	CHECK_CLOCK_MISSING,
	CHECK_CLOCK_FLAG,
	CHECK_FORFEIT_CLOCK,
	CHECK_GAME_IN_VARIATION,
	/* the collection: copies of one game */
	CHECK_DUPLICATE_GAME,
	CHECK_TWIN_GAME,
	CHECK_TRUNCATED_GAME,
	CHECK_BOARD_COPY,
	/* the tournament behind the games */
	CHECK_PAIRED_TWICE,
	CHECK_SELF_PAIRED,
	CHECK_BOARD_TWICE,
	CHECK_DATE_OUTSIDE_EVENT,
	CHECK_ROUND_GAP,
	CHECK_NAME_VARIANT,
	CHECK_FIDE_ID_CONFLICT,
	CHECK_UNMARKED_FORFEIT,
	CHECK_UNPLAYED_WITH_MOVES,
	CHECK_UNFINISHED_IN_ROUND,
	/* against the pairings (--trf) */
	CHECK_PAIRING_WITHOUT_GAME,
	CHECK_GAME_WITHOUT_PAIRING,
	CHECK_PAIRING_MISMATCH,
	CHECK_FORFEIT_WITH_GAME,
	CHECK_PAIRING_NAME_MISMATCH,
	CHECK_COUNT
};

/* The codes from here on are found over the whole run (validator/collection). */
#define CHECK_FIRST_COLLECTION CHECK_DUPLICATE_GAME

enum severity { SEVERITY_ERROR, SEVERITY_WARNING, SEVERITY_INFO };
#define SEVERITY_COUNT 3

struct check_info {
	const char *code;      /* stable, lower-case, hyphenated */
	enum severity severity; /* the default */
	const char *summary;
	struct {               /* the other severities it can come at, and when */
		enum severity severity;
		const char *when;  /* NULL: none (more) */
	} also[2];
};

extern const struct check_info check_catalogue[CHECK_COUNT];

/* The catalogue index of a code name, or -1. */
int check_code_from_name(const char *name, int len);
const char *severity_name(enum severity s);

/* Variations replayed and reported on at most this deep (LIMITS). */
#define VARIATION_PATH_MAX 32

struct finding {
	enum check_code code;
	enum severity severity;
	uint64_t line;             /* 0 when the finding concerns the whole game */
	uint32_t column;           /* (while the passes run, line holds a token's
				      low 32 bits; audit_game makes it whole) */
	int ply;                   /* 0 when not about a move */
	int move_number;
	int side;                  /* enum color of the mover, -1 when not about a move */
	const char *san;           /* the move as written, or NULL */
	const char *rule;
	char message[320];
	char fen[FEN_MAX];         /* "" when no position applies */
	char suggestion[64];       /* "" when none */
	/* Inside a variation (variation_depth > 0): for each variation that
	 * encloses the move, outermost first, the ply of the move it
	 * replaces, counted from the game's start along the line around it;
	 * ply is then counted along the variation's own line. */
	int variation_depth;
	uint32_t variation[VARIATION_PATH_MAX];
	/* 0; else the ply of the first illegal move that stood before the
	 * position of the finding (--play-illegal): that position, and the
	 * fen, are not a legal one. */
	int illegal_since;
	/* The collection checks: the other game a finding names (the one
	 * kept of a copy, the other game of a round); other_game 0: none. */
	const char *other_file;
	long other_game;
	uint64_t other_line;
};

/* A growable list reused from game to game (no allocation once warm). */
struct finding_list {
	struct finding *items;
	int count, cap;
};

/* A new finding at the end of the list, zeroed but for side = -1.  Running
 * out of memory ends the program (exit status 2) with a message. */
struct finding *finding_add(struct finding_list *list, enum check_code code);
void finding_list_free(struct finding_list *list);

#endif
