/*
 * pieces.h - reading a text in pieces, as `check -j N` does, for the tests
 * that compare it with reading it whole (tests/test_reader.c and
 * tests/fuzz/fuzz_reader.c).
 *
 * The text is cut at line starts (every line start, or only before a `[`),
 * each piece is read by a restarted reader from its place in the text, and a
 * piece that ends inside a game hands the unfinished text on to the next one,
 * which reads it first (the protocol of cli/pipeline/; see
 * pgn_reader_restart in parser/pgn.h).  What the games look like is
 * summarised so that the two readings can be compared field by field.
 */
#ifndef PGNAUDIT_TESTS_PIECES_H
#define PGNAUDIT_TESTS_PIECES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser/pgn.h"
#include "parser/stream.h"

struct game_summary {
	int tags, tokens, problems, truncated;
	uint64_t start, end;
	uint32_t first_line, last_line, last_column, problem_line, problem_column;
	uint32_t arena_len;
};

static inline void summarise(const struct pgn_game *g, struct game_summary *s)
{
	memset(s, 0, sizeof *s);
	s->tags = g->tag_count;
	s->tokens = g->token_count;
	s->problems = g->problem_count;
	s->truncated = g->truncated;
	s->start = g->start_offset;
	s->end = g->end_offset;
	s->first_line = g->first_line;
	s->arena_len = (uint32_t)g->arena_len;
	if (g->token_count > 0) {
		s->last_line = g->tokens[g->token_count - 1].line;
		s->last_column = g->tokens[g->token_count - 1].column;
	}
	if (g->problem_count > 0) {
		s->problem_line = g->problems[g->problem_count - 1].line;
		s->problem_column = g->problems[g->problem_count - 1].column;
	}
}

/* Reads the size bytes at data whole (plain text, no gzip); returns the
 * number of games (at most max summarised in out). */
static inline int read_whole(const uint8_t *data, size_t size, struct game_summary *out, int max)
{
	char err[256];
	struct pgn_reader *r = pgn_reader_new(NULL);
	struct pgn_game g;
	int n = 0;

	pgn_game_init(&g);
	pgn_reader_restart(r, data, size, NULL, NULL, NULL);
	while (pgn_next_game(r, &g, err, sizeof err) == 1) {
		if (n < max)
			summarise(&g, &out[n]);
		n++;
	}
	pgn_game_free(&g);
	pgn_reader_free(r);
	return n;
}

/* Whether a piece may start at data[i]: a line start (not between the CR and
 * LF of a CRLF), not before blanks and a '(' or a move number but 1
 * (pgn_reader_restart), and with
 * only_brackets, a `[`. */
static inline int piece_may_start(const uint8_t *data, size_t size, size_t i, int only_brackets)
{
	if (i == 0 || i >= size)
		return 0;
	if (data[i - 1] != '\n' && data[i - 1] != '\r')
		return 0;
	if (data[i - 1] == '\r' && data[i] == '\n')
		return 0;
	size_t j = i;
	while (j < size && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r'))
		j++;
	if (j < size && data[j] == '(')
		return 0;
	/* a move number other than 1 may go on with the game before */
	if (j < size && data[j] >= '0' && data[j] <= '9' && !(data[j] == '1' && j + 1 < size && data[j + 1] == '.'))
		return 0;
	return !only_brackets || data[i] == '[';
}

/* Reads the same bytes in pieces, cut before one in cut_every of the places
 * piece_may_start allows (1: every one); with in_place, each piece is lexed
 * where it is (pgn_reader_restart_in_place), as check -j lexes its pieces.
 * Returns the number of games, or -1 when out of memory. */
static inline int read_in_pieces(const uint8_t *data, size_t size, int only_brackets, unsigned cut_every,
				 int in_place, struct game_summary *out, int max)
{
	char err[256];
	struct pgn_reader *r = pgn_reader_new(NULL);
	struct pgn_game g;
	uint8_t *carry = NULL, *store = NULL;
	size_t carry_len = 0;
	int carrying = 0, n = 0;
	struct pgn_position at = { 0, 0, 1 }, carry_at = at;
	size_t from = 0;
	unsigned seen = 0;

	pgn_game_init(&g);
	while (from < size || (from == 0 && size == 0)) {
		size_t to = from + 1;
		while (to < size && !(piece_may_start(data, size, to, only_brackets) && seen++ % cut_every == 0))
			to++;
		if (to > size)
			to = size;
		int last = to >= size;
		size_t len = (carrying ? carry_len : 0) + (to - from);
		uint8_t *st = malloc(1 + len + PGN_IN_PLACE_SLACK);
		if (st == NULL) {
			n = -1;
			break;
		}
		uint8_t *t = st + 1;
		if (carrying)
			memcpy(t, carry, carry_len);
		if (to > from)
			memcpy(t + (carrying ? carry_len : 0), data + from, to - from);
		free(store);
		store = st;
		uint8_t *text = t;
		struct pgn_position text_at = carrying ? carry_at : at;
		struct pgn_position resume;
		if (in_place)
			pgn_reader_restart_in_place(r, text, len, &text_at);
		else
			pgn_reader_restart(r, text, len, NULL, NULL, &text_at);
		while (pgn_next_game(r, &g, err, sizeof err) == 1) {
			if (!last && pgn_reader_game_cut_by_end(r))
				continue;
			if (n < max)
				summarise(&g, &out[n]);
			n++;
		}
		carrying = !last && !pgn_reader_ended_between_games(r, &resume);
		if (carrying) {
			size_t skip = (size_t)(resume.offset - text_at.offset);
			uint8_t *c = malloc(len - skip + 1);
			if (c == NULL) {
				n = -1;
				break;
			}
			memcpy(c, text + skip, len - skip);
			free(carry);
			carry = c;
			carry_len = len - skip;
			carry_at = resume;
		}
		/* The lines of the piece, counted as the reader counts them. */
		for (size_t i = from; i < to; i++)
			at.line += data[i] == '\r' || (data[i] == '\n' && (i == 0 || data[i - 1] != '\r'));
		at.offset = to;
		at.line_start = to;
		from = to;
		if (size == 0)
			break;
	}
	free(carry);
	free(store);
	pgn_game_free(&g);
	pgn_reader_free(r);
	return n;
}

#endif
