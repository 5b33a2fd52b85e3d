/**
 * The client's address from request headers. The rightmost X-Forwarded-For entry is the one
 * the nearest proxy added (or Next.js set from the socket when there is no proxy), so a client
 * cannot choose it by sending its own header through a proxy.
 */
export function clientIp(headers: Record<string, string | string[] | undefined> | { get(name: string): string | null }): string {
  const read = (name: string) => {
    const value = typeof headers.get === 'function' ? (headers.get(name) ?? undefined) : (headers as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const forwarded = read('x-forwarded-for')
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded?.at(-1) ?? read('x-real-ip') ?? 'unknown';
}
