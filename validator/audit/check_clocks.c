/*
 * check_clocks.c - the clocks a game records, against its TimeControl and
 * its result: clock-format, clock-rise, clock-emt, clock-missing,
 * clock-flag and forfeit-clock; and game-in-variation, a variation whose
 * moves have clocks.
 *
 * A move's clock is the first [%clk] of the main-line comments after it
 * (before the next move), its elapsed time the first [%emt] (clocks.h).
 * Each side's clock falls by the time its moves take and rises only by
 * the increment of its period and, at the end of a period, by the next
 * period's time (FIDE 6.3.1, 6.3.2).  What real feeds do is tolerated
 * (pgnaudit-check(1), clock-rise): a rise of up to twice the increment
 * and ten seconds (the increment shown a move late, rounding), and a
 * period's time shown at the move that ends it or the move after.
 *
 * The pass reads the comments once, move by move, and keeps for each side
 * only its last reading: no memory of its own.  A game without a comment
 * costs a look at each token's type.
 */
#include <stdio.h>
#include <string.h>

#include "validator/audit/clocks.h"
#include "validator/audit/passes.h"
#include "validator/audit/record.h"
#include "validator/chess/unwinnable.h"

/* Rises within twice the increment and this much more are not reported. */
#define RISE_SLACK_MS 10000
/* A first clock within the starting time, two increments and this much
 * (real feeds start at 1:30:57 in a 5400+30 game). */
#define START_SLACK_MS 60000
/* An [%emt] within this much of what the clocks say agrees with them. */
#define EMT_SLACK_MS 2000
/* Without a TimeControl tag, what any rate of play of FIDE's events
 * explains: an increment of up to 60 s a move (30 s in the standard
 * controls), shown a move late; and after the side's move 40 or 60 (the
 * ends of the periods of every classical control in use: 90/40 + 30,
 * 100/40 + 50/20 + 15, 120/40 + 60/20 + 15) a period's time of up to 60
 * minutes. */
#define UNKNOWN_INCREMENT_MS 60000
#define UNKNOWN_PERIOD_MS 3600000
/* Without one, a side's rises past those bounds are reported when there
 * are at most this many in the game: more are clocks of no rate of play
 * (a daily game's, set afresh each move), and nothing is said. */
#define UNKNOWN_RISES_MAX 2
/* Rises reported per side; the last one reported counts the others. */
#define RISES_REPORTED 3

static const char *const color_name[] = { "White", "Black" };

static int64_t llabs_(int64_t v)
{
	return v < 0 ? -v : v;
}

struct side_clock {
	int ply;                /* the ply of its last reading, 0: none yet */
	int64_t ms;             /* that reading */
	uint32_t move;          /* the side's move number then */
	int positive;           /* it has read above zero */
	int flag_ply;           /* the first ply it read at or below zero after that, 0: none */
	int64_t flag_ms;
	uint32_t bonus_done;    /* bonuses of periods ending before this move are used up */
	int rises, more_rises;  /* rises reported, and those past RISES_REPORTED */
	int last_rise;          /* the index in out of the last rise reported */
	/* without a TimeControl: the rises past its bounds, the first
	 * UNKNOWN_RISES_MAX kept until the game's end */
	int unknown_rises;
	struct pending_rise {
		int from_ply, ply;
		int64_t from_ms, ms, allowed;
	} pending[UNKNOWN_RISES_MAX];
};

struct clock_pass {
	const struct game_record *rec;
	struct finding_list *out;
	struct time_control tc;
	int has_tc;
	int no_tc;              /* no TimeControl tag, or "?": the bounds of any rate of play */
	int start_checked;      /* the first clock was held to the TimeControl's start */
	struct side_clock side[2];
	int with, without, first_without; /* plies with a clock and without one */
	int formats, first_format;        /* clock commands not read, and the finding of the first */
};

/* The side that played ply (1-based) and its move number, from the start
 * position: no ply record read. */
static int ply_side(const struct game_record *rec, int ply, uint32_t *number)
{
	int first = rec->start.side_to_move, at = ply - 1 + (first == BLACK);
	int start = rec->start.fullmove_number > 0 ? rec->start.fullmove_number : 1;
	*number = (uint32_t)(start + at / 2);
	return at & 1 ? BLACK : WHITE;
}

static void report_format(struct clock_pass *cp, int ply, const struct pgn_token *comment, const struct clock_note *n,
			  int c)
{
	/* one finding a game: a feed that writes one clock so writes all */
	if (cp->formats++)
		return;
	static const char *const what[] = { "%clk (the clock after the move)", "%emt (the time the move took)" };
	struct finding *f = ply > 0 ? record_move_finding(cp->rec, ply, CHECK_CLOCK_FORMAT, cp->out)
				    : finding_add(cp->out, CHECK_CLOCK_FORMAT);
	f->line = comment->line;
	f->column = comment->column;
	f->rule = "PGN supplement 2001, %clk/%emt";
	cp->first_format = (int)(f - cp->out->items);
	char text[64];
	clock_note_text(n, (enum clock_command)c, text, sizeof text);
	snprintf(f->message, sizeof f->message, "\"%s\" is not a %s in the form H:MM:SS%s; it is not read", text,
		 what[c], memchr(n->bad_text[c], ']', n->bad_len[c]) ? "" : " closed by ]");
}

/* The time added when the side completes move m: the next period's of
 * the TimeControl, or without one a period's most at the moves that can
 * end one. */
static int64_t period_bonus(const struct clock_pass *cp, uint32_t m)
{
	if (cp->has_tc)
		return time_control_bonus(&cp->tc, m);
	return m == 40 || m == 60 ? UNKNOWN_PERIOD_MS : 0;
}

/* The most a side's clock may gain from its move `from` (its reading then)
 * to its move `to`: the increments, the bonuses of periods ending in
 * [from, to] not used yet, and the slack; *bonus the bonuses alone.
 * Without a TimeControl, UNKNOWN_INCREMENT_MS a move and once more. */
static int64_t allowed_rise(const struct clock_pass *cp, const struct side_clock *s, uint32_t from, uint32_t to,
			    int64_t *bonus)
{
	int64_t inc = 0, most_inc = 0;
	*bonus = 0;
	/* one period for the whole game: its increment each move */
	if (cp->has_tc && cp->tc.count == 1 && cp->tc.period[0].moves == 0) {
		int64_t i = cp->tc.period[0].increment_ms;
		return i * (int64_t)(to - from) + i + RISE_SLACK_MS;
	}
	for (uint32_t m = from > s->bonus_done ? from : s->bonus_done; m <= to && m + 4096 > to; m++)
		if (m > 0)
			*bonus += period_bonus(cp, m);
	if (!cp->has_tc)
		return UNKNOWN_INCREMENT_MS * ((int64_t)(to - from) + 1) + *bonus;
	for (uint32_t m = from + 1; m <= to && m - from <= 4096; m++) {
		int64_t i = time_control_period(&cp->tc, m)->increment_ms;
		inc += i;
		most_inc = i > most_inc ? i : most_inc;
	}
	return inc + most_inc + *bonus + RISE_SLACK_MS;
}

/* Whether the opponent played an illegal move that stood between plies
 * `after` and `upto` (FIDE 7.5.5 gives the player time for it). */
static int illegal_before(const struct game_record *rec, int after, int upto)
{
	for (int p = after + 1; p < upto; p++)
		if (rec->plies[p - 1].stood == PLY_STOOD)
			return 1;
	return 0;
}

/* A rise of side us's clock from its reading after ply from_ply to the
 * one after ply. */
static void report_rise(struct clock_pass *cp, struct side_clock *s, int us, int from_ply, int64_t from_ms, int ply,
			int64_t ms, int64_t allowed)
{
	if (s->rises == RISES_REPORTED) {
		s->more_rises++;
		return;
	}
	char was[24], now[24], label[64], before[64];
	clock_time_write(ms, now, sizeof now);
	clock_time_write(from_ms, was, sizeof was);
	record_move_label(cp->rec, ply, label, sizeof label);
	record_move_label(cp->rec, from_ply, before, sizeof before);
	struct finding *f = record_move_finding(cp->rec, ply, CHECK_CLOCK_RISE, cp->out);
	int given = illegal_before(cp->rec, from_ply, ply);
	f->rule = given ? "FIDE 7.5.5" : "FIDE 6.3.1";
	/* labels and times bounded: the message fits whatever they are */
	const char *why = given ? "time given for the opponent's illegal move"
				: "time given (by the arbiter, or online by the opponent), or a wrong clock";
	if (cp->no_tc)
		/* a clock reads at most 9999:59:59: the seconds fit an int */
		snprintf(f->message, sizeof f->message,
			 "%s's clock rises from %.16s after %.32s to %.16s after %.32s, %d s, more than any rate of "
			 "play explains without a TimeControl (at most %d s): %s",
			 color_name[us], was, before, now, label, (int)((ms - from_ms) / 1000), (int)(allowed / 1000), why);
	else
		snprintf(f->message, sizeof f->message,
			 "%s's clock rises from %.16s after %.32s to %.16s after %.32s, %lld s, more than the %lld s "
			 "the TimeControl's increments and periods explain: %s",
			 color_name[us], was, before, now, label, (long long)((ms - from_ms) / 1000),
			 (long long)((allowed - RISE_SLACK_MS) / 1000), why);
	s->rises++;
	s->last_rise = (int)(f - cp->out->items);
}

/* The TimeControl with its periods' times in minutes, as "90+30" is
 * meant when the clocks start at 1:30:00; its standard form into text. */
static void in_minutes(struct time_control *tc, char *text, size_t len)
{
	size_t used = 0;
	text[0] = '\0';
	for (int i = 0; i < tc->count; i++) {
		struct time_period *p = &tc->period[i];
		p->ms *= 60;
		char moves[16] = "", inc[32] = "";
		if (p->moves)
			snprintf(moves, sizeof moves, "%u/", p->moves);
		if (p->increment_ms)
			snprintf(inc, sizeof inc, p->increment_ms % 1000 ? "+%lld.%03lld" : "+%lld",
				 (long long)(p->increment_ms / 1000), (long long)(p->increment_ms % 1000));
		int w = snprintf(text + used, len - used, "%s%s%lld%s", i ? ":" : "", moves, (long long)(p->ms / 1000), inc);
		if (w < 0 || (size_t)w >= len - used) {
			text[0] = '\0';
			return;
		}
		used += (size_t)w;
	}
}

/* A first clock (move 1 of a game from the start) above what the
 * TimeControl gives: when it is what the tag's numbers give read as
 * minutes ("90+30" on clocks that start at 1:30:56), the finding says so
 * and the clocks are compared with that; else nothing more is compared. */
static void check_start(struct clock_pass *cp, int us, int ply, int64_t ms)
{
	int64_t base = cp->tc.period[0].ms, inc = time_control_period(&cp->tc, 1)->increment_ms;
	if (ms <= base + 2 * inc + START_SLACK_MS)
		return;
	char now[24], label[64], minutes[64];
	clock_time_write(ms, now, sizeof now);
	record_move_label(cp->rec, ply, label, sizeof label);
	const char *tag = pgn_tag_value(cp->rec->game, "TimeControl");
	struct finding *f = record_move_finding(cp->rec, ply, CHECK_CLOCK_START, cp->out);
	int64_t as_minutes = 60 * base;
	if (ms <= as_minutes + 2 * inc + START_SLACK_MS && 4 * ms >= 3 * as_minutes) {
		in_minutes(&cp->tc, minutes, sizeof minutes);
		f->rule = "PGN 9.6.1";
		snprintf(f->message, sizeof f->message,
			 "%s's clock reads %.16s after %.32s, but the TimeControl \"%.40s\" gives %lld s at the start: the "
			 "tag counts seconds, and the clocks start as if it counted minutes%s%.40s",
			 color_name[us], now, label, tag ? tag : "", (long long)(base / 1000),
			 minutes[0] ? "; the standard's form is " : "", minutes);
		if (minutes[0])
			snprintf(f->suggestion, sizeof f->suggestion, "%s", minutes);
		return;
	}
	f->rule = "FIDE 6.3.1";
	snprintf(f->message, sizeof f->message,
		 "%s's clock reads %.16s after %.32s, more than the TimeControl \"%.40s\" gives at the start (%lld s%s): "
		 "the tag or the clock is wrong, and the clocks are not compared with it",
		 color_name[us], now, label, tag ? tag : "", (long long)(base / 1000), inc ? " and the increment" : "");
	cp->has_tc = 0;
}

/* Side us's reading ms after ply `ply`, its move `number`, against its
 * reading before: a rise past what explains it is reported (without a
 * TimeControl kept until the game's end, UNKNOWN_RISES_MAX); a rise that
 * took a period's time uses it up.  Returns the bonuses that could
 * explain it (allowed_rise). */
static int64_t check_rise(struct clock_pass *cp, struct side_clock *s, int us, int ply, uint32_t number, int64_t ms)
{
	int64_t bonus, allowed = allowed_rise(cp, s, s->move, number, &bonus), rise = ms - s->ms;
	if (rise > allowed) {
		if (cp->has_tc)
			report_rise(cp, s, us, s->ply, s->ms, ply, ms, allowed);
		else if (s->unknown_rises++ < UNKNOWN_RISES_MAX)
			s->pending[s->unknown_rises - 1] = (struct pending_rise){ s->ply, ply, s->ms, ms, allowed };
	} else if (bonus && rise > allowed - bonus) {
		s->bonus_done = number + 1;
	}
	return bonus;
}

/* The reading of ply `ply` by side `us`, at its move number `number`. */
static void take_reading(struct clock_pass *cp, int ply, int us, uint32_t number, const struct clock_note *n)
{
	struct side_clock *s = &cp->side[us];
	int64_t ms = n->ms[CLOCK_CLK];
	if (cp->has_tc && ms > 0) {
		if (s->ply) {
			int64_t bonus = check_rise(cp, s, us, ply, number, ms);
			/* the emt against the two readings: with the increments or without */
			if (n->present[CLOCK_EMT] && !n->bad[CLOCK_EMT] && number == s->move + 1 && !bonus) {
				int64_t spent = s->ms - ms, inc = time_control_period(&cp->tc, number)->increment_ms;
				int64_t emt = n->ms[CLOCK_EMT];
				if (llabs_(emt - spent) > EMT_SLACK_MS && llabs_(emt - (spent + inc)) > EMT_SLACK_MS) {
					char e[24], a[24], b[24], took[24], label[64], with[48] = "";
					clock_time_write(emt, e, sizeof e);
					clock_time_write(s->ms, a, sizeof a);
					clock_time_write(ms, b, sizeof b);
					clock_time_write(spent + inc, took, sizeof took);
					if (inc)
						snprintf(with, sizeof with, " and the increment of %lld s",
							 (long long)(inc / 1000));
					record_move_label(cp->rec, ply, label, sizeof label);
					struct finding *f = record_move_finding(cp->rec, ply, CHECK_CLOCK_EMT, cp->out);
					f->rule = "PGN supplement 2001, %clk/%emt";
					snprintf(f->message, sizeof f->message,
						 "%s took %s by its %%emt, but %s by %s's clocks (%s, then %s%s): one of them "
						 "is wrong",
						 label, e, took, color_name[us], a, b, with);
				}
			}
		} else if (number == 1 && cp->rec->start.fullmove_number == 1 && !cp->start_checked) {
			cp->start_checked = 1;
			check_start(cp, us, ply, ms);
		}
	} else if (cp->no_tc && ms > 0 && s->ply && s->ms > 0) {
		(void)check_rise(cp, s, us, ply, number, ms);
	}
	/* Only a reading below zero is a fall: feeds write whole seconds (or
	 * tenths), and 0:00:00 is the last second, in which a move can still
	 * be made (lichess's bullet games have many). */
	if (ms > 0)
		s->positive = 1;
	else if (ms < 0 && s->positive && !s->flag_ply) {
		s->flag_ply = ply;
		s->flag_ms = ms;
	}
	s->ply = ply;
	s->ms = ms;
	s->move = number;
}

/* A side whose clock read below zero: the game went on, or its result is
 * not the loss on time (nor the draw of 6.9) the flag means. */
static void report_flag(struct clock_pass *cp, int us)
{
	const struct game_record *rec = cp->rec;
	const struct side_clock *s = &cp->side[us];
	char now[24], label[64], tail[160];
	clock_time_write(s->flag_ms, now, sizeof now);
	record_move_label(rec, s->flag_ply, label, sizeof label);
	int after = rec->count - s->flag_ply;
	enum outcome result = game_outcome(rec);
	int lost = result == (us == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS);
	/* the opponent's one move after the flag's: the clock read 0 as the
	 * side's time ran out while the opponent thought, or the game ended
	 * then; more than that is play after the flag */
	if (after > 1) {
		snprintf(tail, sizeof tail, "and the game went on for %d more plies: the flag fell unnoticed (FIDE 6.8), "
			 "or the clock is wrong", after);
	} else {
		if (lost || rec->stop != STOP_NONE || result == OUTCOME_NONE || result == OUTCOME_UNFINISHED)
			return;
		const struct position *end = record_position(rec, rec->count);
		/* a mate or stalemate ends the game before a flag counts (6.9) */
		if (!has_legal_move(end))
			return;
		/* a draw is right when the opponent could not have mated */
		if (result == OUTCOME_DRAW && mate_by_proofs(end, (enum color)!us, NULL) == MATE_IMPOSSIBLE)
			return;
		snprintf(tail, sizeof tail, "but the result is %s, not a loss on time for %s", outcome_name(result),
			 color_name[us]);
	}
	struct finding *f = record_move_finding(rec, s->flag_ply, CHECK_CLOCK_FLAG, cp->out);
	f->rule = after > 1 ? "FIDE 6.8" : "FIDE 6.9";
	snprintf(f->message, sizeof f->message, "%s's clock reads %s after %s%s, %s", color_name[us], now, label,
		 s->flag_ms < 0 ? " (below zero)" : "", tail);
}

/* A recorded loss on time that the clocks contradict: the winner's own
 * clock read below zero, or the loser had made the last move (its clock
 * stopped) with time left.  Returns the winner in the first case (its
 * flag is said then), else -1. */
static int report_forfeit(struct clock_pass *cp)
{
	const struct game_record *rec = cp->rec;
	const struct recorded_ending *e = NULL;
	for (int i = 0; i < rec->ending_count && !e; i++)
		if (rec->endings[i].kind == ENDING_TIME_FORFEIT && rec->endings[i].side >= 0)
			e = &rec->endings[i];
	if (!e || rec->stop != STOP_NONE || rec->count == 0)
		return -1;
	int loser = e->side, winner = !loser;
	const struct side_clock *l = &cp->side[loser], *w = &cp->side[winner];
	char t[24], label[64];
	const char *how = e->tag ? e->tag : "a comment";
	if (w->ply && w->ms < 0 && !(l->ply && l->ms < 0) && w->positive) {
		clock_time_write(w->ms, t, sizeof t);
		record_move_label(rec, w->ply, label, sizeof label);
		struct finding *f = record_game_finding(rec, CHECK_FORFEIT_CLOCK, cp->out);
		f->rule = "FIDE 6.9";
		snprintf(f->message, sizeof f->message,
			 "%s says %s lost on time, but it was %s's clock that read %s, after %s", how, color_name[loser],
			 color_name[winner], t, label);
		return winner;
	}
	int last_side = record_position(rec, rec->count - 1)->side_to_move;
	if (last_side == loser && l->ply == rec->count && l->ms > 0) {
		clock_time_write(l->ms, t, sizeof t);
		record_move_label(rec, l->ply, label, sizeof label);
		struct finding *f = record_game_finding(rec, CHECK_FORFEIT_CLOCK, cp->out);
		f->rule = "FIDE 6.9";
		snprintf(f->message, sizeof f->message,
			 "%s says %s lost on time, but %s made the last move, %s, with %s left on the clock: it was %s's "
			 "clock that ran",
			 how, color_name[loser], color_name[loser], label, t, color_name[winner]);
	}
	return -1;
}

/* Reads the clock notes of the comments after ply `ply`'s move (ply 0:
 * before the first) and takes the clock of the move. */
static void finish_ply(struct clock_pass *cp, int ply, const struct clock_note *n, int noted)
{
	if (ply == 0)
		return;
	/* a clock that cannot be read is clock-format's, not a missing one */
	if (noted && n->present[CLOCK_CLK] && n->bad[CLOCK_CLK])
		return;
	if (!noted || !n->present[CLOCK_CLK]) {
		/* the last move often has none: the game ended before the
		 * clock was pressed */
		if (ply == cp->rec->count)
			return;
		if (!cp->without++)
			cp->first_without = ply;
		return;
	}
	cp->with++;
	uint32_t number;
	int us = ply_side(cp->rec, ply, &number);
	take_reading(cp, ply, us, number, n);
}

/* Moves of a variation with clocks, as the game's own have them: an
 * electronic board's correction (a piece dragged over a square, then the
 * real move) stores the real move as a variation, and every move after it
 * goes on inside it.  An annotator writes no clock in a variation.  One
 * finding a game, at the first move of the first variation with two
 * clocks or more; `first` is the token of its first clock. */
static void report_game_in_variation(const struct game_record *rec, int first, int clocks, struct finding_list *out)
{
	const struct pgn_game *g = rec->game;
	int depth = g->tokens[first].depth, start = first;
	/* back to its variation's '(' at the outermost depth with clocks */
	while (start > 0 && !(g->tokens[start].type == TOKEN_VARIATION_START && g->tokens[start].depth == depth))
		start--;
	int at = start;
	while (at < g->token_count && g->tokens[at].type != TOKEN_SYMBOL)
		at++;
	if (at == g->token_count)
		return;
	const struct pgn_token *t = &g->tokens[at];
	struct finding *f = finding_add(out, CHECK_GAME_IN_VARIATION);
	f->line = t->line;
	f->column = t->column;
	f->rule = "PGN 8.2.5";
	/* its move number, when one is written just before it */
	char begins[48];
	const struct pgn_token *number = at > 0 && g->tokens[at - 1].type == TOKEN_MOVE_NUMBER ? &g->tokens[at - 1] : NULL;
	snprintf(begins, sizeof begins, "%.12s%s%.24s", number ? pgn_token_text(g, number) : "", number ? " " : "",
		 pgn_token_text(g, t));
	char last[64] = "the start";
	if (rec->count > 0)
		record_move_label(rec, rec->count, last, sizeof last);
	snprintf(f->message, sizeof f->message,
		 "%d moves in variations have clocks ([%%clk]), from the variation that begins with %s: the "
		 "game's own moves stored as a variation, as an electronic board stores a correction; the main "
		 "line stops at %.40s",
		 clocks, begins, last);
}

void check_clocks(const struct game_record *rec, struct finding_list *out)
{
	const struct pgn_game *g = rec->game;
	int i = 0;
	for (; i < g->token_count; i++)
		if (g->tokens[i].type == TOKEN_COMMENT)
			break;
	if (i == g->token_count)
		return;
	struct clock_pass cp;
	memset(&cp, 0, sizeof cp);
	cp.rec = rec;
	cp.out = out;
	const char *tc = pgn_tag_value(g, "TimeControl");
	cp.has_tc = time_control_read(tc, &cp.tc);
	cp.no_tc = !tc || strcmp(tc, "?") == 0 || !*tc;
	int ply = 0, noted = 0, any = 0, in_variations = 0, first_in_variation = -1;
	struct clock_note note, one;
	memset(&note, 0, sizeof note);
	const struct pgn_token *next = rec->count > 0 ? rec->plies[0].token : NULL;
	for (i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t == next) {
			finish_ply(&cp, ply, &note, noted);
			ply++;
			next = ply < rec->count ? rec->plies[ply].token : NULL;
			noted = 0;
			note.present[CLOCK_CLK] = note.present[CLOCK_EMT] = 0;
			continue;
		}
		/* moves the replay did not reach */
		if (!next && t->type == TOKEN_SYMBOL && t->depth == 0)
			break;
		if (t->type == TOKEN_COMMENT && t->depth > 0) {
			if (clock_note_read(pgn_token_text(g, t), t->length, &one) && one.present[CLOCK_CLK] &&
			    in_variations++ == 0)
				first_in_variation = i;
			continue;
		}
		if (t->type != TOKEN_COMMENT)
			continue;
		if (!clock_note_read(pgn_token_text(g, t), t->length, &one))
			continue;
		any = 1;
		for (int c = 0; c < CLOCK_COMMANDS; c++) {
			if (!one.present[c] || note.present[c])
				continue;
			if (one.bad[c])
				report_format(&cp, ply, t, &one, c);
			note.present[c] = 1;
			note.bad[c] = one.bad[c];
			note.ms[c] = one.ms[c];
		}
		noted = 1;
	}
	if (in_variations >= 2)
		report_game_in_variation(rec, first_in_variation, in_variations, out);
	if (!any)
		return;
	finish_ply(&cp, ply, &note, noted);
	if (cp.formats > 1) {
		struct finding *f = &out->items[cp.first_format];
		size_t used = strlen(f->message);
		if (cp.formats == 2)
			snprintf(f->message + used, sizeof f->message - used, " (nor is one more clock command of this game)");
		else
			snprintf(f->message + used, sizeof f->message - used,
				 " (nor are %d more clock commands of this game)", cp.formats - 1);
	}
	int flag_said = report_forfeit(&cp);
	for (int us = 0; us < 2; us++) {
		struct side_clock *s = &cp.side[us];
		for (int k = 0; s->unknown_rises <= UNKNOWN_RISES_MAX && k < s->unknown_rises; k++) {
			const struct pending_rise *r = &s->pending[k];
			report_rise(&cp, s, us, r->from_ply, r->from_ms, r->ply, r->ms, r->allowed);
		}
		if (s->more_rises) {
			struct finding *f = &out->items[s->last_rise];
			size_t used = strlen(f->message);
			snprintf(f->message + used, sizeof f->message - used, " (and %d more rises of %s's clock)",
				 s->more_rises, color_name[us]);
		}
		if (s->flag_ply && us != flag_said)
			report_flag(&cp, us);
	}
	if (cp.with > 0 && cp.without > 0) {
		char label[64];
		record_move_label(rec, cp.first_without, label, sizeof label);
		struct finding *f = record_move_finding(rec, cp.first_without, CHECK_CLOCK_MISSING, out);
		f->rule = "PGN supplement 2001, %clk/%emt";
		char others[48];
		if (cp.with == 1)
			snprintf(others, sizeof others, "one other move has one");
		else
			snprintf(others, sizeof others, "%d other moves have one", cp.with);
		if (cp.without == 1)
			snprintf(f->message, sizeof f->message, "%s has no clock, though the game's %s", label, others);
		else if (cp.without == 2)
			snprintf(f->message, sizeof f->message, "%s has no clock, nor has one more move, though the game's %s",
				 label, others);
		else
			snprintf(f->message, sizeof f->message, "%s has no clock, nor do %d more moves, though the game's %s",
				 label, cp.without - 1, others);
	}
}

int clock_readings(const struct game_record *rec, int *ply_of, int64_t *ms_of, int most)
{
	const struct pgn_game *g = rec->game;
	const struct pgn_token *next = rec->count > 0 ? rec->plies[0].token : NULL;
	int ply = 0, n = 0, taken = 0;
	struct clock_note one;
	for (int i = 0; i < g->token_count && n < most; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t == next) {
			ply++;
			next = ply < rec->count ? rec->plies[ply].token : NULL;
			taken = 0;
			continue;
		}
		if (!next && t->type == TOKEN_SYMBOL && t->depth == 0)
			break;
		/* a clock before the first move is no move's */
		if (t->type != TOKEN_COMMENT || t->depth != 0 || ply == 0 || taken)
			continue;
		if (!clock_note_read(pgn_token_text(g, t), t->length, &one) || !one.present[CLOCK_CLK] || one.bad[CLOCK_CLK])
			continue;
		ply_of[n] = ply;
		ms_of[n++] = one.ms[CLOCK_CLK];
		taken = 1;
	}
	return n;
}
