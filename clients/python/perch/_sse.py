"""Server-Sent Events read from an open answer: shared by perch.stream() and perch.exports.events()."""
from __future__ import annotations

from typing import Any, Iterator, List, Optional, Tuple


def read_events(answer: Any) -> Iterator[Tuple[Optional[str], str, str]]:
    """(id, event, data) of each event as it arrives; comments (heartbeats) are skipped."""
    event_id: Optional[str] = None
    name, data = "message", []  # type: Tuple[str, List[str]]
    for raw in answer:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if data:
                yield event_id, name, "\n".join(data)
            event_id, name, data = None, "message", []
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)
            elif field == "id":
                event_id = value
