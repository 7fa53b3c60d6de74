/*
 * san.h - reading one move token as written on a scoresheet or in a PGN file.
 *
 * san_parse() splits a token into what it says - piece, origin hints,
 * capture mark, destination, promotion, check/mate suffix, annotation glyphs -
 * without looking at any position.  Whether a move like that exists is the
 * rules core's business (validator/chess/notation.h).  The parser is deliberately
 * strict about meaning and lenient about form: it accepts the forms people
 * write (0-0, e2-e4, Ng1xf3, g1f3, e8Q, exd6e.p., ++) and records which
 * non-standard form was used, but it never guesses: an unknown piece letter
 * such as `Sf3` is an error, not the pawn move f3.
 */
#ifndef PGNAUDIT_SAN_H
#define PGNAUDIT_SAN_H

#include <stddef.h>
#include <stdint.h>

/* Piece kinds in the order of the rules core's enum piece_type. */
enum san_piece {
	SAN_PAWN = 0, SAN_KNIGHT, SAN_BISHOP, SAN_ROOK, SAN_QUEEN, SAN_KING,
	SAN_ANY = 7, /* not written: long algebraic or UCI names the origin square */
};

enum san_kind { SAN_MOVE, SAN_CASTLE_SHORT, SAN_CASTLE_LONG, SAN_NULL };

enum san_suffix { SUFFIX_NONE, SUFFIX_CHECK, SUFFIX_MATE, SUFFIX_DOUBLE_PLUS };

/* Which non-export forms the token used (bit flags). */
enum san_form {
	FORM_ZERO_CASTLING = 1 << 0,  /* 0-0 */
	FORM_LOWER_CASTLING = 1 << 1, /* o-o */
	FORM_LONG = 1 << 2,           /* e2-e4, Ng1f3, Ng1xf3 */
	FORM_UCI = 1 << 3,            /* g1f3, e7e8q */
	FORM_PROMO_NO_EQUALS = 1 << 4, /* e8Q, e8(Q), e8/Q */
	FORM_EP_SUFFIX = 1 << 5,      /* exd6e.p., exd6ep */
	FORM_LOWER_PIECE = 1 << 6,    /* nf3 */
	FORM_PAWN_LETTER = 1 << 7,    /* Pe4 */
	FORM_COLON_CAPTURE = 1 << 8,  /* Nf3:e5, e4:d5 */
	FORM_PAWN_NO_X = 1 << 9,      /* ed5 for exd5 */
};

struct san {
	uint8_t kind;        /* enum san_kind */
	uint8_t piece;       /* enum san_piece */
	int8_t from_file;    /* 0-7 or -1 */
	int8_t from_rank;    /* 0-7 or -1 */
	int8_t to;           /* square 0-63 (a1 = 0), -1 for castling and null */
	int8_t promotion;    /* enum san_piece or -1; may name KING or PAWN (an illegal promotion the matcher reports) */
	uint8_t capture;     /* an x or : was written */
	uint8_t suffix;      /* enum san_suffix */
	uint16_t forms;      /* enum san_form bits */
	char glyph[3];       /* !, ?, !!, ??, !?, ?! or "" */
};

/* Parses text[0..len).  Returns 0, or -1 with a one-sentence reason in err
 * (which may be NULL, with errlen 0, when the reason is not wanted). */
int san_parse(const char *text, size_t len, struct san *out, char *err, size_t errlen);

#endif
