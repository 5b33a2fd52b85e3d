import { z } from 'zod';
import { budgetField } from '@/lib/budgets/budget-schema';
import { getPool } from '@/lib/db/pool';
import { DEFAULT_RATE_LIMIT } from '@/lib/keys/issue-key';
import { MAX_MCP_CREDITS_SETTING } from '@/lib/keys/mcp-credit-cap';
import { optionalExpiry, optionalWholeNumber } from './create-key';
import { fieldErrors, type FieldErrors } from './field-errors';

// The most one MCP tool call may spend with this key: empty for the server's default.
export const mcpMaxCreditsField = z
  .union([z.string(), z.number(), z.null()], { error: 'Enter a whole number of credits, or leave it empty for the server default' })
  .transform((value) => (value === null || String(value).trim() === '' ? null : String(value).trim().replace(/[,_\s]/g, '')))
  .pipe(
    z
      .string()
      .regex(/^[0-9]+$/, 'Enter a whole number of credits, or leave it empty for the server default')
      .transform(Number)
      // Digits only by now: a whole number (.int() would first refuse one past 2^53 with its own message).
      .pipe(z.number().min(1, 'The cap must be at least 1 credit').max(MAX_MCP_CREDITS_SETTING, `At most ${MAX_MCP_CREDITS_SETTING.toLocaleString('en-US')} credits per tool call`))
      .nullable(),
  );

// Any subset of the settings; an absent field stays as it is, an empty limit or expiry removes it.
export const updateKeySchema = z
  .object({
    name: z.string({ error: 'Give the key a name' }).trim().min(1, 'Give the key a name').max(100, 'Use at most 100 characters'),
    scopes: z
      .array(z.enum(['read', 'write'], { error: 'Scopes are read and write' }), { error: 'Choose at least one scope' })
      .min(1, 'Choose at least one scope')
      .transform((scopes) => [...new Set(scopes)].sort()),
    creditLimit: optionalWholeNumber,
    expiresOn: optionalExpiry,
    rateLimit: z
      .union([z.string(), z.number()], { error: 'Enter a whole number of requests per second' })
      .transform((value) => String(value).trim())
      .pipe(z.string().regex(/^[0-9]+$/, 'Enter a whole number of requests per second').transform(Number))
      .pipe(z.number().int().min(1, 'The rate limit must be at least 1 request per second')),
    // Daily and monthly budgets (docs/budgets.md): empty removes one, 0 allows no paid calls.
    dailyBudget: budgetField,
    monthlyBudget: budgetField,
    mcpMaxCredits: mcpMaxCreditsField,
  })
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'Change at least one setting');

export type KeySettings = { name: string; scopes: string[]; creditLimit: number | null; expiresAt: string | null; rateLimit: number; dailyBudget: number | null; monthlyBudget: number | null; mcpMaxCredits: number | null };
export type UpdateKeyResult = { ok: true; key: KeySettings } | { ok: false; errors: FieldErrors } | { ok: false; notFound: true };

type KeyRow = { name: string; scopes: string[]; credit_limit: string | null; expires_at: Date | null; rate_limit: number; revoked_at: Date | null; daily_budget: string | null; monthly_budget: string | null; mcp_max_credits: string | null };

// Each column keeps its value unless its "given" flag is set; the api_keys trigger then tells
// every instance, so the change applies to the next call everywhere.
const UPDATE_SQL = `
  UPDATE api_keys SET
    name = CASE WHEN $3 THEN $4 ELSE name END,
    scopes = CASE WHEN $5 THEN $6::text[] ELSE scopes END,
    credit_limit = CASE WHEN $7 THEN $8::bigint ELSE credit_limit END,
    expires_at = CASE WHEN $9 THEN $10::timestamptz ELSE expires_at END,
    rate_limit = CASE WHEN $11 THEN $12::int ELSE rate_limit END,
    daily_budget = CASE WHEN $13 THEN $14::bigint ELSE daily_budget END,
    monthly_budget = CASE WHEN $15 THEN $16::bigint ELSE monthly_budget END,
    mcp_max_credits = CASE WHEN $17 THEN $18::bigint ELSE mcp_max_credits END
  WHERE id = $1 AND user_id = $2
  RETURNING name, scopes, credit_limit, expires_at, rate_limit, revoked_at, daily_budget, monthly_budget, mcp_max_credits`;

/**
 * Changes a key's name, scopes, spending limit, daily or monthly budget, expiry, rate limit or MCP
 * cap per tool call (docs/mcp.md). A revoked key can only be
 * renamed. The rate limit goes up to the contract's default (100/s) here, or to what an operator
 * set when that is higher: raising it further is the operator's call (admin CLI).
 */
export async function updateKey(userId: string, keyId: string, input: unknown): Promise<UpdateKeyResult> {
  const parsed = updateKeySchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const changes = parsed.data;
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<KeyRow>('SELECT name, scopes, credit_limit, expires_at, rate_limit, revoked_at, daily_budget, monthly_budget FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      keyId,
      userId,
    ]);
    const current = rows[0];
    if (!current) {
      await client.query('ROLLBACK');
      return { ok: false, notFound: true };
    }
    const errors: FieldErrors = {};
    const settingsChanged = Object.keys(changes).some((field) => field !== 'name');
    if (current.revoked_at && settingsChanged) errors.form = 'This key is revoked: only its name can change';
    const maxRate = Math.max(DEFAULT_RATE_LIMIT, current.rate_limit);
    if (changes.rateLimit !== undefined && changes.rateLimit > maxRate) errors.rateLimit = `At most ${maxRate} requests per second; ask an operator for more`;
    if (Object.keys(errors).length > 0) {
      await client.query('ROLLBACK');
      return { ok: false, errors };
    }
    const given = (field: keyof typeof changes) => field in changes;
    const updated = await client.query<KeyRow>(UPDATE_SQL, [
      keyId,
      userId,
      given('name'),
      changes.name ?? null,
      given('scopes'),
      changes.scopes ?? null,
      given('creditLimit'),
      changes.creditLimit ?? null,
      given('expiresOn'),
      changes.expiresOn ?? null,
      given('rateLimit'),
      changes.rateLimit ?? null,
      given('dailyBudget'),
      changes.dailyBudget ?? null,
      given('monthlyBudget'),
      changes.monthlyBudget ?? null,
      given('mcpMaxCredits'),
      changes.mcpMaxCredits ?? null,
    ]);
    await client.query('COMMIT');
    const row = updated.rows[0];
    return {
      ok: true,
      key: {
        name: row.name,
        scopes: row.scopes,
        creditLimit: row.credit_limit === null ? null : Number(row.credit_limit),
        expiresAt: row.expires_at?.toISOString() ?? null,
        rateLimit: row.rate_limit,
        dailyBudget: row.daily_budget === null ? null : Number(row.daily_budget),
        monthlyBudget: row.monthly_budget === null ? null : Number(row.monthly_budget),
        mcpMaxCredits: row.mcp_max_credits === null ? null : Number(row.mcp_max_credits),
      },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
