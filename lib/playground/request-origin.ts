import { headers } from 'next/headers';

/** The origin the browser used for this page, as far as the request tells; the client corrects it after hydration. */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  return `${proto}://${host}`;
}
