/** Types of scripts/dev-endpoints.mjs (a plain Node script, imported by tests). */
export declare function withLocalDevEndpoints<T extends Record<string, string | undefined>>(env: T): T & { DEV_ENDPOINTS?: string };
