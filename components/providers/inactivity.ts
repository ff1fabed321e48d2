/**
 * SPEC §4 inactivity: after 1 hour without click, mouse move, key press or scroll the session ends.
 * The last activity time is shared through localStorage, so activity in one tab keeps the other tabs alive:
 * when a tab's timer runs out it first re-reads the shared time and waits again if another tab was active.
 */
export const INACTIVITY_TIMEOUT_MS = 3_600_000;
export const LAST_ACTIVITY_KEY = 'bs:last-activity';
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown', 'scroll'] as const;
/** Shared time is written at most this often (mousemove fires constantly). */
const WRITE_EVERY_MS = 5_000;

export type InactivityOptions = {
  onTimeout: () => void;
  timeoutMs?: number;
  target?: Window;
};

function readShared(): number {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeShared(at: number) {
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    /* storage disabled: this tab still tracks its own activity */
  }
}

/** Starts watching; returns the function that stops it. */
export function startInactivityWatch({ onTimeout, timeoutMs = INACTIVITY_TIMEOUT_MS, target = window }: InactivityOptions) {
  let last = Date.now();
  let written = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const record = () => {
    last = Date.now();
    if (last - written >= WRITE_EVERY_MS) {
      written = last;
      writeShared(last);
    }
  };

  const check = () => {
    if (stopped) return;
    const lastSeen = Math.max(last, readShared());
    const remaining = lastSeen + timeoutMs - Date.now();
    if (remaining > 0) {
      timer = setTimeout(check, remaining);
      return;
    }
    stop();
    onTimeout();
  };

  const options: AddEventListenerOptions = { passive: true, capture: true };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, record, options);
  record();
  timer = setTimeout(check, timeoutMs);

  function stop() {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, record, options);
  }
  return stop;
}
