import { getSecret } from '@/lib/secrets/get-secret';

/**
 * The secret next-auth signs and encrypts session tokens with: NEXTAUTH_SECRET when set, else
 * one generated once into the data directory, so sessions survive a restart either way.
 */
export function authSecret(): string {
  return process.env.NEXTAUTH_SECRET || getSecret('nextauth', 'NEXTAUTH_SECRET').toString('base64');
}
