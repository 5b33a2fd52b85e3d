"""perch.exports: whole result sets as jobs, their files, and their records as they are written."""
from __future__ import annotations

import http.client
import json
import os
import time
import urllib.parse
import zlib
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Dict, Iterator, List, Optional, Tuple, Union

from ._generated import ExportEstimate, ExportJob
from ._sse import read_events
from .errors import ExportCancelledError, ExportFailedError, PerchError, TimeoutError, error_for_answer

if TYPE_CHECKING:
    from ._client import Perch, Response

FINISHED = ("completed", "failed", "cancelled")
CHUNK = 64 * 1024


def _raise_unless_completed(job: ExportJob) -> None:
    if job["status"] == "failed":
        raise ExportFailedError(job)
    if job["status"] == "cancelled":
        raise ExportCancelledError(job)


class Exports:
    """`perch.exports`: every method but download and the iterators returns the export itself (its dict); all are free."""

    def __init__(self, client: Perch) -> None:
        self._client = client

    def create(
        self,
        operation: str,
        params: Optional[Dict[str, Any]] = None,
        *,
        format: Optional[str] = None,
        max_items: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> ExportJob:
        """Starts an export of every record of `operation` (getUserFollowers, searchTweets, ...) with its inputs as `params`; answered at once, queued."""
        return self._client.create_export(
            operation=operation, params=params or {}, format=format, max_items=max_items, max_credits=max_credits, timeout=timeout  # type: ignore[arg-type]
        ).data

    def estimate(
        self,
        operation: str,
        params: Optional[Dict[str, Any]] = None,
        *,
        format: Optional[str] = None,
        max_items: Optional[int] = None,
        max_credits: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> ExportEstimate:
        """What the export would return and cost; items and credits are None where the source cannot tell (a search)."""
        return self._client.estimate_export(
            operation=operation, params=params or {}, format=format, max_items=max_items, max_credits=max_credits, timeout=timeout  # type: ignore[arg-type]
        ).data

    def get(self, export_id: str, *, timeout: Optional[float] = None) -> ExportJob:
        """One export: status, items, credits_charged, size_bytes, error. NotFoundError for another workspace's id."""
        return self._client.get_export(export_id, timeout=timeout).data

    def list(self, *, status: Optional[str] = None, count: Optional[int] = None, cursor: Optional[str] = None, timeout: Optional[float] = None) -> Response[List[ExportJob]]:
        """One page of the workspace's exports, newest first; `.next_cursor` for the next page."""
        return self._client.list_exports(status=status, count=count, cursor=cursor, timeout=timeout)  # type: ignore[arg-type]

    def list_all(self, *, status: Optional[str] = None, count: Optional[int] = None, max_items: Optional[int] = None, timeout: Optional[float] = None) -> Iterator[ExportJob]:
        """Every export of the workspace (of a status), page after page."""
        return self._client.paginate.list_exports(status=status, count=count, max_items=max_items, timeout=timeout)  # type: ignore[arg-type]

    def cancel(self, export_id: str, *, timeout: Optional[float] = None) -> ExportJob:
        """Cancels an unfinished export; its file keeps what was written. A finished one is answered as it is."""
        return self._client.cancel_export(export_id, timeout=timeout).data

    def delete(self, export_id: str, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Deletes the export's file and record (an unfinished one stops first)."""
        return dict(self._client.delete_export(export_id, timeout=timeout).data)

    def iter_download(
        self, export_id: str, *, start: Optional[int] = None, end: Optional[int] = None, gzip: bool = False, timeout: Optional[float] = None
    ) -> Iterator[bytes]:
        """The export's file in chunks as they arrive; bytes start..end (inclusive) with a Range. gzip=True
        has it compressed on the wire (decompressed here); a Range is never compressed."""
        headers = {"Accept-Encoding": "gzip" if gzip else "identity"}
        if start is not None or end is not None:
            first = 0 if start is None else start
            if first < 0 or (end is not None and end < first):
                raise ValueError(f"the range must be whole byte offsets with start <= end, got {start}..{end}")
            headers["Range"] = f"bytes={first}-{'' if end is None else end}"
        answer = self._client._open(_path(export_id, "/download"), headers, timeout)
        with answer:
            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if answer.headers.get("Content-Encoding", "").lower() == "gzip" else None
            while True:
                chunk = answer.read(CHUNK)
                if not chunk:
                    break
                yield inflate.decompress(chunk) if inflate else chunk
            if inflate:
                yield inflate.flush()

    def download(self, export_id: str, *, start: Optional[int] = None, end: Optional[int] = None, gzip: bool = False, timeout: Optional[float] = None) -> bytes:
        """The export's file (or bytes start..end of it) as bytes; while it runs, what was written so far."""
        return b"".join(self.iter_download(export_id, start=start, end=end, gzip=gzip, timeout=timeout))

    def download_to(self, export_id: str, destination: Union[str, "os.PathLike[str]", BinaryIO], *, gzip: bool = False, timeout: Optional[float] = None) -> int:
        """Writes the export's file to a path or a binary file object, chunk by chunk; returns the bytes written."""
        if hasattr(destination, "write"):
            return _write_chunks(self.iter_download(export_id, gzip=gzip, timeout=timeout), destination)  # type: ignore[arg-type]
        with open(destination, "wb") as file:  # type: ignore[arg-type]
            return _write_chunks(self.iter_download(export_id, gzip=gzip, timeout=timeout), file)

    def wait_for(
        self,
        export_id: str,
        *,
        interval: float = 1.0,
        max_wait: Optional[float] = None,
        on_progress: Optional[Callable[[ExportJob], None]] = None,
    ) -> ExportJob:
        """Waits until the export finishes, looking every `interval` seconds: returns it completed; raises
        ExportFailedError (`.job["error"]` says why) or ExportCancelledError, or TimeoutError after max_wait seconds."""
        deadline = None if max_wait is None else time.monotonic() + max_wait
        while True:
            job = self.get(export_id)
            if on_progress:
                on_progress(job)
            if job["status"] in FINISHED:
                _raise_unless_completed(job)
                return job
            if deadline is not None and time.monotonic() + interval > deadline:
                raise TimeoutError(f"export {export_id} is still {job['status']} after {max_wait} s", status=None, code="timeout")
            time.sleep(interval)

    def events(self, export_id: str, *, reconnect_delay: float = 1.0, timeout: Optional[float] = None) -> Iterator[Dict[str, Any]]:
        """The export's progress as it changes (GET /v2/exports/{id}/events, Server-Sent Events):
        {export, items_per_second, eta_seconds} at once and at every change, ending after the event of
        its end. A dropped stream is opened again after reconnect_delay seconds; a deleted export raises NotFoundError."""
        while True:
            try:
                for name, data in self._read_events(export_id, timeout):
                    if name == "error":
                        problem = json.loads(data)
                        if problem.get("retryable"):
                            break
                        raise error_for_answer(404 if problem.get("code") == "not_found" else 400, problem.get("code", "invalid_response"), problem.get("message", ""), retry_after=None)
                    if name in ("progress", "end"):
                        yield json.loads(data)
                        if name == "end":
                            return
            except (OSError, http.client.HTTPException):
                pass  # the connection dropped mid-stream: opened again below
            time.sleep(reconnect_delay)

    def _read_events(self, export_id: str, timeout: Optional[float]) -> Iterator[Tuple[str, str]]:
        """(event, data) of each event of the stream as it arrives; comments (heartbeats) are skipped."""
        answer = self._client._open(_path(export_id, "/events"), {"Accept": "text/event-stream"}, timeout)
        with answer:
            for _, name, data in read_events(answer):
                yield name, data

    def records(self, export_id: str, *, interval: float = 1.0, on_progress: Optional[Callable[[ExportJob], None]] = None) -> Iterator[Any]:
        """The records of a JSONL export as they are written: reads the file from the last whole line read
        (a Range), waits `interval` seconds when nothing is new, and ends once the export finished and
        every record was yielded, each once and in order. A failed or cancelled export raises its error
        after its last record. CSV exports have no records to parse: download those."""
        offset = 0
        while True:
            job = self.get(export_id)
            if job["format"] != "jsonl":
                raise PerchError(
                    f"export {export_id} is {job['format']}: records() reads JSONL exports; download a {job['format']} export instead",
                    status=None,
                    code="unsupported_export_format",
                )
            if on_progress:
                on_progress(job)
            finished = job["status"] in FINISHED
            size = job["size_bytes"]
            before = offset
            if size > offset:
                for line, end in self._lines(export_id, offset, size, finished):
                    offset = end
                    if line:
                        yield json.loads(line)
            if finished and offset >= size:
                _raise_unless_completed(job)
                return
            if offset == before:
                time.sleep(interval)

    def _lines(self, export_id: str, start: int, stop: int, finished: bool) -> Iterator[Tuple[str, int]]:
        """Whole lines of bytes start..stop (exclusive), each with the offset just past it; a last line without
        its newline waits for the next read unless the export has finished."""
        answer = self._client._open(_path(export_id, "/download"), {"Range": f"bytes={start}-{stop - 1}", "Accept-Encoding": "identity"}, None)
        with answer:
            # A server (or proxy) that ignored the Range sends the whole file: skip what was read before.
            skip = 0 if answer.status == 206 else start
            position, pending = start, b""
            while position + len(pending) < stop:
                chunk = answer.read(CHUNK)
                if not chunk:
                    break
                if skip:
                    dropped = min(skip, len(chunk))
                    chunk, skip = chunk[dropped:], skip - dropped
                # Nothing past the committed length: those bytes belong to a page not yet committed.
                pending += chunk[: max(0, stop - position - len(pending))]
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    position += len(line) + 1
                    yield line.decode("utf-8"), position
            if finished and pending:
                yield pending.decode("utf-8"), position + len(pending)


def _path(export_id: str, tail: str) -> str:
    if not isinstance(export_id, str) or export_id == "":
        raise TypeError(f"export_id must be a non-empty string, got {export_id!r}")
    return "/v2/exports/" + urllib.parse.quote(export_id, safe="") + tail


def _write_chunks(chunks: Iterator[bytes], file: BinaryIO) -> int:
    written = 0
    for chunk in chunks:
        file.write(chunk)
        written += len(chunk)
    return written
