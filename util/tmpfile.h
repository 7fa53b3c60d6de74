/*
 * tmpfile.h - an unnamed temporary file in $TMPDIR (/tmp when unset).
 */
#ifndef PGNAUDIT_TMPFILE_H
#define PGNAUDIT_TMPFILE_H

/* A descriptor open for reading and writing on a file no name leads to
 * (O_TMPFILE, or a mkstemp name unlinked at once; close-on-exec), so that
 * nothing is left behind however the program ends.  -1 with errno set when
 * none can be made. */
int temporary_fd(void);

#endif
