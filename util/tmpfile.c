/*
 * tmpfile.c - an unnamed temporary file in $TMPDIR.
 */
#include "util/tmpfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int temporary_fd(void)
{
	const char *dir = getenv("TMPDIR");
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	int fd;
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
#endif
	size_t n = strlen(dir) + sizeof "/pgnaudit-spill-XXXXXX";
	char *name = malloc(n);
	if (name == NULL) {
		errno = ENOMEM;
		return -1;
	}
	snprintf(name, n, "%s/pgnaudit-spill-XXXXXX", dir);
	fd = mkstemp(name);
	if (fd >= 0) {
		unlink(name);
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	int saved = errno;
	free(name);
	errno = saved;
	return fd;
}
