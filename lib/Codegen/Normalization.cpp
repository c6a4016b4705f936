//===- Normalization.cpp - the normalization family -----------------------===//
#include "kopt/Codegen/Normalization.h"
#include "FastMath.h"
#include "KernelBuilding.h"
#include "NormalizationPayload.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::normalization;

/// Elements a thread may keep in registers for the normalizing pass.
static constexpr int64_t kMaxCachedElements = 64;
/// Longest loop a thread folds into one partial: a longer fp32 chain loses the small terms
/// (batch norm over 2^24 values per channel, one thread each, was off by 6e-2 on the H200),
/// so longer loops fold runs of about sqrt(iterations) that then join the running partial.
static constexpr int64_t kMaxChain = 64;
/// Static shared memory a strided block may use.
static constexpr int64_t kMaxSharedBytes = 48 * 1024;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Built like the reduction kernel, on the task's buffers from the payload on tensors.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &target) {
  FailureOr<NormalizationInfo> info = analyzeNormalization(func);
  if (failed(info))
    return failure();
  NormalizationSchedule schedule = NormalizationSchedule::fromValues(values);
  return withFastMath(buildNormalizationKernel(func, *info, planNormalization(schedule, *info)),
                      schedule.fastMath, target);
}

/// A payload with several reducing linalg ops.
static bool looksLikeFamily(func::FuncOp func) { return reductionsOf(func).count > 1; }

void kopt::codegen::registerNormalizationFamily() {
  registerFamily({&normalizationSpace(), /*offerRank=*/30, analyzeOnTensors<analyzeNormalization>,
                  buildCandidate, looksLikeFamily, /*explainRank=*/60});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

static bool isFullOp(const NormalizationInfo &info, Operation *op) {
  return op && llvm::is_contained(info.fullOps, op);
}

OperandKind kopt::codegen::normalization::kindOf(const NormalizationInfo &info,
                                                 linalg::GenericOp op, OpOperand *operand) {
  if (!isa<ShapedType>(operand->get().getType()))
    return OperandKind::Scalar;
  Value source = throughReshapes(operand->get());
  if (isa<BlockArgument>(source))
    return op.getMatchingIndexingMap(operand).isIdentity() ? OperandKind::Element
                                                           : OperandKind::Parameter;
  return isFullOp(info, source.getDefiningOp()) ? OperandKind::Derived : OperandKind::Statistic;
}

static bool isStatistic(const NormalizationInfo &info, Value value) {
  Operation *def = throughReshapes(value).getDefiningOp();
  return def && (llvm::is_contained(info.reductions, def) ||
                 llvm::is_contained(info.statisticOps, def));
}

void kopt::codegen::normalization::reductionsRead(const NormalizationInfo &info, Value value,
                                                  llvm::SmallSetVector<unsigned, 4> &read) {
  auto op = throughReshapes(value).getDefiningOp<linalg::GenericOp>();
  if (!op)
    return;
  if (auto *it = llvm::find(info.reductions, op); it != info.reductions.end()) {
    read.insert(it - info.reductions.begin());
    return;
  }
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<ShapedType>(input->get().getType()))
      reductionsRead(info, input->get(), read);
}

llvm::SmallSetVector<unsigned, 4>
kopt::codegen::normalization::inputsRead(const NormalizationInfo &info, unsigned r) {
  llvm::SmallSetVector<unsigned, 4> read;
  linalg::GenericOp op = info.reductions[r];
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<ShapedType>(input->get().getType()))
      reductionsRead(info, input->get(), read);
  return read;
}

/// The operand of `op` whose block argument `value` is, if it is one.
static OpOperand *operandOf(linalg::GenericOp op, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != op.getBody() || arg.getArgNumber() >= op.getNumDpsInputs())
    return nullptr;
  return op.getDpsInputOperand(arg.getArgNumber());
}

/// `value` inside `op`'s body as an element of the full domain read by it: the payload value of
/// an Element or Derived operand that reads no statistic, else null.
static Value plainElement(const NormalizationInfo &info, linalg::GenericOp op, Value value) {
  OpOperand *operand = operandOf(op, value);
  if (!operand)
    return nullptr;
  OperandKind kind = kindOf(info, op, operand);
  if (kind != OperandKind::Element && kind != OperandKind::Derived)
    return nullptr;
  llvm::SmallSetVector<unsigned, 4> read;
  reductionsRead(info, operand->get(), read);
  return read.empty() ? throughReshapes(operand->get()) : nullptr;
}

/// `value` inside `op`'s body as a statistic operand: its payload value, else null.
static Value statisticOperand(const NormalizationInfo &info, linalg::GenericOp op, Value value) {
  OpOperand *operand = operandOf(op, value);
  if (!operand || kindOf(info, op, operand) != OperandKind::Statistic)
    return nullptr;
  return throughReshapes(operand->get());
}

/// How reduction `r` folds in one read (see OnlineForm).
static OnlineForm onlineForm(const NormalizationInfo &info, unsigned r) {
  OnlineForm form;
  if (inputsRead(info, r).empty())
    return form;
  form.kind = OnlineForm::None;
  linalg::GenericOp op = info.reductions[r];
  auto add = dyn_cast<arith::AddFOp>(info.monoidOps[r]);
  if (!add)
    return form;
  BlockArgument acc = op.getBody()->getArgument(op.getNumDpsInputs());
  Value term = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  // (v - m) * (v - m)
  if (auto square = term.getDefiningOp<arith::MulFOp>();
      square && square.getLhs() == square.getRhs()) {
    if (auto diff = square.getLhs().getDefiningOp<arith::SubFOp>()) {
      Value v = plainElement(info, op, diff.getLhs());
      Value m = statisticOperand(info, op, diff.getRhs());
      if (v && m)
        return {OnlineForm::CenteredSquares, v, m, 0};
    }
  }
  // exp(v - M), in the body or in the full op it reads (a decomposed softmax).
  linalg::GenericOp termOp = op;
  if (OpOperand *operand = operandOf(op, term);
      operand && kindOf(info, op, operand) == OperandKind::Derived) {
    auto result = cast<OpResult>(throughReshapes(operand->get()));
    termOp = cast<linalg::GenericOp>(result.getOwner());
    term = termOp.getBody()->getTerminator()->getOperand(result.getResultNumber());
  }
  auto exp = term.getDefiningOp<math::ExpOp>();
  auto diff = exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
  if (!diff)
    return form;
  Value v = plainElement(info, termOp, diff.getLhs());
  Value max = statisticOperand(info, termOp, diff.getRhs());
  auto maxOp = max ? max.getDefiningOp<linalg::GenericOp>() : nullptr;
  auto *it = llvm::find(info.reductions, maxOp);
  if (!v || it == info.reductions.end())
    return form;
  unsigned q = it - info.reductions.begin();
  Operation *combine = info.monoidOps[q];
  if (!isa<arith::MaxNumFOp, arith::MaximumFOp>(combine))
    return form;
  // The max is of v itself.
  Block *maxBody = maxOp.getBody();
  BlockArgument maxAcc = maxBody->getArgument(maxOp.getNumDpsInputs());
  Value maxed = combine->getOperand(0) == maxAcc ? combine->getOperand(1) : combine->getOperand(0);
  if (plainElement(info, maxOp, maxed) != v)
    return form;
  return {OnlineForm::RescaledExp, v, max, q};
}

namespace {
/// Checks the ops of a payload one by one, filling NormalizationInfo.
class Analysis {
public:
  explicit Analysis(func::FuncOp func) : func(func) {}

  FailureOr<NormalizationInfo> run() {
    SmallVector<linalg::GenericOp> parallel;
    for (Operation &op : func.getBody().front()) {
      if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
        if (generic.getNumReductionLoops() != 0)
          info.reductions.push_back(generic);
        else if (generic.getNumResults() != 1 || !fillValue(generic.getResult(0)))
          parallel.push_back(generic);
        continue;
      }
      if (!op.hasTrait<OpTrait::ConstantLike>() &&
          !isa<linalg::FillOp, tensor::EmptyOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
               func::ReturnOp>(op))
        return fail(&op, "'" + op.getName().getStringRef() +
                             "' is neither a linalg.generic, a fill nor a reshape");
    }
    if (info.reductions.empty())
      return fail(func, "nothing reduces");
    if (failed(analyzeDomain()))
      return failure();
    for (linalg::GenericOp op : parallel) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (ranges == info.domain)
        info.fullOps.push_back(op);
      else if (ranges == keptExtents)
        info.statisticOps.push_back(op);
      else
        return fail(op, "an elementwise op whose iteration space is neither the reductions' "
                        "nor their kept axes'");
    }
    for (unsigned r = 0; r < info.reductions.size(); ++r)
      if (failed(analyzeReduction(r)))
        return failure();
    for (linalg::GenericOp op : info.statisticOps)
      if (failed(analyzeStatisticOp(op)))
        return failure();
    for (linalg::GenericOp op : info.fullOps)
      if (failed(analyzeFullOp(op)))
        return failure();
    if (failed(analyzeResults()))
      return failure();
    for (unsigned r = 0; r < info.reductions.size(); ++r)
      info.online.push_back(onlineForm(info, r));
    return info;
  }

private:
  InFlightDiagnostic fail(Operation *op, const Twine &why) {
    return op->emitError() << "not in the normalization family: " << why;
  }

  /// The reductions' common iteration space and axes, seen as [keptOuter, reducedOuter,
  /// keptInner, reducedInner].
  LogicalResult analyzeDomain() {
    linalg::GenericOp first = info.reductions.front();
    for (int64_t extent : first.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(extent) || extent == 0)
        return fail(first, "its iteration space is not static, or empty");
      info.domain.push_back(extent);
    }
    for (utils::IteratorType iterator : first.getIteratorTypesArray())
      info.reducedDims.push_back(iterator == utils::IteratorType::reduction);
    for (linalg::GenericOp op : info.reductions)
      if (op.getStaticLoopRanges() != ArrayRef(info.domain) ||
          op.getIteratorTypesArray() != first.getIteratorTypesArray())
        return fail(op, "the reductions do not all reduce the same axes of the same space");
    // Runs of kept and reduced axes, ignoring axes of extent 1.
    SmallVector<std::pair<bool, int64_t>> runs;
    for (auto [extent, reduced] : llvm::zip(info.domain, info.reducedDims)) {
      if (!reduced)
        keptExtents.push_back(extent);
      if (extent == 1)
        continue;
      if (runs.empty() || runs.back().first != reduced)
        runs.push_back({reduced, 1});
      runs.back().second *= extent;
    }
    // Pad to the pattern kept, reduced, kept, reduced with runs of one element.
    if (runs.empty() || !runs.back().first)
      runs.push_back({true, 1});
    if (runs.front().first)
      runs.insert(runs.begin(), {false, 1});
    if (runs.size() == 2)
      runs.insert(runs.begin() + 1, {{true, 1}, {false, 1}});
    if (runs.size() > 4)
      return fail(first, "its reduced axes form more than two runs between kept ones");
    info.keptOuter = runs[0].second;
    info.reducedOuter = runs[1].second;
    info.keptInner = runs[2].second;
    info.reducedInner = runs[3].second;
    info.groupSize = info.reducedOuter * info.reducedInner;
    info.numGroups = info.keptOuter * info.keptInner;
    if (info.groupSize == 1)
      return fail(first, "it reduces nothing (groups of one element)");
    if (info.numGroups == 1)
      return fail(first, "it reduces everything into one group (a global reduction)");
    return success();
  }

  /// Every operand of `op`'s inputs is a scalar, a task buffer (at the element, or indexed by
  /// some axes), an earlier full-domain value at the element, or a statistic broadcast over the
  /// reduced axes.
  LogicalResult analyzeInputs(linalg::GenericOp op, StringRef what) {
    AffineMap identity = AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext());
    for (OpOperand *input : op.getDpsInputOperands()) {
      unsigned n = input->getOperandNumber();
      Value value = input->get();
      if (!isa<ShapedType>(value.getType())) {
        if (!isMaterializable(value))
          return fail(op, what + " reads scalar #" + Twine(n) +
                              ", which is not a constant or a task input");
        continue;
      }
      Type element = getElementTypeOrSelf(value);
      if (!element.isIntOrFloat())
        return fail(op, what + " reads elements that are neither integers nor floats");
      AffineMap map = op.getMatchingIndexingMap(input);
      Value source = throughReshapes(value);
      if (isa<BlockArgument>(source)) {
        if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
          return fail(op, what + " reads input #" + Twine(n) +
                              " through a map that is not a projected permutation");
        if (element.getIntOrFloatBitWidth() % 8 != 0)
          info.maxVector = 1;
        continue;
      }
      if (isFullOp(info, source.getDefiningOp())) {
        if (map != identity)
          return fail(op, what + " reads a value of the full domain at another element");
        continue;
      }
      if (!isStatistic(info, source))
        return fail(op, what + " reads input #" + Twine(n) + ", computed by '" +
                            source.getDefiningOp()->getName().getStringRef() +
                            "', which is neither a task input nor a statistic");
      if (map != keptMap(op))
        return fail(op, what + " reads a statistic other than at its group");
    }
    return checkBody(op, what);
  }

  AffineMap keptMap(linalg::GenericOp op) {
    SmallVector<unsigned> kept;
    for (auto [d, reduced] : llvm::enumerate(info.reducedDims))
      if (!reduced)
        kept.push_back(d);
    return AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext())
        .getSubMap(kept);
  }

  /// The body uses from outside only values the kernel can rebuild, and no linalg.index.
  LogicalResult checkBody(linalg::GenericOp op, StringRef what) {
    Block *body = op.getBody();
    WalkResult result = body->walk([&](Operation *inner) {
      if (isa<linalg::IndexOp>(inner)) {
        fail(inner, what + " uses linalg.index");
        return WalkResult::interrupt();
      }
      for (Value operand : inner->getOperands())
        if (isOutside(operand, body) && !isMaterializable(operand)) {
          fail(inner, what + " uses a value computed outside it that is not a constant");
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult analyzeReduction(unsigned r) {
    linalg::GenericOp op = info.reductions[r];
    if (op.getNumDpsInits() != 1)
      return fail(op, "a reduction has " + Twine(op.getNumDpsInits()) +
                          " accumulators, and the family folds one per reduction");
    OpOperand *init = op.getDpsInitOperand(0);
    if (op.getMatchingIndexingMap(init) != keptMap(op))
      return fail(op, "a reduction's output is not indexed by the kept axes in order");
    std::optional<Value> fill = fillValue(init->get());
    if (!fill)
      return fail(op, "a reduction does not start from a linalg.fill of a constant or scalar "
                      "input");
    info.fills.push_back(*fill);
    if (failed(analyzeInputs(op, "a reduction")))
      return failure();
    FailureOr<SmallVector<Operation *>> monoid = deriveMonoidCombiners(op);
    if (failed(monoid))
      return failure();
    info.monoidOps.push_back(monoid->front());
    return success();
  }

  /// Identity-indexed, reading statistics and scalars only.
  LogicalResult analyzeStatisticOp(linalg::GenericOp op) {
    for (OpOperand &operand : op->getOpOperands()) {
      bool shaped = isa<ShapedType>(operand.get().getType());
      if (shaped && !op.getMatchingIndexingMap(&operand).isIdentity())
        return fail(op, "an op on the statistics is not indexed by the identity");
      if (op.isDpsInit(&operand)) {
        if (op.payloadUsesValueFromOperand(&operand))
          return fail(op, "an op on the statistics reads its output");
      } else if (shaped ? !isStatistic(info, operand.get()) : !isMaterializable(operand.get())) {
        return fail(op, "an op on the statistics reads something other than statistics and "
                        "scalars");
      }
    }
    return checkBody(op, "an op on the statistics");
  }

  LogicalResult analyzeFullOp(linalg::GenericOp op) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (op.payloadUsesValueFromOperand(&init))
        return fail(op, "an elementwise op reads its output");
      if (!op.getMatchingIndexingMap(&init).isIdentity())
        return fail(op, "an elementwise op writes through a map other than the identity");
      Type element = getElementTypeOrSelf(init.get());
      if (!element.isIntOrFloat())
        return fail(op, "an elementwise op writes elements that are neither integers nor floats");
      if (element.getIntOrFloatBitWidth() % 8 != 0)
        info.maxVector = 1;
    }
    return analyzeInputs(op, "an elementwise op");
  }

  /// Every output is a value of the full domain, and the input is read again with the
  /// statistics (else one reduction is the reduction family's).
  LogicalResult analyzeResults() {
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    for (auto [q, value] : llvm::enumerate(ret.getOperands())) {
      Value stored = throughReshapes(value);
      if (!isFullOp(info, stored.getDefiningOp()))
        return fail(ret, "output #" + Twine(q) +
                             " is not computed by an elementwise op on the reductions' space");
      info.stored.push_back(stored);
    }
    bool rereads = false;
    for (linalg::GenericOp op : info.fullOps)
      for (OpOperand *input : op.getDpsInputOperands())
        rereads |= kindOf(info, op, input) == OperandKind::Statistic;
    if (info.reductions.size() < 2 && !rereads)
      return fail(func, "one reduction, and no elementwise op reads the input with its result");
    return success();
  }

  func::FuncOp func;
  NormalizationInfo info;
  SmallVector<int64_t> keptExtents;
};
} // namespace

FailureOr<NormalizationInfo> kopt::codegen::analyzeNormalization(func::FuncOp func) {
  return Analysis(func).run();
}

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

SmallVector<Value> kopt::codegen::normalization::elementBuffers(const NormalizationInfo &info) {
  llvm::SetVector<Value> buffers;
  auto collect = [&](linalg::GenericOp op) {
    for (OpOperand *input : op.getDpsInputOperands())
      if (kindOf(info, op, input) == OperandKind::Element)
        buffers.insert(throughReshapes(input->get()));
  };
  llvm::for_each(info.reductions, collect);
  llvm::for_each(info.fullOps, collect);
  return buffers.takeVector();
}

NormalizationGeometry kopt::codegen::planNormalization(const NormalizationSchedule &schedule,
                                                       const NormalizationInfo &info) {
  NormalizationGeometry g;
  g.strided = info.reducedInner == 1;
  g.vector = std::min(schedule.vector, info.maxVector);
  while (info.domain.back() % g.vector != 0)
    g.vector /= 2;
  g.groupsPerThread = g.strided ? g.vector : 1;
  g.chunks = g.strided ? info.reducedOuter : info.groupSize / g.vector;
  g.lanes = std::min(schedule.threadsPerGroup, schedule.block);
  if (g.strided)
    g.lanes = std::min(g.lanes, schedule.block / kWarp);
  g.lanes = std::min<int64_t>(g.lanes, llvm::bit_floor(static_cast<uint64_t>(g.chunks)));
  g.numSlots = info.numGroups / g.groupsPerThread;
  g.slotsPerBlock = std::min<int64_t>(schedule.block / g.lanes,
                                      llvm::bit_ceil(static_cast<uint64_t>(g.numSlots)));
  if (g.strided && g.lanes > 1) {
    // Every thread publishes its partials: at most two values per reduction.
    int64_t bytes = 0;
    for (linalg::GenericOp op : info.reductions)
      bytes += 2 * getElementTypeOrSelf(op.getDpsInits()[0]).getIntOrFloatBitWidth() / 8;
    while (g.slotsPerBlock > 1 && bytes * g.lanes * g.slotsPerBlock * g.vector > kMaxSharedBytes)
      g.slotsPerBlock /= 2;
  }
  g.numBlocks = llvm::divideCeil(g.numSlots, g.slotsPerBlock);
  g.grid = std::min(g.numBlocks, kMaxGrid);
  g.blockX = g.strided ? g.slotsPerBlock : g.lanes;
  g.blockY = g.strided ? g.lanes : g.slotsPerBlock;
  g.onePass = schedule.onePass;
  int64_t perThread = llvm::divideCeil(g.chunks, g.lanes) * g.vector *
                      static_cast<int64_t>(elementBuffers(info).size());
  g.cached = schedule.cacheInRegisters && perThread <= kMaxCachedElements;
  int64_t iterations = llvm::divideCeil(g.chunks, g.lanes);
  g.chainBlock = 0;
  if (!g.cached && iterations > kMaxChain)
    g.chainBlock = static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(iterations))));
  return g;
}
