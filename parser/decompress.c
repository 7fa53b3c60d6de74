/*
 * decompress.c - zstd, bzip2 and xz behind decoder_step (decompress.h).
 */
#include "parser/decompress.h"

#include <bzlib.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

struct decoder {
	enum decoder_kind kind;
	int at_end;            /* the last frame or stream is complete */
	ZSTD_DCtx *zstd;
	bz_stream bz;
	int bz_open;           /* bz holds a stream being decoded */
	lzma_stream xz;
};

static const char *const names[] = { [DECODER_ZSTD] = "zstd", [DECODER_BZIP2] = "bzip2", [DECODER_XZ] = "xz" };

const char *decoder_name(const struct decoder *d)
{
	return names[d->kind];
}

struct decoder *decoder_new(enum decoder_kind kind)
{
	struct decoder *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->kind = kind;
	switch (kind) {
	case DECODER_ZSTD:
		d->zstd = ZSTD_createDCtx();
		if (!d->zstd) {
			free(d);
			return NULL;
		}
		break;
	case DECODER_BZIP2:
		break;     /* opened at the first "BZh" (bz_start) */
	case DECODER_XZ: {
		lzma_stream init = LZMA_STREAM_INIT;
		d->xz = init;
		if (lzma_stream_decoder(&d->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
			free(d);
			return NULL;
		}
		break;
	}
	}
	return d;
}

void decoder_free(struct decoder *d)
{
	if (!d)
		return;
	if (d->zstd)
		ZSTD_freeDCtx(d->zstd);
	if (d->bz_open)
		BZ2_bzDecompressEnd(&d->bz);
	if (d->kind == DECODER_XZ)
		lzma_end(&d->xz);
	free(d);
}

static int fail(const struct decoder *d, char *err, size_t errlen, const char *why)
{
	if (why)
		snprintf(err, errlen, "corrupt %s data: %s", names[d->kind], why);
	else
		snprintf(err, errlen, "truncated %s data", names[d->kind]);
	return -1;
}

static int step_zstd(struct decoder *d, const unsigned char **in, size_t *in_len, unsigned char *out, size_t cap,
		     size_t *made, int finish, char *err, size_t errlen)
{
	ZSTD_inBuffer input = { *in, *in_len, 0 };
	ZSTD_outBuffer output = { out, cap, 0 };
	size_t hint = ZSTD_decompressStream(d->zstd, &output, &input);
	*in += input.pos;
	*in_len -= input.pos;
	*made = output.pos;
	if (ZSTD_isError(hint))
		return fail(d, err, errlen, ZSTD_getErrorName(hint));
	/* 0: a frame is decoded and flushed whole; another may follow. */
	d->at_end = hint == 0;
	if (output.pos == cap)
		return 0;   /* maybe more to put out */
	if (*in_len == 0 && finish)
		return d->at_end ? 1 : fail(d, err, errlen, NULL);
	return 0;
}

/* A bzip2 stream starts at *in: "BZh" and the block size. */
static int bz_start(struct decoder *d, const unsigned char *in, size_t in_len, char *err, size_t errlen)
{
	if (in_len < 4 || memcmp(in, "BZh", 3) != 0 || in[3] < '1' || in[3] > '9') {
		snprintf(err, errlen, "trailing garbage after the bzip2 data");
		return -1;
	}
	memset(&d->bz, 0, sizeof d->bz);
	if (BZ2_bzDecompressInit(&d->bz, 0, 0) != BZ_OK) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	d->bz_open = 1;
	d->at_end = 0;
	return 0;
}

static int step_bzip2(struct decoder *d, const unsigned char **in, size_t *in_len, unsigned char *out, size_t cap,
		      size_t *made, int finish, char *err, size_t errlen)
{
	*made = 0;
	if (!d->bz_open) {
		if (*in_len == 0)
			return finish ? (d->at_end ? 1 : fail(d, err, errlen, NULL)) : 0;
		/* The next stream's header, whole, before it is opened. */
		if (*in_len < 4 && !finish)
			return 0;
		if (bz_start(d, *in, *in_len, err, errlen) < 0)
			return -1;
	}
	d->bz.next_in = (char *)*in;   /* libbz2 only reads it */
	d->bz.avail_in = (unsigned)(*in_len > UINT32_MAX ? UINT32_MAX : *in_len);
	d->bz.next_out = (char *)out;
	d->bz.avail_out = (unsigned)(cap > UINT32_MAX ? UINT32_MAX : cap);
	int status = BZ2_bzDecompress(&d->bz);
	size_t taken = (size_t)((const unsigned char *)d->bz.next_in - *in);
	*in += taken;
	*in_len -= taken;
	*made = (size_t)((unsigned char *)d->bz.next_out - out);
	if (status == BZ_STREAM_END) {
		BZ2_bzDecompressEnd(&d->bz);
		d->bz_open = 0;
		d->at_end = 1;
		return *in_len == 0 && finish ? 1 : 0;
	}
	if (status != BZ_OK)
		return fail(d, err, errlen, status == BZ_DATA_ERROR_MAGIC ? "not bzip2 data"
					     : status == BZ_MEM_ERROR ? "out of memory" : "the data do not decode");
	if (*made == cap)
		return 0;
	if (*in_len == 0 && finish)
		return fail(d, err, errlen, NULL);
	return 0;
}

static int step_xz(struct decoder *d, const unsigned char **in, size_t *in_len, unsigned char *out, size_t cap,
		   size_t *made, int finish, char *err, size_t errlen)
{
	d->xz.next_in = *in;
	d->xz.avail_in = *in_len;
	d->xz.next_out = out;
	d->xz.avail_out = cap;
	lzma_ret status = lzma_code(&d->xz, finish ? LZMA_FINISH : LZMA_RUN);
	size_t taken = (size_t)(d->xz.next_in - *in);
	*in += taken;
	*in_len -= taken;
	*made = (size_t)(d->xz.next_out - out);
	switch (status) {
	case LZMA_OK:
		return 0;
	case LZMA_STREAM_END:
		d->at_end = 1;
		return 1;
	case LZMA_BUF_ERROR:
		/* No progress possible: with LZMA_FINISH, the data stopped. */
		return finish ? fail(d, err, errlen, NULL) : 0;
	case LZMA_MEM_ERROR:
		return fail(d, err, errlen, "out of memory");
	case LZMA_FORMAT_ERROR:
		return fail(d, err, errlen, "not xz data");
	case LZMA_OPTIONS_ERROR:
		return fail(d, err, errlen, "options this liblzma does not know");
	default:
		return fail(d, err, errlen, "the data do not decode");
	}
}

int decoder_step(struct decoder *d, const unsigned char **in, size_t *in_len, unsigned char *out, size_t cap,
		 size_t *made, int finish, char *err, size_t errlen)
{
	switch (d->kind) {
	case DECODER_ZSTD: return step_zstd(d, in, in_len, out, cap, made, finish, err, errlen);
	case DECODER_BZIP2: return step_bzip2(d, in, in_len, out, cap, made, finish, err, errlen);
	default: return step_xz(d, in, in_len, out, cap, made, finish, err, errlen);
	}
}
