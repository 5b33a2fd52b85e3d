"""Every error the client raises: catch PerchError, or one of its subclasses for a case."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


class PerchError(Exception):
    """An error answer from /v2, or a call that got no usable answer."""

    def __init__(
        self,
        message: str,
        *,
        status: Optional[int],
        code: str,
        details: Any = None,
        request_id: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        #: HTTP status; None when there was no HTTP answer (timeout, network failure, configuration).
        self.status = status
        #: The API's error code (contract section 1), or the client's own: timeout, connection_error, invalid_response, missing_api_key.
        self.code = code
        #: Per-field problems on a 400, {required, balance} on a 402, else usually None.
        self.details = details
        #: The answer's x-request-id, to quote when reporting a problem.
        self.request_id = request_id
        #: The answer's headers (rate-limit headers among them).
        self.headers: Dict[str, str] = dict(headers or {})

    def __str__(self) -> str:
        where = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.code}: {self.message}{where}"


class ValidationError(PerchError):
    """400 invalid_request: a field is unknown, missing, mistyped or out of range."""

    @property
    def problems(self) -> List[Dict[str, str]]:
        """The per-field problems, [{"path", "message"}]."""
        return list(self.details) if isinstance(self.details, list) else []


class AuthenticationError(PerchError):
    """401 unauthorized: the key is missing, malformed, unknown, revoked or expired."""


class InsufficientCreditsError(PerchError):
    """402 insufficient_credits: the account's balance cannot cover the call. Nothing was charged."""

    @property
    def required(self) -> Optional[int]:
        value = self.details.get("required") if isinstance(self.details, dict) else None
        return value if isinstance(value, int) else None


class KeyLimitReachedError(PerchError):
    """402 key_limit_reached: this key's spending limit is used up; the account may still have credits."""


class PermissionError(PerchError):  # noqa: A001 - the API's name for a 403
    """403 forbidden: the key lacks a scope, or the connected account may not do this."""


class AccountNotConnectedError(PermissionError):
    """403 account_not_connected: writes need a platform account connected in the dashboard."""


class NotFoundError(PerchError):
    """404 not_found: the user, tweet, list or community does not exist."""


class RateLimitError(PerchError):
    """429, after the client's own retries ran out."""

    def __init__(self, message: str, *, retry_after: Optional[float] = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        #: Seconds the server asked to wait (Retry-After), or None when it did not say.
        self.retry_after = retry_after


class ServerError(PerchError):
    """The server answered 5xx (after retries, for calls that may be retried)."""


class UnavailableError(ServerError):
    """503 unavailable: the data source cannot serve this now; Retry-After says when to try again."""


class TimeoutError(PerchError):  # noqa: A001 - mirrors the TypeScript client's name
    """No answer within the timeout."""


class ConnectionError(PerchError):  # noqa: A001 - mirrors the TypeScript client's name
    """The request never got an HTTP answer: DNS, refused connection, reset."""


class ExportEndedError(PerchError):
    """An export that exports.wait_for or records() followed ended otherwise than completed; `job` is it as it ended."""

    def __init__(self, message: str, *, job: Dict[str, Any], code: str, details: Any = None) -> None:
        super().__init__(message, status=None, code=code, details=details)
        #: The export as it ended (status, items, error).
        self.job = job


class ExportFailedError(ExportEndedError):
    """The export failed: `job["error"]` says why ({code, message}); its file keeps what was written before."""

    def __init__(self, job: Dict[str, Any]) -> None:
        error = job.get("error") or {}
        super().__init__(f"export {job['id']} failed: {error.get('code', 'unknown')}: {error.get('message', '')}", job=job, code="export_failed", details=error)


class ExportCancelledError(ExportEndedError):
    """The export was cancelled before it finished."""

    def __init__(self, job: Dict[str, Any]) -> None:
        super().__init__(f"export {job['id']} was cancelled after {job['items']} records", job=job, code="export_cancelled")


_BY_CODE = {
    "key_limit_reached": KeyLimitReachedError,
    "account_not_connected": AccountNotConnectedError,
    "unavailable": UnavailableError,
}
_BY_STATUS = {
    400: ValidationError,
    401: AuthenticationError,
    402: InsufficientCreditsError,
    403: PermissionError,
    404: NotFoundError,
}


def error_for_answer(status: int, code: str, message: str, *, retry_after: Optional[float], **kwargs: Any) -> PerchError:
    """The typed error for an HTTP error answer."""
    if status == 429:
        return RateLimitError(message, status=status, code=code, retry_after=retry_after, **kwargs)
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status) or (ServerError if status >= 500 else PerchError)
    return cls(message, status=status, code=code, **kwargs)
