"""The retry policy's pure functions (no server needed)."""
import unittest
from email.utils import formatdate

from perch import _retry


class RetryPolicyTest(unittest.TestCase):
    def test_backoff_doubles_and_caps_with_jitter(self):
        self.assertEqual(_retry.backoff(0, lambda: 0.0), 0.25)
        self.assertEqual(_retry.backoff(1, lambda: 0.0), 0.5)
        self.assertAlmostEqual(_retry.backoff(10, lambda: 0.999999), 8.0, places=3)

    def test_retry_after_seconds_and_http_date(self):
        self.assertEqual(_retry.parse_retry_after("3"), 3.0)
        self.assertIsNone(_retry.parse_retry_after(""))
        self.assertIsNone(_retry.parse_retry_after("-1"))
        self.assertIsNone(_retry.parse_retry_after("soon"))
        now = 1_700_000_000.0
        self.assertAlmostEqual(_retry.parse_retry_after(formatdate(now + 5, usegmt=True), now=now), 5.0)

    def test_429_is_retried_for_every_call_after_retry_after(self):
        delay = _retry.retry_delay(status=429, retry_after=2.0, retry=0, max_retries=3, idempotent=False)
        self.assertEqual(delay, 2.0 + _retry.RETRY_AFTER_MARGIN)

    def test_long_retry_after_goes_to_the_caller(self):
        self.assertIsNone(_retry.retry_delay(status=429, retry_after=61.0, retry=0, max_retries=3, idempotent=True))

    def test_5xx_and_network_failures_only_when_idempotent(self):
        self.assertIsNotNone(_retry.retry_delay(status=503, retry_after=None, retry=0, max_retries=3, idempotent=True))
        self.assertIsNone(_retry.retry_delay(status=503, retry_after=None, retry=0, max_retries=3, idempotent=False))
        self.assertIsNotNone(_retry.retry_delay(status=None, retry_after=None, retry=0, max_retries=3, idempotent=True))
        self.assertIsNone(_retry.retry_delay(status=None, retry_after=None, retry=0, max_retries=3, idempotent=False))

    def test_upstream_error_and_failed_authentications_are_never_retried(self):
        self.assertIsNone(_retry.retry_delay(status=502, retry_after=None, retry=0, max_retries=3, idempotent=True, code="upstream_error"))
        self.assertIsNone(
            _retry.retry_delay(status=429, retry_after=1.0, retry=0, max_retries=3, idempotent=True, code="too_many_failed_authentications")
        )
        self.assertIsNotNone(_retry.retry_delay(status=502, retry_after=None, retry=0, max_retries=3, idempotent=True, code=None))
        self.assertIsNotNone(_retry.retry_delay(status=503, retry_after=None, retry=0, max_retries=3, idempotent=True, code="unavailable"))

    def test_4xx_is_never_retried_and_retries_run_out(self):
        self.assertIsNone(_retry.retry_delay(status=400, retry_after=None, retry=0, max_retries=3, idempotent=True))
        self.assertIsNone(_retry.retry_delay(status=429, retry_after=1.0, retry=3, max_retries=3, idempotent=True))


if __name__ == "__main__":
    unittest.main()
