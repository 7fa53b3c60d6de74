/*
 * perft.c - `pgnaudit perft FEN DEPTH`: the leaf count of the legal move
 * tree, the classic oracle for a move generator.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "validator/chess/movegen.h"

int usage_perft(FILE *fp, int status)
{
	fputs("usage: pgnaudit perft [--divide] [--chess960] FEN DEPTH\n"
	      "\n"
	      "Counts the leaf nodes of the legal move tree of FEN to DEPTH plies and\n"
	      "prints the count as the last line.\n"
	      "\n"
	      "      --divide          first print 'uci: count' for every legal move\n"
	      "      --chess960        read the castling field as Chess960 (X-FEN or Shredder-FEN)\n"
	      "  -h, --help            show this help\n",
	      fp);
	return status;
}

int cmd_perft(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "divide", no_argument, NULL, 'd' },
		{ "chess960", no_argument, NULL, '9' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int divide = 0, chess960 = 0, c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': divide = 1; break;
		case '9': chess960 = 1; break;
		case 'h': return usage_perft(stdout, EXIT_CLEAN);
		case 'V': print_version(); break;
		default: return usage_error("perft");
		}
	}
	if (argc - optind != 2)
		return usage_error("perft");
	char *end;
	long depth = strtol(argv[optind + 1], &end, 10);
	if (*end || end == argv[optind + 1] || depth < 0 || depth > 20) {
		warnx_("depth must be a number from 0 to 20, not '%s'", argv[optind + 1]);
		return EXIT_TROUBLE;
	}
	struct position pos;
	char err[160];
	if (fen_parse(&pos, argv[optind], chess960, err, sizeof err) < 0) {
		warnx_("bad FEN: %s", err);
		return EXIT_TROUBLE;
	}
	if (!divide || depth == 0) {
		printf("%llu\n", (unsigned long long)perft(&pos, (int)depth));
		return EXIT_CLEAN;
	}
	struct move_list list;
	generate_legal(&pos, &list);
	unsigned long long total = 0;
	for (int i = 0; i < list.count; i++) {
		struct position next = pos;
		char uci[8];
		move_to_uci(&pos, list.moves[i], uci);
		make_move(&next, list.moves[i]);
		unsigned long long n = perft(&next, (int)depth - 1);
		printf("%s: %llu\n", uci, n);
		total += n;
	}
	printf("%llu\n", total);
	return EXIT_CLEAN;
}
