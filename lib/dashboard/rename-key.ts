import { z } from 'zod';
import { getPrisma } from '@/lib/db/prisma';
import { fieldErrors, type FieldErrors } from './field-errors';

export const renameKeySchema = z.object({
  name: z.string({ error: 'Give the key a name' }).trim().min(1, 'Give the key a name').max(100, 'Use at most 100 characters'),
});

export type RenameKeyResult = { ok: true; name: string } | { ok: false; errors: FieldErrors } | { ok: false; notFound: true };

/** Renames one of the account's keys; another account's key id is as good as none. */
export async function renameKey(userId: string, keyId: string, input: unknown): Promise<RenameKeyResult> {
  const parsed = renameKeySchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { count } = await getPrisma().apiKey.updateMany({ where: { id: keyId, userId }, data: { name: parsed.data.name } });
  if (count === 0) return { ok: false, notFound: true };
  return { ok: true, name: parsed.data.name };
}
