/*
 * unwinnable.h - can a side still checkmate?  Dead positions (FIDE 5.2.2)
 * and time forfeits against a side that cannot mate (FIDE 6.9).
 *
 * A decision must be sound: MATE_IMPOSSIBLE only with a proof (material,
 * bishops on one colour, a blocked pawn structure no piece can cross, or a
 * search that followed every legal line into one of those or a stalemate);
 * MATE_POSSIBLE only with a helpmate found (a sequence of legal moves ending
 * in mate by `winner`); MATE_UNKNOWN when neither was established within the
 * budget.  Callers say nothing on MATE_UNKNOWN.
 *
 * "Any series of legal moves" is read as the Laws read it: the other side
 * cooperates, and neither the 75-move rule nor fivefold repetition cuts a
 * series short.  A position where the side to move has no legal move ends
 * the game there: `winner` can mate only if it has already mated, so a
 * stalemate is MATE_IMPOSSIBLE for both sides (and counts as dead).
 *
 * What each question costs (measured on the 43,955 final positions of the
 * shared corpus, one core):
 *   - the material proofs (winner has only its king; a lone knight against
 *     queens at most; bishops of one colour against nothing that could
 *     block on the other colour) are a few popcounts;
 *   - the blocked-structure proof gives up at once unless every pawn has an
 *     enemy pawn or a piece ahead on its file, and otherwise finds the
 *     units that never move and floods the board once per piece (a few
 *     microseconds);
 *   - the forced-line proof explores every legal continuation up to six
 *     plies (at most 2,000 positions) but gives up at the first line it
 *     cannot close, which in an ordinary position is after about seven;
 *   - can_win_on_time() then, unless plainly_open(), runs the helpmate
 *     search (TIMEOUT_HELPMATE_BUDGET positions at most, 0.2-0.5 us each)
 *     and the closure search (CLOSURE_NODE_BUDGET positions at most, about
 *     0.6 us each and 56 bytes, freed before it returns): a few tenths of
 *     a second for a position that exhausts both, none in an open one.
 * is_dead_position() never runs the helpmate search: a position it cannot
 * prove dead is simply not dead to it.  It averaged 2.2 us per position on
 * the corpus (worst 0.12 ms); can_checkmate() 0.3 ms (worst 3 ms) on the
 * 2,053 sides there without a queen, rook or free pawn.
 *
 * Nothing is shared: every table of the helpmate search lives on the
 * caller's stack (about 270 KB of it at its deepest), the closure search's
 * on the heap for the one call, so any number of threads may ask at once.
 */
#ifndef PGNAUDIT_UNWINNABLE_H
#define PGNAUDIT_UNWINNABLE_H

#include "validator/chess/position.h"

enum mate_ability { MATE_POSSIBLE, MATE_IMPOSSIBLE, MATE_UNKNOWN };

/* Positions the helpmate search of can_checkmate() visits at most. */
#define HELPMATE_NODE_BUDGET 20000L

/* The longest helpmate the search follows, in plies. */
#define HELPMATE_MAX_PLY 80

/* A helpmate: moves from the position searched, the last one mating. */
struct helpmate {
	move moves[HELPMATE_MAX_PLY];
	int length;
	long nodes; /* positions visited to decide */
};

/* Can `winner` checkmate the other side by some series of legal moves from
 * pos (the other side cooperating)?  The proofs above, then a helpmate
 * search of at most HELPMATE_NODE_BUDGET positions. */
enum mate_ability can_checkmate(const struct position *pos, enum color winner);

/* The same with another node budget for the helpmate search (0: none, the
 * proofs only); when line is not NULL it receives the helpmate found, or
 * length 0. */
enum mate_ability can_checkmate_within(const struct position *pos, enum color winner, long node_budget,
				       struct helpmate *line);

/* The proofs alone (material, no legal move, a blocked structure, every
 * short line closing): MATE_IMPOSSIBLE, MATE_POSSIBLE (the side to move is
 * mated already) or MATE_UNKNOWN.  What `check` asks of a draw's final
 * position; a time forfeit gets can_win_on_time(). */
enum mate_ability mate_by_proofs(const struct position *pos, enum color winner, struct helpmate *line);

/* A dead position: neither side can checkmate (both MATE_IMPOSSIBLE by the
 * proofs alone).  Cheap enough for every final position of a game. */
int is_dead_position(const struct position *pos);

/* Which proof makes a position dead, for a message saying why: bare
 * material for both sides, a locked structure (for at least one side, the
 * other's material aside), or every line of at most FORCED_LINE_PLIES
 * plies ending in one of those or a stalemate (for at least one side);
 * DEAD_NOT when not dead.  is_dead_position() is this != DEAD_NOT; a
 * message asks it again for the reason. */
enum dead_reason { DEAD_NOT, DEAD_MATERIAL, DEAD_BLOCKED, DEAD_FORCED };
enum dead_reason dead_position_reason(const struct position *pos);

/* The longest forced line the proofs follow, in plies. */
#define FORCED_LINE_PLIES 6

/* Positions the closure search visits at most, and the helpmate search
 * before it, for can_win_on_time(). */
#define CLOSURE_NODE_BUDGET 400000L
#define TIMEOUT_HELPMATE_BUDGET 100000L

/* The forced moves can_win_on_time() plays before it asks. */
#define FORCED_MOVES 8

/* Could `winner`, whose opponent's flag fell in pos, still have mated
 * (FIDE 6.9)?  The proofs, a helpmate search, then the closure search:
 * MATE_IMPOSSIBLE only with a proof. */
enum mate_ability can_win_on_time(const struct position *pos, enum color winner);

/* A heuristic (unwinnable.c): is the position so open for `winner` that
 * searching is not worth it? */
int plainly_open(const struct position *pos, enum color winner);

/* The separate proofs, for the search and for tests.  Each returns 1 only
 * when `winner` can never mate from pos. */

/* From the material alone; valid in any position, terminal or not. */
int mate_impossible_by_material(const struct position *pos, enum color winner);

/* From a pawn structure that can never change: every pawn blocked for good,
 * no capture ever possible, and no piece of `winner` that could ever check
 * the other king where it could be mated.  Assumes the side to move is not
 * already checkmated. */
int mate_impossible_in_blocked_structure(const struct position *pos, enum color winner);

/* Could the blocked-structure proof, which failed before the move, now
 * succeed?  Moves inside a piece's region leave every region as it was, so
 * only captures, pawn moves and lost castling rights change the answer
 * (the searches of helpmate.c and closure.c ask it after every move). */
static inline int structure_changed(const struct position *before, const struct position *after)
{
	return popcount(position_occupied(after)) != popcount(position_occupied(before))
	    || after->by_type[PAWN] != before->by_type[PAWN] || after->castling_rooks != before->castling_rooks;
}

/* The searches behind the last two steps (helpmate.c), each returning
 * MATE_POSSIBLE (line filled in when not NULL), MATE_IMPOSSIBLE or
 * MATE_UNKNOWN.  helpmate_proof explores every continuation up to `depth`
 * plies and stops at the first line it cannot close with a proof above;
 * helpmate_search deepens a guided search until it finds a helpmate,
 * closes every line, or spends node_budget. */
enum mate_ability helpmate_proof(const struct position *pos, enum color winner, int depth, long node_budget,
				 struct helpmate *line);
enum mate_ability helpmate_search(const struct position *pos, enum color winner, long node_budget,
				  struct helpmate *line);

/* Every position reachable from pos, breadth first, each once, up to
 * node_budget of them (closure.c): MATE_IMPOSSIBLE when they run out with
 * no mate by `winner` among them, MATE_POSSIBLE when one is, MATE_UNKNOWN
 * when the budget (or memory) does.  pos is not over (the caller asked);
 * *nodes (when not NULL) receives the positions met. */
enum mate_ability mate_closure(const struct position *pos, enum color winner, long node_budget, long *nodes);

#endif
