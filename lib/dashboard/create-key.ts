import { z } from 'zod';
import { budgetField } from '@/lib/budgets/budget-schema';
import { setKeyBudgets } from '@/lib/budgets/key-budgets';
import { getPrisma } from '@/lib/db/prisma';
import { issueKey } from '@/lib/keys/issue-key';
import { fieldErrors, type FieldErrors } from './field-errors';
import { utcDay } from './days';

/** More active keys than this is a sign of a leak or a script gone wrong, not of need. */
export const MAX_ACTIVE_KEYS = 50;
const MAX_EXPIRY_DAYS = 5 * 366;

/** A credit limit from a form: digits, or empty for none. */
export const optionalWholeNumber = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
  .pipe(
    z
      .string()
      .regex(/^[0-9]+$/, 'Enter a whole number of credits, or leave it empty for no limit')
      .transform(Number)
      .pipe(z.number().int().min(1, 'The limit must be at least 1 credit').max(1_000_000_000_000, 'That limit is too large'))
      .nullable(),
  );

// The form sends a calendar date; the key works through the end of that day (UTC).
export const optionalExpiry = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((value) => value?.trim() || null)
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && utcDay(new Date(`${day}T00:00:00Z`)) === day, 'Enter a real calendar date')
      .refine((day) => day >= utcDay(new Date()), 'The expiry date must be today or later')
      .refine((day) => Date.parse(`${day}T00:00:00Z`) < Date.now() + MAX_EXPIRY_DAYS * 86_400_000, 'Choose a date within 5 years')
      .transform((day) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 1))
      .nullable(),
  );

export const createKeyFormSchema = z.object({
  name: z.string({ error: 'Give the key a name' }).trim().min(1, 'Give the key a name').max(100, 'Use at most 100 characters'),
  scopes: z
    .array(z.enum(['read', 'write'], { error: 'Scopes are read and write' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope'),
  // Absent is as good as empty; the form always sends both.
  creditLimit: optionalWholeNumber.optional(),
  // Daily and monthly budgets (docs/budgets.md), in the workspace's time zone; empty for none.
  dailyBudget: budgetField.optional(),
  monthlyBudget: budgetField.optional(),
  expiresOn: optionalExpiry.optional(),
});

export type CreatedKey = { id: string; key: string; display: string; name: string };
export type CreateKeyResult = { ok: true; key: CreatedKey } | { ok: false; errors: FieldErrors };

/** Validates the create-key form and issues the key in workspace `userId`, made by person `createdBy`; the raw key is in the result only. */
export async function createKeyForUser(userId: string, input: unknown, createdBy?: string): Promise<CreateKeyResult> {
  const parsed = createKeyFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const active = await getPrisma().apiKey.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_ACTIVE_KEYS) return { ok: false, errors: { form: `You have ${MAX_ACTIVE_KEYS} active keys: revoke one before creating another` } };
  const { name, scopes, creditLimit, expiresOn, dailyBudget, monthlyBudget } = parsed.data;
  const issued = await issueKey({ userId, createdBy, name, scopes, creditLimit, expiresAt: expiresOn });
  // Set before the key is handed out: nobody can call with it yet.
  if (dailyBudget != null || monthlyBudget != null) await setKeyBudgets(userId, issued.id, { dailyBudget, monthlyBudget });
  return { ok: true, key: { ...issued, name } };
}
