/*
 * test_memory.c - util/memory.c: growing buffers, their pages mapped in
 * one go, and address space reserved.
 */
#include "tests/test_util.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/memory.h"

#define KIB ((size_t)1024)

/* Under AddressSanitizer (make sanitize), a request too large to serve
 * returns NULL, as malloc does, rather than ending the test. */
const char *__asan_default_options(void); // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
const char *__asan_default_options(void) // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
{
	return "allocator_may_return_null=1";
}

/* The pages of the n pages at p that are in memory. */
static size_t resident_pages(void *p, size_t n)
{
	unsigned char in[64];
	assert_true(n <= sizeof in);
	assert_int_equal(mincore(p, n * (size_t)sysconf(_SC_PAGESIZE), in), 0);
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += in[i] & 1;
	return count;
}

/* Fresh anonymous pages are not in memory until touched; memory_populate
 * brings them in without changing a byte - or says it did nothing. */
static void test_populate_maps_pages(void **state)
{
	(void)state;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), n = 32;
	unsigned char *p = mmap(NULL, n * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(p != MAP_FAILED);
	assert_int_equal(resident_pages(p, n), 0);
	if (!memory_populate(p, n * page)) {
		munmap(p, n * page);
		print_message("madvise(MADV_POPULATE_WRITE) is not supported here (Linux < 5.14?); skipping\n");
		skip();
	}
	assert_int_equal(resident_pages(p, n), n);
	for (size_t i = 0; i < n * page; i++)
		assert_int_equal(p[i], 0);
	munmap(p, n * page);

	/* Only the pages wholly inside the range: not the ones it shares. */
	p = mmap(NULL, n * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(p != MAP_FAILED);
	assert_int_equal(memory_populate(p + page / 2, 8 * page), 1);
	assert_int_equal(resident_pages(p, 1), 0);
	assert_int_equal(resident_pages(p + page, 7), 7);
	assert_int_equal(resident_pages(p + 8 * page, 1), 0);
	munmap(p, n * page);
}

/* Too small to be worth a system call, or nothing at all: nothing done. */
static void test_populate_small_or_null(void **state)
{
	(void)state;
	char small[4096];
	memset(small, 'x', sizeof small);
	assert_int_equal(memory_populate(small, sizeof small), 0);
	assert_int_equal(memory_populate(NULL, 1 << 20), 0);
	for (size_t i = 0; i < sizeof small; i++)
		assert_int_equal(small[i], 'x');
}

/* memory_grow keeps what realloc keeps, below and above the size worth
 * mapping, from nothing and from blocks of every kind. */
static void test_grow_keeps_bytes(void **state)
{
	(void)state;
	size_t sizes[] = { 64, 4 * KIB, 16 * KIB - 1, 16 * KIB, 64 * KIB, 300 * KIB, 1024 * KIB };
	unsigned char *p = NULL;
	size_t have = 0;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		unsigned char *q = memory_grow(p, have, sizes[i]);
		assert_non_null(q);
		for (size_t k = 0; k < have; k++)
			assert_int_equal(q[k], (unsigned char)(k * 7 + 3));
		for (size_t k = have; k < sizes[i]; k++)
			q[k] = (unsigned char)(k * 7 + 3);
		p = q;
		have = sizes[i];
	}
	/* keep may be less than the old size: those bytes only are copied. */
	unsigned char *q = memory_grow(p, 100, 2048 * KIB);
	assert_non_null(q);
	for (size_t k = 0; k < 100; k++)
		assert_int_equal(q[k], (unsigned char)(k * 7 + 3));
	free(q);
}

/* Out of memory: NULL, and the block it was given is still there. */
static void test_grow_out_of_memory(void **state)
{
	(void)state;
	unsigned char *p = memory_grow(NULL, 0, 32 * KIB);
	assert_non_null(p);
	memset(p, 'k', 32 * KIB);
	errno = 0;
	assert_null(memory_grow(p, 32 * KIB, SIZE_MAX / 2));
	for (size_t k = 0; k < 32 * KIB; k++)
		assert_int_equal(p[k], 'k');
	free(p);
}

/* memory_reserve: zero bytes, a start at a multiple of 2 MiB (so that the
 * kernel can give huge pages), none of it in memory until touched, all of
 * it writable; nothing for a size it cannot have. */
static void test_reserve(void **state)
{
	(void)state;
	size_t size = (size_t)3 * 1024 * KIB + 5;
	unsigned char *p = memory_reserve(size);
	assert_non_null(p);
	assert_int_equal((uintptr_t)p % ((size_t)2 * 1024 * KIB), 0);
	assert_int_equal(resident_pages(p + 1024 * KIB, 16), 0);
	for (size_t k = 0; k < size; k += 4096)
		assert_int_equal(p[k], 0);
	memset(p, 'r', size);
	assert_int_equal(p[size - 1], 'r');
	memory_release(p, size);
	assert_null(memory_reserve(0));
	assert_null(memory_reserve(SIZE_MAX - 7));
	memory_release(NULL, 10);
}

/* The x* functions: out of memory, "pgnaudit: out of memory" on standard
 * error and exit status 2 (run in a child, whose standard error is a pipe). */
static void expect_exhausted(int which)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], 2);
		void *p = which == 0 ? xmalloc(SIZE_MAX / 2)
			: which == 1 ? xcalloc(SIZE_MAX / 4, 4)
			: which == 2 ? xrealloc(NULL, SIZE_MAX / 2)
				     : xmemory_grow(NULL, 0, SIZE_MAX / 2);
		_exit(p == NULL ? 3 : 4);   /* not reached */
	}
	close(fds[1]);
	char said[1024] = "";
	size_t n = 0;
	ssize_t got;
	while (n < sizeof said - 1 && (got = read(fds[0], said + n, sizeof said - 1 - n)) > 0)
		n += (size_t)got;
	close(fds[0]);
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 2);
	/* The message ends what the child said (AddressSanitizer, in make
	 * sanitize, warns of the failed allocation before it). */
	static const char message[] = "pgnaudit: out of memory\n";
	assert_true(n >= sizeof message - 1);
	assert_string_equal(said + n - (sizeof message - 1), message);
}

static void test_x_functions_exit_when_out_of_memory(void **state)
{
	(void)state;
	for (int which = 0; which < 4; which++)
		expect_exhausted(which);
	char *s = xstrdup(NULL);
	assert_string_equal(s, "");
	free(s);
	free(xmalloc(0));
	free(xcalloc(0, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_populate_maps_pages),
		cmocka_unit_test(test_populate_small_or_null),
		cmocka_unit_test(test_grow_keeps_bytes),
		cmocka_unit_test(test_grow_out_of_memory),
		cmocka_unit_test(test_reserve),
		cmocka_unit_test(test_x_functions_exit_when_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
