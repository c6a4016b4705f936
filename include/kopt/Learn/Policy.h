//===- Policy.h - the kernel policy over schedule decisions -----*- C++ -*-===//
//
// A log-linear autoregressive policy over the decisions of a family's schedule space: decision d
// takes value v with probability softmax_v(w[d][v] . x_d / temperature), where x_d is the task's
// features followed by a one-hot of the value of every earlier decision. Exact log-probs, the
// analytic gradient of a decision list's log-prob, and a versioned JSON file
// (docs/policy-format.md). The spaces are read as data (kopt/Codegen/ScheduleSpace.h); nothing is
// compiled or run here.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LEARN_POLICY_H
#define KOPT_LEARN_POLICY_H

#include "kb/KbOps.h"
#include "kopt/Codegen/ScheduleSpace.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kopt::learn {

/// The names of the task features, in the order taskFeatures returns them.
llvm::ArrayRef<llvm::StringLiteral> taskFeatureNames();
/// Those a version 1 policy file holds: the first five.
llvm::ArrayRef<llvm::StringLiteral> version1FeatureNames();

/// The features of a task, each scaled to about [0, 1] (docs/policy-format.md lists them): a bias
/// (the weights are per family, so it stands for the family's one-hot), the sizes of its inputs
/// and outputs, its element type and rtol, and from its payload the extents of its main op's
/// loops, its parallel and reduction lengths, the shape of its largest output, its arithmetic
/// intensity and whether its innermost extents suit 16-byte vectors.
std::vector<double> taskFeatures(kb::TaskOp task);

/// A deterministic random stream (splitmix64), the same on every platform.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next();
  /// Uniform in [0, 1), from the top 53 bits.
  double uniform();

private:
  uint64_t state;
};

/// The weights of one family: per decision, one row per value of its domain, each row as long
/// as that decision's features (the task features, then the domains of the earlier decisions).
struct FamilyWeights {
  std::vector<std::vector<std::vector<double>>> decisions; // [decision][value][feature]

  /// Zero weights for every decision of `space`: the uniform prior.
  static FamilyWeights zeros(const codegen::ScheduleSpace &space);
};

/// A sampled decision list: the index of each decision's value in its domain, and its log-prob.
struct PolicySample {
  std::vector<size_t> valueIndices;
  std::vector<double> logProbs;
};

class Policy {
public:
  /// Zero weights for every family: each decision uniform over its domain.
  Policy();

  /// Reads a policy file; its version, families, decisions and values must match the spaces.
  static llvm::Expected<Policy> load(llvm::StringRef path);
  static llvm::Expected<Policy> fromJSON(const llvm::json::Value &value);
  /// The base policy kopt ships (basePolicyJSON).
  static llvm::Expected<Policy> base();
  llvm::json::Value toJSON() const;
  llvm::Error save(llvm::StringRef path) const;

  /// A family's weights (a chain has none of its own: sample and distributions use its stages').
  FamilyWeights &weights(const codegen::ScheduleSpace &space);
  const FamilyWeights &weights(const codegen::ScheduleSpace &space) const;

  /// Draws one value per decision, in table order; log-probs are those of the tempered
  /// distribution the values were drawn from.
  PolicySample sample(const codegen::ScheduleSpace &space, llvm::ArrayRef<double> task, Rng &rng,
                      double temperature = 1.0) const;

  /// The log-prob of each decision of a full decision list (value indices, table order).
  std::vector<double> logProbs(const codegen::ScheduleSpace &space, llvm::ArrayRef<double> task,
                               llvm::ArrayRef<size_t> valueIndices,
                               double temperature = 1.0) const;

  /// The log-probs of every value of each decision, given the earlier values of the list.
  std::vector<std::vector<double>> distributions(const codegen::ScheduleSpace &space,
                                                 llvm::ArrayRef<double> task,
                                                 llvm::ArrayRef<size_t> valueIndices,
                                                 double temperature = 1.0) const;

  /// The gradient of the summed log-prob of a decision list with respect to the weights of a
  /// family (a chain's is its stages', see policyGradient).
  FamilyWeights gradient(const codegen::ScheduleSpace &space, llvm::ArrayRef<double> task,
                         llvm::ArrayRef<size_t> valueIndices, double temperature = 1.0) const;

  /// The gradient of the summed entropy of each decision's distribution given the earlier values
  /// of the list (what entropyPerDecision averages), with those values held fixed.
  FamilyWeights entropyGradient(const codegen::ScheduleSpace &space, llvm::ArrayRef<double> task,
                                llvm::ArrayRef<size_t> valueIndices,
                                double temperature = 1.0) const;

private:
  llvm::StringMap<FamilyWeights> families;
};

/// The text of the base policy kopt ships (policies/base.json, compiled in).
llvm::StringRef basePolicyJSON();

/// The policy file's format name and the version this build writes. It reads this version and
/// version 1, whose rows hold version1FeatureNames only (the others weigh 0).
inline constexpr llvm::StringLiteral kPolicyFormat = "kopt-policy";
inline constexpr int64_t kPolicyVersion = 2;

} // namespace kopt::learn

#endif // KOPT_LEARN_POLICY_H
