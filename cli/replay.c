/*
 * replay.c - `pgnaudit replay`: every position of every game, one line per
 * ply, for scripts and for cross-checking against other implementations:
 *
 *   game <TAB> ply <TAB> move-as-written <TAB> uci <TAB> fen-after-the-move
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/audit/lang.h"
#include "validator/audit/recover.h"

int usage_replay(FILE *fp, int status)
{
	fputs("usage: pgnaudit replay [-o FILE] [--lang LIST] [--recover] [FILE...]\n"
	      "\n"
	      "Prints, for every game, the start position (ply 0) and the position after\n"
	      "every main-line ply, tab-separated: game, ply, move as written, UCI, FEN.\n"
	      "A game stops at its first illegal or ambiguous move (`pgnaudit check` says why).\n"
	      "With several files, a line '# FILE' precedes each file's games.\n"
	      "\n"
	      "  -o, --output FILE     write to FILE (replaced only when complete)\n"
	      "      --lang LIST       notations to read moves in: auto (default) or a comma-separated\n"
	      "                        list of en, de, fr, es, it, nl, ru, ar, fa, figurine\n"
	      "      --recover         at an illegal or ambiguous move, play the one repair the rest\n"
	      "                        of the game agrees with (a ply not recorded shows as '-')\n"
	      "  -h, --help            show this help\n",
	      fp);
	return status;
}

struct replay_printer {
	FILE *out;
	int game;
	const struct pgn_game *current;
};

static void print_step(void *ctx, const struct replay_step *step)
{
	struct replay_printer *p = ctx;
	char fen[FEN_MAX], uci[8];
	fen_write(step->after, fen);
	if (step->ply == 0) {
		fprintf(p->out, "%d\t0\t-\t-\t%s\n", p->game, fen);
		return;
	}
	move_to_uci(step->before, step->move, uci);
	fprintf(p->out, "%d\t%d\t%s\t%s\t%s\n", p->game, step->ply,
		step->repair == REPAIR_SKIPPED ? "-" : pgn_token_text(p->current, step->token), uci, fen);
}

static int replay_file(FILE *out, const char *path, struct pgn_game *g, struct auditor *auditor,
		       struct finding_list *findings)
{
	char err[256];
	const char *shown = input_name(path);
	struct input_stream *s = input_open(path);
	if (!s)
		return -1;
	struct pgn_reader *r = pgn_reader_new(s);
	struct replay_printer printer = { out, 0, g };
	int got = 0, status = 0;
	while (!output_failed(out) && (got = pgn_next_game(r, g, err, sizeof err)) == 1) {
		printer.game++;
		findings->count = 0;
		audit_game(auditor, g, findings, print_step, &printer);
	}
	if (got < 0) {
		warn_read_failed(shown, err, printer.game);
		status = -1;
	}
	pgn_reader_free(r);
	stream_close(s);
	return status;
}

int cmd_replay(int argc, char **argv)
{
	enum { OPT_LANG = 256, OPT_RECOVER };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "lang", required_argument, NULL, OPT_LANG },
		{ "recover", no_argument, NULL, OPT_RECOVER },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL;
	struct audit_options opt = { RULES_BY_DATE, LANG_AUTO, 0 };
	char err[160];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': output = optarg; break;
		case OPT_LANG:
			if (lang_parse_list(optarg, &opt.langs, err, sizeof err) < 0) {
				warnx_("%s", err);
				return usage_replay(stderr, EXIT_TROUBLE);
			}
			break;
		case OPT_RECOVER: opt.recover = 1; break;
		case 'h': return usage_replay(stdout, EXIT_CLEAN);
		default: return usage_replay(stderr, EXIT_TROUBLE);
		}
	}
	int file_count;
	char **files = input_files(argc, argv, &file_count);
	if (output_is_input(output, "-o", files, file_count))
		return EXIT_TROUBLE;
	struct output out;
	if (output_open(&out, output) < 0)
		return EXIT_TROUBLE;
	static char buffer[1 << 16];
	setvbuf(out.fp, buffer, _IOFBF, sizeof buffer);
	struct pgn_game game;
	struct finding_list findings = { 0 };
	struct auditor auditor;
	auditor_init(&auditor, &opt);
	pgn_game_init(&game);
	int trouble = 0;
	for (int i = 0; i < file_count && !output_failed(out.fp); i++) {
		if (file_count > 1)
			fprintf(out.fp, "# %s\n", files[i]);
		if (replay_file(out.fp, files[i], &game, &auditor, &findings) < 0)
			trouble = 1;
	}
	pgn_game_free(&game);
	finding_list_free(&findings);
	auditor_free(&auditor);
	if (output_close(&out) < 0)
		return EXIT_TROUBLE;
	return trouble ? EXIT_TROUBLE : EXIT_CLEAN;
}
