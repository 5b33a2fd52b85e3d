"""perch.events: the stored events of this key's rules and of its workspace (GET /v2/events)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, List, Optional, Sequence, Union

from ._event_types import PerchEvent

if TYPE_CHECKING:
    from ._client import Perch, Response


def _types(type: Union[str, Sequence[str], None]) -> Optional[str]:
    # One name or several: the API takes them comma-separated.
    if type is None or isinstance(type, str):
        return type
    return ",".join(type)


class Events:
    """`perch.events`: oldest first, free; a consumer that missed deliveries catches up here.

    Each event is a PerchEvent: a dict whose "type" tells what its "data" holds (follow.added:
    {monitor, follower, followed}; profile.updated: {user, changes}; ...), as perch.stream(events="all") yields them.
    """

    def __init__(self, client: Perch) -> None:
        self._client = client

    def list(
        self,
        *,
        type: Union[str, Sequence[str], None] = None,
        rule_id: Optional[str] = None,
        since: Optional[str] = None,
        count: Optional[int] = None,
        cursor: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Response[List[PerchEvent]]:
        """One page of events, oldest first; `.next_cursor` for the next page. `type` is one event name or a list of them."""
        return self._client.list_events(type=_types(type), rule_id=rule_id, since=since, count=count, cursor=cursor, timeout=timeout)  # type: ignore[return-value]

    def list_all(
        self,
        *,
        type: Union[str, Sequence[str], None] = None,
        rule_id: Optional[str] = None,
        since: Optional[str] = None,
        count: Optional[int] = None,
        max_items: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[PerchEvent]:
        """Every event matching the filters, page after page, oldest first."""
        return self._client.paginate.list_events(type=_types(type), rule_id=rule_id, since=since, count=count, max_items=max_items, timeout=timeout)  # type: ignore[arg-type,return-value]
