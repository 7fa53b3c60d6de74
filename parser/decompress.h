/*
 * decompress.h - the compressions a stream decodes besides gzip (which is
 * ISA-L's, in stream.c): zstd (libzstd), bzip2 (libbz2) and xz (liblzma),
 * behind one step function, so that stream.c feeds them all alike.
 *
 * Each reads what its own command-line tool reads: concatenated zstd
 * frames (skippable ones too), concatenated bzip2 streams (as pbzip2 and
 * lbzip2 write them), concatenated xz streams and their padding.  Data that
 * stops inside a frame or stream is "truncated", not a shorter file.
 */
#ifndef PGNAUDIT_DECOMPRESS_H
#define PGNAUDIT_DECOMPRESS_H

#include <stddef.h>

enum decoder_kind { DECODER_ZSTD, DECODER_BZIP2, DECODER_XZ };

struct decoder;

/* NULL without memory. */
struct decoder *decoder_new(enum decoder_kind kind);
void decoder_free(struct decoder *d);
/* "zstd", "bzip2", "xz". */
const char *decoder_name(const struct decoder *d);

/* Decodes from the *in_len bytes at *in (both advanced past what it took)
 * into out, at most cap bytes; *made is set to how many it put there.
 * `finish`: no input comes after these bytes.  Returns 1 when the data has
 * ended where a frame or stream ends and nothing is left to put out; 0 to
 * be called again (with more input, or for more output); -1 with a reason
 * in err ("corrupt zstd data: ...", "truncated xz data"), after which it
 * puts out nothing more.  What it put out in the call that failed is
 * given (*made) and is the data as decoded so far. */
int decoder_step(struct decoder *d, const unsigned char **in, size_t *in_len, unsigned char *out, size_t cap,
		 size_t *made, int finish, char *err, size_t errlen);

#endif
