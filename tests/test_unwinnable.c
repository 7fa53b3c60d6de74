/*
 * test_unwinnable.c - can a side still mate?  Dead positions (FIDE 5.2.2)
 * and unwinnable time forfeits (6.9).
 *
 * The annotated positions in the .epd files of testdata/unwinnable are the main oracle
 * (each line: a FEN, what can_checkmate() must answer for each side, what
 * is_dead_position() must answer, and where the position comes from; see
 * the head of each file).  Every helpmate the analyser claims is replayed
 * move by move and must end in mate by the right side.
 *
 * Beside them: each proof on its own, the semantics of terminal positions,
 * the budgets, an exhaustive check that the endings the material proof
 * declares unwinnable have no checkmate position at all, the perft suite
 * as a "never wrong" check on ordinary positions (no dead position, no
 * "impossible" for a side with a queen, rook or pawn), and two threads
 * asking at once.  UNWINNABLE_DIR overrides where the .epd files are.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/test_util.h"
#include "validator/chess/movegen.h"
#include "validator/chess/unwinnable.h"

static void setup(struct position *pos, const char *fen)
{
	char err[128];

	if (fen_parse(pos, fen, 0, err, sizeof err) != 0)
		fail_msg("fen_parse(%s): %s", fen, err);
}

static enum mate_ability ask(const char *fen, enum color winner)
{
	struct position pos;

	setup(&pos, fen);
	return can_checkmate(&pos, winner);
}

static int dead(const char *fen)
{
	struct position pos;

	setup(&pos, fen);
	return is_dead_position(&pos);
}

static int is_mate(const struct position *pos)
{
	struct move_list list;

	generate_legal(pos, &list);
	return list.count == 0 && in_check(pos);
}

/* Replays a claimed helpmate: every move legal, and the last position a
 * mate of the side that is not `winner`. */
static void check_helpmate(const char *fen, enum color winner, const struct helpmate *line)
{
	struct position pos;

	setup(&pos, fen);
	for (int i = 0; i < line->length; i++) {
		struct move_list list;
		int legal = 0;
		generate_legal(&pos, &list);
		for (int j = 0; j < list.count; j++)
			legal |= list.moves[j] == line->moves[i];
		if (!legal)
			fail_msg("%s: helpmate move %d is not legal", fen, i + 1);
		make_move(&pos, line->moves[i]);
	}
	if (!is_mate(&pos) || pos.side_to_move == winner)
		fail_msg("%s: the helpmate of %d plies does not end in mate by %s", fen, line->length,
			 winner == WHITE ? "White" : "Black");
}

/* ---- the annotated positions ---- */

enum expectation { EXPECT_NONE, EXPECT_POSSIBLE, EXPECT_IMPOSSIBLE, EXPECT_CAN, EXPECT_CANNOT };

struct epd_case {
	char fen[128];
	enum expectation side[2];
	int dead; /* -1: not said */
};

static enum expectation parse_expectation(const char *word)
{
	static const char *const words[] = { "", "possible", "impossible", "can", "cannot" };
	for (int i = 1; i < 5; i++)
		if (strcmp(word, words[i]) == 0)
			return (enum expectation)i;
	return EXPECT_NONE;
}

/* "FEN ; white V ; black V ; dead N ; source "..."" */
static int parse_case(char *line, struct epd_case *c)
{
	char *field = strtok(line, ";");

	if (!field)
		return 0;
	while (*field == ' ')
		field++;
	snprintf(c->fen, sizeof c->fen, "%s", field);
	for (size_t n = strlen(c->fen); n > 0 && c->fen[n - 1] == ' '; n--)
		c->fen[n - 1] = '\0';
	c->side[WHITE] = c->side[BLACK] = EXPECT_NONE;
	c->dead = -1;
	while ((field = strtok(NULL, ";")) != NULL) {
		char key[16], value[32];
		if (sscanf(field, " %15s %31s", key, value) != 2)
			continue;
		if (strcmp(key, "white") == 0)
			c->side[WHITE] = parse_expectation(value);
		else if (strcmp(key, "black") == 0)
			c->side[BLACK] = parse_expectation(value);
		else if (strcmp(key, "dead") == 0 && (strcmp(value, "0") == 0 || strcmp(value, "1") == 0))
			c->dead = value[0] - '0';
		else if (strcmp(key, "dead") == 0)
			fail_msg("%s: dead takes 0 or 1, not '%s'", c->fen, value);
	}
	return c->side[WHITE] != EXPECT_NONE && c->side[BLACK] != EXPECT_NONE;
}

static const char *const answer_name[] = { "MATE_POSSIBLE", "MATE_IMPOSSIBLE", "MATE_UNKNOWN" };

static void check_side(const struct epd_case *c, const struct position *pos, enum color side)
{
	struct helpmate line;
	enum mate_ability got = can_checkmate_within(pos, side, HELPMATE_NODE_BUDGET, &line);
	const char *who = side == WHITE ? "white" : "black";

	switch (c->side[side]) {
	case EXPECT_POSSIBLE:
		if (got != MATE_POSSIBLE)
			fail_msg("%s: %s: expected MATE_POSSIBLE, got %s", c->fen, who, answer_name[got]);
		break;
	case EXPECT_IMPOSSIBLE:
		if (got != MATE_IMPOSSIBLE)
			fail_msg("%s: %s: expected MATE_IMPOSSIBLE, got %s", c->fen, who, answer_name[got]);
		break;
	case EXPECT_CAN:
		if (got == MATE_IMPOSSIBLE)
			fail_msg("%s: %s can mate, but the answer is MATE_IMPOSSIBLE", c->fen, who);
		break;
	default:
		if (got == MATE_POSSIBLE)
			fail_msg("%s: %s cannot mate, but the answer is MATE_POSSIBLE", c->fen, who);
		break;
	}
	if (got == MATE_POSSIBLE)
		check_helpmate(c->fen, side, &line);
}

static void check_case(const struct epd_case *c)
{
	struct position pos;
	int can_white = c->side[WHITE] == EXPECT_POSSIBLE || c->side[WHITE] == EXPECT_CAN;
	int can_black = c->side[BLACK] == EXPECT_POSSIBLE || c->side[BLACK] == EXPECT_CAN;
	int got;

	setup(&pos, c->fen);
	check_side(c, &pos, WHITE);
	check_side(c, &pos, BLACK);
	got = is_dead_position(&pos);
	if (c->dead >= 0 && got != c->dead)
		fail_msg("%s: is_dead_position is %d, expected %d", c->fen, got, c->dead);
	if (got && (can_white || can_black))
		fail_msg("%s: declared dead although a side can mate", c->fen);
}

static int run_epd_file(const char *name)
{
	const char *dir = getenv("UNWINNABLE_DIR");
	char path[512], line[1024];
	int count = 0;
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "testdata/unwinnable", name);
	fp = fopen(path, "r");
	if (!fp)
		fail_msg("%s: cannot open (set UNWINNABLE_DIR to the folder of the .epd files)", path);
	while (fgets(line, sizeof line, fp)) {
		struct epd_case c;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (!parse_case(line, &c))
			fail_msg("%s: cannot read line: %s", path, line);
		check_case(&c);
		count++;
	}
	fclose(fp);
	return count;
}

static void test_epd_material(void **state)
{
	(void)state;
	assert_true(run_epd_file("material.epd") >= 25);
}

static void test_epd_blocked(void **state)
{
	(void)state;
	assert_true(run_epd_file("blocked.epd") >= 15);
}

static void test_epd_terminal(void **state)
{
	(void)state;
	assert_true(run_epd_file("terminal.epd") >= 10);
}

static void test_epd_cha_vectors(void **state)
{
	(void)state;
	assert_true(run_epd_file("cha.epd") >= 60);
}

/* ---- each proof on its own ---- */

static int material(const char *fen, enum color winner)
{
	struct position pos;

	setup(&pos, fen);
	return mate_impossible_by_material(&pos, winner);
}

static void test_material_proof(void **state)
{
	(void)state;
	/* bare king, whatever the other side has */
	assert_int_equal(material("8/8/8/4k3/8/8/8/RNBQK3 w - - 0 1", BLACK), 1);
	/* a lone knight: only queens may stand beside the mated king */
	assert_int_equal(material("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", WHITE), 1);
	assert_int_equal(material("8/8/8/4k3/8/8/q6q/1N2K3 w - - 0 1", WHITE), 1);
	assert_int_equal(material("8/8/8/4k3/8/2r5/8/1N2K3 w - - 0 1", WHITE), 0);
	assert_int_equal(material("8/8/8/4k3/8/2b5/8/1N2K3 w - - 0 1", WHITE), 0);
	assert_int_equal(material("8/3p4/8/4k3/8/8/8/1N2K3 w - - 0 1", WHITE), 0);
	assert_int_equal(material("8/8/8/4k3/8/8/8/1N2KN2 w - - 0 1", WHITE), 0);
	/* bishops on one colour: nothing may stand on the other colour but
	 * rooks and queens */
	assert_int_equal(material("8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", WHITE), 1);
	assert_int_equal(material("8/8/3b4/4k3/1r6/8/q7/2B1K3 w - - 0 1", WHITE), 1);
	assert_int_equal(material("8/8/8/4k3/8/2b5/8/3BK3 w - - 0 1", WHITE), 0); /* opposite colours */
	assert_int_equal(material("8/8/8/4k3/8/2n5/8/2B1K3 w - - 0 1", WHITE), 0);
	assert_int_equal(material("8/3p4/8/4k3/8/8/8/2B1K3 w - - 0 1", WHITE), 0);
	assert_int_equal(material("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", WHITE), 0); /* bishops on both colours */
	/* a pawn of the winner may promote to anything */
	assert_int_equal(material("8/8/8/4k3/8/8/3P4/2B1K3 w - - 0 1", WHITE), 0);
}

static int blocked(const char *fen, enum color winner)
{
	struct position pos;

	setup(&pos, fen);
	return mate_impossible_in_blocked_structure(&pos, winner);
}

static void test_blocked_structure_proof(void **state)
{
	(void)state;
	/* the wall on b, d, f, h: no king crosses rank 4 or 5 */
	assert_int_equal(blocked("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", BLACK), 1);
	/* a hole on the h-file */
	assert_int_equal(blocked("8/8/4k3/1p1p1p2/1P1P1P2/8/4K3/8 w - - 0 1", WHITE), 0);
	/* a pawn that can take */
	assert_int_equal(blocked("8/8/4k3/1p1p1p1p/1PPP1P1P/8/4K3/8 w - - 0 1", WHITE), 0);
	/* a pawn that may walk to h3 and stops there */
	assert_int_equal(blocked("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K2P/8 w - - 0 1", BLACK), 1);
	/* a pawn with no enemy pawn ahead may promote */
	assert_int_equal(blocked("8/8/4k3/1p1p1p1p/1P1P1P1P/8/P3K3/8 w - - 0 1", BLACK), 0);
	/* bishops shut in on their side of the wall */
	assert_int_equal(blocked("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", WHITE), 1);
	/* a bishop that could be taken on a4 or c4 */
	assert_int_equal(blocked("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1", WHITE), 0);
	/* a rook behind the wall can take a pawn */
	assert_int_equal(blocked("8/3k4/8/1p1p1p1p/1P1P1P1P/8/r3K3/8 w - - 0 1", WHITE), 0);
	/* castling rights: the proof does not apply */
	assert_int_equal(blocked("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K2R w K - 0 1", BLACK), 0);
	/* no pawns: nothing to say */
	assert_int_equal(blocked("8/8/8/4k3/8/8/8/4K3 w - - 0 1", WHITE), 0);
}

/* ---- the proofs of the unwinnability issue: walled kings, kings that take,
 * pieces shut in, the closure search ---- */

static void test_walled_king(void **state)
{
	(void)state;
	/* the white king on a1 never moves (b1 and a2 held by the pawns a2 and
	 * b3, b2 its own stuck pawn), so the pawn a2 in front of it never
	 * moves either, and light bishops never check a1 */
	assert_int_equal(blocked("k7/1b6/2b5/8/8/1pB5/pP6/K7 w - - 0 1", BLACK), 1);
	/* a dark bishop for Black: it could take the bishop c3 and check a1 */
	assert_int_equal(blocked("k7/1b6/2b5/8/3b4/1pB5/pP6/K7 w - - 0 1", BLACK), 0);
}

static void test_kings_take_walking_pawns(void **state)
{
	(void)state;
	/* below the wall of ranks 6 and 7 the white king may take the black
	 * pawns that walk down; then White's pawns walk up to the wall, and no
	 * black pawn gets past a white one, nor checks without being taken */
	assert_int_equal(blocked("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", BLACK), 1);
	/* the pawns e4 and e5 block each other, but the white king may take e5 */
	assert_int_equal(blocked("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/4P3/8/P1P3P1/4K3 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/4P3/8/P1P3P1/4K3 w - - 0 1", BLACK), 1);
	/* a hole in the wall on the g- and h-files: the black king comes down
	 * and takes White's pawns, and Black's promote */
	assert_int_equal(blocked("1k6/p1p1p3/P1P1P3/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", BLACK), 0);
	assert_int_equal(ask("1k6/p1p1p3/P1P1P3/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", BLACK), MATE_POSSIBLE);
}

static void test_pieces_shut_in(void **state)
{
	(void)state;
	/* the knights on a4 and a5 have only their own stuck pawns to jump to:
	 * they never move, and the pawns in front of them never do */
	assert_int_equal(blocked("k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1", BLACK), 1);
	/* without the white knight, the black one gets out by a4 */
	assert_int_equal(blocked("k7/1p6/1Pp5/n1P5/2p5/1pP1B3/1P1B4/K7 w - - 0 1", WHITE), 0);
}

/* A king with two squares and nothing else of its side that can move keeps
 * the other king off the squares next to them (the other side's move there
 * leaves it no move: the game ends).  The positions are CHA's test vectors
 * (tests/test-vector.txt), which CHA finds unwinnable for both sides. */
static void test_two_square_king(void **state)
{
	(void)state;
	/* White's king has h3 and h4; the black king never comes to h2 (to
	 * cover h3 while a dark bishop checks on h4), nor takes h5 to free the
	 * h-pawn: Black's dark bishops never mate, and White has nothing */
	assert_int_equal(blocked("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1", BLACK), 1);
	assert_int_equal(blocked("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - - 0 1", BLACK), 1);
	/* Black's king has a5 and a6, White's four dark bishops never mate */
	assert_int_equal(blocked("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1", WHITE), 1);
	assert_int_equal(blocked("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1", BLACK), 1);
	/* a white knight gives White moves to wait with: Black's king comes
	 * to h2 and a bishop mates on g5 */
	assert_int_equal(blocked("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/N7 w - - 0 1", BLACK), 0);
	assert_int_equal(ask("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/N7 w - - 0 1", BLACK), MATE_POSSIBLE);
	/* a black knight likewise for White */
	assert_int_equal(blocked("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/7n w - - 0 1", WHITE), 0);
	assert_int_equal(ask("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/7n w - - 0 1", WHITE), MATE_POSSIBLE);
	/* without the pawn g3 the white king has g3, h2 and more: it is not
	 * kept on two squares, and Black mates */
	assert_int_equal(blocked("8/b1b5/k6p/2b2p1P/1b3p2/5P1K/6P1/8 w - - 0 1", BLACK), 0);
	assert_int_equal(ask("8/b1b5/k6p/2b2p1P/1b3p2/5P1K/6P1/8 w - - 0 1", BLACK), MATE_POSSIBLE);
}

static enum mate_ability closure(const char *fen, enum color winner, long budget)
{
	struct position pos;

	setup(&pos, fen);
	return mate_closure(&pos, winner, budget, NULL);
}

static void test_closure_search(void **state)
{
	(void)state;
	/* a shuffle: the rook goes h3-h4-h3 inside its box, the black king
	 * where it likes; every position is met again, none is a mate */
	assert_int_equal(closure("8/6p1/1k4P1/6PK/6P1/6PR/7P/8 w - - 0 1", WHITE, 10000), MATE_IMPOSSIBLE);
	/* the same with a budget too small: nothing is said */
	assert_int_equal(closure("8/6p1/1k4P1/6PK/6P1/6PR/7P/8 w - - 0 1", WHITE, 100), MATE_UNKNOWN);
	/* a fortress that a helpmate breaks: the dark bishop takes on c3 */
	assert_int_equal(closure("k7/1b6/2b5/8/3b4/1pB5/pP6/K7 w - - 0 1", BLACK, 400000), MATE_POSSIBLE);
	/* only the forced line fxg5+ is legal, and it mates Black */
	assert_int_equal(closure("7r/2PR4/6pk/6q1/5P1K/r7/8/8 w - - 0 40", BLACK, 1000), MATE_IMPOSSIBLE);
}

static void test_win_on_time(void **state)
{
	struct position pos;

	(void)state;
	/* the black king walled in on b8, the bishop a6 shut in: Black's pawns
	 * never change files, and Black runs out of moves before the white
	 * king's captures free anything (the closure needs 200,783 positions) */
	setup(&pos, "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1");
	assert_int_equal(plainly_open(&pos, BLACK), 0);
	assert_int_equal(can_win_on_time(&pos, BLACK), MATE_IMPOSSIBLE);
	/* White can: its king takes the black pawns, and its own promote */
	assert_int_equal(plainly_open(&pos, WHITE), 0);
	assert_int_equal(can_win_on_time(&pos, WHITE), MATE_POSSIBLE);
	/* open positions are not searched: nothing is said */
	setup(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	assert_int_equal(can_win_on_time(&pos, WHITE), MATE_UNKNOWN);
	setup(&pos, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	setup(&pos, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	setup(&pos, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 0);
	setup(&pos, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	setup(&pos, "k7/1b6/2b5/8/8/1pB5/pP6/K7 w - - 0 1");
	assert_int_equal(plainly_open(&pos, BLACK), 0);
	assert_int_equal(can_win_on_time(&pos, BLACK), MATE_IMPOSSIBLE);
}

/* Moves the side to move must make are played before anything is asked
 * (CHA's test vectors 537, both verdicts of CHA). */
static void test_forced_moves_first(void **state)
{
	struct position pos;

	(void)state;
	/* Black, in check from g6, must take the rook: 1...Kxg8 leaves the
	 * pawns locked and the bishop f8 shut in, and White cannot mate; the
	 * rook alone made the position look open */
	setup(&pos, "5bR1/4p1pk/4P1P1/7K/8/8/8/8 b - - 0 1");
	assert_int_equal(can_win_on_time(&pos, WHITE), MATE_IMPOSSIBLE);
	/* a knight more, and after 1...Kxg8 White can: open, nothing said */
	setup(&pos, "5bR1/4p1pk/4P1P1/7K/8/8/8/N7 b - - 0 1");
	assert_int_equal(can_win_on_time(&pos, WHITE), MATE_UNKNOWN);
	/* the one reply, 1...Kh7, and Black's mate is as far as ever */
	setup(&pos, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1");
	assert_int_equal(can_win_on_time(&pos, BLACK), MATE_IMPOSSIBLE);
}

/* A piece boxed in on a few squares does not make the position open: the
 * searches run (CHA's vector 29 and two neighbours, CHA's verdicts). */
static void test_boxed_piece_searched(void **state)
{
	struct position pos;

	(void)state;
	/* the rook h3 has only h3 and h4, between its own pawns and king */
	setup(&pos, "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 0);
	assert_int_equal(can_win_on_time(&pos, WHITE), MATE_IMPOSSIBLE);
	/* without the pawn g3 or h2 it gets out, and mates */
	setup(&pos, "2k5/6p1/6P1/6PK/6P1/7R/7P/8 b - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	setup(&pos, "2k5/6p1/6P1/6PK/6P1/6PR/8/8 b - - 0 1");
	assert_int_equal(plainly_open(&pos, WHITE), 1);
	assert_int_not_equal(can_win_on_time(&pos, WHITE), MATE_IMPOSSIBLE);
}

/* Why a position is dead, for the message that says so. */
static void test_dead_position_reason(void **state)
{
	struct position pos;

	(void)state;
	setup(&pos, "8/8/8/8/8/8/3B4/k1K5 w - - 0 1");
	assert_int_equal(dead_position_reason(&pos), DEAD_MATERIAL);
	/* a wall of pawns neither king can cross */
	setup(&pos, "8/8/3k4/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1");
	assert_int_equal(dead_position_reason(&pos), DEAD_BLOCKED);
	/* after 1. a7+ Black's one reply leaves White only stalemates */
	setup(&pos, "1k6/Pp1K4/1P6/8/8/8/8/8 b - - 0 1");
	assert_int_equal(dead_position_reason(&pos), DEAD_FORCED);
	setup(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	assert_int_equal(dead_position_reason(&pos), DEAD_NOT);
	/* a knight more for Black: not dead */
	setup(&pos, "1k6/Pp1K4/1P6/8/8/8/8/7n b - - 0 1");
	assert_int_equal(dead_position_reason(&pos), DEAD_NOT);
}

/* ---- game over ---- */

static void test_stalemate_is_dead_and_unwinnable(void **state)
{
	(void)state;
	assert_int_equal(ask("k7/P7/1K6/8/8/8/8/8 b - - 0 1", WHITE), MATE_IMPOSSIBLE);
	assert_int_equal(ask("k7/P7/1K6/8/8/8/8/8 b - - 0 1", BLACK), MATE_IMPOSSIBLE);
	assert_int_equal(dead("k7/P7/1K6/8/8/8/8/8 b - - 0 1"), 1);
}

static void test_checkmate_on_the_board(void **state)
{
	struct position pos;
	struct helpmate line;

	(void)state;
	setup(&pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
	assert_int_equal(can_checkmate_within(&pos, WHITE, HELPMATE_NODE_BUDGET, &line), MATE_POSSIBLE);
	assert_int_equal(line.length, 0);
	assert_int_equal(can_checkmate(&pos, BLACK), MATE_IMPOSSIBLE);
	assert_int_equal(is_dead_position(&pos), 0);
	/* the mated side cannot mate any more, whatever it has */
	assert_int_equal(ask("8/8/8/8/8/6k1/6q1/6K1 w - - 0 1", WHITE), MATE_IMPOSSIBLE);
}

static void test_in_check_not_mated(void **state)
{
	(void)state;
	assert_int_equal(ask("7k/8/6K1/8/8/8/8/7R b - - 0 1", WHITE), MATE_POSSIBLE);
	assert_int_equal(ask("7k/8/6K1/8/8/8/8/7R b - - 0 1", BLACK), MATE_IMPOSSIBLE);
	assert_int_equal(dead("7k/8/6K1/8/8/8/8/7R b - - 0 1"), 0);
}

/* ---- the searches and their budgets ---- */

static void test_forced_line_proof(void **state)
{
	struct position pos;
	struct helpmate line;

	(void)state;
	/* White must take the checking queen, and each capture stalemates
	 * Black: closed in a handful of nodes although both have queens */
	setup(&pos, "7k/8/6QK/3p2q1/3P1P2/4P3/8/8 w - - 3 3");
	assert_int_equal(mate_impossible_by_material(&pos, WHITE), 0);
	assert_int_equal(helpmate_proof(&pos, WHITE, 6, 2000, &line), MATE_IMPOSSIBLE);
	assert_true(line.nodes < 20);
	/* an ordinary position: the first line it cannot close gives up */
	position_startpos(&pos);
	assert_int_equal(helpmate_proof(&pos, WHITE, 6, 2000, &line), MATE_UNKNOWN);
	assert_true(line.nodes <= 8);
}

static void test_budget(void **state)
{
	struct position pos;
	struct helpmate line;

	(void)state;
	/* no helpmate search: only the proofs decide */
	setup(&pos, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
	assert_int_equal(can_checkmate_within(&pos, WHITE, 0, &line), MATE_UNKNOWN);
	assert_int_equal(can_checkmate_within(&pos, BLACK, 0, &line), MATE_IMPOSSIBLE);
	/* the search stops at its budget */
	setup(&pos, "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1");
	assert_int_equal(can_checkmate_within(&pos, WHITE, 100, &line), MATE_UNKNOWN);
	assert_true(line.nodes < 200);
	/* with enough of it, K+B+N v K is found, and the line replays */
	assert_int_equal(can_checkmate_within(&pos, WHITE, 200000, &line), MATE_POSSIBLE);
	check_helpmate("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", WHITE, &line);
	/* the line may be NULL */
	assert_int_equal(can_checkmate_within(&pos, WHITE, 200000, NULL), MATE_POSSIBLE);
}

static void test_helpmate_needs_the_losers_promotion(void **state)
{
	struct helpmate line;
	struct position pos;

	(void)state;
	/* K+N v K+P: only a promoted blocker lets the knight mate; the
	 * loser must promote to a knight or bishop, not to a queen */
	setup(&pos, "8/8/8/8/8/2k5/3p4/K1N5 b - - 0 1");
	assert_int_equal(can_checkmate_within(&pos, WHITE, HELPMATE_NODE_BUDGET, &line), MATE_POSSIBLE);
	check_helpmate("8/8/8/8/8/2k5/3p4/K1N5 b - - 0 1", WHITE, &line);
}

/* ---- no checkmate exists at all for the material declared unwinnable ---- */

static void put(struct position *pos, int sq, enum color color, int type)
{
	pos->board[sq] = MAKE_PIECE(color, type);
	pos->by_color[color] |= BIT(sq);
	pos->by_type[type] |= BIT(sq);
}

/* Counts the checkmates of Black (to move) with the white king, one white
 * piece and one black piece: the black king on a1-d1-d4 (the rest is
 * symmetric), the white piece where it checks it.  Bishops can be held to
 * one colour. */
static long count_mates(int white_piece, int black_piece, int same_colour_bishops)
{
	static const int triangle[10] = { 0, 1, 2, 3, 9, 10, 11, 18, 19, 27 };
	long mates = 0;

	for (int t = 0; t < 10; t++) {
		int bk = triangle[t];
		bitboard checks = white_piece == KNIGHT ? knight_attacks(bk)
				: white_piece == BISHOP ? bishop_attacks(bk, 0)
							: queen_attacks(bk, 0);
		while (checks) {
			int wp = pop_lsb(&checks);
			for (int wk = 0; wk < 64; wk++)
				for (int bp = 0; bp < 64; bp++) {
					struct position pos;
					if (wk == bk || wk == wp || bp == bk || bp == wp || bp == wk)
						continue;
					if (same_colour_bishops && ((FILE_OF(bp) + RANK_OF(bp)) & 1) != ((FILE_OF(wp) + RANK_OF(wp)) & 1))
						continue;
					memset(&pos, 0, sizeof pos);
					pos.ep_square = SQUARE_NONE;
					pos.side_to_move = BLACK;
					put(&pos, bk, BLACK, KING);
					put(&pos, wk, WHITE, KING);
					put(&pos, wp, WHITE, white_piece);
					put(&pos, bp, BLACK, black_piece);
					/* kings apart, White not in check, Black in check */
					if (king_attacks(bk) & BIT(wk))
						continue;
					if (attackers_to(&pos, wk, BLACK, position_occupied(&pos)) || !in_check(&pos))
						continue;
					mates += is_mate(&pos);
				}
		}
	}
	return mates;
}

static void test_no_mate_exists_for_unwinnable_material(void **state)
{
	(void)state;
	assert_int_equal(count_mates(KNIGHT, QUEEN, 0), 0);
	assert_int_equal(count_mates(BISHOP, ROOK, 0), 0);
	assert_int_equal(count_mates(BISHOP, QUEEN, 0), 0);
	assert_int_equal(count_mates(BISHOP, BISHOP, 1), 0);
	/* and the enumeration does see mates where they exist */
	assert_true(count_mates(BISHOP, KNIGHT, 0) > 0);
	assert_true(count_mates(KNIGHT, ROOK, 0) > 0);
	assert_true(count_mates(BISHOP, BISHOP, 0) > 0);
}

/* ---- ordinary positions: never wrong, and cheap ---- */

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void test_perft_suite_never_wrong(void **state)
{
	const char *dir = getenv("PERFT_DIR");
	char path[512], line[512];
	double dead_time = 0, mate_time = 0, worst = 0;
	int positions = 0, calls = 0, found = 0;
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/standard.epd", dir && *dir ? dir : "testdata/perft");
	fp = fopen(path, "r");
	if (!fp)
		skip();
	while (fgets(line, sizeof line, fp)) {
		struct position pos;
		double t;
		if (strchr(line, ';'))
			*strchr(line, ';') = '\0';
		setup(&pos, line);
		positions++;
		t = seconds();
		if (is_dead_position(&pos))
			fail_msg("%s: declared dead", line);
		dead_time += seconds() - t;
		for (int side = WHITE; side <= BLACK; side++) {
			bitboard army = pos.by_color[side] & ~pos.by_type[KING];
			bitboard heavy = army & (pos.by_type[QUEEN] | pos.by_type[ROOK] | pos.by_type[PAWN]);
			enum mate_ability got;
			t = seconds();
			got = can_checkmate(&pos, (enum color)side);
			t = seconds() - t;
			mate_time += t;
			worst = t > worst ? t : worst;
			calls++;
			found += got == MATE_POSSIBLE;
			if (heavy && got == MATE_IMPOSSIBLE)
				fail_msg("%s: %s has a queen, rook or pawn, yet MATE_IMPOSSIBLE", line,
					 side == WHITE ? "White" : "Black");
			if (!army && got != MATE_IMPOSSIBLE)
				fail_msg("%s: a bare king, yet %s", line, answer_name[got]);
		}
	}
	fclose(fp);
	assert_int_equal(positions, 128);
	print_message("perft suite: is_dead_position %.2f us per position; can_checkmate %.0f us per call "
		      "(worst %.2f ms), %d of %d helpmates found\n",
		      dead_time / positions * 1e6, mate_time / calls * 1e6, worst * 1e3, found, calls);
}

/* ---- no shared state ---- */

struct worker {
	const char *fen;
	enum color winner;
	enum mate_ability answer;
};

static void *work(void *arg)
{
	struct worker *w = arg;

	for (int i = 0; i < 20; i++)
		w->answer = ask(w->fen, w->winner);
	return NULL;
}

static void test_two_threads(void **state)
{
	struct worker w[2] = {
		{ "8/8/8/4k3/8/2n5/8/1N2K3 w - - 0 1", WHITE, MATE_UNKNOWN },
		{ "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K2P/8 w - - 0 1", BLACK, MATE_UNKNOWN },
	};
	pthread_t thread[2];

	(void)state;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&thread[i], NULL, work, &w[i]), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(thread[i], NULL);
	assert_int_equal(w[0].answer, ask(w[0].fen, w[0].winner));
	assert_int_equal(w[0].answer, MATE_POSSIBLE);
	assert_int_equal(w[1].answer, MATE_IMPOSSIBLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_epd_material),
		cmocka_unit_test(test_epd_blocked),
		cmocka_unit_test(test_epd_terminal),
		cmocka_unit_test(test_epd_cha_vectors),
		cmocka_unit_test(test_material_proof),
		cmocka_unit_test(test_blocked_structure_proof),
		cmocka_unit_test(test_walled_king),
		cmocka_unit_test(test_kings_take_walking_pawns),
		cmocka_unit_test(test_pieces_shut_in),
		cmocka_unit_test(test_two_square_king),
		cmocka_unit_test(test_closure_search),
		cmocka_unit_test(test_win_on_time),
		cmocka_unit_test(test_forced_moves_first),
		cmocka_unit_test(test_boxed_piece_searched),
		cmocka_unit_test(test_dead_position_reason),
		cmocka_unit_test(test_stalemate_is_dead_and_unwinnable),
		cmocka_unit_test(test_checkmate_on_the_board),
		cmocka_unit_test(test_in_check_not_mated),
		cmocka_unit_test(test_forced_line_proof),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_helpmate_needs_the_losers_promotion),
		cmocka_unit_test(test_no_mate_exists_for_unwinnable_material),
		cmocka_unit_test(test_perft_suite_never_wrong),
		cmocka_unit_test(test_two_threads),
	};

	attacks_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
