/** The `searchParams` prop of an App Router page. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** First value of a query parameter, null when it is absent. */
export function firstParam(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
