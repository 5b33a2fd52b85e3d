"""The client against a real Perch server.

tests/integration/python-client.test.ts starts the server, creates the accounts and keys, and
passes them in the environment: PERCH_BASE_URL, PERCH_API_KEY (read, write, connected account),
PERCH_TEST_POOR_KEY (15 credits), PERCH_TEST_LIMITED_KEY (spending limit used up),
PERCH_TEST_SLOW_KEY (1 request per second), PERCH_TEST_SUBJECTS (JSON of usernames and ids
that have data). Without them these tests are skipped.
"""
import json
import os
import typing
import unittest
import uuid

import perch
from perch import (
    AuthenticationError,
    ConnectionError,
    InsufficientCreditsError,
    KeyLimitReachedError,
    NotFoundError,
    Perch,
    PerchError,
    ValidationError,
)

SUBJECTS = json.loads(os.environ.get("PERCH_TEST_SUBJECTS", "null"))
MISSING_USERNAME = (SUBJECTS or {}).get("missingUsername", "")
MISSING_ID = (SUBJECTS or {}).get("missingId", "")


@unittest.skipUnless(SUBJECTS, "needs a running Perch: see the module docstring")
class AgainstPerchTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.perch = Perch()  # key and base URL from the environment, as documented
        cls.subjects = SUBJECTS

    def test_every_operation_once(self):
        s, page = self.subjects, {"count": 3}
        p = self.perch
        created = {}

        def create():
            result = p.create_tweet(text=f"from the Python client {uuid.uuid4().hex[:8]}")
            created["id"] = result.data["id"]
            return result

        def create_rule():
            result = p.create_rule(tag="python", query="from the Python client")
            created["rule"] = result.data["id"]
            return result

        def create_webhook():
            # Nothing listens there: deliveries stay pending, which is all these calls need.
            result = p.create_webhook(url="https://receiver.invalid/perch-python", description="python test")
            created["webhook"] = result.data["id"]
            return result

        def replay_pending():
            # Nothing can receive the test event, so it is still pending: the server refuses the
            # replay with its documented 400, which is the call's answer this test can get.
            with self.assertRaises(ValidationError) as refused:
                p.replay_webhook_delivery(created["delivery"])
            self.assertIn("only delivered or failed deliveries can be replayed", refused.exception.message)
            return p.list_webhook_deliveries(created["webhook"], count=1)

        def test_webhook():
            result = p.test_webhook(created["webhook"])
            created["delivery"] = result.data["delivery_id"]
            return result

        def create_export():
            result = p.create_export(operation="getUserFollowerIds", params={"username": s["followers"]}, max_items=3)
            created["export"] = result.data["id"]
            return result

        def list_events():
            # An export's end is a stored account event: one small export, waited for, gives the list an item.
            job = p.exports.create("getUserFollowerIds", {"username": s["followers"]}, max_items=1)
            p.exports.wait_for(job["id"], interval=0.05)
            result = p.list_events(type="export.completed", count=3)
            self.assertIn(job["id"], [event["data"]["export"]["id"] for event in result.data])
            return result

        calls = {
            "searchTweets": lambda: p.search_tweets(query="the", count=3, sort="popular", include_replies=False),
            "searchUsers": lambda: p.search_users(query="an", **page),
            "getUser": lambda: p.get_user("@" + s["followers"].upper()),
            "getUserTweets": lambda: p.get_user_tweets(s["tweets"], sort="engagement", **page),
            "getUserMentions": lambda: p.get_user_mentions(s["mentions"], **page),
            "getUserReplies": lambda: p.get_user_replies(s["replies"], **page),
            "getUserMedia": lambda: p.get_user_media(s["media"], **page),
            "getUserFollowers": lambda: p.get_user_followers(s["followers"], sort="followers", **page),
            "getUserFollowerIds": lambda: p.get_user_follower_ids(s["followers"], **page),
            "getUserFollowing": lambda: p.get_user_following(s["following"], **page),
            "getUserVerifiedFollowers": lambda: p.get_user_verified_followers(s["verifiedFollowers"], **page),
            "getUsersBatch": lambda: p.get_users_batch(usernames=[s["tweets"], MISSING_USERNAME]),
            "getTweet": lambda: p.get_tweet(s["target"]),
            "getTweetConversation": lambda: p.get_tweet_conversation(s["conversation"], **page),
            "getTweetQuotes": lambda: p.get_tweet_quotes(s["quoted"], **page),
            "getTweetsBatch": lambda: p.get_tweets_batch(ids=[s["target"], MISSING_ID]),
            "getTweetRetweeters": lambda: p.get_tweet_retweeters(s["retweeted"], **page),
            "getTweetLikers": lambda: p.get_tweet_likers(s["liked"], **page),
            "getListTweets": lambda: p.get_list_tweets(s["listMembers"], **page),
            "getListMembers": lambda: p.get_list_members(s["listMembers"], **page),
            "getListSubscribers": lambda: p.get_list_subscribers(s["listSubscribers"], **page),
            "getCommunity": lambda: p.get_community(s["communityMembers"]),
            "getCommunityTweets": lambda: p.get_community_tweets(s["communityTweets"], **page),
            "getCommunityMembers": lambda: p.get_community_members(s["communityMembers"], **page),
            "getTrending": lambda: p.get_trending(country="JP", count=3),
            "checkFollow": lambda: p.check_follow(target=s["other"]),
            "checkRetweet": lambda: p.check_retweet(s["target"]),
            "checkLike": lambda: p.check_like(s["target"]),
            "createTweet": create,
            "replyToTweet": lambda: p.reply_to_tweet(tweet_id=s["target"], text="a reply from the Python client"),
            "quoteTweet": lambda: p.quote_tweet(quoted_tweet_id=s["target"], text="a quote from the Python client"),
            "deleteTweet": lambda: p.delete_tweet(created["id"]),
            "likeTweet": lambda: p.like_tweet(s["target"]),
            "unlikeTweet": lambda: p.unlike_tweet(s["target"]),
            "retweetTweet": lambda: p.retweet_tweet(s["target"]),
            "unretweetTweet": lambda: p.unretweet_tweet(s["target"]),
            "followUser": lambda: p.follow_user(s["other"]),
            "unfollowUser": lambda: p.unfollow_user(s["other"]),
            "getAccount": lambda: p.get_account(),
            "createRule": create_rule,
            "listRules": lambda: p.list_rules(count=3),
            "validateRule": lambda: p.validate_rule(tag="check", query="#news lang:en"),
            "getRule": lambda: p.get_rule(created["rule"]),
            "updateRule": lambda: p.update_rule(created["rule"], tag="python2", accounts=[s["other"]]),
            "pauseRule": lambda: p.pause_rule(created["rule"]),
            "resumeRule": lambda: p.resume_rule(created["rule"]),
            "deleteRule": lambda: p.delete_rule(created["rule"]),
            "createWebhook": create_webhook,
            "listWebhooks": lambda: p.list_webhooks(),
            "rotateWebhookSecret": lambda: p.rotate_webhook_secret(created["webhook"], overlap_seconds=60),
            "testWebhook": test_webhook,
            "listWebhookDeliveries": lambda: p.list_webhook_deliveries(created["webhook"], count=3),
            "replayWebhookDelivery": replay_pending,
            "deleteWebhook": lambda: p.delete_webhook(created["webhook"]),
            "listEvents": list_events,
            "createExport": create_export,
            "estimateExport": lambda: p.estimate_export(operation="getUserFollowerIds", params={"username": s["followers"]}, max_items=5),
            "listExports": lambda: p.list_exports(count=3),
            "getExport": lambda: p.get_export(created["export"]),
            "cancelExport": lambda: p.cancel_export(created["export"]),
            "deleteExport": lambda: p.delete_export(created["export"]),
            "getUsage": lambda: p.get_usage(group_by="operation", from_="2026-01-01", to="2026-12-31"),
            "listUsageEvents": lambda: p.list_usage_events(count=3),
        }
        self.assertEqual(set(calls), set(perch.OPERATIONS), "every operation of the OpenAPI document is called")
        for operation_id, call in calls.items():
            with self.subTest(operation=operation_id):
                result = call()
                self.assertIsInstance(result.meta["request_id"], str)
                self.assertIsInstance(result.meta["credits_remaining"], int)
                if isinstance(result.data, list):
                    self.assertGreater(len(result.data), 0, f"{operation_id} returned no items for a subject with data")

    def test_records_have_the_typed_fields(self):
        tweet = self.perch.get_tweet(self.subjects["target"]).data
        self.assertEqual(set(tweet), set(typing.get_type_hints(perch.Tweet)))
        user = self.perch.get_user(self.subjects["followers"]).data
        self.assertEqual(set(user), set(typing.get_type_hints(perch.User)))

    def test_pagination_follows_cursors_without_duplicates(self):
        ids = [user["id"] for user in self.perch.paginate.get_user_followers(self.subjects["followers"], count=5, max_items=23)]
        self.assertEqual(len(ids), 23)
        self.assertEqual(len(set(ids)), 23)
        first = self.perch.get_user_followers(self.subjects["followers"], count=5)
        self.assertTrue(first.meta["has_next_page"])
        second = self.perch.get_user_followers(self.subjects["followers"], count=5, cursor=first.next_cursor)
        self.assertEqual([u["id"] for u in first.data + second.data], ids[:10])

    def test_a_write_with_the_same_idempotency_key_is_done_once(self):
        key = str(uuid.uuid4())
        first = self.perch.create_tweet(text=f"once {key[:8]}", idempotency_key=key)
        again = self.perch.create_tweet(text=f"once {key[:8]}", idempotency_key=key)
        self.assertEqual(first.data["id"], again.data["id"])
        self.assertEqual(again.meta["credits_charged"], 0)
        self.assertEqual(again.headers.get("idempotent-replayed"), "true")

    def test_typed_errors(self):
        with self.assertRaises(NotFoundError) as missing:
            self.perch.get_user(MISSING_USERNAME)
        self.assertEqual(missing.exception.status, 404)
        self.assertTrue(missing.exception.request_id)

        with self.assertRaises(ValidationError) as invalid:
            self.perch.get_user_tweets(self.subjects["tweets"], count=0)
        self.assertTrue(any(problem["path"] == "count" for problem in invalid.exception.problems))

        with self.assertRaises(AuthenticationError):
            Perch("perch_" + "x" * 40).get_account()

        with self.assertRaises(InsufficientCreditsError) as poor:
            Perch(os.environ["PERCH_TEST_POOR_KEY"]).get_user_tweets(self.subjects["tweets"], count=20)
        self.assertEqual(poor.exception.code, "insufficient_credits")
        self.assertGreater(poor.exception.required, 15)

        with self.assertRaises(KeyLimitReachedError) as limited:
            Perch(os.environ["PERCH_TEST_LIMITED_KEY"]).get_user(self.subjects["tweets"])
        self.assertEqual(limited.exception.code, "key_limit_reached")

    def test_a_429_is_waited_out_with_retry_after(self):
        # The key allows 1 request/s (plus a small burst): the impatient client runs into the
        # limit, and the patient one, calling right after, meets the 429 and waits it out.
        impatient = Perch(os.environ["PERCH_TEST_SLOW_KEY"], max_retries=0)
        with self.assertRaises(perch.RateLimitError) as limited:
            for _ in range(30):
                impatient.get_account()
        self.assertEqual(limited.exception.status, 429)
        self.assertGreater(limited.exception.retry_after, 0)
        patient = Perch(os.environ["PERCH_TEST_SLOW_KEY"], max_retries=5)
        self.assertIn("balance", patient.get_account().data)

    def test_no_server_is_a_connection_error(self):
        with self.assertRaises(ConnectionError) as failed:
            Perch("perch_x", base_url="http://127.0.0.1:9", max_retries=0).get_account()
        self.assertIsNone(failed.exception.status)

    def test_missing_key_is_refused_before_any_call(self):
        saved = os.environ.pop("PERCH_API_KEY")
        try:
            with self.assertRaises(PerchError) as missing:
                Perch()
            self.assertEqual(missing.exception.code, "missing_api_key")
        finally:
            os.environ["PERCH_API_KEY"] = saved


if __name__ == "__main__":
    unittest.main()
