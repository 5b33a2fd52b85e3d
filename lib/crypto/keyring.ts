import crypto from 'node:crypto';
import { getSecret } from '@/lib/secrets/get-secret';

/** One AES-256 key and the id written in front of everything it seals. */
export type EncryptionKey = { id: string; key: Buffer };

/** The keys in use: `current` seals, every listed key (and the default) unseals. */
export type Keyring = { current: EncryptionKey; find: (id: string) => EncryptionKey | undefined };

export class KeyringConfigError extends Error {}

/** The id of the single key from PERCH_ENCRYPTION_KEY or the data directory. */
export const DEFAULT_KEY_ID = 'default';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const MIN_SECRET_LENGTH = 16;

// Secrets from the environment are hashed to 32 bytes, as getSecret does, so any string of
// enough entropy works (e.g. `openssl rand -base64 32`).
function derive(secret: string): Buffer {
  return crypto.createHash('sha256').update(secret).digest();
}

/**
 * Parses PERCH_ENCRYPTION_KEYS: "kid:secret,kid:secret,…", the first one for new writes.
 * Throws a KeyringConfigError that says what is wrong, without echoing any secret.
 */
export function parseKeyList(value: string): EncryptionKey[] {
  const keys: EncryptionKey[] = [];
  for (const [index, entry] of value.split(',').entries()) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon).trim();
    const secret = colon < 0 ? '' : entry.slice(colon + 1).trim();
    const where = `PERCH_ENCRYPTION_KEYS entry ${index + 1}`;
    if (!KEY_ID.test(id)) throw new KeyringConfigError(`${where} must be "kid:secret" with a kid of 1 to 32 letters, digits, _ or -`);
    if (secret.length < MIN_SECRET_LENGTH) throw new KeyringConfigError(`${where} (kid ${id}) needs a secret of at least ${MIN_SECRET_LENGTH} characters`);
    if (keys.some((key) => key.id === id)) throw new KeyringConfigError(`${where} repeats the kid ${id}`);
    keys.push({ id, key: derive(secret) });
  }
  return keys;
}

/**
 * The keyring from the environment. PERCH_ENCRYPTION_KEYS, when set, lists the keys (first
 * seals). Otherwise the one key "default" is PERCH_ENCRYPTION_KEY or, when that is unset too,
 * 32 random bytes generated once into <PERCH_DATA_DIR>/secrets/encryption.key. The default
 * key also unseals whatever it sealed before a list was configured, so moving to a list
 * needs no re-encryption: old ciphertexts stay readable, new ones use the list's first key.
 */
export function encryptionKeyring(env: Readonly<Record<string, string | undefined>> = process.env): Keyring {
  const listed = env.PERCH_ENCRYPTION_KEYS?.trim() ? parseKeyList(env.PERCH_ENCRYPTION_KEYS) : [];
  // Read lazily: with a list configured, the data directory is touched only for an old ciphertext.
  const defaultKey = (): EncryptionKey => ({ id: DEFAULT_KEY_ID, key: getSecret('encryption', 'PERCH_ENCRYPTION_KEY') });
  return {
    current: listed[0] ?? defaultKey(),
    find: (id) => listed.find((key) => key.id === id) ?? (id === DEFAULT_KEY_ID ? defaultKey() : undefined),
  };
}
