"""The events of GET /v2/events and perch.stream(events=...), typed per event type.

These mirror the server's lib/delivery/event-data.ts (tests/unit/client-python-event-types.test.ts
compares them): each event is a dict with id, type, created_at, rule, tweet and data, and `type`
tells which `data` it carries, so a type checker narrows `event["data"]` after
`if event["type"] == "follow.added":`.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

from ._generated import ExportJob, Tweet

EVENT_TYPES = (
    "rule.match",
    "follow.added",
    "follow.removed",
    "profile.updated",
    "profile.unavailable",
    "profile.available",
    "account.balance_low",
    "budget.threshold",
    "export.completed",
    "export.failed",
)
"""Every event type GET /v2/events lists and the stream sends."""

PROFILE_FIELDS = ("name", "description", "location", "url", "profile_image_url", "profile_banner_url", "verified", "protected", "pinned_tweet_ids")
"""The profile fields whose changes profile.updated reports (counts are not changes)."""

EventType = Literal[
    "rule.match",
    "follow.added",
    "follow.removed",
    "profile.updated",
    "profile.unavailable",
    "profile.available",
    "account.balance_low",
    "budget.threshold",
    "export.completed",
    "export.failed",
]
ProfileField = Literal["name", "description", "location", "url", "profile_image_url", "profile_banner_url", "verified", "protected", "pinned_tweet_ids"]


class EventUser(TypedDict):
    """A user as a monitor event names it; profile_url is its page on its platform (None when unknown)."""

    id: str
    username: str
    name: Optional[str]
    profile_url: Optional[str]


class FollowMonitor(TypedDict):
    username: str
    direction: Literal["followers", "following"]


class FollowEventData(TypedDict):
    """follow.added / follow.removed: `follower` started or stopped following `followed`; the monitored
    account (monitor.username) is `followed` for direction followers, `follower` for following."""

    monitor: FollowMonitor
    follower: EventUser
    followed: EventUser


class ProfileChange(TypedDict):
    field: ProfileField
    old: Any
    new: Any


class ProfileUpdatedData(TypedDict):
    """profile.updated: each changed field with its value before and after."""

    user: EventUser
    changes: List[ProfileChange]


class ProfileUnavailableData(TypedDict):
    """profile.unavailable: the account can no longer be read."""

    user: EventUser
    reason: Literal["suspended", "deleted", "protected"]


class ProfileAvailableData(TypedDict):
    """profile.available: an unavailable account can be read again."""

    user: EventUser


class BalanceLowData(TypedDict):
    balance: float
    threshold: float


class BudgetThresholdData(TypedDict):
    scope: Literal["key", "workspace"]
    key_id: Optional[str]
    period: Literal["day", "month"]
    percent: float
    budget: float
    spent: float
    resets_at: str


class ExportEventData(TypedDict):
    """export.completed / export.failed: the export as perch.exports.get answers it."""

    export: ExportJob


class EventRule(TypedDict):
    id: str
    tag: str


class RuleMatchEvent(TypedDict):
    id: str
    type: Literal["rule.match"]
    created_at: str
    rule: EventRule
    tweet: Tweet
    data: None


class FollowAddedEvent(TypedDict):
    id: str
    type: Literal["follow.added"]
    created_at: str
    rule: EventRule
    tweet: None
    data: FollowEventData


class FollowRemovedEvent(TypedDict):
    id: str
    type: Literal["follow.removed"]
    created_at: str
    rule: EventRule
    tweet: None
    data: FollowEventData


class ProfileUpdatedEvent(TypedDict):
    id: str
    type: Literal["profile.updated"]
    created_at: str
    rule: EventRule
    tweet: None
    data: ProfileUpdatedData


class ProfileUnavailableEvent(TypedDict):
    id: str
    type: Literal["profile.unavailable"]
    created_at: str
    rule: EventRule
    tweet: None
    data: ProfileUnavailableData


class ProfileAvailableEvent(TypedDict):
    id: str
    type: Literal["profile.available"]
    created_at: str
    rule: EventRule
    tweet: None
    data: ProfileAvailableData


class BalanceLowEvent(TypedDict):
    id: str
    type: Literal["account.balance_low"]
    created_at: str
    rule: None
    tweet: None
    data: BalanceLowData


class BudgetThresholdEvent(TypedDict):
    id: str
    type: Literal["budget.threshold"]
    created_at: str
    rule: None
    tweet: None
    data: BudgetThresholdData


class ExportCompletedEvent(TypedDict):
    id: str
    type: Literal["export.completed"]
    created_at: str
    rule: None
    tweet: None
    data: ExportEventData


class ExportFailedEvent(TypedDict):
    id: str
    type: Literal["export.failed"]
    created_at: str
    rule: None
    tweet: None
    data: ExportEventData


PerchEvent = Union[
    RuleMatchEvent,
    FollowAddedEvent,
    FollowRemovedEvent,
    ProfileUpdatedEvent,
    ProfileUnavailableEvent,
    ProfileAvailableEvent,
    BalanceLowEvent,
    BudgetThresholdEvent,
    ExportCompletedEvent,
    ExportFailedEvent,
]
"""One event, discriminated by its "type"."""

#: Each event type's dict type.
EVENT_CLASSES: Dict[str, Any] = {
    "rule.match": RuleMatchEvent,
    "follow.added": FollowAddedEvent,
    "follow.removed": FollowRemovedEvent,
    "profile.updated": ProfileUpdatedEvent,
    "profile.unavailable": ProfileUnavailableEvent,
    "profile.available": ProfileAvailableEvent,
    "account.balance_low": BalanceLowEvent,
    "budget.threshold": BudgetThresholdEvent,
    "export.completed": ExportCompletedEvent,
    "export.failed": ExportFailedEvent,
}


class MatchEvent(TypedDict):
    """One match of perch.stream() (matches only): a rule of this key matched a tweet; `id` resumes the stream after it."""

    id: str
    rule: EventRule
    matched_at: str
    tweet: Tweet


def event_of_frame(name: str, data: str) -> Optional[PerchEvent]:
    """An SSE frame of /v2/stream as a PerchEvent: `match` frames carry {id, rule, matched_at, tweet},
    the others {id, type, created_at, rule, data}. Types newer than this client give None (skipped)."""
    body = json.loads(data)
    if name == "match":
        return {"id": body["id"], "type": "rule.match", "created_at": body["matched_at"], "rule": body["rule"], "tweet": body["tweet"], "data": None}
    if name not in EVENT_CLASSES:
        return None
    return {"id": body["id"], "type": body["type"], "created_at": body["created_at"], "rule": body.get("rule"), "tweet": None, "data": body.get("data")}  # type: ignore[return-value]
