import crypto from 'node:crypto';
import os from 'node:os';

const globalForInstance = globalThis as typeof globalThis & { perchInstanceId?: string };

/** This process's name on the leases it owns: host, pid and a random part (a restarted pid is a new instance). */
export function instanceId(): string {
  globalForInstance.perchInstanceId ??= `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  return globalForInstance.perchInstanceId;
}
