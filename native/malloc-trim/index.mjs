// The addon built by `npm install` (node-gyp rebuild): see src/malloc_trim.c.
import { createRequire } from 'node:module';

const addon = createRequire(import.meta.url)('./build/Release/malloc_trim.node');

/** glibc's malloc_trim(0): true when memory was given back to the system; false (and nothing done) elsewhere. */
export const trim = addon.trim;
/** Whether trim() can release anything on this platform (glibc). */
export const supported = addon.supported;
