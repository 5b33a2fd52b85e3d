"""perch.exports against a real Perch server, whose own runner runs the exports.

tests/integration/python-client.test.ts passes PERCH_TEST_EXPORTS (JSON): the username whose
followers are exported, keys of accounts with 5 credits ("poor", "failing") and with none
("broke"), a key of another workspace ("stranger"), the server's export directory, and
grant_url, where a POST of /<account> grants that account credits. Without it these tests are
skipped.
"""
import json
import os
import tempfile
import time
import unittest
import urllib.request

from perch import ExportCancelledError, ExportFailedError, NotFoundError, Perch, PerchError

CONFIG = json.loads(os.environ.get("PERCH_TEST_EXPORTS", "null"))
FINISHED = ("completed", "failed", "cancelled")


def without_viewer(users):
    """The records less `viewer`, which is relative to the caller's connected account (the poor one has none)."""
    return [{name: value for name, value in user.items() if name != "viewer"} for user in users]


def grant(account):
    """Has the test harness grant credits to one of its accounts."""
    urllib.request.urlopen(urllib.request.Request(f"{CONFIG['grant_url']}/{account}", data=b"", method="POST")).close()


@unittest.skipUnless(CONFIG, "needs a running Perch: see the module docstring")
class ExportsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.perch = Perch()
        cls.username = CONFIG["followers"]
        # Every follower, paged through /v2 by hand.
        cls.by_hand = list(cls.perch.paginate.get_user_followers(cls.username, count=7))

    def create(self, client=None, **options):
        job = (client or self.perch).exports.create("getUserFollowers", {"username": self.username}, **options)
        self.assertEqual(job["status"], "queued")
        return job

    def wait_until(self, client, export_id, condition):
        """Polls the export until condition(job) holds; the server's runner moves it on meanwhile."""
        for _ in range(600):
            job = client.exports.get(export_id)
            if condition(job):
                return job
            time.sleep(0.05)
        self.fail(f"export {export_id} never reached the expected state: {job}")

    def test_create_wait_for_download_and_records_equal_paging_by_hand(self):
        exports = self.perch.exports
        estimate = exports.estimate("getUserFollowers", {"username": self.username})
        self.assertEqual(estimate["items"], len(self.by_hand))
        job = self.create()
        seen = []
        done = exports.wait_for(job["id"], interval=0.05, on_progress=seen.append)
        self.assertEqual(done["status"], "completed")
        self.assertEqual(done["items"], len(self.by_hand))
        self.assertEqual(seen[-1]["status"], "completed")

        data = exports.download(job["id"])
        self.assertEqual(len(data), done["size_bytes"])
        self.assertEqual([json.loads(line) for line in data.decode("utf-8").splitlines()], self.by_hand)
        self.assertEqual(exports.download(job["id"], start=10, end=99), data[10:100])
        self.assertEqual(exports.download(job["id"], gzip=True), data)
        with tempfile.TemporaryDirectory() as scratch:
            target = os.path.join(scratch, "followers.jsonl")
            self.assertEqual(exports.download_to(job["id"], target), len(data))
            with open(target, "rb") as file:
                self.assertEqual(file.read(), data)

        self.assertEqual(list(exports.records(job["id"])), self.by_hand)
        # The event stream of a finished export: its end at once, then the iteration stops.
        events = list(exports.events(job["id"]))
        self.assertEqual(events[-1]["export"]["status"], "completed")
        # Its end is stored too: perch.events lists it among the workspace's account events.
        stored = [e for e in self.perch.events.list_all(type=["export.completed", "export.failed"]) if e["data"]["export"]["id"] == job["id"]]
        self.assertEqual([(e["type"], e["rule"], e["data"]["export"]["status"]) for e in stored], [("export.completed", None, "completed")])
        self.assertEqual(events[-1]["export"]["items"], len(self.by_hand))
        self.assertIn(job["id"], [listed["id"] for listed in exports.list(status="completed", count=100).data])
        self.assertIn(job["id"], [listed["id"] for listed in exports.list_all(count=1)])

    def test_records_while_the_export_runs_each_once(self):
        poor = Perch(CONFIG["poor"])
        job = self.create(poor)
        records = poor.exports.records(job["id"], interval=0.05)
        # 5 credits pay for 5 followers: the export cannot finish until the grant below.
        got = [next(records) for _ in range(5)]
        self.assertEqual(without_viewer(got), without_viewer(self.by_hand[:5]))
        now = poor.exports.get(job["id"])
        self.assertNotIn(now["status"], FINISHED)
        self.assertEqual(now["items"], 5)
        grant("poor")
        got.extend(records)
        self.assertEqual(without_viewer(got), without_viewer(self.by_hand))
        self.assertEqual(len({user["id"] for user in got}), len(self.by_hand))
        self.assertEqual(poor.exports.get(job["id"])["status"], "completed")

    def test_csv_is_downloaded_not_parsed(self):
        job = self.create(format="csv")
        self.perch.exports.wait_for(job["id"], interval=0.05)
        with self.assertRaises(PerchError) as refused:
            next(self.perch.exports.records(job["id"]))
        self.assertEqual(refused.exception.code, "unsupported_export_format")
        self.assertIn("csv", refused.exception.message)
        lines = self.perch.exports.download(job["id"]).decode("utf-8").splitlines()
        self.assertEqual(len(lines), len(self.by_hand) + 1)

    def test_cancel_and_delete(self):
        broke = Perch(CONFIG["broke"])
        job = self.create(broke)
        # No credits: it pauses before its first page, unfinished until cancelled.
        self.wait_until(broke, job["id"], lambda seen: seen["status"] == "paused")
        cancelled = broke.exports.cancel(job["id"])
        self.assertEqual((cancelled["status"], cancelled["items"]), ("cancelled", 0))
        with self.assertRaises(ExportCancelledError) as waited:
            broke.exports.wait_for(job["id"])
        self.assertEqual(waited.exception.code, "export_cancelled")
        self.assertEqual(waited.exception.job["id"], job["id"])
        with self.assertRaises(ExportCancelledError):
            list(broke.exports.records(job["id"]))
        self.assertEqual(broke.exports.delete(job["id"]), {"id": job["id"], "deleted": True})
        with self.assertRaises(NotFoundError):
            broke.exports.get(job["id"])

    def test_a_failed_export_raises_from_wait_for(self):
        failing = Perch(CONFIG["failing"])
        job = self.create(failing)
        self.wait_until(failing, job["id"], lambda seen: seen["status"] == "paused" and seen["items"] == 5)
        # The file loses its committed pages (a wiped volume): the export cannot go on.
        os.remove(os.path.join(CONFIG["export_dir"], f"export-{job['id']}.jsonl"))
        grant("failing")
        with self.assertRaises(ExportFailedError) as failed:
            failing.exports.wait_for(job["id"], interval=0.05)
        self.assertEqual(failed.exception.code, "export_failed")
        self.assertEqual(failed.exception.job["status"], "failed")
        self.assertEqual(failed.exception.job["error"]["code"], "file_lost")

    def test_another_workspaces_export_is_not_found(self):
        job = self.create()
        stranger = Perch(CONFIG["stranger"]).exports
        for attempt in (
            lambda: stranger.get(job["id"]),
            lambda: stranger.cancel(job["id"]),
            lambda: stranger.delete(job["id"]),
            lambda: stranger.download(job["id"]),
            lambda: stranger.wait_for(job["id"]),
            lambda: next(stranger.records(job["id"])),
        ):
            with self.assertRaises(NotFoundError) as missing:
                attempt()
            self.assertEqual((missing.exception.status, missing.exception.code), (404, "not_found"))
        self.assertEqual(self.perch.exports.get(job["id"])["id"], job["id"])


if __name__ == "__main__":
    unittest.main()
