import crypto from 'node:crypto';
import { randomBase62 } from './random-base62';

/** Characters after the prefix: 32 base62 characters carry about 190 bits of entropy. */
export const KEY_BODY_LENGTH = 32;
const DISPLAY_CHARS = 4;
const DEFAULT_PREFIX = 'perch_';
const PREFIX_SYNTAX = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
const BODY_SYNTAX = new RegExp(`^[0-9A-Za-z]{${KEY_BODY_LENGTH}}$`);

/** The deployment's key prefix: PERCH_KEY_PREFIX, or `perch_`. */
export function keyPrefix(): string {
  const prefix = process.env.PERCH_KEY_PREFIX || DEFAULT_PREFIX;
  // Read on every request: the syntax is checked once per distinct value.
  if (prefix === checkedPrefix) return prefix;
  if (!PREFIX_SYNTAX.test(prefix)) throw new Error(`PERCH_KEY_PREFIX must match ${PREFIX_SYNTAX}, got "${prefix}"`);
  checkedPrefix = prefix;
  return prefix;
}

let checkedPrefix: string | undefined;

/** A new raw API key: the prefix and 32 random base62 characters. */
export function generateApiKey(): string {
  return keyPrefix() + randomBase62(KEY_BODY_LENGTH);
}

/** Whether a string has the syntax of one of this deployment's keys (checked before any lookup). */
export function isWellFormedKey(key: string): boolean {
  const prefix = keyPrefix();
  return key.startsWith(prefix) && BODY_SYNTAX.test(key.slice(prefix.length));
}

/** The SHA-256 hex digest of a raw key: the only form of it that is stored. */
export function hashApiKey(key: string): string {
  // Every call hashes its key to find it: the one-shot crypto.hash (Node 20.12+) takes less than half the time of a Hash object.
  return crypto.hash('sha256', key, 'hex');
}

export type KeyDisplayParts = { keyStart: string; keyEnd: string };

/** The parts kept for display: prefix plus the first 4 characters, and the last 4. */
export function keyDisplayParts(key: string): KeyDisplayParts {
  const prefix = keyPrefix();
  const body = key.slice(prefix.length);
  return { keyStart: prefix + body.slice(0, DISPLAY_CHARS), keyEnd: body.slice(-DISPLAY_CHARS) };
}

/** The display form of a key, `perch_ab12…wxyz`. */
export function formatKeyDisplay({ keyStart, keyEnd }: KeyDisplayParts): string {
  return `${keyStart}…${keyEnd}`;
}
