// Tells ThreadSanitizer about the slow paths of Synchronization's `Mutex` on Linux,
// which it cannot see: without this, every Mutex-protected access that met
// contention is reported as a data race. (On Darwin the Mutex is an
// os_unfair_lock, which TSan intercepts: nothing to do there.)
//
// `Mutex.withLock` is inlined into the caller (instrumented): its fast path is an
// atomic compare-and-exchange, which TSan sees as an acquire (lock) and a release
// (unlock) of the lock word. Under contention it calls `_MutexHandle._lockSlow`
// and `_unlockSlow` in libswiftSynchronization.so, which is not instrumented:
// they spin or wait in the kernel (FUTEX_LOCK_PI, FUTEX_UNLOCK_PI, which hands
// the lock straight to a waiter), so TSan sees the lock change hands with no
// synchronization. Swift 6.3.1 on Linux: four threads appending to a
// `Mutex<[Int]>` under `withLock` alone are reported within a second.
//
// Under TSan this file defines the two functions under their Swift symbol names.
// The executable's definitions take the calls of the inlined fast paths; each
// calls the library's own (found with dlsym(RTLD_NEXT)) and records the
// acquire or release that the library performed on the lock word (the
// handle's address, which is also where the fast path's atomics act). Nothing
// else changes: a race outside a lock is still reported. Without TSan, or off
// Linux, this file compiles to nothing but jolt_tsan_mutex_annotations_state.
//
// The symbols and their calling convention (swiftcall; `self`, the handle's
// address, in the swiftself register, which clang's swift_context parameter is)
// are those of Swift 6.x's Synchronization module (`nm -D
// libswiftSynchronization.so`). If a toolchain renames them, the definitions
// here still find nothing to call, and JoltStress refuses to run
// (jolt_tsan_mutex_annotations_state).

#if defined(__linux__) && defined(__has_feature)
#if __has_feature(thread_sanitizer)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <sanitizer/tsan_interface.h>
#include "TSanMutexAnnotations.h"

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef __attribute__((swiftcall)) void LockSlow(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void UnlockSlow(void *__attribute__((swift_context)));

// Resolved before main, so that no thread reads them while they are written.
static LockSlow *libraryLockSlow;
static UnlockSlow *libraryUnlockSlow;

__attribute__((constructor)) static void findLibraryFunctions(void) {
    libraryLockSlow = (LockSlow *)dlsym(RTLD_NEXT, LOCK_SLOW);
    libraryUnlockSlow = (UnlockSlow *)dlsym(RTLD_NEXT, UNLOCK_SLOW);
}

int jolt_tsan_mutex_annotations_state(void) {
    return libraryLockSlow != 0 && libraryUnlockSlow != 0;
}

__attribute__((swiftcall)) void annotatedLockSlow(uint32_t selfID, void *__attribute__((swift_context)) handle)
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) void annotatedLockSlow(uint32_t selfID, void *__attribute__((swift_context)) handle) {
    libraryLockSlow(selfID, handle);
    __tsan_acquire(handle);
}

__attribute__((swiftcall)) void annotatedUnlockSlow(void *__attribute__((swift_context)) handle) __asm__(UNLOCK_SLOW);
__attribute__((swiftcall)) void annotatedUnlockSlow(void *__attribute__((swift_context)) handle) {
    __tsan_release(handle);
    libraryUnlockSlow(handle);
}

#define JOLT_TSAN_BUILD 1
#endif
#endif

#ifndef JOLT_TSAN_BUILD
#include "TSanMutexAnnotations.h"

int jolt_tsan_mutex_annotations_state(void) { return -1; }
#endif
