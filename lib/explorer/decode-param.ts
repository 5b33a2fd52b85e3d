/** A route segment as text; a malformed %-escape is kept as typed (the API then answers 400 or 404). */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
