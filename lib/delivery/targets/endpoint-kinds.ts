// Plain data, no imports: the dashboard's endpoint form offers these in the browser.

/** How an endpoint delivers: a signed JSON POST, a Slack or a Discord incoming-webhook message, or an email digest. */
export const ENDPOINT_KINDS = ['webhook', 'slack', 'discord', 'email'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

/** An email endpoint's address, deliberately plain: one @, no spaces, angle brackets, commas, semicolons or quotes, a dot in the domain. The mail server decides the rest. (A JSON Schema pattern too.) */
export const EMAIL_PATTERN = '^[^\\s@<>,;"]+@[^\\s@<>,;"]+\\.[^\\s@<>,;".]+$';

/** What each kind is called on screen. */
export const ENDPOINT_KIND_LABELS: Record<EndpointKind, string> = { webhook: 'Webhook', slack: 'Slack', discord: 'Discord', email: 'Email digest' };
