"""The Perch client: typed methods for every /v2 operation, retries, typed errors, pagination."""
from __future__ import annotations

import builtins
import json
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from typing import Any, Dict, Generic, Iterator, Literal, Mapping, Optional, Sequence, Tuple, TypeVar, Union, overload

from . import _retry
from ._event_types import EventType, MatchEvent, PerchEvent
from ._events import Events
from ._exports import Exports
from ._generated import OPERATIONS, Operations, Paginators
from ._stream import pick_match, picker, stream_frames
from .errors import ConnectionError, PerchError, TimeoutError, error_for_answer

T = TypeVar("T")

DEFAULT_BASE_URL = "http://localhost:3000"
USER_AGENT = "perch-python/0.1.0"


@dataclass(frozen=True)
class Response(Generic[T]):
    """One successful call: its data and its meta (request_id, credits_charged, credits_remaining, next_cursor, ...)."""

    data: T
    meta: Dict[str, Any]
    headers: Dict[str, str]

    @property
    def next_cursor(self) -> Optional[str]:
        return self.meta.get("next_cursor")


class Perch(Operations):
    """A client for one Perch deployment.

    The key defaults to the PERCH_API_KEY environment variable and the base URL to
    PERCH_BASE_URL, else http://localhost:3000. `platform` picks one of the platforms the
    deployment serves (the Perch-Platform header); without it the deployment's default answers. Calls that got a 429 are retried after
    Retry-After; 5xx answers, network failures and timeouts only for reads and for writes,
    which always carry an Idempotency-Key.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        max_retries: int = 3,
        timeout: float = 60.0,
        headers: Optional[Mapping[str, str]] = None,
        platform: Optional[str] = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("PERCH_API_KEY")
        if not key:
            raise PerchError(
                "no Perch API key: pass Perch(api_key=...) or set PERCH_API_KEY",
                status=None,
                code="missing_api_key",
            )
        if not isinstance(max_retries, int) or max_retries < 0:
            raise ValueError(f"max_retries must be an integer of at least 0, got {max_retries!r}")
        if timeout <= 0:
            raise ValueError(f"timeout must be positive, got {timeout!r}")
        self.base_url = (base_url or os.environ.get("PERCH_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.max_retries = max_retries
        self.timeout = timeout
        self._api_key = key
        self._headers = dict(headers or {})
        if platform:
            # Which of the deployment's platforms serves the calls (local, bluesky, ...).
            self._headers["Perch-Platform"] = platform
        #: perch.paginate.<operation>(...): every item of a paged operation.
        self.paginate = Paginators(self)
        #: perch.exports.create/get/wait_for/download/records(...): whole result sets as jobs.
        self.exports = Exports(self)
        #: perch.events.list/list_all(...): the stored events of this key and its workspace, oldest first.
        self.events = Events(self)

    @overload
    def stream(
        self, *, events: None = None, last_event_id: Optional[str] = None, reconnect_delay: float = 1.0, timeout: Optional[float] = None
    ) -> Iterator[MatchEvent]: ...

    @overload
    def stream(
        self,
        *,
        events: Union[Literal["all"], Sequence[EventType]],
        last_event_id: Optional[str] = None,
        reconnect_delay: float = 1.0,
        timeout: Optional[float] = None,
    ) -> Iterator[PerchEvent]: ...

    def stream(
        self,
        *,
        events: Union[None, Literal["all"], Sequence[EventType]] = None,
        last_event_id: Optional[str] = None,
        reconnect_delay: float = 1.0,
        timeout: Optional[float] = None,
    ) -> Iterator[Any]:
        """This key's events as they happen (GET /v2/stream, Server-Sent Events), reconnecting by itself
        with Last-Event-ID, so nothing is lost or repeated within the server's retention window.

        Without `events`: its rule matches only, as MatchEvent {id, rule, matched_at, tweet}. With
        events="all" (or a list of event types): every event (or those types) as a PerchEvent
        {id, type, created_at, rule, tweet, data}, the same dicts perch.events.list returns: matches,
        follow.* and profile.* of its monitors, and its workspace's account events. `last_event_id`
        resumes after that event ("0": from the oldest kept); by default only new events come.
        `timeout` bounds each wait for data (heartbeats come every 15 s). Ends by breaking out of the loop;
        credits running out raises InsufficientCreditsError.
        """
        pick = pick_match if events is None else picker(events)
        return stream_frames(self, pick, last_event_id=last_event_id, reconnect_delay=reconnect_delay, timeout=timeout)

    def _call(
        self,
        operation_id: str,
        path: Dict[str, Any],
        inputs: Dict[str, Any],
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Response[Any]:
        info = OPERATIONS[operation_id]
        url = self.base_url + _fill_path(info.path, path)
        values = {name: value for name, value in inputs.items() if value is not None}
        body: Optional[bytes] = None
        headers = {"Authorization": f"Bearer {self._api_key}", "Accept": "application/json", "User-Agent": USER_AGENT, **self._headers}
        if info.input == "body":
            body = json.dumps(values).encode("utf-8")
            headers["Content-Type"] = "application/json"
        elif values:
            url += "?" + urllib.parse.urlencode({name: _query_value(value) for name, value in values.items()})
        if info.scope == "write":
            # One key for every attempt of this call: a retried write is done once.
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        idempotent = info.scope == "read" or "Idempotency-Key" in headers
        return self._send(info.method, url, body, headers, idempotent, timeout or self.timeout)

    def _iterate(
        self,
        operation_id: str,
        path: Dict[str, Any],
        inputs: Dict[str, Any],
        *,
        max_items: Optional[int],
        timeout: Optional[float],
    ) -> Iterator[Any]:
        if max_items is not None and max_items < 0:
            raise ValueError(f"max_items must be at least 0, got {max_items}")
        yielded = 0
        cursor: Optional[str] = None
        while max_items is None or yielded < max_items:
            page = self._call(operation_id, path, {**inputs, "cursor": cursor}, timeout=timeout)
            for item in page.data:
                if max_items is not None and yielded >= max_items:
                    return
                yield item
                yielded += 1
            cursor = page.next_cursor
            if not cursor:
                return

    def _open(self, path: str, headers: Dict[str, str], timeout: Optional[float]) -> Any:
        """A GET whose answer is not the JSON envelope (an export's file): the open 2xx answer, its body
        unread (close it, or use it in a with block); retried as reads are; an error answer raises the typed error."""
        url = self.base_url + path
        all_headers = {"Authorization": f"Bearer {self._api_key}", "Accept": "*/*", "User-Agent": USER_AGENT, **self._headers, **headers}
        wait = timeout or self.timeout
        retry = 0
        while True:
            request = urllib.request.Request(url, headers=all_headers, method="GET")
            failure: Optional[BaseException] = None
            try:
                return urllib.request.urlopen(request, timeout=wait)
            except urllib.error.HTTPError as answer:
                status, answer_headers, text = answer.code, _lower(answer.headers), answer.read().decode("utf-8", "replace")
            except (urllib.error.URLError, OSError) as error:
                status, answer_headers, text, failure = None, {}, "", error
            retry_after = _retry.parse_retry_after(answer_headers.get("retry-after")) if answer_headers else None
            delay = _retry.retry_delay(
                status=status, retry_after=retry_after, retry=retry, max_retries=self.max_retries, idempotent=True, code=_error_code(text)
            )
            if delay is None:
                raise _error("GET", url, status, answer_headers, text, failure, wait, retry_after)
            time.sleep(delay)
            retry += 1

    def _send(self, method: str, url: str, body: Optional[bytes], headers: Dict[str, str], idempotent: bool, timeout: float) -> Response[Any]:
        retry = 0
        while True:
            status, answer_headers, text, failure = _attempt(method, url, body, headers, timeout)
            if status is not None and 200 <= status < 300:
                return _envelope(method, url, status, answer_headers, text)
            retry_after = _retry.parse_retry_after(answer_headers.get("retry-after")) if answer_headers else None
            delay = _retry.retry_delay(
                status=status, retry_after=retry_after, retry=retry, max_retries=self.max_retries, idempotent=idempotent, code=_error_code(text)
            )
            if delay is None:
                raise _error(method, url, status, answer_headers, text, failure, timeout, retry_after)
            time.sleep(delay)
            retry += 1


def _fill_path(template: str, values: Dict[str, Any]) -> str:
    path = template
    for name, value in values.items():
        # Ids are 64-bit: an int would lose nothing in Python, but the API takes them as text.
        if not isinstance(value, str) or value == "":
            raise TypeError(f"{name} must be a non-empty string, got {value!r}")
        path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
    return path


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _attempt(
    method: str, url: str, body: Optional[bytes], headers: Dict[str, str], timeout: float
) -> Tuple[Optional[int], Dict[str, str], str, Optional[BaseException]]:
    """One attempt: (status, lower-cased headers, body text, failure); status None when there was no answer."""
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, _lower(answer.headers), answer.read().decode("utf-8", "replace"), None
    except urllib.error.HTTPError as answer:
        return answer.code, _lower(answer.headers), answer.read().decode("utf-8", "replace"), None
    except (urllib.error.URLError, OSError) as failure:
        return None, {}, "", failure


def _lower(headers: Any) -> Dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None  # a proxy's HTML error page, say: reported as invalid_response


def _error_code(text: str) -> Optional[str]:
    """The error body's code, or None for a body that is not the API's error JSON."""
    body = _parse_json(text)
    error = body.get("error") if isinstance(body, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) else None


def _envelope(method: str, url: str, status: int, headers: Dict[str, str], text: str) -> Response[Any]:
    body = _parse_json(text)
    if isinstance(body, dict) and "data" in body and isinstance(body.get("meta"), dict):
        return Response(data=body["data"], meta=body["meta"], headers=headers)
    raise PerchError(
        f"{method} {url} answered {status} without a {{data, meta}} envelope: {text[:200]}",
        status=status,
        code="invalid_response",
        request_id=headers.get("x-request-id"),
        headers=headers,
    )


def _is_timeout(failure: Optional[BaseException]) -> bool:
    # urllib wraps a connect timeout in URLError(reason=timeout); a read timeout comes bare.
    reason = getattr(failure, "reason", failure)
    return isinstance(reason, (socket.timeout, builtins.TimeoutError))


def _error(
    method: str,
    url: str,
    status: Optional[int],
    headers: Dict[str, str],
    text: str,
    failure: Optional[BaseException],
    timeout: float,
    retry_after: Optional[float],
) -> PerchError:
    if status is None:
        if _is_timeout(failure):
            return TimeoutError(f"no answer to {method} {url} within {timeout} s", status=None, code="timeout")
        return ConnectionError(f"{method} {url} failed: {failure}", status=None, code="connection_error")
    body = _parse_json(text)
    error = body.get("error") if isinstance(body, dict) else None
    meta = body.get("meta") if isinstance(body, dict) else None
    request_id = headers.get("x-request-id") or (meta.get("request_id") if isinstance(meta, dict) else None)
    common = {"details": error.get("details") if isinstance(error, dict) else None, "request_id": request_id, "headers": headers, "retry_after": retry_after}
    if not isinstance(error, dict) or not isinstance(error.get("code"), str):
        return error_for_answer(status, "invalid_response", f"{method} {url} answered HTTP {status}: {text[:200]}", **common)
    return error_for_answer(status, error["code"], str(error.get("message") or f"HTTP {status}"), **common)
