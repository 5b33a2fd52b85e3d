/** Fields of one page of a call that an export sets itself (it pages by itself, and stops at its own max_items / max_credits). */
export const EXPORT_PAGE_FIELDS: readonly string[] = ['count', 'cursor', 'max_credits'];
