"""perch.stream(): the key's events as they happen (GET /v2/stream, Server-Sent Events)."""
from __future__ import annotations

import http.client
import json
import time
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, Sequence, TypeVar

from ._event_types import MatchEvent, PerchEvent, event_of_frame
from ._sse import read_events
from .errors import error_for_answer

if TYPE_CHECKING:
    from ._client import Perch

T = TypeVar("T")


def stream_frames(
    client: Perch,
    pick: Callable[[str, str], Optional[T]],
    *,
    last_event_id: Optional[str],
    reconnect_delay: float,
    timeout: Optional[float],
) -> Iterator[T]:
    """Yields what `pick` makes of each frame (None skips it, its id still counting for resuming);
    reconnects with Last-Event-ID after a dropped connection or a retryable `error` event; HTTP errors
    and a non-retryable `error` event (credits run out) raise the typed errors."""
    while True:
        headers = {"Accept": "text/event-stream"}
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        try:
            answer = client._open("/v2/stream", headers, timeout)
            with answer:
                for event_id, name, data in read_events(answer):
                    if name == "error":
                        problem = json.loads(data)
                        if problem.get("retryable"):
                            break  # the server lost its database: resumed after the last event seen
                        raise error_for_answer(402, problem.get("code", "insufficient_credits"), problem.get("message", ""), retry_after=None)
                    item = pick(name, data)
                    if event_id:
                        last_event_id = event_id
                    if item is not None:
                        yield item
        except (OSError, http.client.HTTPException):
            pass  # the connection dropped mid-stream: opened again below
        time.sleep(reconnect_delay)


def pick_match(name: str, data: str) -> Optional[MatchEvent]:
    return json.loads(data) if name == "match" else None


def picker(events: Any) -> Callable[[str, str], Optional[PerchEvent]]:
    """The frames perch.stream(events=...) yields: "all", or a list of event types."""
    if events != "all" and (isinstance(events, str) or not isinstance(events, Sequence)):
        raise TypeError(f'events must be "all" or a list of event types, got {events!r}')
    wanted = None if events == "all" else frozenset(events)

    def pick(name: str, data: str) -> Optional[PerchEvent]:
        event = event_of_frame(name, data)
        return event if event is not None and (wanted is None or event["type"] in wanted) else None

    return pick
