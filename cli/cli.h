/*
 * cli.h - what the subcommands share: their entry points, the output file
 * that is replaced atomically, and error messages in the style of err(3).
 */
#ifndef PGNAUDIT_CLI_H
#define PGNAUDIT_CLI_H

#include <stdio.h>

#define PGNAUDIT_VERSION "0.1.0"

/* Exit statuses (pgnaudit(1), EXIT STATUS). */
enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

int cmd_check(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_fix(int argc, char **argv);
int cmd_split(int argc, char **argv);
int cmd_explain(int argc, char **argv);

/* The name messages give an input file: "standard input" for "-". */
const char *input_name(const char *path);
/* stream_open(path), or NULL after a message naming the file and saying
 * why it could not be opened. */
struct input_stream *input_open(const char *path);
/* The files the arguments after the options name (getopt's optind), or
 * standard input ("-") when they name none; their number in *count. */
char **input_files(int argc, char **argv, int *count);
/* The same (the strings copied), with each zip archive among them (a regular file that begins
 * with its magic bytes) replaced by its *.pgn members, named
 * "archive.zip:member.pgn", in the archive's order; a name of that form
 * that is not a file itself names the archive's members it matches (a
 * glob: 'twic.zip:*.pgn'), when flags has INPUT_ARCHIVES.  With
 * INPUT_DIRECTORIES, each directory among them
 * is replaced by the PGN files under it (*.pgn, *.pgn.gz, .zst, .bz2, .xz,
 * .zip; also without .pgn before the compression's suffix), at any depth,
 * in the byte order of their paths; hidden files and folders are passed
 * over.  A directory that cannot be read or holds no PGN file, and an
 * archive that is damaged or holds no *.pgn member, are said and left out
 * (*failed set: the exit status is 2; the members before damage stay in).
 * Free the list with input_files_free. */
enum { INPUT_ARCHIVES = 1, INPUT_DIRECTORIES = 2 };
char **input_files_expanded(int argc, char **argv, int *count, int *failed, int flags);
/* The file a name in such a list is read from: the archive of a member
 * (*member set to its number, from 1), else the name itself (*member 0).
 * member may be NULL. */
const char *input_file_of(const char *path, long *member);
void input_files_free(char **files, int count);

/* "pgnaudit: " + message + newline on standard error, the message's
 * control characters escaped (\x1B, \u009B): file names and quoted text
 * come from the user's input. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "pgnaudit: NAME: ERROR (after game N)" for input that failed after N
 * games were read; without the part in brackets when N is 0 (an error
 * such as "the text is UTF-16 ..., e.g. iconv ..." reads best alone). */
void warn_read_failed(const char *name, const char *error, int games);
/* "pgnaudit: NAME: ..." when fix or split could not keep the text after
 * the first `games` games to copy it out: out of memory (error ENOMEM), or
 * the temporary file in $TMPDIR that holds what memory does not could not
 * be written or read (raw_window.h). */
void warn_not_kept(const char *name, int games, int error);

/* Standard output, or a file written under a temporary name in the same
 * folder and renamed over `path` only once everything was written: an
 * existing file is never left half-written.  A path that exists and is not
 * a regular file (/dev/null, a FIFO) is written in place. */
struct output {
	FILE *fp;
	const char *path;   /* NULL for standard output */
	char *tmp_path;
	int direct;         /* path is a device or pipe, written in place */
	int path_in_place;  /* output_close_all has renamed it into place */
	int write_errno;    /* errno of its first failed write output_failed() saw, 0 if none */
	/* Among the outputs open (output.c): an open output stays where it is. */
	struct output *next_open, *prev_open;
	int tracked;
};

/* Returns 0, or -1 after printing why. */
int output_open(struct output *o, const char *path);
/* As output_open, but the temporary file stays 0600 (mkstemp's) for the
 * caller to give it the permissions of the file it replaces. */
int output_open_private(struct output *o, const char *path);
/* At start-up: descriptors 0-2 that are closed are opened on /dev/null
 * (else an output file could become "standard error"), and SIGINT,
 * SIGTERM and SIGHUP remove the temporary files before the program dies
 * of them (exit status 128 + the signal's number). */
void output_guard_start(void);
/* A malloc'd mkstemp template for a temporary file beside path:
 * "path.pgnaudit-KINDXXXXXX", or, when the name would pass 255 bytes,
 * ".pgnaudit-KIND-XXXXXX" in path's folder.  NULL without memory. */
char *temporary_name(const char *path, const char *kind);
/* A hard link to path under a fresh temporary name beside `beside`
 * (temporary_name), malloc'd; NULL with errno set when it cannot be made. */
char *link_aside(const char *path, const char *beside, const char *kind);
/* A temporary file the signals must remove (the string must stay valid
 * until it is unregistered), and no longer. */
void temporary_register(char *path);
void temporary_unregister(const char *path);
/* For commands whose output is not the input written again (check,
 * report, replay): whether the regular file `path` (-o) is one of the
 * inputs, the same file under any name (a link, ./x), or the file standard
 * input is redirected from when an input is "-".  Says so (naming the
 * option that gave it, "-o") and
 * returns 1; writing the output would replace what is being read.
 * Returns 0 when path is NULL, "-", absent or not a regular file. */
int output_is_input(const char *path, const char *option, char **files, int count);
/* Whether two output paths name one file, under any names (./x, a link,
 * or a file that does not exist yet in the same folder). */
int outputs_are_one(const char *a, const char *b);
/* Whether writing to fp has failed.  The first time it says so it keeps
 * errno in the open output fp belongs to (write_errno), for the message
 * that output closes with.  The read loops call it after each game and
 * stop at once: there is no point auditing what nobody can read. */
int output_failed(FILE *fp);
/* Takes o out of the outputs output_failed() searches (output_close,
 * output_close_all and output_abandon do it). */
void output_untrack(struct output *o);
/* Flushes and (for a file) renames into place.  Returns 0, or -1 after
 * printing why (the temporary file is removed, the target untouched).
 * On standard output a broken pipe (the reader went away, as with
 * `| head`) is said as such; SIGPIPE is ignored so that it gets here. */
int output_close(struct output *o);
/* Standard output was a pipe whose reader went away (EPIPE): output_close
 * said nothing and returned 0, and the command stopped reading.  Its
 * summary lines are left out too. */
int output_reader_gone(void);

/* A usage error's last line, after the one that said what is wrong:
 * "pgnaudit: see 'pgnaudit COMMAND --help'", not the whole usage.
 * Returns EXIT_TROUBLE. */
int usage_error(const char *command);
/* --version of every command: "pgnaudit 0.1.0" on standard output, exit 0. */
void print_version(void);
/* Closes several outputs and puts them all in place, or none: every one
 * is written and synced first, the files they replace are kept under
 * other names until the last rename, and a rename that fails puts back
 * the ones before it.  The messages name the file and the error.  Returns
 * 0, or -1 after saying what happened. */
int output_close_all(struct output *o, int n);
/* Closes without putting anything in place: the temporary file is removed
 * and the target left as it was (a device or pipe has had what was written). */
void output_abandon(struct output *o);

/* Prints the usage of a subcommand and returns the given status. */
int usage_check(FILE *fp, int status);
int usage_report(FILE *fp, int status);
int usage_replay(FILE *fp, int status);
int usage_perft(FILE *fp, int status);
int usage_fix(FILE *fp, int status);
int usage_split(FILE *fp, int status);
int usage_explain(FILE *fp, int status);

#endif
