/*
 * test_util.h - what every cmocka test file includes.
 */
#ifndef PGNAUDIT_TEST_UTIL_H
#define PGNAUDIT_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#ifdef __clang_analyzer__
/* cmocka 1.1 does not declare that _fail() (behind fail() and fail_msg())
 * ends the test, so clang-tidy's analyzer (make lint) would follow a test
 * past a failure and report the null pointer the failure was about. */
void _fail(const char *const file, const int line) __attribute__((analyzer_noreturn));
#endif

#endif
