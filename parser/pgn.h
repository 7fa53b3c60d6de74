/*
 * pgn.h - the streaming PGN reader: bytes in, one game at a time out.
 *
 * The reader pulls from an input_stream through a fixed buffer and keeps only
 * the current game in memory, so memory is bounded by the largest game, not
 * by the file.  A game is its tag pairs and its movetext split into tokens;
 * every token carries its line and column (1-based, columns in bytes) and its
 * text, stored in the game's own arena (tag values unescaped).
 *
 * The reader never gives up on a file: a syntax problem is recorded in the
 * game (struct pgn_problem) and reading goes on.  A game ends at its
 * termination marker, or where the next tag section starts.  An unterminated
 * `{` comment is detected when the comment reaches a line that is a tag pair
 * (`[Name "value"]`): the problem is recorded, the game ends there, and the
 * next game starts at that line.
 *
 * What the reader accepts: UTF-8 BOM, LF/CRLF/CR line ends, any bytes >= 0x80
 * (Latin-1 or UTF-8) inside tags, comments and symbols, `%` escape lines
 * (skipped), `;` rest-of-line comments, `{}` comments, NAGs ($n), nested
 * variations, move numbers (`12.`, `12...`, `12`), results (1-0 0-1 1/2-1/2 *).
 */
#ifndef PGNAUDIT_PGN_H
#define PGNAUDIT_PGN_H

#include <stddef.h>
#include <stdint.h>

#include "stream.h"

enum token_type {
	TOKEN_SYMBOL,          /* a move as written: e4 Nf3 O-O 0-0 e2-e4 g1f3 exd6e.p. Sf3 -- */
	TOKEN_MOVE_NUMBER,     /* 12. / 12... / 12 ; value in token.number */
	TOKEN_NAG,             /* $14 ; value in token.number */
	TOKEN_GLYPH,           /* ! ? !! ?? !? ?! standing alone */
	TOKEN_COMMENT,         /* {...} or ;... ; text without the delimiters */
	TOKEN_VARIATION_START, /* ( */
	TOKEN_VARIATION_END,   /* ) */
	TOKEN_RESULT,          /* 1-0 0-1 1/2-1/2 * */
};

struct pgn_token {
	uint8_t type;       /* enum token_type */
	uint8_t depth;      /* variation depth: 0 is the main line (saturates at 255) */
	uint32_t text;      /* offset of the text in game.arena (NUL-terminated) */
	uint32_t length;
	uint32_t line, column;
	int32_t number;     /* move number or NAG value */
};

struct pgn_tag {
	uint32_t name, value;   /* offsets in game.arena, NUL-terminated, value unescaped */
	uint32_t line, column;
};

enum pgn_problem_kind {
	PGN_SYNTAX,                /* a token or structure PGN does not allow */
	PGN_UNTERMINATED_COMMENT,  /* { without } */
	PGN_UNBALANCED_VARIATION,  /* ( without ) or ) without ( */
	PGN_MISSING_RESULT,        /* movetext without a termination marker */
};

struct pgn_problem {
	uint8_t kind;               /* enum pgn_problem_kind */
	uint32_t line, column;
	char message[160];
};

struct pgn_game {
	char *arena;                /* tag names/values and token texts */
	size_t arena_len, arena_cap;
	struct pgn_tag *tags;
	int tag_count, tag_cap;
	struct pgn_token *tokens;
	int token_count, token_cap;
	struct pgn_problem *problems;
	int problem_count, problem_cap;
	uint32_t first_line;        /* line of the game's first byte that is not blank */
	uint64_t start_offset;      /* byte offsets in the (decompressed) input */
	uint64_t end_offset;
};

struct pgn_reader;

/* The reader does not own the stream. */
struct pgn_reader *pgn_reader_new(struct input_stream *s);
void pgn_reader_free(struct pgn_reader *r);

/* Reads the next game into g (its arrays are reused and grown as needed).
 * Returns 1 for a game, 0 at end of input, -1 on a read error (reason in
 * err).  A file without any game yields 0 at once. */
int pgn_next_game(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen);

void pgn_game_init(struct pgn_game *g);
void pgn_game_free(struct pgn_game *g);

/* The value of tag `name` (case-sensitive), or NULL. */
const char *pgn_tag_value(const struct pgn_game *g, const char *name);

static inline const char *pgn_token_text(const struct pgn_game *g, const struct pgn_token *t)
{
	return g->arena + t->text;
}

#endif
