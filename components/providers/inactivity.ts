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
/**
 * The backend ends a session unused for the same hour (SESSION_IDLE_TIMEOUT_MINUTES): a tab closed, or a browser quit
 * with its cookie kept, signs nobody in an hour later. Activity that calls nothing (reading, typing a long form) is
 * told to it at most this often, for every tab together (the time of the last keep-alive is shared like the activity).
 */
export const KEEP_ALIVE_EVERY_MS = 5 * 60_000;
export const LAST_KEEP_ALIVE_KEY = 'bs:last-keep-alive';

export type InactivityOptions = {
  onTimeout: () => void;
  /** Called on activity at most every KEEP_ALIVE_EVERY_MS (across tabs): tells the backend the session is in use. */
  onKeepAlive?: () => void;
  timeoutMs?: number;
  target?: Window;
};

function readShared(key = LAST_ACTIVITY_KEY): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeShared(at: number, key = LAST_ACTIVITY_KEY) {
  try {
    localStorage.setItem(key, String(at));
  } catch {
    /* storage disabled: this tab still tracks its own activity */
  }
}

/** Starts watching; returns the function that stops it. */
export function startInactivityWatch({ onTimeout, onKeepAlive, timeoutMs = INACTIVITY_TIMEOUT_MS, target = window }: InactivityOptions) {
  let last = Date.now();
  let written = 0;
  let keptAlive = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const keepAlive = (at: number) => {
    if (!onKeepAlive) return;
    // A clock set back makes the stored time lie ahead: then it is stale, not recent.
    const lastKept = Math.max(keptAlive, readShared(LAST_KEEP_ALIVE_KEY));
    if (lastKept <= at && at - lastKept < KEEP_ALIVE_EVERY_MS) return;
    keptAlive = at;
    writeShared(at, LAST_KEEP_ALIVE_KEY);
    onKeepAlive();
  };

  const record = (event?: Event) => {
    last = Date.now();
    if (last - written >= WRITE_EVERY_MS) {
      written = last;
      writeShared(last);
    }
    if (event) keepAlive(last);
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
