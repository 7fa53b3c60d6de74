/*
 * zobrist.c - position identity keys (FIDE 9.2.2).
 *
 * Two positions are the same for repetition when the same player has the
 * move, the same pieces stand on the same squares and the possible moves are
 * the same.  The key therefore hashes the pieces, the side to move, the
 * castling *rights* (each rook square that still carries one: a right that is
 * blocked for now is still a right) and the en passant file only when an en
 * passant capture is legal right now (a pawn that just double-stepped past no
 * enemy pawn, or past one that is pinned, changes nothing).
 *
 * The random numbers come from splitmix64 with a fixed seed, so keys are the
 * same in every run and on every machine, and there is no table to paste.
 */
#include "validator/chess/movegen.h"
#include "validator/chess/position.h"
#include "validator/chess/zobrist.h"

uint64_t zobrist_piece[13][64];
uint64_t zobrist_castling[64];
uint64_t zobrist_ep_file[8];
uint64_t zobrist_black_to_move;

/* splitmix64: a full-period generator whose outputs are well mixed even for
 * a simple seed, which is all Zobrist hashing asks for. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void zobrist_init(void)
{
	uint64_t state = 0x70676E6175646974ULL; /* "pgnaudit" */

	for (int piece = 1; piece < 13; piece++)
		for (int sq = 0; sq < 64; sq++)
			zobrist_piece[piece][sq] = splitmix64(&state);
	for (int sq = 0; sq < 64; sq++)
		zobrist_castling[sq] = splitmix64(&state);
	for (int file = 0; file < 8; file++)
		zobrist_ep_file[file] = splitmix64(&state);
	zobrist_black_to_move = splitmix64(&state);
}

uint64_t position_key(const struct position *pos)
{
	uint64_t key = 0;
	bitboard rights = pos->castling_rooks;

	for (int sq = 0; sq < 64; sq++)
		key ^= zobrist_piece[pos->board[sq]][sq];
	if (pos->side_to_move == BLACK)
		key ^= zobrist_black_to_move;
	while (rights)
		key ^= zobrist_castling[pop_lsb(&rights)];
	if (ep_capture_legal(pos))
		key ^= zobrist_ep_file[FILE_OF(pos->ep_square)];
	return key;
}
