/** Types of scripts/launch-env.mjs (a plain Node script, imported by tests). */
export declare function launchEnvironments(options?: {
  dev?: boolean;
  processEnv?: Record<string, string | undefined>;
  dir?: string;
  secretsFile?: string;
}): {
  env: Record<string, string | undefined>;
  backend: Record<string, string | undefined>;
  web: Record<string, string | undefined>;
};
