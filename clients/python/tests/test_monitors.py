"""Monitors and typed events in the Python client: perch.stream(events=...) and perch.events.

The frame tests run against a loopback SSE server in this process; MonitorsAgainstPerchTest runs
against a real Perch (see test_against_perch.py for the environment) with a real follow.
"""
import http.server
import json
import os
import threading
import time
import typing
import unittest

import perch
from perch import EVENT_TYPES, PROFILE_FIELDS, InsufficientCreditsError, Perch
from perch._event_types import event_of_frame

SUBJECTS = json.loads(os.environ.get("PERCH_TEST_SUBJECTS", "null"))

FRAMES = [
    'id: 10\nevent: match\ndata: {"id":"10","rule":{"id":"1","tag":"t"},"matched_at":"2026-12-01T00:00:00.000Z","tweet":{"id":"7"}}\n\n',
    ': heartbeat\n\n',
    'id: 11\nevent: account.balance_low\ndata: {"id":"11","type":"account.balance_low","created_at":"2026-12-01T00:00:01.000Z","rule":null,"data":{"balance":3,"threshold":10}}\n\n',
    'id: 12\nevent: follow.muted\ndata: {"id":"12","type":"follow.muted","created_at":"2026-12-01T00:00:02.000Z","rule":null,"data":{}}\n\n',
    'id: 13\nevent: profile.available\ndata: {"id":"13","type":"profile.available","created_at":"2026-12-01T00:00:03.000Z","rule":{"id":"2","tag":"p"},"data":{"user":{"id":"3","username":"c","name":null,"profile_url":null}}}\n\n',
]


class SseServer:
    """Answers the first GET /v2/stream with FRAMES and then closes; every later one with a 402 (ending the client's iteration)."""

    def __init__(self):
        self.last_event_ids = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.last_event_ids.append(self.headers.get("Last-Event-ID"))
                if len(outer.last_event_ids) > 1:
                    body = json.dumps({"error": {"code": "insufficient_credits", "message": "out"}}).encode()
                    self.send_response(402)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for frame in FRAMES:
                    self.wfile.write(frame.encode())
                self.wfile.flush()
                self.close_connection = True

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class FramesTest(unittest.TestCase):
    def setUp(self):
        self.sse = SseServer()
        self.perch = Perch("k", base_url=self.sse.url, max_retries=0)

    def tearDown(self):
        self.sse.close()

    def read(self, iterator):
        seen = []
        with self.assertRaises(InsufficientCreditsError):
            for event in iterator:
                seen.append(event)
        return seen

    def test_matches_only_by_default_resuming_after_the_others(self):
        seen = self.read(self.perch.stream(reconnect_delay=0.01))
        self.assertEqual(seen, [{"id": "10", "rule": {"id": "1", "tag": "t"}, "matched_at": "2026-12-01T00:00:00.000Z", "tweet": {"id": "7"}}])
        self.assertEqual(self.sse.last_event_ids, [None, "13"])

    def test_every_known_type_with_events_all(self):
        seen = self.read(self.perch.stream(events="all", last_event_id="5", reconnect_delay=0.01))
        self.assertEqual([(e["id"], e["type"]) for e in seen], [("10", "rule.match"), ("11", "account.balance_low"), ("13", "profile.available")])
        self.assertEqual(seen[0], {"id": "10", "type": "rule.match", "created_at": "2026-12-01T00:00:00.000Z", "rule": {"id": "1", "tag": "t"}, "tweet": {"id": "7"}, "data": None})
        self.assertEqual(seen[2]["data"]["user"]["username"], "c")
        self.assertIsNone(seen[2]["tweet"])
        self.assertEqual(self.sse.last_event_ids, ["5", "13"])

    def test_only_the_listed_types(self):
        seen = self.read(self.perch.stream(events=["profile.available"], reconnect_delay=0.01))
        self.assertEqual([e["id"] for e in seen], ["13"])

    def test_refuses_a_bare_type_name(self):
        with self.assertRaises(TypeError):
            self.perch.stream(events="follow.added")  # type: ignore[call-overload]


class EventTypesTest(unittest.TestCase):
    def test_names_every_type_and_its_dict(self):
        self.assertEqual(typing.get_args(perch.EventType), EVENT_TYPES)
        self.assertEqual(typing.get_args(perch.ProfileField), PROFILE_FIELDS)
        # Annotations are strings under `from __future__ import annotations`: resolved here.
        hints = {cls.__name__: typing.get_type_hints(cls) for cls in typing.get_args(perch.PerchEvent)}
        self.assertEqual(sorted(typing.get_args(h["type"])[0] for h in hints.values()), sorted(EVENT_TYPES))
        self.assertIs(hints["FollowAddedEvent"]["data"], perch.FollowEventData)
        self.assertIs(hints["ProfileUpdatedEvent"]["data"], perch.ProfileUpdatedData)
        self.assertEqual(set(typing.get_type_hints(perch.FollowEventData)), {"monitor", "follower", "followed"})
        self.assertEqual(set(typing.get_type_hints(perch.EventUser)), {"id", "username", "name", "profile_url"})

    def test_reads_a_monitor_frame_as_the_event_list_shape(self):
        data = {"monitor": {"username": "a", "direction": "followers"}, "follower": {"id": "2", "username": "b", "name": None, "profile_url": None}, "followed": {"id": "1", "username": "a", "name": "A", "profile_url": None}}
        frame = json.dumps({"id": "6", "type": "follow.added", "created_at": "t", "rule": {"id": "1", "tag": "x"}, "data": data})
        self.assertEqual(event_of_frame("follow.added", frame), {"id": "6", "type": "follow.added", "created_at": "t", "rule": {"id": "1", "tag": "x"}, "tweet": None, "data": data})


@unittest.skipUnless(SUBJECTS, "needs a running Perch: see test_against_perch.py")
class MonitorsAgainstPerchTest(unittest.TestCase):
    def test_a_follows_monitor_reads_a_real_follow_back_typed(self):
        p, other = Perch(), SUBJECTS["other"]
        p.unfollow_user(other)  # a known start: not following (changed or not)
        rule = p.create_rule(tag="python-fans", follows={"username": other, "direction": "followers"}).data
        try:
            self.assertEqual((rule["type"], rule["follows"], rule["query"], rule["profile"]), ("follows", {"username": other.lower(), "direction": "followers"}, None, None))
            me = p.get_account().data
            self.assertTrue(p.follow_user(other).meta["changed"])
            self.assertTrue(p.unfollow_user(other).meta["changed"])
            # Recorded by the server's monitor worker within a moment: waited for through the list.
            deadline = time.monotonic() + 30
            while len(p.events.list(rule_id=rule["id"]).data) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            listed = p.events.list(rule_id=rule["id"], type=["follow.added", "follow.removed"]).data
            self.assertEqual([e["type"] for e in listed], ["follow.added", "follow.removed"])
            for event in listed:
                self.assertEqual(event["rule"], {"id": rule["id"], "tag": "python-fans"})
                self.assertIsNone(event["tweet"])
                self.assertEqual(event["data"]["monitor"], {"username": other.lower(), "direction": "followers"})
                self.assertEqual(event["data"]["followed"]["username"].lower(), other.lower())
                self.assertEqual(event["data"]["follower"]["username"], me["connected_account"]["username"])
            self.assertEqual(list(p.events.list_all(rule_id=rule["id"], count=1)), listed)
            # The stream, from the oldest kept event, yields the same dicts.
            streamed = []
            for event in p.stream(events=["follow.added", "follow.removed"], last_event_id="0"):
                if event["rule"] and event["rule"]["id"] == rule["id"]:
                    streamed.append(event)
                if len(streamed) == 2:
                    break
            self.assertEqual(streamed, listed)
        finally:
            p.delete_rule(rule["id"])
