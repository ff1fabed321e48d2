/**
 * Gives the C heap's free pages back to the system (glibc's malloc_trim, native/malloc-trim).
 *
 * Node.js allocates the memory of ArrayBuffers and Buffers (every chunk of a rendered page, every socket read)
 * with malloc. After a burst of traffic V8 frees them, but glibc keeps the freed memory in the process unless it
 * sits at the very top of the heap, and a few buffers still alive up there hold the rest: after 20 s of
 * rendered-page load at 50 connections, glibc's main arena had 60 MB from the system and 6 MB in use, and the
 * web server's RSS stayed 50 MB above its start for the two minutes it was watched (issue 17: 133 MB idle
 * before, 196 MB after; 145 MB once trimmed). The idle collector (idle-collector.ts) trims after its collections.
 */
/** The trim, or null where it cannot release anything (not glibc) or the addon was not built. */
export async function loadNativeHeapTrim(): Promise<(() => boolean) | null> {
  try {
    const addon = await import('broker-malloc-trim');
    return addon.supported() ? addon.trim : null;
  } catch {
    return null;
  }
}
