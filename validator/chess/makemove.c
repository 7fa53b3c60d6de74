/*
 * makemove.c - playing a move on a position (copy-make).
 *
 * make_move() changes the position in place; a caller that wants the old
 * one keeps a copy, which is cheap because a position is plain data.  The
 * key is updated feature by feature (see zobrist.c) instead of recomputed,
 * so that replaying a game costs a few xors per move.  The en passant file
 * is part of the key only while an en passant capture is legal, so it is
 * xored out before the move if it was in, and in after the move if the new
 * double step allows a legal capture.
 */
#include "validator/chess/movegen.h"
#include "validator/chess/position.h"
#include "validator/chess/zobrist.h"

/* PIECE_TYPE and PIECE_COLOR of every piece code, without the divisions. */
static const uint8_t type_of[13] = { 0, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING,
				     PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
static const uint8_t color_of[13] = { 0, WHITE, WHITE, WHITE, WHITE, WHITE, WHITE,
				      BLACK, BLACK, BLACK, BLACK, BLACK, BLACK };

static inline void remove_piece(struct position *pos, int sq)
{
	int piece = pos->board[sq];

	pos->by_color[color_of[piece]] ^= BIT(sq);
	pos->by_type[type_of[piece]] ^= BIT(sq);
	pos->board[sq] = PIECE_NONE;
	pos->key ^= zobrist_piece[piece][sq];
}

static inline void put_piece(struct position *pos, int piece, int sq)
{
	pos->by_color[color_of[piece]] |= BIT(sq);
	pos->by_type[type_of[piece]] |= BIT(sq);
	pos->board[sq] = (uint8_t)piece;
	pos->key ^= zobrist_piece[piece][sq];
}

/* King and rook both leave before either lands: in Chess960 one may land
 * where the other stood. */
static void play_castling(struct position *pos, move m)
{
	int king = pos->board[MOVE_FROM(m)], rook = pos->board[MOVE_TO(m)];

	remove_piece(pos, MOVE_FROM(m));
	remove_piece(pos, MOVE_TO(m));
	put_piece(pos, king, castle_king_to(m));
	put_piece(pos, rook, castle_rook_to(m));
}

/* Every move but castling: clear the destination (and the pawn taken en
 * passant), then move the piece, promoting it if asked.  A plain move
 * flips both squares in the piece's bitboards at once. */
static inline void play_ordinary(struct position *pos, move m, int moved_type)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int piece = pos->board[from];

	if (pos->board[to] != PIECE_NONE) {
		remove_piece(pos, to);
		pos->halfmove_clock = 0;
	}
	if (moved_type == PAWN) {
		pos->halfmove_clock = 0;
		if (MOVE_KIND(m) == MOVE_EN_PASSANT)
			remove_piece(pos, to + (pos->side_to_move == WHITE ? -8 : 8));
		if (MOVE_KIND(m) == MOVE_PROMOTION) {
			remove_piece(pos, from);
			put_piece(pos, MAKE_PIECE(pos->side_to_move, MOVE_PROMO(m)), to);
			return;
		}
	}
	bitboard both = BIT(from) | BIT(to);
	pos->by_color[color_of[piece]] ^= both;
	pos->by_type[moved_type] ^= both;
	pos->board[from] = PIECE_NONE;
	pos->board[to] = (uint8_t)piece;
	pos->key ^= zobrist_piece[piece][from] ^ zobrist_piece[piece][to];
}

/* A right is lost when its rook leaves or is captured on its square, and
 * both of a side's rights when its king moves (castling included). */
static inline void update_castling_rights(struct position *pos, move m, int moved_type)
{
	bitboard before = pos->castling_rooks;
	bitboard lost;

	if (!before)
		return;
	pos->castling_rooks &= ~(BIT(MOVE_FROM(m)) | BIT(MOVE_TO(m)));
	if (moved_type == KING)
		pos->castling_rooks &= ~RANK_BB(pos->side_to_move == WHITE ? 0 : 7);
	lost = before ^ pos->castling_rooks;
	while (lost)
		pos->key ^= zobrist_castling[pop_lsb(&lost)];
}

void make_move(struct position *pos, move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int moved_type = type_of[pos->board[from]];

	/* Whether the file is in the key was settled when the square was
	 * set: not asked again. */
	if (pos->ep_keyed)
		pos->key ^= zobrist_ep_file[FILE_OF(pos->ep_square)];
	pos->ep_square = SQUARE_NONE;
	pos->ep_keyed = 0;
	pos->halfmove_clock++;

	update_castling_rights(pos, m, moved_type);
	if (MOVE_KIND(m) == MOVE_CASTLE)
		play_castling(pos, m);
	else
		play_ordinary(pos, m, moved_type);

	if (pos->side_to_move == BLACK)
		pos->fullmove_number++;
	pos->side_to_move = (uint8_t)!pos->side_to_move;
	pos->key ^= zobrist_black_to_move;
	if (moved_type == PAWN && (to - from == 16 || from - to == 16)) {
		pos->ep_square = (int8_t)((from + to) / 2);
		if (ep_capture_legal(pos)) {
			pos->key ^= zobrist_ep_file[FILE_OF(pos->ep_square)];
			pos->ep_keyed = 1;
		}
	}
}
