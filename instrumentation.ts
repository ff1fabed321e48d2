/**
 * Start-up check (DESIGN.md "Configuration"): the server validates its settings before serving anything, so a
 * malformed setting stops it with a message naming the variable instead of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getServerEnv } = await import('./lib/config/env');
  try {
    getServerEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
