/*
 * movegen.h - legal move generation and perft.
 *
 * generate_legal() produces exactly the legal moves (castling through or out
 * of check, pinned pieces and en passant discovered checks excluded).
 * move_is_legal() decides one pseudo-legal move without generating the rest;
 * the SAN matcher uses it to test only the few candidates that fit a token.
 */
#ifndef PGNAUDIT_MOVEGEN_H
#define PGNAUDIT_MOVEGEN_H

#include <stdint.h>

#include "validator/chess/position.h"

#define MAX_MOVES 256

struct move_list {
	move moves[MAX_MOVES];
	int count;
};

void generate_legal(const struct position *pos, struct move_list *list);

/* Moves that obey how the pieces move but may leave the own king in check
 * (castling included only when rights, path emptiness and non-attacked king
 * squares all hold). */
void generate_pseudo_legal(const struct position *pos, struct move_list *list);

/* For a move from generate_pseudo_legal(): does it leave the king safe? */
int move_is_legal(const struct position *pos, move m);

/* move_is_legal() for a position whose side to move the caller knows is not
 * in check.  Then a move of another piece than the king opens a line to the
 * king only from a square between the king and an enemy slider on that
 * line; a move from any other square is legal without a look for attackers
 * (most moves of a game). */
int move_is_legal_unchecked(const struct position *pos, move m);

/* What a legal position's side to move must know before it moves, in one
 * pass over the enemy sliders on lines from its king: whether it is in check
 * (in_check), returned, and its pinned pieces, into *pinned - those that
 * alone stand between its king and an enemy slider: out of check, every
 * other piece but the king moves without exposing it (en passant aside).
 * The replay asks it once a ply, for the position the ply made. */
int check_and_pins(const struct position *pos, bitboard *pinned);

/* check_and_pins' pinned pieces alone. */
bitboard pinned_pieces(const struct position *pos);

/* The set of pieces of `by` attacking sq, with the given occupancy. */
bitboard attackers_to(const struct position *pos, int sq, enum color by, bitboard occupied);

/* Leaf nodes of the legal move tree to depth. */
uint64_t perft(const struct position *pos, int depth);

#endif
