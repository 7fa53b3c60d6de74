/*
 * recover.c - recording errors and the moves they hide (see recover.h).
 *
 * Every explanation becomes the plies it would play; the rest of the game
 * is then replayed from there (reach()).  Explanations that replay the rest
 * to the end - or to RECOVER_HORIZON plies - are kept.  When none does,
 * because a second error comes later, those that get furthest are kept if
 * they get at least RECOVER_MIN_REACH plies on: the next error is then
 * searched when the replay gets there.
 */
#include "validator/audit/recover.h"

#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "validator/chess/movegen.h"

static int reach(enum lang reading, struct position pos, const struct written *written, int count, int from,
		 int limit)
{
	struct move_reading r;
	int n = 0;
	for (int i = from; i < count && n < limit; i++, n++) {
		if (lang_read_move(reading, &pos, written[i].text, written[i].length, &r) != READ_OK)
			break;
		make_move(&pos, r.match.move);
	}
	return n;
}

struct search {
	enum lang reading;
	const struct position *pos;
	const struct written *written;
	int count, at;
	struct repair best[RECOVER_MAX_FOUND];
	int kept, total, best_reach, full_reach;
};

/* Weighs an explanation r, whose plies lead to `after`. */
static void consider(struct search *s, const struct repair *r, const struct position *after)
{
	for (int i = 0; i < s->kept; i++) /* the same plies found another way */
		if (s->best[i].plies == r->plies && memcmp(s->best[i].moves, r->moves, sizeof r->moves) == 0
		    && memcmp(s->best[i].order, r->order, sizeof r->order) == 0)
			return;
	/* The score is how many written tokens from the failing one on the
	 * explanation accounts for: those it used up, and those that follow. */
	int from = s->at + r->consumed;
	int got = r->consumed + reach(s->reading, *after, s->written, s->count, from, s->full_reach - r->consumed);
	if (got < s->best_reach)
		return;
	if (got > s->best_reach) {
		s->best_reach = got;
		s->kept = s->total = 0;
	}
	if (s->kept < RECOVER_MAX_FOUND)
		s->best[s->kept++] = *r;
	s->total++;
}

/* One spelling of the failing move: if it is legal, an explanation. */
static void try_san(struct search *s, enum repair_kind kind, const struct san *san)
{
	struct match_result res;
	san_match(s->pos, san, &res);
	if (res.status != MATCH_OK)
		return;
	struct repair r = { kind, { res.move, 0, 0 }, 1, 1, { 0, -1, -1 } };
	struct position after = *s->pos;
	make_move(&after, res.move);
	consider(s, &r, &after);
}

static void try_piece_letters(struct search *s, const struct san *san)
{
	if (san->kind != SAN_MOVE || san->piece == SAN_ANY || san->promotion >= 0)
		return;
	for (int p = SAN_KNIGHT; p <= SAN_KING; p++) {
		if (p == san->piece)
			continue;
		struct san v = *san;
		v.piece = (uint8_t)p;
		try_san(s, REPAIR_PIECE, &v);
	}
}

/* The other values a written file or rank is often mistaken for: one off,
 * and the pairs handwriting confuses. */
static int confusions(int value, int is_rank, int out[4])
{
	static const int8_t rank_pairs[][2] = { { 0, 6 }, { 2, 7 }, { 4, 5 } };    /* 1/7, 3/8, 5/6 */
	static const int8_t file_pairs[][2] = { { 2, 4 }, { 1, 7 }, { 0, 3 } };    /* c/e, b/h, a/d */
	const int8_t (*pairs)[2] = is_rank ? rank_pairs : file_pairs;
	int n = 0;
	if (value > 0)
		out[n++] = value - 1;
	if (value < 7)
		out[n++] = value + 1;
	for (int i = 0; i < 3; i++) {
		if (pairs[i][0] == value)
			out[n++] = pairs[i][1];
		else if (pairs[i][1] == value)
			out[n++] = pairs[i][0];
	}
	return n;
}

static void try_squares(struct search *s, const struct san *san)
{
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG) {
		struct san v = *san;
		v.kind = san->kind == SAN_CASTLE_SHORT ? SAN_CASTLE_LONG : SAN_CASTLE_SHORT;
		try_san(s, REPAIR_SQUARE, &v);
		return;
	}
	if (san->kind != SAN_MOVE || san->to < 0)
		return;
	int file = san->to % 8, rank = san->to / 8, other[4];
	int n = confusions(file, 0, other);
	for (int i = 0; i < n; i++) {
		struct san v = *san;
		v.to = (int8_t)(rank * 8 + other[i]);
		try_san(s, REPAIR_SQUARE, &v);
	}
	n = confusions(rank, 1, other);
	for (int i = 0; i < n; i++) {
		struct san v = *san;
		v.to = (int8_t)(other[i] * 8 + file);
		try_san(s, REPAIR_SQUARE, &v);
	}
	struct san mirrored = *san;
	mirrored.to = (int8_t)((7 - rank) * 8 + file);
	if (mirrored.from_rank >= 0)
		mirrored.from_rank = (int8_t)(7 - mirrored.from_rank);
	try_san(s, REPAIR_SIDE, &mirrored);
}

static void try_origins(struct search *s, const struct san *san)
{
	if (san->kind != SAN_MOVE || san->piece == SAN_ANY)
		return;
	int other[4];
	if (san->from_file >= 0 && san->piece != SAN_PAWN) {
		struct san v = *san;
		v.from_file = -1;
		try_san(s, REPAIR_ORIGIN, &v);
		int n = confusions(san->from_file, 0, other);
		for (int i = 0; i < n; i++) {
			v = *san;
			v.from_file = (int8_t)other[i];
			try_san(s, REPAIR_ORIGIN, &v);
		}
	}
	if (san->from_rank >= 0) {
		struct san v = *san;
		v.from_rank = -1;
		try_san(s, REPAIR_ORIGIN, &v);
		int n = confusions(san->from_rank, 1, other);
		for (int i = 0; i < n; i++) {
			v = *san;
			v.from_rank = (int8_t)other[i];
			try_san(s, REPAIR_ORIGIN, &v);
		}
	}
}

/* A pawn capture written as a push (the x and the file left out) or a push
 * written as a capture. */
static void try_capture_marks(struct search *s, const struct san *san)
{
	if (san->kind != SAN_MOVE || san->piece != SAN_PAWN || san->to < 0)
		return;
	int file = san->to % 8;
	if (san->from_file < 0) {
		for (int d = -1; d <= 1; d += 2) {
			if (file + d < 0 || file + d > 7)
				continue;
			struct san v = *san;
			v.capture = 1;
			v.from_file = (int8_t)(file + d);
			try_san(s, REPAIR_CAPTURE, &v);
		}
	} else {
		struct san v = *san;
		v.capture = 0;
		v.from_file = -1;
		try_san(s, REPAIR_CAPTURE, &v);
		v.to = (int8_t)((san->to / 8) * 8 + san->from_file); /* exd5 meant e5 */
		try_san(s, REPAIR_CAPTURE, &v);
	}
}

/* A written English piece letter that is no letter at all (Sf3, Lc4 in an
 * English reading): each real letter in its place. */
static void try_unreadable_letter(struct search *s)
{
	const struct written *w = &s->written[s->at];
	char text[SAN_TEXT_MAX];
	if (w->length < 3 || w->length >= sizeof text || w->text[0] < 'A' || w->text[0] > 'Z')
		return;
	memcpy(text, w->text, w->length);
	text[w->length] = '\0';
	static const char letters[] = "NBRQK";
	for (int i = 0; letters[i]; i++) {
		struct san san;
		text[0] = letters[i];
		if (san_parse(text, w->length, &san, NULL, 0) == 0)
			try_san(s, REPAIR_PIECE, &san);
	}
}

/* A ply that was not recorded: every legal move, then the written one. */
static void try_skipped(struct search *s)
{
	struct move_list legal;
	struct move_reading r;
	generate_legal(s->pos, &legal);
	const struct written *w = &s->written[s->at];
	for (int i = 0; i < legal.count; i++) {
		struct position p = *s->pos;
		make_move(&p, legal.moves[i]);
		if (lang_read_move(s->reading, &p, w->text, w->length, &r) != READ_OK)
			continue;
		struct repair rep = { REPAIR_SKIPPED, { legal.moves[i], r.match.move, 0 }, 2, 1, { -1, 0, -1 } };
		make_move(&p, r.match.move);
		consider(s, &rep, &p);
	}
}

/* The written tokens at + order[0], at + order[1], ... played in turn. */
static void try_order(struct search *s, enum repair_kind kind, int plies, const int order[3])
{
	if (s->at + plies > s->count)
		return;
	struct repair rep = { kind, { 0, 0, 0 }, plies, plies, { order[0], order[1], order[2] } };
	struct position p = *s->pos;
	struct move_reading r;
	for (int i = 0; i < plies; i++) {
		const struct written *w = &s->written[s->at + order[i]];
		if (lang_read_move(s->reading, &p, w->text, w->length, &r) != READ_OK)
			return;
		rep.moves[i] = r.match.move;
		make_move(&p, r.match.move);
	}
	consider(s, &rep, &p);
}

int recover_move(enum lang reading, const struct position *pos, const struct written *written, int count, int at,
		 struct recovery *out)
{
	struct search s = { reading, pos, written, count, at, { { 0 } }, 0, 0, 0, 0 };
	int rest = count - at;
	s.full_reach = rest < RECOVER_HORIZON ? rest : RECOVER_HORIZON;
	/* Fewer plies than this after a repair are no evidence for it. */
	s.best_reach = s.full_reach < RECOVER_MIN_REACH + 1 ? s.full_reach : RECOVER_MIN_REACH + 1;

	struct move_reading r;
	const struct written *w = &written[at];
	lang_read_move(reading, pos, w->text, w->length, &r);
	if (r.status == READ_AMBIGUOUS) {
		for (int i = 0; i < r.match.candidate_count; i++) {
			struct repair rep = { REPAIR_AMBIGUOUS, { r.match.candidates[i], 0, 0 }, 1, 1, { 0, -1, -1 } };
			struct position p = *pos;
			make_move(&p, r.match.candidates[i]);
			consider(&s, &rep, &p);
		}
	}
	if (r.status == READ_ILLEGAL || r.status == READ_AMBIGUOUS) {
		try_piece_letters(&s, &r.san);
		try_squares(&s, &r.san);
		try_origins(&s, &r.san);
		try_capture_marks(&s, &r.san);
	} else if (r.status == READ_UNREADABLE && reading == LANG_EN) {
		try_unreadable_letter(&s);
	}
	try_skipped(&s);
	static const int swap[3] = { 1, 0, -1 }, reorder[3] = { 2, 1, 0 };
	try_order(&s, REPAIR_SWAPPED, 2, swap);
	try_order(&s, REPAIR_REORDERED, 3, reorder);

	memcpy(out->found, s.best, sizeof s.best);
	out->count = s.kept;
	out->total = s.total;
	out->reach = s.best_reach;
	out->horizon = s.full_reach;
	return s.total;
}

int recover_reach(enum lang reading, const struct position *pos, const struct written *written, int count,
		  int from, int limit)
{
	return reach(reading, *pos, written, count, from, limit);
}

const char *repair_kind_text(enum repair_kind kind)
{
	switch (kind) {
	case REPAIR_PIECE: return "a wrong piece letter";
	case REPAIR_SQUARE: return "the destination square misread";
	case REPAIR_ORIGIN: return "the origin misread";
	case REPAIR_CAPTURE: return "the capture mark and file missing or extra";
	case REPAIR_SIDE: return "the rank counted from the other side";
	case REPAIR_AMBIGUOUS: return "the origin left out";
	case REPAIR_SKIPPED: return "a ply not recorded";
	case REPAIR_SWAPPED: return "two plies written in each other's place";
	case REPAIR_REORDERED: return "two moves of one player written in the wrong order";
	default: return "no repair";
	}
}

void repair_san(const struct repair *r, const struct position *pos, char *buf, size_t len)
{
	struct position p = *pos;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < r->plies && used < len; i++) {
		char san[SAN_MAX];
		move_to_san(&p, r->moves[i], san);
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", san);
		make_move(&p, r->moves[i]);
	}
}

int record_repair_note(const struct game_record *rec, int ply, char *buf, size_t len)
{
	const struct ply_record *p = &rec->plies[ply - 1];
	if (p->repair == REPAIR_NONE)
		return 0;
	const struct position *before = record_position(rec, ply - 1);
	char san[SAN_MAX];
	move_to_san(before, p->move, san);
	const char *dots = before->side_to_move == WHITE ? ". " : "...";
	const char *written = pgn_token_text(rec->game, p->token);
	switch (p->repair) {
	case REPAIR_SKIPPED:
		snprintf(buf, len, "%d%s%s not recorded", before->fullmove_number, dots, san);
		break;
	case REPAIR_SWAPPED:
	case REPAIR_REORDERED:
		snprintf(buf, len, "%d%s%s recorded out of order", before->fullmove_number, dots, san);
		break;
	default:
		snprintf(buf, len, "%d%s%s recorded as %s", before->fullmove_number, dots, san, written);
		break;
	}
	return 1;
}
