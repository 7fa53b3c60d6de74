/*
 * compress.h - bytes out in the compression they came in: the other half of
 * decompress.h, for `fix --in-place`, which writes a gzip, zstd, bzip2 or xz
 * file back compressed as it was.
 *
 * compress_open gives a FILE* whose bytes go, compressed, into another
 * FILE*.  All that writes PGN writes to a FILE* (pgn_export.h,
 * raw_window_write), so a compressed output takes the place of a plain one
 * and none of that code knows.  It is glibc's fopencookie, the one thing
 * here that needs _GNU_SOURCE (compress.c alone defines it).
 *
 * The levels are the tools' defaults: zstd 3 with its content checksum, as
 * zstd writes it; bzip2 9 (900k blocks); xz 6 with a CRC64 check.  gzip is
 * deflated by ISA-L's igzip, as it is inflated (stream.c), at level 3, the
 * highest igzip has: on PGN its output is about 15% larger than gzip -6's,
 * made in a tenth of the time.  igzip writes a minimal gzip header (no name,
 * no time) and the trailer (CRC-32 and length).
 */
#ifndef PGNAUDIT_COMPRESS_H
#define PGNAUDIT_COMPRESS_H

#include <stdio.h>

#include "parser/stream.h"

/* A stream whose bytes are written into sink compressed as kind
 * (STREAM_GZIP, STREAM_ZSTD, STREAM_BZIP2 or STREAM_XZ), or NULL with errno
 * set (ENOMEM; EINVAL for another kind).  When writing into sink fails, or
 * the library does, the stream's error indicator is set, as for any FILE,
 * and nothing more is compressed.  fclose ends the compressed data (its
 * trailer) and returns 0 only if all of it was handed to sink; else EOF,
 * errno that of the first failure.  sink stays open, and the end of the
 * data may still be in its buffer: the caller flushes it and checks it. */
FILE *compress_open(FILE *sink, enum stream_compression kind);

#endif
