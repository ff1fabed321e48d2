// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exposeGc } from '@/server/idle-collector';
import { loadNativeHeapTrim } from '@/server/native-heap';

/** glibc reports its version in Node.js's diagnostic report; musl and other systems do not. */
const glibc = Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

function rssMb(): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
}

describe('native heap trim (native/malloc-trim)', () => {
  it('is built and loaded wherever glibc runs the server, and absent elsewhere', async () => {
    const trim = await loadNativeHeapTrim();
    expect(trim === null).toBe(!glibc);
  });

  it.runIf(glibc)('gives back what V8 freed from the C heap but glibc kept, fragmented among live buffers', async () => {
    const trim = (await loadNativeHeapTrim())!;
    const gc = exposeGc();
    // 160 MB of typed arrays (malloc'd backing stores, below glibc's mmap threshold), every tenth kept alive:
    // the freed ones lie between live ones, where free() alone never returns them.
    const all: Uint8Array[] = [];
    for (let i = 0; i < 10_000; i += 1) all.push(new Uint8Array(16 * 1024).fill(1));
    const kept = all.filter((_, i) => i % 10 === 0);
    all.length = 0;
    gc();
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100)); // V8 frees backing stores on a background thread too
    const before = rssMb();
    trim();
    const after = rssMb();
    expect(kept).toHaveLength(1000);
    expect(before - after).toBeGreaterThan(80);
  });
});
