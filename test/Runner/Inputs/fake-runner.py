#!/usr/bin/env python3
"""A stand-in for kopt-runner that speaks the protocol without a GPU, for kopt's tests.

A candidate's PTX text says what happens to it: "FAKE <verify> [time=US] [eager=US]
[eager-error=REL] [eager-tf32=US] [eager-tf32-error=REL] [fault] [recheck=VERDICT] [time-hang]
[time-crash]" (eager-error: the eager median's relative standard error, which a real runner gives;
eager-tf32: eager's median with TF32 allowed, and its error; each absent unless asked for, as from
runners before them). <verify> is a verdict the runner reports (correct,
incorrect, compile_error, launch_error, mutated_input, unwritten_output), or what goes wrong:
crash (exit without replying), crash-reply (reply `crash`, then exit, as after a lost CUDA
context), segv (die by SIGSEGV), hang (never reply), garbage (reply a line that is not JSON),
refuse (reply ok: false). A task whose reference contains FAKE-REFUSE is refused.

Options: --log FILE appends one line per request (a task's with its inputs' structures); --kind cpu reports a device without a GPU;
--protocol N claims protocol version N; --hello-delay S answers hello after S seconds (a slow
start, which lets a pool's other runners take their tasks first).
"""
import argparse
import json
import os
import signal
import sys
import time

# The protocol's names, from the Python client (which a ctest checks against the C++ definition).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
from kopt.runner import ERROR, ID, OK, OP, OPS, message  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--log")
parser.add_argument("--kind", default="cuda")
parser.add_argument("--protocol", type=int, default=1)
parser.add_argument("--hello-delay", type=float, default=0.0)
args = parser.parse_args()

tasks = set()


def log(text):
    if args.log:
        with open(args.log, "a") as f:
            f.write(text + "\n")


def send(reply):
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def parse_ptx(ptx):
    words = ptx.split()
    if not words or words[0] != "FAKE":
        return "compile_error", {}
    options = {}
    for word in words[2:]:
        key, _, value = word.partition("=")
        options[key] = value
    return (words[1] if len(words) > 1 else "correct"), options


def misbehave(mode, rid):
    """Does what `mode` asks for; returns True when it replied or never will."""
    if mode == "crash":
        os._exit(3)
    if mode == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "hang":
        while True:
            time.sleep(100)
    if mode == "garbage":
        sys.stdout.write("this is not JSON\n")
        sys.stdout.flush()
        return True
    if mode == "refuse":
        send({ID: rid, OK: False, ERROR: "malformed launch"})
        return True
    return False


def verify(request):
    rid = request[ID]
    mode, _ = parse_ptx(request["ptx"])
    if misbehave(mode, rid):
        return
    if mode == "crash-reply":
        send({ID: rid, OK: True,
              **message("VerifyReply", verdict="crash", detail="illegal memory access")})
        sys.exit(0)
    details = {"incorrect": "max abs error 0.5 at [3]", "compile_error": "no entry 'k'",
               "launch_error": "too many resources requested", "mutated_input": "input 'x' changed",
               "unwritten_output": "16 elements of 'out' never written"}
    errors = {}
    if mode in ("correct", "incorrect"):
        errors = dict(max_abs_error=0.5 if mode == "incorrect" else 0.0, max_rel_error=0.0)
    send({ID: rid, OK: True, **message("VerifyReply", verdict=mode, detail=details.get(mode, ""),
                                       trials=request["trials"], **errors)})


def time_candidate(request):
    rid = request[ID]
    _, options = parse_ptx(request["ptx"])
    if "time-hang" in options:
        misbehave("hang", rid)
    if "time-crash" in options:
        misbehave("crash", rid)
    median = float(options.get("time", "100"))
    eager = float(options.get("eager", "100"))
    reply = message("TimeReply", median_us=median, q1_us=median * 0.99, q3_us=median * 1.01,
                    n=25, rel_error=0.004, eager_median_us=eager, eager_q1_us=eager * 0.99,
                    eager_q3_us=eager * 1.01, eager_n=25, limit_us=1.0,
                    recheck=options.get("recheck", "correct"))
    if "eager-error" in options:
        reply.update(message("TimeReply", eager_rel_error=float(options["eager-error"])))
    if "eager-tf32" in options:
        tf32 = float(options["eager-tf32"])
        reply.update(message("TimeReply", eager_tf32_median_us=tf32, eager_tf32_q1_us=tf32 * 0.99,
                             eager_tf32_q3_us=tf32 * 1.01, eager_tf32_n=25))
    if "eager-tf32-error" in options:
        reply.update(message("TimeReply",
                             eager_tf32_rel_error=float(options["eager-tf32-error"])))
    if "fault" in options:
        reply.update(message("TimeReply",
                             fault="median %g us is below the physical limit 1 us" % median))
    send({ID: rid, OK: True, **reply})


for line in iter(sys.stdin.readline, ""):
    request = json.loads(line)
    op, rid = request[OP], request[ID]
    if op == OPS["HelloRequest"]:
        log("hello")
        time.sleep(args.hello_delay)
        device = message("Device", name="FAKE-GPU", kind=args.kind,
                         driver=13000 if args.kind == "cuda" else 0, torch="2.11.0", sms=132,
                         l2_bytes=52428800, bandwidth_bytes_per_s=4.0e12, fp32_flops_per_s=6.0e13)
        send({ID: rid, OK: True, **message("HelloReply", protocol=args.protocol, device=device)})
    elif op == OPS["Task"]:
        # Structured distributions as input:structure, so that tests see what kopt sent.
        structures = ["%s:%s" % (t["name"], d["structure"]) for t in request["inputs"]
                      for d in t["dists"] if "structure" in d]
        log(" ".join(["task %s min_bytes=%d flops=%d" % (request["task"], request["min_bytes"],
                                                         request["flops"])] + structures))
        if "FAKE-REFUSE" in request["reference"]:
            send({ID: rid, OK: False, ERROR: "reference does not compile: FAKE-REFUSE"})
        else:
            tasks.add(request["task"])
            send({ID: rid, OK: True})
    elif op in (OPS["VerifyRequest"], OPS["TimeRequest"]):
        verifying = op == OPS["VerifyRequest"]
        settings = ("trials=%d seed=%d" % (request["trials"], request["seed"]) if verifying
                    else "target=%g max_seconds=%g" % (request["target_rel_error"],
                                                       request["max_seconds"]))
        log("%s %s %s %s" % (op, request["task"], request["candidate"], settings))
        if request["task"] not in tasks:
            send({ID: rid, OK: False, ERROR: "unknown task '%s'" % request["task"]})
        elif verifying:
            verify(request)
        else:
            time_candidate(request)
    elif op == OPS["ByeRequest"]:
        log("bye")
        send({ID: rid, OK: True})
        break
    else:
        send({ID: rid, OK: False, ERROR: "unknown op '%s'" % op})
