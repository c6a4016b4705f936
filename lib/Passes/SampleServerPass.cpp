//===- SampleServerPass.cpp - kb-sample-server ----------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/SampleCandidates.h"
#include "kopt/Sample/Server.h"

#include "llvm/Support/raw_ostream.h"

namespace kopt {
#define GEN_PASS_DEF_KBSAMPLESERVER
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace ks = kopt::sample;

namespace {
std::string describeType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    os << shaped.getElementType() << " tensor of shape [";
    llvm::interleaveComma(shaped.getShape(), os);
    os << "]";
  } else {
    os << type << " scalar";
  }
  return text;
}

/// The prompt for a task: its reference, its buffers and the CUDA C++ contract.
std::string buildPrompt(TaskOp task) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "Write a fast CUDA kernel for an NVIDIA H100/H200 GPU (sm_90) that computes the "
        "following PyTorch (TorchScript) function exactly.\n\n```python\ndef "
     << task.getSymName() << "(";
  llvm::interleaveComma(task.getInputs(), os, [&](InputOp input) { os << input.getName(); });
  os << "):\n";
  if (ReferenceOp reference = task.getReference()) {
    llvm::SmallVector<StringRef> lines;
    StringRef(reference.getSource()).split(lines, '\n');
    for (StringRef line : lines)
      os << "    " << line << "\n";
  }
  os << "```\n\nInputs (read-only device buffers, row-major, contiguous):\n";
  for (InputOp input : task.getInputs())
    os << "- " << input.getName() << ": " << describeType(input.getType()) << "\n";
  os << "Outputs (device buffers to write, row-major, contiguous):\n";
  for (OutputOp output : task.getOutputs())
    os << "- " << output.getName() << ": " << describeType(output.getType()) << "\n";
  os << R"(
The contract:
- Kernels are `extern "C" __global__` functions (unmangled names), one per launch.
- Buffers come as pointers, in the order the launch binds them; inputs must not be written.
- Give the launch plan as one comment line per launch, in launch order:
    // kopt-launch: ENTRY grid(X[,Y[,Z]]) block(X[,Y[,Z]]) [smem(BYTES)] args(A, B, ...)
  and optionally one line of scratch buffer sizes: // kopt-scratch: BYTES[, BYTES...]
  Missing dimensions are 1 and smem (dynamic shared memory) is 0. `args` binds the kernel's
  parameters in order: an input or output above by name (an output, even of rank 0, and a tensor
  input as its device pointer; a scalar input by value), `scratchN` for the N-th kopt-scratch buffer, or an immediate `i32:N`,
  `i64:N`, `f32:X`, `f64:X`.
- No host code, no main(), no PyTorch headers.

For example (ReLU of 1610612736 floats):
```cuda
// kopt-launch: relu grid(6291456) block(256) args(x, out, i64:1610612736)
extern "C" __global__ void relu(const float *x, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = fmaxf(x[i], 0.f);
}
```

Answer with exactly one fenced ```cuda code block holding the whole source.
)";
  return text;
}

struct KbSampleServerPass : kopt::impl::KbSampleServerBase<KbSampleServerPass> {
  using KbSampleServerBase::KbSampleServerBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!ks::serverSupport()) {
      module.emitError() << "kb-sample-server: kopt was built without libcurl "
                            "(KOPT_WITH_CURL=OFF); record samples elsewhere and use kb-replay";
      return signalPassFailure();
    }
    if (url.empty() || model.empty()) {
      module.emitError() << "kb-sample-server needs a server and a model (url=... model=...)";
      return signalPassFailure();
    }
    llvm::Expected<ks::Endpoint> kind = ks::parseEndpoint(endpoint);
    if (!kind) {
      module.emitError() << "kb-sample-server: " << llvm::toString(kind.takeError());
      return signalPassFailure();
    }
    if (n == 0) {
      module.emitError() << "kb-sample-server: n must be positive";
      return signalPassFailure();
    }
    if (record == "-") {
      module.emitError() << "kb-sample-server: record=- would write the samples to standard "
                            "output, which carries the IR; give it a file";
      return signalPassFailure();
    }
    ks::ServerOptions options;
    options.url = url;
    options.model = model;
    options.endpoint = *kind;
    options.n = n;
    options.temperature = temperature;
    options.maxTokens = maxTokens;
    options.apiKeyEnv = apiKeyEnv;
    options.timeoutSeconds = timeout;
    options.retries = retries;
    options.concurrency = concurrency;

    std::vector<TaskOp> tasks;
    std::vector<ks::ServerRequest> requests;
    for (TaskOp task : module.getOps<TaskOp>()) {
      tasks.push_back(task);
      requests.push_back({task.getSymName().str(), buildPrompt(task)});
    }
    std::vector<llvm::Expected<std::vector<ks::Sample>>> results =
        ks::requestSamples(requests, options);
    std::vector<ks::Sample> samples;
    bool failedAny = false;
    for (auto [task, result] : llvm::zip(tasks, results)) {
      if (!result) {
        task.emitError() << "kb-sample-server: " << llvm::toString(result.takeError());
        failedAny = true;
        continue;
      }
      for (ks::Sample &sample : *result)
        samples.push_back(std::move(sample));
    }
    if (failedAny)
      return signalPassFailure();

    if (failed(kopt::addSampleCandidates(module, samples, ks::LogProbScope::All,
                                         CandidateOrigin::Server, "_s")))
      return signalPassFailure();
    // Only a run that succeeds leaves a record, and never half of one: written beside the
    // file, then renamed over it.
    if (!record.empty()) {
      llvm::Error written = llvm::writeToOutput(record, [&](llvm::raw_ostream &out) {
        for (const ks::Sample &sample : samples)
          out << ks::sampleToJSONLine(sample) << "\n";
        return llvm::Error::success();
      });
      if (written) {
        module.emitError() << "kb-sample-server: cannot write the record: "
                           << llvm::toString(std::move(written));
        return signalPassFailure();
      }
    }
  }
};
} // namespace
