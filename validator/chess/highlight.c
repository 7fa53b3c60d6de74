/*
 * highlight.c - which squares a diagram marks for a written move.
 */
#include "validator/chess/highlight.h"

#include <string.h>

#include "validator/chess/notation.h"
#include "parser/san.h"
#include "validator/chess/position.h"

/* What the text of a move names when no legal move fits it. */
static bitboard written_squares(const struct position *pos, const struct san *san)
{
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG)
		return BIT(position_king_square(pos, pos->side_to_move));
	if (san->kind != SAN_MOVE || san->to < 0)
		return 0;
	bitboard squares = BIT(san->to);
	if (san->from_file >= 0 && san->from_rank >= 0)
		squares |= BIT(SQUARE(san->from_file, san->from_rank));
	return squares;
}

bitboard move_highlight(const char *fen, const char *san_text)
{
	if (!fen || !san_text || !*san_text)
		return 0;
	struct position pos;
	char err[200];
	if (fen_parse(&pos, fen, 0, err, sizeof err) < 0 && fen_parse(&pos, fen, 1, err, sizeof err) < 0)
		return 0;
	struct san san;
	if (san_parse(san_text, strlen(san_text), &san, err, sizeof err) < 0)
		return 0;
	struct match_result res;
	san_match(&pos, &san, &res);
	if (res.status == MATCH_OK) {
		int to = MOVE_KIND(res.move) == MOVE_CASTLE ? castle_king_to(res.move) : MOVE_TO(res.move);
		return BIT(MOVE_FROM(res.move)) | BIT(to);
	}
	if (res.status == MATCH_AMBIGUOUS) {
		bitboard squares = written_squares(&pos, &san);
		for (int i = 0; i < res.candidate_count; i++)
			squares |= BIT(MOVE_FROM(res.candidates[i])) | BIT(MOVE_TO(res.candidates[i]));
		return squares;
	}
	return written_squares(&pos, &san);
}
