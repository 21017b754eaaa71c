"""A service that misbehaves on purpose, for the tests of `verify check --implementation`.

It runs a real service (the command after `--`, usually `verify serve`) as its own child and
passes every line through, until the step request numbered AT (counting from 1), where it
does what MODE says instead. The real service is its child, so a test also sees that the
checker ends a service's whole process group.

usage: misbehaving_service.py MODE AT -- COMMAND...
"""
import json
import os
import subprocess
import sys
import time

mode, at = sys.argv[1], int(sys.argv[2])
child = subprocess.Popen(sys.argv[4:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
# The test reads this from the log to see that the child is gone after the check.
print(f"child {child.pid}", file=sys.stderr, flush=True)
steps = 0
for line in sys.stdin:
    request = json.loads(line)
    if mode == "evict" and request.get("type") == "step" and "snapshot" in request["from"]:
        # Every snapshot is let go: each step must come again from its path.
        sys.stdout.write(json.dumps({"id": request["id"], "missing": request["from"]["snapshot"]}) + "\n")
        sys.stdout.flush()
        continue
    child.stdin.write(line)
    child.stdin.flush()
    reply = child.stdout.readline()
    if request.get("type") == "hello" and mode == "wrong-version":
        reply = json.dumps({"id": request["id"], "protocol": 99, "implementation": "misbehaving"}) + "\n"
    if request.get("type") == "step":
        steps += 1
    if request.get("type") == "step" and steps == at:
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "not-json":
            reply = "this is not JSON\n"
        if mode == "wrong-id":
            reply = json.dumps(dict(json.loads(reply), id=request["id"] + 7)) + "\n"
        if mode == "huge-line":
            reply = "[" + "0," * (20 << 20) + "0]\n"
        if mode in ("accept-refused", "refusal-changes"):
            answer = json.loads(reply)
            for result in answer["results"]:
                if result["outcome"] == "refused":
                    if mode == "accept-refused":
                        result.update(outcome="accepted", state=answer["at"])
                    else:
                        result["state"] = dict(answer["at"], now=answer["at"]["now"] + 1)
                    break
            reply = json.dumps(answer) + "\n"
        if mode == "bad-state":
            answer = json.loads(reply)
            answer["results"][0] = {"outcome": "accepted", "state": {"now": "noon"}}
            reply = json.dumps(answer) + "\n"
    sys.stdout.write(reply)
    sys.stdout.flush()
