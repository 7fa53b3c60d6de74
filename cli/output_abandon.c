/*
 * output_abandon.c - giving up an output file (see cli.h), for the commands
 * that must not put a partial result in place: `fix --in-place` when the
 * input could not be read whole, `split` when any input could not be.
 */
#include "cli.h"

#include <stdlib.h>
#include <unistd.h>

void output_abandon(struct output *o)
{
	output_untrack(o);
	if (o->fp && o->fp != stdout)
		fclose(o->fp);
	if (o->tmp_path) {
		unlink(o->tmp_path);
		temporary_unregister(o->tmp_path);
		free(o->tmp_path);
		o->tmp_path = NULL;
	}
}
