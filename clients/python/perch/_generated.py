# Generated from the OpenAPI document by scripts/generate-clients.ts: do not edit.
# `npm run generate:clients` rewrites it; tests/unit/client-generated.test.ts checks it is current.
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Literal, NamedTuple, Optional, TypedDict, Union

if TYPE_CHECKING:
    from ._client import Perch, Response


class OperationInfo(NamedTuple):
    method: str
    path: str
    input: Optional[str]
    scope: str
    paged: bool


TweetInReplyTo = TypedDict(
    "TweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


Tweet = TypedDict(
    "Tweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[TweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "Optional[EmbeddedTweet]",
        "retweeted_tweet": "Optional[EmbeddedTweet]",
        "viewer": "Optional[TweetViewer]",
    },
)


UserSummary = TypedDict(
    "UserSummary",
    {
        "id": "str",
        "username": "str",
        "name": "Optional[str]",
        "profile_image_url": "Optional[str]",
        "is_blue_verified": "bool",
        "verified_type": "Literal[\"none\", \"blue\", \"business\", \"government\"]",
        "followers_count": "Optional[int]",
    },
)


EntitiesHashtags = TypedDict(
    "EntitiesHashtags",
    {
        "tag": "str",
        "start": "int",
        "end": "int",
    },
)


EntitiesMentions = TypedDict(
    "EntitiesMentions",
    {
        "id": "str",
        "username": "str",
        "start": "int",
        "end": "int",
    },
)


EntitiesUrls = TypedDict(
    "EntitiesUrls",
    {
        "url": "str",
        "expanded_url": "str",
        "display_url": "str",
        "start": "int",
        "end": "int",
    },
)


EntitiesCashtags = TypedDict(
    "EntitiesCashtags",
    {
        "tag": "str",
        "start": "int",
        "end": "int",
    },
)


Entities = TypedDict(
    "Entities",
    {
        "hashtags": "List[EntitiesHashtags]",
        "mentions": "List[EntitiesMentions]",
        "urls": "List[EntitiesUrls]",
        "cashtags": "List[EntitiesCashtags]",
    },
)


Media = TypedDict(
    "Media",
    {
        "type": "Literal[\"photo\", \"video\", \"animated_gif\"]",
        "url": "str",
        "preview_url": "Optional[str]",
        "width": "Optional[int]",
        "height": "Optional[int]",
        "duration_ms": "Optional[int]",
        "alt_text": "Optional[str]",
    },
)


EmbeddedTweetInReplyTo = TypedDict(
    "EmbeddedTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


EmbeddedTweet = TypedDict(
    "EmbeddedTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[EmbeddedTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "None",
        "retweeted_tweet": "None",
        "viewer": "Optional[TweetViewer]",
    },
)


TweetViewer = TypedDict(
    "TweetViewer",
    {
        "liked": "bool",
        "retweeted": "bool",
    },
)
"""Whether the caller’s connected account liked and retweeted this tweet"""


User = TypedDict(
    "User",
    {
        "id": "str",
        "username": "str",
        "name": "Optional[str]",
        "description": "Optional[str]",
        "location": "Optional[str]",
        "url": "Optional[str]",
        "profile_image_url": "Optional[str]",
        "profile_banner_url": "Optional[str]",
        "created_at": "Optional[str]",
        "followers_count": "Optional[int]",
        "following_count": "Optional[int]",
        "tweet_count": "Optional[int]",
        "like_count": "Optional[int]",
        "media_count": "Optional[int]",
        "listed_count": "Optional[int]",
        "verified": "bool",
        "is_blue_verified": "bool",
        "verified_type": "Literal[\"none\", \"blue\", \"business\", \"government\"]",
        "protected": "bool",
        "pinned_tweet_ids": "List[str]",
        "viewer": "Optional[UserViewer]",
    },
)


UserViewer = TypedDict(
    "UserViewer",
    {
        "following": "bool",
        "followed_by": "bool",
    },
)
"""Whether the caller’s connected account follows this user, and is followed by it"""


Community = TypedDict(
    "Community",
    {
        "id": "str",
        "name": "str",
        "description": "Optional[str]",
        "member_count": "int",
        "created_at": "str",
        "creator": "UserSummary",
        "rules": "List[str]",
    },
)


Trend = TypedDict(
    "Trend",
    {
        "rank": "int",
        "name": "str",
        "query": "str",
        "tweet_count": "Optional[int]",
    },
)


ExportJobEstimate = TypedDict(
    "ExportJobEstimate",
    {
        "items": "int",
        "credits": "int",
    },
)


ExportJobError = TypedDict(
    "ExportJobError",
    {
        "code": "str",
        "message": "str",
    },
)


ExportJob = TypedDict(
    "ExportJob",
    {
        "id": "str",
        "status": "Literal[\"queued\", \"running\", \"paused\", \"completed\", \"failed\", \"cancelled\"]",
        "operation": "Literal[\"searchTweets\", \"searchUsers\", \"getUserTweets\", \"getUserMentions\", \"getUserReplies\", \"getUserMedia\", \"getUserFollowers\", \"getUserFollowerIds\", \"getUserFollowing\", \"getUserVerifiedFollowers\", \"getTweetConversation\", \"getTweetQuotes\", \"getTweetRetweeters\", \"getTweetLikers\", \"getListTweets\", \"getListMembers\", \"getListSubscribers\", \"getCommunityTweets\", \"getCommunityMembers\"]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "params": "Dict[str, Any]",
        "format": "Literal[\"jsonl\", \"csv\"]",
        "items": "int",
        "credits_charged": "int",
        "estimate": "Optional[ExportJobEstimate]",
        "max_items": "Optional[int]",
        "max_credits": "Optional[int]",
        "unit_price": "int",
        "paused_reason": "Optional[Literal[\"insufficient_credits\", \"key_limit_reached\", \"key_budget_reached\", \"workspace_budget_reached\", \"rate_limited\", \"upstream_unavailable\"]]",
        "resume_at": "Optional[str]",
        "stop_reason": "Optional[Literal[\"exhausted\", \"max_items\", \"max_credits\"]]",
        "size_bytes": "int",
        "created_at": "str",
        "started_at": "Optional[str]",
        "finished_at": "Optional[str]",
        "expires_at": "Optional[str]",
        "error": "Optional[ExportJobError]",
    },
)


ExportEstimateAtMost = TypedDict(
    "ExportEstimateAtMost",
    {
        "items": "int",
        "credits": "int",
    },
)


ExportEstimate = TypedDict(
    "ExportEstimate",
    {
        "items": "Optional[int]",
        "credits": "Optional[int]",
        "basis": "Optional[str]",
        "at_most": "Optional[ExportEstimateAtMost]",
    },
)


UsageFigures = TypedDict(
    "UsageFigures",
    {
        "calls": "int",
        "items": "int",
        "credits": "int",
        "errors": "int",
        "avg_latency_ms": "Optional[int]",
    },
)


UsageGroup = TypedDict(
    "UsageGroup",
    {
        "day": "str",
        "operation": "str",
        "tag": "str",
        "key_id": "Optional[str]",
        "key_name": "Optional[str]",
        "platform": "str",
        "calls": "int",
        "items": "int",
        "credits": "int",
        "errors": "int",
        "avg_latency_ms": "Optional[int]",
    },
)


UsageEvent = TypedDict(
    "UsageEvent",
    {
        "request_id": "str",
        "created_at": "str",
        "operation": "str",
        "platform": "str",
        "status": "int",
        "items": "int",
        "credits": "int",
        "latency_ms": "int",
        "source": "Literal[\"api\", \"mcp\", \"playground\", \"explorer\", \"rules\", \"dashboard\", \"export\"]",
        "key_id": "Optional[str]",
        "key_name": "Optional[str]",
        "error_code": "Optional[str]",
        "error_message": "Optional[str]",
        "params": "Optional[Dict[str, Any]]",
    },
)


DeleteTweetResult = TypedDict(
    "DeleteTweetResult",
    {
        "id": "str",
        "deleted": "Literal[True]",
    },
)


GetTrendingResult = TypedDict(
    "GetTrendingResult",
    {
        "country": "str",
        "woeid": "int",
        "as_of": "str",
        "trends": "List[Trend]",
    },
)


CheckFollowResultSource = TypedDict(
    "CheckFollowResultSource",
    {
        "id": "str",
        "username": "str",
    },
)


CheckFollowResultTarget = TypedDict(
    "CheckFollowResultTarget",
    {
        "id": "str",
        "username": "str",
    },
)


CheckFollowResult = TypedDict(
    "CheckFollowResult",
    {
        "source": "CheckFollowResultSource",
        "target": "CheckFollowResultTarget",
        "following": "bool",
        "followed_by": "bool",
    },
)


CheckRetweetResultUser = TypedDict(
    "CheckRetweetResultUser",
    {
        "id": "str",
        "username": "str",
    },
)


CheckRetweetResult = TypedDict(
    "CheckRetweetResult",
    {
        "tweet_id": "str",
        "user": "CheckRetweetResultUser",
        "retweeted": "bool",
        "retweeted_at": "Optional[str]",
        "quoted": "bool",
        "quote_tweet_ids": "List[str]",
    },
)


CheckLikeResultUser = TypedDict(
    "CheckLikeResultUser",
    {
        "id": "str",
        "username": "str",
    },
)


CheckLikeResult = TypedDict(
    "CheckLikeResult",
    {
        "tweet_id": "str",
        "user": "CheckLikeResultUser",
        "liked": "bool",
        "liked_at": "Optional[str]",
    },
)


LikeTweetResult = TypedDict(
    "LikeTweetResult",
    {
        "tweet_id": "str",
        "liked": "Literal[True]",
    },
)


UnlikeTweetResult = TypedDict(
    "UnlikeTweetResult",
    {
        "tweet_id": "str",
        "liked": "Literal[False]",
    },
)


RetweetTweetResult = TypedDict(
    "RetweetTweetResult",
    {
        "tweet_id": "str",
        "retweeted": "Literal[True]",
        "retweet_id": "str",
    },
)


UnretweetTweetResult = TypedDict(
    "UnretweetTweetResult",
    {
        "tweet_id": "str",
        "retweeted": "Literal[False]",
    },
)


FollowUserResult = TypedDict(
    "FollowUserResult",
    {
        "username": "str",
        "following": "bool",
    },
)


UnfollowUserResult = TypedDict(
    "UnfollowUserResult",
    {
        "username": "str",
        "following": "bool",
    },
)


GetAccountResultWorkspace = TypedDict(
    "GetAccountResultWorkspace",
    {
        "id": "str",
        "slug": "str",
        "name": "str",
        "personal": "bool",
    },
)


GetAccountResultKey = TypedDict(
    "GetAccountResultKey",
    {
        "id": "str",
        "name": "str",
        "prefix": "str",
        "scopes": "List[str]",
        "rate_limit": "int",
        "credit_limit": "Optional[int]",
        "credits_spent": "int",
    },
)


GetAccountResultConnectedAccount = TypedDict(
    "GetAccountResultConnectedAccount",
    {
        "username": "str",
    },
)


GetAccountResultBudgetsWorkspaceDay = TypedDict(
    "GetAccountResultBudgetsWorkspaceDay",
    {
        "budget": "Optional[int]",
        "spent": "int",
        "resets_at": "str",
    },
)


GetAccountResultBudgetsWorkspaceMonth = TypedDict(
    "GetAccountResultBudgetsWorkspaceMonth",
    {
        "budget": "Optional[int]",
        "spent": "int",
        "resets_at": "str",
    },
)


GetAccountResultBudgetsWorkspace = TypedDict(
    "GetAccountResultBudgetsWorkspace",
    {
        "day": "GetAccountResultBudgetsWorkspaceDay",
        "month": "GetAccountResultBudgetsWorkspaceMonth",
    },
)


GetAccountResultBudgetsKeyDay = TypedDict(
    "GetAccountResultBudgetsKeyDay",
    {
        "budget": "Optional[int]",
        "spent": "int",
        "resets_at": "str",
    },
)


GetAccountResultBudgetsKeyMonth = TypedDict(
    "GetAccountResultBudgetsKeyMonth",
    {
        "budget": "Optional[int]",
        "spent": "int",
        "resets_at": "str",
    },
)


GetAccountResultBudgetsKey = TypedDict(
    "GetAccountResultBudgetsKey",
    {
        "day": "GetAccountResultBudgetsKeyDay",
        "month": "GetAccountResultBudgetsKeyMonth",
    },
)


GetAccountResultBudgets = TypedDict(
    "GetAccountResultBudgets",
    {
        "time_zone": "str",
        "workspace": "GetAccountResultBudgetsWorkspace",
        "key": "Optional[GetAccountResultBudgetsKey]",
    },
)


GetAccountResultPlatforms = TypedDict(
    "GetAccountResultPlatforms",
    {
        "default": "Literal[\"local\", \"bluesky\", \"x\"]",
        "available": "List[Literal[\"local\", \"bluesky\", \"x\"]]",
        "current": "Literal[\"local\", \"bluesky\", \"x\"]",
    },
)


GetAccountResult = TypedDict(
    "GetAccountResult",
    {
        "email": "str",
        "workspace": "GetAccountResultWorkspace",
        "balance": "int",
        "key": "Optional[GetAccountResultKey]",
        "connected_account": "Optional[GetAccountResultConnectedAccount]",
        "budgets": "GetAccountResultBudgets",
        "platforms": "GetAccountResultPlatforms",
    },
)


CreateRuleFollows = TypedDict(
    "CreateRuleFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


CreateRuleProfile = TypedDict(
    "CreateRuleProfile",
    {
        "usernames": "List[str]",
    },
)


CreateRuleResultFollows = TypedDict(
    "CreateRuleResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


CreateRuleResultProfile = TypedDict(
    "CreateRuleResultProfile",
    {
        "usernames": "List[str]",
    },
)


CreateRuleResult = TypedDict(
    "CreateRuleResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[CreateRuleResultFollows]",
        "profile": "Optional[CreateRuleResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


ListRulesResultFollows = TypedDict(
    "ListRulesResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


ListRulesResultProfile = TypedDict(
    "ListRulesResultProfile",
    {
        "usernames": "List[str]",
    },
)


ListRulesResult = TypedDict(
    "ListRulesResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[ListRulesResultFollows]",
        "profile": "Optional[ListRulesResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


ListRulesItemFollows = TypedDict(
    "ListRulesItemFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


ListRulesItemProfile = TypedDict(
    "ListRulesItemProfile",
    {
        "usernames": "List[str]",
    },
)


ListRulesItem = TypedDict(
    "ListRulesItem",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[ListRulesItemFollows]",
        "profile": "Optional[ListRulesItemProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


ValidateRuleFollows = TypedDict(
    "ValidateRuleFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


ValidateRuleProfile = TypedDict(
    "ValidateRuleProfile",
    {
        "usernames": "List[str]",
    },
)


ValidateRuleResult = TypedDict(
    "ValidateRuleResult",
    {
        "valid": "Literal[True]",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
    },
)


GetRuleResultFollows = TypedDict(
    "GetRuleResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


GetRuleResultProfile = TypedDict(
    "GetRuleResultProfile",
    {
        "usernames": "List[str]",
    },
)


GetRuleResult = TypedDict(
    "GetRuleResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[GetRuleResultFollows]",
        "profile": "Optional[GetRuleResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


UpdateRuleFollows = TypedDict(
    "UpdateRuleFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


UpdateRuleProfile = TypedDict(
    "UpdateRuleProfile",
    {
        "usernames": "List[str]",
    },
)


UpdateRuleResultFollows = TypedDict(
    "UpdateRuleResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


UpdateRuleResultProfile = TypedDict(
    "UpdateRuleResultProfile",
    {
        "usernames": "List[str]",
    },
)


UpdateRuleResult = TypedDict(
    "UpdateRuleResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[UpdateRuleResultFollows]",
        "profile": "Optional[UpdateRuleResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


DeleteRuleResult = TypedDict(
    "DeleteRuleResult",
    {
        "id": "str",
        "deleted": "Literal[True]",
    },
)


PauseRuleResultFollows = TypedDict(
    "PauseRuleResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


PauseRuleResultProfile = TypedDict(
    "PauseRuleResultProfile",
    {
        "usernames": "List[str]",
    },
)


PauseRuleResult = TypedDict(
    "PauseRuleResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[PauseRuleResultFollows]",
        "profile": "Optional[PauseRuleResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


ResumeRuleResultFollows = TypedDict(
    "ResumeRuleResultFollows",
    {
        "username": "str",
        "direction": "Literal[\"followers\", \"following\", \"both\"]",
    },
)


ResumeRuleResultProfile = TypedDict(
    "ResumeRuleResultProfile",
    {
        "usernames": "List[str]",
    },
)


ResumeRuleResult = TypedDict(
    "ResumeRuleResult",
    {
        "id": "str",
        "tag": "str",
        "type": "Literal[\"query\", \"accounts\", \"follows\", \"profile\"]",
        "query": "Optional[str]",
        "accounts": "List[str]",
        "follows": "Optional[ResumeRuleResultFollows]",
        "profile": "Optional[ResumeRuleResultProfile]",
        "platform": "Literal[\"local\", \"bluesky\", \"x\"]",
        "status": "Literal[\"active\", \"paused\"]",
        "paused_reason": "Optional[Literal[\"paused_by_user\", \"insufficient_credits\", \"key_limit_reached\"]]",
        "interval_seconds": "Optional[int]",
        "created_at": "str",
        "updated_at": "str",
    },
)


CreateWebhookResultCircuit = TypedDict(
    "CreateWebhookResultCircuit",
    {
        "state": "Literal[\"closed\", \"open\", \"half_open\"]",
        "consecutive_failures": "int",
        "open_until": "Optional[str]",
    },
)


CreateWebhookResult = TypedDict(
    "CreateWebhookResult",
    {
        "id": "str",
        "type": "Literal[\"webhook\", \"slack\", \"discord\", \"email\"]",
        "url": "str",
        "email": "Optional[str]",
        "digest_minutes": "Optional[int]",
        "events": "Optional[List[Literal[\"rule.match\", \"follow.added\", \"follow.removed\", \"profile.updated\", \"profile.unavailable\", \"profile.available\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]]]",
        "description": "str",
        "active": "bool",
        "created_at": "str",
        "previous_secret_expires_at": "Optional[str]",
        "circuit": "CreateWebhookResultCircuit",
        "secret": "str",
    },
)


ListWebhooksResultCircuit = TypedDict(
    "ListWebhooksResultCircuit",
    {
        "state": "Literal[\"closed\", \"open\", \"half_open\"]",
        "consecutive_failures": "int",
        "open_until": "Optional[str]",
    },
)


ListWebhooksResult = TypedDict(
    "ListWebhooksResult",
    {
        "id": "str",
        "type": "Literal[\"webhook\", \"slack\", \"discord\", \"email\"]",
        "url": "str",
        "email": "Optional[str]",
        "digest_minutes": "Optional[int]",
        "events": "Optional[List[Literal[\"rule.match\", \"follow.added\", \"follow.removed\", \"profile.updated\", \"profile.unavailable\", \"profile.available\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]]]",
        "description": "str",
        "active": "bool",
        "created_at": "str",
        "previous_secret_expires_at": "Optional[str]",
        "circuit": "ListWebhooksResultCircuit",
    },
)


RotateWebhookSecretResultCircuit = TypedDict(
    "RotateWebhookSecretResultCircuit",
    {
        "state": "Literal[\"closed\", \"open\", \"half_open\"]",
        "consecutive_failures": "int",
        "open_until": "Optional[str]",
    },
)


RotateWebhookSecretResult = TypedDict(
    "RotateWebhookSecretResult",
    {
        "id": "str",
        "type": "Literal[\"webhook\", \"slack\", \"discord\", \"email\"]",
        "url": "str",
        "email": "Optional[str]",
        "digest_minutes": "Optional[int]",
        "events": "Optional[List[Literal[\"rule.match\", \"follow.added\", \"follow.removed\", \"profile.updated\", \"profile.unavailable\", \"profile.available\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]]]",
        "description": "str",
        "active": "bool",
        "created_at": "str",
        "previous_secret_expires_at": "Optional[str]",
        "circuit": "RotateWebhookSecretResultCircuit",
        "secret": "str",
    },
)


TestWebhookResult = TypedDict(
    "TestWebhookResult",
    {
        "delivery_id": "str",
    },
)


ListWebhookDeliveriesResult = TypedDict(
    "ListWebhookDeliveriesResult",
    {
        "id": "str",
        "event": "Literal[\"rule.match\", \"test\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]",
        "match_id": "Optional[str]",
        "tweet_id": "Optional[str]",
        "status": "Literal[\"pending\", \"awaiting_credits\", \"delivered\", \"failed\"]",
        "attempts": "int",
        "last_status_code": "Optional[int]",
        "last_error": "Optional[str]",
        "last_latency_ms": "Optional[int]",
        "next_attempt_at": "Optional[str]",
        "created_at": "str",
        "delivered_at": "Optional[str]",
    },
)


ReplayWebhookDeliveryResult = TypedDict(
    "ReplayWebhookDeliveryResult",
    {
        "delivery_id": "str",
        "status": "Literal[\"pending\"]",
    },
)


DeleteWebhookResult = TypedDict(
    "DeleteWebhookResult",
    {
        "id": "str",
        "deleted": "Literal[True]",
    },
)


ListEventsResultRule = TypedDict(
    "ListEventsResultRule",
    {
        "id": "str",
        "tag": "str",
    },
)


ListEventsResultTweetInReplyTo = TypedDict(
    "ListEventsResultTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsResultTweetQuotedTweetInReplyTo = TypedDict(
    "ListEventsResultTweetQuotedTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsResultTweetQuotedTweet = TypedDict(
    "ListEventsResultTweetQuotedTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsResultTweetQuotedTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "None",
        "retweeted_tweet": "None",
    },
)


ListEventsResultTweetRetweetedTweetInReplyTo = TypedDict(
    "ListEventsResultTweetRetweetedTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsResultTweetRetweetedTweet = TypedDict(
    "ListEventsResultTweetRetweetedTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsResultTweetRetweetedTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "None",
        "retweeted_tweet": "None",
    },
)


ListEventsResultTweet = TypedDict(
    "ListEventsResultTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsResultTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "Optional[ListEventsResultTweetQuotedTweet]",
        "retweeted_tweet": "Optional[ListEventsResultTweetRetweetedTweet]",
    },
)


ListEventsResult = TypedDict(
    "ListEventsResult",
    {
        "id": "str",
        "type": "Literal[\"rule.match\", \"follow.added\", \"follow.removed\", \"profile.updated\", \"profile.unavailable\", \"profile.available\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]",
        "created_at": "str",
        "rule": "Optional[ListEventsResultRule]",
        "tweet": "Optional[ListEventsResultTweet]",
        "data": "Optional[Dict[str, Any]]",
    },
)


ListEventsItemRule = TypedDict(
    "ListEventsItemRule",
    {
        "id": "str",
        "tag": "str",
    },
)


ListEventsItemTweetInReplyTo = TypedDict(
    "ListEventsItemTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsItemTweetQuotedTweetInReplyTo = TypedDict(
    "ListEventsItemTweetQuotedTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsItemTweetQuotedTweet = TypedDict(
    "ListEventsItemTweetQuotedTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsItemTweetQuotedTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "None",
        "retweeted_tweet": "None",
    },
)


ListEventsItemTweetRetweetedTweetInReplyTo = TypedDict(
    "ListEventsItemTweetRetweetedTweetInReplyTo",
    {
        "tweet_id": "str",
        "user_id": "Optional[str]",
        "username": "Optional[str]",
    },
)


ListEventsItemTweetRetweetedTweet = TypedDict(
    "ListEventsItemTweetRetweetedTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsItemTweetRetweetedTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "None",
        "retweeted_tweet": "None",
    },
)


ListEventsItemTweet = TypedDict(
    "ListEventsItemTweet",
    {
        "id": "str",
        "url": "str",
        "text": "str",
        "created_at": "str",
        "lang": "Optional[str]",
        "author": "UserSummary",
        "author_id": "str",
        "conversation_id": "str",
        "in_reply_to": "Optional[ListEventsItemTweetInReplyTo]",
        "is_reply": "bool",
        "is_retweet": "bool",
        "is_quote": "bool",
        "like_count": "Optional[int]",
        "retweet_count": "Optional[int]",
        "reply_count": "Optional[int]",
        "quote_count": "Optional[int]",
        "bookmark_count": "Optional[int]",
        "view_count": "Optional[int]",
        "entities": "Entities",
        "media": "List[Media]",
        "possibly_sensitive": "bool",
        "community_id": "Optional[str]",
        "quoted_tweet": "Optional[ListEventsItemTweetQuotedTweet]",
        "retweeted_tweet": "Optional[ListEventsItemTweetRetweetedTweet]",
    },
)


ListEventsItem = TypedDict(
    "ListEventsItem",
    {
        "id": "str",
        "type": "Literal[\"rule.match\", \"follow.added\", \"follow.removed\", \"profile.updated\", \"profile.unavailable\", \"profile.available\", \"account.balance_low\", \"budget.threshold\", \"export.completed\", \"export.failed\"]",
        "created_at": "str",
        "rule": "Optional[ListEventsItemRule]",
        "tweet": "Optional[ListEventsItemTweet]",
        "data": "Optional[Dict[str, Any]]",
    },
)


DeleteExportResult = TypedDict(
    "DeleteExportResult",
    {
        "id": "str",
        "deleted": "Literal[True]",
    },
)


GetUsageResult = TypedDict(
    "GetUsageResult",
    {
        "from": "str",
        "to": "str",
        "group_by": "Literal[\"day\", \"operation\", \"key\", \"platform\"]",
        "time_zone": "Literal[\"UTC\"]",
        "totals": "UsageFigures",
        "groups": "List[UsageGroup]",
    },
)


OPERATIONS: Dict[str, OperationInfo] = {
    "searchTweets": OperationInfo("POST", "/v2/search", "body", "read", True),
    "searchUsers": OperationInfo("POST", "/v2/search/users", "body", "read", True),
    "getUser": OperationInfo("GET", "/v2/users/{username}", "query", "read", False),
    "getUserTweets": OperationInfo("GET", "/v2/users/{username}/tweets", "query", "read", True),
    "getUserMentions": OperationInfo("GET", "/v2/users/{username}/mentions", "query", "read", True),
    "getUserReplies": OperationInfo("GET", "/v2/users/{username}/replies", "query", "read", True),
    "getUserMedia": OperationInfo("GET", "/v2/users/{username}/media", "query", "read", True),
    "getUserFollowers": OperationInfo("GET", "/v2/users/{username}/followers", "query", "read", True),
    "getUserFollowerIds": OperationInfo("GET", "/v2/users/{username}/followers-ids", "query", "read", True),
    "getUserFollowing": OperationInfo("GET", "/v2/users/{username}/following", "query", "read", True),
    "getUserVerifiedFollowers": OperationInfo("GET", "/v2/users/{username}/verified-followers", "query", "read", True),
    "getUsersBatch": OperationInfo("POST", "/v2/users/batch", "body", "read", False),
    "getTweet": OperationInfo("GET", "/v2/tweets/{tweetId}", "query", "read", False),
    "deleteTweet": OperationInfo("DELETE", "/v2/tweets/{tweetId}", "query", "write", False),
    "getTweetConversation": OperationInfo("GET", "/v2/tweets/{tweetId}/conversation", "query", "read", True),
    "getTweetQuotes": OperationInfo("GET", "/v2/tweets/{tweetId}/quotes", "query", "read", True),
    "getTweetsBatch": OperationInfo("POST", "/v2/tweets/batch", "body", "read", False),
    "getTweetRetweeters": OperationInfo("GET", "/v2/tweets/{tweetId}/retweeters", "query", "read", True),
    "getTweetLikers": OperationInfo("GET", "/v2/tweets/{tweetId}/likers", "query", "read", True),
    "getListTweets": OperationInfo("GET", "/v2/lists/{listId}/tweets", "query", "read", True),
    "getListMembers": OperationInfo("GET", "/v2/lists/{listId}/members", "query", "read", True),
    "getListSubscribers": OperationInfo("GET", "/v2/lists/{listId}/subscribers", "query", "read", True),
    "getCommunity": OperationInfo("GET", "/v2/communities/{communityId}", "query", "read", False),
    "getCommunityTweets": OperationInfo("GET", "/v2/communities/{communityId}/tweets", "query", "read", True),
    "getCommunityMembers": OperationInfo("GET", "/v2/communities/{communityId}/members", "query", "read", True),
    "getTrending": OperationInfo("GET", "/v2/trending", "query", "read", False),
    "checkFollow": OperationInfo("GET", "/v2/users/check-follow", "query", "read", False),
    "checkRetweet": OperationInfo("GET", "/v2/tweets/{tweetId}/check-retweet", "query", "read", False),
    "checkLike": OperationInfo("GET", "/v2/tweets/{tweetId}/check-like", "query", "read", False),
    "createTweet": OperationInfo("POST", "/v2/tweets/create", "body", "write", False),
    "replyToTweet": OperationInfo("POST", "/v2/tweets/reply", "body", "write", False),
    "quoteTweet": OperationInfo("POST", "/v2/tweets/quote", "body", "write", False),
    "likeTweet": OperationInfo("POST", "/v2/tweets/{tweetId}/like", "query", "write", False),
    "unlikeTweet": OperationInfo("DELETE", "/v2/tweets/{tweetId}/like", "query", "write", False),
    "retweetTweet": OperationInfo("POST", "/v2/tweets/{tweetId}/retweet", "query", "write", False),
    "unretweetTweet": OperationInfo("DELETE", "/v2/tweets/{tweetId}/retweet", "query", "write", False),
    "followUser": OperationInfo("POST", "/v2/users/{username}/follow", "query", "write", False),
    "unfollowUser": OperationInfo("DELETE", "/v2/users/{username}/follow", "query", "write", False),
    "getAccount": OperationInfo("GET", "/v2/account", None, "read", False),
    "createRule": OperationInfo("POST", "/v2/rules", "body", "read", False),
    "listRules": OperationInfo("GET", "/v2/rules", "query", "read", True),
    "validateRule": OperationInfo("POST", "/v2/rules/validate", "body", "read", False),
    "getRule": OperationInfo("GET", "/v2/rules/{ruleId}", None, "read", False),
    "updateRule": OperationInfo("POST", "/v2/rules/{ruleId}", "body", "read", False),
    "deleteRule": OperationInfo("DELETE", "/v2/rules/{ruleId}", None, "read", False),
    "pauseRule": OperationInfo("POST", "/v2/rules/{ruleId}/pause", None, "read", False),
    "resumeRule": OperationInfo("POST", "/v2/rules/{ruleId}/resume", None, "read", False),
    "createWebhook": OperationInfo("POST", "/v2/webhooks", "body", "read", False),
    "listWebhooks": OperationInfo("GET", "/v2/webhooks", None, "read", False),
    "rotateWebhookSecret": OperationInfo("POST", "/v2/webhooks/{webhookId}/rotate-secret", "body", "read", False),
    "testWebhook": OperationInfo("POST", "/v2/webhooks/{webhookId}/test", None, "read", False),
    "listWebhookDeliveries": OperationInfo("GET", "/v2/webhooks/{webhookId}/deliveries", "query", "read", False),
    "replayWebhookDelivery": OperationInfo("POST", "/v2/webhooks/deliveries/{deliveryId}/replay", None, "read", False),
    "deleteWebhook": OperationInfo("DELETE", "/v2/webhooks/{webhookId}", None, "read", False),
    "listEvents": OperationInfo("GET", "/v2/events", "query", "read", True),
    "createExport": OperationInfo("POST", "/v2/exports", "body", "read", False),
    "listExports": OperationInfo("GET", "/v2/exports", "query", "read", True),
    "estimateExport": OperationInfo("POST", "/v2/exports/estimate", "body", "read", False),
    "getExport": OperationInfo("GET", "/v2/exports/{exportId}", None, "read", False),
    "deleteExport": OperationInfo("DELETE", "/v2/exports/{exportId}", None, "read", False),
    "cancelExport": OperationInfo("POST", "/v2/exports/{exportId}/cancel", None, "read", False),
    "getUsage": OperationInfo("GET", "/v2/usage", "query", "read", False),
    "listUsageEvents": OperationInfo("GET", "/v2/usage/events", "query", "read", True),
}


class Operations:
    """One method per /v2 operation; Perch inherits them."""

    def _call(self, operation_id: str, path: Dict[str, Any], inputs: Dict[str, Any], *, timeout: Optional[float] = None, idempotency_key: Optional[str] = None) -> Any:
        raise NotImplementedError

    def search_tweets(
        self,
        *,
        query: str,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        lang: Optional[str] = None,
        min_likes: Optional[int] = None,
        min_retweets: Optional[int] = None,
        include_replies: Optional[bool] = None,
        include_retweets: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Full-text tweet search with operators

        The query is web-search syntax ("exact phrase", -exclude, OR) plus the operators from:user, to:user, #tag, @user, lang:xx, since:YYYY-MM-DD and until:YYYY-MM-DD. Retweets are left out unless include_retweets is true.

        15 credits per tweet returned."""
        return self._call("searchTweets", {}, {"query": query, "count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort, "lang": lang, "min_likes": min_likes, "min_retweets": min_retweets, "include_replies": include_replies, "include_retweets": include_retweets}, timeout=timeout)

    def search_users(
        self,
        *,
        query: str,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """User search over name, bio and username

        Sort `default` is relevance: exact username first, then username prefix, then the rest.

        18 credits per profile returned."""
        return self._call("searchUsers", {}, {"query": query, "count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user(
        self,
        username: str,
        *,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[User]:
        """A user profile by username (case-insensitive, a leading @ is dropped)

        18 credits per profile returned."""
        return self._call("getUser", {"username": username}, {"max_credits": max_credits}, timeout=timeout)

    def get_user_tweets(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """A user's own tweets and retweets, without replies

        15 credits per tweet returned."""
        return self._call("getUserTweets", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_mentions(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Tweets mentioning the user

        15 credits per tweet returned."""
        return self._call("getUserMentions", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_replies(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """A user's tweets and replies

        15 credits per tweet returned."""
        return self._call("getUserReplies", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_media(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """A user's tweets with media

        15 credits per tweet returned."""
        return self._call("getUserMedia", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_followers(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """A user's followers

        Sort `default` is the newest relationship first; `followers` most followers first; `name` A→Z, case-insensitive.

        1 credits per follower returned."""
        return self._call("getUserFollowers", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_follower_ids(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[str]]:
        """A user's follower ids, newest follow first

        1 credits per id returned."""
        return self._call("getUserFollowerIds", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits}, timeout=timeout)

    def get_user_following(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """The accounts a user follows

        Sort `default` is the newest relationship first; `followers` most followers first; `name` A→Z, case-insensitive.

        1 credits per follower returned."""
        return self._call("getUserFollowing", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_user_verified_followers(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """A user's blue-verified followers

        Sort `default` is the newest relationship first; `followers` most followers first; `name` A→Z, case-insensitive.

        1 credits per follower returned."""
        return self._call("getUserVerifiedFollowers", {"username": username}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_users_batch(
        self,
        *,
        usernames: List[str],
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """Up to 100 profiles by username

        Found users come back in request order, each once; `meta.not_found` lists the usernames that matched nobody. max_credits must cover every requested username.

        18 credits per profile returned."""
        return self._call("getUsersBatch", {}, {"usernames": usernames, "max_credits": max_credits}, timeout=timeout)

    def get_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[Tweet]:
        """A tweet by id

        15 credits per tweet returned."""
        return self._call("getTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout)

    def delete_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[DeleteTweetResult]:
        """Delete one of your tweets

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Deleting another account’s tweet is 403 forbidden. Takes no body: max_credits goes in the query string.

        100 credits per call."""
        return self._call("deleteTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def get_tweet_conversation(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Replies in the tweet’s thread

        Every reply in the conversation the tweet belongs to (all tweets sharing its conversation_id except the thread’s root).

        15 credits per tweet returned."""
        return self._call("getTweetConversation", {"tweetId": tweet_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_tweet_quotes(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Tweets quoting the tweet

        Quote tweets of this tweet.

        15 credits per tweet returned."""
        return self._call("getTweetQuotes", {"tweetId": tweet_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_tweets_batch(
        self,
        *,
        ids: List[str],
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Up to 100 tweets by id

        Found tweets come back in request order, each once; `meta.not_found` lists the ids that matched nothing. Each entry of `ids` is a tweet id or a tweet URL (…/status/<id>), which counts as its id (also in `not_found`). max_credits must cover every requested id.

        15 credits per tweet returned."""
        return self._call("getTweetsBatch", {}, {"ids": ids, "max_credits": max_credits}, timeout=timeout)

    def get_tweet_retweeters(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """Users who retweeted the tweet

        Sort `default` is the newest first.

        1 credits per follower returned."""
        return self._call("getTweetRetweeters", {"tweetId": tweet_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_tweet_likers(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """Users who liked the tweet

        Sort `default` is the newest first.

        1 credits per follower returned."""
        return self._call("getTweetLikers", {"tweetId": tweet_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_list_tweets(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Tweets by the list’s members

        15 credits per tweet returned."""
        return self._call("getListTweets", {"listId": list_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_list_members(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """The list’s members

        Sort `default` is the newest first.

        1 credits per member returned."""
        return self._call("getListMembers", {"listId": list_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_list_subscribers(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """The list’s subscribers

        Sort `default` is the newest first.

        1 credits per member returned."""
        return self._call("getListSubscribers", {"listId": list_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_community(
        self,
        community_id: str,
        *,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[Community]:
        """A community: name, description, members, creator, rules

        18 credits per profile returned."""
        return self._call("getCommunity", {"communityId": community_id}, {"max_credits": max_credits}, timeout=timeout)

    def get_community_tweets(
        self,
        community_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[Tweet]]:
        """Tweets posted in the community

        15 credits per tweet returned."""
        return self._call("getCommunityTweets", {"communityId": community_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_community_members(
        self,
        community_id: str,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[User]]:
        """The community’s members

        Sort `default` is the newest member first.

        1 credits per member returned."""
        return self._call("getCommunityMembers", {"communityId": community_id}, {"count": count, "cursor": cursor, "max_credits": max_credits, "sort": sort}, timeout=timeout)

    def get_trending(
        self,
        *,
        country: Optional[Literal["Worldwide", "WW", "United States", "US", "United Kingdom", "GB", "Canada", "CA", "Australia", "AU", "New Zealand", "NZ", "Ireland", "IE", "India", "IN", "Pakistan", "PK", "Nigeria", "NG", "Kenya", "KE", "Ghana", "GH", "South Africa", "ZA", "Singapore", "SG", "Philippines", "PH", "Malaysia", "MY", "Indonesia", "ID", "Thailand", "TH", "Vietnam", "VN", "Japan", "JP", "Korea", "KR", "Spain", "ES", "Mexico", "MX", "Argentina", "AR", "Colombia", "CO", "Chile", "CL", "Peru", "PE", "Venezuela", "VE", "Ecuador", "EC", "Dominican Republic", "DO", "Guatemala", "GT", "Panama", "PA", "Puerto Rico", "PR", "Brazil", "BR", "Portugal", "PT", "France", "FR", "Belgium", "BE", "Switzerland", "CH", "Germany", "DE", "Austria", "AT", "Netherlands", "NL", "Italy", "IT", "Greece", "GR", "Turkey", "TR", "Russia", "RU", "Ukraine", "UA", "Belarus", "BY", "Poland", "PL", "Latvia", "LV", "Sweden", "SE", "Norway", "NO", "Denmark", "DK", "Finland", "FI", "Czech Republic", "CZ", "Israel", "IL", "Saudi Arabia", "SA", "United Arab Emirates", "AE", "Egypt", "EG", "Kuwait", "KW", "Qatar", "QA", "Oman", "OM", "Bahrain", "BH", "Lebanon", "LB", "Jordan", "JO", "Algeria", "DZ"]] = None,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[GetTrendingResult]:
        """Trending hashtags for a country or Worldwide

        Hashtag volume over the last 24 hours up to the newest tweet. country is one of: Worldwide (WW), United States (US), United Kingdom (GB), Canada (CA), Australia (AU), New Zealand (NZ), Ireland (IE), India (IN), Pakistan (PK), Nigeria (NG), Kenya (KE), Ghana (GH), South Africa (ZA), Singapore (SG), Philippines (PH), Malaysia (MY), Indonesia (ID), Thailand (TH), Vietnam (VN), Japan (JP), Korea (KR), Spain (ES), Mexico (MX), Argentina (AR), Colombia (CO), Chile (CL), Peru (PE), Venezuela (VE), Ecuador (EC), Dominican Republic (DO), Guatemala (GT), Panama (PA), Puerto Rico (PR), Brazil (BR), Portugal (PT), France (FR), Belgium (BE), Switzerland (CH), Germany (DE), Austria (AT), Netherlands (NL), Italy (IT), Greece (GR), Turkey (TR), Russia (RU), Ukraine (UA), Belarus (BY), Poland (PL), Latvia (LV), Sweden (SE), Norway (NO), Denmark (DK), Finland (FI), Czech Republic (CZ), Israel (IL), Saudi Arabia (SA), United Arab Emirates (AE), Egypt (EG), Kuwait (KW), Qatar (QA), Oman (OM), Bahrain (BH), Lebanon (LB), Jordan (JO), Algeria (DZ); names and codes are case-insensitive.

        100 credits per call."""
        return self._call("getTrending", {}, {"country": country, "count": count, "max_credits": max_credits}, timeout=timeout)

    def check_follow(
        self,
        *,
        target: str,
        source: Optional[str] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[CheckFollowResult]:
        """Whether source follows target, and target follows source

        `source` defaults to the caller’s connected platform account; without one it is required (400 naming `source`). Unknown usernames are 404.

        50 credits per call."""
        return self._call("checkFollow", {}, {"source": source, "target": target, "max_credits": max_credits}, timeout=timeout)

    def check_retweet(
        self,
        tweet_id: str,
        *,
        username: Optional[str] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[CheckRetweetResult]:
        """Whether a user retweeted or quoted the tweet

        `username` defaults to the caller’s connected platform account; without one it is required (400 naming `username`). An unknown tweet or username is 404.

        50 credits per call."""
        return self._call("checkRetweet", {"tweetId": tweet_id}, {"username": username, "max_credits": max_credits}, timeout=timeout)

    def check_like(
        self,
        tweet_id: str,
        *,
        username: Optional[str] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[CheckLikeResult]:
        """Whether a user liked the tweet

        `username` defaults to the caller’s connected platform account; without one it is required (400 naming `username`). An unknown tweet or username is 404.

        50 credits per call."""
        return self._call("checkLike", {"tweetId": tweet_id}, {"username": username, "max_credits": max_credits}, timeout=timeout)

    def create_tweet(
        self,
        *,
        text: str,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[Tweet]:
        """Post a tweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). The new tweet’s `lang` is detected from its text with eld (links, mentions and tags left out): an ISO 639-1 code such as en or ja; texts too short to tell get null.

        100 credits per call."""
        return self._call("createTweet", {}, {"text": text, "max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def reply_to_tweet(
        self,
        *,
        tweet_id: str,
        text: str,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[Tweet]:
        """Reply to a tweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). tweet_id takes an id or a tweet URL. The new tweet’s `lang` is detected from its text with eld (links, mentions and tags left out): an ISO 639-1 code such as en or ja; texts too short to tell get null.

        100 credits per call."""
        return self._call("replyToTweet", {}, {"tweet_id": tweet_id, "text": text, "max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def quote_tweet(
        self,
        *,
        quoted_tweet_id: str,
        text: str,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[Tweet]:
        """Quote a tweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). quoted_tweet_id takes an id or a tweet URL. The new tweet’s `lang` is detected from its text with eld (links, mentions and tags left out): an ISO 639-1 code such as en or ja; texts too short to tell get null.

        100 credits per call."""
        return self._call("quoteTweet", {}, {"quoted_tweet_id": quoted_tweet_id, "text": text, "max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def like_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[LikeTweetResult]:
        """Like a tweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened.

        100 credits per call."""
        return self._call("likeTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def unlike_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[UnlikeTweetResult]:
        """Undo a like

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened. Takes no body: max_credits goes in the query string.

        100 credits per call."""
        return self._call("unlikeTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def retweet_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[RetweetTweetResult]:
        """Retweet a tweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened.

        100 credits per call."""
        return self._call("retweetTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def unretweet_tweet(
        self,
        tweet_id: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[UnretweetTweetResult]:
        """Undo a retweet

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened. Takes no body: max_credits goes in the query string.

        100 credits per call."""
        return self._call("unretweetTweet", {"tweetId": tweet_id}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def follow_user(
        self,
        username: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[FollowUserResult]:
        """Follow a user

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened. Following yourself is 400.

        100 credits per call."""
        return self._call("followUser", {"username": username}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def unfollow_user(
        self,
        username: str,
        *,
        max_credits: Optional[int] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[UnfollowUserResult]:
        """Unfollow a user

        Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours). Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened. Following yourself is 400. Takes no body: max_credits goes in the query string.

        100 credits per call."""
        return self._call("unfollowUser", {"username": username}, {"max_credits": max_credits}, timeout=timeout, idempotency_key=idempotency_key)

    def get_account(
        self,
        *,
        timeout: Optional[float] = None,
    ) -> Response[GetAccountResult]:
        """Your account: balance, this key, the connected platform account

        Free."""
        return self._call("getAccount", {}, {}, timeout=timeout)

    def create_rule(
        self,
        *,
        tag: str,
        query: Optional[str] = None,
        accounts: Optional[List[str]] = None,
        follows: Optional[CreateRuleFollows] = None,
        profile: Optional[CreateRuleProfile] = None,
        interval_seconds: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[CreateRuleResult]:
        """Create a filter rule, account rule, follows monitor or profile monitor

        Rules belong to the key that created them: its matches are delivered to the account’s webhook endpoints and to GET /v2/stream of that key. Managing rules is free; each delivered match costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform, charged once, on its first successful delivery. A rule watches the platform that served the request creating it (Perch-Platform header or the default): on Bluesky, the posts of the network’s event stream; on X, X’s recent search polled every interval_seconds (default 60), slowed evenly for every rule when the deployment’s X search budget (PERCH_X_SEARCH_BUDGET_PER_15_MIN) would be exceeded. Monitors: a follows monitor sends follow.added and follow.removed, each costing what one follower item of getUserFollowers costs; a profile monitor sends profile.updated, profile.unavailable and profile.available, each costing what one getUser costs; each event is charged once, on its first delivery, and monitors pause for credits as rules do. The embedded platform and Bluesky push account changes as they happen; on X the monitored follower lists (ids) and profiles are polled every interval_seconds and compared with the previous poll (the first poll records a baseline and sends nothing), each poll charged what its X reads cost in the price list. Give a tag and exactly one of query (1..512 characters), accounts (1..100 usernames), follows ({username, direction}) and profile ({usernames}: 1..100). A key holds at most 1000 rules of all types together (PERCH_RULES_PER_KEY).

        Free."""
        return self._call("createRule", {}, {"tag": tag, "query": query, "accounts": accounts, "follows": follows, "profile": profile, "interval_seconds": interval_seconds}, timeout=timeout)

    def list_rules(
        self,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[ListRulesResult]]:
        """List this key’s rules

        Rules belong to the key that created them: its matches are delivered to the account’s webhook endpoints and to GET /v2/stream of that key. Managing rules is free; each delivered match costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform, charged once, on its first successful delivery. A rule watches the platform that served the request creating it (Perch-Platform header or the default): on Bluesky, the posts of the network’s event stream; on X, X’s recent search polled every interval_seconds (default 60), slowed evenly for every rule when the deployment’s X search budget (PERCH_X_SEARCH_BUDGET_PER_15_MIN) would be exceeded. Oldest first; page with count and cursor.

        Free."""
        return self._call("listRules", {}, {"count": count, "cursor": cursor, "max_credits": max_credits}, timeout=timeout)

    def validate_rule(
        self,
        *,
        tag: str,
        query: Optional[str] = None,
        accounts: Optional[List[str]] = None,
        follows: Optional[ValidateRuleFollows] = None,
        profile: Optional[ValidateRuleProfile] = None,
        interval_seconds: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[ValidateRuleResult]:
        """Check a rule without saving it

        Answers 200 with valid: true, or the same 400 createRule would give.

        Free."""
        return self._call("validateRule", {}, {"tag": tag, "query": query, "accounts": accounts, "follows": follows, "profile": profile, "interval_seconds": interval_seconds}, timeout=timeout)

    def get_rule(
        self,
        rule_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[GetRuleResult]:
        """Get one rule

        Free."""
        return self._call("getRule", {"ruleId": rule_id}, {}, timeout=timeout)

    def update_rule(
        self,
        rule_id: str,
        *,
        tag: str,
        query: Optional[str] = None,
        accounts: Optional[List[str]] = None,
        follows: Optional[UpdateRuleFollows] = None,
        profile: Optional[UpdateRuleProfile] = None,
        interval_seconds: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[UpdateRuleResult]:
        """Replace a rule’s tag and definition

        Takes the same body as createRule; the rule keeps its id, status and matches.

        Free."""
        return self._call("updateRule", {"ruleId": rule_id}, {"tag": tag, "query": query, "accounts": accounts, "follows": follows, "profile": profile, "interval_seconds": interval_seconds}, timeout=timeout)

    def delete_rule(
        self,
        rule_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[DeleteRuleResult]:
        """Delete a rule and its matches

        Free."""
        return self._call("deleteRule", {"ruleId": rule_id}, {}, timeout=timeout)

    def pause_rule(
        self,
        rule_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[PauseRuleResult]:
        """Pause a rule

        A paused rule matches nothing until resumed.

        Free."""
        return self._call("pauseRule", {"ruleId": rule_id}, {}, timeout=timeout)

    def resume_rule(
        self,
        rule_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[ResumeRuleResult]:
        """Resume a rule

        Resumes a paused rule, whatever paused it; with too few credits it pauses again at its next delivery.

        Free."""
        return self._call("resumeRule", {"ruleId": rule_id}, {}, timeout=timeout)

    def create_webhook(
        self,
        *,
        type: Optional[Literal["webhook", "slack", "discord", "email"]] = None,
        url: Optional[str] = None,
        email: Optional[str] = None,
        digest_minutes: Optional[int] = None,
        events: Optional[List[Literal["rule.match", "follow.added", "follow.removed", "profile.updated", "profile.unavailable", "profile.available", "account.balance_low", "budget.threshold", "export.completed", "export.failed"]]] = None,
        description: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[CreateWebhookResult]:
        """Register an endpoint (webhook, Slack, Discord or email) for your account’s events

        type says how the endpoint delivers; every type has the same delivery log, retries, circuit breaker, test event and replay. webhook (default): the signed JSON POST described below. slack: a Slack incoming-webhook URL (https://hooks.slack.com/services/…); each event is a message {text, blocks} in mrkdwn: a readable line with links to the tweet and the profiles, never raw JSON. discord: a Discord webhook URL (https://discord.com/api/webhooks/… or discordapp.com); each event is {content, embeds} in Discord markdown, mentions off. Slack and Discord messages are not signed (the URL is the secret) and carry Perch-Delivery-Id and Perch-Event; other hosts are refused for them unless the deployment sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development). email: a digest mailed to email (url is mailto:<email>), at most one per digest_minutes (0 to 1440, default 15; 0: as soon as events are due): the first event after a quiet period is mailed at once, the ones that come while the window is closed wait for its end and go together, oldest first, up to 200 a mail; the deliveries a mail covers are marked delivered when the mail is queued (at least once: a crash in between can send a mail twice). A test event is mailed alone at once. events routes events to the endpoint: null (default) sends every event; a list sends only those (test events are always sent). Event names: rule.match, follow.added, follow.removed, profile.updated, profile.unavailable, profile.available, account.balance_low, budget.threshold, export.completed, export.failed. The data of follow.added/follow.removed is {monitor: {username, direction}, follower, followed}, of profile.updated {user, changes: [{field, old, new}]}, of profile.unavailable {user, reason: suspended|deleted|protected}, of profile.available {user}, each user {id, username, name, profile_url} (lib/delivery/event-data.ts). HTTPS URLs of public hosts: a URL naming a loopback, private, link-local, CGNAT, multicast, unspecified or reserved address in any notation (decimal, hex, octal, short IPv4 forms; IPv4-mapped, NAT64 and 6to4 IPv6 forms) or a local name (localhost, *.localhost, *.local, *.internal, single labels) is refused with a 400 naming url, unless the deployment sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development), which also allows plain HTTP to those hosts only. Every attempt resolves the host again and connects only if all its addresses are public (no redirect is followed); the delivery log's last_error is then only could not connect (a refused address included), timed out, TLS error or HTTP <status>, as for POST /v2/webhooks/{webhookId}/test. At most 10 per account. Each delivery is a JSON POST {id, event, created_at, match: {id, rule: {id, tag}, matched_at}, tweet} with headers Perch-Delivery-Id (the body's id, the same on every retry: de-duplicate by it), Perch-Event, Perch-Timestamp and Perch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret> (a second v1 during a secret rotation's overlap). Answer 2xx within 10 s; anything else is retried with exponential backoff (30 s doubling, at most hourly) for 24 hours, then kept as failed. Each match delivered costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform (its x-credits; the workspace's own terms apply), once, on its first success; failed deliveries cost nothing. Perch-Event is rule.match, test (sent on request) or account.balance_low: sent once, free, when the account's balance (credits leased by running instances counted in) falls below its low-balance alert threshold (Billing page; 1000 credits by default, 0 turns it off), with match and tweet null and data {balance, threshold}; it is sent again only after the balance has been back at or above the threshold. Perch-Event budget.threshold (free) is sent once per budget, period and alert percentage when a daily or monthly budget of the workspace or of one of its keys reaches that percentage, with match and tweet null and data {scope (key or workspace), key_id, period (day or month), percent, budget, spent, resets_at}. Perch-Event export.completed or export.failed (free) is sent once when an export of the workspace ends (completed: everything there was, or its max_items / max_credits; failed: the source refused it for good), with match and tweet null and data {export} (the ExportJob, as GET /v2/exports/{exportId} answers it); a cancelled export sends none.

        Free."""
        return self._call("createWebhook", {}, {"type": type, "url": url, "email": email, "digest_minutes": digest_minutes, "events": events, "description": description}, timeout=timeout)

    def list_webhooks(
        self,
        *,
        timeout: Optional[float] = None,
    ) -> Response[List[ListWebhooksResult]]:
        """List your webhook endpoints

        Each with its type, event filter and circuit breaker. Each endpoint gets at most 2 attempts at once (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY), and one account’s endpoints at most half of an instance’s delivery workers, so a slow or flooded endpoint delays only its own deliveries. After 5 failed attempts in a row (PERCH_WEBHOOK_BREAKER_FAILURES) the endpoint’s circuit breaker opens: no attempt is made for 30 s, then one trial attempt (half-open); a success closes it, a failure keeps it open twice as long as before (at most 10 minutes). Deliveries wait meanwhile without spending attempts.

        Free."""
        return self._call("listWebhooks", {}, {}, timeout=timeout)

    def rotate_webhook_secret(
        self,
        webhook_id: str,
        *,
        overlap_seconds: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[RotateWebhookSecretResult]:
        """Replace an endpoint’s signing secret

        The new secret is shown once. For overlap_seconds (default 86400, at most 7 days) deliveries carry a second v1 signature made with the old secret.

        Free."""
        return self._call("rotateWebhookSecret", {"webhookId": webhook_id}, {"overlap_seconds": overlap_seconds}, timeout=timeout)

    def test_webhook(
        self,
        webhook_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[TestWebhookResult]:
        """Send a test event to an endpoint (free)

        A webhook gets a signed test event; a Slack or Discord endpoint a test message; an email endpoint a test mail at once (outside its digest window). Sent whatever the endpoint’s event filter.

        Free."""
        return self._call("testWebhook", {"webhookId": webhook_id}, {}, timeout=timeout)

    def list_webhook_deliveries(
        self,
        webhook_id: str,
        *,
        status: Optional[Literal["pending", "awaiting_credits", "delivered", "failed"]] = None,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[ListWebhookDeliveriesResult]]:
        """An endpoint’s delivery log: status, attempts, response code, latency

        Free."""
        return self._call("listWebhookDeliveries", {"webhookId": webhook_id}, {"status": status, "count": count, "max_credits": max_credits}, timeout=timeout)

    def replay_webhook_delivery(
        self,
        delivery_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[ReplayWebhookDeliveryResult]:
        """Send a delivered or failed delivery again

        Same delivery id, retried as a new delivery would be. A match already paid for is not charged again.

        Free."""
        return self._call("replayWebhookDelivery", {"deliveryId": delivery_id}, {}, timeout=timeout)

    def delete_webhook(
        self,
        webhook_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[DeleteWebhookResult]:
        """Delete a webhook endpoint and its delivery log

        Free."""
        return self._call("deleteWebhook", {"webhookId": webhook_id}, {}, timeout=timeout)

    def list_events(
        self,
        *,
        type: Optional[str] = None,
        rule_id: Optional[str] = None,
        since: Optional[str] = None,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[ListEventsResult]]:
        """The stored events of this key and its workspace, oldest first (free)

        Every event is stored for PERCH_EVENT_RETENTION_DAYS (default 30) days, whether or not it was delivered, so a consumer that missed deliveries or a stream can catch up in order without replays. Visible to a key: the events of its own rules (rule.match, follow.added, follow.removed, profile.updated, profile.unavailable, profile.available) and its workspace’s account events (account.balance_low, budget.threshold, export.completed, export.failed), never another key’s rules’ events. Oldest first by id; pages are keyset-based (count, then meta.next_cursor as cursor; the last page has none). To catch up later, call with since = the created_at of the last event you kept and skip the ids you already have (ids are taken when an event is stored and become visible when it commits, so one may appear a moment after a higher id). type takes one event name or a comma-separated list; rule_id keeps one of the key’s rules’ events (account events have no rule, so none of them); since keeps events stored at or after that time. Listing is free and does not charge for, or mark as delivered, the events it lists: their webhook deliveries and the stream go on as before.

        Free."""
        return self._call("listEvents", {}, {"type": type, "rule_id": rule_id, "since": since, "count": count, "cursor": cursor}, timeout=timeout)

    def create_export(
        self,
        *,
        operation: Literal["searchTweets", "searchUsers", "getUserTweets", "getUserMentions", "getUserReplies", "getUserMedia", "getUserFollowers", "getUserFollowerIds", "getUserFollowing", "getUserVerifiedFollowers", "getTweetConversation", "getTweetQuotes", "getTweetRetweeters", "getTweetLikers", "getListTweets", "getListMembers", "getListSubscribers", "getCommunityTweets", "getCommunityMembers"],
        params: Optional[Dict[str, Any]] = None,
        format: Optional[Literal["jsonl", "csv"]] = None,
        max_items: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[ExportJob]:
        """Start an export: every record of a paged read operation, to a file

        Answers at once with the queued job; follow it with GET /v2/exports/{exportId} or its event stream, then download the file. An export pages through one read operation to its end as a job (on any of the deployment’s servers) and writes every record to a file: JSONL (one /v2 record per line) or CSV (docs/exports-csv.md). Each record is charged the operation’s price per item for the workspace on the serving platform (its list price, or the workspace’s own terms; GET /v2/openapi.json gives the list prices), fixed when the export is made (unit_price), as its page is written; a price’s per-call minimum does not apply to an export’s pages; a page is written and charged exactly once, even when a server dies mid-export. max_items and max_credits end it early, as completed. When the balance (or the key’s spending limit) cannot pay for another item, the export pauses (paused_reason insufficient_credits) and goes on by itself after a grant or top-up; a budget pauses it until the budget resets; an upstream’s rate limit pauses it until its reset (rate_limited); upstream failures are retried for an hour before it fails. Creating, estimating, listing, downloading and following exports is free. Exports belong to the workspace; finished ones are kept PERCH_EXPORT_RETENTION_DAYS (7) days.

        Free."""
        return self._call("createExport", {}, {"operation": operation, "params": params, "format": format, "max_items": max_items, "max_credits": max_credits}, timeout=timeout)

    def list_exports(
        self,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        max_credits: Optional[int] = None,
        status: Optional[Literal["queued", "running", "paused", "completed", "failed", "cancelled"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[ExportJob]]:
        """List the workspace’s exports, newest first

        Free."""
        return self._call("listExports", {}, {"count": count, "cursor": cursor, "max_credits": max_credits, "status": status}, timeout=timeout)

    def estimate_export(
        self,
        *,
        operation: Literal["searchTweets", "searchUsers", "getUserTweets", "getUserMentions", "getUserReplies", "getUserMedia", "getUserFollowers", "getUserFollowerIds", "getUserFollowing", "getUserVerifiedFollowers", "getTweetConversation", "getTweetQuotes", "getTweetRetweeters", "getTweetLikers", "getListTweets", "getListMembers", "getListSubscribers", "getCommunityTweets", "getCommunityMembers"],
        params: Optional[Dict[str, Any]] = None,
        format: Optional[Literal["jsonl", "csv"]] = None,
        max_items: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Response[ExportEstimate]:
        """Estimate what an export would return and cost (free)

        Takes the body of POST /v2/exports. Where the source tells its total (a user’s followers_count, a tweet’s like_count, a community’s member_count) items is about that many, capped by max_items and max_credits; a search cannot tell, so items and credits are null and at_most gives the cap. An export pages through one read operation to its end as a job (on any of the deployment’s servers) and writes every record to a file: JSONL (one /v2 record per line) or CSV (docs/exports-csv.md). Each record is charged the operation’s price per item for the workspace on the serving platform (its list price, or the workspace’s own terms; GET /v2/openapi.json gives the list prices), fixed when the export is made (unit_price), as its page is written; a price’s per-call minimum does not apply to an export’s pages; a page is written and charged exactly once, even when a server dies mid-export. max_items and max_credits end it early, as completed. When the balance (or the key’s spending limit) cannot pay for another item, the export pauses (paused_reason insufficient_credits) and goes on by itself after a grant or top-up; a budget pauses it until the budget resets; an upstream’s rate limit pauses it until its reset (rate_limited); upstream failures are retried for an hour before it fails. Creating, estimating, listing, downloading and following exports is free. Exports belong to the workspace; finished ones are kept PERCH_EXPORT_RETENTION_DAYS (7) days.

        Free."""
        return self._call("estimateExport", {}, {"operation": operation, "params": params, "format": format, "max_items": max_items, "max_credits": max_credits}, timeout=timeout)

    def get_export(
        self,
        export_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[ExportJob]:
        """One export: status, progress, charge

        Free."""
        return self._call("getExport", {"exportId": export_id}, {}, timeout=timeout)

    def delete_export(
        self,
        export_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[DeleteExportResult]:
        """Delete an export: its file and its record (an unfinished one stops)

        Free."""
        return self._call("deleteExport", {"exportId": export_id}, {}, timeout=timeout)

    def cancel_export(
        self,
        export_id: str,
        *,
        timeout: Optional[float] = None,
    ) -> Response[ExportJob]:
        """Cancel an unfinished export (its file keeps what was written)

        The page in flight, if any, is not written or charged. A finished export is answered as it is.

        Free."""
        return self._call("cancelExport", {"exportId": export_id}, {}, timeout=timeout)

    def get_usage(
        self,
        *,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        group_by: Optional[Literal["day", "operation", "key", "platform"]] = None,
        timeout: Optional[float] = None,
    ) -> Response[GetUsageResult]:
        """The workspace’s usage: calls, items, credits and errors per day, operation, key or platform (free)

        Adds up the workspace’s calls from `from` to `to` (UTC days, both included; by default the last 30 days up to today; at most 366 days), grouped by `group_by`: day (every day of the span, zeros included, oldest first), operation, key or platform (most credits first). Days are UTC calendar days: a call is counted under the UTC day it was answered, as on the dashboard’s Usage page, whose figures these are (the daily rollup, kept for good; the request log keeps events PERCH_REQUEST_LOG_DAYS days). Errors leave out the 400s of POST /v2/rules/validate, which are its answers. Calls this server answered are counted at once; another server’s calls within its write-behind interval (PERCH_USAGE_FLUSH_MS).

        Free."""
        return self._call("getUsage", {}, {"from": from_, "to": to, "group_by": group_by}, timeout=timeout)

    def list_usage_events(
        self,
        *,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[UsageEvent]]:
        """The request log: the workspace’s calls one by one, newest first (free)

        Every call of the workspace as the dashboard’s Requests page lists it: refusals too (a 401 has no workspace to be filed under), rule matches delivered (deliverMatch) and paths no operation serves (unmatchedRoute), each with what it was sent. Newest first; pages are keyset-based, so calls recorded while you page never make a page skip or repeat one. Kept PERCH_REQUEST_LOG_DAYS (default 30) days.

        Free."""
        return self._call("listUsageEvents", {}, {"count": count, "cursor": cursor}, timeout=timeout)


class Paginators:
    """`perch.paginate.<operation>(...)`: every item of a paged operation, fetched page by page."""

    def __init__(self, client: Perch) -> None:
        self._client = client

    def search_tweets(
        self,
        *,
        query: str,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        lang: Optional[str] = None,
        min_likes: Optional[int] = None,
        min_retweets: Optional[int] = None,
        include_replies: Optional[bool] = None,
        include_retweets: Optional[bool] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of search_tweets, page after page, up to max_items."""
        return self._client._iterate("searchTweets", {}, {"query": query, "count": count, "max_credits": max_credits, "sort": sort, "lang": lang, "min_likes": min_likes, "min_retweets": min_retweets, "include_replies": include_replies, "include_retweets": include_retweets}, max_items=max_items, timeout=timeout)

    def search_users(
        self,
        *,
        query: str,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of search_users, page after page, up to max_items."""
        return self._client._iterate("searchUsers", {}, {"query": query, "count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_tweets(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_user_tweets, page after page, up to max_items."""
        return self._client._iterate("getUserTweets", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_mentions(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_user_mentions, page after page, up to max_items."""
        return self._client._iterate("getUserMentions", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_replies(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_user_replies, page after page, up to max_items."""
        return self._client._iterate("getUserReplies", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_media(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_user_media, page after page, up to max_items."""
        return self._client._iterate("getUserMedia", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_followers(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_user_followers, page after page, up to max_items."""
        return self._client._iterate("getUserFollowers", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_follower_ids(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[str]:
        """Every item of get_user_follower_ids, page after page, up to max_items."""
        return self._client._iterate("getUserFollowerIds", {"username": username}, {"count": count, "max_credits": max_credits}, max_items=max_items, timeout=timeout)

    def get_user_following(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_user_following, page after page, up to max_items."""
        return self._client._iterate("getUserFollowing", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_user_verified_followers(
        self,
        username: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_user_verified_followers, page after page, up to max_items."""
        return self._client._iterate("getUserVerifiedFollowers", {"username": username}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_tweet_conversation(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_tweet_conversation, page after page, up to max_items."""
        return self._client._iterate("getTweetConversation", {"tweetId": tweet_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_tweet_quotes(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_tweet_quotes, page after page, up to max_items."""
        return self._client._iterate("getTweetQuotes", {"tweetId": tweet_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_tweet_retweeters(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_tweet_retweeters, page after page, up to max_items."""
        return self._client._iterate("getTweetRetweeters", {"tweetId": tweet_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_tweet_likers(
        self,
        tweet_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_tweet_likers, page after page, up to max_items."""
        return self._client._iterate("getTweetLikers", {"tweetId": tweet_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_list_tweets(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_list_tweets, page after page, up to max_items."""
        return self._client._iterate("getListTweets", {"listId": list_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_list_members(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_list_members, page after page, up to max_items."""
        return self._client._iterate("getListMembers", {"listId": list_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_list_subscribers(
        self,
        list_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_list_subscribers, page after page, up to max_items."""
        return self._client._iterate("getListSubscribers", {"listId": list_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_community_tweets(
        self,
        community_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["latest", "popular", "engagement"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Tweet]:
        """Every item of get_community_tweets, page after page, up to max_items."""
        return self._client._iterate("getCommunityTweets", {"communityId": community_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def get_community_members(
        self,
        community_id: str,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        sort: Optional[Literal["default", "followers", "name"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[User]:
        """Every item of get_community_members, page after page, up to max_items."""
        return self._client._iterate("getCommunityMembers", {"communityId": community_id}, {"count": count, "max_credits": max_credits, "sort": sort}, max_items=max_items, timeout=timeout)

    def list_rules(
        self,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[ListRulesItem]:
        """Every item of list_rules, page after page, up to max_items."""
        return self._client._iterate("listRules", {}, {"count": count, "max_credits": max_credits}, max_items=max_items, timeout=timeout)

    def list_events(
        self,
        *,
        type: Optional[str] = None,
        rule_id: Optional[str] = None,
        since: Optional[str] = None,
        count: Optional[int] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[ListEventsItem]:
        """Every item of list_events, page after page, up to max_items."""
        return self._client._iterate("listEvents", {}, {"type": type, "rule_id": rule_id, "since": since, "count": count}, max_items=max_items, timeout=timeout)

    def list_exports(
        self,
        *,
        count: Optional[int] = None,
        max_credits: Optional[int] = None,
        status: Optional[Literal["queued", "running", "paused", "completed", "failed", "cancelled"]] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[ExportJob]:
        """Every item of list_exports, page after page, up to max_items."""
        return self._client._iterate("listExports", {}, {"count": count, "max_credits": max_credits, "status": status}, max_items=max_items, timeout=timeout)

    def list_usage_events(
        self,
        *,
        count: Optional[int] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[UsageEvent]:
        """Every item of list_usage_events, page after page, up to max_items."""
        return self._client._iterate("listUsageEvents", {}, {"count": count}, max_items=max_items, timeout=timeout)
