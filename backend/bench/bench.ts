/**
 * npm run bench:backend — starts the API as a child process on an ephemeral port with a temporary
 * database, runs autocannon (50 connections, 10 s each) on the products list and the RCA quote call,
 * and prints req/s, p50, p99, errors and the server process's peak RSS (VmHWM).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { withLocalSecrets } from '../../scripts/local-secrets.mjs';
import { listeningUrl } from './listening-url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);

function bucharestDay(offset: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function peakRss(pid: number): { peakMb: number; currentMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, currentMb: kb('VmRSS') / 1024 };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-bench-'));
  // The same bundle `npm start` runs (scripts/build-backend.mjs), measured as production runs it.
  // @ts-expect-error: plain ES module without type declarations
  const { buildBackend } = await import('../../scripts/build-backend.mjs');
  const bundle: string = await buildBackend();
  const child = spawn(process.execPath, [path.join(root, bundle)], {
    cwd: root,
    // Production mode with the checkout's generated local secrets and captcha off (scripts/local-secrets.mjs).
    env: { ...withLocalSecrets(process.env, path.join(root, '.data/local-secrets.env')), BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0', DATABASE_PATH: path.join(dir, 'bench.sqlite'), LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await listeningUrl(child);
  child.stdout!.resume();

  const quoteBody = JSON.stringify({
    product_code: 'rca',
    input: {
      registration_plate: 'B123ABC', vin: 'WVWZZZ1JZXW000001',
      vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
      owner: { type: 'person', cnp: '1850615400011', driving_licence_date: '2005-07-01' },
      start_date: bucharestDay(1), period_months: 12,
    },
  });
  const check = await fetch(`${url}/api/v1/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
  if (check.status !== 201) throw new Error(`quote check failed: ${check.status} ${await check.text()}`);

  const idle = peakRss(child.pid!);
  const rows: Record<string, string | number>[] = [];
  // Quotes are bounded per client IP (120 a minute): each bench request comes as another client, through the
  // loopback proxy the backend trusts by default, so the bench measures quotes and not the 429 answers.
  let client = 0;
  const anotherClient = (req: { headers?: Record<string, string> }) => {
    client += 1;
    return { ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } };
  };
  const run = async (name: string, opts: { method?: string; body?: string; path: string }) => {
    const r = await autocannon({
      url: `${url}${opts.path}`, connections, duration, method: opts.method ?? 'GET', body: opts.body,
      headers: opts.body ? { 'content-type': 'application/json' } : {},
      requests: [{ setupRequest: anotherClient }],
    });
    rows.push({
      call: name, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99,
      requests: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx, 'peak RSS MB': Number(peakRss(child.pid!).peakMb.toFixed(1)),
    });
  };
  try {
    await run('GET /api/v1/products', { path: '/api/v1/products' });
    await run('POST /api/v1/quotes (rca)', { path: '/api/v1/quotes', method: 'POST', body: quoteBody });
    console.log(`\nBroker API bench: ${connections} connections, ${duration} s per call, server pid ${child.pid}`);
    console.log(`Server RSS after start-up: ${idle.currentMb.toFixed(1)} MB (peak so far ${idle.peakMb.toFixed(1)} MB)\n`);
    console.table(rows);
    const products = rows[0];
    const ok = Number(products['req/s']) >= 5000 && Number(products['p99 ms']) <= 20 && Number(products['peak RSS MB']) <= 150;
    console.log(`Target (products list ≥ 5,000 req/s, p99 ≤ 20 ms, RSS ≤ 150 MB): ${ok ? 'met' : 'NOT met'}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
