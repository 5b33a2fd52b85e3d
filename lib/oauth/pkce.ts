import crypto from 'node:crypto';
import { safeEqual } from './random-token';

// RFC 7636: a verifier is 43–128 unreserved characters; an S256 challenge is the base64url
// SHA-256 of it, always 43 characters.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A fresh code verifier (43 characters, 256 random bits). */
export function newCodeVerifier(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The S256 challenge of a verifier. */
export function s256Challenge(verifier: string): string {
  return crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether a string has the syntax of a code verifier. */
export function isCodeVerifier(value: string): boolean {
  return VERIFIER.test(value);
}

/** Whether a string has the syntax of an S256 code challenge. */
export function isS256Challenge(value: string): boolean {
  return CHALLENGE.test(value);
}

/** Whether the verifier hashes to the challenge stored with the code. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  return isCodeVerifier(verifier) && safeEqual(s256Challenge(verifier), challenge);
}
