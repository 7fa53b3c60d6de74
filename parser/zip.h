/*
 * zip.h - the PGN members of a zip archive, one after another, through
 * libarchive (TWIC issues, FIDE's event archives, broadcast downloads).
 *
 * libarchive is loaded when the first archive is opened, not linked: with
 * the libraries it needs it adds 3.4 MB to every run's memory, and most
 * runs read no zip.  Without it, opening an archive fails saying which
 * package to install.
 *
 * The bytes of the archive come from the caller (stream.c), which can seek
 * in a file: then the archive is read by its central directory at the end,
 * as unzip does; from a pipe, by the headers before each member, as they
 * come (members whose size is only given after their data must then be
 * deflated ones, which is what zip writes to a pipe).
 *
 * Members named *.pgn (in any case, in any folder of the archive) are the
 * ones read; directories and other files (a README, a .cbv) are passed over.
 */
#ifndef PGNAUDIT_ZIP_H
#define PGNAUDIT_ZIP_H

#include <stddef.h>
#include <sys/types.h>

struct zip_source {
	/* Points *bytes at the next bytes of the archive (valid until the next
	 * call) and returns their count, 0 at its end, or -1 with errno set. */
	ssize_t (*read)(void *ctx, const void **bytes);
	/* Seeks as lseek does and returns the new offset, or -1 with errno
	 * set; NULL when the archive cannot be sought in (a pipe). */
	long long (*seek)(void *ctx, long long offset, int whence);
	void *ctx;
};

struct zip_reader;

/* Reads the archive's first headers.  NULL with the reason in err: no
 * libarchive, no memory, or "not a zip archive it can read: ...". */
struct zip_reader *zip_open(const struct zip_source *source, char *err, size_t errlen);
void zip_close(struct zip_reader *z);

/* Goes on to the next member named *.pgn: 1 with its name in *name (valid
 * until the next call), 0 when there is none left, -1 with the reason in
 * err ("corrupt zip data: ..."). */
int zip_next_member(struct zip_reader *z, const char **name, char *err, size_t errlen);

/* Reads up to n bytes of the member: their count, 0 at its end, -1 with
 * the reason in err (a bad CRC, truncated data, an encrypted member). */
ssize_t zip_read(struct zip_reader *z, void *buf, size_t n, char *err, size_t errlen);

/* The first member zip_next_member passed over for its name (NULL if
 * none), and how many it passed over: for saying what an archive without
 * a *.pgn member holds. */
const char *zip_other_member(const struct zip_reader *z, long *count);

/* Whether the first bytes are those of a zip archive ("PK" 03 04, or
 * 05 06 for an empty one). */
int zip_magic(const unsigned char *b, size_t n);

#endif
