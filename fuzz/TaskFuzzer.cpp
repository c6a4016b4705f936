//===- TaskFuzzer.cpp - fuzz task and candidate files ---------------------===//
//
// Parses the input as kopt parses a task file (the kb dialect and everything kopt registers),
// verifies it, and runs on it the passes that analyse payloads and candidates without a GPU:
// kb-sample, kb-lower-to-ptx (the policy candidates' kernels built from the payload and lowered
// to PTX in process), kb-tag-features, kb-export-measurements, kb-select with several
// strategies, and kb-export-payloads. Errors are expected; a crash, a hang (libFuzzer's
// -timeout), a pass that fails without saying why, or an output that does not parse back (the IR
// file is the record a run resumes from) is a finding.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/InitKopt.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace mlir;

namespace {
/// One pipeline per entry, each run on its own copy of the parsed module. CUDA C++ candidates go
/// to a "clang" that always fails and ptxas is off: nothing outside the process runs.
constexpr const char *kPipelines[] = {
    ("kb-sample{n=2 seed=0 only-unsampled=true}, kb-lower-to-ptx{threads=1 clang=/bin/false},"
     "kb-tag-features{ptxas=none}, kb-export-measurements{file=/dev/null}"),
    "kb-select{strategy=oracle}",
    "kb-select{strategy=surprise-top3}",
    "kb-select{strategy=confidence}",
    "kb-select{strategy=random seed=1}",
    "kb-select{strategy=bon-2}",
    "kb-export-payloads",
};

MLIRContext *context;
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  DialectRegistry registry;
  kopt::registerKoptDialects(registry);
  kopt::registerKoptPasses();
  context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects(false);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Diagnostics are the expected outcome: count the errors, print nothing.
  bool emittedError = false;
  ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diagnostic) {
    emittedError |= diagnostic.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kopt::fuzz::bytes(data, size), ParserConfig(context));
  if (!module)
    return 0;
  for (const char *pipeline : kPipelines) {
    PassManager pm(context);
    if (failed(parsePassPipeline(pipeline, pm))) {
      llvm::errs() << "kopt-fuzz-task: bad pipeline '" << pipeline << "'\n";
      std::abort();
    }
    OwningOpRef<ModuleOp> copy = module->clone();
    emittedError = false;
    if (failed(pm.run(*copy))) {
      if (emittedError)
        continue;
      llvm::errs() << "kopt-fuzz-task: '" << pipeline << "' failed without an error diagnostic\n";
      std::abort();
    }
    std::string printed;
    llvm::raw_string_ostream os(printed);
    copy->print(os);
    if (!parseSourceString<ModuleOp>(printed, ParserConfig(context))) {
      llvm::errs() << "kopt-fuzz-task: the output of '" << pipeline << "' does not parse back\n";
      std::abort();
    }
  }
  return 0;
}
