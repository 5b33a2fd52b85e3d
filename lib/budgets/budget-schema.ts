import { z } from 'zod';
import { isTimeZone } from './time-zones';

/** The largest budget a form takes: far above any real spend, safely below 2^53. */
export const MAX_BUDGET = 1_000_000_000_000;

/** A budget field: a whole number of credits, or null/'' for none. 0 allows no paid calls at all. */
export const budgetField = z
  .union([z.number(), z.string(), z.null()])
  .transform((value, ctx) => {
    if (value === null) return null;
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/[,_\s]/g, '');
    if (text === '') return null;
    if (!/^\d+$/.test(text) || Number(text) > MAX_BUDGET) {
      ctx.addIssue({ code: 'custom', message: `Enter a whole number of credits up to ${MAX_BUDGET.toLocaleString('en-US')}, or leave it empty for no budget` });
      return z.NEVER;
    }
    return Number(text);
  });

/** A key's budgets, as the key dialogs send them. */
export const keyBudgetsSchema = z.object({ dailyBudget: budgetField.optional(), monthlyBudget: budgetField.optional() });

/** The workspace's budgets and their settings (Billing page). */
export const workspaceBudgetsSchema = z
  .object({
    dailyBudget: budgetField,
    monthlyBudget: budgetField,
    timeZone: z.string().refine(isTimeZone, 'Choose a time zone from the list'),
    alertPercents: z
      .array(z.number().int('Percentages are whole numbers').min(1, 'Percentages run from 1 to 100').max(100, 'Percentages run from 1 to 100'))
      .max(10, 'At most 10 alert percentages')
      .transform((percents) => [...new Set(percents)].sort((a, b) => a - b)),
  })
  .strict();

export type WorkspaceBudgetsInput = z.input<typeof workspaceBudgetsSchema>;
