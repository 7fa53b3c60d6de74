/*
 * options.h - the options several commands share, parsed in one place.
 *
 * A command names the shared options it takes (enum shared_option) and
 * gives its own options as getopt_long does; options_parse() reads both in
 * one getopt_long loop, keeps the shared ones in struct shared_options and
 * hands each of the command's own to its callback.  So -o, --lang, --rules,
 * --select, --ignore and --recover mean the same, with the same defaults and
 * messages, in every command that takes them, and a new command gets them by
 * naming them.  -h and --help come with every command.
 */
#ifndef PGNAUDIT_OPTIONS_H
#define PGNAUDIT_OPTIONS_H

#include <getopt.h>
#include <stddef.h>

#include "validator/audit/audit.h"
#include "validator/audit/finding.h"

enum shared_option {
	SHARED_OUTPUT = 1 << 0,  /* -o, --output FILE */
	SHARED_LANG = 1 << 1,    /* --lang LIST */
	SHARED_RULES = 1 << 2,   /* --rules EDITION */
	SHARED_CODES = 1 << 3,   /* --select CODES, --ignore CODES */
	SHARED_RECOVER = 1 << 4, /* --recover */
	SHARED_EXIT_ZERO = 1 << 5, /* --exit-zero: 0 where 1 would say the data have errors */
	SHARED_PROGRESS = 1 << 6,  /* --no-progress (progress.h) */
	SHARED_ILLEGAL = 1 << 7,   /* --play-illegal */
	SHARED_TIME_CLASS = 1 << 8, /* --time-class CLASS */
};

/* How check audits a game; split --clean/--flagged audits it so too. */
#define SHARED_AUDIT (SHARED_LANG | SHARED_RULES | SHARED_CODES | SHARED_RECOVER | SHARED_ILLEGAL | SHARED_TIME_CLASS)

struct shared_options {
	const char *output;                  /* -o: NULL for standard output */
	struct audit_options audit;          /* by-date, notation auto, no recovery */
	/* What --select and --ignore leave (all by default): a finding of a
	 * code at a severity is reported when reported[code][severity]. */
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	unsigned given;                      /* the shared options given (enum shared_option) */
	int exit_zero;                       /* --exit-zero */
	int no_progress;                     /* --no-progress */
};

/* A command's own option, by getopt_long's value for it (its letter, or
 * 256 and up): returns 0, or -1 after saying what is wrong. */
typedef int (*option_handler)(void *ctx, int option, const char *arg);

struct command_options {
	unsigned shared;                   /* the shared options the command takes */
	const char *short_options;         /* its own letters, as getopt's optstring */
	const struct option *long_options; /* its own, ending with a zero entry; may be NULL */
	option_handler handle;             /* for its own options; NULL when it has none */
	void *ctx;
};

/* Parses argv (getopt's optind is then the first file).  Returns 0; 1 when
 * -h or --help was given (the command prints its usage on standard output
 * and exits 0); -1 after saying what is wrong (getopt_long's message for an
 * option unknown or without its argument). */
int options_parse(int argc, char **argv, const struct command_options *command, struct shared_options *out);

/* "by-date", "fide2023" or "fide2005" into *rules; returns 0, or -1 after
 * saying what the editions are. */
int options_parse_rules(const char *name, enum rules_edition *rules);

/* "by-tag", "standard", "rapid" or "blitz" into *time_class (enum
 * time_class); returns 0, or -1 after saying what the classes are. */
int options_parse_time_class(const char *name, int *time_class);

/* What --select and --ignore (comma-separated lists, either NULL) leave
 * reported: all when neither is given.  An item is a code, a glob of codes
 * (`missed-*`, `*-mark`), a severity (`error`, `warning`, `info`: the
 * findings at that severity, whatever their code) or `all`, in any case.
 * A finding is selected when its code or its severity is; ignored when
 * either is.  Returns 0, or -1 after naming an item that is none of these
 * (with the code it is likely a misspelling of). */
int options_choose_codes(unsigned char reported[CHECK_COUNT][SEVERITY_COUNT], const char *select, const char *ignore);

/* The catalogue index of the code that `name` (len bytes, any case) likely
 * misspells: the nearest by edit distance, when it is at most 3 edits away
 * ("ilegal-move"); -1 when none is that near.  For "did you mean ...?". */
int options_nearest_code(const char *name, size_t len);

#endif
