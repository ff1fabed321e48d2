/**
 * Start-up check (DESIGN.md "Configuration"): the server validates its settings before serving anything, so a
 * malformed setting stops it with a message naming the variable instead of failing on the first request.
 * The Node.js-only part lives in instrumentation-node.ts so the edge bundle never sees process.exit.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { validateEnvOrExit } = await import('./instrumentation-node');
    validateEnvOrExit();
  }
}
