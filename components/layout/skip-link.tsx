/** First focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#continut"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:font-semibold focus:text-primary focus:shadow-lg"
    >
      Sari la conținut
    </a>
  );
}
