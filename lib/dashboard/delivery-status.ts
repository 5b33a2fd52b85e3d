// Safe to import in client components (the Rules page's status filter): no database here.

export const DELIVERY_STATUSES = ['pending', 'awaiting_credits', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The status filter from a query string value: one of DELIVERY_STATUSES, or null for all. */
export function deliveryStatusOf(value: string | null | undefined): DeliveryStatus | null {
  return value && (DELIVERY_STATUSES as readonly string[]).includes(value) ? (value as DeliveryStatus) : null;
}

/** A failed attempt's error beyond its response code (a non-2xx answer is stored as "HTTP <code>"), or null. */
export function deliveryErrorBeyondCode(statusCode: number | null, error: string | null): string | null {
  return error && error !== `HTTP ${statusCode}` ? error : null;
}
