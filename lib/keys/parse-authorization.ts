import { isWellFormedKey } from './key-format';

const BEARER = /^Bearer +(\S+) *$/i;

/** The raw key in an `Authorization: Bearer …` header, or why there is none. */
export function parseBearerKey(header: string | null | undefined): { key: string } | { reason: 'missing' | 'malformed' } {
  const value = header?.trim();
  if (!value) return { reason: 'missing' };
  const match = BEARER.exec(value);
  if (!match || !isWellFormedKey(match[1])) return { reason: 'malformed' };
  return { key: match[1] };
}
