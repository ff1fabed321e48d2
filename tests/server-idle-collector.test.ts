// @vitest-environment node
import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { exposeGc, IdleCollector, reduceMemory } from '@/server/idle-collector';

function setup() {
  let now = 0;
  let collections = 0;
  const collector = new IdleCollector({ idleMs: 5000, collect: () => (collections += 1), now: () => now });
  return { collector, at: (ms: number) => (now = ms), collections: () => collections };
}

describe('IdleCollector', () => {
  it('does nothing until the server has served something', () => {
    const { collector, at, collections } = setup();
    at(60_000);
    collector.tick();
    expect(collections()).toBe(0);
  });

  it('collects after idleMs without requests, once more after another idleMs, then stops', () => {
    const { collector, at, collections } = setup();
    at(1000);
    collector.noteRequest();
    at(5999);
    collector.tick();
    expect(collections()).toBe(0);
    at(6000);
    collector.tick();
    collector.tick();
    expect(collections()).toBe(1);
    at(10_999);
    collector.tick();
    expect(collections()).toBe(1);
    at(11_000);
    collector.tick();
    expect(collections()).toBe(2);
    at(100_000);
    collector.tick();
    expect(collections()).toBe(2);
  });

  it('never collects while requests keep coming, and starts over after new traffic', () => {
    const { collector, at, collections } = setup();
    for (let t = 0; t < 60_000; t += 1000) {
      at(t);
      collector.noteRequest();
      collector.tick();
    }
    expect(collections()).toBe(0);
    at(64_000);
    collector.tick();
    expect(collections()).toBe(1);
    at(65_000);
    collector.noteRequest(); // traffic again before the second collection
    at(69_000);
    collector.tick();
    expect(collections()).toBe(1);
    at(70_000);
    collector.tick();
    expect(collections()).toBe(2);
  });

  it('the default collection gives the heap back: the old generation compacted, the young one shrunk', async () => {
    const youngSize = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    // A burst: 60 MB kept long enough to be promoted, then dropped.
    let burst: number[][] | null = [];
    for (let i = 0; i < 600; i += 1) burst.push(new Array(12_500).fill(i));
    for (let i = 0; i < 200_000; i += 1) void { i }; // young generation traffic
    burst = null;
    const before = process.memoryUsage().heapTotal;
    await reduceMemory()();
    const after = process.memoryUsage().heapTotal;
    expect(before - after).toBeGreaterThan(50 * 1024 * 1024);
    expect(youngSize()).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('reaches V8’s collector without --expose-gc', () => {
    const gc = exposeGc();
    expect(() => gc()).not.toThrow();
  });
});

describe('reduceMemory', () => {
  it('runs what follows the collection (the native heap trim) once the collection is done', async () => {
    const order: string[] = [];
    const collect = reduceMemory(() => order.push('after'));
    const done = collect().then(() => order.push('resolved'));
    order.push('called');
    await done;
    expect(order).toEqual(['called', 'after', 'resolved']);
  });
});
