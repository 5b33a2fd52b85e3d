import crypto from 'node:crypto';
import { encryptionKeyring, type Keyring } from './keyring';

// "v1.<kid>.<iv>.<ciphertext>.<tag>", base64url parts: the kid says which key to unseal with,
// so keys can rotate while old ciphertexts stay readable. Neither kids nor base64url contain '.'.
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealed value is malformed, was sealed under another context, or its key is not configured. */
export class UnsealError extends Error {}

/**
 * Encrypts with AES-256-GCM under the keyring's current key. `context` is bound as associated
 * data (e.g. "platform_connections.access_token:<user id>"): a ciphertext copied to another
 * row or column does not unseal there.
 */
export function seal(plaintext: string, context: string, keyring: Keyring = encryptionKeyring()): string {
  const { id, key } = keyring.current;
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Decrypts what `seal` produced under the same context; throws UnsealError otherwise. */
export function unseal(sealed: string, context: string, keyring: Keyring = encryptionKeyring()): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new UnsealError('not a sealed value');
  const [, id, iv, ciphertext, tag] = parts;
  const entry = keyring.find(id);
  if (!entry) throw new UnsealError(`sealed with key "${id}", which is not configured`);
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new UnsealError('not a sealed value');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', entry.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnsealError(`does not unseal with key "${id}" in this context`);
  }
}

/** The id of the key a sealed value was sealed with, or null when it is not one. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : null;
}
