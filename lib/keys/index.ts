export { authenticateKey, type AuthenticateOptions } from './authenticate-key';
export { issueKey, issueKeyInputSchema, DEFAULT_RATE_LIMIT, type IssueKeyInput, type IssuedKey } from './issue-key';
export { revokeKey } from './revoke-key';
export { createKeyCache, sharedKeyCache, DEFAULT_KEY_CACHE_TTL_MS, type KeyCache, type KeyCacheOptions } from './key-cache';
export { createLastUsedTracker, sharedLastUsedTracker, type LastUsedTracker, type LastUsedOptions } from './last-used';
export {
  startKeyChangeListener,
  sharedKeyChangeListener,
  stopKeyChangeListener,
  isListeningForKeyChanges,
  KEY_CHANGE_CHANNEL,
  UNLISTENED_KEY_CACHE_TTL_MS,
  type KeyChangeListener,
} from './key-change-listener';
export { startKeyInvalidationSubscriber, stopKeyInvalidationSubscriber, publishKeyInvalidation, KEY_INVALIDATION_CHANNEL } from './key-invalidation';
export { keyPrefix, generateApiKey, isWellFormedKey, hashApiKey, keyDisplayParts, formatKeyDisplay, KEY_BODY_LENGTH } from './key-format';
export { parseBearerKey } from './parse-authorization';
export { stopKeyServices } from './stop-key-services';
export type { ApiKeyRecord, AuthFailureReason, AuthResult, KeyScope } from './types';
