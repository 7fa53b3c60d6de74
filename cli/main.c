/*
 * main.c - `pgnaudit COMMAND [ARGS]`: finds the subcommand and runs it.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "validator/chess/bitboard.h"

static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	int (*usage)(FILE *fp, int status);
	const char *summary;
} commands[] = {
	{ "check", cmd_check, usage_check, "parse, replay every game, print findings" },
	{ "report", cmd_report, usage_report, "summarise check's JSON Lines: tables, CSV, an HTML page" },
	{ "fix", cmd_fix, usage_fix, "write the games back as clean export PGN" },
	{ "split", cmd_split, usage_split, "clean / flagged files, or N shards cut at game boundaries" },
	{ "replay", cmd_replay, usage_replay, "print every position of every game" },
	{ "perft", cmd_perft, usage_perft, "count the leaf nodes of the legal move tree" },
	{ "explain", cmd_explain, usage_explain, "what a check code means: its rule, an example, what to do" },
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static int usage(FILE *fp, int status)
{
	fputs("usage: pgnaudit [--help] [--version] COMMAND [ARGS...]\n\ncommands:\n", fp);
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		fprintf(fp, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fputs("  help     show the usage of a command\n\n"
	      "`pgnaudit COMMAND --help` and man pgnaudit-COMMAND tell more.\n", fp);
	return status;
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int run(int argc, char **argv)
{
	if (argc < 2)
		return usage(stderr, EXIT_TROUBLE);
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		return usage(stdout, EXIT_CLEAN);
	if (strcmp(name, "--version") == 0) {
		printf("pgnaudit %s\n", PGNAUDIT_VERSION);
		return EXIT_CLEAN;
	}
	if (strcmp(name, "help") == 0) {
		if (argc < 3)
			return usage(stdout, EXIT_CLEAN);
		const struct command *c = find_command(argv[2]);
		if (!c) {
			warnx_("'%s' is not a command; see pgnaudit --help", argv[2]);
			return EXIT_TROUBLE;
		}
		return c->usage(stdout, EXIT_CLEAN);
	}
	const struct command *c = find_command(name);
	if (!c) {
		warnx_("'%s' is not a command; see pgnaudit --help", name);
		return EXIT_TROUBLE;
	}
	/* The command's argv[0], which getopt puts before its messages:
	 * "pgnaudit check: unrecognized option '--frob'", not "check: ...". */
	static char program[32];
	snprintf(program, sizeof program, "pgnaudit %s", c->name);
	argv[1] = program;
	return c->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	/* A reader that goes away (`pgnaudit check | head`) makes writes fail
	 * with EPIPE, which the commands report and stop on, instead of the
	 * process dying silently half-way. */
	signal(SIGPIPE, SIG_IGN);
	/* Past a file-size limit (ulimit -f) a write fails with EFBIG, so that
	 * an output file is abandoned cleanly instead of the process dying
	 * with a temporary file left behind. */
	signal(SIGXFSZ, SIG_IGN);
	output_guard_start();
	attacks_init();
	int status = run(argc, argv);
	/* What was printed straight to standard output (perft, --help) must
	 * have arrived too; check and replay said so already if it did not. */
	struct output out = { .fp = stdout };
	if (status != EXIT_TROUBLE && output_close(&out) < 0)
		return EXIT_TROUBLE;
	return status;
}
