#!/usr/bin/env python3
"""The study driver: the surprisal-guided selection study (docs/study.md) run with kopt.

    study.py run --name NAME [--tasks eval|all|FILE...] [--seeds 3] [--samples 64]
                 [--ttt-steps 5] [--ttt-n 32] [--entropy 0.01]
                 [--policy FILE (default: policies/base.json)]
                 [--rewards TABLE | --runner CMD --cache FILE] [--runners N] [--kopt PATH]
                 [--no-report]
    study.py report --name NAME

`run` works through units of (task, seed, phase), each one or a few kopt invocations whose
outputs land atomically in results/NAME/raw/TASK/seedS/PHASE/, so a run that is stopped resumes
where it stopped; `report` (also the end of `run`) turns them into results/NAME/study.json,
the plots and REPORT.md. The phases:

  sample   kb-sample: --samples candidates from the base policy
  measure  compile and tag every candidate, then verify it and time every correct one
           (kb-time strategy=all) on the GPU, or take the recorded rewards of --rewards;
           exports the measurements
  select   every selection strategy with kb-select, on the measured candidates (read back with
           kb-recorded-rewards from the unit's own measurements, so nothing is measured again)
  ttt      kb-ttt for --ttt-steps steps of --ttt-n rollouts with entropy bonus --entropy,
           saving each step's policy
  probe    the base sample re-scored (kb-score) under each step's policy

With --runners N, N units of a phase run at once, each on a runner of its own: the --runner
template's {gpu} becomes the runner's number (0 to N-1), and without --runner kopt's own
kopt-runner is started with CUDA_VISIBLE_DEVICES set to it (docs/runner-pool.md). A unit's
results do not depend on N.

Only the standard library is needed for `run` (the GPU machine has no matplotlib); `report`
needs python3-matplotlib (scripts/setup.sh), for Debian's python3.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shlex
import shutil
import os
import queue
import subprocess
import sys
import threading
import time
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the kopt package
from kopt import measurements  # noqa: E402
from kopt.paths import REPO, TASK_DIR, add_kopt_argument, find_kopt  # noqa: E402
from layout import StudyError, phases_of, read_json, write_json  # noqa: E402

# The verifier's settings of bench/suite-gpu.sh and bench/train-gpu.sh (and kb-ttt's defaults).
VERIFY = "trials=2"
# Timings to a 1% relative standard error of the median (at least 10 repetitions: the runner's
# minimum), since the study's verdicts near 1.0x turn on differences of a few percent; runs made
# before had the 5% of bench/suite-gpu.sh, and their config.json has no "timing".
TIMING = "max-seconds=0.3 target=0.01"
EARLIER_TIMING = "max-seconds=0.1 target=0.05"
# Where a pool's --runner template puts the runner's number, as kopt's runners=N does.
GPU_PLACEHOLDER = "{gpu}"
DEFAULT_STRATEGIES = ["oracle", "random", "confidence", "surprise", "surprise-top2",
                      "surprise-top3", "surprise-top5", "surprise-top8", "confidence-top3",
                      "confidence-top5"]


def task_symbol(path: Path) -> str:
    # From the text: a task file has no candidates, so its measurements would name no task.
    symbols = re.findall(r"^\s*kb\.task @(\w+)", path.read_text(), re.MULTILINE)
    if len(symbols) != 1:
        raise StudyError(f"{path}: the driver takes one kb.task per file, found {len(symbols)}")
    return symbols[0]


def resolve_tasks(specs: list[str]) -> list[Path]:
    files: list[Path] = []
    for spec in specs:
        if spec in ("eval", "all"):
            for path in sorted(TASK_DIR.glob("*.mlir")):
                if spec == "all" or 'split = "eval"' in path.read_text():
                    files.append(path)
        else:
            files.append(Path(spec).resolve())
    return files


def file_digest(path: str) -> str | None:
    """Part of the run's identity: the same path with other contents is another study."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16] if path else None


def kopt_version(kopt: str) -> str:
    """kopt's `--version` line ("kopt 0.1.0 (REVISION)"): part of the run's identity."""
    text = subprocess.run([kopt, "--version"], capture_output=True, text=True).stdout
    return next((line.strip() for line in text.splitlines() if line.strip().startswith("kopt ")),
                "unknown")


def gpu_names() -> str:
    """The names of the machine's GPUs, as nvidia-smi gives them ("unknown" without it)."""
    try:
        text = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True).stdout
    except FileNotFoundError:
        return "unknown"
    return ", ".join(sorted({line.strip() for line in text.splitlines() if line.strip()})) or \
        "unknown"


def option(value: str | Path) -> str:
    """A pass option value, quoted where it holds characters the pipeline parser splits on.
    kopt runs in the repository root, so paths are given relative to it where they lie in it."""
    text = relative(value) if isinstance(value, Path) else value
    return f'"{text}"' if re.search(r"[\s,{}=]", text) else text


def relative(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


class Study:
    def __init__(self, directory: Path, config: dict, kopt: str, runners: int = 1):
        self.dir = directory
        self.config = config
        self.kopt = kopt
        self.runners = runners
        self.phases = phases_of(config)
        self.slot = threading.local()  # the runner of the unit this thread runs
        self.printing = threading.Lock()

    def path(self, key: str) -> Path:
        """A file the configuration names, kept relative to the repository when inside it so
        that a study directory moves with the checkout."""
        return REPO / self.config[key]

    # -- kopt ---------------------------------------------------------------------------------

    def kopt_run(self, input_path: Path, passes: list[str], log: Path,
                 output: Path = Path("/dev/null")) -> str:
        """Runs one kopt pipeline; its stderr (progress, warnings) goes to `log` and comes back."""
        command = [relative(Path(self.kopt)), relative(input_path), "-o", relative(output),
                   f"--pass-pipeline=builtin.module({','.join(passes)})"]
        with open(log, "a") as stream:
            stream.write("$ " + shlex.join(command) + "\n")
            stream.flush()
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    text=True, cwd=REPO, env=self.runner_environment())
            stream.write(result.stderr)
        if result.returncode != 0:
            raise StudyError(f"kopt failed ({result.returncode}), see {log}:\n"
                             + "\n".join(result.stderr.splitlines()[-15:]))
        return result.stderr

    def runner_environment(self) -> dict | None:
        """kopt's environment: with a pool and kopt's own kopt-runner, the unit's GPU."""
        if self.runners == 1 or self.config["runner"]:
            return None
        return {**os.environ, "CUDA_VISIBLE_DEVICES": str(self.slot.index)}

    def measure_options(self) -> str:
        """kb-verify/kb-time's runner and cache options, for the passes and kb-ttt alike."""
        parts = []
        if self.config["runner"]:
            runner = self.config["runner"]
            if self.runners > 1:
                runner = runner.replace(GPU_PLACEHOLDER, str(self.slot.index))
            parts.append(f"runner={option(runner)}")
        if self.config["cache"]:
            parts.append(f"cache={option(self.path('cache'))}")
        return " ".join(parts)

    # -- phases: each writes into `out`, a fresh directory renamed into place when it is done --

    def unit_dir(self, task: str, seed: int) -> Path:
        return self.dir / "raw" / task / f"seed{seed}"

    def phase_sample(self, task: dict, seed: int, out: Path) -> dict:
        policy = f" policy={option(self.path('policy'))}" if self.config["policy"] else ""
        stderr = self.kopt_run(REPO / task["file"], [
            f"kb-sample{{n={self.config['samples']} seed={seed}{policy}}}"],
            out / "kopt.log", output=out / "sample.mlir")
        candidates = len(measurements.export(out / "sample.mlir", self.kopt))
        info = {"candidates": candidates}
        if candidates == 0:
            info["reason"] = no_candidates_reason(stderr)
        return info

    def phase_measure(self, task: dict, seed: int, out: Path) -> dict:
        unit = self.unit_dir(task["name"], seed)
        measurements = out / "measurements.jsonl"
        if not self.sampled(unit):
            measurements.touch()
            return {}
        passes = ["kb-lower-to-ptx", "kb-tag-features"]
        if self.config.get("cost_model"):  # the model strategies' ranking, before any timing
            passes.append(f"kb-predict{{model={option(self.path('cost_model'))}}}")
        if self.config["rewards"]:
            passes.append(f"kb-recorded-rewards{{table={option(self.path('rewards'))}}}")
        else:
            options = self.measure_options()
            passes += [f"kb-verify{{{options} {VERIFY}}}",
                       f"kb-time{{{options} strategy=all {TIMING}}}"]
        passes.append(f"kb-export-measurements{{file={option(measurements)}}}")
        self.kopt_run(unit / "sample" / "sample.mlir", passes, out / "kopt.log")
        return {}

    def phase_select(self, task: dict, seed: int, out: Path) -> dict:
        unit = self.unit_dir(task["name"], seed)
        selections = {}
        if self.sampled(unit):
            table = unit / "measure" / "measurements.jsonl"
            passes = [f"kb-recorded-rewards{{table={option(table)}}}"]
            for strategy in self.config["strategies"]:
                passes += [f"kb-select{{strategy={strategy} seed={seed}}}",
                           f"kb-export-measurements{{file={option(out / f'{strategy}.jsonl')}}}"]
            self.kopt_run(unit / "sample" / "sample.mlir", passes, out / "kopt.log")
            for strategy in self.config["strategies"]:
                path = out / f"{strategy}.jsonl"
                chosen = [m for m in measurements.read(path) if m.selected]
                path.unlink()
                selections[strategy] = chosen[0].to_json() if chosen else None
        write_json(out / "selections.json", selections)
        return {}

    def phase_ttt(self, task: dict, seed: int, out: Path) -> dict:
        if not self.sampled(self.unit_dir(task["name"], seed)):
            (out / "ttt.jsonl").touch()
            return {}
        steps = out / "steps"
        steps.mkdir()
        options = [f"steps={self.config['ttt_steps']}", f"n={self.config['ttt_n']}",
                   f"entropy={self.config['entropy']}", f"seed={seed}", f"log={option(out / 'ttt.jsonl')}",
                   f"save-steps={option(steps)}"]
        if self.config["policy"]:
            options.append(f"policy={option(self.path('policy'))}")
        if self.config["rewards"]:
            options.append(f"rewards={option(self.path('rewards'))}")
        else:
            options += [self.measure_options(), VERIFY, TIMING]
        self.kopt_run(REPO / task["file"], [f"kb-ttt{{{' '.join(o for o in options if o)}}}"],
                      out / "kopt.log")
        return {}

    def phase_probe(self, task: dict, seed: int, out: Path) -> dict:
        unit = self.unit_dir(task["name"], seed)
        steps = sorted((unit / "ttt" / "steps").glob(f"{task['name']}.step*.json"),
                       key=lambda p: int(p.stem.rsplit("step", 1)[1]))
        probe: dict[str, list] = {}
        if steps:
            passes = []
            for path in steps:
                passes += [f"kb-score{{policy={option(path)}}}",
                           f"kb-export-measurements{{file={option(out / f'{path.stem}.jsonl')}}}"]
            self.kopt_run(unit / "sample" / "sample.mlir", passes, out / "kopt.log")
            for path in steps:
                exported = out / f"{path.stem}.jsonl"
                probe[path.stem.rsplit("step", 1)[1]] = [
                    {"candidate": m.candidate, "logprob_sum": m.logprob.sum,
                     "logprob_count": m.logprob.count, "entropy": m.entropy}
                    for m in measurements.read(exported)]
                exported.unlink()
        write_json(out / "probe.json", probe)
        return {}

    @staticmethod
    def sampled(unit: Path) -> bool:
        return read_json(unit / "sample" / "unit.json")["candidates"] > 0

    # -- the run --------------------------------------------------------------------------------

    def run(self) -> None:
        self.forget_unscheduled()
        units = [(phase, task, seed) for phase in self.phases for task in self.config["tasks"]
                 for seed in self.config["seeds"]]
        todo = [u for u in units if not (self.unit_dir(u[1]["name"], u[2]) / u[0]).is_dir()]
        if len(todo) < len(units):
            print(f"study: resuming {self.dir.name}: {len(units) - len(todo)} of {len(units)} "
                  f"units already done", flush=True)
        started = time.monotonic()
        durations: dict[str, list[float]] = {phase: [] for phase in self.phases}
        try:
            self.run_units(units, todo, started, durations)
        finally:  # an interrupted session's time counts too
            with open(self.dir / "runs.jsonl", "a") as log:
                log.write(json.dumps({"finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                                      "units": sum(map(len, durations.values())),
                                      "seconds": time.monotonic() - started}) + "\n")

    def forget_unscheduled(self) -> None:
        """A task that got no candidates when it was sampled (kopt had no schedule space for it)
        is done again from its sample: a resumed run may use a kopt that schedules it now."""
        for task in self.config["tasks"]:
            for seed in self.config["seeds"]:
                unit = self.unit_dir(task["name"], seed)
                sampled = unit / "sample" / "unit.json"
                if sampled.is_file() and read_json(sampled).get("candidates") == 0:
                    print(f"study: {task['name']} seed {seed} had no candidates: done again",
                          flush=True)
                    shutil.rmtree(unit)

    def run_units(self, units: list, todo: list, started: float,
                  durations: dict[str, list[float]]) -> None:
        """Phase after phase (a unit needs its task's earlier phases), each phase's units
        `runners` at a time; a task-seed's probe right after its ttt, since the probe reads the
        policy of every TTT step, which a long run does not keep (bench/study-final.sh)."""
        done = len(units) - len(todo)
        counter = iter(range(done + 1, len(units) + 1))
        free = queue.SimpleQueue()
        for index in range(self.runners):
            free.put(index)

        def run_one(unit_key) -> None:
            self.slot.index = free.get()
            try:
                self.run_unit(unit_key, units, todo, counter, started, durations)
            finally:
                free.put(self.slot.index)

        def run_job(job: list) -> None:
            for unit_key in job:
                run_one(unit_key)

        stages = [[phase] for phase in self.phases if phase not in ("ttt", "probe")]
        stages += [["ttt", "probe"]] if "ttt" in self.phases else []
        for stage in stages:
            jobs: dict[tuple, list] = {}  # (task, seed) -> its units of the stage, in order
            for unit_key in todo:
                if unit_key[0] in stage:
                    jobs.setdefault((unit_key[1]["name"], unit_key[2]), []).append(unit_key)
            if self.runners == 1:
                for job in jobs.values():
                    run_job(job)
                continue
            with ThreadPoolExecutor(max_workers=self.runners) as pool:
                try:
                    futures = [pool.submit(run_job, job) for job in jobs.values()]
                    wait(futures, return_when=FIRST_EXCEPTION)
                    for future in futures:
                        if future.done():
                            future.result()  # raises the failure
                except BaseException:
                    # The first failure (or Ctrl-C) stops the run: the units not yet begun are
                    # dropped rather than run while the pool shuts down.
                    pool.shutdown(wait=True, cancel_futures=True)
                    raise

    def run_unit(self, unit_key, units: list, todo: list, counter, started: float,
                 durations: dict[str, list[float]]) -> None:
        phase, task, seed = unit_key
        unit = self.unit_dir(task["name"], seed)
        unit.mkdir(parents=True, exist_ok=True)
        final, scratch = unit / phase, unit / f"{phase}.partial"
        shutil.rmtree(scratch, ignore_errors=True)  # what a stopped run left half-written
        scratch.mkdir()
        name = f"{phase} {task['name']} seed {seed}"
        if self.runners == 1:  # the unit is named before it runs: a GPU unit can take minutes
            print(f"study: [{next(counter)}/{len(units)}] {name}:", end="", flush=True)
        begun = time.monotonic()
        info = getattr(self, f"phase_{phase}")(task, seed, scratch)
        seconds = time.monotonic() - begun
        write_json(scratch / "unit.json", {"seconds": seconds, **info})
        scratch.rename(final)
        with self.printing:
            durations[phase].append(seconds)
            left = {p: sum(1 for u in todo if u[0] == p) - len(durations[p])
                    for p in self.phases}
            eta = sum(n * estimate(durations, p) for p, n in left.items()) / self.runners
            note = f" ({info['reason']})" if info.get("reason") else ""
            line = (f" {seconds:.1f} s{note}; elapsed {clock(time.monotonic() - started)}, "
                    f"ETA {clock(eta)}")
            if self.runners > 1:
                line = (f"study: [{next(counter)}/{len(units)}] {name} "
                        f"(runner {self.slot.index + 1}/{self.runners}):{line}")
            print(line, flush=True)


def no_candidates_reason(stderr: str) -> str:
    """kb-sample's reason for adding nothing: the diagnostic after its warning, which says why
    kopt cannot schedule the payload."""
    lines = stderr.splitlines()
    for index, line in enumerate(lines):
        if "warning: kb-sample" in line:
            if index + 1 < len(lines) and re.search(r": (error|note): ", lines[index + 1]):
                return re.sub(r"^.*?: (error|note): ", "", lines[index + 1])
            return re.sub(r"^.*?: warning: ", "", line)
    return "kb-sample added no candidate"


def estimate(durations: dict[str, list[float]], phase: str) -> float:
    """Expected seconds of a unit of `phase`: the mean of those done in this run, else of all."""
    pool = durations[phase] or [s for values in durations.values() for s in values]
    return sum(pool) / len(pool) if pool else 0.0


def clock(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def make_config(args: argparse.Namespace) -> dict:
    """The options that decide the results: a resumed run must have the same ones."""
    if args.rewards and (args.runner or args.cache):
        raise StudyError("--rewards replaces the GPU: it does not go with --runner or --cache")
    if args.ttt_steps < 0 or args.ttt_n < 1:
        raise StudyError("--ttt-steps must be 0 (no TTT) or more, and --ttt-n 1 or more")
    if args.runners < 1:
        raise StudyError(f"--runners must be 1 or more, not {args.runners}")
    if args.runners > 1 and args.runner and GPU_PLACEHOLDER not in args.runner:
        raise StudyError(f"--runners {args.runners} needs {GPU_PLACEHOLDER} in --runner where "
                         f"each runner's GPU goes, else they all share one: {args.runner!r}")
    files = resolve_tasks(args.tasks)
    if not files:
        raise StudyError("no task files")
    strategies = args.strategies.split(",")
    for needed in ("oracle", "surprise-top3"):  # the report's comparisons read them
        if needed not in strategies:
            raise StudyError(f"--strategies must hold {needed}")
    return {
        "tasks": [{"name": task_symbol(f), "file": relative(f)} for f in files],
        "seeds": list(range(args.seeds)),
        "samples": args.samples,
        "ttt_steps": args.ttt_steps,
        "ttt_n": args.ttt_n,
        "entropy": args.entropy,
        "policy": relative(Path(args.policy).resolve()) if args.policy else "",
        "policy_sha256": file_digest(args.policy),
        "cost_model": relative(Path(args.cost_model).resolve()) if args.cost_model else "",
        "cost_model_sha256": file_digest(args.cost_model),
        "rewards": relative(Path(args.rewards).resolve()) if args.rewards else "",
        "rewards_sha256": file_digest(args.rewards),
        "runner": args.runner,
        "cache": relative(Path(args.cache).resolve()) if args.cache else "",
        "strategies": strategies,
        "timing": TIMING,
        "command": command_line(args),
    }


def command_line(args: argparse.Namespace) -> str:
    """The run's command, from the repository root, with its paths relative to it (the
    report's reproduction line)."""
    def path(value: str) -> str:
        return relative(Path(value).resolve())

    words = ["python3", "python/study/study.py", "run", "--name", args.name, "--tasks"]
    words += [t if t in ("eval", "all") else path(t) for t in args.tasks]
    words += ["--seeds", str(args.seeds), "--samples", str(args.samples),
              "--ttt-steps", str(args.ttt_steps), "--ttt-n", str(args.ttt_n),
              "--entropy", str(args.entropy)]
    if args.strategies != ",".join(DEFAULT_STRATEGIES):
        words += ["--strategies", args.strategies]
    for flag, value in [("--policy", args.policy), ("--cost-model", args.cost_model),
                        ("--rewards", args.rewards),
                        ("--cache", args.cache), ("--kopt", args.kopt)]:
        if value:
            words += [flag, path(value)]
    if args.runner:
        words += ["--runner", args.runner]
    return shlex.join(words)  # without --results: a reproduction writes to results/NAME


def identity(config: dict) -> dict:
    """What must match for a resumed run: not where the files lie, but what they hold."""
    return {**{k: v for k, v in config.items()
               if k not in ("tasks", "policy", "cost_model", "rewards", "runner", "cache",
                            "command")},
            "timing": config.get("timing", EARLIER_TIMING),
            "tasks": [t["name"] for t in config["tasks"]],
            "mode": "recorded" if config["rewards"] else "gpu"}


def command_run(args: argparse.Namespace) -> None:
    directory = Path(args.results).resolve() / args.name
    config = make_config(args)
    try:
        kopt = find_kopt(args.kopt)
    except FileNotFoundError as error:
        raise StudyError(str(error)) from None
    # A run that takes several machine sessions must measure every unit with one kopt (the same
    # kernels for the same draws) on one kind of GPU (comparable timings).
    config["kopt"] = kopt_version(kopt)
    config["device"] = "recorded" if config["rewards"] else gpu_names()
    saved_path = directory / "config.json"
    if saved_path.exists():
        saved = read_json(saved_path)
        if not saved.get("cost_model"):  # a run begun without a cost model goes on without
            config["cost_model"], config["cost_model_sha256"] = "", None
            saved = {**saved, "cost_model": "", "cost_model_sha256": None}
        for key in ("kopt", "device"):  # unknown for runs made before they were recorded: such
            if key not in saved:        # a run resumes under any, and they stay unrecorded
                del config[key]
        ours, theirs = identity(config), identity(saved)
        if theirs != ours:
            changed = sorted(k for k in ours if theirs.get(k) != ours.get(k))
            raise StudyError(f"{directory} holds a run with other options ({', '.join(changed)});"
                             " choose another --name or remove it")
        # The report's reproduction line is this session's command: its files hold what the
        # first session's did (checked above), and the first one's paths may hold other files now.
    directory.mkdir(parents=True, exist_ok=True)
    write_json(saved_path, config)
    print(f"study: {len(config['tasks'])} tasks x {len(config['seeds'])} seeds into {directory}"
          f" ({'recorded rewards' if config['rewards'] else 'GPU'}; kopt {kopt})", flush=True)
    Study(directory, config, kopt, args.runners).run()
    if args.no_report:
        print(f"study: done; the report: python3 python/study/study.py report --name {args.name}"
              f" --results {args.results}")
    else:
        write_report(directory, args.reps)


def write_report(directory: Path, reps: int, report_name: str = "REPORT.md") -> None:
    import analysis  # noqa: PLC0415
    numbers = analysis.analyse(directory, reps)
    # a report under another name keeps its numbers apart too (report.write names its plots so)
    prefix = "" if report_name == "REPORT.md" else Path(report_name).stem.lower() + "-"
    write_json(directory / f"{prefix}study.json", numbers)
    try:
        import report  # noqa: PLC0415 - needs matplotlib, which `run --no-report` does without
    except ImportError as error:
        raise StudyError(f"wrote {directory}/study.json, but the plots and REPORT.md need "
                         f"matplotlib ({error}): install python3-matplotlib (scripts/setup.sh) "
                         "and run `report` with Debian's python3 (/usr/bin/python3)") from None
    report.write(directory, numbers, report_name)
    print(f"study: wrote {directory}/{prefix}study.json, {report_name} and the plots", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run (or resume) a study, then write its report")
    run.add_argument("--name", required=True, help="results/NAME/ holds everything")
    run.add_argument("--tasks", nargs="+", default=["eval"],
                     help="eval (the 20 evaluation tasks), all (the 100), or task files")
    run.add_argument("--seeds", type=int, default=3, help="seeds 0..N-1")
    run.add_argument("--samples", type=int, default=64, help="base samples per task and seed")
    run.add_argument("--ttt-steps", type=int, default=5,
                     help="0: no TTT (a Best-of-N and selection run)")
    run.add_argument("--ttt-n", type=int, default=32, help="rollouts per TTT step")
    run.add_argument("--entropy", type=float, default=0.01,
                     help="kb-ttt's entropy bonus (docs/learning.md; 0: none)")
    run.add_argument("--policy", default=str(REPO / "policies" / "base.json"),
                     help="the base policy file (default: policies/base.json, the one kopt "
                          "ships; '' for the uniform prior)")
    run.add_argument("--cost-model", default=str(REPO / "policies" / "cost-model.json"),
                     help="kb-predict's model, for the model strategies ('' for none)")
    run.add_argument("--strategies", default=",".join(DEFAULT_STRATEGIES),
                     help="comma-separated kb-select strategies")
    run.add_argument("--rewards", default="",
                     help="a measurements file standing in for the GPU (kb-recorded-rewards)")
    run.add_argument("--runner", default="", help="kopt-runner command (default: kopt's)")
    run.add_argument("--cache", default="", help="kopt's result cache (default: kopt's)")
    run.add_argument("--runners", type=int, default=1,
                     help="units run at once, each on a runner of its own: one per GPU "
                          "(--runner's {gpu} becomes 0..N-1; default 1)")
    add_kopt_argument(run)
    run.add_argument("--no-report", action="store_true",
                     help="stop after the measurements (where matplotlib is missing)")
    for p in (run, sub.add_parser("report", help="write study.json, the plots and REPORT.md")):
        p.add_argument("--results", default=str(REPO / "results"),
                       help="the folder of results/NAME (default: the repository's results/)")
        p.add_argument("--reps", type=int, default=2000, help="bootstrap resamples")
    sub.choices["report"].add_argument("--name", required=True)
    sub.choices["report"].add_argument(
        "--report", default="REPORT.md",
        help="the report's file name; another name than REPORT.md (a re-analysis) gets its "
             "own study.json and plots, prefixed with its name, and leaves REPORT.md's alone")
    args = parser.parse_args()
    try:
        if args.command == "run":
            command_run(args)
        else:
            directory = Path(args.results).resolve() / args.name
            if not (directory / "config.json").exists():
                raise StudyError(f"{directory} holds no study")
            if Path(args.report).name != args.report or not args.report.endswith(".md"):
                raise StudyError(f"--report {args.report}: a file name ending in .md")
            write_report(directory, args.reps, args.report)
    except StudyError as error:
        print(f"study: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
