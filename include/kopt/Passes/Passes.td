//===- Passes.td - kopt passes -----------------------------*- tablegen -*-===//
#ifndef KOPT_PASSES_TD
#define KOPT_PASSES_TD

include "mlir/Pass/PassBase.td"

def KbExportPayloads : Pass<"kb-export-payloads", "::mlir::ModuleOp"> {
  let summary = "Replace the tasks by their payloads as functions on buffers, for the host";
  let description = [{
    Replaces the module's contents with one `func.func @<task>(inputs..., outputs...)` per task
    with a payload: the payload prepared as for a kernel (named ops generalized, producers fused)
    and bufferized, every result written into its output buffer, rank-0 inputs by value. Lowered
    for the CPU (e.g. mlir-opt's convert-*-to-llvm passes with bare-pointer memrefs), it runs a
    task's own MLIR on the host: python/kernelbench/check_payloads.py compares that with the
    task's reference. Candidates are dropped.
  }];
  // What preparing (tensor.from_elements, linalg.generic copies, the linalg passes it runs) and
  // bufferizing a payload build; a payload without ops loads none of them.
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect", "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def KbLowerToPtx : Pass<"kb-lower-to-ptx", "::mlir::ModuleOp"> {
  let summary = "Compile candidates to PTX and launch plans";
  let description = [{
    For every candidate without `ptx` and without a `verdict`, sets `ptx` and `launch`, or
    `verdict <compile_error, "...">` carrying the diagnostics. A policy candidate's `decisions`
    choose a schedule in the space of the family, or chain of families, that takes its task's
    payload (include/kopt/Codegen/Families.td defines each family's decisions, their domains and
    defaults; docs/schedule-spaces.md): its kernel is built from the task's payload
    and lowered in process through GPU, NVVM and LLVM's NVPTX back end, with one bare pointer per
    task buffer as kernel parameters. The `source` of a replay, server or manual candidate is
    CUDA C++, compiled by `cuda-compiler` (auto: clang if there is one, else NVRTC, else nvcc)
    in a child process limited by `cuda-time-limit` and `cuda-memory-limit`, after its
    preprocessor directives are checked (no absolute or `..` include, no #embed); its launch
    plan is its `launch` attribute, else the `// kopt-launch:` lines of its source (README.md).
    Candidates compile on `threads` threads (0: one per hardware thread); results attach in
    candidate order and do not depend on the number of threads. Candidates of a task with
    identical decisions, or identical source and plan, compile once. An unknown `chip`, or
    `cuda-compiler` other than auto, clang, nvrtc or nvcc, is an error. Progress goes to stderr.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"", "the GPU to compile for">,
    Option<"sms", "sms", "int64_t", /*default=*/"132",
           "streaming multiprocessors of the GPU, which size grid-stride grids (132: H100 SXM, "
           "H200)">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "compiler threads (0: one per hardware thread)">,
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"\"\"",
           "CUDA toolkit for libdevice and clang (default: $CUDA_PATH, else /usr/local/cuda)">,
    Option<"clang", "clang", "std::string", /*default=*/"\"\"",
           "clang++ for CUDA C++ candidates (default: the one of kopt's LLVM, else clang++-22 or "
           "clang++ in PATH)">,
    Option<"cudaCompiler", "cuda-compiler", "std::string", /*default=*/"\"auto\"",
           "what compiles CUDA C++ candidates: auto (clang if found, else NVRTC, else nvcc), "
           "clang, nvrtc or nvcc">,
    Option<"cudaTimeLimit", "cuda-time-limit", "unsigned", /*default=*/"60",
           "seconds (wall clock and CPU) compiling one CUDA C++ candidate may take">,
    Option<"cudaMemoryLimit", "cuda-memory-limit", "unsigned", /*default=*/"4096",
           "MiB of address space compiling one CUDA C++ candidate may add">,
  ];
}

def KbReplay : Pass<"kb-replay", "::mlir::ModuleOp"> {
  let summary = "Add recorded LLM samples as replay candidates";
  let description = [{
    Reads the JSON Lines samples file `samples` (docs/samples-format.md) and appends, for every
    sample, `kb.candidate @<task>_r<N> of @<task> replay source "<code>" logprob <sum, count>`
    after the existing candidates of its task (a task of the module's own symbol table), in file
    order; N counts from 0 per task, skipping names already taken. The code is the sample's first
    fenced block tagged cuda, c++, cpp or cu, else its first fenced block, else its whole text if
    it contains `__global__`; a sample without one still becomes a candidate, with its whole text
    as source and `verdict <parse_error, "...">`. `logprobs=all` sums the log-probs of every token
    (a sample without log-probs gets no `logprob`); `logprobs=code` those of its
    `code_token_range`, and a sample without a valid range is an error. A malformed line, or a
    sample naming a task not in the module, is an error and nothing is added.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"samples", "samples", "std::string", /*default=*/"\"\"",
           "the JSON Lines file of recorded samples (docs/samples-format.md)">,
    Option<"logprobs", "logprobs", "std::string", /*default=*/"\"all\"",
           "which tokens the log-prob statistics cover: all | code (code_token_range)">,
  ];
}

def KbSample : Pass<"kb-sample", "::mlir::ModuleOp"> {
  let summary = "Add candidates drawn from the kernel policy";
  let description = [{
    For every `kb.task` of the module, decides its family as kb-lower-to-ptx does and draws `n`
    decision lists from the policy (`policy`: a file in the format of docs/policy-format.md,
    `base` for the base policy kopt ships, `uniform` or none for the uniform prior) at
    `temperature`, appending
    `kb.candidate @<task>_s<N> of @<task> policy decisions {...} logprob <sum = S, count = C>`
    after the task's candidates, where S sums the log-probs of the C decisions under the tempered
    distribution they were drawn from; N counts from 0 per task, skipping names already taken.
    Each task draws from its own stream, seeded by `seed` and the task's name, so the same seed
    gives the same IR. A decision list drawn before for the same task is kept (Best-of-N counts
    it) and marked `{duplicate_of = @<first>}`. A task kopt cannot schedule (a payload that cannot be
    prepared for a kernel or that no family takes) gets a warning with the reason and no
    candidates; a policy file that cannot be read or does not
    match the schedule spaces is an error and nothing is added.

    With `exhaustive`, every decision list of the task's space is added once instead, in table
    order (the last decision varying fastest), each with its log-prob under the policy: for
    recording a whole space's rewards (results/rewards-h200).
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"n", "n", "unsigned", /*default=*/"8", "candidates per task">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the draws">,
    Option<"temperature", "temperature", "double", /*default=*/"1.0",
           "divides the policy's logits (> 0)">,
    Option<"policy", "policy", "std::string", /*default=*/"\"\"",
           "a policy file (docs/policy-format.md), `base` (the shipped base policy) or "
           "`uniform`; empty: uniform">,
    Option<"exhaustive", "exhaustive", "bool", /*default=*/"false",
           "every decision list of the space once, instead of n draws">,
    Option<"onlyUnsampled", "only-unsampled", "bool", /*default=*/"false",
           "draw only for tasks that have no candidates yet (the default pipeline's use)">,
  ];
}

def KbSampleServer : Pass<"kb-sample-server", "::mlir::ModuleOp"> {
  let summary = "Add samples of an OpenAI-compatible server as server candidates";
  let description = [{
    For every `kb.task` of the module, asks the server at `url` (POST /v1/chat/completions, or
    /v1/completions with `endpoint=completions`) for `n` samples of a CUDA C++ kernel: the prompt
    gives the task's TorchScript reference, its inputs and outputs, and the contract of README.md
    ("CUDA C++ candidates"). Each choice becomes a sample (docs/samples-format.md) and then
    `kb.candidate @<task>_s<N> of @<task> server ...`, made exactly as kb-replay makes replay
    candidates (logprobs=all). The API key is read from the environment variable `api-key-env`
    (sent as `Authorization: Bearer` only when set). HTTP 429 and 5xx, connection errors and
    timeouts are retried `retries` times with exponential backoff, or on 429 and 503 after the
    server's Retry-After (at most 60 s); `concurrency` requests run at once. A task whose request
    fails is an error located at the task, and nothing is added. At most `n` choices of a response
    count; one with null or absent content is an empty answer (a parse_error candidate).
    `record=PATH` also writes the samples as a samples file that kb-replay reads back, when the
    pass succeeds.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"url", "url", "std::string", /*default=*/"\"\"",
           "the server's base URL, e.g. http://127.0.0.1:8000">,
    Option<"model", "model", "std::string", /*default=*/"\"\"", "the model to ask">,
    Option<"n", "n", "unsigned", /*default=*/"8", "samples per task (one request)">,
    Option<"temperature", "temperature", "double", /*default=*/"1.0", "sampling temperature">,
    Option<"maxTokens", "max-tokens", "int64_t", /*default=*/"4096", "max_tokens per sample">,
    Option<"apiKeyEnv", "api-key-env", "std::string", /*default=*/"\"OPENAI_API_KEY\"",
           "the environment variable holding the API key">,
    Option<"endpoint", "endpoint", "std::string", /*default=*/"\"chat\"",
           "chat (/v1/chat/completions) | completions (/v1/completions)">,
    Option<"timeout", "timeout", "double", /*default=*/"60", "seconds per request">,
    Option<"retries", "retries", "unsigned", /*default=*/"3",
           "further attempts after 429, 5xx, connection errors and timeouts">,
    Option<"concurrency", "concurrency", "unsigned", /*default=*/"4", "requests at once">,
    Option<"record", "record", "std::string", /*default=*/"\"\"",
           "also write the samples to this JSON Lines file (the kb-replay format)">,
  ];
}

def KbSelect : Pass<"kb-select", "::mlir::ModuleOp"> {
  let summary = "Select one candidate per task with a selection strategy";
  let description = [{
    For every `kb.task`, chooses one of its verified-correct candidates and marks it
    `selected <"strategy", timed = N>`, where N is the number of candidates whose timings the
    strategy read. A mark left by an earlier selection of the same task is removed first.
    Strategies: oracle, random, confidence, surprise, surprise-topK, confidence-topK, model,
    model-topK (ranked by the `predicted` speedup kb-predict adds), bon-K.
    Ties go to the earlier candidate in sample order. A task without a correct candidate gets a
    warning and no mark. A candidate without a verdict, a correct candidate without the log-probs
    a ranking strategy needs, or a missing timing the strategy must read is an error located at
    that candidate.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"strategy", "strategy", "std::string", /*default=*/"\"surprise-top3\"",
           "oracle | random | confidence | surprise | surprise-topK | confidence-topK | model | "
           "model-topK | bon-K">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the random strategy">,
  ];
}

def KbFitCostModel : Pass<"kb-fit-cost-model", "::mlir::ModuleOp"> {
  let summary = "Fit a learned cost model on the module's verified candidates";
  let description = [{
    Fits gradient-boosted trees (XGBoost) that predict a candidate's log speedup over eager (from
    its correct candidates) and its probability of being correct (from all verified ones), from
    its named features: its task's (the policy's task features), its family, its decisions and
    its PTX features (kb-tag-features). Candidates measured elsewhere come in through
    kb-recorded-rewards. An evaluation task (`split = "eval"`) is an error unless `allow-eval`:
    the model is judged on those. `exclude` leaves tasks out (a cross-validation's held-out fold:
    bench/cost-model-eval.py). Writes the model file to `out` (same candidates and options, same
    bytes).
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"out", "out", "std::string", /*default=*/"\"\"", "where to write the model">,
    Option<"rounds", "rounds", "unsigned", /*default=*/"200", "boosting rounds per booster">,
    Option<"depth", "depth", "unsigned", /*default=*/"6", "depth of each tree">,
    Option<"eta", "eta", "double", /*default=*/"0.1", "learning rate (shrinkage)">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "XGBoost's seed">,
    Option<"allowEval", "allow-eval", "bool", /*default=*/"false",
           "fit on evaluation-split tasks too">,
    ListOption<"exclude", "exclude", "std::string",
               "tasks left out of the fit (the held-out fold of a cross-validation by task)">,
  ];
}

def KbPredict : Pass<"kb-predict", "::mlir::ModuleOp"> {
  let summary = "Add a learned cost model's prediction to every candidate";
  let description = [{
    Sets `predicted <speedup, p_correct>` on every candidate from the model kb-fit-cost-model
    wrote: no GPU, nothing run. Features the model knows and the candidate lacks (a decision of
    another family, PTX features not tagged) are missing values, which the trees route by their
    default branches; tag features first (kb-lower-to-ptx, kb-tag-features) for useful predictions.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"model", "model", "std::string", /*default=*/"\"\"", "the cost model file">,
  ];
}

def KbSetTolerance : Pass<"kb-set-tolerance", "::mlir::ModuleOp"> {
  let summary = "Set every task's tolerance to a preset";
  let description = [{
    `kernelbench`: atol = rtol = 1e-4, KernelBench's fp32 tolerance and the task files' own;
    `loose`: atol = rtol = 1e-2, for comparisons that accept reduced-precision arithmetic (under
    which the matmul family's TF32 tensor-core kernels verify). The tolerance decides which kernels
    compile and which are correct, so it must be set before candidates are compiled: a task
    whose candidates already carry PTX or a verdict other than parse_error is an error.
  }];
  let options = [
    Option<"preset", "preset", "std::string", /*default=*/"\"kernelbench\"",
           "kernelbench (1e-4) or loose (1e-2)">,
  ];
  let dependentDialects = ["::kb::KbDialect"];
}

def KbTagFeatures : Pass<"kb-tag-features", "::mlir::ModuleOp"> {
  let summary = "Tag each candidate with structural features of its PTX";
  let description = [{
    For every candidate with `ptx` and no `features` yet, sets `features {...}`: a flat
    dictionary of integers read from the PTX of the kernels its launch plan launches (every entry
    when it has none) and the functions they call, such as global access widths, shared memory,
    barriers, tensor-core and cp.async instructions, loops, local memory (docs/features.md lists
    them all). When a ptxas is found (the `ptxas` option, else $KOPT_PTXAS, else
    /usr/local/cuda/bin/ptxas, else ptxas in PATH; `none` for none), `ptxas -v` adds registers,
    stack and spills; a PTX that ptxas rejects gets `ptxas_error` with its first error line.
    Tagging never fails on a candidate; a launch entry missing from the PTX gets a warning.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "ptxas to run for registers and spills (default: $KOPT_PTXAS, "
           "/usr/local/cuda/bin/ptxas, ptxas in PATH; none: no ptxas)">,
  ];
}

def KbVerify : Pass<"kb-verify", "::mlir::ModuleOp"> {
  let summary = "Verify candidates against the task's reference on a GPU, through kopt-runner";
  let description = [{
    For every candidate with `ptx` and `launch` and no `verdict` yet, asks kopt-runner to run it
    on fresh inputs (`trials` draws, from `seed`) and compare its outputs with the task's
    reference, and sets `verdict <kind, "detail">`. A candidate that hangs past `timeout` seconds
    gets `timeout` and one whose runner dies gets `crash`; the runner is restarted and the run goes
    on. A candidate without a verdict and without PTX or launch plan is an error (kb-lower-to-ptx
    provides them). Results are kept in the result cache (`cache`: a path, empty for
    $XDG_CACHE_HOME/kopt/results.jsonl, `none` for no cache) and read back on later runs.
    The runner is the `runner` shell command, else $KOPT_RUNNER, else kopt-runner beside kopt or
    in PATH. Progress goes to stderr.

    A pool: with `runners=N`, N runners (one per GPU) share the tasks, heaviest first, each task on
    one runner; `runner` (or $KOPT_RUNNER) is a template whose `{gpu}` becomes 0 to N-1, by default
    `CUDA_VISIBLE_DEVICES={gpu} kopt-runner` (docs/runner-pool.md).

    A verification budget: with `top=M`, only the candidates of each task's M most promising
    distinct kernels (same PTX and launch plan) are run, ranked by `by`: `model`, the highest
    `predicted` speedup (kb-predict), or `surprise`, the lowest mean log-prob. The others get
    `verdict <unverified, "reason">`; selection passes over them, and a later kb-verify with a
    larger budget takes them up again.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"runner", "runner", "std::string", /*default=*/"\"\"",
           "shell command that starts kopt-runner (default: $KOPT_RUNNER, kopt-runner beside "
           "kopt, kopt-runner in PATH)">,
    Option<"runners", "runners", "int64_t", /*default=*/"1",
           "runners in the pool, one per GPU: `runner` is then a template whose {gpu} becomes "
           "0..runners-1 (default: CUDA_VISIBLE_DEVICES={gpu} kopt-runner)">,
    Option<"timeout", "timeout", "double",
           /*default=*/"::kopt::kDefaultTimeoutSeconds",
           "seconds to wait for each reply before the runner is killed">,
    Option<"trials", "trials", "int64_t", /*default=*/"::kopt::protocol::kDefaultTrials",
           "input draws per candidate">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the input draws">,
    Option<"cache", "cache", "std::string", /*default=*/"\"\"",
           "result cache file (empty: the default one; none: no cache)">,
    Option<"top", "top", "int64_t", /*default=*/"0",
           "verify only each task's `top` most promising distinct kernels (0: all)">,
    Option<"by", "by", "std::string", /*default=*/"\"model\"",
           "what ranks kernels for `top`: model (predicted speedup) or surprise">,
  ];
}

def KbTime : Pass<"kb-time", "::mlir::ModuleOp"> {
  let summary = "Time the candidates a selection strategy needs on a GPU, through kopt-runner";
  let description = [{
    Times the verified-correct candidates whose timings `strategy` reads (every correct one with
    `strategy=all`) and sets `time <median, q1, q3, n>` in microseconds, `speedup` (PyTorch
    eager's median at fp32 over the candidate's, KernelBench's convention) and, where the runner
    timed eager with TF32 allowed too, `speedup_tf32` (that median over the candidate's: the
    baseline at matched precision), each with its 95% interval. Repetitions stop when the median's relative standard
    error falls below `target`, or after `max-seconds`. A candidate whose timed outputs are wrong,
    or whose time is below the task's physical limit (an evaluator fault), gets no speedup: its
    verdict becomes `incorrect` with the reason, with a warning, and the strategy's choice of
    candidates to time is made again. Runner, pool, timeout and cache as for kb-verify.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"runner", "runner", "std::string", /*default=*/"\"\"",
           "shell command that starts kopt-runner (default: $KOPT_RUNNER, kopt-runner beside "
           "kopt, kopt-runner in PATH)">,
    Option<"runners", "runners", "int64_t", /*default=*/"1",
           "runners in the pool, one per GPU: `runner` is then a template whose {gpu} becomes "
           "0..runners-1 (default: CUDA_VISIBLE_DEVICES={gpu} kopt-runner)">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"surprise-top3\"",
           "the selection strategy whose timings to measure, or `all` for every correct "
           "candidate">,
    Option<"target", "target", "double",
           /*default=*/"::kopt::protocol::kDefaultTargetRelError",
           "relative standard error of the median to stop at">,
    Option<"maxSeconds", "max-seconds", "double",
           /*default=*/"::kopt::protocol::kDefaultMaxSeconds",
           "most seconds of repetitions per candidate">,
    Option<"timeout", "timeout", "double",
           /*default=*/"::kopt::kDefaultTimeoutSeconds",
           "seconds to wait for each reply before the runner is killed">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the input draws">,
    Option<"cache", "cache", "std::string", /*default=*/"\"\"",
           "result cache file (empty: the default one; none: no cache)">,
  ];
}

def KbExportMeasurements : Pass<"kb-export-measurements", "::mlir::ModuleOp"> {
  let summary = "Write every candidate's decisions and measurements as JSON Lines";
  let description = [{
    Appends one line per candidate to `file` (docs/measurements-format.md): task, name, origin,
    decisions, duplicate_of, log-prob sum and count, verdict and its detail, timing, speedup,
    speedup_tf32 and features, each where the candidate has it. The IR is left unchanged. This is what analyses
    outside kopt read (python/study), and, read back, the reward table of kb-recorded-rewards.
  }];
  let options = [
    Option<"file", "file", "std::string", /*default=*/"\"-\"",
           "where to write (- for standard output)">,
  ];
}

def KbRecordedRewards : Pass<"kb-recorded-rewards", "::mlir::ModuleOp"> {
  let summary = "Give candidates the verdicts and timings recorded for their decision lists";
  let description = [{
    Stands in for kb-lower-to-ptx, kb-verify and kb-time with a measurements file of an earlier
    GPU run (docs/measurements-format.md): every policy candidate without a verdict gets the
    verdict, timing and speedups recorded for its task and decision list. A decision that none of
    the task's records names (added to the space after the table was measured) is left out of
    the match: the records stand for every value of it, and a warning names it once per task. A
    decision list the table does not hold is an error at the candidate; nothing is compiled or
    run. The learning passes
    (kb-ttt, kb-train) use it, through their `rewards` option, to run without a GPU.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"table", "table", "std::string", /*default=*/"\"\"",
           "the measurements file to read">,
  ];
}

def KbTtt : Pass<"kb-ttt", "::mlir::ModuleOp"> {
  let summary = "Test-time training: adapt the policy to each task, keep one step's samples";
  let description = [{
    The study's inner loop, per `kb.task` kopt can schedule: for `steps` steps, draw `n` decision
    lists from the current policy, measure them (on the GPU, or from the `rewards` table), and take
    one Adam step (`lr`) of the policy-gradient loss with the step's rewards (speedup, 0 when
    incorrect) z-scored across its rollouts; a step whose rewards are all equal changes nothing.
    Each task starts from `policy` (or the uniform prior) and draws from its own seeded stream.

    Every step is recorded on the task, `ttt = [{step, fast_1, correct, best_speedup, distinct,
    mean_surprisal, mean_entropy, entropy = [per decision]}, ...]`, statistics of that step's
    rollouts under the policy that drew them, and printed on stderr. One step's rollouts then
    become the task's candidates (`@<task>_t<step>_<i>`, measured, duplicates marked), so that
    kb-select chooses among them: the last step's, or with `best-of-adaptation` the step with the
    best fast_1 (the earliest of equals), or with `early-stop` the step before the first whose
    fast_1 fell (the run stops there). `ttt_chosen` names the step. `save` writes the policy that
    drew the chosen step's rollouts, `save-steps` those of every step (for re-scoring a fixed set
    of samples under each, kb-score), `log` the records as JSON Lines.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"steps", "steps", "unsigned", /*default=*/"3", "adaptation steps (the study: 1-5)">,
    Option<"n", "n", "unsigned", /*default=*/"32", "rollouts per step">,
    Option<"lr", "lr", "double", /*default=*/"0.1", "Adam's learning rate">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the draws">,
    Option<"temperature", "temperature", "double", /*default=*/"1.0",
           "divides the policy's logits (> 0)">,
    Option<"entropy", "entropy", "double", /*default=*/"0.01",
           "the entropy bonus: the objective gains this times the mean entropy per decision of "
           "the rollouts (docs/learning.md); 0: none">,
    Option<"policy", "policy", "std::string", /*default=*/"\"\"",
           "the starting policy: a policy file (docs/policy-format.md), `base` or `uniform`; "
           "empty: uniform">,
    Option<"bestOfAdaptation", "best-of-adaptation", "bool", /*default=*/"false",
           "keep the step with the best fast_1 instead of the last">,
    Option<"earlyStop", "early-stop", "bool", /*default=*/"false",
           "stop at the first step whose fast_1 fell, and keep the one before">,
    Option<"save", "save", "std::string", /*default=*/"\"\"",
           "write the policy that drew the kept step's rollouts here">,
    Option<"saveSteps", "save-steps", "std::string", /*default=*/"\"\"",
           "write the policy that drew step K's rollouts of task T to DIR/T.stepK.json">,
    Option<"log", "log", "std::string", /*default=*/"\"\"",
           "append one JSON line per task and step (the `ttt` record, with `task` and "
           "`chosen`) here">,
    Option<"rewards", "rewards", "std::string", /*default=*/"\"\"",
           "a measurements file to take rewards from (kb-recorded-rewards); empty: compile, "
           "verify and time on the GPU through kopt-runner">,
    Option<"runner", "runner", "std::string", /*default=*/"\"\"",
           "kb-verify and kb-time's runner command">,
    Option<"runners", "runners", "int64_t", /*default=*/"1",
           "kb-verify and kb-time's pool of runners, one per GPU">,
    Option<"cache", "cache", "std::string", /*default=*/"\"\"",
           "kb-verify and kb-time's result cache (empty: the default one; none: no cache)">,
    Option<"trials", "trials", "int64_t", /*default=*/"2", "verification trials per kernel">,
    Option<"maxSeconds", "max-seconds", "double", /*default=*/"0.1",
           "kb-time's budget per kernel">,
    Option<"target", "target", "double", /*default=*/"0.05",
           "kb-time's relative error of the median">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"", "the GPU to compile for">,
  ];
}

def KbTrain : Pass<"kb-train", "::mlir::ModuleOp"> {
  let summary = "Train the kernel policy with GRPO over the module's tasks (the outer loop)";
  let description = [{
    The study's outer loop, scaled to kopt's policy. Each of `steps` steps takes the next `batch`
    tasks of the module's `split` (those kopt can schedule, in a seeded order reshuffled every
    pass over them) and draws `group` decision lists for each from the current policy; measures
    them (on the GPU through kopt-runner and its result cache, or from the `rewards` table); gives
    each the reward 0 if incorrect, else its speedup over the running median of that task's last
    `window` correct speedups; normalises the rewards within each group (z-scores); and takes one
    Adam step (`lr`) of the policy-gradient loss over the whole batch.

    The policy starts from `prior`: `uniform`, `conventional` (the simple schedules most
    hand-written kernels use, docs/learning.md) or a policy file; after every step it is written
    to `out`, and a line of JSON goes to `log` (step, tasks, correct rate, fast_1, mean speedup of
    the correct, mean reward, entropy per decision of each family, seconds), so an interrupted
    run loses at most one step. A task whose rollouts cannot all be measured (kopt-runner refused
    it, the table does not hold it) leaves the training with a warning, and the step goes on with
    the others; with none left it is an error. The IR is left unchanged.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"steps", "steps", "unsigned", /*default=*/"40", "GRPO steps">,
    Option<"batch", "batch", "unsigned", /*default=*/"8", "tasks per step">,
    Option<"group", "group", "unsigned", /*default=*/"8", "rollouts per task and step">,
    Option<"lr", "lr", "double", /*default=*/"0.05", "Adam's learning rate">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the task order and the draws">,
    Option<"temperature", "temperature", "double", /*default=*/"1.0",
           "divides the policy's logits (> 0)">,
    Option<"entropy", "entropy", "double", /*default=*/"0.01",
           "the entropy bonus: the objective gains this times the mean entropy per decision of "
           "the rollouts (docs/learning.md); 0: none">,
    Option<"window", "window", "unsigned", /*default=*/"32",
           "correct speedups per task in the reward's running median">,
    Option<"split", "split", "std::string", /*default=*/"\"train\"",
           "train on the tasks with this `split` attribute (empty: every task)">,
    Option<"prior", "prior", "std::string", /*default=*/"\"uniform\"",
           "the starting policy: uniform, conventional, base, or a policy file">,
    Option<"out", "out", "std::string", /*default=*/"\"\"", "where to write the policy">,
    Option<"log", "log", "std::string", /*default=*/"\"\"",
           "where to append the JSON Lines training log (empty: stderr only)">,
    Option<"rewards", "rewards", "std::string", /*default=*/"\"\"",
           "a measurements file to take rewards from (kb-recorded-rewards); empty: compile, "
           "verify and time on the GPU through kopt-runner">,
    Option<"runner", "runner", "std::string", /*default=*/"\"\"",
           "kb-verify and kb-time's runner command">,
    Option<"runners", "runners", "int64_t", /*default=*/"1",
           "kb-verify and kb-time's pool of runners, one per GPU">,
    Option<"cache", "cache", "std::string", /*default=*/"\"\"",
           "kb-verify and kb-time's result cache (empty: the default one; none: no cache)">,
    Option<"trials", "trials", "int64_t", /*default=*/"2", "verification trials per kernel">,
    Option<"maxSeconds", "max-seconds", "double", /*default=*/"0.1",
           "kb-time's budget per kernel">,
    Option<"target", "target", "double", /*default=*/"0.05",
           "kb-time's relative error of the median">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"", "the GPU to compile for">,
  ];
}

def KbScore : Pass<"kb-score", "::mlir::ModuleOp"> {
  let summary = "Re-score policy candidates under a policy";
  let description = [{
    Sets every policy candidate's `logprob` to the log-probs of its decisions under `policy` (at
    `temperature`), and its `entropy` attribute to the mean over its decisions of the entropy of
    each decision's distribution given the earlier ones. A fixed set of measured samples scored
    under each step of test-time training shows whether adaptation sharpens the policy onto slow
    kernels (the over-sharpening probe). Candidates of tasks kopt cannot schedule are left alone.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"policy", "policy", "std::string", /*default=*/"\"\"",
           "a policy file (docs/policy-format.md), `base` (the shipped base policy) or "
           "`uniform`; empty: uniform">,
    Option<"temperature", "temperature", "double", /*default=*/"1.0",
           "divides the policy's logits (> 0)">,
  ];
}

#endif // KOPT_PASSES_TD
