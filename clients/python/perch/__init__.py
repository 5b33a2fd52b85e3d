"""Perch: a typed client for the /v2 social data API, on the standard library alone."""
from ._client import Perch, Response
from ._events import Events
from ._exports import Exports
from ._generated import OPERATIONS
from ._generated import *  # noqa: F401,F403 - the record TypedDicts (Tweet, User, ...)
from .errors import (
    AccountNotConnectedError,
    AuthenticationError,
    ConnectionError,
    ExportCancelledError,
    ExportEndedError,
    ExportFailedError,
    InsufficientCreditsError,
    KeyLimitReachedError,
    NotFoundError,
    PerchError,
    PermissionError,
    RateLimitError,
    ServerError,
    TimeoutError,
    UnavailableError,
    ValidationError,
)

__version__ = "0.1.0"
__all__ = [
    "OPERATIONS",
    "AccountNotConnectedError",
    "AuthenticationError",
    "Events",
    "Exports",
    "ConnectionError",
    "ExportCancelledError",
    "ExportEndedError",
    "ExportFailedError",
    "InsufficientCreditsError",
    "KeyLimitReachedError",
    "NotFoundError",
    "Perch",
    "PerchError",
    "PermissionError",
    "RateLimitError",
    "Response",
    "ServerError",
    "TimeoutError",
    "UnavailableError",
    "ValidationError",
]
