import type { BuiltServer } from './server';
import { ConfigError, loadConfig, loadDotEnv } from './config';

loadDotEnv();

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Without cached source maps of every module the resident set is ~15 MB smaller;
  // BACKEND_SOURCE_MAPS=1 keeps TypeScript positions in stack traces.
  if (process.env.BACKEND_SOURCE_MAPS !== '1') process.setSourceMapsEnabled(false);
  const { buildServer } = await import('./server');
  const server: BuiltServer = await buildServer(config);
  const url = await server.listen();
  server.app.log.info(`Broker API listening on ${url} (realtime ws://${url.slice(7)}/app/${config.pusher.key})`);

  // SIGTERM/SIGINT: /readyz answers 503, the listener closes (new connections are refused, requests on open
  // ones get 503 service_draining + Retry-After + Connection: close, errors.draining), in-flight requests get
  // SHUTDOWN_DRAIN_MS to finish, idle keep-alive
  // connections are closed as soon as they are idle, then the process exits.
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    server.ctx.lifecycle.draining = true;
    const http = server.app.server;
    server.app.log.info({ reason, drain_ms: config.shutdownDrainMs }, 'draining');
    const idleSweep = setInterval(() => http.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      server.app.log.warn('drain time over: closing the remaining connections');
      http.closeAllConnections();
    }, config.shutdownDrainMs);
    try {
      await server.close();
    } finally {
      clearInterval(idleSweep);
      clearTimeout(deadline);
    }
    server.app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by `npm start` (an IPC channel to the supervisor): when the supervisor dies, even by SIGKILL,
  // the channel closes and this server drains and exits instead of holding its port as an orphan.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('supervisor exited'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
