/*
 * check_results.c - does the recorded result agree with how the game ended?
 *
 * The Laws end a game by themselves, whatever the players wrote: checkmate
 * (5.1.1), stalemate (5.2.1), a dead position (5.2.2) and, since 2023, a
 * fivefold repetition or 75 moves without pawn move or capture (9.6).  This
 * pass finds the first such end in the main line, reports moves recorded
 * after it (move-after-end) and, for 9.6, the end itself (automatic-draw);
 * then it compares the result with the final position (wrong-result) and a
 * recorded win on time with what the winner could still have done
 * (unwinnable-timeout, 6.9).
 *
 * One finding per fact: an automatic draw carries its own verdict on the
 * result, so wrong-result and unwinnable-timeout keep quiet after one; a win
 * on time in a dead position is one unwinnable-timeout (the more specific
 * reading of the same mistake), not also a wrong-result.  Mate or stalemate
 * followed by moves is audit.c's move-after-end (the replay stops there).
 *
 * Cost: the dead-position test (unwinnable.c) is a search, so it is never
 * asked per ply of an ordinary game.  A dead position stays dead, so a
 * game has one only if its final position is dead: that is asked when a
 * cheap test allows it (final_may_be_dead), and only then the plies before
 * it, back to the first dead one (dead_since); the plies after a capture
 * or pawn move whose material or locked pawns allow it (could_be_dead) are
 * asked on the way as well.  Repetitions are counted only once 16
 * reversible plies make a fifth occurrence possible.
 */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "validator/chess/movegen.h"
#include "validator/audit/endings.h"
#include "validator/audit/passes.h"
#include "validator/audit/record.h"
#include "validator/chess/unwinnable.h"

static const char *const outcome_text[] = { "", "1-0", "0-1", "1/2-1/2", "*" };

const char *outcome_name(enum outcome o)
{
	return outcome_text[o];
}

/* Ways the Laws end a game before or at its last recorded ply, mate and
 * stalemate aside (the replay itself stops at those). */
enum end_kind { END_NONE, END_DEAD, END_FIVEFOLD, END_SEVENTY_FIVE };

struct game_end {
	enum end_kind kind;
	int ply; /* the position after this ply ended the game (0: the start) */
};

enum final_state { FINAL_LIVE, FINAL_CHECKMATE, FINAL_STALEMATE, FINAL_DEAD };

/* A fifth occurrence needs four earlier ones, each cycle at least 4 plies. */
#define FIVEFOLD_MIN_CLOCK 16
/* 75 moves by each player (FIDE 9.6.2). */
#define SEVENTY_FIVE_PLIES 150

/* strcmp(text, word) == 0 for the short words below, inline: every game
 * asks, and the calls cost more than the few bytes compared. */
static inline int is_word(const char *text, const char *word)
{
	while (*word && *text == *word)
		text++, word++;
	return *text == *word;
}

static enum outcome outcome_of(const char *text)
{
	if (!text)
		return OUTCOME_NONE;
	if (is_word(text, "1-0"))
		return OUTCOME_WHITE_WINS;
	if (is_word(text, "0-1"))
		return OUTCOME_BLACK_WINS;
	/* "1/2" is an old shorthand the reader accepts as a draw. */
	if (is_word(text, "1/2-1/2") || is_word(text, "1/2"))
		return OUTCOME_DRAW;
	if (is_word(text, "*"))
		return OUTCOME_UNFINISHED;
	return OUTCOME_NONE;
}

/* The termination marker, else the Result tag.  When both exist and differ,
 * audit.c reports result-mismatch and the marker is taken as the result. */
enum outcome game_outcome(const struct game_record *rec)
{
	if (rec->termination)
		return outcome_of(pgn_token_text(rec->game, rec->termination));
	return outcome_of(pgn_tag_value(rec->game, "Result"));
}

/* A cheap necessary condition for the dead positions unwinnable.c can
 * prove: no pawn that can still advance (each stands behind another pawn),
 * and without pawns, no rook or queen (either could always help mate).
 * Exotic dead positions (a pawn held by an immobile piece) are not tried. */
static inline int could_be_dead(const struct position *pos)
{
	/* A pawn with no pawn next to it on its file, above or below, has
	 * none ahead whatever its colour: told from the pawns alone, which
	 * is all most positions after a capture or pawn move need. */
	bitboard all_pawns = pos->by_type[PAWN];
	if (all_pawns & ~((all_pawns << 8) | (all_pawns >> 8)))
		return 0;
	bitboard white = pos->by_type[PAWN] & pos->by_color[WHITE];
	bitboard black = pos->by_type[PAWN] & pos->by_color[BLACK];
	bitboard pawns = white | black;
	if (((white << 8) & ~pawns) || ((black >> 8) & ~pawns))
		return 0;
	return pawns || !(pos->by_type[ROOK] | pos->by_type[QUEEN]);
}

/* Can the king of `us` step to a square no enemy attacks (whoever is to
 * move)?  Usually yes, which spares generating every move. */
static int king_can_step(const struct position *pos, int us)
{
	int king = position_king_square(pos, us);
	bitboard without_king = position_occupied(pos) & ~BIT(king);
	bitboard targets = king_attacks(king) & ~pos->by_color[us];
	while (targets) {
		int to = pop_lsb(&targets);
		if (!attackers_to(pos, to, (enum color)!us, without_king))
			return 1;
	}
	return 0;
}

/* Has the side to move a legal move?  Asked of every game's final position,
 * where a king that cannot step is mostly a mated one: in check, the legal
 * generator tries only the moves that meet the check, where the test of
 * every pseudo-legal move tried them all; out of check, a move of another
 * piece than the king is legal unless it leaves a line to its king. */
int has_legal_move(const struct position *pos)
{
	struct move_list list;
	if (king_can_step(pos, pos->side_to_move))
		return 1;
	if (in_check(pos)) {
		generate_legal(pos, &list);
		return list.count > 0;
	}
	generate_pseudo_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (move_is_legal_unchecked(pos, list.moves[i]))
			return 1;
	return 0;
}

static int is_checkmate(const struct position *pos)
{
	return in_check(pos) && !has_legal_move(pos);
}

/* The most units on the board with which a final position whose king
 * is boxed in is asked whether it ends a forced line (final_may_be_dead):
 * the forced dead positions of the corpus had at most 11. */
#define FORCED_DEAD_MAX_UNITS 12

static int legal_move_count(const struct position *pos)
{
	struct move_list list;
	generate_legal(pos, &list);
	return list.count;
}

/* How many forced replies final_may_be_dead() follows. */
#define FORCED_REPLIES 4

/* A cheap necessary condition, short of a proof, for a final position to
 * be dead in the ways unwinnable.c proves it: what could_be_dead() allows
 * (material, a locked structure); a stalemate; or a king with no square
 * to step to and few units or replies, the shape of a position from which
 * every line runs into a stalemate or a bare board within a few moves
 * (after 1...Qxf4 in 8/5kp1/8/6PK/5q2/8/8/8 White's one move, g6+, leaves
 * Black only moves that stalemate it).  A check with one reply is no
 * choice: the position after the reply is dead exactly when this one is,
 * and is asked instead (after 58. a7+ Ka8, White can only stalemate).
 * `check`: the side to move is in check.  On the corpus's 43,941 final
 * positions this let through all 322 dead ones (CHA's count) and about
 * 750 that the proofs then reject (bench/HISTORY.md, "Dead positions
 * where they arise"). */
static int may_be_dead(const struct position *pos, int check, int forced)
{
	if (could_be_dead(pos))
		return 1;
	int us = pos->side_to_move;
	int units = __builtin_popcountll(position_occupied(pos));
	int few_units = units <= FORCED_DEAD_MAX_UNITS;
	if (!check && !king_can_step(pos, us)) {
		if (!few_units)
			return !has_legal_move(pos); /* stalemate */
		if (legal_move_count(pos) <= 2)
			return 1; /* stalemate, or a move or two to make */
	}
	/* Lines closing on the side not to move: its king boxed in. */
	if (!king_can_step(pos, !us))
		return few_units || (check && legal_move_count(pos) <= 4);
	if (!check || !few_units)
		return 0;
	struct move_list replies;
	generate_legal(pos, &replies);
	if (replies.count == 1 && forced < FORCED_REPLIES) {
		struct position next = *pos;
		make_move(&next, replies.moves[0]);
		return may_be_dead(&next, in_check(&next), forced + 1);
	}
	/* A check whose one or two replies leave a bare board. */
	return units <= 4 && replies.count <= 2;
}

static int final_may_be_dead(const struct game_record *rec, const struct position *pos)
{
	return may_be_dead(pos, rec->count > 0 ? rec->plies[rec->count - 1].check : in_check(pos), 0);
}

/* The first ply after which every position of the main line is dead, or
 * -1.  A dead position stays dead whatever is played (no series of moves
 * from it mates, so none from a position it leads to does), so a game has
 * one only if its final position is dead: that is asked, and only then
 * the plies before it, back from the end while they are dead too.  So a
 * position that became dead by a check or a king move is found where it
 * arose, at the cost of one cheap test a game (final_may_be_dead); the
 * plies an ordinary game is made of are never asked. */
static int dead_since(const struct game_record *rec)
{
	int ply = rec->count;
	if (!final_may_be_dead(rec, record_position(rec, ply)) || !is_dead_position(record_position(rec, ply)))
		return -1;
	while (ply > 0 && is_dead_position(record_position(rec, ply - 1)))
		ply--;
	return ply;
}

/* How often the position after `ply` stood before, as
 * record_earlier_occurrences() counts it, but looking only at positions
 * with the same side to move (every other ply). */
static int earlier_occurrences(const struct game_record *rec, int ply)
{
	const struct position *pos = record_position(rec, ply);
	int found = 0;
	for (int p = ply - 4; p >= 0 && p >= ply - pos->halfmove_clock; p -= 2)
		found += record_key(rec, p) == pos->key;
	return found;
}

/* Did the Laws end the game at `ply` (dead position; under the 2023 Laws
 * also fivefold repetition or the 75-move rule)?  Asked of the start
 * position; first_end() asks the same of the later plies in its loop. */
static enum end_kind end_at(const struct game_record *rec, int ply)
{
	const struct position *pos = record_position(rec, ply);
	int clock = pos->halfmove_clock;
	/* Only a capture or pawn move (clock 0) can make a position dead. */
	if ((ply == 0 || clock == 0) && could_be_dead(pos) && is_dead_position(pos))
		return END_DEAD;
	if (rec->rules != RULES_FIDE2023)
		return END_NONE;
	if (clock >= FIVEFOLD_MIN_CLOCK && earlier_occurrences(rec, ply) >= 4)
		return END_FIVEFOLD;
	/* The ply that completes the 75 moves, unless it mates (9.6.2). */
	if (clock >= SEVENTY_FIVE_PLIES && (ply == 0 || clock == SEVENTY_FIVE_PLIES) && !is_checkmate(pos))
		return END_SEVENTY_FIVE;
	return END_NONE;
}

/* How often each position of a run may have stood, per parity (the same
 * side to move), as counts of up to four in 64 buckets (the key's top six
 * bits): at_least[parity][n - 1] holds the buckets with n keys or more.  A
 * position whose bucket had fewer than four cannot stand for the fifth
 * time, and the run is not searched for it.  Kept from ply to ply of a run:
 * searching every ply of a long run cost more than all the rest of the
 * pass's loop. */
struct occurrence_filter {
	int run;                  /* ply - halfmove clock, the same for every ply of a run */
	int next;                 /* the first ply not yet counted */
	uint64_t at_least[2][4];
};

/* Counts the position after `ply`; returns whether four positions of the
 * run had its bucket before it. */
static int occurrence_filter_add(struct occurrence_filter *filter, const struct game_record *rec, int ply)
{
	int run = ply - record_position(rec, ply)->halfmove_clock;
	int four = 0;
	if (filter->run != run) {
		filter->run = run;
		filter->next = run < 0 ? 0 : run;
		memset(filter->at_least, 0, sizeof filter->at_least);
	}
	for (; filter->next <= ply; filter->next++) {
		uint64_t bit = (uint64_t)1 << (record_key(rec, filter->next) >> 58);
		uint64_t *at_least = filter->at_least[filter->next % 2];
		four = (at_least[3] & bit) != 0;
		at_least[3] |= at_least[2] & bit;
		at_least[2] |= at_least[1] & bit;
		at_least[1] |= at_least[0] & bit;
		at_least[0] |= bit;
	}
	return four;
}

/* The first ply after which the Laws ended the game (end_at), looked for
 * where it can happen: a position becomes dead only by a capture or pawn
 * move (clock 0), stands a fifth time only 16 plies or more into a run, and
 * completes 75 moves only at 150.  So the plies are taken run by run, from
 * the record's list of the plies that reset the clock: within a run the
 * clock counts up by one a ply, and the plies under 16 into it are passed
 * over without being read (a loop over every ply, testing its clock, was a
 * third of this pass). */
static struct game_end first_end_forward(const struct game_record *rec)
{
	struct occurrence_filter filter = { .run = INT_MIN };
	int fide2023 = rec->rules == RULES_FIDE2023;
	enum end_kind kind = end_at(rec, 0);
	if (kind != END_NONE)
		return (struct game_end){ kind, 0 };
	/* Run k is the plies after reset k - 1 (after the start for k = 0)
	 * and before reset k (after the last ply for k = reset_count). */
	int from = 1;
	for (int k = 0; k <= rec->reset_count; k++) {
		int until = k < rec->reset_count ? rec->resets[k] : rec->count + 1;
		if (fide2023) {
			/* The clock at ply p is p - (from - 1), or the start's
			 * clock + p in the first run. */
			int first = k == 0 ? FIVEFOLD_MIN_CLOCK - rec->start.halfmove_clock : from - 1 + FIVEFOLD_MIN_CLOCK;
			for (int ply = first > from ? first : from; ply < until; ply++) {
				const struct position *pos = &rec->plies[ply - 1].after;
				/* From `first` on the clock has counted up to it. */
				assert(pos->halfmove_clock >= FIVEFOLD_MIN_CLOCK);
				if (pos->halfmove_clock < FIVEFOLD_MIN_CLOCK)
					continue;
				/* What end_at() asks at this ply, the filter first. */
				if (occurrence_filter_add(&filter, rec, ply) && earlier_occurrences(rec, ply) >= 4)
					return (struct game_end){ END_FIVEFOLD, ply };
				if (pos->halfmove_clock == SEVENTY_FIVE_PLIES && !is_checkmate(pos))
					return (struct game_end){ END_SEVENTY_FIVE, ply };
			}
		}
		if (k == rec->reset_count)
			break;
		const struct position *pos = &rec->plies[until - 1].after;
		if (could_be_dead(pos) && is_dead_position(pos))
			return (struct game_end){ END_DEAD, until };
		from = until + 1;
	}
	return (struct game_end){ END_NONE, 0 };
}

/* The first end of either kind: what the plies tell on the way
 * (first_end_forward) or a dead position found back from the end
 * (dead_since), whichever came first. */
static struct game_end first_end(const struct game_record *rec)
{
	struct game_end end = first_end_forward(rec);
	int dead = dead_since(rec);
	if (dead >= 0 && (end.kind == END_NONE || dead < end.ply))
		return (struct game_end){ END_DEAD, dead };
	return end;
}

/* Why a dead position is dead, as the end of a parenthesis after the Laws'
 * words ("neither side can checkmate by any series of legal moves"); at
 * most 114 characters, which the messages' bounds below (%.60s for the
 * place, %.114s for this) leave room for in a finding's 320. */
static const char *why_dead(const struct position *pos)
{
	switch (dead_position_reason(pos)) {
	case DEAD_BLOCKED:
		return "; the pawns are locked for good and nothing can get through";
	case DEAD_FORCED:
		return "; every series of moves from it ends within six plies in stalemate or in a position too bare or too locked to mate";
	default:
		return "";
	}
}

/* What ended the game, as a clause: "the position after 45. Bxc6 is dead
 * (...)".  The 2023 article it rests on goes into *rule. */
static void describe_end(const struct game_record *rec, struct game_end end, const char **rule, char *buf,
			 size_t len)
{
	char where[80];
	record_where(rec, end.ply, where, sizeof where);
	switch (end.kind) {
	case END_DEAD:
		*rule = "FIDE 5.2.2";
		snprintf(buf, len, "the position %.60s is dead (neither side can checkmate by any series of legal moves%.114s)",
			 where, why_dead(record_position(rec, end.ply)));
		break;
	case END_FIVEFOLD:
		*rule = "FIDE 9.6.1";
		snprintf(buf, len, "the position %s occurred for the fifth time (a rule of the Laws since 1 July 2014)", where);
		break;
	default:
		*rule = "FIDE 9.6.2";
		snprintf(buf, len, "%s, 75 moves by each player had been made without a pawn move or capture (a rule of the Laws since 1 July 2014)", where);
		break;
	}
}

/* The first move recorded after a dead position ended the game.  The
 * position stays dead whatever follows, so the moves cannot change the
 * outcome: the record is wrong in form, a warning, and a result other
 * than the draw is wrong-result's error (report_wrong_result), one error
 * for one fault. */
static void report_move_after_end(const struct game_record *rec, struct game_end end, struct finding_list *out)
{
	char what[256];
	const char *rule;
	describe_end(rec, end, &rule, what, sizeof what);
	struct finding *f = record_move_finding(rec, end.ply + 1, CHECK_MOVE_AFTER_END, out);
	f->rule = rule;
	f->severity = SEVERITY_WARNING;
	snprintf(f->message, sizeof f->message, "%.40s is recorded after the game ended: %.240s", f->san, what);
}

/* The automatic draw itself, at the move that caused it (at the first move
 * when the start position already was one), with its verdict on the rest,
 * the one finding of it (the moves after it are no move-after-end of their
 * own): an error when the result is decisive, which the Laws contradict; a
 * warning when play went on under a draw or no result, or the result is
 * missing or `*`; information when the game rightly ended there. */
static void report_automatic_draw(const struct game_record *rec, struct game_end end, enum outcome result,
				  struct finding_list *out)
{
	char what[256], verdict[80];
	const char *rule;
	int decisive = result == OUTCOME_WHITE_WINS || result == OUTCOME_BLACK_WINS;
	int play_went_on = end.ply < rec->count || rec->stop != STOP_NONE;
	describe_end(rec, end, &rule, what, sizeof what);
	struct finding *f = rec->count == 0 ? record_game_finding(rec, CHECK_AUTOMATIC_DRAW, out)
					    : record_move_finding(rec, end.ply > 0 ? end.ply : 1, CHECK_AUTOMATIC_DRAW, out);
	f->rule = rule;
	if (play_went_on && decisive) {
		snprintf(verdict, sizeof verdict, "; play went on and the result says %s", outcome_text[result]);
	} else if (play_went_on) {
		char next[32] = "a move that does not replay";
		if (end.ply < rec->count)
			record_move_label(rec, end.ply + 1, next, sizeof next);
		snprintf(verdict, sizeof verdict, "; play went on with %.31s", next);
		f->severity = SEVERITY_WARNING;
	} else if (decisive) {
		snprintf(verdict, sizeof verdict, "; the result says %s", outcome_text[result]);
	} else if (result == OUTCOME_DRAW) {
		snprintf(verdict, sizeof verdict, ", as the result says");
		f->severity = SEVERITY_INFO;
	} else {
		snprintf(verdict, sizeof verdict, "; the result is %s",
			 result == OUTCOME_UNFINISHED ? "* (unfinished)" : "not recorded");
		f->severity = SEVERITY_WARNING;
	}
	snprintf(f->message, sizeof f->message, "%.233s: the game was drawn automatically%.51s", what, verdict);
	if (result != OUTCOME_DRAW)
		snprintf(f->suggestion, sizeof f->suggestion, "1/2-1/2");
}

static enum final_state final_state_of(const struct game_record *rec, struct game_end end)
{
	const struct position *pos = record_position(rec, rec->count);
	if (!has_legal_move(pos))
		return in_check(pos) ? FINAL_CHECKMATE : FINAL_STALEMATE;
	/* A dead position stays dead whatever is played after it; first_end()
	 * has asked about the final one (dead_since). */
	return end.kind == END_DEAD ? FINAL_DEAD : FINAL_LIVE;
}

/* The first time forfeit the game records, or NULL. */
static const struct recorded_ending *time_forfeit(const struct game_record *rec)
{
	for (int i = 0; i < rec->ending_count; i++)
		if (rec->endings[i].kind == ENDING_TIME_FORFEIT)
			return &rec->endings[i];
	return NULL;
}

/* A win on time for a side that could not have mated (FIDE 6.9); returns
 * whether it was reported. */
static int report_unwinnable_timeout(const struct game_record *rec, enum final_state state, enum outcome result,
				     struct finding_list *out)
{
	static const char *const color_name[] = { "White", "Black" };
	const struct position *pos = record_position(rec, rec->count);
	if (result != OUTCOME_WHITE_WINS && result != OUTCOME_BLACK_WINS)
		return 0;
	int winner = result == OUTCOME_WHITE_WINS ? WHITE : BLACK;
	if (state == FINAL_CHECKMATE || state == FINAL_STALEMATE)
		return 0;
	const struct recorded_ending *forfeit = time_forfeit(rec);
	/* A record that names the winner as the one who lost on time
	 * contradicts itself; nothing sound can be said. */
	if (!forfeit || forfeit->side == winner)
		return 0;
	/* Only a proof of MATE_IMPOSSIBLE matters here (unwinnable.h says what
	 * can_win_on_time() searches, and where it does not). */
	if (can_win_on_time(pos, (enum color)winner) != MATE_IMPOSSIBLE)
		return 0;
	struct finding *f = record_game_finding(rec, CHECK_UNWINNABLE_TIMEOUT, out);
	f->rule = "FIDE 6.9";
	snprintf(f->message, sizeof f->message,
		 "%s lost on time, but %s could not checkmate by any series of legal moves from the final position%s: "
		 "the game is drawn, not %s",
		 color_name[!winner], color_name[winner],
		 state == FINAL_DEAD ? " (a dead position: neither side could)" : "", outcome_text[result]);
	snprintf(f->suggestion, sizeof f->suggestion, "1/2-1/2");
	return 1;
}

/* The result a game over at its final position must have. */
static void report_wrong_result(const struct game_record *rec, enum final_state state, enum outcome result,
				struct finding_list *out)
{
	const struct position *pos = record_position(rec, rec->count);
	enum outcome right = OUTCOME_DRAW;
	const char *rule, *what;
	char where[80], dead[256];
	if (result == OUTCOME_NONE)
		return;
	if (state == FINAL_CHECKMATE) {
		right = pos->side_to_move == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
		rule = "FIDE 5.1.1";
		what = right == OUTCOME_WHITE_WINS ? "checkmate: White won" : "checkmate: Black won";
	} else if (state == FINAL_STALEMATE) {
		rule = "FIDE 5.2.1";
		what = "stalemate: the game is drawn";
	} else {
		rule = "FIDE 5.2.2";
		what = dead;
	}
	if (result == right)
		return;
	if (what == dead)
		snprintf(dead, sizeof dead, "dead (neither side can checkmate by any series of legal moves%.114s): the game is drawn",
			 why_dead(pos));
	record_where(rec, rec->count, where, sizeof where);
	struct finding *f = record_game_finding(rec, CHECK_WRONG_RESULT, out);
	f->rule = rule;
	if (result == OUTCOME_UNFINISHED) {
		f->severity = SEVERITY_WARNING;
		snprintf(f->message, sizeof f->message,
			 "the final position %.60s is %.200s, but the result is * (unfinished)", where, what);
	} else {
		snprintf(f->message, sizeof f->message, "the final position %.60s is %.200s, but the result says %.7s",
			 where, what, outcome_text[result]);
	}
	/* Copied: a result's text (at most 8 bytes) always fits. */
	memcpy(f->suggestion, outcome_text[right], strlen(outcome_text[right]) + 1);
}

/* ---- the Termination tag against the result (termination-mismatch) ---- */

/* What a Termination tag says of the result, when it says anything. */
enum said { SAID_NOTHING, SAID_WHITE_WINS, SAID_BLACK_WINS, SAID_DRAW, SAID_UNFINISHED };

/* The side the n bytes at s name: "White", "Black", or the value of the
 * White or Black tag (case aside, blanks around passed over); -1 for
 * neither, or both players of that name. */
static int named_side(const struct pgn_game *g, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n == 0)
		return -1;
	if (n == 5 && strncasecmp(s, "white", 5) == 0)
		return WHITE;
	if (n == 5 && strncasecmp(s, "black", 5) == 0)
		return BLACK;
	int side = -1;
	static const char *const tags[2] = { "White", "Black" };
	for (int c = 0; c < 2; c++) {
		const char *v = pgn_tag_value(g, tags[c]);
		if (v && strlen(v) == n && strncasecmp(v, s, n) == 0)
			side = side < 0 ? c : -2;
	}
	return side < 0 ? -1 : side;
}

/* The first of the words (lower case) in lowered text, or NULL. */
static const char *find_any(const char *text, const char *const *words)
{
	const char *first = NULL;
	for (; *words; words++) {
		const char *at = strstr(text, *words);
		if (at && (!first || at < first))
			first = at;
	}
	return first;
}

/* What Termination value v says: a winner ("<name> won by resignation",
 * chess.com's; "White wins"; "Black resigns", the loser), a draw ("Game
 * drawn by repetition", "stalemate", "insufficient material", "3-fold
 * rep"), or "unterminated" (PGN 9.8.1); and whether it says the game
 * ended in checkmate or stalemate ("mate in 3" and "draw in 20", the goals
 * of lichess's exercises or an engine's adjudication, say neither). */
static enum said termination_says(const struct pgn_game *g, const char *v, int *mate, int *stalemate)
{
	char l[256];
	size_t n = strlen(v);
	if (n >= sizeof l)
		return SAID_NOTHING;
	for (size_t i = 0; i <= n; i++)
		l[i] = (char)(v[i] >= 'A' && v[i] <= 'Z' ? v[i] + ('a' - 'A') : v[i]);
	*stalemate = strstr(l, "stalemate") != NULL;
	*mate = !*stalemate && strstr(l, "checkmate") != NULL;
	if (strstr(l, "unterminated"))
		return SAID_UNFINISHED;
	static const char *const wins[] = { " won", " wins", NULL }, *const loses[] = { " resign", " lost", " loses", NULL };
	const char *at = find_any(l, wins);
	if (at) {
		int side = named_side(g, v, (size_t)(at - l));
		if (side >= 0)
			return side == WHITE ? SAID_WHITE_WINS : SAID_BLACK_WINS;
	}
	at = find_any(l, loses);
	if (at) {
		int side = named_side(g, v, (size_t)(at - l));
		if (side >= 0)
			return side == WHITE ? SAID_BLACK_WINS : SAID_WHITE_WINS;
	}
	/* not "draw in 20": a lichess exercise's goal, as "mate in 3" is */
	static const char *const draws[] = { "drawn", "draw by", "draw agreed", "agreed draw", "stalemate",
					     "insufficient material", "repetition", "3-fold", "threefold", "50-move",
					     "50 move", "fifty", NULL };
	if (find_any(l, draws) || strcmp(l, "draw") == 0)
		return SAID_DRAW;
	return SAID_NOTHING;
}

/* The Termination tag against the result, and against the final position
 * when it says checkmate or stalemate (state: FINAL_LIVE.. when the main
 * line was replayed to its end, else -1). */
static void report_termination(const struct game_record *rec, enum outcome result, int state, struct finding_list *out)
{
	static const enum outcome meant[] = { OUTCOME_NONE, OUTCOME_WHITE_WINS, OUTCOME_BLACK_WINS, OUTCOME_DRAW,
					      OUTCOME_UNFINISHED };
	static const char *const what[] = { "", "White won", "Black won", "the game was drawn", "the game did not end" };
	const char *v = pgn_tag_value(rec->game, "Termination");
	if (!v || result == OUTCOME_NONE)
		return;
	int mate = 0, stalemate = 0;
	enum said said = termination_says(rec->game, v, &mate, &stalemate);
	const char *why = NULL;
	char where[80], text[160];
	if (said != SAID_NOTHING && meant[said] != result) {
		snprintf(text, sizeof text, "says %s, but the result is %s", what[said], outcome_text[result]);
		why = text;
	} else if (state >= 0 && ((mate && state != FINAL_CHECKMATE) || (stalemate && state != FINAL_STALEMATE))) {
		record_where(rec, rec->count, where, sizeof where);
		snprintf(text, sizeof text, "says %s, but the final position %s is not one", mate ? "checkmate" : "stalemate",
			 where);
		why = text;
	}
	if (!why)
		return;
	struct finding *f = record_game_finding(rec, CHECK_TERMINATION_MISMATCH, out);
	f->rule = "PGN 9.8.1";
	snprintf(f->message, sizeof f->message, "the Termination tag \"%.80s\" %s", v, why);
}

void check_results(const struct game_record *rec, struct finding_list *out)
{
	enum outcome result = game_outcome(rec);
	struct game_end end = first_end(rec);
	if (end.kind == END_DEAD && end.ply < rec->count)
		report_move_after_end(rec, end, out);
	if (end.kind == END_FIVEFOLD || end.kind == END_SEVENTY_FIVE) {
		report_termination(rec, result, -1, out);
		report_automatic_draw(rec, end, result, out);
		return;
	}
	if (rec->stop != STOP_NONE) {
		report_termination(rec, result, -1, out);
		return;
	}
	enum final_state state = final_state_of(rec, end);
	report_termination(rec, result, (int)state, out);
	if (report_unwinnable_timeout(rec, state, result, out))
		return;
	if (state != FINAL_LIVE)
		report_wrong_result(rec, state, result, out);
}
