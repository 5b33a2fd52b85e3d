// How long each credential lives. Codes travel through the browser's address bar, so they
// live a minute; access tokens are short so that a leaked one is soon useless; refresh tokens
// are long-lived but rotate on every use.
export const CODE_TTL_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PLATFORM_SESSION_TTL_SECONDS = 12 * 60 * 60;
