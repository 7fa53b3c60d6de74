/*
 * notation.h - moves as written, against a position.
 *
 * san_match() finds the legal move a parsed token (parser/san.h) stands for.
 * It does not generate every legal move: it asks the attack tables which
 * pieces could reach the destination and tests only those, which is both
 * faster and what lets it say *why* nothing matched (no such piece, the path
 * is blocked, the piece is pinned, the king would be in check, castling
 * rights are gone, ...), with the article of the Laws the move breaks.
 *
 * move_to_san() writes the export-format SAN of a legal move (PGN 8.2.3):
 * minimal disambiguation (file, else rank, else both), x, =Q, + and #.
 */
#ifndef PGNAUDIT_NOTATION_H
#define PGNAUDIT_NOTATION_H

#include "parser/san.h"
#include "validator/chess/position.h"

enum match_status { MATCH_OK, MATCH_ILLEGAL, MATCH_AMBIGUOUS };

#define MATCH_MAX_CANDIDATES 8
#define SAN_MAX 16

struct match_result {
	int status;                 /* enum match_status */
	move move;                  /* MATCH_OK: the move */
	const char *rule;           /* MATCH_ILLEGAL: the article broken */
	char reason[200];           /* MATCH_ILLEGAL: why, one sentence, no final period */
	move candidates[MATCH_MAX_CANDIDATES]; /* MATCH_AMBIGUOUS: the moves that fit */
	int candidate_count;
};

int san_match(const struct position *pos, const struct san *san, struct match_result *res);

/* san_match() when the caller knows whether the side to move is in check
 * (`check` 1 or 0; -1: not known).  The replay knows it from the ply before,
 * and a move that cannot open a line to an unchecked king is then legal
 * without a look for attackers; the result is the same. */
int san_match_known(const struct position *pos, int check, const struct san *san, struct match_result *res);

/* The one legal move a plain token names - a piece or king move without an
 * origin rank, a pawn advance, a pawn capture of a piece, castling out of
 * check - in a position whose side to move is in check or not as `check`
 * (1 or 0) says; MOVE_NONE for any other token, and when no move or more
 * than one fits (san_match then says what is wrong).  When it finds a
 * move, san_match finds the same one. */
move san_match_quick(const struct position *pos, const struct san *san, int check);
/* The same, with the side to move's pinned pieces known (pinned_pieces;
 * they are not looked at in check). */
move san_match_quick_pinned(const struct position *pos, const struct san *san, int check, bitboard pinned);

/* For a token san_match() found no legal move for: how many moves fit it
 * that obey how the pieces move but break only the rule of the king - they
 * leave or put the mover's king in check (FIDE 3.9), or castle out of,
 * through or into check, or without the right (3.8.2) with king and rook
 * where castling puts them from.  *found is the move when there is exactly
 * one, else MOVE_NONE.  What `--play-illegal` plays as it stood (7.5). */
int san_match_unlawful(const struct position *pos, const struct san *san, move *found);

/* Export SAN of a legal move into buf (SAN_MAX bytes), with + or #. */
void move_to_san(const struct position *pos, move m, char *buf);

/* The other pieces of the mover's kind that could legally go to the same
 * square as the legal piece move m - the pieces SAN must tell it from (FIDE
 * C.11, PGN 8.2.3.4).  A rival that could get there on an empty path but not
 * legally (pinned, or its king in check) is not one; those are put in
 * *illegal when illegal is not NULL.  Pawn moves and castling have none. */
bitboard move_rivals(const struct position *pos, move m, bitboard *illegal);

/* How much of the origin square export SAN adds to m: none, the file, else
 * the rank, else both - what move_to_san() writes. */
enum disambiguation { DISAMBIGUATE_NONE, DISAMBIGUATE_FILE, DISAMBIGUATE_RANK, DISAMBIGUATE_SQUARE };
enum disambiguation move_disambiguation(const struct position *pos, move m);

#endif
