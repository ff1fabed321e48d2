/**
 * `last_url` and every other return address: same-origin relative paths only (DESIGN.md "Requests").
 * Returns the path when it is safe, otherwise the fallback.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  let decoded = value;
  // Undo repeated percent-encoding so that %2F%2F and friends are judged as what the browser would follow.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [value, decoded]) {
    // Control characters and whitespace are stripped by URL parsers: refuse them outright.
    if (/[\u0000-\u001f\u007f\s]/.test(candidate)) return fallback;
    if (!candidate.startsWith('/')) return fallback;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
    if (candidate.includes('\\')) return fallback;
  }
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
