//===- Workspace.h - a task's run buffers, with guard regions ---*- C++ -*-===//
//
// The buffers a candidate runs on: working copies of the inputs, poisoned outputs and scratch.
// Each lies between two guard regions filled with a canary, so that a write just past either end
// of a buffer, which faults nowhere, is still seen. A task keeps its workspace across candidates,
// so that verifying one allocates nothing.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_WORKSPACE_H
#define KOPT_RUNNER_WORKSPACE_H

#include "Task.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kopt::runner {

/// One buffer between two guard regions.
class GuardedBuffer {
public:
  /// Bytes of each guard region: a write up to this far past an end is detected.
  static constexpr int64_t kGuardBytes = 64 << 10;

  GuardedBuffer(std::vector<int64_t> shape, torch::ScalarType dtype, torch::Device device);

  /// The buffer itself, as the candidate sees it.
  const torch::Tensor &data() const { return data_; }
  /// Fills both guard regions with the canary.
  void arm();
  /// "before its start" or "after its end" where a guard region no longer holds the canary.
  std::optional<std::string> breach() const;

private:
  torch::Tensor raw_;    // guard | data, padded to a multiple of the guard's alignment | guard
  torch::Tensor before_, after_, data_;
};

/// The run buffers of a task, by the names launches bind.
class Workspace {
public:
  Workspace(const TaskSpec &task, torch::Device device);

  /// Makes the scratch buffers `bytes` long (scratch0, scratch1, ...), reusing those that are.
  void useScratch(const std::vector<int64_t> &bytes);
  /// A trial by its seed and index.
  using TrialKey = std::pair<uint64_t, int>;
  /// Copies the inputs of trial `key` into the working inputs (unless they hold them already),
  /// poisons outputs and scratch, and arms every guard.
  void prepare(const std::vector<torch::Tensor> &inputs, TrialKey key);
  /// The trial whose inputs the working inputs hold, as far as is known.
  std::optional<TrialKey> heldTrial() const { return heldTrial_; }
  /// After a run that may have changed the working inputs, unchecked.
  void forgetInputs() { heldTrial_.reset(); }
  /// After a check found the working inputs bitwise equal to trial `key`'s.
  void noteHeldTrial(TrialKey key) { heldTrial_ = key; }
  /// Poisons the outputs and arms their guards again (before each timed run).
  void repoisonOutputs();
  /// The first buffer a write strayed out of: "output 'y' after its end", or nothing.
  std::optional<std::string> findBreach() const;

  std::vector<torch::Tensor> inputs() const;
  std::vector<torch::Tensor> outputs() const;
  /// Every buffer by the name a launch binds: inputs, outputs, scratchN.
  const std::map<std::string, torch::Tensor> &byName() const { return byName_; }
  /// Inputs of rank 0, which launches pass by value.
  const std::set<std::string> &scalarInputs() const { return scalarInputs_; }

private:
  struct Named {
    std::string role, name; // role: input, output, scratch
    GuardedBuffer buffer;
  };
  void index();

  torch::Device device_;
  std::vector<Named> inputs_, outputs_, scratch_;
  std::map<std::string, torch::Tensor> byName_;
  std::set<std::string> scalarInputs_;
  std::optional<TrialKey> heldTrial_;
};

} // namespace kopt::runner

#endif // KOPT_RUNNER_WORKSPACE_H
