// Synchronization's Mutex, made visible to ThreadSanitizer (see MutexAnnotations.c).

/// 1: a ThreadSanitizer build on Linux whose annotated Mutex slow paths found the
/// library's own; 0: one where they were not found (TSan would report false
/// races); -1: nothing to annotate (not a ThreadSanitizer build, or not Linux).
int jolt_tsan_mutex_annotations_state(void);
