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
 * termination marker, or where the next tag section starts, or (games with
 * neither) at a move number `1.` that begins a line after a blank line,
 * outside variations, once the game has a move.  An unterminated
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

/*
 * Token texts are the bytes as written: `12.` `12...` `12` for move numbers,
 * `$14` for NAGs, `Nf3!?` for a symbol with its suffix (the SAN parser strips
 * it); a comment's text is without `{` `}` or `;` and the line end.  A move
 * number followed at once by a move (`12.e4`) is two tokens; dots after a
 * move number (`12. ...`) belong to no token.
 *
 * Token depth: 0 is the main line.  A `(` and its matching `)` both carry the
 * depth of the variation they enclose (one more than the line they branch
 * from), so the tokens from a `(` at depth d to its `)` are exactly the run of
 * tokens with depth >= d.  A `)` without a `(` is a problem and not a token.
 *
 * A game's RESULT token, when it has one, is its last token.  Its text is
 * 1-0, 0-1, 1/2-1/2 or *, or else 1/2: that old shorthand ends the game as a
 * draw but also gets a PGN_SYNTAX problem.  A result inside a variation is a
 * problem, not a token, and does not end the game.
 */
struct pgn_token {
	uint8_t type;       /* enum token_type */
	uint8_t depth;      /* variation depth: 0 is the main line (saturates at 255) */
	uint32_t text;      /* offset of the text in game.arena (NUL-terminated) */
	uint32_t length;
	uint32_t line, column;
	int32_t number;     /* move number or NAG value */
};

struct pgn_tag {
	uint32_t name, value;   /* offsets in game.arena, NUL-terminated, value unescaped; the
				   value follows the name's NUL (its length: value - name - 1) */
	uint32_t line, column;
	uint32_t value_length;  /* bytes in the value, which may hold NUL bytes */
	uint8_t control;        /* the value's first control character but NUL
				   (a tab, an escape, DEL), or 0 */
};

enum pgn_problem_kind {
	PGN_SYNTAX,                /* a token or structure PGN does not allow */
	PGN_UNTERMINATED_COMMENT,  /* { without } */
	PGN_UNBALANCED_VARIATION,  /* ( without ) or ) without ( */
	PGN_MISSING_RESULT,        /* movetext without a termination marker */
	PGN_NONSTANDARD,           /* text that PGN writes otherwise, read as meant
				      (annotation signs such as `+=` or `N` for NAGs) */
	PGN_RESULT_FORM,           /* a result in a form PGN does not have that means
				      one result only (1/2, ½-½, 1:0, 1 - 0, 0.5-0.5);
				      its token holds the result PGN writes */
};

struct pgn_problem {
	uint8_t kind;               /* enum pgn_problem_kind */
	uint32_t line, column;
	const char *section;        /* the PGN standard's section it breaks ("PGN 8.2.5"),
				       or NULL: the kind's own */
	char message[160];
};

/*
 * Limits.  They keep memory bounded by one game however damaged the input:
 * going past one is a PGN_SYNTAX problem in that game (once per limit), what
 * does not fit is dropped, the game is marked truncated, and reading goes on.
 * Together with the replay's plies (validator/audit/record.h) a game at every
 * limit at once takes about 55 MB: 16 MiB of text, 24 MB of tokens, 13 MB
 * of positions; issue 5 asks for less than 64 MB whatever the input.
 */
#define PGN_MAX_GAME_BYTES  (16u << 20)  /* text of one game in its arena */
#define PGN_MAX_TOKENS      1000000      /* tokens in one game */
#define PGN_MAX_TAGS        1024         /* tag pairs in one game */
#define PGN_MAX_TOKEN_BYTES 65536        /* a symbol, number, tag name or tag value */
#define PGN_MAX_PROBLEMS    256          /* syntax problems reported per game (then
					    one more saying the rest are not; the
					    end-of-game problems always come) */
#define PGN_MAX_DEPTH       255          /* token.depth saturates here */

/*
 * Game boundaries and offsets.  Offsets count bytes of the decompressed input
 * from 0 (a BOM included); [start_offset, end_offset) is the game:
 *  - start_offset is the first byte of its first tag pair, token or syntax
 *    problem.  Blanks, `%` escape lines and BOMs before it are not part of it.
 *  - a game that ends with its result ends right after the result; what
 *    follows up to the next game's start (blanks, escape lines, comments that
 *    start no game) belongs to no game.
 *  - a game without a result ends where the next game starts (the `[` of the
 *    tag pair that ended it) or at the end of the input, so the blanks before
 *    that belong to it.
 * Comments (and problems) before the first tag pair belong to the game that
 * follows; comments alone at the end of the input make no game.
 */
struct pgn_game {
	char *arena;                /* tag names/values and token texts */
	size_t arena_len, arena_cap;
	struct pgn_tag *tags;
	int tag_count, tag_cap;
	struct pgn_token *tokens;
	int token_count, token_cap;
	struct pgn_problem *problems;
	int problem_count, problem_cap;
	uint64_t first_line;        /* line of the game's first byte that is not blank */
	uint64_t start_offset;      /* byte offsets in the (decompressed) input */
	uint64_t end_offset;
	int truncated;              /* a limit was exceeded: tokens or tags are missing */
	int analysis_after;         /* analysis written after the termination marker (whose token
				       is moved to the end): 1 + the index of its first token; 0 when none */
	/* NULL, or: the lines are counted from the first line of a piece of
	 * the file (check -j N), and this gives the file's line of that first
	 * line, waiting if need be until it is known (pgn_file_line). */
	uint64_t (*piece_first_line)(void *ctx);
	void *piece_ctx;
};

/*
 * Lines.  The reader counts lines in 64 bits, but tokens, tags and problems
 * keep only the low 32 bits of their line (a token stays 24 bytes: the
 * memory figure above); the game's first_line is whole, and a line of the
 * game is the one nearest to it with those low bits - exact while a game
 * spans fewer than 2^31 lines.  audit_game turns the lines of findings into
 * whole ones (pgn_game_line); messages that name a line use pgn_file_line.
 * Columns are at most UINT32_MAX (a column past it, on a line longer than
 * 4 GiB, is given as UINT32_MAX).
 */
static inline uint64_t pgn_game_line(const struct pgn_game *g, uint32_t line)
{
	return g->first_line + (uint64_t)(int64_t)(int32_t)(line - (uint32_t)g->first_line);
}

/* The file's line of `line`, a line of g: for the messages that name a line
 * (the report writes the lines of findings through report_line_number). */
static inline uint64_t pgn_file_line(const struct pgn_game *g, uint32_t line)
{
	uint64_t in_game = pgn_game_line(g, line);
	return g->piece_first_line ? g->piece_first_line(g->piece_ctx) + in_game - 1 : in_game;
}

struct pgn_reader;

/* The reader does not own the stream. */
struct pgn_reader *pgn_reader_new(struct input_stream *s);
void pgn_reader_free(struct pgn_reader *r);

/* Where a byte is in the input: its offset, its line, and the offset of
 * that line's first byte (columns count from there). */
struct pgn_position {
	uint64_t offset;
	uint64_t line_start;
	uint64_t line;
};

/*
 * Reading a file in pieces, for threads that each lex their own part
 * (cli/pipeline.c).  pgn_reader_restart makes r forget what it held and read
 * the len bytes at data (not copied: they must outlive the reading), then the
 * stream s if it is not NULL; without a stream, `failure` (when not NULL)
 * makes the end of data a read error with that message.  `at` says where
 * data[0] is in the input (NULL: offset 0, line 1), so that lines, columns
 * and offsets are those of the whole input.  data[0] must start a line or
 * follow the end of a game, and the first byte after blanks from data[0] on
 * must not be '(' nor a move number but `1.`: a variation right after a
 * termination marker belongs to the game before it (analysis written after
 * the result), and so do moves that go on with its main line (a board that
 * went on recording), which a reader of the bytes before cannot see.
 * pgn_find_cut only cuts before a tag pair.
 *
 * After pgn_next_game has returned 0, pgn_reader_ended_between_games says
 * whether the bytes ended where a reader of the whole input would be between
 * games: the last game ended with its result (or there was none) and only
 * blanks and escape lines follow.  Then reading the rest of the input with a
 * new reader gives the same games as reading on.  Otherwise the bytes ended
 * inside a game, or inside text that belongs to the next game, and *resume is
 * where the unfinished part starts: the end of the last game returned that
 * was not cut by the end (see pgn_reader_game_cut_by_end), or data[0].
 */
void pgn_reader_restart(struct pgn_reader *r, const void *data, size_t len, struct input_stream *s,
			const char *failure, const struct pgn_position *at);
/* As pgn_reader_restart(r, data, len, NULL, NULL, at), but the bytes are
 * lexed where they are instead of being copied into r's buffer: data[-1]
 * and PGN_IN_PLACE_SLACK bytes from data[len] on must be r's to write, and
 * are overwritten. */
#define PGN_IN_PLACE_SLACK 32
void pgn_reader_restart_in_place(struct pgn_reader *r, unsigned char *data, size_t len,
				 const struct pgn_position *at);
int pgn_reader_ended_between_games(const struct pgn_reader *r, struct pgn_position *resume);
/* Whether the reader takes runs of common tokens through its fast path
 * (on by default).  Off, every token goes through the general lexer: the
 * games must be the same byte for byte, which tests/test_lexer_paths.c
 * checks; nothing else needs to switch it off. */
void pgn_reader_set_fast_path(struct pgn_reader *r, int on);
/* The line the reader is on: after the last game of in-place bytes, 1 + the
 * line ends in them when it started on line 1. */
uint64_t pgn_reader_line(const struct pgn_reader *r);
/* Whether the game pgn_next_game has just returned was ended by the end of
 * the input (no result, no next game): a reader of a piece of the input
 * cannot tell whether it is complete. */
int pgn_reader_game_cut_by_end(const struct pgn_reader *r);

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
