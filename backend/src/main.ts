import { ConfigError, loadConfig, loadDotEnv } from './config';
import { buildServer } from './server';

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
  const server = await buildServer(config);
  const url = await server.listen();
  server.app.log.info(`Broker API listening on ${url} (realtime ws://${url.slice(7)}/app/${config.pusher.key})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
