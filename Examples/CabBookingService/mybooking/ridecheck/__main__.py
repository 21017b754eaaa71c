"""`python3 -m mybooking.ridecheck`: this service on RideCheck's process protocol, version 1.

One request per line on standard input, one reply per line on standard output; the log on
standard error. The database lives in the directory the checker names (`workdir`); a snapshot
is its bytes (`serialize`, about 15 kB), kept in memory and let go when the checker releases it
or when more than `MOST_SNAPSHOTS` are kept (the checker then replays the path)."""

import json
import os
import sqlite3
import sys

from .. import faults
from ..service import BookingService, Rejected
from ..store import open_database
from .abstraction import Harness, ModelError
from .scopes import BOOKINGS, SCOPES

PROTOCOL = 1
MOST_SNAPSHOTS = 20_000  # about 300 MB; past it the oldest are let go: the checker replays their paths


class Server:
    def __init__(self, planted):
        self.planted = planted
        self.harness = None
        self.initial = {}
        self.snapshots = {}

    def hello(self, request):
        if request.get("model") != "cabbooking":
            raise ModelError(f"this service implements cabbooking, not {request.get('model')}")
        scope = request.get("scope") or {}
        config = SCOPES.get(scope.get("base"))
        if config is None:
            raise ModelError(f"no configuration for scope {scope.get('base')!r}; known: {', '.join(SCOPES)}")
        workdir = request.get("workdir") or os.environ.get("RIDECHECK_WORKDIR") or "."
        db = open_database(os.path.join(workdir, "mybooking.sqlite3"))
        bookings = scope.get("bookings", BOOKINGS[scope["base"]])
        self.harness = Harness(BookingService(db, config, self.planted), bookings)
        self.empty = db.serialize()
        names = ",".join(sorted(self.planted)) or "none"
        return {"protocol": PROTOCOL, "implementation": f"mybooking 1.0 (Python, SQLite; faults: {names})",
                "snapshots": True}

    def restore(self, data):
        self.harness.db.deserialize(data)

    def init(self, request):
        self.restore(self.empty)
        self.harness.set_up(request["state"])
        data = self.harness.db.serialize()
        self.initial[request.get("initial", 0)] = data
        if "save" in request:
            self.keep(request["save"], data)
        return {"state": self.harness.state(), "hidden": self.harness.hidden()}

    def keep(self, number, data):
        if len(self.snapshots) >= MOST_SNAPSHOTS:
            self.snapshots.pop(next(iter(self.snapshots)))
        self.snapshots[number] = data

    def step(self, request):
        origin = request["from"]
        if "snapshot" in origin:
            data = self.snapshots.get(origin["snapshot"])
            if data is None:
                return {"missing": origin["snapshot"]}
            self.restore(data)
        else:
            if origin.get("initial") not in self.initial:
                raise ModelError(f"a path from initial state {origin.get('initial')}, which no init set up")
            self.restore(self.initial[origin["initial"]])
            for action in origin["path"]:
                self.harness.perform(action)
        start = self.harness.db.serialize()
        at = self.harness.state()
        results = []
        for attempt in request["tries"]:
            try:
                self.harness.perform(attempt["action"])
                outcome = {"outcome": "accepted", "state": self.harness.state(), "hidden": self.harness.hidden()}
                if "save" in attempt:
                    self.keep(attempt["save"], self.harness.db.serialize())
            except Rejected as refusal:
                outcome = {"outcome": "refused", "message": str(refusal)}
                state = self.harness.state()
                if state != at:
                    outcome["state"] = state
            results.append(outcome)
            self.restore(start)
        for number in request.get("release", []):
            self.snapshots.pop(number, None)
        return {"at": at, "results": results}

    def handle(self, request):
        kind = request.get("type")
        if kind == "hello":
            return self.hello(request)
        if self.harness is None:
            raise ModelError(f"{kind} before hello")
        if kind == "init":
            return self.init(request)
        if kind == "step":
            return self.step(request)
        raise ModelError(f"unknown request type {kind!r}")


def main():
    server = Server(faults.active())
    for line in sys.stdin:
        reply = {"id": None}
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ModelError("a request is a JSON object")
            reply["id"] = request.get("id")
            reply.update(server.handle(request))
        except (ModelError, Rejected, KeyError, TypeError, ValueError, AttributeError, sqlite3.Error) as problem:
            print(f"mybooking: {type(problem).__name__}: {problem}", file=sys.stderr)
            reply = {"id": reply["id"], "error": f"{type(problem).__name__}: {problem}"}
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
