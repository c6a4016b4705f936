#!/usr/bin/env python3
"""Sends a signal to kopt once its runner has started; says how kopt ended and how many of the
runner's processes are left.

Usage: end-by-signal.py SIGNAL PID_FILE -- KOPT_COMMAND...
SIGNAL is a name without SIG (TERM, INT, HUP); the runner (sleeping-runner.sh) writes the ids of
its processes to PID_FILE.
"""
import os
import signal
import subprocess
import sys
import time

ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def alive(pid):
    """True while `pid` runs; a zombie has ended, whoever is yet to reap it."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def wait_until(done, seconds):
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.02)
    return done()


def main():
    sig = getattr(signal, "SIG" + sys.argv[1])
    pid_file = sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]

    def default_signals():
        # Whatever this test was started with (a background job ignores SIGINT), kopt is not.
        for s in ENDING:
            signal.signal(s, signal.SIG_DFL)

    kopt = subprocess.Popen(command, preexec_fn=default_signals)
    if not wait_until(lambda: os.path.exists(pid_file) or kopt.poll() is not None, 60) or \
            not os.path.exists(pid_file):
        print("the runner never started; kopt:", kopt.poll())
        kopt.kill()
        return 1
    with open(pid_file) as f:
        pids = [int(p) for p in f.read().split()]
    kopt.send_signal(sig)
    try:
        code = kopt.wait(timeout=30)
    except subprocess.TimeoutExpired:
        print("kopt is still running")
        kopt.kill()
        code = kopt.wait()
    print("kopt ended by", signal.Signals(-code).name if code < 0 else f"exit status {code}")
    wait_until(lambda: not any(alive(p) for p in pids), 10)
    left = [p for p in pids if alive(p)]
    print("runner processes left:", len(left))
    for p in left:  # nothing stays behind, whatever the outcome
        os.kill(p, signal.SIGKILL)
    return 0


sys.exit(main())
