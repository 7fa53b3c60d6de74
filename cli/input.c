/*
 * input.c - opening what the commands read, with the message every command
 * gives when a file cannot be opened.
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "parser/stream.h"

const char *input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

struct input_stream *input_open(const char *path)
{
	char err[256];
	struct input_stream *s = stream_open(path, err, sizeof err);
	if (!s)
		warnx_("%s: %s", input_name(path), err);
	return s;
}

char **input_files(int argc, char **argv, int *count)
{
	static char *stdin_only[] = { "-" };
	*count = optind < argc ? argc - optind : 1;
	return optind < argc ? argv + optind : stdin_only;
}
