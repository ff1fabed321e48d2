/** Types of scripts/deployment.mjs (plain JavaScript read by the launchers, the backend and the web app). */
export declare function isLoopbackHost(hostname: string): boolean;
export declare function isDeployment(env: Record<string, string | undefined>): boolean;
