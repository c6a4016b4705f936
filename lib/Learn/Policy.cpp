//===- Policy.cpp - the kernel policy over schedule decisions -------------===//
#include "kopt/Learn/Policy.h"
#include "kopt/Features/TaskCost.h"
#include "kopt/Support/Input.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace kopt::learn;
using kopt::codegen::Decision;
using kopt::codegen::ScheduleSpace;
using llvm::formatv;

llvm::ArrayRef<llvm::StringLiteral> kopt::learn::taskFeatureNames() {
  static constexpr llvm::StringLiteral names[] = {
      // Version 1's features: a version 1 file's weight rows hold these only.
      "bias", "log2_elements", "log2_largest_dim", "dtype_bytes", "neg_log10_rtol",
      // From the payload's loops and the task's cost (version 2).
      "log2_loop0", "log2_loop1", "log2_loop2", "log2_loop3", "log2_parallel", "log2_reduction",
      "log2_inner_output", "output_rank", "log2_intensity", "aligned_16b"};
  return names;
}

llvm::ArrayRef<llvm::StringLiteral> kopt::learn::version1FeatureNames() {
  return taskFeatureNames().take_front(5);
}

namespace {
/// The loops of a task's payload: those of its main op (the op with the largest iteration
/// domain, the first of equal ones) outermost first, and the largest reduction of any op.
struct PayloadLoops {
  llvm::SmallVector<double> extents;
  llvm::SmallVector<bool> reduced;
  double largestReduction = 1;
};
} // namespace

static PayloadLoops payloadLoops(kb::TaskOp task) {
  PayloadLoops loops;
  kb::PayloadOp payload = task.getPayload();
  if (!payload)
    return loops;
  double mainIterations = 0;
  auto account = [&](llvm::ArrayRef<int64_t> extents, llvm::ArrayRef<bool> reduced) {
    double iterations = 1, reduction = 1;
    for (auto [extent, isReduction] : llvm::zip_equal(extents, reduced)) {
      iterations *= static_cast<double>(extent);
      if (isReduction)
        reduction *= static_cast<double>(extent);
    }
    loops.largestReduction = std::max(loops.largestReduction, reduction);
    if (iterations > mainIterations) {
      mainIterations = iterations;
      loops.extents.assign(extents.begin(), extents.end());
      loops.reduced.assign(reduced.begin(), reduced.end());
    }
  };
  payload.walk([&](mlir::Operation *op) {
    // linalg.softmax is no LinalgOp: its loops are its input's dimensions, one of them reduced.
    if (auto softmax = llvm::dyn_cast<mlir::linalg::SoftmaxOp>(op)) {
      mlir::ShapedType type = softmax.getInputOperandType();
      if (!type.hasStaticShape())
        return;
      llvm::SmallVector<bool> reduced(type.getRank(), false);
      reduced[softmax.getDimension()] = true;
      account(type.getShape(), reduced);
      return;
    }
    auto linalgOp = llvm::dyn_cast<mlir::linalg::LinalgOp>(op);
    if (!linalgOp)
      return;
    llvm::SmallVector<int64_t> extents = linalgOp.getStaticLoopRanges();
    if (llvm::any_of(extents, mlir::ShapedType::isDynamic))
      return; // task values are static; an op that is not says nothing known
    account(extents, llvm::map_to_vector(linalgOp.getIteratorTypesArray(),
                                         [](mlir::utils::IteratorType iterator) {
                                           return iterator == mlir::utils::IteratorType::reduction;
                                         }));
  });
  return loops;
}

std::vector<double> kopt::learn::taskFeatures(kb::TaskOp task) {
  double elements = 0, largestDim = 1, dtypeBytes = 0;
  // The innermost extent of every input and output is a multiple of 4 (16-byte vectors of
  // 4-byte elements); scalars, passed by value, do not count.
  bool aligned = true;
  mlir::ShapedType largestOutput;
  auto account = [&](mlir::Type type) {
    auto shaped = llvm::dyn_cast<mlir::ShapedType>(type);
    mlir::Type element = shaped ? shaped.getElementType() : type;
    if (element.isIntOrFloat())
      dtypeBytes = std::max(dtypeBytes, std::ceil(element.getIntOrFloatBitWidth() / 8.0));
    if (!shaped || !shaped.hasStaticShape()) {
      elements += 1;
      return;
    }
    elements += static_cast<double>(shaped.getNumElements());
    for (int64_t dim : shaped.getShape())
      largestDim = std::max(largestDim, static_cast<double>(dim));
    if (shaped.getRank() > 0 && shaped.getShape().back() % 4 != 0)
      aligned = false;
  };
  for (kb::InputOp input : task.getInputs())
    account(input.getType());
  for (kb::OutputOp output : task.getOutputs()) {
    account(output.getType());
    auto shaped = llvm::dyn_cast<mlir::ShapedType>(output.getType());
    if (shaped && shaped.hasStaticShape() &&
        (!largestOutput || shaped.getNumElements() > largestOutput.getNumElements()))
      largestOutput = shaped;
  }
  // A zero rtol would make the feature infinite; 1e-12 is beyond any float comparison.
  double rtol = std::max(task.getRtolAttr().getValueAsDouble(), 1e-12);

  PayloadLoops loops = payloadLoops(task);
  double loopExtents[4] = {1, 1, 1, 1}; // log2 1 = 0: an absent loop
  double parallel = 1;
  for (auto [index, extent, isReduction] : llvm::enumerate(loops.extents, loops.reduced)) {
    if (index < std::size(loopExtents))
      loopExtents[index] = extent;
    if (!isReduction)
      parallel *= extent;
  }
  double innerOutput = 1, outputRank = 0;
  if (largestOutput && largestOutput.getRank() > 0) {
    innerOutput = static_cast<double>(largestOutput.getShape().back());
    outputRank = static_cast<double>(largestOutput.getRank());
  }
  features::TaskCost cost = features::computeTaskCost(task);
  double intensity = cost.minBytes > 0 ? static_cast<double>(cost.flops) / cost.minBytes : 0;

  // Scaled to about [0, 1] (docs/policy-format.md); log2 of an extent below 1 (an empty tensor)
  // counts as 0.
  auto log2 = [](double value) { return std::log2(std::max(value, 1.0)); };
  return {1.0,
          log2(elements) / 32,
          log2(largestDim) / 32,
          dtypeBytes / 8,
          -std::log10(rtol) / 8,
          log2(loopExtents[0]) / 16,
          log2(loopExtents[1]) / 16,
          log2(loopExtents[2]) / 16,
          log2(loopExtents[3]) / 16,
          log2(parallel) / 32,
          log2(loops.largestReduction) / 32,
          log2(innerOutput) / 16,
          outputRank / 8,
          log2(1 + intensity) / 16,
          aligned ? 1.0 : 0.0};
}

uint64_t Rng::next() {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

/// How many features decision `index` of `space` reads.
static size_t featureCount(const ScheduleSpace &space, size_t index) {
  size_t count = taskFeatureNames().size();
  for (const Decision &earlier : space.decisions.take_front(index))
    count += earlier.domain.size();
  return count;
}

FamilyWeights FamilyWeights::zeros(const ScheduleSpace &space) {
  FamilyWeights weights;
  for (auto [index, decision] : llvm::enumerate(space.decisions))
    weights.decisions.emplace_back(decision.domain.size(),
                                   std::vector<double>(featureCount(space, index), 0.0));
  return weights;
}

Policy::Policy() {
  for (const ScheduleSpace *space : codegen::allScheduleSpaces())
    families[space->family] = FamilyWeights::zeros(*space);
}

FamilyWeights &Policy::weights(const ScheduleSpace &space) { return families[space.family]; }

const FamilyWeights &Policy::weights(const ScheduleSpace &space) const {
  return families.find(space.family)->second;
}

/// The features of decision `index`: the task's, then a one-hot of each earlier decision's value.
static std::vector<double> decisionFeatures(const ScheduleSpace &space,
                                            llvm::ArrayRef<double> task,
                                            llvm::ArrayRef<size_t> earlierValues) {
  std::vector<double> features(task.begin(), task.end());
  for (auto [decision, value] : llvm::zip(space.decisions, earlierValues)) {
    size_t start = features.size();
    features.resize(start + decision.domain.size(), 0.0);
    features[start + value] = 1.0;
  }
  return features;
}

/// The smallest log-prob reported: a probability below it is 0 as a double, and the sum over a
/// candidate's decisions stays finite.
static const double kMinLogProb = std::log(std::numeric_limits<double>::denorm_min());

/// Logits saturate here, where differences of two of them still fit in a double.
static constexpr double kMaxLogit = std::numeric_limits<double>::max() / 4;

/// log softmax over the values of one decision of (w[v] . features) / temperature, finite for
/// finite weights and any positive temperature. The dot products are taken on the weights scaled
/// by a power of two that brings them below 1, which cannot overflow and is exact for ordinary
/// weights (the logits are those of the plain products); logits beyond kMaxLogit (huge weights,
/// a temperature near 0) saturate, and log-probs stop at kMinLogProb.
static std::vector<double> valueLogProbs(const std::vector<std::vector<double>> &rows,
                                         llvm::ArrayRef<double> features, double temperature) {
  double largest = 0;
  for (const std::vector<double> &row : rows)
    for (double w : row)
      largest = std::max(largest, std::fabs(w));
  int exponent = 0;
  std::frexp(largest, &exponent);
  exponent = std::max(exponent, 0);
  std::vector<double> logits;
  for (const std::vector<double> &row : rows) {
    double dot = 0;
    for (auto [w, x] : llvm::zip_equal(row, features))
      dot += std::ldexp(w, -exponent) * x;
    logits.push_back(std::clamp(std::ldexp(dot, exponent) / temperature, -kMaxLogit, kMaxLogit));
  }
  double top = *std::max_element(logits.begin(), logits.end());
  double sum = 0;
  for (double logit : logits)
    sum += std::exp(logit - top);
  // Relative to the top logit, so that log(sum) is not lost beside a saturated one.
  double logSum = std::log(sum);
  for (double &logit : logits)
    logit = std::max(logit - top - logSum, kMinLogProb);
  return logits;
}

PolicySample Policy::sample(const ScheduleSpace &space, llvm::ArrayRef<double> task, Rng &rng,
                            double temperature) const {
  if (!space.stages.empty()) {
    // A chain draws each stage as its family: the stages share the families' weights.
    PolicySample drawn;
    for (const ScheduleSpace *stage : space.stages) {
      PolicySample part = sample(*stage, task, rng, temperature);
      llvm::append_range(drawn.valueIndices, part.valueIndices);
      llvm::append_range(drawn.logProbs, part.logProbs);
    }
    return drawn;
  }
  const FamilyWeights &family = weights(space);
  PolicySample drawn;
  for (size_t index = 0; index < space.decisions.size(); ++index) {
    std::vector<double> logProbs = valueLogProbs(
        family.decisions[index], decisionFeatures(space, task, drawn.valueIndices), temperature);
    double u = rng.uniform();
    size_t value = 0;
    // Walk the cumulative distribution; rounding can leave u past the last bin, which is then it.
    for (double cumulative = std::exp(logProbs[0]);
         cumulative <= u && value + 1 < logProbs.size();)
      cumulative += std::exp(logProbs[++value]);
    drawn.valueIndices.push_back(value);
    drawn.logProbs.push_back(logProbs[value]);
  }
  return drawn;
}

std::vector<double> Policy::logProbs(const ScheduleSpace &space, llvm::ArrayRef<double> task,
                                     llvm::ArrayRef<size_t> valueIndices,
                                     double temperature) const {
  std::vector<double> result;
  for (auto [value, logProbs] :
       llvm::zip_equal(valueIndices, distributions(space, task, valueIndices, temperature)))
    result.push_back(logProbs[value]);
  return result;
}

std::vector<std::vector<double>>
Policy::distributions(const ScheduleSpace &space, llvm::ArrayRef<double> task,
                      llvm::ArrayRef<size_t> valueIndices, double temperature) const {
  std::vector<std::vector<double>> result;
  if (!space.stages.empty()) {
    codegen::forEachStage(space, valueIndices,
                          [&](const ScheduleSpace &stage, llvm::ArrayRef<size_t> values) {
                            llvm::append_range(result,
                                               distributions(stage, task, values, temperature));
                          });
    return result;
  }
  const FamilyWeights &family = weights(space);
  for (size_t index = 0; index < valueIndices.size(); ++index)
    result.push_back(valueLogProbs(family.decisions[index],
                                   decisionFeatures(space, task, valueIndices.take_front(index)),
                                   temperature));
  return result;
}

FamilyWeights Policy::gradient(const ScheduleSpace &space, llvm::ArrayRef<double> task,
                               llvm::ArrayRef<size_t> valueIndices, double temperature) const {
  const FamilyWeights &family = weights(space);
  FamilyWeights gradient = FamilyWeights::zeros(space);
  for (auto [index, chosen] : llvm::enumerate(valueIndices)) {
    std::vector<double> features = decisionFeatures(space, task, valueIndices.take_front(index));
    std::vector<double> logProbs =
        valueLogProbs(family.decisions[index], features, temperature);
    // d log p(chosen) / d w[v] = ([v == chosen] - p(v)) * features / temperature.
    for (auto [value, row] : llvm::enumerate(gradient.decisions[index])) {
      double scale = ((value == chosen ? 1.0 : 0.0) - std::exp(logProbs[value])) / temperature;
      for (auto [g, x] : llvm::zip_equal(row, features))
        g = scale * x;
    }
  }
  return gradient;
}

FamilyWeights Policy::entropyGradient(const ScheduleSpace &space, llvm::ArrayRef<double> task,
                                      llvm::ArrayRef<size_t> valueIndices,
                                      double temperature) const {
  const FamilyWeights &family = weights(space);
  FamilyWeights gradient = FamilyWeights::zeros(space);
  for (size_t index = 0; index < valueIndices.size(); ++index) {
    std::vector<double> features = decisionFeatures(space, task, valueIndices.take_front(index));
    std::vector<double> logProbs =
        valueLogProbs(family.decisions[index], features, temperature);
    // d H / d logit(v) = -p(v) (log p(v) + H) = -p(v) sum_u p(u) (log p(v) - log p(u)); written
    // with differences it is exactly 0 where the distribution is uniform, so that rounding does
    // not move a uniform policy.
    for (auto [value, row] : llvm::enumerate(gradient.decisions[index])) {
      double spread = 0;
      for (double other : logProbs)
        spread += std::exp(other) * (logProbs[value] - other);
      double scale = -std::exp(logProbs[value]) * spread / temperature;
      for (auto [g, x] : llvm::zip_equal(row, features))
        g = scale * x;
    }
  }
  return gradient;
}

//===----------------------------------------------------------------------===//
// The policy file
//===----------------------------------------------------------------------===//

llvm::json::Value Policy::toJSON() const {
  llvm::json::Object families;
  for (const ScheduleSpace *space : codegen::allScheduleSpaces()) {
    const FamilyWeights &family = weights(*space);
    llvm::json::Object decisions;
    for (auto [decision, rows] : llvm::zip_equal(space->decisions, family.decisions)) {
      llvm::json::Array weightRows;
      for (const std::vector<double> &row : rows)
        weightRows.push_back(llvm::json::Array(row));
      decisions[decision.name] = llvm::json::Object{
          {"values", llvm::json::Array(decision.domain)}, {"weights", std::move(weightRows)}};
    }
    families[space->family] = llvm::json::Object{
        {"features", llvm::json::Array(llvm::map_range(
                         taskFeatureNames(), [](llvm::StringLiteral n) { return n.str(); }))},
        {"decisions", std::move(decisions)}};
  }
  return llvm::json::Object{{"format", kPolicyFormat},
                            {"version", kPolicyVersion},
                            {"families", std::move(families)}};
}

static llvm::Error policyError(const llvm::Twine &message) {
  return llvm::createStringError("policy: " + message);
}

/// Reads one decision's weight rows. The file's `values` are the decision's domain, or part of
/// it in the same order (a file written before the domain grew): a value it lacks keeps zero
/// weights. Each row holds the file's task features (`featureSlots`: where each goes in this
/// build's row), then the one-hots of the earlier decisions as the file lists their values
/// (`oneHotSlots`: where each goes), to which this decision's are added, from `oneHotStart`.
static llvm::Error readDecision(const llvm::json::Object &entry, const Decision &decision,
                                llvm::ArrayRef<size_t> featureSlots, size_t oneHotStart,
                                std::vector<size_t> &oneHotSlots, llvm::StringRef family,
                                std::vector<std::vector<double>> &rows) {
  std::string where = formatv("family '{0}', decision '{1}'", family, decision.name);
  const llvm::json::Array *values = entry.getArray("values");
  llvm::ArrayRef<int64_t> domain(decision.domain);
  std::vector<size_t> positions; // of the file's values in the domain, increasing
  for (const llvm::json::Value &value : values ? *values : llvm::json::Array()) {
    size_t from = positions.empty() ? 0 : positions.back() + 1;
    size_t found = llvm::find(domain.drop_front(from), value.getAsInteger().value_or(INT64_MIN)) -
                   domain.begin();
    if (found == domain.size()) {
      positions.clear();
      break;
    }
    positions.push_back(found);
  }
  if (positions.empty())
    return policyError(where + ": 'values' must be the decision's domain [" +
                       llvm::join(llvm::map_range(domain,
                                                  [](int64_t v) { return std::to_string(v); }),
                                  ", ") +
                       "] or part of it, in that order");
  const llvm::json::Array *weightRows = entry.getArray("weights");
  if (!weightRows || weightRows->size() != positions.size())
    return policyError(formatv("{0}: 'weights' must hold one row per value ({1})", where,
                               positions.size()));
  size_t fileFeatures = featureSlots.size() + oneHotSlots.size();
  for (auto [value, position] : llvm::zip_equal(*weightRows, positions)) {
    const llvm::json::Array *numbers = value.getAsArray();
    if (!numbers || numbers->size() != fileFeatures)
      return policyError(formatv("{0}: each weight row must hold {1} numbers (the task "
                                 "features, then a one-hot of each earlier decision's values)",
                                 where, fileFeatures));
    for (auto [index, number] : llvm::enumerate(*numbers)) {
      std::optional<double> parsed = number.getAsNumber();
      if (!parsed || !std::isfinite(*parsed))
        return policyError(where + ": weights must be finite numbers");
      size_t slot = index < featureSlots.size() ? featureSlots[index]
                                                : oneHotSlots[index - featureSlots.size()];
      rows[position][slot] = *parsed;
    }
  }
  for (size_t position : positions)
    oneHotSlots.push_back(oneHotStart + position);
  return llvm::Error::success();
}

/// Where each task feature a family of the file lists goes in this build's rows. Version 1 lists
/// version1FeatureNames; a later version any of this build's features, each once.
static llvm::Expected<std::vector<size_t>> readFeatureSlots(const llvm::json::Object &family,
                                                            int64_t version,
                                                            llvm::StringRef name) {
  const llvm::json::Array *features = family.getArray("features");
  if (!features)
    return policyError(formatv("family '{0}': 'features' must be an array of names", name));
  std::vector<std::string> names;
  for (const llvm::json::Value &feature : *features)
    names.push_back(feature.getAsString().value_or("").str());
  if (version == 1 && !llvm::equal(names, version1FeatureNames()))
    return policyError(formatv("family '{0}': 'features' of a version 1 file must be [{1}]",
                               name, llvm::join(version1FeatureNames(), ", ")));
  std::vector<size_t> slots;
  for (const std::string &feature : names) {
    const llvm::StringLiteral *known = llvm::find(taskFeatureNames(), feature);
    size_t slot = known - taskFeatureNames().begin();
    if (known == taskFeatureNames().end() || llvm::is_contained(slots, slot))
      return policyError(formatv("family '{0}': 'features' must list task features, each once, "
                                 "of [{1}]",
                                 name, llvm::join(taskFeatureNames(), ", ")));
    slots.push_back(slot);
  }
  return slots;
}

llvm::Expected<Policy> Policy::fromJSON(const llvm::json::Value &value) {
  const llvm::json::Object *root = value.getAsObject();
  if (!root || root->getString("format") != kPolicyFormat)
    return policyError(formatv("not a policy file (expected \"format\": \"{0}\")", kPolicyFormat));
  std::optional<int64_t> version = root->getInteger("version");
  if (version != 1 && version != kPolicyVersion)
    return policyError(formatv("version {0} is not supported; this kopt reads versions 1 and {1}",
                               root->get("version") ? formatv("{0}", *root->get("version")).str()
                                                    : std::string("(missing)"),
                               kPolicyVersion));
  const llvm::json::Object *families = root->getObject("families");
  if (!families)
    return policyError("'families' must be an object");
  for (const auto &entry : *families)
    if (llvm::none_of(codegen::allScheduleSpaces(), [&](const ScheduleSpace *space) {
          return space->family == entry.first.str();
        }))
      return policyError(formatv("unknown family '{0}'", entry.first.str()));

  Policy policy;
  for (const ScheduleSpace *space : codegen::allScheduleSpaces()) {
    // A family the file leaves out keeps the uniform prior.
    const llvm::json::Object *family = families->getObject(space->family);
    if (!family)
      continue;
    llvm::Expected<std::vector<size_t>> featureSlots =
        readFeatureSlots(*family, *version, space->family);
    if (!featureSlots)
      return featureSlots.takeError();
    const llvm::json::Object *decisions = family->getObject("decisions");
    if (!decisions)
      return policyError(formatv("family '{0}': 'decisions' must be an object", space->family));
    for (const auto &entry : *decisions)
      if (!space->find(entry.first))
        return policyError(formatv("family '{0}' has no decision '{1}'", space->family,
                                   entry.first.str()));
    FamilyWeights &weights = policy.weights(*space);
    std::vector<size_t> oneHotSlots;
    for (auto [index, decision] : llvm::enumerate(space->decisions)) {
      // A decision the file leaves out (added to the space after the file was written) keeps
      // the uniform prior, and the rows of later ones have no one-hot of it.
      const llvm::json::Object *entry = decisions->getObject(decision.name);
      if (!entry)
        continue;
      if (llvm::Error error =
              readDecision(*entry, decision, *featureSlots, featureCount(*space, index),
                           oneHotSlots, space->family, weights.decisions[index]))
        return std::move(error);
    }
  }
  return policy;
}

llvm::Expected<Policy> Policy::load(llvm::StringRef path) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file = kopt::readInputFile(path);
  if (!file)
    return policyError(formatv("cannot read '{0}': {1}", path, llvm::toString(file.takeError())));
  llvm::Expected<llvm::json::Value> value = kopt::parseJson((*file)->getBuffer());
  if (!value)
    return policyError(formatv("'{0}' is not JSON: {1}", path, llvm::toString(value.takeError())));
  llvm::Expected<Policy> policy = fromJSON(*value);
  if (!policy)
    return llvm::createStringError(formatv("{0}: {1}", path, llvm::toString(policy.takeError())));
  return policy;
}

llvm::Expected<Policy> Policy::base() {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(basePolicyJSON());
  if (!value)
    return policyError("the built-in base policy is not JSON: " +
                       llvm::toString(value.takeError()));
  return fromJSON(*value);
}

llvm::Error Policy::save(llvm::StringRef path) const {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return policyError(formatv("cannot write '{0}': {1}", path, error.message()));
  os << formatv("{0:2}", toJSON()) << '\n';
  return llvm::Error::success();
}
