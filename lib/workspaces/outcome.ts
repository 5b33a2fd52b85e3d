/**
 * What a member or invitation action answers: its data, or a refusal with the HTTP status the
 * dashboard route sends (403 a role without the right, 404 no such member, 409 a rule, 429 too soon).
 */
export type Outcome<T = unknown> = ({ ok: true } & T) | { ok: false; status: number; error: string; errors?: Record<string, string> };

export function refuse(status: number, error: string, errors?: Record<string, string>): { ok: false; status: number; error: string; errors?: Record<string, string> } {
  return errors ? { ok: false, status, error, errors } : { ok: false, status, error };
}
