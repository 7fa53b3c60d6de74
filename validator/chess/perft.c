/*
 * perft.c - counting the leaves of the legal move tree.
 *
 * Perft numbers for many positions are published, so perft is the oracle
 * for move generation and make_move together: any missing, extra or wrongly
 * played move shows up as a wrong count.  The last ply is counted without
 * playing it ("bulk counting"): the number of legal moves is the number of
 * leaves below.
 */
#include "validator/chess/movegen.h"

uint64_t perft(const struct position *pos, int depth)
{
	struct move_list list;
	uint64_t nodes = 0;

	if (depth <= 0)
		return 1;
	generate_legal(pos, &list);
	if (depth == 1)
		return (uint64_t)list.count;
	for (int i = 0; i < list.count; i++) {
		struct position child = *pos;
		make_move(&child, list.moves[i]);
		nodes += perft(&child, depth - 1);
	}
	return nodes;
}
