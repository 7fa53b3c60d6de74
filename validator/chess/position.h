/*
 * position.h - a chess position, moves, FEN and position identity.
 *
 * A position is plain data, cheap to copy (copy-make: make_move() changes it
 * in place; callers that need the old one keep a copy).  It supports standard
 * chess and Chess960: castling rights are stored as the set of rook squares
 * that still carry a right, and a castling move is encoded as "king takes own
 * rook" so that both variants share one code path.
 *
 * Position identity follows FIDE 9.2.2: position_key() hashes the pieces, the
 * side to move, the castling *rights* and the en passant square only when an
 * en passant capture is actually legal.  Two positions with equal keys are the
 * same position for threefold/fivefold repetition.
 */
#ifndef PGNAUDIT_POSITION_H
#define PGNAUDIT_POSITION_H

#include <stddef.h>
#include <stdint.h>

#include "validator/chess/bitboard.h"

/* A move: from (bits 0-5), to (6-11), promotion piece type (12-14, 0 = none,
 * else KNIGHT..QUEEN), kind (15-16).  For castling, `to` is the square of the
 * castling rook (the king's destination is derived).  0 is never a legal move.
 */
typedef uint32_t move;

enum move_kind { MOVE_NORMAL = 0, MOVE_CASTLE = 1, MOVE_EN_PASSANT = 2, MOVE_PROMOTION = 3 };

#define MOVE_NONE ((move)0)
#define MAKE_MOVE(from, to, promo, kind) \
	((move)(from) | ((move)(to) << 6) | ((move)(promo) << 12) | ((move)(kind) << 15))
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_PROMO(m) ((int)(((m) >> 12) & 7))
#define MOVE_KIND(m) ((int)(((m) >> 15) & 3))

/* Piece codes in position.board[]: 0 is empty, else 1 + type + 6 * color. */
#define PIECE_NONE 0
#define MAKE_PIECE(color, type) ((uint8_t)(1 + (type) + 6 * (color)))
#define PIECE_TYPE(p) (((p) - 1) % 6)
#define PIECE_COLOR(p) (((p) - 1) / 6)

struct position {
	bitboard by_color[2];
	bitboard by_type[PIECE_TYPE_NB];
	uint8_t board[64];
	uint8_t side_to_move;   /* enum color */
	uint8_t chess960;       /* castling written king-takes-rook in UCI, X-FEN */
	int8_t ep_square;       /* square behind a pawn that just made a double
	                           step, or SQUARE_NONE; set after every double
	                           step (see ep_capture_legal) */
	uint8_t ep_keyed;       /* key holds ep_square's file: an en passant
	                           capture was legal when it was set (make_move,
	                           fen_parse); 0 when ep_square is SQUARE_NONE */
	bitboard castling_rooks; /* rook squares that still carry a castling right */
	int halfmove_clock;     /* plies since the last capture or pawn move */
	int fullmove_number;
	uint64_t key;           /* position_key(), maintained by make_move() */
};

/* The standard starting position. */
void position_startpos(struct position *pos);

/* Parses a FEN (also X-FEN and Shredder-FEN castling fields).  Returns 0, or
 * -1 with a one-sentence reason in err (e.g. "rank 3 has 9 squares").
 * Rejects positions the move generator cannot handle: not exactly one king
 * per side, pawns on the first or last rank, the side not to move in check,
 * castling rights without king and rook on their squares.  chess960 selects
 * how ambiguous castling letters are read. */
int fen_parse(struct position *pos, const char *fen, int chess960, char *err, size_t errlen);

/* The same, but sets right two faults common in real files instead of
 * refusing them - a castling letter whose king or rook is not in place (the
 * right is dropped) and a fullmove number of 0 (read as 1) - and describes
 * what it set right in `repaired` ("" when nothing).  Everything else is
 * refused as by fen_parse().  Returns -1 when refused, else the
 * FEN_REPAIRED_* bits of what was set right (0: nothing). */
#define FEN_REPAIRED_CASTLING 1
#define FEN_REPAIRED_FULLMOVE 2
int fen_parse_repair(struct position *pos, const char *fen, int chess960, char *err, size_t errlen,
		     char *repaired, size_t repairedlen);

/* Writes the FEN of pos into buf (at least FEN_MAX bytes).  The en passant
 * field names a square only when an en passant capture is legal; castling
 * is written KQkq (Shredder letters in Chess960 when KQkq would be ambiguous). */
#define FEN_MAX 100
void fen_write(const struct position *pos, char *buf);

/* Writes n in decimal, as "%d" would, at buf (at most 11 bytes, no NUL);
 * returns how many bytes it wrote.  fen_write's clocks and record.c's move
 * labels, without the cost of printf. */
size_t write_decimal(int n, char *buf);

/* Plays a legal move. */
void make_move(struct position *pos, move m);

/* Is the side to move in check? */
int in_check(const struct position *pos);

/* Is the side not to move in check?  No legal move leaves a position so;
 * an illegal move that stood can (a move could then take a king). */
int mover_in_check(const struct position *pos);

/* Is an en passant capture legal in this position right now? */
int ep_capture_legal(const struct position *pos);

/* The FIDE 9.2.2 key, computed from scratch (make_move keeps pos->key equal
 * to this). */
uint64_t position_key(const struct position *pos);

/* The king's destination square of a castling move. */
int castle_king_to(move m);

/* The rook's destination square of a castling move (f or d file). */
int castle_rook_to(move m);

/* The square of the king of `color` (there is always exactly one). */
static inline int position_king_square(const struct position *pos, int color)
{
	return lsb(pos->by_color[color] & pos->by_type[KING]);
}

/* Every occupied square. */
static inline bitboard position_occupied(const struct position *pos)
{
	return pos->by_color[WHITE] | pos->by_color[BLACK];
}

/* Writes the move in UCI (e2e4, e7e8q; castling e1g1, or king-takes-rook
 * e1h1 when pos->chess960).  buf needs 6 bytes. */
void move_to_uci(const struct position *pos, move m, char *buf);

#endif
