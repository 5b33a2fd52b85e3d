import crypto from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// The largest multiple of 62 that fits in a byte: bytes at or above it are discarded so every
// character is equally likely (a plain `byte % 62` would favour the first 8 characters).
const UNBIASED_LIMIT = 248;

/** A string of `length` characters from [0-9A-Za-z], drawn from the crypto RNG without bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
