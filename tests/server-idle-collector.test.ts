// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exposeGc, IdleCollector } from '@/server/idle-collector';

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

  it('collects twice back to back after idleMs without requests, once more after another idleMs, then stops', () => {
    const { collector, at, collections } = setup();
    at(1000);
    collector.noteRequest();
    at(5999);
    collector.tick();
    expect(collections()).toBe(0);
    at(6000);
    collector.tick();
    collector.tick();
    expect(collections()).toBe(2);
    at(10_999);
    collector.tick();
    expect(collections()).toBe(2);
    at(11_000);
    collector.tick();
    expect(collections()).toBe(3);
    at(100_000);
    collector.tick();
    expect(collections()).toBe(3);
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
    expect(collections()).toBe(2);
    at(65_000);
    collector.noteRequest(); // traffic again before the last collection: the next idle period starts over
    at(69_000);
    collector.tick();
    expect(collections()).toBe(2);
    at(70_000);
    collector.tick();
    expect(collections()).toBe(4);
  });

  it('reaches V8’s collector without --expose-gc', () => {
    const gc = exposeGc();
    expect(() => gc()).not.toThrow();
  });
});
