import { getServerEnv } from './lib/config/env';

export function validateEnvOrExit() {
  try {
    getServerEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
