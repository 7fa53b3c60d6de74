/*
 * memory.c - the out-of-memory exit, buffers that grow with their new
 * pages mapped in one go, and address space reserved in huge pages
 * (memory.h says why).
 */
#include "util/memory.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Smaller blocks share their pages with others, which are mapped already:
 * the system call would cost more than the few faults it saves. */
#define POPULATE_MIN ((size_t)16 * 1024)
/* Larger blocks are left to realloc, which moves them by remapping their
 * pages: a copy would hold the old block and the new one in memory at once,
 * and mapping all of the new one would add what a game of many megabytes
 * never touches (make hostile bounds the peak).  Only a rare, enormous game
 * grows a buffer this far; its faults are few beside the work it makes. */
#define GROW_POPULATED_MAX ((size_t)1024 * 1024)

int memory_populate(void *p, size_t size)
{
#ifdef MADV_POPULATE_WRITE
	long page = sysconf(_SC_PAGESIZE);
	if (p == NULL || size < POPULATE_MIN || page <= 0)
		return 0;
	/* Only pages wholly inside the block: the others belong to blocks
	 * next to it too.  A kernel without the call says EINVAL; the pages
	 * then fault in as they are touched. */
	size_t lead = ((size_t)page - (size_t)((uintptr_t)p % (size_t)page)) % (size_t)page;
	size_t span = size > lead ? (size - lead) / (size_t)page * (size_t)page : 0;
	return span > 0 && madvise((char *)p + lead, span, MADV_POPULATE_WRITE) == 0;
#else
	(void)p;
	(void)size;
	return 0;
#endif
}

void *memory_grow(void *p, size_t keep, size_t size)
{
	if (size < POPULATE_MIN || size > GROW_POPULATED_MAX)
		return realloc(p, size);
	/* Not realloc: it would copy into the new pages before they could be
	 * mapped, a fault per page. */
	void *q = malloc(size);
	if (q == NULL)
		return NULL;
	(void)memory_populate(q, size);
	if (p != NULL && keep > 0)
		memcpy(q, p, keep < size ? keep : size);
	free(p);
	return q;
}

/* The size of a huge page on x86-64 and arm64 with 4 KiB pages. */
#define HUGE_PAGE ((size_t)2 << 20)

void *memory_reserve(size_t size)
{
	if (size == 0 || size > SIZE_MAX / 2)
		return NULL;
	size = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	/* A huge page must begin at a multiple of its size: one more is asked
	 * for, and what lies before the first multiple and after the block is
	 * given back. */
	size_t span = size + HUGE_PAGE;
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_NORESERVE
	flags |= MAP_NORESERVE;
#endif
	char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	size_t lead = (HUGE_PAGE - (size_t)((uintptr_t)p % HUGE_PAGE)) % HUGE_PAGE;
	if (lead)
		(void)munmap(p, lead);
	if (span - lead > size)
		(void)munmap(p + lead + size, span - lead - size);
	p += lead;
#ifdef MADV_HUGEPAGE
	(void)madvise(p, size, MADV_HUGEPAGE);
#endif
	return p;
}

void memory_release(void *p, size_t size)
{
	if (p == NULL || size == 0)
		return;
	size = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	(void)munmap(p, size);
}

void memory_exhausted(void)
{
	fputs("pgnaudit: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (p == NULL)
		memory_exhausted();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		memory_exhausted();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (q == NULL)
		memory_exhausted();
	return q;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (p == NULL)
		memory_exhausted();
	return p;
}

void *xmemory_grow(void *p, size_t keep, size_t size)
{
	void *q = memory_grow(p, keep, size);
	if (q == NULL)
		memory_exhausted();
	return q;
}
