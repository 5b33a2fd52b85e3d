/** A same-site path to return to after signing in; anything else (another origin, `//host`) becomes the fallback. */
export function safeCallbackUrl(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
