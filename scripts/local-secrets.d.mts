export declare const SECRET_SETTINGS: readonly string[];
export declare const LOCAL_SECRETS_FILE: string;
export declare function readLocalSecrets(file?: string): Record<string, string>;
export declare function withLocalSecrets<T extends Record<string, string | undefined>>(env: T, file?: string): T & Record<string, string>;
