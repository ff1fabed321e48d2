/**
 * `last_url` and every other return address: same-origin relative paths only (DESIGN.md "Requests").
 * Returns the path when it is safe, otherwise the fallback.
 *
 * The answer is the path as the browser will resolve it (dot segments removed, `%2e` read as `.`), and that
 * normalised path is judged again: `/.//evil.example` and `/%2e//evil.example` pass a check of the raw text but
 * resolve to `//evil.example`, which a browser follows to another site.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!looksLikeLocalPath(value)) return fallback;
  const normalised = resolveOnOrigin(value);
  if (normalised === null || !looksLikeLocalPath(normalised)) return fallback;
  // Resolving the answer once more must not change it (no dot segment left to collapse into a new `//`).
  if (resolveOnOrigin(normalised) !== normalised) return fallback;
  return normalised;
}

const BASE = 'http://same-origin.invalid';

/** pathname + search + hash of `value` resolved against a placeholder origin; null when it leaves that origin. */
function resolveOnOrigin(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * The text and its percent-decoded forms (up to 3 levels) all start with one `/`, hold no `\` or whitespace, and
 * still start with one `/` once their dot segments are resolved (a server that decodes once must not see `//`).
 */
function looksLikeLocalPath(value: string): boolean {
  const forms = [value];
  let decoded = value;
  // Undo repeated percent-encoding so that %2F%2F and friends are judged as what the browser would follow.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
    forms.push(decoded);
  }
  return forms.every(
    (candidate) =>
      // Control characters and whitespace are stripped by URL parsers: refuse them outright.
      !/[\u0000-\u001f\u007f\s]/.test(candidate) &&
      candidate.startsWith('/') &&
      !candidate.startsWith('//') &&
      !candidate.includes('\\') &&
      !(resolveOnOrigin(candidate) ?? '//').startsWith('//'),
  );
}
