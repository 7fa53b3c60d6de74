/*
 * attacks.c - attack tables and square geometry.
 *
 * Pawns, knights and kings always attack the same squares from a given
 * square, so their attacks are tabled once.  Sliding pieces use the
 * "classical" ray approach: for each of the eight directions a table holds
 * the whole ray from a square to the board edge; the first blocker on the ray
 * is found with one bit scan, and the part of the ray behind it is cut off by
 * xoring the blocker's own ray.  A sentinel bit at the far corner of the board
 * (whose ray in that direction is empty) makes the scan branch-free.  This
 * needs no magic numbers and is fast enough for perft at tens of millions of
 * nodes per second.
 *
 * between() and line_through() are tabled from the same rays; the move
 * generator uses them for pins and check evasions.
 *
 * Everything is built by attacks_init() under pthread_once, so concurrent
 * first calls are safe and later calls cost nothing.  The Zobrist keys are
 * built by the same once-only initialisation, since every program calls
 * attacks_init() before anything else in validator/.
 */
#include <pthread.h>

#include "validator/chess/bitboard.h"
#include "validator/chess/zobrist.h"

/* Ray directions.  The first four step to higher square numbers, the last
 * four to lower ones; the scan for the first blocker differs between them. */
enum direction { NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_WEST, SOUTH_EAST, DIRECTION_NB };

static const int step_file[DIRECTION_NB] = { 0, 1, 1, -1, 0, -1, -1, 1 };
static const int step_rank[DIRECTION_NB] = { 1, 0, 1, 1, -1, 0, -1, -1 };

static bitboard ray[DIRECTION_NB][64];
static bitboard pawn_table[2][64];
static bitboard knight_table[64];
static bitboard king_table[64];
static bitboard between_table[64][64];
static bitboard line_table[64][64];

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static int on_board(int file, int rank)
{
	return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The squares reached from sq by each (file, rank) offset, ignoring those
 * that fall off the board. */
static bitboard leaper(int sq, const int (*offsets)[2], int count)
{
	bitboard result = 0;

	for (int i = 0; i < count; i++) {
		int file = FILE_OF(sq) + offsets[i][0];
		int rank = RANK_OF(sq) + offsets[i][1];
		if (on_board(file, rank))
			result |= BIT(SQUARE(file, rank));
	}
	return result;
}

static void init_leapers(void)
{
	static const int knight_offsets[8][2] = {
		{ 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
	};
	static const int king_offsets[8][2] = {
		{ 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 },
	};
	static const int white_pawn_offsets[2][2] = { { -1, 1 }, { 1, 1 } };
	static const int black_pawn_offsets[2][2] = { { -1, -1 }, { 1, -1 } };

	for (int sq = 0; sq < 64; sq++) {
		knight_table[sq] = leaper(sq, knight_offsets, 8);
		king_table[sq] = leaper(sq, king_offsets, 8);
		pawn_table[WHITE][sq] = leaper(sq, white_pawn_offsets, 2);
		pawn_table[BLACK][sq] = leaper(sq, black_pawn_offsets, 2);
	}
}

/* Walks every ray once; on the way, the squares passed from `from` to each
 * square on the ray are exactly between(from, that square), and the line
 * through both is the ray plus its opposite ray plus `from` itself. */
static void init_rays_and_lines(void)
{
	for (int from = 0; from < 64; from++) {
		for (int dir = 0; dir < DIRECTION_NB; dir++) {
			int file = FILE_OF(from) + step_file[dir];
			int rank = RANK_OF(from) + step_rank[dir];
			bitboard passed = 0;
			for (; on_board(file, rank); file += step_file[dir], rank += step_rank[dir]) {
				int to = SQUARE(file, rank);
				between_table[from][to] = passed;
				passed |= BIT(to);
			}
			ray[dir][from] = passed;
		}
	}
	for (int from = 0; from < 64; from++) {
		for (int dir = 0; dir < DIRECTION_NB; dir++) {
			int opposite = (dir + 4) % DIRECTION_NB;
			bitboard line = ray[dir][from] | ray[opposite][from] | BIT(from);
			bitboard on_ray = ray[dir][from];
			while (on_ray)
				line_table[from][pop_lsb(&on_ray)] = line;
		}
	}
}

static bitboard bishop_ray_table[64];
static bitboard rook_ray_table[64];
static bitboard reach_table[PIECE_TYPE_NB][64];

static void init_empty_board_rays(void)
{
	for (int sq = 0; sq < 64; sq++) {
		bishop_ray_table[sq] = bishop_attacks(sq, 0);
		rook_ray_table[sq] = rook_attacks(sq, 0);
		reach_table[KNIGHT][sq] = knight_table[sq];
		reach_table[BISHOP][sq] = bishop_ray_table[sq];
		reach_table[ROOK][sq] = rook_ray_table[sq];
		reach_table[QUEEN][sq] = bishop_ray_table[sq] | rook_ray_table[sq];
		reach_table[KING][sq] = king_table[sq];
	}
}

static void init_everything(void)
{
	init_leapers();
	init_rays_and_lines();
	init_empty_board_rays();
	zobrist_init();
}

bitboard bishop_rays(int sq)
{
	return bishop_ray_table[sq];
}

bitboard rook_rays(int sq)
{
	return rook_ray_table[sq];
}

bitboard empty_board_reach(int type, int sq)
{
	return reach_table[type][sq];
}

void attacks_init(void)
{
	pthread_once(&init_once, init_everything);
}

/* Attacks along a ray that steps to higher squares: the lowest blocker ends
 * it.  Square 63 is the sentinel: no such ray starts there. */
static inline bitboard ray_up(int dir, int sq, bitboard occupied)
{
	bitboard attacks = ray[dir][sq];
	int blocker = lsb((attacks & occupied) | BIT(63));
	return attacks ^ ray[dir][blocker];
}

/* Attacks along a ray that steps to lower squares: the highest blocker ends
 * it.  Square 0 is the sentinel. */
static inline bitboard ray_down(int dir, int sq, bitboard occupied)
{
	bitboard attacks = ray[dir][sq];
	int blocker = 63 - __builtin_clzll((attacks & occupied) | 1);
	return attacks ^ ray[dir][blocker];
}

bitboard pawn_attacks(enum color c, int sq)
{
	return pawn_table[c][sq];
}

bitboard knight_attacks(int sq)
{
	return knight_table[sq];
}

bitboard king_attacks(int sq)
{
	return king_table[sq];
}

bitboard bishop_attacks(int sq, bitboard occupied)
{
	return ray_up(NORTH_EAST, sq, occupied) | ray_up(NORTH_WEST, sq, occupied)
	     | ray_down(SOUTH_WEST, sq, occupied) | ray_down(SOUTH_EAST, sq, occupied);
}

bitboard rook_attacks(int sq, bitboard occupied)
{
	return ray_up(NORTH, sq, occupied) | ray_up(EAST, sq, occupied)
	     | ray_down(SOUTH, sq, occupied) | ray_down(WEST, sq, occupied);
}

bitboard queen_attacks(int sq, bitboard occupied)
{
	return bishop_attacks(sq, occupied) | rook_attacks(sq, occupied);
}

bitboard between(int a, int b)
{
	return between_table[a][b];
}

bitboard line_through(int a, int b)
{
	return line_table[a][b];
}
