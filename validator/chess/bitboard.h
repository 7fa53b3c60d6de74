/*
 * bitboard.h - squares, bitboards and attack tables.
 *
 * A bitboard is a 64-bit set of squares: bit 0 is a1, bit 7 is h1, bit 63 is
 * h8 (little-endian rank-file mapping, square = rank * 8 + file).  Attacks of
 * leaping pieces come from tables built once by attacks_init(); attacks of
 * sliding pieces are computed from the occupancy.  attacks_init() is
 * idempotent and thread-safe; every program and test calls it before anything
 * else in validator/.
 */
#ifndef PGNAUDIT_BITBOARD_H
#define PGNAUDIT_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bitboard;

enum color { WHITE = 0, BLACK = 1 };

enum piece_type { PAWN = 0, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

#define SQUARE_NONE (-1)
#define SQUARE(file, rank) ((rank) * 8 + (file))
#define FILE_OF(sq) ((sq) & 7)
#define RANK_OF(sq) ((sq) >> 3)
#define BIT(sq) ((bitboard)1 << (sq))

#define FILE_A_BB ((bitboard)0x0101010101010101ULL)
#define RANK_1_BB ((bitboard)0xFFULL)
#define FILE_BB(f) (FILE_A_BB << (f))
#define RANK_BB(r) (RANK_1_BB << (8 * (r)))

static inline int popcount(bitboard b) { return __builtin_popcountll(b); }
static inline int lsb(bitboard b) { return __builtin_ctzll(b); }
/* Removes and returns the lowest square of *b, which must not be empty. */
static inline int pop_lsb(bitboard *b)
{
	int sq = lsb(*b);
	*b &= *b - 1;
	return sq;
}

void attacks_init(void);

bitboard pawn_attacks(enum color c, int sq);
bitboard knight_attacks(int sq);
bitboard king_attacks(int sq);
bitboard bishop_attacks(int sq, bitboard occupied);
bitboard rook_attacks(int sq, bitboard occupied);
bitboard queen_attacks(int sq, bitboard occupied);
/* Bishop and rook attacks on an empty board (table lookups). */
bitboard bishop_rays(int sq);
bitboard rook_rays(int sq);
/* Where a piece of `type` (enum piece_type) could move from sq on an empty
 * board; 0 for a pawn.  One table lookup, no branch on the type. */
bitboard empty_board_reach(int type, int sq);
/* Squares strictly between a and b on a line, diagonal or nothing. */
bitboard between(int a, int b);
/* The whole line (rank, file or diagonal) through a and b, or 0. */
bitboard line_through(int a, int b);

#endif
