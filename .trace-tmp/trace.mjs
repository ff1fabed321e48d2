// Usage: node trace.mjs URL  -> prints main-thread events until a bit after first paint
import { chromium } from '@playwright/test';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const client = await page.context().newCDPSession(page);
await client.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU || 1) });
await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(500);
const buf = await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(buf.toString());
const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? traceEvents.find((e) => e.name === 'navigationStart');
const t0 = nav.ts;
const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint');
const lcp = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate').pop();
console.log('FCP', fcp && ((fcp.ts - t0) / 1000).toFixed(1), 'LCP', lcp && ((lcp.ts - t0) / 1000).toFixed(1));
const main = traceEvents.filter((e) => e.ph === 'X' && e.dur > 1500 && ['EvaluateScript', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'FunctionCall', 'v8.compile', 'RunTask', 'ParseAuthorStyleSheet', 'TimerFire', 'v8.evaluateModule'].includes(e.name));
for (const e of main.sort((a, b) => a.ts - b.ts)) {
  const at = (e.ts - t0) / 1000; if (at < 0 || at > (fcp ? (fcp.ts - t0) / 1000 + 100 : 2000)) continue;
  const d = e.args?.data ?? e.args?.beginData ?? {};
  console.log(at.toFixed(1).padStart(7), (e.dur / 1000).toFixed(1).padStart(6), e.name, (d.url || d.functionName || '').slice(-50), d.startLine ?? '');
}
for (const e of traceEvents.filter((e) => e.name === 'ResourceSendRequest' || e.name === 'ResourceFinish').sort((a, b) => a.ts - b.ts)) {
  const at = (e.ts - t0) / 1000; if (at > 400) continue;
  console.log('   net', at.toFixed(1).padStart(7), e.name, (e.args?.data?.url || e.args?.data?.requestId || '').slice(-40));
}
