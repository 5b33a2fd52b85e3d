// What checkEndpointUrl (endpoint-url.ts) accepts in production, as a JSON Schema pattern for the
// OpenAPI document and the playground: https, a host name with a dot whose last label starts with
// a letter (a numeric one would be read as an IPv4 address) or a dotted IPv4 address, an optional
// port, no credentials; path, query and fragment in RFC 3986's characters (as format: uri wants
// them). Loopback, private and reserved hosts still pass it: only the server knows the deployment
// allows them (PERCH_WEBHOOK_ALLOW_PRIVATE), so they are refused there. Plain text, no imports:
// the playground's form checks values with it in the browser.

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?';
const PCHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";

/** A webhook endpoint URL the server takes in production (ECMAScript syntax, as JSON Schema patterns are). */
export const ENDPOINT_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]://(?:(?:[A-Za-z0-9-]+\\.)+[A-Za-z][A-Za-z0-9-]*|(?:${OCTET}\\.){3}${OCTET})${PORT}(?:/(?:${PCHAR}|/)*)?(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`;
