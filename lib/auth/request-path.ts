import { headers } from 'next/headers';
import { PATH_HEADER } from './path-header';

/** The path of the page being rendered, for returning to it after sign-in; `fallback` if unknown. */
export async function requestPath(fallback: string): Promise<string> {
  const path = (await headers()).get(PATH_HEADER);
  return path?.startsWith('/') ? path : fallback;
}
