// The Perch /v2 client: fetch-based, no Node-only dependency, types from the server's schemas.
export { Perch } from './perch';
export type { PerchOptions } from './perch';
export type { RequestOptions } from './build-request';
export type { FetchLike } from './send-request';
export type { Method, PaginateMethod, PaginateOptions, Paginators, PerchMethods } from './perch-methods';
export type { PageLimits, Paginator } from './paginate';
export type { DataOf, InputOf, ItemOf, MetaOf, PerchResult, ResultMeta } from './operation-types';
export { ROUTES } from './routes';
export { verifyWebhookSignature } from './verify-webhook';
export type { VerifyWebhookInput } from './verify-webhook';
export type { WebhookEvent } from './webhook-event';
export type { EventStreamOptions, MatchEvent, StreamOptions } from './stream-matches';
export type { EventListQuery, EventPage, Events, StoredEvent } from './events';
export { EVENT_TYPES, PROFILE_FIELDS, isEventType } from './event-types';
export type {
  BalanceLowData,
  BudgetThresholdData,
  EventDataOf,
  EventType,
  EventUser,
  ExportEventData,
  FollowEventData,
  MonitorEventType,
  PerchEvent,
  ProfileAvailableData,
  ProfileField,
  ProfileUnavailableData,
  ProfileUpdatedData,
  RuleEventType,
} from './event-types';
export type { FollowsDefinition, ProfileDefinition, Rule, RuleDefinition, RuleOf, RuleResult, RuleType, Rules } from './rules';
export type { Exports } from './exports';
export type { DownloadOptions, ExportListQuery, ExportOperation, ExportProgress, ExportRequest, WaitOptions } from './exports';
export { typescriptSnippet } from './typescript-snippet';
export type { SnippetOptions } from './typescript-snippet';
export type { OperationId, PagedOperationId, Route } from './routes';
export {
  AuthenticationError,
  ConnectionError,
  ExportCancelledError,
  ExportEndedError,
  ExportFailedError,
  InsufficientCreditsError,
  KeyLimitReachedError,
  NotFoundError,
  PaymentRequiredError,
  PerchError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  TooManyFailedAuthenticationsError,
  ValidationError,
} from './errors';
export type { FieldProblem, PerchErrorCode } from './errors';
export type { Community, EmbeddedTweet, Entities, ErrorCode, ExportEstimate, ExportJob, Media, OperationTypes, Trend, Tweet, TweetViewer, User, UserSummary, UserViewer } from './generated/api-types';
