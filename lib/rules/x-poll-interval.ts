/** Seconds between polls of X's recent search a rule on X may ask for (interval_seconds). */
export const X_POLL_INTERVAL = { default: 60, min: 10, max: 86_400 } as const;
