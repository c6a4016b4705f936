#!/usr/bin/env python3
"""A pool's runner whose GPU is missing: `pool-runner.py GPU LOG` exits at once for GPU 1; the
fake runner, logging to LOG and slow to start (so that runner 1 surely takes a task), stands in
for any other."""
import os
import sys

gpu, log = sys.argv[1], sys.argv[2]
if gpu == "1":
    sys.exit("pool-runner: no GPU 1 here")
fake = os.path.join(os.path.dirname(__file__), "fake-runner.py")
os.execv(sys.executable, [sys.executable, fake, "--log", log, "--hello-delay", "0.5"])
