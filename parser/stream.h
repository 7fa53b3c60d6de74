/*
 * stream.h - bytes in: plain files, standard input, gzip, zstd, bzip2, xz
 * and zip archives, through one API.
 *
 * Compression is recognised by its magic bytes (gzip's 1f 8b, ...), never
 * by the file name, so a compressed pipe works as well as a `.gz` file.
 * Concatenated gzip members are read one after another (as gzip -d does).
 */
#ifndef PGNAUDIT_STREAM_H
#define PGNAUDIT_STREAM_H

#include <stddef.h>
#include <sys/types.h>

struct input_stream;

/* Opens path ("-" is standard input).  Returns NULL with a reason in err
 * ("No such file or directory", "Is a directory", ...). */
struct input_stream *stream_open(const char *path, char *err, size_t errlen);

/*
 * Zip archives (zip.h).  A stream that finds one reads its *.pgn members
 * one after another, with a newline between, as `unzip -p` would give
 * them; or only one of them, opened with stream_open_member: the member-th
 * *.pgn member (from 1) in the archive's order, and when `last` is set
 * the rest of the archive after it, for the damage there to be said.
 * stream_zip_members gives
 * the names of those members (malloc'd, in that order): it returns 1, 0
 * when path is not a zip archive, or -1 with the reason in err, and then
 * the names of the members before the damage, if any.
 */
struct input_stream *stream_open_member(const char *path, long member, int last, char *err, size_t errlen);
int stream_zip_members(const char *path, char ***names, long *count, char *err, size_t errlen);
/* A member's stream closed at the end of its member is kept, for opening
 * the next member to go on from it; this closes it. */
void stream_forget_parked(void);

/* Reads up to n bytes.  Returns the count, 0 at end of input, or -1 with a
 * reason in err (read error, corrupt or truncated gzip data). */
ssize_t stream_read(struct input_stream *s, void *buf, size_t n, char *err, size_t errlen);

void stream_close(struct input_stream *s);

/* A stream over len bytes in memory (not copied: they must outlive the
 * stream).  Gzip data is recognised and inflated as for files.  For tests,
 * fuzzing and callers that already hold the bytes. */
struct input_stream *stream_open_memory(const void *data, size_t len);

/* Makes every later read return at most a few bytes: read k returns at most
 * 1 + k % max_chunk bytes (0 restores normal reads).  It applies to the raw
 * input and to what stream_read hands out, so that tests can put buffer
 * boundaries everywhere. */
void stream_set_chunk_limit(struct input_stream *s, size_t max_chunk);

/* A tap sees every byte stream_read hands out, in order, once, right before
 * the caller gets it: the decompressed bytes, so that byte offsets the reader
 * counts (pgn.h) are offsets into what the tap saw.  `fix` and `split` copy
 * games byte for byte through it.  NULL removes it. */
/*
 * Reading a plain file at any offset, for threads that each read their own
 * part of it (cli/pipeline.c).  stream_positional says whether s reads a
 * regular file of plain text (not gzip, not standard input, no chunk limit
 * or tap), and then gives its size; it reads the first bytes to tell, as
 * the first stream_read would (on a read error it says no, and stream_read
 * then fails the same way).  stream_pread reads n bytes at an offset,
 * fewer only at the end of the file, or -1 with a reason in err; it leaves
 * the stream's own position alone and may be called from several threads
 * at once.  stream_seek makes stream_read go on from an offset of such a
 * stream.
 */
int stream_positional(struct input_stream *s, unsigned long long *size);
ssize_t stream_pread(struct input_stream *s, void *buf, size_t n, unsigned long long at, char *err,
		     size_t errlen);
int stream_seek(struct input_stream *s, unsigned long long at, char *err, size_t errlen);

/* How many bytes all streams have read from files and pipes so far (the
 * compressed bytes of compressed input), from any thread: for a progress
 * line. */
unsigned long long stream_bytes_read(void);

/* From now on a thread of the stream's own inflates or decodes the rest
 * (gzip, zstd, bzip2, xz, a zip member), up to 1 MiB ahead of stream_read, so that the
 * threads of check -j N that take turns to read only copy it; stream_read
 * gives the same bytes and errors as without.  Returns 1, or 0 when it was
 * not started (plain input, a tap or chunk limit set, no memory or
 * thread).  stream_close stops the thread.  Used by one reader at a time. */
int stream_read_ahead(struct input_stream *s);

typedef void (*stream_tap)(void *ctx, const void *bytes, size_t n);
void stream_set_tap(struct input_stream *s, stream_tap tap, void *ctx);

/*
 * The compressions a stream tells by the first bytes of its data: those
 * it reads (gzip here, the others through decompress.h) and two archives
 * it refuses, saying how to unpack them.  One table (stream.c) answers for
 * the stream and for `fix --in-place`, which writes a file back in the
 * compression it came in (compress.h) and must see it as the stream did.
 */
enum stream_compression {
	STREAM_PLAIN,   /* none of them: text, or whatever else it is */
	STREAM_GZIP,
	STREAM_ZSTD,
	STREAM_BZIP2,
	STREAM_XZ,
	STREAM_ZIP,
	STREAM_7ZIP,
};
/* The most bytes stream_compression_of looks at. */
#define STREAM_MAGIC_MAX 6
/* The compression of data that begins with the n bytes at b (n may be
 * more than STREAM_MAGIC_MAX, or fewer when that is all the data). */
enum stream_compression stream_compression_of(const void *b, size_t n);
/* "gzip", "zstd", "bzip2", "xz", "a zip archive", "7-Zip"; NULL for
 * STREAM_PLAIN. */
const char *stream_compression_name(enum stream_compression c);

#endif
