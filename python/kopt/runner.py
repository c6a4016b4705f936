"""A kopt-runner client: starts a runner and speaks its protocol (docs/runner-protocol.md).

The protocol is defined once, in protocol/kopt_runner_protocol.h; FIELDS, OPS, VERDICTS and
VERSION below are its names as Python sees them, and the ctest protocol-python-names checks that
they are the C++ ones. Requests and replies are plain dicts; `message` builds one and refuses a
field the protocol does not define, so that a misspelt name fails where it is written.

    with Runner(["build/dev/tools/kopt-runner/kopt-runner", "--cpu"]) as runner:
        device = runner.start()["device"]
        runner.task("relu", "return torch.relu(x)", [tensor("x", [4], "f32", [dist("uniform", [0, 1])])],
                    [tensor("out", [4], "f32")], atol=1e-4, rtol=1e-4)
"""
import json
import queue
import subprocess
import threading
import time

VERSION = 1

# The fields of each message, by the name of its C++ struct, in the order the struct lists them.
_KERNEL = ("task", "candidate", "ptx", "launches", "scratch")
_VERIFY_SETTINGS = ("trials", "seed")
_REPETITIONS = ("target_rel_error", "max_seconds", "min_reps", "max_reps")
_EAGER_TIMING = ("eager_median_us", "eager_q1_us", "eager_q3_us", "eager_n")
# Eager again with TF32 allowed (EagerTF32Timing); absent from older runners' replies.
_EAGER_TF32_TIMING = ("eager_tf32_median_us", "eager_tf32_q1_us", "eager_tf32_q3_us",
                      "eager_tf32_n", "eager_tf32_rel_error")
_VERIFY_REPLY = ("verdict", "detail", "max_abs_error", "max_rel_error", "trials")
FIELDS = {
    "Distribution": ("kind", "params", "structure"),
    "Tensor": ("name", "shape", "dtype", "dists"),
    "Launch": ("entry", "grid", "block", "smem", "args"),
    "Kernel": _KERNEL,
    "VerifySettings": _VERIFY_SETTINGS,
    "TimeSettings": ("seed",) + _REPETITIONS,
    "Device": ("name", "kind", "driver", "torch", "sms", "l2_bytes", "bandwidth_bytes_per_s",
               "peak_bandwidth_bytes_per_s", "fp32_flops_per_s", "tf32_flops_per_s",
               "why_no_gpu"),
    "HelloRequest": ("protocol",),
    "Task": ("task", "reference", "inputs", "outputs", "atol", "rtol", "min_bytes", "flops"),
    "VerifyRequest": _KERNEL + _VERIFY_SETTINGS,
    "TimeRequest": _KERNEL + ("seed",) + _REPETITIONS,
    "EagerRequest": ("task",) + _REPETITIONS,
    "HostCheckRequest": ("task", "library") + _VERIFY_SETTINGS,
    "ByeRequest": (),
    "HelloReply": ("protocol", "device"),
    "VerifyReply": _VERIFY_REPLY,
    "TimeReply": ("median_us", "q1_us", "q3_us", "n", "rel_error") + _EAGER_TIMING +
                 ("eager_rel_error", "limit_us", "recheck", "recheck_detail", "fault") +
                 _EAGER_TF32_TIMING,
    "TimeFailureReply": _VERIFY_REPLY + ("recheck",),
    "EagerReply": _EAGER_TIMING + ("rel_error",) + _EAGER_TF32_TIMING,
}
# The op of each request.
OPS = {"HelloRequest": "hello", "Task": "task", "VerifyRequest": "verify", "TimeRequest": "time",
       "EagerRequest": "eager", "HostCheckRequest": "host_check", "ByeRequest": "bye"}
VERDICTS = ("correct", "incorrect", "compile_error", "launch_error", "crash", "timeout",
            "mutated_input", "unwritten_output", "out_of_bounds_write")
# The envelope every request and reply carries.
ID, OP, OK, ERROR = "id", "op", "ok", "error"


def message(kind, /, **values):
    """The message `kind` (a key of FIELDS) with `values`; None values are left out."""
    unknown = set(values) - set(FIELDS[kind])
    if unknown:
        raise ValueError(f"{kind} has no field(s) {', '.join(sorted(unknown))}")
    return {key: value for key, value in values.items() if value is not None}


def dist(kind, params, structure=None):
    """A distribution; `structure` (upper_triangular, lower_triangular, symmetric, diagonal)
    shapes each matrix of the draw."""
    return message("Distribution", kind=kind, params=list(params), structure=structure)


def tensor(name, shape, dtype, dists=None):
    """A task input (with its distributions) or output (without)."""
    return message("Tensor", name=name, shape=list(shape), dtype=dtype,
                   dists=list(dists) if dists else None)


def launch(entry, grid, block, args, smem=0):
    return message("Launch", entry=entry, grid=list(grid), block=list(block), smem=smem,
                   args=list(args))


class RunnerError(Exception):
    """The runner died, hung, or wrote something that is not a reply."""


class Runner:
    """One kopt-runner process. Every call returns the reply (a dict with "ok"); a runner that
    dies or hangs is restarted, and the call raises RunnerError."""

    def __init__(self, command, timeout=600.0):
        self.command = [str(part) for part in command]
        self.timeout = timeout
        self.proc = None
        self.lines = queue.Queue()
        self.next_id = 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        """Starts the runner and greets it; returns the hello reply."""
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        reply = self.hello()
        if not reply.get(OK):
            raise RunnerError(f"runner hello failed: {reply.get(ERROR)}")
        return reply

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    def call(self, request_name, fields, timeout=None):
        """Sends the request `request_name` (a key of OPS) with `fields` and returns its reply."""
        request = {**message(request_name, **fields), OP: OPS[request_name], ID: self.next_id}
        self.next_id += 1
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.restart()
            raise RunnerError("the runner died")
        noise = []
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.restart()
                raise RunnerError(f"no reply from the runner within {timeout or self.timeout:.0f} s")
            if line is None:
                self.restart()
                raise RunnerError("the runner died")
            try:
                reply = json.loads(line)
            except json.JSONDecodeError:
                reply = None
            if isinstance(reply, dict) and ID in reply:
                break
            noise.append(line.strip())
        if reply.get(ID) != request[ID]:
            raise RunnerError(f"reply id {reply.get(ID)} for request {request[ID]}")
        if noise:
            # Whatever the reference prints lands in the protocol's stdout and would break kopt.
            raise RunnerError(f"the runner wrote non-protocol output (a print in the reference?): "
                              f"{noise[0][:120]!r}")
        return reply

    def hello(self):
        return self.call("HelloRequest", {"protocol": VERSION})

    def task(self, name, reference, inputs, outputs, atol, rtol, min_bytes=None, flops=None):
        return self.call("Task", dict(task=name, reference=reference, inputs=inputs,
                                      outputs=outputs, atol=atol, rtol=rtol,
                                      min_bytes=min_bytes, flops=flops))

    def verify(self, task, candidate, ptx, launches, scratch=(), trials=None, seed=None):
        return self.call("VerifyRequest", dict(task=task, candidate=candidate, ptx=ptx,
                                               launches=launches, scratch=list(scratch),
                                               trials=trials, seed=seed))

    def time(self, task, candidate, ptx, launches, scratch=(), seed=None, target_rel_error=None,
             max_seconds=None, min_reps=None, max_reps=None):
        return self.call("TimeRequest", dict(task=task, candidate=candidate, ptx=ptx,
                                             launches=launches, scratch=list(scratch), seed=seed,
                                             target_rel_error=target_rel_error,
                                             max_seconds=max_seconds, min_reps=min_reps,
                                             max_reps=max_reps))

    def eager(self, task, target_rel_error=None, max_seconds=None, min_reps=None, max_reps=None):
        return self.call("EagerRequest", dict(task=task, target_rel_error=target_rel_error,
                                              max_seconds=max_seconds, min_reps=min_reps,
                                              max_reps=max_reps))

    def host_check(self, task, library, trials=None, seed=None):
        return self.call("HostCheckRequest", dict(task=task, library=str(library), trials=trials,
                                                  seed=seed))

    def restart(self):
        self.stop()
        self.start()

    def stop(self):
        """Says bye and waits for the runner to exit (kills it after 5 s)."""
        if self.proc and self.proc.poll() is None:
            try:
                bye = {OP: OPS["ByeRequest"], ID: self.next_id}
                self.proc.stdin.write(json.dumps(bye) + "\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=5)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
