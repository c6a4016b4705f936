//===- Task.h - a task's reference, inputs and cached state -----*- C++ -*-===//
#ifndef KOPT_RUNNER_TASK_H
#define KOPT_RUNNER_TASK_H

#include "kopt_runner_protocol.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kopt::runner {

using Distribution = protocol::Distribution;

/// A task's tensor as the runner uses it: the protocol's Tensor with its dtype resolved.
struct TensorSpec {
  std::string name;
  std::vector<int64_t> shape; // empty for a scalar
  torch::ScalarType dtype = torch::kFloat;
  std::vector<Distribution> dists; // inputs only
};

/// The protocol's Task, resolved (see main.cpp).
struct TaskSpec {
  std::string name;
  std::string reference; // TorchScript function body
  std::vector<TensorSpec> inputs, outputs;
  double atol = 1e-4, rtol = 1e-4;
  double minBytes = 0, flops = 0; // least traffic and work of any kernel
};

/// "f32" -> kFloat, ...; false for an unknown name.
bool parseDtype(const std::string &name, torch::ScalarType &type);

/// Why input `input` cannot be drawn from `dist` (an unknown kind or structure, a wrong number of
/// parameters, a structure on fewer than two dimensions); empty when it can.
std::string whyNotDrawable(const TensorSpec &input, const Distribution &dist);

/// Inputs drawn for one trial and the reference's outputs on them.
struct Trial {
  std::vector<torch::Tensor> inputs;
  std::vector<torch::Tensor> reference;
};

class Workspace;

/// PyTorch eager's timings of a task, in blocks spread over the candidates timed: the spread of
/// the blocks' medians measures how the baseline drifts within a run.
struct EagerTimings {
  std::vector<double> samplesUs;     // every kept repetition, pooled
  std::vector<double> blockMediansUs;
  int candidatesSinceBlock = 0;      // candidates timed since the last block
};

class Task {
public:
  /// Compiles the reference and checks, on trial 0, that it returns the declared outputs. Trials
  /// are kept on the device while they take at most `trialBudgetBytes` (0: a default).
  static std::unique_ptr<Task> create(TaskSpec spec, torch::Device device, std::string &error,
                                      size_t trialBudgetBytes = 0);
  ~Task();

  const TaskSpec &spec() const { return spec_; }

  /// The inputs of trial `index` for `seed` (fresh draws from seed + index, from distribution
  /// index mod count of each input) and the reference outputs on them. Kept while the trials
  /// kept stay within a memory budget, recomputed otherwise.
  const Trial &trial(uint64_t seed, int index);

  /// Frees the trials kept and the workspace (device memory); they are made again when asked for.
  void dropTrials();
  /// The run buffers candidates of this task use, made on first use.
  Workspace &workspace();
  size_t keptBytes() const { return cachedBytes_; }

  /// Runs the reference (PyTorch eager, op by op) on copies of `inputs`, or on `inputs` themselves
  /// where the caller owns them (timing).
  std::vector<torch::Tensor> runReference(const std::vector<torch::Tensor> &inputs,
                                          bool copyInputs = true);

  /// Eager timings of this task so far: at fp32, the runner's setting, and with TF32 allowed
  /// (whose blocks follow eager's, and share its count of candidates).
  EagerTimings eager, eagerTF32;

private:
  Task(TaskSpec spec, torch::Device device, size_t trialBudgetBytes);
  Trial draw(uint64_t seed, int index);

  TaskSpec spec_;
  torch::Device device_;
  std::shared_ptr<torch::jit::CompilationUnit> unit_;
  std::map<std::pair<uint64_t, int>, Trial> trials_;
  Trial scratchTrial_; // the last trial that did not fit the budget
  size_t cachedBytes_ = 0, trialBudgetBytes_;
  std::unique_ptr<Workspace> workspace_;
};

} // namespace kopt::runner

#endif // KOPT_RUNNER_TASK_H
