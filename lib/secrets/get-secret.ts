import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const cache = new Map<string, Buffer>();

/**
 * A 32-byte secret: from the environment variable when set (any string, hashed to 32
 * bytes), else generated once and kept in `<PERCH_DATA_DIR>/secrets/<name>.key` so that
 * sessions, cursors and encrypted tokens survive restarts. Several instances behind a
 * load balancer must share the variable.
 */
export function getSecret(name: string, envVar: string): Buffer {
  const cached = cache.get(name);
  if (cached) return cached;
  const fromEnv = process.env[envVar];
  let secret: Buffer;
  if (fromEnv) {
    secret = crypto.createHash('sha256').update(fromEnv).digest();
  } else {
    const file = path.resolve(process.env.PERCH_DATA_DIR ?? '.data', 'secrets', `${name}.key`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created it first; then read theirs.
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
  cache.set(name, secret);
  return secret;
}
