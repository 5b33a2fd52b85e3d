/** A page's searchParams prop, as Next.js hands it over. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The query string as the page was asked for it (repeated values: the first). */
export function toSearchParams(raw: PageSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) params.set(name, first);
  }
  return params;
}
