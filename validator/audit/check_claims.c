/*
 * check_claims.c - draw claims by threefold repetition and the fifty-move
 * rule (FIDE 9.2-9.4): claims the record makes that its positions do not
 * support (invalid-claim), and claims a player could have made but played on
 * instead (missed-threefold, missed-fifty-move).
 *
 * Positions are the same when their FIDE 9.2.2 keys are equal (position.h:
 * side to move, pieces, castling rights, en passant only when legal).
 *
 * A run is a stretch of positions between two irreversible moves: it starts
 * at the start position or after a capture or pawn move (halfmove clock 0)
 * and holds every position up to the next such move.  Only positions of one
 * run can repeat, and a fifty-move count lives in one run.
 *
 * A player having the move at the position after ply p could claim:
 *  - threefold, 9.2.1.2: that position has appeared for the third time;
 *  - threefold, 9.2.1.1: one of his legal moves would make a position appear
 *    for the third time (he writes it and claims).  Only looked for once a
 *    position with his opponent to move has stood twice in the run, so
 *    ordinary games generate no moves here;
 *  - fifty moves, 9.3.2: the halfmove clock is at least 100;
 *  - fifty moves, 9.3.1: the clock is 99 and he has a legal move that is
 *    neither a capture nor a pawn move.
 * The claim was missed when ply p+1 was played anyway (9.4) - unless ply
 * p+1 is the last and the game ended drawn, or with an unknown result ("*"):
 * then the record does not show play going on, and the last move may well
 * have been written with the claim (9.2.1.1, 9.3.1).  Each player's first opportunity of each kind in each
 * run is reported, at ply p+1 with the position where he could claim.
 * Under the 2023 Laws a fivefold repetition or 75 moves end the game by
 * themselves (9.6, reported by check_results): later opportunities are moot.
 *
 * A recorded claim (endings.h: Termination tag, last comment) is judged at
 * the final position, for the player to move there: it stands when the
 * position has appeared three times or one of his moves would make a
 * position appear a third time (9.2.1), or when the clock is at least 100 or
 * it is 99 and he has a move that is neither capture nor pawn move (9.3).
 * The finding cites the article of the claim, 9.2.1 or 9.3, rather than
 * 9.5 (what happens after an incorrect claim).  A game whose replay stopped
 * early is not judged: its final position is unknown.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/notation.h"
#include "validator/audit/endings.h"
#include "validator/audit/passes.h"
#include "validator/audit/record.h"

#define MAX_LISTED 4

static const char *const side_names[2] = { "White", "Black" };

/* Neither a capture nor a pawn move: the halfmove clock goes on. */
static int is_quiet(const struct position *pos, move m)
{
	if (MOVE_KIND(m) == MOVE_CASTLE)
		return 1;
	return MOVE_KIND(m) != MOVE_EN_PASSANT && pos->board[MOVE_TO(m)] == PIECE_NONE
	       && PIECE_TYPE(pos->board[MOVE_FROM(m)]) != PAWN;
}

/* How often `key` stood in the run that reaches the position after ply
 * `last`, looking only at the plies of `parity`'s parity (the same side to
 * move): returns the count and writes the first MAX_LISTED such plies, in
 * increasing order, to plies. */
static int plies_with_key(const struct game_record *rec, int last, int parity, uint64_t key, int *plies)
{
	const struct position *pos = record_position(rec, last);
	int oldest = last - pos->halfmove_clock;
	if (oldest < 0)
		oldest = 0;
	if ((oldest - parity) % 2 != 0)
		oldest++;
	int found = 0;
	for (int q = oldest; q <= last; q += 2) {
		if (record_key(rec, q) != key)
			continue;
		if (found < MAX_LISTED)
			plies[found] = q;
		found++;
	}
	return found;
}

#define MAX_TARGETS 8

/* The targets of one run and parity (see repeat_targets), kept while the
 * run goes on: asked at every ply of a player once his opponent has had a
 * position twice, they were counted again each time, at a cost growing
 * with the square of the run. */
struct target_cache {
	int filled;               /* 0: holds no run yet */
	int run;                  /* ply - halfmove clock, the same for every ply of a run */
	int next;                 /* the first ply not yet looked at */
	int count;                /* targets found; above MAX_TARGETS: too many */
	int plies[MAX_TARGETS];
};

/* The positions a move of the player to move after `ply` could make appear
 * a third time: those of the run, with his opponent to move, that have stood
 * twice already (one entry per position).  Returns how many, or -1 when there
 * are more than MAX_TARGETS.  `cache` is the one for the parity of ply + 1;
 * it goes on from what it holds while asked about later plies of one run. */
static int repeat_targets(const struct game_record *rec, int ply, const struct position **targets,
			  struct target_cache *cache)
{
	int run = ply - record_position(rec, ply)->halfmove_clock;
	int oldest = run < 0 ? 0 : run;
	if ((oldest - (ply + 1)) % 2 != 0)
		oldest++;
	if (!cache->filled || cache->run != run || cache->next > ply + 1)
		*cache = (struct target_cache){ .filled = 1, .run = run, .next = oldest };
	int q = cache->next;
	for (; q < ply && cache->count <= MAX_TARGETS; q += 2) {
		uint64_t key = record_key(rec, q);
		int before = 0;
		for (int e = oldest; e < q && before < 2; e += 2)
			before += record_key(rec, e) == key;
		if (before != 1)
			continue; /* not the second time this position stands */
		if (cache->count < MAX_TARGETS)
			cache->plies[cache->count] = q;
		cache->count++;
	}
	cache->next = q;
	if (cache->count > MAX_TARGETS)
		return -1;
	int n = 0;
	for (; n < cache->count; n++)
		targets[n] = record_position(rec, cache->plies[n]);
	return n;
}

/* Can the quiet move m, played in pos, lead to one of the targets?  Making
 * the move costs more than asking whether a target has the piece on the
 * destination and nothing on the origin.  Castling moves two pieces and is
 * always tried; so is every move when the targets were too many (n < 0). */
static int may_reach_target(const struct position *pos, move m, const struct position *const *targets, int n)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	if (n < 0 || MOVE_KIND(m) == MOVE_CASTLE)
		return 1;
	for (int i = 0; i < n; i++)
		if (targets[i]->board[to] == pos->board[from] && targets[i]->board[from] == PIECE_NONE)
			return 1;
	return 0;
}

/* Could any quiet move of the player to move in pos lead to one of the
 * targets?  Castling aside, such a move takes one of his pieces from its
 * square to an empty one, so a target it leads to has the opponent's pieces
 * where they are now and his on the same squares but two.  A necessary
 * condition only, which spares generating the moves in most positions that
 * have targets; castling rights, or too many targets (n < 0), answer yes. */
static int target_within_a_move(const struct position *pos, const struct position *const *targets, int n)
{
	int us = pos->side_to_move;
	if (n < 0 || (pos->castling_rooks & pos->by_color[us]))
		return 1;
	for (int i = 0; i < n; i++)
		if (targets[i]->by_color[!us] == pos->by_color[!us]
		    && popcount(targets[i]->by_color[us] ^ pos->by_color[us]) == 2)
			return 1;
	return 0;
}

/* A legal move of the player to move after `ply` that would make a position
 * appear for the third time (9.2.1.1), preferring `preferred`; MOVE_NONE if
 * none.  The two earlier plies go to plies.  `caches` are the target caches
 * of the two parities (repeat_targets). */
static move repeating_move(const struct game_record *rec, int ply, move preferred, int *plies,
			   struct target_cache *caches)
{
	const struct position *pos = record_position(rec, ply);
	const struct position *targets[MAX_TARGETS];
	int target_count = repeat_targets(rec, ply, targets, &caches[(ply + 1) % 2]);
	struct move_list legal;
	move found = MOVE_NONE;
	int found_plies[MAX_LISTED];
	if (target_count == 0 || !target_within_a_move(pos, targets, target_count))
		return MOVE_NONE;
	generate_legal(pos, &legal);
	for (int i = 0; i < legal.count; i++) {
		move m = legal.moves[i];
		if (!is_quiet(pos, m) || (found != MOVE_NONE && m != preferred))
			continue;
		if (!may_reach_target(pos, m, targets, target_count))
			continue;
		struct position next = *pos;
		make_move(&next, m);
		if (plies_with_key(rec, ply, ply + 1, next.key, found_plies) < 2)
			continue;
		found = m;
		memcpy(plies, found_plies, sizeof found_plies);
		if (m == preferred || preferred == MOVE_NONE)
			break;
	}
	return found;
}

/* A legal move that is neither capture nor pawn move, preferring
 * `preferred`; MOVE_NONE if none. */
static move quiet_move(const struct position *pos, move preferred)
{
	if (preferred != MOVE_NONE && is_quiet(pos, preferred))
		return preferred;
	struct move_list legal;
	generate_legal(pos, &legal);
	for (int i = 0; i < legal.count; i++)
		if (is_quiet(pos, legal.moves[i]))
			return legal.moves[i];
	return MOVE_NONE;
}

/* "at the start and after 19. Kg1 and 21. Kg1" for a list of plies. */
static void describe_plies(const struct game_record *rec, const int *plies, int n, char *buf, size_t len)
{
	size_t used = 0;
	int listed = n < MAX_LISTED ? n : MAX_LISTED;
	buf[0] = '\0';
	for (int i = 0; i < listed && used < len; i++) {
		char label[32];
		if (plies[i] == 0) {
			used += (size_t)snprintf(buf + used, len - used, "at the start");
			continue;
		}
		record_move_label(rec, plies[i], label, sizeof label);
		const char *sep = i == 0 ? "after " : plies[i - 1] == 0 ? " and after " : i + 1 == listed ? " and " : ", ";
		used += (size_t)snprintf(buf + used, len - used, "%s%s", sep, label);
	}
}

static const char *times(int n)
{
	static const char *const words[] = { "never", "once", "twice", "three times", "four times" };
	return n < 5 ? words[n] : "five times or more";
}

/* "since 37...Rxd4", "since the start" for the last irreversible ply. */
static void describe_since(const struct game_record *rec, int ply, char *buf, size_t len)
{
	int reset = ply - record_position(rec, ply)->halfmove_clock;
	char label[32];
	if (reset > 0) {
		record_move_label(rec, reset, label, sizeof label);
		snprintf(buf, len, "since %.31s", label);
	} else {
		snprintf(buf, len, "%s", reset == 0 ? "since the start position" : "since before the start position, by its FEN");
	}
}

static void san_at(const struct game_record *rec, int ply, move m, char *buf, size_t len)
{
	const struct position *pos = record_position(rec, ply);
	char san[SAN_MAX];
	move_to_san(pos, m, san);
	snprintf(buf, len, "%d%s%s", pos->fullmove_number, pos->side_to_move == WHITE ? ". " : "...", san);
}

/* What one pass over the main line remembers, per player (enum color). */
struct run_state {
	int threefold_seen[2];  /* the player's first threefold opportunity in this run has passed */
	int fifty_seen[2];
	int stood_twice[2];     /* a position with this player to move has stood twice in this run */
};

static void report_has_appeared(const struct game_record *rec, int ply, const int *earlier, int n,
				struct finding_list *out)
{
	const struct position *pos = record_position(rec, ply);
	char where[120], label[32], next[32];
	describe_plies(rec, earlier, n, where, sizeof where);
	record_move_label(rec, ply, label, sizeof label);
	record_move_label(rec, ply + 1, next, sizeof next);
	struct finding *f = record_move_finding(rec, ply + 1, CHECK_MISSED_THREEFOLD, out);
	f->rule = "FIDE 9.2.1.2";
	snprintf(f->message, sizeof f->message,
		 "%s could claim a draw by threefold repetition at move %d: the position after %.31s had occurred %s before (%.100s); play went on with %.31s",
		 side_names[pos->side_to_move], pos->fullmove_number, label, times(n), where, next);
}

static void report_about_to_appear(const struct game_record *rec, int ply, move m, const int *earlier,
				   struct finding_list *out)
{
	const struct position *pos = record_position(rec, ply);
	char where[120], write[32], next[32];
	describe_plies(rec, earlier, 2, where, sizeof where);
	san_at(rec, ply, m, write, sizeof write);
	record_move_label(rec, ply + 1, next, sizeof next);
	struct finding *f = record_move_finding(rec, ply + 1, CHECK_MISSED_THREEFOLD, out);
	/* No suggestion: the moves played were legal, and a claim is the
	 * player's to make or not (the message names the move to write). */
	f->rule = "FIDE 9.2.1.1";
	if (m == rec->plies[ply].move)
		snprintf(f->message, sizeof f->message,
			 "%s could claim a draw by threefold repetition with %.31s: it repeats the position %.100s a third time, but it was played without a claim",
			 side_names[pos->side_to_move], write, where);
	else
		snprintf(f->message, sizeof f->message,
			 "%s could claim a draw by threefold repetition before %.31s: writing %.31s would have repeated the position %.100s a third time",
			 side_names[pos->side_to_move], next, write, where);
}

static void report_fifty(const struct game_record *rec, int ply, move quiet, struct finding_list *out)
{
	const struct position *pos = record_position(rec, ply);
	char since[48], next[32], write[32];
	describe_since(rec, ply, since, sizeof since);
	record_move_label(rec, ply + 1, next, sizeof next);
	struct finding *f = record_move_finding(rec, ply + 1, CHECK_MISSED_FIFTY_MOVE, out);
	if (quiet == MOVE_NONE) {
		f->rule = "FIDE 9.3.2";
		snprintf(f->message, sizeof f->message,
			 "%s could claim a draw under the fifty-move rule at move %d: no capture and no pawn move in the last %d moves of each player (%.47s); play went on with %.31s",
			 side_names[pos->side_to_move], pos->fullmove_number, pos->halfmove_clock / 2, since, next);
		return;
	}
	f->rule = "FIDE 9.3.1";
	san_at(rec, ply, quiet, write, sizeof write);
	snprintf(f->message, sizeof f->message,
		 "%s could claim a draw under the fifty-move rule before %.31s: writing %.31s, neither a capture nor a pawn move, would have completed 50 moves of each player without either (%.47s)",
		 side_names[pos->side_to_move], next, write, since);
}

/* Does the record leave open that the last ply came with a claim?  So it
 * does when the game ended drawn (result or recorded claim), and when its
 * result is unknown ("*" or none): nothing shows play going on after it. */
static int last_ply_may_claim(const struct game_record *rec, int claims)
{
	const char *result = rec->termination ? pgn_token_text(rec->game, rec->termination)
					      : pgn_tag_value(rec->game, "Result");
	if (rec->stop != STOP_NONE)
		return 0; /* more moves were written after the last replayed one */
	return claims || !result || strcmp(result, "1/2-1/2") == 0 || strcmp(result, "*") == 0;
}

static void look_for_threefold(const struct game_record *rec, int ply, const int *earlier, int n,
			       struct run_state *run, struct target_cache *caches, struct finding_list *out)
{
	int side = record_position(rec, ply)->side_to_move;
	int plies[MAX_LISTED];
	if (n >= 2) {
		report_has_appeared(rec, ply, earlier, n, out);
		run->threefold_seen[side] = 1;
		return;
	}
	if (!run->stood_twice[!side])
		return;
	move m = repeating_move(rec, ply, rec->plies[ply].move, plies, caches);
	if (m == MOVE_NONE)
		return;
	report_about_to_appear(rec, ply, m, plies, out);
	run->threefold_seen[side] = 1;
}

static void look_for_fifty(const struct game_record *rec, int ply, struct run_state *run, struct finding_list *out)
{
	const struct position *pos = record_position(rec, ply);
	if (pos->halfmove_clock >= 100) {
		report_fifty(rec, ply, MOVE_NONE, out);
		run->fifty_seen[pos->side_to_move] = 1;
	} else if (pos->halfmove_clock == 99) {
		move m = quiet_move(pos, rec->plies[ply].move);
		if (m != MOVE_NONE) {
			report_fifty(rec, ply, m, out);
			run->fifty_seen[pos->side_to_move] = 1;
		}
	}
}

/* The keys of the run a ply belongs to, up to that ply, as a 64-bit set per
 * parity (bit: the key's top six bits): a position whose bit is clear has
 * not stood before in the run, and the run is not searched for it.  Filled
 * from the run's first ply when the run gets to 4 plies (shorter ones are
 * never looked back on). */
struct key_filter {
	int run;                /* ply - halfmove clock, as in target_cache */
	uint64_t bits[2];       /* by ply % 2 */
};

static uint64_t key_bit(uint64_t key)
{
	return (uint64_t)1 << (key >> 58);
}

/* Adds the position after `ply` to the filter of its run (ply - clock);
 * returns whether it may have stood before in the run. */
static int key_filter_add(struct key_filter *filter, const struct game_record *rec, int ply, int run)
{
	if (filter->run != run) {
		filter->run = run;
		filter->bits[0] = filter->bits[1] = 0;
		for (int q = run < 0 ? 0 : run; q < ply; q++)
			filter->bits[q % 2] |= key_bit(record_key(rec, q));
	}
	uint64_t bit = key_bit(record_key(rec, ply));
	int seen = (filter->bits[ply % 2] & bit) != 0;
	filter->bits[ply % 2] |= bit;
	return seen;
}

/* The first ply from `ply` on, before `last`, whose position stands 4
 * plies or more into its run.  Under 4 plies since the run began (the clock
 * goes up by one a ply within it), no position can have stood before, so
 * neither player has one that stood twice: nothing find_missed_claims()
 * looks for can happen.  Runs are short, so most plies are passed over
 * here, in a loop that reads nothing but their clocks. */
static int next_ply_to_ask(const struct game_record *rec, int ply, int last)
{
	if (ply == 0) {
		if (last > 0 && rec->start.halfmove_clock >= 4)
			return 0;
		ply = 1;
	}
	while (ply < last && rec->plies[ply - 1].after.halfmove_clock < 4)
		ply++;
	return ply;
}

static void find_missed_claims(const struct game_record *rec, int last_may_claim, struct finding_list *out)
{
	struct key_filter filter = { INT_MIN, { 0, 0 } };
	struct run_state run = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
	int run_start = INT_MIN; /* ply - halfmove clock of the ply last asked: its run */
	/* Outside run_state, which is cleared at every capture or pawn move:
	 * a cache knows its run. */
	struct target_cache caches[2] = { { .filled = 0 }, { .filled = 0 } };
	int last = last_may_claim ? rec->count - 1 : rec->count;
	for (int ply = next_ply_to_ask(rec, 0, last); ply < last; ply = next_ply_to_ask(rec, ply + 1, last)) {
		const struct position *pos = record_position(rec, ply);
		/* A capture or pawn move since the ply last asked began a run. */
		if (ply - pos->halfmove_clock != run_start) {
			run_start = ply - pos->halfmove_clock;
			memset(&run, 0, sizeof run);
		}
		int side = pos->side_to_move;
		/* Most plies: a position new to the run, the opponent without one
		 * that stood twice, and under 99 plies - nothing below can come
		 * of it (no count, no threefold to look for, no fifty moves, no
		 * end under the 2023 Laws). */
		int maybe_seen = key_filter_add(&filter, rec, ply, run_start);
		if (!maybe_seen && !run.stood_twice[!side] && pos->halfmove_clock < 99)
			continue;
		int earlier[MAX_LISTED];
		/* Looking back costs the length of the run.  Under the 2023 Laws the
		 * run ends by 150 plies; under 2005 nothing ends it, so once all that
		 * the count decides for this player is known, it is not counted again
		 * (100,000 plies of knight moves took 5 s, now 0.2 s). */
		int look_back = pos->halfmove_clock >= 4 && (rec->rules == RULES_FIDE2023 ||
							     !run.threefold_seen[side] || !run.stood_twice[side]);
		int n = look_back && maybe_seen ? record_earlier_occurrences(rec, ply, earlier, MAX_LISTED) : 0;
		if (rec->rules == RULES_FIDE2023 && (n >= 4 || pos->halfmove_clock >= 150))
			return;
		if (n >= 1)
			run.stood_twice[side] = 1;
		if (!run.threefold_seen[side])
			look_for_threefold(rec, ply, earlier, n, &run, caches, out);
		if (!run.fifty_seen[side] && pos->halfmove_clock >= 99)
			look_for_fifty(rec, ply, &run, out);
	}
}

/* Where and what the record says, for a message: "the Termination tag". */
static void describe_source(const struct recorded_ending *e, char *buf, size_t len)
{
	if (e->tag)
		snprintf(buf, len, "the %s tag", e->tag);
	else
		snprintf(buf, len, "a comment after the last move");
}

static struct finding *claim_finding(const struct game_record *rec, const struct recorded_ending *e,
				     struct finding_list *out)
{
	struct finding *f = record_game_finding(rec, CHECK_INVALID_CLAIM, out);
	f->line = e->line;
	f->column = e->column;
	return f;
}

static void judge_threefold(const struct game_record *rec, const struct recorded_ending *e, struct finding_list *out)
{
	int earlier[MAX_LISTED], plies[MAX_LISTED];
	struct target_cache caches[2] = { { .filled = 0 }, { .filled = 0 } };
	int n = record_earlier_occurrences(rec, rec->count, earlier, MAX_LISTED);
	if (n >= 2 || repeating_move(rec, rec->count, MOVE_NONE, plies, caches) != MOVE_NONE)
		return;
	const struct position *pos = record_position(rec, rec->count);
	char source[48], final[56], where[56] = "";
	describe_source(e, source, sizeof source);
	if (rec->count > 0) {
		char label[32];
		record_move_label(rec, rec->count, label, sizeof label);
		snprintf(final, sizeof final, "the position after %.31s", label);
	} else {
		snprintf(final, sizeof final, "the start position");
	}
	if (n == 1) {
		char list[40];
		describe_plies(rec, earlier, n, list, sizeof list);
		snprintf(where, sizeof where, " (also %.39s)", list);
	}
	struct finding *f = claim_finding(rec, e, out);
	f->rule = "FIDE 9.2.1";
	snprintf(f->message, sizeof f->message,
		 "the game is recorded as drawn by threefold repetition (%.47s), but %.55s has occurred only %s%.55s, and %s, to move, has no move that would make a position appear a third time",
		 source, final, times(n + 1), where, side_names[pos->side_to_move]);
}

static void judge_fifty(const struct game_record *rec, const struct recorded_ending *e, struct finding_list *out)
{
	const struct position *pos = record_position(rec, rec->count);
	if (pos->halfmove_clock >= 100 || (pos->halfmove_clock == 99 && quiet_move(pos, MOVE_NONE) != MOVE_NONE))
		return;
	char source[48], since[48];
	describe_source(e, source, sizeof source);
	describe_since(rec, rec->count, since, sizeof since);
	struct finding *f = claim_finding(rec, e, out);
	f->rule = "FIDE 9.3";
	if (pos->halfmove_clock == 99)
		snprintf(f->message, sizeof f->message,
			 "the game is recorded as drawn under the fifty-move rule (%.47s), but 99 plies were played without capture or pawn move (%.47s) and every legal move of %s, to move, is a capture or a pawn move: 50 moves of each player cannot be completed",
			 source, since, side_names[pos->side_to_move]);
	else
		snprintf(f->message, sizeof f->message,
			 "the game is recorded as drawn under the fifty-move rule (%.47s), but only %d plies were played without capture or pawn move (%.47s): the rule needs 50 moves of each player (100 plies)",
			 source, pos->halfmove_clock, since);
}

/* Judges the first recorded claim of each kind; returns how many claims the
 * record makes. */
static int judge_recorded_claims(const struct game_record *rec, struct finding_list *out)
{
	const struct recorded_ending *endings = rec->endings;
	int n = rec->ending_count;
	int judged_threefold = 0, judged_fifty = 0;
	for (int i = 0; i < n; i++) {
		const struct recorded_ending *e = &endings[i];
		if (e->kind == ENDING_THREEFOLD_CLAIM && !judged_threefold++ && rec->stop == STOP_NONE)
			judge_threefold(rec, e, out);
		if (e->kind == ENDING_FIFTY_MOVE_CLAIM && !judged_fifty++ && rec->stop == STOP_NONE)
			judge_fifty(rec, e, out);
	}
	return judged_threefold + judged_fifty;
}

void check_claims(const struct game_record *rec, struct finding_list *out)
{
	int claims = judge_recorded_claims(rec, out);
	find_missed_claims(rec, last_ply_may_claim(rec, claims), out);
}
