#ifndef CHECKER_HINTS_H
#define CHECKER_HINTS_H

// Hints to the processor that Swift has no spelling for. Header-only and `static inline`,
// so that Swift imports them through clang and inlines them: a call would cost more than
// the hint saves.

/// Asks for the cache line at `address` to be loaded, without waiting for it and without
/// faulting: the visited set's probes miss the cache, and a probe issued some iterations
/// ahead overlaps those misses instead of stalling on each one in turn.
static inline __attribute__((always_inline)) void checker_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
