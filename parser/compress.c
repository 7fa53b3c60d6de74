/*
 * compress.c - gzip (ISA-L), zstd, bzip2 and xz behind a FILE* (compress.h).
 *
 * glibc's fopencookie buffers what is written (IN_SIZE bytes at a time) and
 * hands it to write_compressed, which gives it to the library and writes
 * what comes out into the sink; fclose flushes the buffer and calls
 * close_compressed, which ends the data.  Each library is driven by a step
 * function alike: take what it will of the input, put out at most OUT_SIZE
 * bytes, and say when the data has ended.
 */
/* fopencookie, which nothing else in this file needs. */
#define _GNU_SOURCE // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): a feature test macro
#include "parser/compress.h"

#include <bzlib.h>
#include <errno.h>
#include <limits.h>
#include <lzma.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <isa-l/igzip_lib.h>

enum { GZIP_LEVEL = 3, ZSTD_LEVEL = 3, BZIP2_BLOCKS = 9, XZ_PRESET = 6 };
/* The bytes given to the library at a time: the FILE's buffer. */
#define IN_SIZE ((size_t)64 * 1024)
/* The compressed bytes on their way to the sink. */
#define OUT_SIZE ((size_t)128 * 1024)

struct compressor {
	enum stream_compression kind;
	FILE *sink;
	int error;                  /* errno of the first failure; 0 while all is well */
	struct isal_zstream *gzip;
	unsigned char *gzip_level;  /* igzip's work space for its level */
	ZSTD_CCtx *zstd;
	bz_stream bz;
	int bz_open;
	lzma_stream xz;
	int xz_open;
	char in[IN_SIZE];           /* the FILE's buffer */
	unsigned char out[OUT_SIZE];
};

/* Each step: compresses from the *len bytes at *in (both advanced past
 * what it took) into c->out, *made bytes; `finish` (with no input left)
 * ends the data.  Returns 1 once the data has ended and is all put out, 0
 * to be called again, -1 with c->error set. */

static int failed(struct compressor *c, int error)
{
	c->error = error;
	return -1;
}

static int step_gzip(struct compressor *c, const unsigned char **in, size_t *len, int finish, size_t *made)
{
	struct isal_zstream *z = c->gzip;
	uint32_t give = *len > UINT32_MAX ? UINT32_MAX : (uint32_t)*len;
	z->next_in = (uint8_t *)*in; /* igzip only reads it */
	z->avail_in = give;
	z->end_of_stream = finish;
	z->next_out = c->out;
	z->avail_out = (uint32_t)OUT_SIZE;
	if (isal_deflate(z) != COMP_OK)
		return failed(c, EIO);
	*in += give - z->avail_in;
	*len -= give - z->avail_in;
	*made = OUT_SIZE - z->avail_out;
	return finish && z->internal_state.state == ZSTATE_END;
}

static int step_zstd(struct compressor *c, const unsigned char **in, size_t *len, int finish, size_t *made)
{
	ZSTD_inBuffer input = { *in, *len, 0 };
	ZSTD_outBuffer output = { c->out, OUT_SIZE, 0 };
	size_t left = ZSTD_compressStream2(c->zstd, &output, &input, finish ? ZSTD_e_end : ZSTD_e_continue);
	*in += input.pos;
	*len -= input.pos;
	*made = output.pos;
	if (ZSTD_isError(left))
		return failed(c, ZSTD_getErrorCode(left) == ZSTD_error_memory_allocation ? ENOMEM : EIO);
	return finish && left == 0;
}

static int step_bzip2(struct compressor *c, const unsigned char **in, size_t *len, int finish, size_t *made)
{
	unsigned give = *len > UINT_MAX ? UINT_MAX : (unsigned)*len;
	c->bz.next_in = (char *)*in; /* libbz2 only reads it */
	c->bz.avail_in = give;
	c->bz.next_out = (char *)c->out;
	c->bz.avail_out = (unsigned)OUT_SIZE;
	int status = BZ2_bzCompress(&c->bz, finish ? BZ_FINISH : BZ_RUN);
	*in += give - c->bz.avail_in;
	*len -= give - c->bz.avail_in;
	*made = OUT_SIZE - c->bz.avail_out;
	if (status == BZ_STREAM_END)
		return 1;
	return status == BZ_RUN_OK || status == BZ_FINISH_OK ? 0 : failed(c, EIO);
}

static int step_xz(struct compressor *c, const unsigned char **in, size_t *len, int finish, size_t *made)
{
	c->xz.next_in = *in;
	c->xz.avail_in = *len;
	c->xz.next_out = c->out;
	c->xz.avail_out = OUT_SIZE;
	lzma_ret status = lzma_code(&c->xz, finish ? LZMA_FINISH : LZMA_RUN);
	*in += *len - c->xz.avail_in;
	*len = c->xz.avail_in;
	*made = OUT_SIZE - c->xz.avail_out;
	if (status == LZMA_STREAM_END)
		return 1;
	if (status != LZMA_OK)
		return failed(c, status == LZMA_MEM_ERROR ? ENOMEM : EIO);
	return 0;
}

static int step(struct compressor *c, const unsigned char **in, size_t *len, int finish, size_t *made)
{
	switch (c->kind) {
	case STREAM_GZIP: return step_gzip(c, in, len, finish, made);
	case STREAM_ZSTD: return step_zstd(c, in, len, finish, made);
	case STREAM_BZIP2: return step_bzip2(c, in, len, finish, made);
	default: return step_xz(c, in, len, finish, made);
	}
}

/* Compresses the n bytes at in into the sink, or (finish, n 0) ends the
 * data.  libbz2 and liblzma take a step that neither takes nor puts out
 * a byte for an error, so none is asked for without input but to finish.
 * Returns 0, or -1 with c->error set. */
static int pump(struct compressor *c, const unsigned char *in, size_t n, int finish)
{
	while (n > 0 || finish) {
		size_t made = 0, before = n;
		int ended = step(c, &in, &n, finish, &made);
		if (ended < 0)
			return -1;
		if (made > 0 && fwrite(c->out, 1, made, c->sink) != made)
			return failed(c, errno ? errno : EIO);
		if (ended)
			return 0;
		if (made == 0 && n == before)
			return failed(c, EIO); /* no progress: it would go round for ever */
	}
	return 0;
}

static void compressor_free(struct compressor *c)
{
	free(c->gzip);
	free(c->gzip_level);
	ZSTD_freeCCtx(c->zstd);
	if (c->bz_open)
		BZ2_bzCompressEnd(&c->bz);
	if (c->xz_open)
		lzma_end(&c->xz);
	free(c);
}

/* The library's state for c->kind, at its level.  Returns 0, or -1 with
 * c->error set. */
static int compressor_start(struct compressor *c)
{
	switch (c->kind) {
	case STREAM_GZIP:
		c->gzip = malloc(sizeof *c->gzip);
		c->gzip_level = malloc(ISAL_DEF_LVL3_DEFAULT);
		if (!c->gzip || !c->gzip_level)
			return failed(c, ENOMEM);
		isal_deflate_init(c->gzip);
		c->gzip->level = GZIP_LEVEL;
		c->gzip->level_buf = c->gzip_level;
		c->gzip->level_buf_size = ISAL_DEF_LVL3_DEFAULT;
		c->gzip->gzip_flag = IGZIP_GZIP;
		return 0;
	case STREAM_ZSTD:
		c->zstd = ZSTD_createCCtx();
		if (!c->zstd)
			return failed(c, ENOMEM);
		if (ZSTD_isError(ZSTD_CCtx_setParameter(c->zstd, ZSTD_c_compressionLevel, ZSTD_LEVEL)) ||
		    ZSTD_isError(ZSTD_CCtx_setParameter(c->zstd, ZSTD_c_checksumFlag, 1)))
			return failed(c, EIO);
		return 0;
	case STREAM_BZIP2: {
		int status = BZ2_bzCompressInit(&c->bz, BZIP2_BLOCKS, 0, 0);
		if (status != BZ_OK)
			return failed(c, status == BZ_MEM_ERROR ? ENOMEM : EIO);
		c->bz_open = 1;
		return 0;
	}
	case STREAM_XZ: {
		lzma_stream init = LZMA_STREAM_INIT;
		c->xz = init;
		lzma_ret status = lzma_easy_encoder(&c->xz, XZ_PRESET, LZMA_CHECK_CRC64);
		if (status != LZMA_OK)
			return failed(c, status == LZMA_MEM_ERROR ? ENOMEM : EIO);
		c->xz_open = 1;
		return 0;
	}
	default:
		return failed(c, EINVAL);
	}
}

/* fopencookie's write: all n bytes, or 0 (errno set) once anything failed. */
static ssize_t write_compressed(void *cookie, const char *buf, size_t n)
{
	struct compressor *c = cookie;
	if (c->error == 0)
		(void)pump(c, (const unsigned char *)buf, n, 0);
	if (c->error) {
		errno = c->error;
		return 0;
	}
	return (ssize_t)n;
}

/* fopencookie's close, after the FILE's buffer was written: the end of the
 * data, unless something failed before. */
static int close_compressed(void *cookie)
{
	struct compressor *c = cookie;
	if (c->error == 0)
		(void)pump(c, NULL, 0, 1);
	int error = c->error;
	compressor_free(c);
	if (error) {
		errno = error;
		return -1;
	}
	return 0;
}

FILE *compress_open(FILE *sink, enum stream_compression kind)
{
	struct compressor *c = calloc(1, sizeof *c);
	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	c->kind = kind;
	c->sink = sink;
	if (compressor_start(c) < 0) {
		int error = c->error;
		compressor_free(c);
		errno = error;
		return NULL;
	}
	static const cookie_io_functions_t io = { .write = write_compressed, .close = close_compressed };
	FILE *fp = fopencookie(c, "w", io);
	if (!fp) {
		compressor_free(c);
		errno = ENOMEM;
		return NULL;
	}
	/* The buffer lives in c, which close_compressed frees: glibc does not
	 * touch a buffer it was given once the close function has run. */
	(void)setvbuf(fp, c->in, _IOFBF, sizeof c->in);
	return fp;
}
