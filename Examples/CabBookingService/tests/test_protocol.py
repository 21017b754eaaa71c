"""The service on RideCheck's process protocol, driven as the checker drives it."""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

SERVE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "serve.py")
PERSON = {"session": True, "failures": 0, "suspendedUntil": 0, "type": "Nano", "wallet": True, "balance": 10000,
          "promo": True, "registered": True, "email": 0, "mobile": 0, "passwordVersion": 0, "favourites": 0,
          "refillCredited": False}
CI = {"now": 0, "lastMessage": "-", "passengers": {"p1": PERSON}, "bookings": {},
      "cabs": {"c1": {"type": "Nano", "at": "L0", "booking": None}, "c2": {"type": "Nano", "at": "L1", "booking": None},
               "c3": {"type": "Sedan", "at": "L1", "booking": None}}}


def exchange(requests, env=None):
    """Sends the request lines; the replies, one per request, and the service's exit status."""
    with tempfile.TemporaryDirectory() as workdir:
        lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
        lines = lines.replace("WORKDIR", workdir)
        done = subprocess.run([sys.executable, SERVE], input=lines, capture_output=True, text=True, timeout=60,
                              env={**os.environ, **(env or {})})
        return [json.loads(line) for line in done.stdout.splitlines()], done.returncode, done.stderr


def hello(scope="ci"):
    return {"id": 0, "type": "hello", "protocol": 1, "model": "cabbooking", "scope": {"base": scope},
            "workdir": "WORKDIR"}


def init(save=1):
    return {"id": 1, "type": "init", "initial": 0, "state": CI, "save": save}


class Protocol(unittest.TestCase):
    def test_a_booking_now_and_a_refusal(self):
        book = {"action": "bookNow", "passenger": "p1", "pickup": "L0"}
        feedback = {"action": "sendFeedback", "passenger": "p1", "booking": "b1"}
        replies, status, _ = exchange([hello(), init(), {
            "id": 2, "type": "step", "from": {"snapshot": 1}, "tries": [{"action": book, "save": 2}]}, {
            "id": 3, "type": "step", "from": {"snapshot": 2}, "tries": [{"action": feedback}], "release": [1, 2]}])
        self.assertEqual(status, 0)
        self.assertEqual(replies[0]["protocol"], 1)
        self.assertEqual(replies[1]["state"], CI)
        accepted = replies[2]["results"][0]
        self.assertEqual(accepted["outcome"], "accepted")
        self.assertEqual(accepted["state"]["bookings"]["b1"]["cab"], "c1")
        self.assertEqual(accepted["state"]["lastMessage"], "M13 booking confirmed")
        refused = replies[3]["results"][0]
        self.assertEqual(refused["outcome"], "refused")
        self.assertNotIn("state", refused)

    def test_the_hidden_state_shows_what_the_model_state_leaves_out(self):
        """A booking draws a booking number: the model's state names it b1 whatever the number, so
        the protocol's `hidden` member says it was drawn; a refusal draws nothing."""
        book = {"action": "bookNow", "passenger": "p1", "pickup": "L0"}
        logout, wait = {"action": "logout", "passenger": "p1"}, {"action": "advance", "minutes": 1}
        replies, status, _ = exchange([hello(), init(), {
            "id": 2, "type": "step", "from": {"snapshot": 1}, "tries": [{"action": book}, {"action": logout}]}])
        self.assertEqual(status, 0)
        start = replies[1]["hidden"]
        booked, logged_out = (result["hidden"] for result in replies[2]["results"])
        self.assertNotEqual(booked[0], start[0])
        self.assertEqual(logged_out[0], start[0])
        replies, _, _ = exchange([hello(), init(), {
            "id": 2, "type": "step", "from": {"initial": 0, "path": [logout]}, "tries": [{"action": wait}]}])
        self.assertEqual(replies[2]["results"][0]["hidden"][0], start[0])

    def test_a_path_replayed_from_the_initial_state(self):
        path = [{"action": "advance", "minutes": 10}]
        replies, _, _ = exchange([hello(), init(), {
            "id": 2, "type": "step", "from": {"initial": 0, "path": path},
            "tries": [{"action": {"action": "logout", "passenger": "p1"}}]}])
        self.assertEqual(replies[2]["at"]["now"], 10)
        self.assertEqual(replies[2]["results"][0]["state"]["lastMessage"], "M42 logged out")

    def test_the_same_step_after_a_pause_gets_the_same_reply(self):
        """The service reads no wall clock: only the model's `advance` moves its time."""
        step = {"id": 2, "type": "step", "from": {"initial": 0, "path": [{"action": "bookLater", "passenger": "p1",
                                                                      "pickup": "L0", "lead": 31}]},
                "tries": [{"action": {"action": "advance", "minutes": 11}}]}
        with tempfile.TemporaryDirectory() as workdir:
            service = subprocess.Popen([sys.executable, SERVE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True)
            try:
                replies = []
                for request in (hello(), init(), step, "pause", {**step, "id": 3}):
                    if request == "pause":
                        time.sleep(1.5)
                        continue
                    service.stdin.write(json.dumps(request).replace("WORKDIR", workdir) + "\n")
                    service.stdin.flush()
                    replies.append(json.loads(service.stdout.readline()))
            finally:
                service.stdin.close()
                service.wait(timeout=10)
                service.stdout.close()
        self.assertEqual({**replies[2], "id": 3}, replies[3])
        self.assertEqual(replies[3]["results"][0]["state"]["now"], 11)

    def test_a_snapshot_let_go_is_missing(self):
        replies, _, _ = exchange([hello(), init(), {"id": 2, "type": "step", "from": {"snapshot": 7}, "tries": []}])
        self.assertEqual(replies[2], {"id": 2, "missing": 7})

    def test_bad_requests_get_errors_and_the_service_goes_on(self):
        replies, status, log = exchange(["not json", {"id": 1, "type": "step"}, hello("nowhere"), hello(),
                                         {"id": 5, "type": "dance"}, "[1, 2]",
                                         {"id": 7, "type": "step", "from": {"initial": 0, "path": []}}])
        self.assertEqual(status, 0)
        self.assertIn("error", replies[0])
        self.assertIn("before hello", replies[1]["error"])
        self.assertIn("no configuration for scope 'nowhere'", replies[2]["error"])
        self.assertEqual(replies[3]["protocol"], 1)
        self.assertIn("unknown request type", replies[4]["error"])
        self.assertIn("a request is a JSON object", replies[5]["error"])
        self.assertIn("which no init set up", replies[6]["error"])
        self.assertIn("mybooking:", log)

    def test_an_unknown_fault_stops_the_service_naming_it(self):
        _, status, log = exchange([hello()], env={"MYBOOKING_FAULT": "no-such-fault"})
        self.assertNotEqual(status, 0)
        self.assertIn("unknown fault no-such-fault", log)

    def test_a_planted_fault_is_named_in_the_handshake(self):
        replies, _, _ = exchange([hello()], env={"MYBOOKING_FAULT": "cancel-keeps-cab"})
        self.assertIn("cancel-keeps-cab", replies[0]["implementation"])


if __name__ == "__main__":
    unittest.main()
