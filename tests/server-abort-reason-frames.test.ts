// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dropAbortReasonFrames } from '@/server/abort-reason-frames';
import { exposeGc } from '@/server/idle-collector';

class PatchedController extends AbortController {}
dropAbortReasonFrames(PatchedController.prototype);

/**
 * A receiver that only the abort reason's stack frames reference: it aborts `controller` from one of its
 * methods (as React's last flush runs from an Immediate's callback) and is then dropped.
 */
function abortFromAMethod(controller: AbortController): WeakRef<object> {
  const receiver = {
    payload: new Array(10_000).fill(1),
    finish() {
      controller.abort(new Error('This render completed successfully.'));
    },
  };
  receiver.finish();
  return new WeakRef(receiver);
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve)); // a WeakRef's target is kept until the current job ends
  exposeGc()();
  return ref.deref() === undefined;
}

describe('dropAbortReasonFrames', () => {
  it('an aborted controller no longer keeps the receivers of its reason’s stack frames', async () => {
    const controller = new PatchedController();
    const receiver = abortFromAMethod(controller);
    expect(await collected(receiver)).toBe(true);
    expect(controller.signal.aborted).toBe(true);
  });

  it('without it, the unread stack keeps them (what kept finished renders alive)', async () => {
    const controller = new AbortController();
    const receiver = abortFromAMethod(controller);
    expect(await collected(receiver)).toBe(false);
    expect(controller.signal.aborted).toBe(true);
  });

  it('the reason stays the same error, with its message and stack; other reasons pass through', () => {
    const controller = new PatchedController();
    const reason = new Error('done');
    controller.abort(reason);
    expect(controller.signal.reason).toBe(reason);
    expect(reason.stack).toMatch(/^Error: done\n\s+at /);
    const other = new PatchedController();
    other.abort('gone');
    expect(other.signal.reason).toBe('gone');
    const none = new PatchedController();
    none.abort();
    expect(none.signal.reason).toBeInstanceOf(DOMException);
  });

  it('wraps abort once however often it is called', () => {
    class Twice extends AbortController {}
    dropAbortReasonFrames(Twice.prototype);
    const once = Twice.prototype.abort;
    dropAbortReasonFrames(Twice.prototype);
    expect(Twice.prototype.abort).toBe(once);
  });
});
