/** Types for scripts/compile-hints.mjs (imported by its unit test). */
export declare const COMPILE_HINT: string;
export declare function startupChunks(distDir: string): string[];
export declare function onDemandChunks(distDir: string): string[];
export declare function addCompileHints(distDir?: string): string[];
