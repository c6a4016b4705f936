//===- RunnerSession.cpp - where the IR meets kopt-runner -----------------===//
#include "kopt/Measure/RunnerSession.h"

#include "kopt/Features/TaskCost.h"
#include "kopt/Measure/Options.h"
#include "kopt/Runner/RunnerCommand.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <type_traits>

using namespace mlir;
using namespace kb;
using namespace kopt;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// The protocol's view of the IR
//===----------------------------------------------------------------------===//

static std::string dtypeOf(Type element) {
  if (element.isF16())
    return "f16";
  if (element.isBF16())
    return "bf16";
  if (element.isF32())
    return "f32";
  if (element.isF64())
    return "f64";
  if (element.isInteger(1))
    return "i1";
  if (element.isInteger(32))
    return "i32";
  if (element.isInteger(64))
    return "i64";
  std::string text; // the task verifier admits no other type; the runner will say what it thinks
  llvm::raw_string_ostream(text) << element;
  return text;
}

static runner::TensorSpec tensorSpec(StringRef name, Type type) {
  runner::TensorSpec spec;
  spec.name = name.str();
  Type element = type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    spec.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    element = tensor.getElementType();
  }
  spec.dtype = dtypeOf(element);
  return spec;
}

runner::TaskSpec kopt::toTaskSpec(TaskOp task) {
  runner::TaskSpec spec;
  spec.name = task.getSymName().str();
  if (ReferenceOp reference = task.getReference())
    spec.reference = reference.getSource().str();
  for (InputOp input : task.getInputs()) {
    runner::TensorSpec tensor = tensorSpec(input.getName(), input.getType());
    for (DistAttr dist : input.getDists().getAsRange<DistAttr>()) {
      runner::DistSpec distSpec{stringifyDistKind(dist.getKind()).str(), {}};
      for (const llvm::APFloat &param : dist.getParams())
        distSpec.params.push_back(param.convertToDouble());
      if (dist.getStructure() != DistStructure::Full)
        distSpec.structure = stringifyDistStructure(dist.getStructure()).str();
      tensor.dists.push_back(std::move(distSpec));
    }
    spec.inputs.push_back(std::move(tensor));
  }
  for (OutputOp output : task.getOutputs())
    spec.outputs.push_back(tensorSpec(output.getName(), output.getType()));
  spec.atol = task.getAtol().convertToDouble();
  spec.rtol = task.getRtol().convertToDouble();
  features::TaskCost cost = features::lowerBoundCost(task);
  spec.minBytes = cost.minBytes;
  spec.flops = cost.flops;
  return spec;
}

runner::KernelSpec kopt::toKernelSpec(CandidateOp candidate) {
  runner::KernelSpec spec;
  spec.task = candidate.getTask().str();
  spec.candidate = candidate.getSymName().str();
  spec.ptx = candidate.getPtx()->str();
  LaunchPlanAttr plan = candidate.getLaunchAttr();
  for (LaunchAttr launch : plan.getLaunches()) {
    runner::LaunchSpec launchSpec;
    launchSpec.entry = launch.getEntry().str();
    launchSpec.grid.assign(launch.getGrid().begin(), launch.getGrid().end());
    launchSpec.block.assign(launch.getBlock().begin(), launch.getBlock().end());
    launchSpec.smem = launch.getSmem();
    for (StringAttr arg : launch.getArgs())
      launchSpec.args.push_back(arg.getValue().str());
    spec.launches.push_back(std::move(launchSpec));
  }
  spec.scratch.assign(plan.getScratchBytes().begin(), plan.getScratchBytes().end());
  return spec;
}

//===----------------------------------------------------------------------===//
// RunnerSession
//===----------------------------------------------------------------------===//

FailureOr<std::unique_ptr<RunnerSession>>
RunnerSession::open(StringRef pass, StringRef runnerOption, StringRef cacheOption,
                    double timeoutSeconds, CandidateOp anchor) {
  llvm::Expected<std::string> command = runner::resolveRunnerCommand(runnerOption);
  if (!command) {
    emitError(anchor.getLoc()) << pass << " needs kopt-runner to run candidate @"
                               << anchor.getSymName() << " on a GPU, but "
                               << llvm::toString(command.takeError());
    return failure();
  }
  if (cacheOption == "-") {
    emitError(anchor.getLoc()) << pass << ": cache=- would write the result cache to standard "
                               << "output, which carries the IR; give it a file, or none";
    return failure();
  }
  runner::ResultCache cache;
  if (cacheOption != kNoCache) {
    std::string path = cacheOption.empty() ? runner::defaultCachePath() : cacheOption.str();
    if (!path.empty()) {
      std::vector<std::string> warnings;
      cache = runner::ResultCache::load(path, warnings);
      Operation *module = anchor->getParentOp();
      for (const std::string &warning : warnings)
        emitWarning(module->getLoc()) << pass << ": " << warning;
    }
  }
  return std::unique_ptr<RunnerSession>(
      new RunnerSession(pass.str(), std::move(*command), timeoutSeconds, std::move(cache)));
}

LogicalResult RunnerSession::start(CandidateOp at) {
  lease.emplace(runner::acquireRunner(command));
  llvm::Expected<runner::DeviceInfo> info = (*lease)->hello(timeoutSeconds);
  if (!info) {
    emitError(at.getLoc()) << pass << ": cannot run candidate @" << at.getSymName() << ": "
                           << llvm::toString(info.takeError());
    stopped = true;
    return failure();
  }
  device = std::move(*info);
  return success();
}

const std::string &RunnerSession::fingerprint(TaskOp task) {
  std::string &hash = fingerprints[task];
  if (hash.empty()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    task->print(os, OpPrintingFlags().useLocalScope());
    hash = runner::hashText(text);
  }
  return hash;
}

/// Whether a cached result is one kopt could have stored.
static bool isUsable(const runner::VerifyResult &result) {
  return runner::isProtocolVerdict(result.verdict);
}
/// A timing the runner judged an evaluator fault is measured again rather than reused: the
/// judgement may be stale (an older runner judged faults at the copy bandwidth, which read-mostly
/// kernels outrun) or a passing disturbance, and it costs the candidate its verdict. So is one
/// that kb-time would judge a fault (malformed, or no finite positive speedup). One stored before
/// runners timed eager with TF32 allowed lacks that baseline and is usable: its speedup_tf32 is
/// unknown.
static bool isUsable(const runner::TimeResult &result) {
  return runner::isProtocolVerdict(result.recheck) && !result.fault &&
         runner::isWellFormedTiming(result) && runner::speedupOverEager(result);
}

template <typename Result>
std::map<std::string, RunnerSession::Measured<std::variant<Result, runner::NoReply>>> &
RunnerSession::measuredThisSession() {
  if constexpr (std::is_same_v<Result, runner::VerifyResult>)
    return verified;
  else
    return timed;
}

template <typename Result, typename Request>
FailureOr<std::variant<Result, runner::NoReply>>
RunnerSession::measure(StringRef op, TaskOp task, CandidateOp candidate, std::string settings,
                       Request request) {
  using Outcome = std::variant<Result, runner::NoReply>;
  if (stopped || refusedTasks.contains(task.getSymName()))
    return failure(); // reported already
  if (!device && failed(start(candidate)))
    return failure();

  std::string launch;
  llvm::raw_string_ostream(launch) << candidate.getLaunchAttr();
  runner::ResultKey key{op.str(),          device->identity(),
                        fingerprint(task), runner::hashText(*candidate.getPtx()),
                        std::move(launch), std::move(settings)};
  std::string digest = key.digest();
  auto &measured = measuredThisSession<Result>();
  if (auto it = measured.find(digest); it != measured.end()) {
    fromCache = false;
    duplicateOf = it->second.candidate;
    return it->second.outcome;
  }
  duplicateOf.clear();
  if (const json::Value *cached = cache.lookup(digest)) {
    Result result;
    json::Path::Root root;
    if (fromJSON(*cached, result, root) && isUsable(result)) {
      fromCache = true;
      return Outcome(std::move(result));
    }
    llvm::consumeError(root.getError()); // unusable: measured again, and replaced
  }

  auto spec = taskSpecs.find(task);
  if (spec == taskSpecs.end()) // the task's cost is a walk of its payload: once per task
    spec = taskSpecs.try_emplace(task, toTaskSpec(task)).first;
  (*lease)->defineTask(spec->second);
  llvm::Expected<Outcome> outcome = request(**lease, toKernelSpec(candidate));
  if (!outcome) {
    llvm::handleAllErrors(outcome.takeError(), [&](const runner::RunnerError &error) {
      switch (error.kind) {
      case runner::RunnerError::Kind::Unavailable:
        stopped = true;
        emitError(candidate.getLoc()) << pass << ": cannot run candidate @"
                                      << candidate.getSymName() << ": " << error.message;
        break;
      case runner::RunnerError::Kind::TaskRefused:
        refusedTasks.insert(task.getSymName());
        emitError(task.getLoc()) << pass << ": " << error.message;
        break;
      case runner::RunnerError::Kind::Refused:
        emitError(candidate.getLoc()) << pass << ": " << error.message;
        break;
      }
    });
    return failure();
  }
  fromCache = false;
  const Result *result = std::get_if<Result>(&*outcome);
  // The device running out of memory says nothing of the kernel: asked again, it may pass.
  if constexpr (std::is_same_v<Result, runner::VerifyResult>)
    if (result && llvm::StringRef(result->detail).contains("out of memory"))
      result = nullptr;
  if (result || std::holds_alternative<runner::NoReply>(*outcome))
    measured[digest] = {candidate.getSymName().str(), *outcome};
  if (result) {
    json::Object context{{"op", op},
                         {"task", task.getSymName()},
                         {"candidate", candidate.getSymName()},
                         {"device", device->name}};
    if (llvm::Error error = cache.append(digest, std::move(context), toJSON(*result))) {
      emitWarning(task->getParentOp()->getLoc())
          << pass << ": results are no longer cached: " << llvm::toString(std::move(error));
      cache = runner::ResultCache();
    }
  }
  return std::move(*outcome);
}

FailureOr<runner::VerifyOutcome> RunnerSession::verify(TaskOp task, CandidateOp candidate,
                                                       const runner::VerifySettings &settings) {
  return measure<runner::VerifyResult>(
      "verify", task, candidate, runner::describeSettings(settings),
      [&](runner::RunnerClient &client, const runner::KernelSpec &kernel) {
        return client.verify(kernel, settings, timeoutSeconds);
      });
}

FailureOr<runner::TimeOutcome> RunnerSession::time(TaskOp task, CandidateOp candidate,
                                                   const runner::TimeSettings &settings) {
  return measure<runner::TimeResult>(
      "time", task, candidate, runner::describeSettings(settings),
      [&](runner::RunnerClient &client, const runner::KernelSpec &kernel) {
        return client.time(kernel, settings, timeoutSeconds);
      });
}

std::string kopt::describeReuse(const RunnerSession &session) {
  if (session.lastFromCache())
    return " [cached]";
  if (!session.lastDuplicateOf().empty())
    return " [same kernel as @" + session.lastDuplicateOf().str() + "]";
  return "";
}

//===----------------------------------------------------------------------===//
// Progress
//===----------------------------------------------------------------------===//

/// Progress lines of a pool's runners, written whole one at a time.
static std::mutex progressLines;

Progress::Progress(MLIRContext *context, StringRef pass, StringRef task, size_t total,
                   StringRef runnerLabel)
    : prefix(runnerLabel.empty() ? pass.str() : (pass + " " + runnerLabel).str()),
      task(task.str()), total(total),
      terminal(runnerLabel.empty() && llvm::sys::Process::StandardErrIsDisplayed()) {
  if (terminal)
    diagnostics.emplace(context, [this](Diagnostic &) {
      endLine();
      return failure(); // not handled: on to the usual handler
    });
}

Progress::~Progress() { endLine(); }

void Progress::endLine() {
  if (lineOpen)
    llvm::errs() << "\n";
  lineOpen = false;
}

void Progress::step(StringRef candidate, StringRef outcome) {
  ++done;
  std::string line = (prefix + ": " + task + " " + llvm::Twine(done) + "/" + llvm::Twine(total) +
                      " " + candidate + " " + outcome)
                         .str();
  llvm::raw_ostream &os = llvm::errs();
  if (terminal) {
    os << "\r" << line << "\x1b[K"; // clear what a longer previous line left
    lineOpen = true;
  } else {
    std::lock_guard<std::mutex> guard(progressLines);
    os << line << "\n";
  }
  os.flush();
}
