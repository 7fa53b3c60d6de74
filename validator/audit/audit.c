/*
 * audit.c - the replay pass behind `check` and `replay` (see audit.h).
 */
#include "validator/audit/audit.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "validator/audit/lang.h"
#include "validator/chess/movegen.h"
#include "validator/chess/notation.h"
#include "parser/san.h"
#include "validator/audit/clocks.h"
#include "validator/audit/passes.h"
#include "validator/audit/recover.h"
#include "util/memory.h"
#include "validator/chess/unwinnable.h"

static const char *move_label(const struct position *pos, const char *san, char *buf, size_t len)
{
	snprintf(buf, len, "%d%s %s", pos->fullmove_number, pos->side_to_move == WHITE ? "." : "...", san);
	return buf;
}

/* A written move in a position without legal moves: the game was over. */
static void report_move_after_mate(const struct game_record *rec, const struct pgn_token *t,
				   const struct position *pos, int ply, struct finding_list *out)
{
	char label[64];
	struct finding *f = move_finding(out, CHECK_MOVE_AFTER_END, rec->game, t, pos, ply);
	int mate = in_check(pos);
	f->rule = mate ? "FIDE 5.1.1" : "FIDE 5.2.1";
	record_where(rec, rec->count, label, sizeof label);
	snprintf(f->message, sizeof f->message,
		 "%.40s is recorded after the game ended: the position %s is %s; the rest of the game is not replayed",
		 pgn_token_text(rec->game, t), label, mate ? "checkmate" : "stalemate");
}

/* "a, b or c" of moves from pos, into list. */
static void list_moves(const struct position *pos, const move *moves, int count, char *list, size_t len)
{
	size_t used = 0;
	list[0] = '\0';
	for (int i = 0; i < count && used < len - SAN_MAX - 8; i++) {
		char san_text[SAN_MAX];
		move_to_san(pos, moves[i], san_text);
		used += (size_t)snprintf(list + used, len - used, "%s%s",
					 i == 0 ? "" : i + 1 == count ? " or " : ", ", san_text);
	}
}

/* The finding for a move that could not be read as written: syntax,
 * illegal-move or ambiguous-move.  `then` ends the message: what the replay
 * does next. */
struct finding *report_move_failure(const struct pgn_game *g, const struct pgn_token *t, const struct position *pos,
				    int ply, const struct move_reading *r, const char *then, struct finding_list *out)
{
	const char *text = pgn_token_text(g, t);
	char label[64];
	struct finding *f;
	if (r->status == READ_UNREADABLE) {
		f = move_finding(out, CHECK_SYNTAX, g, t, pos, ply);
		f->rule = "PGN 8.2.3";
		snprintf(f->message, sizeof f->message, "'%.40s' is not a move: %s; %s", text, r->error, then);
		return f;
	}
	move_label(pos, text, label, sizeof label);
	if (r->status == READ_ILLEGAL) {
		const struct san *san = &r->san;
		f = move_finding(out, CHECK_ILLEGAL_MOVE, g, t, pos, ply);
		f->rule = r->match.rule;
		snprintf(f->message, sizeof f->message, "%.50s is illegal: %s; %s", label, r->match.reason, then);
		/* A pawn written on a last rank without a piece: the queen, when
		 * that is a legal move (not for a pawn that cannot get there, nor
		 * for White's pawn "on" the first rank). */
		if (san->kind == SAN_MOVE && san->piece == SAN_PAWN && san->promotion < 0 && san->to >= 0
		    && (san->to >= 56 || san->to < 8)) {
			const char *written = r->english[0] ? r->english : text;
			char queen_text[48];
			struct move_reading queen;
			int n = snprintf(queen_text, sizeof queen_text, "%.*s=Q", (int)strcspn(written, "+#!?"), written);
			if (n > 0 && (size_t)n < sizeof queen_text
			    && lang_read_move(LANG_EN, pos, queen_text, (size_t)n, &queen) == READ_OK)
				move_to_san(pos, queen.match.move, f->suggestion);
		}
		return f;
	}
	char list[160];
	list_moves(pos, r->match.candidates, r->match.candidate_count, list, sizeof list);
	f = move_finding(out, CHECK_AMBIGUOUS_MOVE, g, t, pos, ply);
	f->rule = "FIDE C.11";
	snprintf(f->message, sizeof f->message, "%.50s is ambiguous: it could be %s; %s", label, list, then);
	snprintf(f->suggestion, sizeof f->suggestion, "%.63s", list);
	return f;
}

/* A lone `e.p.` after a capture belongs to that capture. */
static int is_ep_mark(const struct pgn_game *g, const struct pgn_token *t)
{
	return t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0;
}

/* Puts the game's findings (from index `first` on) in file order; stable, and
 * cheap for the handful of findings a game has. */
static void sort_by_position(struct finding_list *out, int first)
{
	for (int i = first + 1; i < out->count; i++) {
		struct finding f = out->items[i];
		int j = i;
		while (j > first && (out->items[j - 1].line > f.line
				     || (out->items[j - 1].line == f.line && out->items[j - 1].column > f.column))) {
			out->items[j] = out->items[j - 1];
			j--;
		}
		out->items[j] = f;
	}
}

/* ---- the main line, as tokens ---- */

struct line_token {
	const struct pgn_token *token;
	const struct pgn_token *number; /* the move number written just before it, or NULL */
	int filler;                     /* no move outside English: an Arabic move number, a direction mark */
};

static void *grow(void *p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return p;
	int cap2 = *cap ? *cap : 256;
	while (cap2 < need)
		cap2 *= 2;
	void *q = xmemory_grow(p, (size_t)*cap * size, (size_t)cap2 * size);
	*cap = cap2;
	return q;
}

/* The replay never goes past RECORD_MAX_PLIES plies, so more tokens than
 * that (and as many fillers) are not kept: memory stays bounded whatever
 * the game's length. */
#define MAIN_LINE_MAX (2 * (RECORD_MAX_PLIES + 1))

/* Every reading but English leaves the fillers out. */
static int skips_fillers(const struct auditor *a, enum lang l)
{
	return l != LANG_EN && a->fillers > 0;
}

/* Is t a move token of the main line (what every reading reads, fillers
 * aside)?  A main-line move number on the way is kept in *number, for the
 * move after it.  collect_main_line and replay_plain_tokens take the main
 * line through this one test, so that they agree on where each move is. */
static inline int on_main_line(const struct pgn_game *g, const struct pgn_token *t, const struct pgn_token **number)
{
	if (t->depth != 0)
		return 0;
	if (t->type == TOKEN_MOVE_NUMBER)
		*number = t;
	return t->type == TOKEN_SYMBOL && !is_ep_mark(g, t);
}

/* Collects the main line and selects it all as written (what English and
 * a game without fillers read), in one pass. */
static void collect_main_line(struct auditor *a, const struct pgn_game *g)
{
	const struct pgn_token *number = NULL, *tokens = g->tokens;
	/* The counts in locals: the stores into the arrays below would make
	 * the compiler read a->line_count again for every token. */
	int n = 0, fillers = 0, token_count = g->token_count;
	/* Room for every main-line token at once, not a test per token. */
	int need = token_count < MAIN_LINE_MAX ? token_count : MAIN_LINE_MAX, cap = a->written_cap;
	a->line = grow(a->line, &a->line_cap, need, sizeof *a->line);
	a->written = grow(a->written, &cap, need + 1, sizeof *a->written);
	a->written_line = grow(a->written_line, &a->written_cap, need + 1, sizeof *a->written_line);
	struct line_token *line = a->line;
	struct written *written = a->written;
	int *written_line = a->written_line;
	for (int i = 0; i < token_count && n < MAIN_LINE_MAX; i++) {
		const struct pgn_token *t = &tokens[i];
		if (!on_main_line(g, t, &number))
			continue;
		const char *text = pgn_token_text(g, t);
		struct line_token *lt = &line[n];
		lt->token = t;
		lt->number = number;
		lt->filler = (unsigned char)text[0] >= 0x80 && lang_is_filler(text, t->length);
		fillers += lt->filler;
		if (!lt->filler)
			number = NULL;
		written[n] = (struct written){ text, t->length };
		written_line[n] = n;
		n++;
	}
	a->line_count = n;
	a->fillers = fillers;
	a->written_count = n <= RECORD_MAX_PLIES + 1 ? n : RECORD_MAX_PLIES + 1;
	a->written_skips_fillers = 0;
	a->line_collected = 1;
}

/* The main line of the game being audited, collected the first time a
 * replay needs it: a game of plain English moves is replayed straight from
 * its tokens (replay_plain_tokens) and never needs it. */
static void main_line(struct auditor *a)
{
	if (!a->line_collected)
		collect_main_line(a, a->record.game);
}

/* The tokens reading l reads as moves, into a->written (collect_main_line
 * left them all there). */
static void select_written(struct auditor *a, enum lang l)
{
	int skip = skips_fillers(a, l);
	if (skip == a->written_skips_fillers)
		return;
	int n = 0, line_count = a->line_count;
	const struct pgn_game *g = a->record.game;
	for (int i = 0; i < line_count && n <= RECORD_MAX_PLIES; i++) {
		if (skip && a->line[i].filler)
			continue;
		const struct pgn_token *t = a->line[i].token;
		a->written[n] = (struct written){ pgn_token_text(g, t), t->length };
		a->written_line[n++] = i;
	}
	a->written_count = n;
	a->written_skips_fillers = skip;
}

/* ---- replaying in one reading ---- */

__attribute__((flatten)) static void push_ply(struct game_record *rec, move m, const struct pgn_token *t, const struct pgn_token *number,
		     const struct san *san, int repair)
{
	struct ply_record *p = record_push(rec);
	/* record_push may move the array: the position before is read anew. */
	p->after = *record_position(rec, rec->count - 1);
	make_move(&p->after, m);
	rec->keys[rec->count] = p->after.key;
	/* Without a branch: whether a move resets the clock follows no
	 * pattern a branch predictor learns. */
	rec->resets[rec->reset_count] = rec->count;
	rec->reset_count += p->after.halfmove_clock == 0;
	/* What the next move needs to be matched, found once for it and for
	 * the notation pass (the check mark). */
	bitboard pinned;
	p->check = (uint8_t)check_and_pins(&p->after, &pinned);
	p->pinned = pinned;
	p->move = m;
	p->token = t;
	p->number = number;
	p->san = *san;
	p->repair = (uint8_t)repair;
	p->stood = 0;
}

/* How far the game replays under the repairs found at the written move
 * `at`: "the rest of the game replays", or how many moves do and where the
 * replay fails again (that failure is then looked at in its turn). */
static void describe_reach(const struct auditor *a, int at, const struct recovery *found, char *buf, size_t len)
{
	int rest = a->written_count - at;
	if (found->reach >= rest) {
		snprintf(buf, len, "the rest of the game replays");
		return;
	}
	int after = found->reach - found->found[0].consumed;
	if (found->reach >= found->horizon) {
		snprintf(buf, len, "the next %d plies replay (the search looks no further)", after);
		return;
	}
	const struct written *next = &a->written[at + found->reach];
	const struct pgn_token *t = a->line[a->written_line[at + found->reach]].token;
	snprintf(buf, len, "the game replays furthest, though not to the end: %d more plies, up to '%.*s' at line %" PRIu64 ", which fails too",
		 after, (int)(next->length < 24 ? next->length : 24), next->text, pgn_file_line(a->record.game, t->line));
}

/* With --recover, at a failing move: plays the one repair the rest of the
 * game agrees with and returns the written tokens it used up, or reports
 * the failure (with the repairs it found) and returns 0. */
static int recover_at(struct auditor *a, int at, const struct move_reading *r, struct finding_list *out)
{
	struct game_record *rec = &a->record;
	const struct position *pos = record_position(rec, rec->count);
	const struct pgn_token *t = a->line[a->written_line[at]].token;
	int ply = rec->count + 1;
	struct recovery found;
	recover_move(rec->reading, pos, a->written, a->written_count, at, &found);
	char then[320], san_text[64];
	if (found.total != 1) {
		if (found.total == 0) {
			report_move_failure(rec->game, t, pos, ply, r, "no likely recording error explains it; the rest of the game is not replayed", out);
			return 0;
		}
		size_t used = 0;
		char list[200] = "";
		for (int i = 0; i < found.count && used < sizeof list - 80; i++) {
			repair_san(&found.found[i], pos, san_text, sizeof san_text);
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s (%s)",
						 i == 0 ? "" : i + 1 == found.total ? " or " : ", ", san_text,
						 repair_kind_text(found.found[i].kind));
		}
		snprintf(then, sizeof then, "%d recording errors would explain it: %.190s%s; the rest of the game is not replayed",
			 found.total, list, found.total > found.count ? " and others" : "");
		struct finding *f = report_move_failure(rec->game, t, pos, ply, r, then, out);
		used = 0;
		f->suggestion[0] = '\0';
		for (int i = 0; i < found.count; i++) {
			repair_san(&found.found[i], pos, san_text, sizeof san_text);
			if (used + strlen(san_text) + 4 >= sizeof f->suggestion)
				break;
			used += (size_t)snprintf(f->suggestion + used, sizeof f->suggestion - used, "%s%s",
						 i == 0 ? "" : i + 1 == found.total ? " or " : ", ", san_text);
		}
		return 0;
	}
	const struct repair *rep = &found.found[0];
	repair_san(rep, pos, san_text, sizeof san_text);
	char how_far[160];
	describe_reach(a, at, &found, how_far, sizeof how_far);
	snprintf(then, sizeof then, "read as %s (%s), the only repair under which %s", san_text,
		 repair_kind_text(rep->kind), how_far);
	struct finding *f = report_move_failure(rec->game, t, pos, ply, r, then, out);
	snprintf(f->suggestion, sizeof f->suggestion, "%s", san_text);
	for (int i = 0; i < rep->plies; i++) {
		int w = at + (rep->order[i] < 0 ? 0 : rep->order[i]);
		const struct line_token *lt = &a->line[a->written_line[w]];
		struct san san;
		const struct written *wr = &a->written[w];
		struct move_reading again;
		/* The parsed form of what was written, where it still says the move. */
		int moved = rep->kind >= REPAIR_SKIPPED && rep->order[i] >= 0;
		if (moved && lang_read_move(rec->reading, record_position(rec, rec->count), wr->text, wr->length, &again)
				     == READ_OK)
			san = again.san;
		else
			memset(&san, 0, sizeof san);
		/* After a ply not recorded, the written move that follows is
		 * read as written: only the inserted ply is a repair. */
		int kind = rep->kind == REPAIR_SKIPPED && rep->order[i] >= 0 ? REPAIR_NONE : (int)rep->kind;
		push_ply(rec, rep->moves[i], lt->token, i == 0 ? a->line[a->written_line[at]].number : NULL, &san,
			 kind);
	}
	rec->repairs++;
	return rep->consumed;
}

/* A token whose two spellings are both legal (Arabic حxز٤: Nxg4 or hxg4):
 * the one under which the rest of the game replays further is meant, as
 * with the choice of a notation; a tie stays ambiguous. */
static void settle_by_the_rest(const struct auditor *a, enum lang l, int at, const struct position *pos,
			       struct move_reading *r)
{
	int best = -1, best_reach = -1, tie = 0;
	for (int k = 0; k < r->match.candidate_count; k++) {
		struct position p = *pos;
		make_move(&p, r->match.candidates[k]);
		int got = recover_reach(l, &p, a->written, a->written_count, at + 1, RECOVER_HORIZON);
		if (got > best_reach) {
			best = k;
			best_reach = got;
			tie = 0;
		} else if (got == best_reach) {
			tie = 1;
		}
	}
	if (tie)
		return;
	move m = r->match.candidates[best];
	char english[SAN_MAX];
	move_to_san(pos, m, english);
	int read_back = lang_read_move(LANG_EN, pos, english, strlen(english), r) == READ_OK;
	assert(read_back); /* export SAN always reads back as its move */
	if (!read_back)
		r->status = READ_AMBIGUOUS;
}

/* A plain English token read by san_match_quick, or MOVE_NONE; flattened
 * so that parsing and matching make one call. */
__attribute__((flatten)) static move read_plain(const struct position *pos, const struct written *w, struct san *san,
						int check, bitboard pinned)
{
	if (san_parse(w->text, w->length, san, NULL, 0) != 0)
		return MOVE_NONE;
	return san_match_quick_pinned(pos, san, check, pinned);
}

/* Is the side to move at the end of the record in check (returned), and
 * which of its pieces are pinned (*pinned)?  The last ply's record says
 * so, or ply 0's (replay_reading). */
static inline int check_now(const struct game_record *rec, bitboard *pinned)
{
	const struct ply_record *p = &rec->plies[rec->count - 1];
	*pinned = p->pinned;
	return p->check;
}

/* Plays the written move w (token t, after the move number `number`) from
 * pos, the end of the record, when it is a plain English token
 * (read_plain); returns 0, having played nothing, when it is not.  The
 * English quick path of both replays below. */
static inline int push_plain(struct game_record *rec, const struct position *pos, int check, bitboard pinned,
			     const struct pgn_token *t, const struct pgn_token *number, const struct written *w)
{
	struct san san;
	move m = read_plain(pos, w, &san, check, pinned);
	if (m == MOVE_NONE)
		return 0;
	push_ply(rec, m, t, number, &san, 0);
	return 1;
}

/* Replays the English reading of the main line straight from the tokens,
 * as long as every move is a plain token (read_plain): what the loop of
 * replay_reading does with them, without collecting the main line first.
 * The main line is the tokens collect_main_line takes, and the move number
 * before a move is the one it gives.  Returns 1 when the whole main line
 * was replayed; else 0, with the plies before the first token it could not
 * read so played: they are the first rec->count of the main line.
 * Flattened: the parser, the matcher and the ply push are inlined into
 * its loop, which then keeps its state in registers across them instead
 * of saving and restoring it in two calls a ply (7% fewer instructions). */
__attribute__((flatten)) static int replay_plain_tokens(struct auditor *a)
{
	struct game_record *rec = &a->record;
	const struct pgn_game *g = rec->game;
	/* A game without tokens may have no token array at all (the first
	 * game a reader makes): no arithmetic on its null pointer. */
	if (g->token_count == 0)
		return 1;
	const struct pgn_token *t = g->tokens, *end = g->tokens + g->token_count, *number = NULL;
	for (; t < end; t++) {
		if (!on_main_line(g, t, &number))
			continue;
		if (rec->count >= RECORD_MAX_PLIES)
			return 0;
		const struct position *pos = record_position(rec, rec->count);
		struct written w = { pgn_token_text(g, t), t->length };
		bitboard pinned;
		int check = check_now(rec, &pinned);
		if (!push_plain(rec, pos, check, pinned, t, number, &w))
			return 0;
		number = NULL;
	}
	return 1;
}

/* ---- an illegal move that stood (--play-illegal) ---- */

/* Standard, rapid or blitz: the option, else the first period of the
 * TimeControl tag (PGN 9.6.1: "40/5400+30:1800+30", "300+2"; clocks.h),
 * its time and 60 times its increment: 10 minutes or less is blitz (FIDE
 * B.1), less than 60 rapid (A.1).  Standard when the tag gives no time. */
static enum time_class time_class_of(const struct auditor *a, const struct pgn_game *g)
{
	if (a->opt.time_class != TIME_CLASS_BY_TAG)
		return (enum time_class)a->opt.time_class;
	struct time_control tc;
	if (!time_control_read(pgn_tag_value(g, "TimeControl"), &tc))
		return TIME_CLASS_STANDARD;
	int64_t total = tc.period[0].ms + 60 * tc.period[0].increment_ms;
	return total <= 600000 ? TIME_CLASS_BLITZ : total < 3600000 ? TIME_CLASS_RAPID : TIME_CLASS_STANDARD;
}

/* The player's second illegal move that stood (third under the 2005
 * Laws): in standard play the arbiter who finds it declares the game lost
 * by that player, or drawn when the opponent cannot checkmate (7.5.5). */
static void report_repeated(const struct game_record *rec, const struct pgn_token *t, const struct position *pos,
			    int ply, int nth, struct finding_list *out)
{
	int us = pos->side_to_move;
	const char *player = us == WHITE ? "White" : "Black", *opponent = us == WHITE ? "Black" : "White";
	char first[64];
	record_move_label(rec, rec->stood_first[us], first, sizeof first);
	int drawn = mate_by_proofs(pos, (enum color)!us, NULL) == MATE_IMPOSSIBLE;
	struct finding *f = move_finding(out, CHECK_REPEATED_ILLEGAL_MOVE, rec->game, t, pos, ply);
	f->rule = "FIDE 7.5.5";
	const char *recorded = pgn_tag_value(rec->game, "Result");
	snprintf(f->message, sizeof f->message,
		 "this is %s's %s illegal move that stood (the first: %s): found during the game, it %s%s%s",
		 player, nth == 2 ? "second" : "third", first,
		 drawn ? "would have drawn the game, as " : "would have lost the game for ",
		 drawn ? opponent : player, drawn ? " cannot checkmate" : "");
	if (recorded) {
		size_t used = strlen(f->message);
		snprintf(f->message + used, sizeof f->message - used, "; the Result tag gives %.10s", recorded);
	}
	snprintf(f->suggestion, sizeof f->suggestion, "%s", drawn ? "1/2-1/2" : us == WHITE ? "0-1" : "1-0");
}

/* Plays m, an illegal move that stood (san_match_unlawful), as ply
 * rec->count + 1 written as lt: reported as illegal, with what the Laws
 * then say, and counted against its player. */
static void play_stood(struct auditor *a, const struct line_token *lt, const struct position *pos,
		       const struct move_reading *r, move m, struct finding_list *out)
{
	struct game_record *rec = &a->record;
	int us = pos->side_to_move, ply = rec->count + 1;
	enum time_class tc = time_class_of(a, rec->game);
	char then[240];
	if (tc == TIME_CLASS_STANDARD)
		snprintf(then, sizeof then, "played as it stood: the rest of the game is replayed from the position it makes, "
			 "which is not a legal one");
	else
		snprintf(then, sizeof then, "in %s it stands once %s has moved without a claim (%s); the rest of the game is "
			 "replayed from the position it makes, which is not a legal one",
			 tc == TIME_CLASS_RAPID ? "rapid chess" : "blitz", us == WHITE ? "Black" : "White",
			 rule_cite(rec->rules, tc == TIME_CLASS_RAPID ? "FIDE A.4.2" : "FIDE B.4"));
	report_move_failure(rec->game, lt->token, pos, ply, r, then, out);
	rec->stood[us]++;
	if (!rec->stood_first[us])
		rec->stood_first[us] = ply;
	if (!rec->illegal_since)
		rec->illegal_since = ply;
	int nth = rec->rules == RULES_FIDE2005 ? 3 : 2;
	if (tc == TIME_CLASS_STANDARD && rec->stood[us] == nth)
		report_repeated(rec, lt->token, pos, ply, nth, out);
	push_ply(rec, m, lt->token, lt->number, &r->san, 0);
	rec->plies[rec->count - 1].stood = PLY_STOOD;
}

/* The reply m, written as lt, in the position pos where an illegal move
 * that stood has left the mover's king in check: taking that king ends the
 * replay (king-captured; returns 0); any other move leaves it in check
 * (king-left-in-check; returns 1, and the caller plays it). */
static int answer_exposed(struct game_record *rec, const struct line_token *lt, const struct position *pos, move m,
			  struct finding_list *out)
{
	const struct pgn_token *t = lt->token;
	int them = !pos->side_to_move, ksq = position_king_square(pos, them), ply = rec->count + 1;
	char stood[64], label[64];
	record_move_label(rec, rec->count, stood, sizeof stood);
	move_label(pos, pgn_token_text(rec->game, t), label, sizeof label);
	const char *king = them == WHITE ? "white" : "black";
	char square[3] = { (char)('a' + FILE_OF(ksq)), (char)('1' + RANK_OF(ksq)), 0 };
	if (MOVE_KIND(m) != MOVE_CASTLE && MOVE_TO(m) == ksq) {
		struct finding *f = move_finding(out, CHECK_KING_CAPTURED, rec->game, t, pos, ply);
		f->rule = "FIDE 1.2";
		snprintf(f->message, sizeof f->message,
			 "%.40s takes the %s king on %s, which the illegal move %s left in check; a king is never "
			 "captured: the rest of the game is not replayed", label, king, square, stood);
		rec->stop = STOP_KING_CAPTURED;
		rec->stop_token = t;
		return 0;
	}
	struct finding *f = move_finding(out, CHECK_KING_LEFT_IN_CHECK, rec->game, t, pos, ply);
	f->rule = "FIDE 7.5.1";
	snprintf(f->message, sizeof f->message,
		 "%.40s leaves the %s king on %s in check, where the illegal move %s left it: the illegal move went "
		 "unnoticed (found during the game, the position before it is reinstated)", label, king, square, stood);
	return 1;
}

/* ---- an electronic board's signal of the result ----
 *
 * DGT boards take the result from the two kings put on centre squares
 * after the game: both on light squares (d5, e4) 1-0, both on dark ones
 * (d4, e5) 0-1, one on each 1/2-1/2; the first king's move is to be an
 * illegal one, and the software leaves the moves out of the notation.
 * When it does not, the main line ends with them.  LiveChess writes
 * English; a game read in another notation (an arbiter's German, Russian
 * Кр) has its kings' moves read in it. */

/* The centre square an English king move is written to ("Kd5", "Kxe4+"),
 * or -1. */
static int king_to_centre_en(const char *t, size_t n)
{
	size_t at = 1;
	if (n < 3 || t[0] != 'K')
		return -1;
	if (t[at] == 'x')
		at++;
	if (n < at + 2 || (t[at] != 'd' && t[at] != 'e') || (t[at + 1] != '4' && t[at + 1] != '5'))
		return -1;
	for (size_t k = at + 2; k < n; k++)
		if (t[k] != '+' && t[k] != '#' && t[k] != '!' && t[k] != '?')
			return -1;
	return SQUARE(t[at] - 'a', t[at + 1] - '1');
}

/* The same of a move written in reading l: its English spellings. */
static int king_to_centre(enum lang l, const struct written *w)
{
	if (l == LANG_EN)
		return king_to_centre_en(w->text, w->length);
	char english[4][SAN_TEXT_MAX];
	int n = lang_to_english(l, w->text, w->length, english, 4);
	for (int k = 0; k < n; k++) {
		int sq = king_to_centre_en(english[k], strlen(english[k]));
		if (sq >= 0)
			return sq;
	}
	return -1;
}

/* Whether the moves written from index i to the end of the main line,
 * the first of them illegal from pos, are the kings' signal; if so it is
 * reported and the replay ends before them. */
static int board_signal(struct auditor *a, int i, const struct position *pos, struct finding_list *out)
{
	struct game_record *rec = &a->record;
	int left = a->written_count - i;
	enum lang l = (enum lang)rec->reading;
	if (left < 1 || left > 2)
		return 0;
	int us = pos->side_to_move;
	int to[2] = { position_king_square(pos, WHITE), position_king_square(pos, BLACK) };
	for (int k = 0; k < left; k++) {
		int sq = king_to_centre(l, &a->written[i + k]);
		if (sq < 0)
			return 0;
		to[k ? !us : us] = sq;
	}
	int centre[2], light = 0;
	for (int c = 0; c < 2; c++) {
		int f = FILE_OF(to[c]), r = RANK_OF(to[c]);
		centre[c] = (f == 3 || f == 4) && (r == 3 || r == 4);
		light += (f + r) % 2 == 1;
	}
	if (!centre[0] || !centre[1] || to[0] == to[1])
		return 0;
	static const char *const signalled[] = { "0-1", "1/2-1/2", "1-0" };
	const char *meant = signalled[light];
	const struct pgn_token *t = a->line[a->written_line[i]].token;
	struct finding *f = move_finding(out, CHECK_BOARD_SIGNAL, rec->game, t, pos, rec->count + 1);
	f->rule = "PGN 8.2.3";
	char written[48];
	snprintf(written, sizeof written, "%.*s%s%.*s", (int)a->written[i].length, a->written[i].text, left > 1 ? " " : "",
		 left > 1 ? (int)a->written[i + 1].length : 0, left > 1 ? a->written[i + 1].text : "");
	const char *recorded = rec->termination ? pgn_token_text(rec->game, rec->termination) : NULL;
	int agrees = recorded && strcmp(recorded, meant) == 0;
	/* One move of the signal after a king's legal move to the centre (a
	 * king next to it, put there by the operator or played): that move
	 * may be the signal's first, and is kept as the game's. */
	char before[96] = "";
	if (left == 1 && i > 0 && rec->count > 0) {
		const struct ply_record *last = &rec->plies[rec->count - 1];
		int sq = king_to_centre(l, &a->written[i - 1]);
		if (sq >= 0 && last->token == a->line[a->written_line[i - 1]].token && MOVE_TO(last->move) == sq &&
		    to[!us] == sq) {
			char label[64];
			record_move_label(rec, rec->count, label, sizeof label);
			snprintf(before, sizeof before, " (%.24s before it, a legal move, may be the signal's first too: it is kept)",
				 label);
		}
	}
	snprintf(f->message, sizeof f->message,
		 "%s %s the kings on %s: an electronic board's signal of the result %s, not moves of "
		 "the game; the game is audited without %s%s%s%s",
		 written, left > 1 ? "put" : "puts",
		 light == 2 ? "light centre squares" : light == 0 ? "dark centre squares" : "a light and a dark centre square",
		 meant,
		 left > 1 ? "them" : "it", before,
		 recorded && !agrees ? ", and its result is " : "", recorded && !agrees ? recorded : "");
	rec->board_signal = left;
	return 1;
}

/* Replays the main line in reading l into a->record, from the start, at
 * most `limit` plies; findings go to out. */
static void replay_reading(struct auditor *a, enum lang l, int recover, int limit, struct finding_list *out)
{
	struct game_record *rec = &a->record;
	const struct pgn_game *g = rec->game;
	record_restart(rec);
	/* Ply 0's check and pins, for the first move (check_now). */
	struct ply_record *zero = &rec->plies[-1];
	bitboard zero_pinned;
	zero->check = (uint8_t)check_and_pins(&rec->start, &zero_pinned);
	zero->pinned = zero_pinned;
	rec->stop = STOP_NONE;
	rec->stop_token = NULL;
	rec->reading = (uint8_t)l;
	rec->repairs = 0;
	/* English reads every main-line token as a move, and the first
	 * rec->count of them are played: the loop below goes on from there. */
	if (l == LANG_EN && limit == INT_MAX && !a->line_collected && replay_plain_tokens(a))
		return;
	main_line(a);
	select_written(a, l);
	/* The last ply was an illegal move that stood and left its mover's
	 * king in check (answer_exposed). */
	int exposed = 0;
	for (int i = rec->count; i < a->written_count && rec->count < limit;) {
		const struct line_token *lt = &a->line[a->written_line[i]];
		const struct pgn_token *t = lt->token;
		const struct position *pos = record_position(rec, rec->count);
		if (rec->count >= RECORD_MAX_PLIES) {
			struct finding *f = move_finding(out, CHECK_SYNTAX, g, t, pos, rec->count + 1);
			f->rule = "PGN 8";
			snprintf(f->message, sizeof f->message,
				 "the main line has more than %d plies; the rest of the game is not replayed",
				 RECORD_MAX_PLIES);
			rec->stop = STOP_TOO_LONG;
			rec->stop_token = t;
			return;
		}
		bitboard pinned;
		int check = check_now(rec, &pinned);
		/* Most English moves are plain tokens: read without filling a
		 * move_reading (lang_read_move_known gives the same move for
		 * them, and everything else goes there). */
		if (!exposed && l == LANG_EN && push_plain(rec, pos, check, pinned, t, lt->number, &a->written[i])) {
			i++;
			continue;
		}
		struct move_reading r;
		if (lang_read_move_known(l, pos, check, a->written[i].text, a->written[i].length, &r) == READ_AMBIGUOUS
		    && r.spellings_differ && !exposed)
			settle_by_the_rest(a, l, i, pos, &r);
		if (r.status == READ_OK) {
			if (exposed && !answer_exposed(rec, lt, pos, r.match.move, out))
				return;
			push_ply(rec, r.match.move, t, lt->number, &r.san, 0);
			if (exposed)
				rec->plies[rec->count - 1].stood = PLY_ANSWERS_EXPOSED;
			exposed = 0;
			i++;
			continue;
		}
		rec->stop_token = t;
		struct move_list legal;
		generate_legal(pos, &legal);
		if (legal.count == 0) {
			report_move_after_mate(rec, t, pos, rec->count + 1, out);
			rec->stop = STOP_GAME_OVER;
			return;
		}
		/* After checkmate or stalemate nothing stands. */
		move stood;
		if (r.status == READ_ILLEGAL && a->opt.play_illegal && san_match_unlawful(pos, &r.san, &stood) == 1) {
			rec->stop_token = NULL;
			if (exposed && !answer_exposed(rec, lt, pos, stood, out))
				return;
			play_stood(a, lt, pos, &r, stood, out);
			exposed = mover_in_check(record_position(rec, rec->count));
			i++;
			continue;
		}
		if (r.status == READ_ILLEGAL && !exposed && board_signal(a, i, pos, out)) {
			rec->stop_token = NULL;
			return;
		}
		rec->stop = r.status == READ_UNREADABLE ? STOP_UNREADABLE
			  : r.status == READ_ILLEGAL ? STOP_ILLEGAL : STOP_AMBIGUOUS;
		int searched = recover && rec->repairs < RECOVER_MAX_REPAIRS && !exposed;
		int used = searched ? recover_at(a, i, &r, out) : 0;
		if (!used) {
			if (!searched)
				report_move_failure(rec->game, t, pos, rec->count + 1, &r, "the rest of the game is not replayed", out);
			return;
		}
		rec->stop = STOP_NONE;
		rec->stop_token = NULL;
		i += used;
	}
}

/* ---- choosing the reading ---- */

/* The first ply whose token is not already English in reading l, or 0. */
static int first_national_ply(const struct game_record *rec)
{
	char spelled[1][SAN_TEXT_MAX];
	for (int ply = 1; ply <= rec->count; ply++) {
		const struct pgn_token *t = rec->plies[ply - 1].token;
		const char *text = pgn_token_text(rec->game, t);
		if (lang_to_english(rec->reading, text, t->length, spelled, 1) != 1
		    || strlen(spelled[0]) != t->length || memcmp(spelled[0], text, t->length) != 0)
			return ply;
	}
	return 0;
}

/* "Each player is free to use the name commonly used in his country" is
 * the third clause of the notation appendix, C.3 (2005: E.3, citations.c). */
static void report_reading(const struct game_record *rec, struct finding_list *out)
{
	enum lang l = rec->reading;
	int ply = first_national_ply(rec);
	struct finding *f = ply ? record_move_finding(rec, ply, CHECK_NONSTANDARD_NOTATION, out)
				: record_game_finding(rec, CHECK_NONSTANDARD_NOTATION, out);
	f->rule = "FIDE C.3";
	char label[64] = "", san[SAN_MAX] = "";
	if (ply) {
		record_move_label(rec, ply, label, sizeof label);
		move_to_san(record_position(rec, ply - 1), rec->plies[ply - 1].move, san);
		snprintf(f->suggestion, sizeof f->suggestion, "%s", san);
	}
	snprintf(f->message, sizeof f->message,
		 "the moves are written in %s notation (%s) and are read so; export SAN "
		 "writes the English letters K Q R B N%s%s%s%s",
		 lang_name(l), lang_letters(l), ply ? " (" : "", label, ply ? " is " : "", ply ? san : "");
	if (ply)
		strncat(f->message, ")", sizeof f->message - strlen(f->message) - 1);
}

/* Two readings under which the whole game replays, differently: the first
 * ply where they part is ambiguous. */
static void report_two_readings(struct auditor *a, enum lang first, enum lang second, int ply, move second_move,
				struct finding_list *out)
{
	struct game_record *rec = &a->record;
	replay_reading(a, first, 0, ply - 1, out);
	const struct position *pos = record_position(rec, rec->count);
	const struct pgn_token *t = a->line[a->written_line[ply - 1]].token;
	rec->stop = STOP_AMBIGUOUS;
	rec->stop_token = t;
	char one[SAN_MAX], two[SAN_MAX], label[64];
	move_to_san(pos, a->first_moves[ply - 1], one);
	move_to_san(pos, second_move, two);
	move_label(pos, pgn_token_text(rec->game, t), label, sizeof label);
	struct finding *f = move_finding(out, CHECK_AMBIGUOUS_MOVE, rec->game, t, pos, ply);
	f->rule = "FIDE C.3";
	snprintf(f->message, sizeof f->message,
		 "%.50s is %s in %s notation but %s in %s, and the whole game replays either way; "
		 "the rest of the game is not replayed (choose with --lang)",
		 label, one, lang_name(first), two, lang_name(second));
	snprintf(f->suggestion, sizeof f->suggestion, "%s or %s", one, two);
}

/* Tries the readings of the mask in order.  English, when it replays the
 * whole game, is taken at once: a correct English game is never read any
 * other way, and costs nothing more than before. */
static void replay_auto(struct auditor *a, unsigned mask, struct finding_list *out)
{
	struct game_record *rec = &a->record;
	int mark = out->count;
	int complete = -1, furthest = -1, furthest_plies = -1;
	for (int l = 0; l < LANG_COUNT; l++) {
		if (!(mask & LANG_MASK(l)))
			continue;
		out->count = mark;
		replay_reading(a, (enum lang)l, 0, INT_MAX, out);
		if (rec->stop == STOP_NONE && l == LANG_EN)
			return;
		if (rec->stop != STOP_NONE) {
			if (rec->count > furthest_plies) {
				furthest = l;
				furthest_plies = rec->count;
			}
			continue;
		}
		if (complete < 0) {
			complete = l;
			a->first_moves = grow(a->first_moves, &a->first_cap, rec->count + 1, sizeof *a->first_moves);
			for (int i = 0; i < rec->count; i++)
				a->first_moves[i] = rec->plies[i].move;
			a->first_moves[rec->count] = MOVE_NONE;
			continue;
		}
		/* A second complete reading: the same game (Spanish and Italian
		 * share their letters), or an ambiguity. */
		int ply = 1;
		while (ply <= rec->count && a->first_moves[ply - 1] == rec->plies[ply - 1].move)
			ply++;
		if (ply > rec->count && a->first_moves[rec->count] == MOVE_NONE)
			continue;
		move second = ply <= rec->count ? rec->plies[ply - 1].move : MOVE_NONE;
		out->count = mark;
		report_two_readings(a, (enum lang)complete, (enum lang)l, ply, second, out);
		return;
	}
	out->count = mark;
	enum lang chosen = complete >= 0 ? (enum lang)complete : (enum lang)furthest;
	replay_reading(a, chosen, a->opt.recover, INT_MAX, out);
	if (chosen != LANG_EN && rec->count > 0)
		report_reading(rec, out);
}

static void emit_steps(const struct game_record *rec, replay_callback cb, void *ctx)
{
	struct replay_step step = { 0, NULL, MOVE_NONE, NULL, &rec->start, 0, 0, NULL };
	cb(ctx, &step);
	for (int ply = 1; ply <= rec->count; ply++) {
		const struct ply_record *p = &rec->plies[ply - 1];
		struct replay_step s = { ply, p->token, p->move, record_position(rec, ply - 1), &p->after, p->repair, 0, NULL };
		cb(ctx, &s);
	}
}

void auditor_init(struct auditor *a, const struct audit_options *opt)
{
	memset(a, 0, sizeof *a);
	a->opt = *opt;
}

void auditor_free(struct auditor *a)
{
	record_free(&a->record);
	free(a->line);
	free(a->written);
	free(a->written_line);
	free(a->first_moves);
	memset(a, 0, sizeof *a);
}

const char *audit_chosen_reading(const struct auditor *a)
{
	return lang_name((enum lang)a->record.reading);
}

void audit_game(struct auditor *a, const struct pgn_game *g, struct finding_list *out, replay_callback cb,
		void *ctx)
{
	struct game_record *rec = &a->record;
	int first = out->count;
	unsigned mask = a->opt.langs ? a->opt.langs : LANG_ENGLISH_ONLY;
	struct setup_tags tags;
	find_setup_tags(g, &tags);
	record_reset(rec, g,
		     a->opt.rules == RULES_BY_DATE ? rules_in_force(setup_date(&tags)) : a->opt.rules);
	rec->termination = termination_marker(g);
	check_reader_problems(g, out);
	check_result_tag(g, out);
	a->line_collected = 0;
	if (check_setup_position(g, &tags, &rec->start, out)) {
		if ((mask & (mask - 1)) == 0) {
			int l = 0;
			while (!(mask & LANG_MASK(l)))
				l++;
			replay_reading(a, (enum lang)l, a->opt.recover, INT_MAX, out);
			if (l != LANG_EN && rec->count > 0 && first_national_ply(rec))
				report_reading(rec, out);
		} else {
			replay_auto(a, mask, out);
		}
		if (cb)
			emit_steps(rec, cb, ctx);
	} else {
		rec->stop = STOP_NOT_STARTED;
		record_restart(rec); /* record_position(rec, 0) is rec->start */
	}
	check_tags(rec, out);
	if (rec->stop != STOP_NOT_STARTED) {
		rec->ending_count = find_recorded_endings(g, rec->endings, RECORD_MAX_ENDINGS);
		check_notation(rec, out);
		check_variations(rec, cb && a->opt.replay_variations ? cb : NULL, ctx, out);
		check_results(rec, out);
		check_claims(rec, out);
		check_clocks(rec, out);
	}
	for (int i = first; i < out->count; i++) {
		struct finding *f = &out->items[i];
		f->rule = rule_cite(rec->rules, f->rule);
		/* Its position comes after the first illegal move that stood:
		 * a move's is the one before it, a variation's the one before
		 * the main-line move it replaces, a game's the final one. */
		int at = f->variation_depth > 0 ? (int)f->variation[0] : f->ply;
		if (rec->illegal_since && (at > rec->illegal_since || (at == 0 && f->fen[0] && rec->count >= rec->illegal_since)))
			f->illegal_since = rec->illegal_since;
		if (f->line)
			f->line = pgn_game_line(g, (uint32_t)f->line);
	}
	sort_by_position(out, first);
}
