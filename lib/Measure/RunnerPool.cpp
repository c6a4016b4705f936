//===- RunnerPool.cpp - tasks shared over several runners -----------------===//
#include "kopt/Measure/RunnerPool.h"
#include "kopt/Features/TaskCost.h"
#include "kopt/Runner/RunnerCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

using namespace mlir;

FailureOr<std::vector<std::string>> kopt::openPool(ModuleOp module, StringRef pass,
                                                   StringRef runnerOption, int64_t runners) {
  llvm::Expected<std::vector<std::string>> commands =
      runner::poolCommands(runnerOption, runners);
  if (!commands)
    return emitError(module.getLoc()) << pass << ": " << llvm::toString(commands.takeError());
  if (commands->size() > 1 && !module.getContext()->isMultithreadingEnabled())
    return emitError(module.getLoc())
           << pass << ": a pool of " << commands->size()
           << " runners measures on as many threads, which MLIR's multithreading must allow "
              "(drop --mlir-disable-threading, or use runners=1)";
  return std::move(*commands);
}

double kopt::taskWeight(kb::TaskOp task, size_t candidates) {
  features::TaskCost cost = features::computeTaskCost(task);
  // 16 flops per byte: about where an H100's or H200's fp32 SIMT peak meets its HBM bandwidth.
  double roofline = std::max(static_cast<double>(cost.minBytes), cost.flops / 16.0);
  return static_cast<double>(candidates) * std::max(roofline, 1.0);
}

void kopt::shareTasks(size_t runners, llvm::ArrayRef<double> weights,
                      llvm::function_ref<bool(size_t runner, size_t task)> work) {
  if (runners <= 1) {
    for (size_t task = 0; task < weights.size(); ++task)
      if (!work(0, task))
        return;
    return;
  }
  std::vector<size_t> order(weights.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](size_t a, size_t b) {
    return weights[a] != weights[b] ? weights[a] > weights[b] : a < b;
  });
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (size_t runner = 0; runner < runners; ++runner)
    threads.emplace_back([&, runner] {
      for (size_t taken = next++; taken < order.size(); taken = next++)
        if (!work(runner, order[taken]))
          return;
    });
  for (std::thread &thread : threads)
    thread.join();
}

std::string kopt::runnerLabel(size_t runner, size_t runners) {
  return runners <= 1 ? "" : llvm::formatv("runner {0}/{1}", runner + 1, runners).str();
}
