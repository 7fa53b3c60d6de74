/*
 * zobrist.h - the random numbers behind position_key(), for validator/ only.
 *
 * A position's key is the xor of one 64-bit number per feature (a piece on a
 * square, black to move, a castling right on a rook square, a legal en
 * passant file).  make_move() keeps the key up to date by xoring features in
 * and out, so it needs the numbers themselves; nothing outside validator/
 * should, which is why they are not in position.h.
 */
#ifndef PGNAUDIT_ZOBRIST_H
#define PGNAUDIT_ZOBRIST_H

#include <stdint.h>

/* Index 0 (PIECE_NONE) is all zero so that empty squares hash to nothing. */
extern uint64_t zobrist_piece[13][64];
extern uint64_t zobrist_castling[64];
extern uint64_t zobrist_ep_file[8];
extern uint64_t zobrist_black_to_move;

/* Called once by attacks_init(). */
void zobrist_init(void);

#endif
