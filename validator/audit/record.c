/*
 * record.c - the per-game record of a replay (see record.h).
 */
#include "validator/audit/record.h"
#include "util/memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void grow(struct game_record *rec, int cap)
{
	/* The arrays are made together: keys has cap + 1 entries once cap
	 * is above 0, resets cap; plies cap + 1 as well, the first of them
	 * plies[-1], ply 0's (record_position). */
	size_t old = (size_t)rec->cap;
	struct ply_record *base = rec->plies ? rec->plies - 1 : NULL;
	base = memory_grow(base, old ? (old + 1) * sizeof *base : 0, ((size_t)cap + 1) * sizeof *base);
	struct ply_record *plies = base ? base + 1 : NULL;
	uint64_t *keys = plies ? memory_grow(rec->keys, old ? (old + 1) * sizeof *keys : 0, ((size_t)cap + 1) * sizeof *keys)
			       : NULL;
	int *resets = keys ? memory_grow(rec->resets, old * sizeof *resets, (size_t)cap * sizeof *resets) : NULL;
	if (!plies || !keys || !resets)
		memory_exhausted();
	rec->plies = plies;
	rec->keys = keys;
	rec->resets = resets;
	rec->cap = cap;
}

struct ply_record *record_push(struct game_record *rec)
{
	if (rec->count == rec->cap)
		grow(rec, rec->cap ? rec->cap * 2 : 256);
	return &rec->plies[rec->count++];
}

void record_restart(struct game_record *rec)
{
	if (!rec->keys)
		grow(rec, 256);
	rec->count = 0;
	rec->reset_count = 0;
	rec->stood[0] = rec->stood[1] = 0;
	rec->stood_first[0] = rec->stood_first[1] = 0;
	rec->illegal_since = 0;
	rec->board_signal = 0;
	rec->keys[0] = rec->start.key;
	struct ply_record *zero = &rec->plies[-1];
	memset(zero, 0, sizeof *zero);
	zero->after = rec->start;
}

void record_reset(struct game_record *rec, const struct pgn_game *g, enum rules_edition rules)
{
	rec->game = g;
	rec->rules = rules;
	rec->count = 0;
	rec->reset_count = 0;
	rec->stop = STOP_NONE;
	rec->stop_token = NULL;
	rec->termination = NULL;
	rec->reading = 0;
	rec->repairs = 0;
	rec->stood[0] = rec->stood[1] = 0;
	rec->stood_first[0] = rec->stood_first[1] = 0;
	rec->illegal_since = 0;
	rec->board_signal = 0;
	rec->ending_count = 0;
}

void record_free(struct game_record *rec)
{
	free(rec->plies ? rec->plies - 1 : NULL);
	free(rec->keys);
	free(rec->resets);
	memset(rec, 0, sizeof *rec);
}

int record_earlier_occurrences(const struct game_record *rec, int ply, int *earlier, int max)
{
	const struct position *pos = record_position(rec, ply);
	int found = 0;
	/* Positions before the last irreversible move cannot recur; the clock
	 * says how far back that was (and the start position bounds it). */
	int oldest = ply - pos->halfmove_clock;
	if (oldest < 0)
		oldest = 0;
	/* Every other ply has the other side to move, which the key tells
	 * apart: only plies of the same parity can match. */
	if ((ply - oldest) % 2 != 0)
		oldest++;
	for (int p = oldest; p < ply; p += 2) {
		if (record_key(rec, p) != pos->key)
			continue;
		if (found < max)
			earlier[found] = p;
		found++;
	}
	return found;
}

/* Appends the string s to buf (len bytes, *used of them written) as far as
 * it fits with the NUL, as snprintf cuts its output short. */
static void append_bounded(char *buf, size_t len, size_t *used, const char *s, size_t n)
{
	size_t room = len - 1 - *used;
	if (n > room)
		n = room;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

/* Writes "23...Kg8" after the `used` bytes already in buf (as snprintf
 * with "%d%s%s" would there). */
static void write_move_label(const struct game_record *rec, int ply, char *buf, size_t len, size_t used)
{
	const struct position *before = record_position(rec, ply - 1);
	const char *text = pgn_token_text(rec->game, rec->plies[ply - 1].token);
	char number[16];
	size_t n = write_decimal(before->fullmove_number, number);
	append_bounded(buf, len, &used, number, n);
	append_bounded(buf, len, &used, before->side_to_move == WHITE ? ". " : "...",
		       before->side_to_move == WHITE ? 2 : 3);
	append_bounded(buf, len, &used, text, strnlen(text, len - 1 - used));
}

void record_move_label(const struct game_record *rec, int ply, char *buf, size_t len)
{
	if (len == 0)
		return;
	write_move_label(rec, ply, buf, len, 0);
}

void record_where(const struct game_record *rec, int ply, char *buf, size_t len)
{
	size_t used = 0;
	if (len == 0)
		return;
	if (ply == 0) {
		append_bounded(buf, len, &used, "at the start", 12);
		return;
	}
	/* "after " and a label of up to 63 bytes, as the label was made
	 * apart before. */
	append_bounded(buf, len, &used, "after ", 6);
	write_move_label(rec, ply, buf, used + 64 < len ? used + 64 : len, used);
}

struct finding *move_finding(struct finding_list *out, enum check_code code, const struct pgn_game *g,
			     const struct pgn_token *t, const struct position *before, int ply)
{
	struct finding *f = finding_add(out, code);
	f->line = t->line;
	f->column = t->column;
	f->ply = ply;
	f->move_number = before->fullmove_number;
	f->side = before->side_to_move;
	f->san = pgn_token_text(g, t);
	fen_write(before, f->fen);
	return f;
}

struct finding *record_move_finding(const struct game_record *rec, int ply, enum check_code code,
				    struct finding_list *out)
{
	return move_finding(out, code, rec->game, rec->plies[ply - 1].token, record_position(rec, ply - 1), ply);
}

struct finding *record_game_finding(const struct game_record *rec, enum check_code code, struct finding_list *out)
{
	struct finding *f = finding_add(out, code);
	if (rec->termination) {
		f->line = rec->termination->line;
		f->column = rec->termination->column;
	} else if (rec->count > 0) {
		f->line = rec->plies[rec->count - 1].token->line;
		f->column = rec->plies[rec->count - 1].token->column;
	} else {
		f->line = rec->game->first_line;
		f->column = 1;
	}
	fen_write(record_position(rec, rec->count), f->fen);
	return f;
}
