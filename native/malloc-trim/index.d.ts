/** glibc's malloc_trim(0): true when memory was given back to the system; false (and nothing done) elsewhere. */
export function trim(): boolean;
/** Whether trim() can release anything on this platform (glibc). */
export function supported(): boolean;
