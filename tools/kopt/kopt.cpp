//===- kopt.cpp - the kopt driver -----------------------------------------===//
//
// mlir-opt conventions for running kopt's passes, plus `--select=STRATEGY`, which runs the
// default pipeline up to selection and prints the result (IR, or a JSON summary with --emit=json).
//
//===----------------------------------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/InitKopt.h"
#include "kopt/Passes/Pipeline.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Summary.h"
#include "kopt/Select/Strategy.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace llvm;

namespace {
/// Exit codes of `kopt --select`, documented in --help.
enum ExitCode : int {
  ExitSelected = 0,
  ExitError = 1,
  ExitNothingSelected = 2, // some task has no correct candidate
  ExitNeedsGpu = 3,        // stopped before verification or timing
};

enum class EmitKind { IR, JSON };

cl::opt<std::string> selectStrategy(
    "select", cl::value_desc("strategy"),
    cl::desc("Run the default pipeline up to selection with this strategy (see above)"));
cl::opt<EmitKind> emitKind("emit", cl::desc("What --select prints"), cl::init(EmitKind::IR),
                           cl::values(clEnumValN(EmitKind::IR, "ir", "the resulting IR"),
                                      clEnumValN(EmitKind::JSON, "json",
                                                 "a JSON summary per task")));
// --select's flags set the default pipeline's options, whose defaults Pipeline.h declares.
kopt::DefaultPipelineOptions selectOptions;
cl::opt<uint64_t, true> selectSeed("seed", cl::desc("Seed of --select's random choices"),
                                   cl::location(selectOptions.seed.getValue()));
cl::opt<std::string, true> runnerCommand(
    "runner", cl::value_desc("command"), cl::location(selectOptions.runner.getValue()),
    cl::desc("Shell command that starts kopt-runner for --select, e.g. 'ssh gpu1 kopt-runner' "
             "(default: $KOPT_RUNNER, else kopt-runner beside kopt or in PATH)"));
cl::opt<int64_t, true> runnerCount(
    "runners", cl::value_desc("n"), cl::location(selectOptions.runners.getValue()),
    cl::desc("Runners --select shares its tasks over, one per GPU; --runner is then a template "
             "whose {gpu} becomes 0..n-1 (default: 'CUDA_VISIBLE_DEVICES={gpu} kopt-runner')"));
cl::opt<std::string, true> cachePath(
    "cache", cl::value_desc("path"), cl::location(selectOptions.cache.getValue()),
    cl::desc("Result cache of --select (default: $XDG_CACHE_HOME/kopt/results.jsonl)"));
cl::opt<bool> noCache("no-cache", cl::desc("Keep no result cache for --select"));
cl::opt<unsigned, true> sampleCount(
    "samples", cl::value_desc("n"), cl::location(selectOptions.samples.getValue()),
    cl::desc("Candidates --select draws from the policy for a task that has none (0: use only "
             "the candidates in the input)"));
cl::opt<std::string, true> samplePolicy(
    "policy", cl::value_desc("policy"), cl::location(selectOptions.policy.getValue()),
    cl::desc("What --select draws from: base (the trained policy kopt ships), uniform, or a "
             "policy file (docs/policy-format.md)"));
cl::opt<std::string, true> costModelPath(
    "cost-model", cl::value_desc("path"), cl::location(selectOptions.costModel.getValue()),
    cl::desc("Cost model for --select (kb-fit-cost-model): every candidate gets a prediction, "
             "which --select=model and model-topK rank by"));
cl::opt<std::string, true> tolerancePreset(
    "tolerance", cl::value_desc("preset"), cl::location(selectOptions.tolerance.getValue()),
    cl::desc("Tolerance of every task for --select: kernelbench (atol = rtol = 1e-4, the task "
             "files' own) or loose (1e-2; TF32 tensor-core kernels verify)"));
} // namespace

static std::string overview() {
  std::string text = "kopt: samples, compiles, verifies, times and selects GPU kernels for kb "
                     "tasks\n\nSelection strategies (--select=...):\n";
  text += kopt::select::strategyHelp();
  text += "\nExit status of --select: 0 a candidate was selected for every task; 1 error;\n"
          "2 some task has no correct candidate; 3 stopped before verification or timing,\n"
          "which need a GPU (through kopt-runner: --runner=CMD or KOPT_RUNNER=CMD).\n";
  return text;
}

static int writeResult(ModuleOp module, StringRef outputFilename) {
  std::string error;
  std::unique_ptr<ToolOutputFile> output = openOutputFile(outputFilename, &error);
  if (!output) {
    errs() << "kopt: " << error << "\n";
    return ExitError;
  }
  if (emitKind == EmitKind::JSON)
    kopt::printSelectionSummary(module, output->os());
  else
    module.print(output->os());
  output->keep();
  return ExitSelected;
}

/// `kopt --select=S` and `kopt --emit=json`: the default pipeline and a summary.
static int runSelection(StringRef inputFilename, StringRef outputFilename,
                        DialectRegistry &registry) {
  std::optional<kopt::select::Strategy> strategy;
  if (!selectStrategy.empty()) {
    Expected<kopt::select::Strategy> parsed = kopt::select::Strategy::parse(selectStrategy);
    if (!parsed) {
      errs() << "kopt: " << StringRef(toString(parsed.takeError())).rtrim() << "\n";
      return ExitError;
    }
    strategy = *parsed;
  }

  std::string error;
  std::unique_ptr<MemoryBuffer> input = openInputFile(inputFilename, &error);
  if (!input) {
    errs() << "kopt: " << error << "\n";
    return ExitError;
  }
  MLIRContext context(registry);
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return ExitError;
  if (!strategy)
    return writeResult(*module, outputFilename);

  if (noCache && !cachePath.getValue().empty()) {
    errs() << "kopt: --cache and --no-cache conflict\n";
    return ExitError;
  }
  kopt::DefaultPipelineOptions &options = selectOptions;
  options.strategy = strategy->name();
  if (noCache)
    options.cache = kopt::kNoCache;
  // Lowering and tagging run anywhere; what follows may need a GPU, which the plan looks for.
  PassManager compile(&context);
  if (failed(applyPassManagerCLOptions(compile)))
    return ExitError;
  kopt::buildCompilePipeline(compile, options);
  if (failed(compile.run(*module)))
    return ExitError;
  // Found before any GPU work: without predictions the strategy could only fail at the end.
  if (strategy->needsPredictions() && options.costModel.empty()) {
    bool unpredicted = false;
    module->walk([&](kb::CandidateOp candidate) { unpredicted |= !candidate.getPredictedAttr(); });
    if (unpredicted) {
      errs() << "kopt: --select=" << strategy->name()
             << " ranks by predicted speedups, and candidates here have none: give "
                "--cost-model=FILE (a model from kb-fit-cost-model)\n";
      return ExitError;
    }
  }
  kopt::PipelinePlan plan = kopt::planDefaultPipeline(*module, *strategy, options);
  for (const std::string &note : plan.notes)
    errs() << "kopt: " << note << "\n";
  if (!plan.stopReason.empty()) {
    errs() << "kopt: " << plan.stopReason << "\n";
    int status = writeResult(*module, outputFilename);
    return status == ExitSelected ? ExitNeedsGpu : status;
  }

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return ExitError;
  kopt::buildMeasureAndSelectPipeline(pm, options);
  if (failed(pm.run(*module)))
    return ExitError;
  int status = writeResult(*module, outputFilename);
  if (status != ExitSelected)
    return status;
  return kopt::everyTaskSelected(*module) ? ExitSelected : ExitNothingSelected;
}

/// kopt's diagnostics carry their location and reason. MLIR's default also attaches the op they
/// are located at, printed whole, as a note: the entire module (PTX included) for an error
/// located at the module, a candidate and its PTX for one located at a candidate. kopt leaves it
/// out unless --mlir-print-op-on-diagnostic is given.
static void printOpsOnDiagnosticsOnlyWhenAsked() {
  auto &options = cl::getRegisteredOptions();
  auto option = options.find("mlir-print-op-on-diagnostic");
  if (option != options.end() && option->second->getNumOccurrences() == 0)
    static_cast<cl::opt<bool> *>(option->second)->setValue(false);
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  DialectRegistry registry;
  kopt::registerKoptDialects(registry);
  kopt::registerKoptPasses();
  cl::AddExtraVersionPrinter([](raw_ostream &os) {
    os << "kopt " KOPT_VERSION " (" KOPT_GIT_REVISION ")\n";
  });

  std::string header = overview();
  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(argc, argv, header, registry);
  printOpsOnDiagnosticsOnlyWhenAsked();
  if (!selectStrategy.empty() || emitKind == EmitKind::JSON)
    return runSelection(inputFilename, outputFilename, registry);
  return asMainReturnCode(MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
