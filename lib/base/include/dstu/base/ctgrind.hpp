// dstu::ct::poison / unpoison — marking secrets for the constant-time checker.
//
// Under Valgrind memcheck, poisoned bytes are "undefined": any branch or memory
// index that depends on them is reported. Outside Valgrind these are a few
// instructions that do nothing. Declassify (unpoison) only values that are public
// by design, e.g. a finished signature.
#pragma once

#include <cstddef>

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define DSTU_HAVE_MEMCHECK 1
#endif

namespace dstu::ct {

/// Marks n bytes at p as secret (undefined to memcheck).
inline void poison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#ifdef DSTU_HAVE_MEMCHECK
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}

/// Marks n bytes at p as public again.
inline void unpoison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#ifdef DSTU_HAVE_MEMCHECK
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}

/// True when the process runs under Valgrind.
inline bool running_under_valgrind() {
#ifdef DSTU_HAVE_MEMCHECK
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

}  // namespace dstu::ct
