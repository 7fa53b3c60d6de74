/*
 * fen.c - reading and writing Forsyth-Edwards Notation.
 *
 * The reader is strict because a FEN usually comes from a PGN's [FEN] tag,
 * and a wrong start position would make every later finding about that game
 * wrong: it names the first thing it does not accept, in one sentence.  It
 * does accept the four-field EPD form without clocks (taken as "0 1"), which
 * is common in the wild.  Beyond syntax it refuses positions the move
 * generator cannot handle (a missing or extra king, pawns on the first or
 * last rank, the side not to move in check) and castling rights whose king
 * and rook are not in place.
 *
 * fen_parse_repair() reads the start position of a game, so it also refuses
 * positions that legal play from the initial array cannot reach: more pieces
 * than promotions could make, an en passant square no double step left
 * behind, checks that no single last move could give.  fen_parse() accepts
 * them, because perft suites and unit tests use such positions to exercise
 * the move generator.
 *
 * Castling letters: K and Q mean the outermost rook on that side of the king
 * (X-FEN); A-H name the rook's file (Shredder-FEN); uppercase is White.  In
 * standard chess the king must stand on e1/e8 and the rook on the a or h
 * file; anything else needs chess960.
 *
 * The writer prints what python-chess's board.fen() prints for standard
 * chess: KQkq order, and an en passant square only when an en passant
 * capture is legal, so equal positions (FIDE 9.2.2) get equal FENs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/position.h"

/* Six fields, plus one to notice trailing garbage. */
#define FIELD_LIMIT 7

/* Where fen_parse_repair() writes what it set right (NULL: refuse instead). */
struct repairs {
	char *text;
	size_t len;
	int done; /* FEN_REPAIRED_* bits */
};

static void note_repair(struct repairs *r, int kind, const char *what)
{
	r->done |= kind;
	size_t used = strlen(r->text);
	if (used + 3 < r->len)
		snprintf(r->text + used, r->len - used, "%s%s", used ? "; " : "", what);
}

struct field {
	const char *text;
	int len;
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int field_is(const struct field *f, const char *text)
{
	return f->len == (int)strlen(text) && memcmp(f->text, text, (size_t)f->len) == 0;
}

/* Splits on runs of white space; returns the number of fields found, at
 * most FIELD_LIMIT. */
static int split_fields(const char *fen, struct field *fields)
{
	int count = 0;

	while (*fen && count < FIELD_LIMIT) {
		while (is_space(*fen))
			fen++;
		if (!*fen)
			break;
		fields[count].text = fen;
		while (*fen && !is_space(*fen))
			fen++;
		fields[count].len = (int)(fen - fields[count].text);
		count++;
	}
	return count;
}

static int piece_from_letter(char c)
{
	static const char letters[] = "PNBRQKpnbrqk";
	const char *hit = c ? strchr(letters, c) : NULL;

	return hit ? MAKE_PIECE((hit - letters) / 6, (hit - letters) % 6) : PIECE_NONE;
}

static void put(struct position *pos, int piece, int sq)
{
	pos->board[sq] = (uint8_t)piece;
	pos->by_color[PIECE_COLOR(piece)] |= BIT(sq);
	pos->by_type[PIECE_TYPE(piece)] |= BIT(sq);
}

/* Ranks from 8 down to 1, files a to h; digits count empty squares. */
static int parse_placement(struct position *pos, const struct field *f, char *err, size_t errlen)
{
	int rank = 7, file = 0, previous_digit = 0;

	for (int i = 0; i < f->len; i++) {
		char c = f->text[i];
		int piece = piece_from_letter(c);
		if (c == '/') {
			if (file != 8)
				return fail(err, errlen, "rank %d has %d squares instead of 8", rank + 1, file);
			if (--rank < 0)
				return fail(err, errlen, "the placement has more than 8 ranks");
			file = 0;
			previous_digit = 0;
		} else if (c >= '1' && c <= '8') {
			if (previous_digit)
				return fail(err, errlen, "rank %d has two digits in a row", rank + 1);
			file += c - '0';
			previous_digit = 1;
		} else if (piece != PIECE_NONE) {
			if (file < 8)
				put(pos, piece, SQUARE(file, rank));
			file++;
			previous_digit = 0;
		} else if (c == '0' || c == '9') {
			return fail(err, errlen, "rank %d counts empty squares with %c; only 1 to 8 are possible", rank + 1, c);
		} else if (c > ' ' && c < 127) {
			return fail(err, errlen, "bad piece letter '%c' in rank %d", c, rank + 1);
		} else {
			return fail(err, errlen, "bad byte 0x%02x in rank %d", (unsigned char)c, rank + 1);
		}
		if (file > 8)
			return fail(err, errlen, "rank %d has more than 8 squares", rank + 1);
	}
	if (rank > 0)
		return fail(err, errlen, "the placement has %d ranks instead of 8", 8 - rank);
	if (file != 8)
		return fail(err, errlen, "rank 1 has %d squares instead of 8", file);
	return 0;
}

static const char *const color_names[2] = { "white", "black" };

static int check_kings_and_pawns(const struct position *pos, char *err, size_t errlen)
{
	bitboard stray_pawns = pos->by_type[PAWN] & (RANK_BB(0) | RANK_BB(7));

	for (int color = WHITE; color <= BLACK; color++) {
		int kings = popcount(pos->by_type[KING] & pos->by_color[color]);
		if (kings != 1)
			return fail(err, errlen, "%s has %d kings instead of exactly one", color_names[color], kings);
	}
	if (stray_pawns) {
		int sq = lsb(stray_pawns);
		return fail(err, errlen, "a pawn stands on %c%d, on the first or last rank", 'a' + FILE_OF(sq),
			    RANK_OF(sq) + 1);
	}
	return 0;
}

static int parse_side(struct position *pos, const struct field *f, char *err, size_t errlen)
{
	if (field_is(f, "w"))
		pos->side_to_move = WHITE;
	else if (field_is(f, "b"))
		pos->side_to_move = BLACK;
	else
		return fail(err, errlen, "the side to move is '%.*s' instead of 'w' or 'b'", f->len, f->text);
	return 0;
}

/* The squares numbered above sq (kingside) or below it; intersected with
 * sq's rank, the squares on that side of it. */
static bitboard beyond(int sq, int kingside)
{
	return kingside ? ~((BIT(sq) << 1) - 1) : BIT(sq) - 1;
}

/* The file of the rook a castling letter names, or -1 when K/Q finds no rook
 * to name (Chess960 only; in standard chess K/Q are the h/a rooks). */
static int castling_file(const struct position *pos, char letter, int color, int chess960)
{
	int lower = letter | 0x20;
	int king = position_king_square(pos, color);
	bitboard rooks, candidates;

	if (lower != 'k' && lower != 'q')
		return lower - 'a';
	if (!chess960)
		return lower == 'k' ? 7 : 0;
	/* X-FEN: the outermost rook on that side of the king. */
	rooks = pos->by_type[ROOK] & pos->by_color[color] & RANK_BB(RANK_OF(king));
	candidates = rooks & beyond(king, lower == 'k');
	if (!candidates)
		return -1;
	return FILE_OF(lower == 'k' ? 63 - __builtin_clzll(candidates) : lsb(candidates));
}

/* The rook square one castling letter names, or SQUARE_NONE with err set. */
static int castling_rook(const struct position *pos, char letter, int chess960, char *err, size_t errlen)
{
	int color = letter >= 'a' ? BLACK : WHITE;
	const char *name = color == WHITE ? "white" : "black";
	int back = color == WHITE ? 0 : 7;
	int king = position_king_square(pos, color);
	int file;

	if (RANK_OF(king) != back) {
		fail(err, errlen, "castling right %c but the %s king is not on rank %d", letter, name, back + 1);
		return SQUARE_NONE;
	}
	if (!chess960 && FILE_OF(king) != 4) {
		fail(err, errlen, "castling right %c but the %s king is not on e%d (a Chess960 position?)", letter,
		     name, back + 1);
		return SQUARE_NONE;
	}
	file = castling_file(pos, letter, color, chess960);
	if (file < 0) {
		fail(err, errlen, "castling right %c but no %s rook on the %sside of rank %d", letter, name,
		     (letter | 0x20) == 'k' ? "king" : "queen", back + 1);
		return SQUARE_NONE;
	}
	if (!chess960 && file != 0 && file != 7) {
		fail(err, errlen, "castling right %c names a rook on the %c file, which needs Chess960", letter,
		     'a' + file);
		return SQUARE_NONE;
	}
	if (pos->board[SQUARE(file, back)] != MAKE_PIECE(color, ROOK)) {
		fail(err, errlen, "castling right %c but no %s rook on %c%d", letter, name, 'a' + file, back + 1);
		return SQUARE_NONE;
	}
	return SQUARE(file, back);
}

static int is_castling_letter(char c)
{
	return c == 'K' || c == 'Q' || c == 'k' || c == 'q' || (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
}

static int parse_castling(struct position *pos, const struct field *f, int chess960, struct repairs *repairs,
			  char *err, size_t errlen)
{
	if (field_is(f, "-"))
		return 0;
	for (int i = 0; i < f->len; i++) {
		char c = f->text[i];
		int rook, king, color;
		bitboard same_side;
		if (!is_castling_letter(c))
			return fail(err, errlen, "bad castling letter '%c' in '%.*s'", c, f->len, f->text);
		rook = castling_rook(pos, c, chess960, err, errlen);
		if (rook == SQUARE_NONE && repairs) {
			char what[200];
			snprintf(what, sizeof what, "%s: the right is dropped", err);
			note_repair(repairs, FEN_REPAIRED_CASTLING, what);
			err[0] = '\0';
			continue;
		}
		if (rook == SQUARE_NONE)
			return -1;
		if (pos->castling_rooks & BIT(rook))
			return fail(err, errlen, "castling field '%.*s' gives the right to castle with the rook on %c%d twice",
				    f->len, f->text, 'a' + FILE_OF(rook), RANK_OF(rook) + 1);
		color = c >= 'a' ? BLACK : WHITE;
		king = position_king_square(pos, color);
		same_side = pos->castling_rooks & RANK_BB(RANK_OF(king)) & beyond(king, rook > king);
		if (same_side)
			return fail(err, errlen, "castling field '%.*s' gives %s two rights on the same side", f->len,
				    f->text, color == WHITE ? "white" : "black");
		pos->castling_rooks |= BIT(rook);
	}
	return 0;
}

static int parse_ep(struct position *pos, const struct field *f, char *err, size_t errlen)
{
	int expected_rank = pos->side_to_move == WHITE ? 5 : 2;

	pos->ep_square = SQUARE_NONE;
	if (field_is(f, "-"))
		return 0;
	if (f->len != 2 || f->text[0] < 'a' || f->text[0] > 'h' || f->text[1] < '1' || f->text[1] > '8')
		return fail(err, errlen, "en passant field '%.*s' is not a square or '-'", f->len, f->text);
	if (f->text[1] - '1' != expected_rank)
		return fail(err, errlen, "en passant square %.2s is impossible with %s to move (it must be on rank %d)",
			    f->text, pos->side_to_move == WHITE ? "white" : "black", expected_rank + 1);
	pos->ep_square = (int8_t)SQUARE(f->text[0] - 'a', expected_rank);
	return 0;
}

/* A clock: plain decimal digits, no sign, at most six of them (a million
 * plies is already far beyond any game). */
static int parse_clock(const struct field *f, const char *name, int *value, char *err, size_t errlen)
{
	*value = 0;
	if (f->len > 6)
		return fail(err, errlen, "the %s '%.*s' is absurdly large", name, f->len, f->text);
	for (int i = 0; i < f->len; i++) {
		if (f->text[i] < '0' || f->text[i] > '9')
			return fail(err, errlen, "the %s '%.*s' is not a non-negative integer", name, f->len, f->text);
		*value = *value * 10 + (f->text[i] - '0');
	}
	return 0;
}

static int parse_clocks(struct position *pos, const struct field *fields, int count, struct repairs *repairs,
			char *err, size_t errlen)
{
	pos->halfmove_clock = 0;
	pos->fullmove_number = 1;
	if (count == 4)
		return 0;
	if (parse_clock(&fields[4], "halfmove clock", &pos->halfmove_clock, err, errlen) != 0
	    || parse_clock(&fields[5], "fullmove number", &pos->fullmove_number, err, errlen) != 0)
		return -1;
	if (pos->fullmove_number == 0 && repairs) {
		note_repair(repairs, FEN_REPAIRED_FULLMOVE, "the fullmove number is 0 but must be at least 1: it is read as 1");
		pos->fullmove_number = 1;
	}
	if (pos->fullmove_number < 1)
		return fail(err, errlen, "the fullmove number is %d but must be at least 1", pos->fullmove_number);
	return 0;
}

static int check_field_count(const struct field *fields, int count, char *err, size_t errlen)
{
	if (count == 0)
		return fail(err, errlen, "the FEN is empty");
	if (count < 4)
		return fail(err, errlen, "the FEN has too few fields (%d; it needs 6, or 4 without the clocks)", count);
	if (count == 5)
		return fail(err, errlen, "the FEN has a halfmove clock but no fullmove number");
	if (count > 6)
		return fail(err, errlen, "unexpected text '%.*s' after the fullmove number", fields[6].len,
			    fields[6].text);
	return 0;
}

/* Each side starts with 8 pawns, 1 queen and 2 each of rooks, bishops and
 * knights; a piece beyond its initial count can only be a promoted pawn, so
 * those extras and the pawns still on the board add up to at most 8.  (This
 * also bounds a side to 16 men.) */
static int check_material(const struct position *pos, char *err, size_t errlen)
{
	static const int initial[PIECE_TYPE_NB] = { 8, 2, 2, 2, 1, 1 };
	static const char *const plural[PIECE_TYPE_NB] = { "pawns", "knights", "bishops", "rooks", "queens", "kings" };

	for (int color = WHITE; color <= BLACK; color++) {
		bitboard own = pos->by_color[color];
		int pawns = popcount(own & pos->by_type[PAWN]), extra = 0;
		char list[80] = "";
		size_t used = 0;
		if (pawns > 8)
			return fail(err, errlen, "%s has %d pawns; a side has at most 8", color_names[color], pawns);
		for (int type = QUEEN; type >= KNIGHT; type--) {
			int count = popcount(own & pos->by_type[type]);
			if (count <= initial[type])
				continue;
			extra += count - initial[type];
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%d %s", used ? ", " : "", count,
						 plural[type]);
		}
		if (extra > 8 - pawns)
			return fail(err, errlen,
				    "%s has %s: %d more than the initial set, but only promoted pawns can be extra "
				    "pieces and %d of its pawns %s missing",
				    color_names[color], list, extra, 8 - pawns, pawns == 7 ? "is" : "are");
	}
	return 0;
}

/* An en passant square says the last move was a double step: the pawn that
 * made it stands just beyond the square, and the square it crossed and the
 * one it came from are empty. */
static int check_ep_origin(const struct position *pos, char *err, size_t errlen)
{
	int mover = !pos->side_to_move, ep = pos->ep_square;
	int forward = mover == WHITE ? 8 : -8;
	int pawn = ep + forward, origin = ep - forward;

	if (ep == SQUARE_NONE)
		return 0;
	if (pos->board[pawn] != MAKE_PIECE(mover, PAWN))
		return fail(err, errlen, "en passant square %c%d but no %s pawn on %c%d that could just have made a double step",
			    'a' + FILE_OF(ep), RANK_OF(ep) + 1, color_names[mover], 'a' + FILE_OF(pawn), RANK_OF(pawn) + 1);
	if (pos->board[ep] != PIECE_NONE || pos->board[origin] != PIECE_NONE)
		return fail(err, errlen, "en passant square %c%d but %c%d is occupied: the pawn on %c%d cannot just have come from %c%d",
			    'a' + FILE_OF(ep), RANK_OF(ep) + 1, 'a' + FILE_OF(pos->board[ep] ? ep : origin),
			    RANK_OF(pos->board[ep] ? ep : origin) + 1, 'a' + FILE_OF(pawn), RANK_OF(pawn) + 1,
			    'a' + FILE_OF(origin), RANK_OF(origin) + 1);
	return 0;
}

/* Every check on the side to move was given by the last move: by the piece
 * that moved, or by a bishop, rook or queen whose line it opened (en passant
 * can open two).  So there are at most two checkers; two pawns or knights
 * cannot both check (only one piece moved, and neither checks along a line
 * that a move could open); two checkers on one line through the king cannot
 * be (the opened line runs through the square the mover left, which is on
 * the far side of the king from where it went).  After a double step, the
 * pushed pawn cannot give check together with an opened line, and any other
 * checker must have been shielded by the pawn on the square it left.  These
 * are the tests python-chess applies (Board.status, STATUS_IMPOSSIBLE_CHECK). */
static int check_checkers(const struct position *pos, char *err, size_t errlen)
{
	int us = pos->side_to_move, king = position_king_square(pos, us);
	bitboard occupied = position_occupied(pos);
	bitboard checkers = attackers_to(pos, king, (enum color)!us, occupied);
	bitboard leapers = checkers & (pos->by_type[PAWN] | pos->by_type[KNIGHT]);
	int count = popcount(checkers), first = checkers ? lsb(checkers) : 0;
	int second = checkers ? 63 - __builtin_clzll(checkers) : 0;

	if (count > 2)
		return fail(err, errlen, "%s is in check from %d pieces; one move can give at most two checks",
			    color_names[us], count);
	if (count == 2 && popcount(leapers) == 2)
		return fail(err, errlen, "%s is in check from %c%d and %c%d at once, but only the piece that moved can check "
			    "other than along a line it opened",
			    color_names[us], 'a' + FILE_OF(first), RANK_OF(first) + 1, 'a' + FILE_OF(second), RANK_OF(second) + 1);
	if (count == 2 && (line_through(first, second) & BIT(king)))
		return fail(err, errlen, "%s is in check from %c%d and %c%d on opposite sides of the king, which no single "
			    "move can do",
			    color_names[us], 'a' + FILE_OF(first), RANK_OF(first) + 1, 'a' + FILE_OF(second), RANK_OF(second) + 1);
	if (count == 0 || pos->ep_square == SQUARE_NONE)
		return 0;
	int forward = us == WHITE ? -8 : 8, pawn = pos->ep_square + forward, origin = pos->ep_square - forward;
	if (count == 2)
		return fail(err, errlen, "%s is in double check, which the double step to %c%d cannot have given",
			    color_names[us], 'a' + FILE_OF(pawn), RANK_OF(pawn) + 1);
	bitboard before = (occupied ^ BIT(pawn)) | BIT(origin);
	if (!(checkers & BIT(pawn)) && (attackers_to(pos, king, (enum color)!us, before) & checkers))
		return fail(err, errlen, "%s is in check from %c%d, which the double step to %c%d neither gave nor uncovered",
			    color_names[us], 'a' + FILE_OF(first), RANK_OF(first) + 1, 'a' + FILE_OF(pawn), RANK_OF(pawn) + 1);
	return 0;
}

/* The side that just moved cannot still be in check. */
static int check_side_not_to_move(const struct position *pos, char *err, size_t errlen)
{
	if (mover_in_check(pos))
		return fail(err, errlen, "%s is in check but it is %s's move",
			    pos->side_to_move == WHITE ? "black" : "white",
			    pos->side_to_move == WHITE ? "white" : "black");
	return 0;
}

/* Could the position have arisen from the start position by legal moves?
 * Not needed to generate moves (perft suites hold positions that fail it),
 * but a game's start position that fails it makes every finding moot. */
static int check_reachable(const struct position *pos, char *err, size_t errlen)
{
	if (check_material(pos, err, errlen) != 0 || check_ep_origin(pos, err, errlen) != 0
	    || check_checkers(pos, err, errlen) != 0)
		return -1;
	return 0;
}

static int parse(struct position *pos, const char *fen, int chess960, struct repairs *repairs, int reachable,
		 char *err, size_t errlen)
{
	struct field fields[FIELD_LIMIT] = { { NULL, 0 } };
	struct position parsed;
	int count;

	attacks_init();
	if (err && errlen)
		err[0] = '\0';
	if (!fen)
		return fail(err, errlen, "no FEN given");
	count = split_fields(fen, fields);
	memset(&parsed, 0, sizeof parsed);
	parsed.chess960 = (uint8_t)(chess960 != 0);
	if (check_field_count(fields, count, err, errlen) != 0
	    || parse_placement(&parsed, &fields[0], err, errlen) != 0
	    || check_kings_and_pawns(&parsed, err, errlen) != 0
	    || parse_side(&parsed, &fields[1], err, errlen) != 0
	    || parse_castling(&parsed, &fields[2], chess960, repairs, err, errlen) != 0
	    || parse_ep(&parsed, &fields[3], err, errlen) != 0
	    || parse_clocks(&parsed, fields, count, repairs, err, errlen) != 0
	    || check_side_not_to_move(&parsed, err, errlen) != 0
	    || (reachable && check_reachable(&parsed, err, errlen) != 0))
		return -1;
	parsed.ep_keyed = parsed.ep_square != SQUARE_NONE && ep_capture_legal(&parsed);
	parsed.key = position_key(&parsed);
	*pos = parsed;
	return 0;
}

int fen_parse(struct position *pos, const char *fen, int chess960, char *err, size_t errlen)
{
	return parse(pos, fen, chess960, NULL, 0, err, errlen);
}

int fen_parse_repair(struct position *pos, const char *fen, int chess960, char *err, size_t errlen,
		     char *repaired, size_t repairedlen)
{
	struct repairs repairs = { repaired, repairedlen, 0 };
	char scratch[200];
	if (repairedlen)
		repaired[0] = '\0';
	/* err doubles as scratch space for the reasons of dropped rights. */
	if (!err || errlen < sizeof scratch) {
		err = scratch;
		errlen = sizeof scratch;
	}
	if (parse(pos, fen, chess960, &repairs, 1, err, errlen) != 0)
		return -1;
	return repairs.done;
}

static char *write_placement(const struct position *pos, char *out)
{
	static const char letters[] = " PNBRQKpnbrqk";

	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			int piece = pos->board[SQUARE(file, rank)];
			if (piece == PIECE_NONE) {
				empty++;
				continue;
			}
			if (empty)
				*out++ = (char)('0' + empty);
			empty = 0;
			*out++ = letters[piece];
		}
		if (empty)
			*out++ = (char)('0' + empty);
		if (rank)
			*out++ = '/';
	}
	return out;
}

/* K/Q (k/q) for the outermost rook on its side, else (Chess960 only) the
 * rook's file, kingside before queenside, White before Black. */
static char *write_castling(const struct position *pos, char *out)
{
	char *start = out;

	for (int color = WHITE; color <= BLACK; color++) {
		int back = color == WHITE ? 0 : 7;
		int king = position_king_square(pos, color);
		bitboard rooks = pos->by_type[ROOK] & pos->by_color[color] & RANK_BB(back);
		bitboard rights = pos->castling_rooks & RANK_BB(back);
		for (int kingside = 1; kingside >= 0; kingside--) {
			bitboard right = rights & beyond(king, kingside);
			if (!right)
				continue;
			int sq = lsb(right);
			bitboard outer = rooks & beyond(sq, kingside);
			char letter = (char)(kingside ? 'k' : 'q');
			if (pos->chess960 && outer)
				letter = (char)('a' + FILE_OF(sq));
			*out++ = (char)(color == WHITE ? letter - 'a' + 'A' : letter);
		}
	}
	if (out == start)
		*out++ = '-';
	return out;
}

/* The decimal digits of n, '-' first when negative, into buf (no NUL);
 * returns how many.  Every finding writes a FEN, where snprintf's reading
 * of its format cost more than the rest of the FEN. */
size_t write_decimal(int n, char *buf)
{
	char digits[12];
	unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
	size_t count = 0, len = 0;
	do
		digits[count++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (n < 0)
		buf[len++] = '-';
	while (count > 0)
		buf[len++] = digits[--count];
	return len;
}

void fen_write(const struct position *pos, char *buf)
{
	char clocks[32];
	size_t clocks_length = 0;
	char *out = write_placement(pos, buf);

	*out++ = ' ';
	*out++ = pos->side_to_move == WHITE ? 'w' : 'b';
	*out++ = ' ';
	out = write_castling(pos, out);
	*out++ = ' ';
	if (ep_capture_legal(pos)) {
		*out++ = (char)('a' + FILE_OF(pos->ep_square));
		*out++ = (char)('1' + RANK_OF(pos->ep_square));
	} else {
		*out++ = '-';
	}
	/* " %d %d", cut short at FEN_MAX - 1 bytes as snprintf would. */
	clocks[clocks_length++] = ' ';
	clocks_length += write_decimal(pos->halfmove_clock, clocks + clocks_length);
	clocks[clocks_length++] = ' ';
	clocks_length += write_decimal(pos->fullmove_number, clocks + clocks_length);
	size_t room = (size_t)(FEN_MAX - 1 - (out - buf));
	if (clocks_length > room)
		clocks_length = room;
	memcpy(out, clocks, clocks_length);
	out[clocks_length] = '\0';
}
