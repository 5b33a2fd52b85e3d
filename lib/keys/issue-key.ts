import { z } from 'zod';
import { getPool } from '@/lib/db/pool';
import { formatKeyDisplay, generateApiKey, hashApiKey, keyDisplayParts } from './key-format';
import { randomBase62 } from './random-base62';

/** The contract's default: 100 requests per second (burst 200). */
export const DEFAULT_RATE_LIMIT = 100;

/** What issueKey accepts; the dashboard validates forms with the same schema. */
export const issueKeyInputSchema = z
  .object({
    userId: z.string().min(1),
    /** The person issuing it (absent: the owner of a personal workspace, else nobody). */
    createdBy: z.string().min(1).nullish(),
    name: z.string().trim().min(1).max(100),
    scopes: z
      .array(z.enum(['read', 'write']))
      .min(1)
      .transform((scopes) => [...new Set(scopes)].sort()),
    creditLimit: z.int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
    rateLimit: z.int().min(1).max(100_000).optional(),
    expiresAt: z
      .date()
      .refine((date) => date.getTime() > Date.now(), 'expiresAt must be in the future')
      .nullish(),
  })
  .strict();

export type IssueKeyInput = z.input<typeof issueKeyInputSchema>;
export type IssuedKey = { id: string; key: string; display: string };

const INSERT_KEY_SQL = `
  INSERT INTO api_keys (id, user_id, name, key_hash, key_start, key_end, scopes, rate_limit, credit_limit, expires_at, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $10, coalesce($11, (SELECT created_by FROM workspaces WHERE id = $2 AND personal)))`;

/** Creates a key for a workspace (`userId`, the owner column); the full key is in the result and nowhere else, ever. */
export async function issueKey(input: IssueKeyInput): Promise<IssuedKey> {
  const { userId, createdBy, name, scopes, creditLimit, rateLimit, expiresAt } = issueKeyInputSchema.parse(input);
  const id = `key_${randomBase62(20)}`;
  const key = generateApiKey();
  const parts = keyDisplayParts(key);
  await getPool().query({
    name: 'perch_keys_insert',
    text: INSERT_KEY_SQL,
    values: [id, userId, name, hashApiKey(key), parts.keyStart, parts.keyEnd, scopes, rateLimit ?? DEFAULT_RATE_LIMIT, creditLimit ?? null, expiresAt ?? null, createdBy ?? null],
  });
  return { id, key, display: formatKeyDisplay(parts) };
}
