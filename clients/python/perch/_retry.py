"""When a failed attempt is tried again, and after how long (the TypeScript client's policy)."""
from __future__ import annotations

import random
import re
import time
from email.utils import parsedate_to_datetime
from typing import Callable, Optional

BASE_DELAY = 0.5
MAX_BACKOFF = 8.0
#: A Retry-After longer than this is not waited out inside one call: the error goes to the caller.
MAX_RETRY_AFTER = 60.0
#: Added to Retry-After: the server's window ends on the second it named, and a hair early earns another 429.
RETRY_AFTER_MARGIN = 0.025
#: Error codes the same call would only meet again, given back at once whatever their status: a wrong
#: key (a valid key is always served) and a request the platform will never accept (502 upstream_error).
NEVER_RETRIED_CODES = frozenset({"too_many_failed_authentications", "upstream_error"})


def backoff(retry: int, rand: Callable[[], float] = random.random) -> float:
    """0.5 s, 1 s, 2 s ... capped at 8 s, each scaled into [0.5, 1) so failing clients do not retry together."""
    ceiling = min(MAX_BACKOFF, BASE_DELAY * 2**retry)
    return ceiling * (0.5 + rand() / 2)


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After in seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if re.fullmatch(r"\d+", text):
        return float(text)
    if not re.search(r"[A-Za-z]{3}", text):
        return None
    try:
        when = parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


def retry_delay(
    *,
    status: Optional[int],
    retry_after: Optional[float],
    retry: int,
    max_retries: int,
    idempotent: bool,
    code: Optional[str] = None,
    rand: Callable[[], float] = random.random,
) -> Optional[float]:
    """Seconds to wait before retrying, or None to give up.

    A 429 is retried for every call (the server refused it before doing anything); 5xx,
    network failures and timeouts (status None) only for idempotent calls, since the first
    attempt may have done the work. The error codes in NEVER_RETRIED_CODES (the answer's
    `error.code`, when it had one) are never retried.
    """
    if retry >= max_retries or code in NEVER_RETRIED_CODES:
        return None
    delay = backoff(retry, rand)
    if status is None:
        return delay if idempotent else None
    if not (status == 429 or (status >= 500 and idempotent)):
        return None
    if retry_after is None:
        return delay
    return None if retry_after > MAX_RETRY_AFTER else retry_after + RETRY_AFTER_MARGIN
