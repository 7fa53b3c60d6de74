/*
 * fuzz_fen.c - libFuzzer target for the FEN parser (validator/chess/position.h).
 *
 * The input is one FEN, read in both standard and Chess960 mode, strictly
 * and with repairs.  A position that is accepted must survive what the
 * audit does with it: fen_write, generate_legal, every legal move made
 * (keeping position_key in step) and is_dead_position; and the FEN written
 * must parse back to the same FEN.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/position.h"
#include "validator/chess/unwinnable.h"

/* Member by member, as a struct copy need not copy the padding (keep in
 * step with struct position). */
static int same_position(const struct position *a, const struct position *b)
{
	return memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0
	       && memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0
	       && memcmp(a->board, b->board, sizeof a->board) == 0 && a->side_to_move == b->side_to_move
	       && a->chess960 == b->chess960 && a->ep_square == b->ep_square
	       && a->castling_rooks == b->castling_rooks && a->halfmove_clock == b->halfmove_clock
	       && a->fullmove_number == b->fullmove_number && a->key == b->key;
}

static void exercise(const struct position *pos, int chess960)
{
	char fen[FEN_MAX], again[FEN_MAX], err[200];
	fen_write(pos, fen);
	if (memchr(fen, '\0', sizeof fen) == NULL)
		abort();
	struct position reread;
	if (fen_parse(&reread, fen, chess960, err, sizeof err) < 0)
		abort(); /* what fen_write wrote must be a FEN fen_parse accepts */
	fen_write(&reread, again);
	if (strcmp(fen, again) != 0)
		abort();
	if (pos->key != position_key(pos))
		abort();

	struct move_list list;
	generate_legal(pos, &list);
	if (list.count < 0 || list.count > MAX_MOVES)
		abort();
	for (int i = 0; i < list.count; i++) {
		struct position next = *pos;
		make_move(&next, list.moves[i]);
		if (next.key != position_key(&next))
			abort();
	}
	struct position copy = *pos;
	(void)is_dead_position(&copy);
	if (!same_position(&copy, pos))
		abort(); /* a question must not change the position */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	struct position pos;
	char err[200], repaired[200];
	for (int chess960 = 0; chess960 <= 1; chess960++) {
		err[0] = '\0';
		if (fen_parse(&pos, text, chess960, err, sizeof err) == 0)
			exercise(&pos, chess960);
		else if (err[0] == '\0')
			abort();
		err[0] = '\0';
		if (fen_parse_repair(&pos, text, chess960, err, sizeof err, repaired, sizeof repaired) >= 0)
			exercise(&pos, chess960);
		else if (err[0] == '\0')
			abort();
	}
	free(text);
	return 0;
}
