/*
 * memory.h - allocation for every layer: the one way out when memory runs
 * out, and buffers that grow with their new pages mapped in one go.
 *
 * Out of memory, the library and the reports cannot go on and have no one
 * to hand the failure to: the x* functions below end the program with
 * "pgnaudit: out of memory" and exit status 2 (EXIT STATUS in pgnaudit(1)),
 * all through memory_exhausted().  Code that can go on - the PGN reader, which
 * makes it a read error of the input, and the commands that keep an output
 * unchanged - checks for NULL itself.
 *
 * The first touch of a page costs a page fault.  On the virtual machines
 * this project is measured on, a fault costs about 11 microseconds, while
 * asking the kernel to map a range of pages at once (madvise
 * MADV_POPULATE_WRITE, Linux 5.14) costs under one microsecond a page.  The
 * buffers that grow to tens or hundreds of KiB - a game's arena and tokens,
 * the record of its plies, the report's output, the pieces of -j N - touch
 * hundreds of new pages in a run; these functions map them when the buffer
 * is made.  Where the kernel or the C library lacks the call, nothing more
 * is done than realloc would do: the pages fault in as they are touched.
 */
#ifndef PGNAUDIT_MEMORY_H
#define PGNAUDIT_MEMORY_H

#include <stddef.h>

/* Says "pgnaudit: out of memory" on standard error and exits 2.  The
 * attribute, besides C11's _Noreturn: cppcheck 2.10 sees only the attribute
 * on a declaration, and would take the callers to go on. */
_Noreturn void memory_exhausted(void) __attribute__((noreturn));

/* As malloc, calloc, realloc and strdup (of "" for NULL), or memory_exhausted. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* Maps the whole pages of the `size` bytes at p, if they are worth it
 * (at least a few pages); the bytes are not changed.  Returns 1 when the
 * kernel mapped them, 0 when nothing was done. */
int memory_populate(void *p, size_t size);

/* As realloc(p, size), of a block whose first `keep` bytes matter (the old
 * size, or less), with the new block's pages mapped before those bytes are
 * copied in - for blocks of 16 KiB to 1 MiB; others are realloc's alone.
 * NULL when out of memory, p then unchanged. */
void *memory_grow(void *p, size_t keep, size_t size);
/* As memory_grow, or memory_exhausted. */
void *xmemory_grow(void *p, size_t keep, size_t size);

/* `size` bytes of address space, zero, for an array that grows to megabytes
 * without moving: its pages are mapped as they are first touched, in huge
 * pages (2 MiB) where the kernel gives them (transparent huge pages,
 * "madvise" or "always"), which costs about a tenth of what the same
 * megabytes of small pages do here.  NULL when it cannot be had; given back
 * with memory_release(p, size). */
void *memory_reserve(size_t size);
void memory_release(void *p, size_t size);

#endif
