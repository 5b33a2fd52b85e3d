'use server';

import { changeCreditValue, changeOverride, changePrice, changeUpstreamCost, type ChangeResult } from '@/lib/admin/change-prices';
import { requireAdmin } from '@/lib/auth/require-user';

// The /admin/prices forms' server actions. Each is callable by anyone who can reach the
// endpoint, so each checks for a site admin itself (anyone else: 404, as the page). The rows
// name the admin who wrote them.

type Write = (input: Record<string, unknown>, by: string) => Promise<ChangeResult>;

async function asAdmin(write: Write, form: FormData): Promise<ChangeResult> {
  const admin = await requireAdmin();
  return write(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')), admin.email);
}

export async function setPriceAction(form: FormData): Promise<ChangeResult> {
  return asAdmin(changePrice, form);
}

export async function setUpstreamCostAction(form: FormData): Promise<ChangeResult> {
  return asAdmin(changeUpstreamCost, form);
}

export async function setCreditValueAction(form: FormData): Promise<ChangeResult> {
  return asAdmin(changeCreditValue, form);
}

/** Adds an override, or withdraws one (the field withdraw=true). */
export async function setOverrideAction(form: FormData): Promise<ChangeResult> {
  return asAdmin(changeOverride, form);
}
