"""exports.records() against what the real server never sends but a proxy or a slow network can:
a Range ignored (200 with the whole file), a committed length that ends inside a line, bytes split
mid-character. The job and the file are scripted in place of the client's two ways out (its call
and its raw GET); the real server's answers are tested in test_exports.py."""
import io
import json
import re
import unittest

from perch import Perch, Response


def lines(*records):
    return "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records).encode("utf-8")


class ScriptedAnswer(io.BytesIO):
    """An open answer: its status, headers, and its body read in chunks of `chunk` bytes."""

    def __init__(self, body, status, chunk):
        super().__init__(body)
        self.status, self.headers, self._chunk = status, {}, chunk

    def read(self, size=-1):
        return super().read(min(self._chunk, size) if size and size > 0 else self._chunk)


def scripted(script, chunk=3):
    """A client whose job is script(looks)["job"] and whose file is script(looks)["file"]; looks counts the GETs of the job."""
    client = Perch("perch_test", base_url="http://scripted")
    state = {"looks": 0, "ranges": []}

    def call(operation_id, path, inputs, **_):
        state["looks"] += 1
        step = script(state["looks"])
        return Response(data={"id": "1", "format": "jsonl", "status": "running", "size_bytes": len(step["file"]), **step["job"]}, meta={}, headers={})

    def open_(path, headers, timeout):
        step = script(state["looks"])
        state["ranges"].append(headers.get("Range"))
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", headers.get("Range", ""))
        if match and not step.get("ignore_range"):
            end = int(match.group(2)) + 1 if match.group(2) else None
            return ScriptedAnswer(step["file"][int(match.group(1)) : end], 206, chunk)
        return ScriptedAnswer(step["file"], 200, chunk)

    client._call, client._open = call, open_
    return client, state


class RecordsTest(unittest.TestCase):
    def test_skips_what_it_read_when_a_proxy_ignores_the_range(self):
        whole = lines({"n": 1}, {"n": 2}, {"n": 3})
        first = len(lines({"n": 1}, {"n": 2}))
        client, state = scripted(
            lambda looks: {"file": whole, "job": {"size_bytes": first}, "ignore_range": True}
            if looks == 1
            else {"file": whole, "job": {"status": "completed"}, "ignore_range": True}
        )
        self.assertEqual(list(client.exports.records("1", interval=0.001)), [{"n": 1}, {"n": 2}, {"n": 3}])
        self.assertEqual(state["ranges"][1], f"bytes={first}-{len(whole) - 1}")

    def test_holds_back_a_cut_line_and_decodes_split_characters(self):
        whole = lines({"name": "Zoë 🐦"}, {"name": "Ōtani"})
        cut = whole.index("Ōtani".encode("utf-8")) + 2
        client, state = scripted(lambda looks: {"file": whole[:cut], "job": {}} if looks == 1 else {"file": whole, "job": {"status": "completed"}})
        self.assertEqual(list(client.exports.records("1", interval=0.001)), [{"name": "Zoë 🐦"}, {"name": "Ōtani"}])
        after_first = whole.index(b"\n") + 1
        self.assertEqual(state["ranges"], [f"bytes=0-{cut - 1}", f"bytes={after_first}-{len(whole) - 1}"])

    def test_a_finished_last_line_without_newline_and_an_empty_export(self):
        client, _ = scripted(lambda looks: {"file": b'{"n":1}\n{"n":2}', "job": {"status": "completed"}})
        self.assertEqual(list(client.exports.records("1")), [{"n": 1}, {"n": 2}])
        empty, state = scripted(lambda looks: {"file": b"", "job": {"status": "completed"}})
        self.assertEqual(list(empty.exports.records("1")), [])
        self.assertEqual(state["ranges"], [])


if __name__ == "__main__":
    unittest.main()
