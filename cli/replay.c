/*
 * replay.c - `pgnaudit replay`: every position of every game, one line per
 * ply, for scripts and for cross-checking against other implementations:
 *
 *   game <TAB> ply <TAB> move-as-written <TAB> uci <TAB> fen-after-the-move
 */
#include <string.h>

#include "cli.h"
#include "games.h"
#include "options.h"
#include "parser/pgn.h"
#include "validator/audit/audit.h"
#include "validator/audit/recover.h"

int usage_replay(FILE *fp, int status)
{
	fputs("usage: pgnaudit replay [-o FILE] [--lang LIST] [--recover] [--play-illegal] [--variations]\n"
	      "                      [FILE...]\n"
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
	      "      --play-illegal    play an illegal move that stood as written and go on, when it\n"
	      "                        breaks only the rule of the king and one piece could make it\n"
	      "      --variations      the moves of the variations too, after the main line's, with a\n"
	      "                        sixth column: the plies each enclosing variation replaces,\n"
	      "                        outermost first (12.13); a null move's UCI is 0000\n"
	      "  -h, --help            show this help\n",
	      fp);
	return status;
}

struct replay_printer {
	FILE *out;
	int game;
	const struct pgn_game *current;
	struct auditor auditor;
	struct finding_list findings;
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
	if (step->move == MOVE_NONE)
		strcpy(uci, "0000");   /* a null move, in a variation */
	else
		move_to_uci(step->before, step->move, uci);
	fprintf(p->out, "%d\t%d\t%s\t%s\t%s", p->game, step->ply,
		step->repair == REPAIR_SKIPPED ? "-" : pgn_token_text(p->current, step->token), uci, fen);
	/* --variations: a variation's move has the plies its enclosing
	 * variations replace, outermost first, as a sixth column. */
	for (int d = 0; d < step->depth; d++)
		fprintf(p->out, "%c%u", d == 0 ? '\t' : '.', (unsigned)step->path[d]);
	fputc('\n', p->out);
}

/* Before each file's games, when there are several: "# FILE". */
static int print_file_name(void *ctx, struct game_input *in)
{
	struct replay_printer *p = ctx;
	fprintf(p->out, "# %s\n", in->path);
	return GAMES_GO_ON;
}

static int replay_one(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct replay_printer *p = ctx;
	p->game = in->games;
	p->current = g;
	p->findings.count = 0;
	audit_game(&p->auditor, g, &p->findings, print_step, p);
	return GAMES_GO_ON;
}

/* Prints the games of the inputs; the exit status. */
static int replay_files(const struct shared_options *opt, char **files, int file_count)
{
	if (output_is_input(opt->output, "-o", files, file_count))
		return EXIT_TROUBLE;
	struct output out;
	if (output_open(&out, opt->output) < 0)
		return EXIT_TROUBLE;
	static char buffer[1 << 16];
	setvbuf(out.fp, buffer, _IOFBF, sizeof buffer);
	struct pgn_game game;
	struct replay_printer printer = { .out = out.fp };
	auditor_init(&printer.auditor, &opt->audit);
	pgn_game_init(&game);
	struct game_loop loop = {
		.on_begin = file_count > 1 ? print_file_name : NULL,
		.on_game = replay_one,
		.ctx = &printer,
		.out = out.fp,
		.game = &game,
	};
	int trouble = games_read_files(&loop, files, file_count) < 0;
	pgn_game_free(&game);
	finding_list_free(&printer.findings);
	auditor_free(&printer.auditor);
	if (output_close(&out) < 0)
		return EXIT_TROUBLE;
	return trouble ? EXIT_TROUBLE : EXIT_CLEAN;
}

enum { OPT_VARIATIONS = 256 };

static int take_option(void *ctx, int option, const char *arg)
{
	int *variations = ctx;
	(void)arg;
	if (option == OPT_VARIATIONS)
		*variations = 1;
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	static const struct option own[] = {
		{ "variations", no_argument, NULL, OPT_VARIATIONS },
		{ NULL, 0, NULL, 0 },
	};
	int variations = 0;
	const struct command_options command = { SHARED_OUTPUT | SHARED_LANG | SHARED_RECOVER | SHARED_ILLEGAL, "", own, take_option,
						 &variations };
	struct shared_options opt;
	int parsed = options_parse(argc, argv, &command, &opt);
	opt.audit.replay_variations = variations;
	if (parsed != 0)
		return parsed > 0 ? usage_replay(stdout, EXIT_CLEAN) : usage_error("replay");
	int file_count, unreadable;
	char **files = input_files_expanded(argc, argv, &file_count, &unreadable, INPUT_ARCHIVES);
	int status = file_count > 0 ? replay_files(&opt, files, file_count) : EXIT_TROUBLE;
	input_files_free(files, file_count);
	return unreadable ? EXIT_TROUBLE : status;
}
