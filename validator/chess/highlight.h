/*
 * highlight.h - the squares a move written in a game concerns, for a
 * diagram of the position before it.
 *
 * A report draws the position of a finding and marks the move it is about.
 * For a legal move that is its origin and destination (the king's for
 * castling); for an illegal one what the text names - the destination, and
 * the origin when it is written in full; for an ambiguous one the
 * destination and every piece that could go there; for castling that is not
 * legal, the king.
 */
#ifndef PGNAUDIT_HIGHLIGHT_H
#define PGNAUDIT_HIGHLIGHT_H

#include "validator/chess/bitboard.h"

/* The squares of the move `san` (as written) in the position `fen` (before
 * the move), or 0 when the FEN or the move cannot be read. */
bitboard move_highlight(const char *fen, const char *san);

#endif
