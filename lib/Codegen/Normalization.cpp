//===- Normalization.cpp - the normalization family -----------------------===//
#include "kopt/Codegen/Normalization.h"
#include "KernelBuilding.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

using namespace mlir;
using namespace kopt::codegen;

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
                                   ArrayRef<int64_t> values, const Target &) {
  FailureOr<NormalizationInfo> info = analyzeNormalization(func);
  if (failed(info))
    return failure();
  return buildNormalizationKernel(
      func, *info, planNormalization(NormalizationSchedule::fromValues(values), *info));
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

namespace {
/// What an operand of a reduction or of a full-domain op reads at one element.
enum class OperandKind {
  Scalar,    // a constant or scalar input
  Element,   // a task buffer at the element (identity map)
  Derived,   // the result of an earlier full-domain op at the element
  Statistic, // a statistic of the element's group
  Parameter, // a task buffer indexed by some of the axes (weight, bias)
};
} // namespace

static bool isFullOp(const NormalizationInfo &info, Operation *op) {
  return op && llvm::is_contained(info.fullOps, op);
}

static OperandKind kindOf(const NormalizationInfo &info, linalg::GenericOp op,
                          OpOperand *operand) {
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

/// The reductions whose results `value` (a statistic, or a value of the full domain) depends on.
static void reductionsRead(const NormalizationInfo &info, Value value,
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

/// The reductions whose results the body of reduction `r` reads.
static llvm::SmallSetVector<unsigned, 4> inputsRead(const NormalizationInfo &info, unsigned r) {
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

/// Function arguments read at every element (the input), in argument order.
static SmallVector<Value> elementBuffers(const NormalizationInfo &info) {
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

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {
/// A thread's partial statistics of one read, per group it computes (one, or `vector` adjacent
/// ones when strided), each a flat list of values (see Pass).
using Partials = SmallVector<SmallVector<Value>>;

/// The reductions folded by one read of the group, and where each keeps its partial in the
/// flat list: CenteredSquares keeps two values (sums of v - c and of (v - c)^2).
struct Pass {
  SmallVector<unsigned> reductions;
  std::map<unsigned, unsigned> offset;
  SmallVector<Type> types;
  bool needsCenter = false;
};

/// `vector` elements of the full domain a thread handles together: where they start (a linear
/// index into the domain), their loaded task buffers, and values computed from them.
struct Chunk {
  Chunk(Value linear, int64_t width, int64_t firstSlot, DenseMap<Value, Value> loaded)
      : linear(linear), width(width), firstSlot(firstSlot), loaded(std::move(loaded)) {}
  Value linear;
  int64_t width;
  int64_t firstSlot = 0; // the slot of element 0 (strided: element e is slot firstSlot + e)
  DenseMap<Value, Value> loaded;         // buffer -> vector (or scalar)
  DenseMap<OpOperand *, Value> vectors;  // parameter operand -> vector
  SmallVector<Value> indices;            // the first element's domain indices, once needed
};

class KernelBuilder : PayloadKernelBuilder {
public:
  KernelBuilder(func::FuncOp payload, const NormalizationInfo &info,
                const NormalizationGeometry &g)
      : PayloadKernelBuilder(payload, payload.getLoc()), info(info), g(g),
        buffers(elementBuffers(info)) {
    blockThreads = g.blockX * g.blockY;
    planPasses();
  }

  OwningOpRef<ModuleOp> build() {
    return buildFunction([&](ValueRange) { buildLaunch(); });
  }

private:
  // Index arithmetic that leaves out multiplying by 1.
  Value mul(Value x, int64_t y) {
    return y == 1 ? x : arith::MulIOp::create(b, loc, x, index(y)).getResult();
  }
  Value div(Value x, int64_t y) {
    return y == 1 ? x : arith::DivUIOp::create(b, loc, x, index(y)).getResult();
  }
  Value rem(Value x, int64_t y) {
    return y == 1 ? index(0) : arith::RemUIOp::create(b, loc, x, index(y)).getResult();
  }
  /// Ends the block of a loop or branch; one without results already has its terminator.
  void yield(ValueRange values) {
    if (!b.getInsertionBlock()->mightHaveTerminator())
      scf::YieldOp::create(b, loc, values);
  }
  Value floatConstant(Type type, double value) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  }

  //===--------------------------------------------------------------------===//
  // Passes
  //===--------------------------------------------------------------------===//

  /// Online forms apply when one_pass asks for them; a reduction is read in the first pass
  /// after every statistic it needs while folding.
  void planPasses() {
    SmallVector<unsigned> level(info.reductions.size(), 0);
    for (unsigned r = 0; r < info.reductions.size(); ++r) {
      OnlineForm::Kind kind = form(r).kind;
      llvm::SmallSetVector<unsigned, 4> read;
      if (kind == OnlineForm::Direct || kind == OnlineForm::None)
        read = inputsRead(info, r);
      else
        reductionsRead(info, form(r).statistic, read);
      for (unsigned q : read)
        level[r] = std::max(level[r], level[q] + (kind == OnlineForm::None ? 1 : 0));
    }
    for (unsigned r = 0; r < info.reductions.size(); ++r) {
      if (passes.size() <= level[r])
        passes.resize(level[r] + 1);
      Pass &pass = passes[level[r]];
      pass.reductions.push_back(r);
      pass.offset[r] = pass.types.size();
      linalg::GenericOp op = info.reductions[r];
      Type type = getElementTypeOrSelf(op.getDpsInits()[0]);
      pass.types.push_back(type);
      if (form(r).kind == OnlineForm::CenteredSquares) {
        pass.types.push_back(type);
        pass.needsCenter = true;
      }
    }
  }

  /// The reduction's online form, as one_pass allows.
  OnlineForm form(unsigned r) const {
    OnlineForm online = info.online[r];
    if (!g.onePass && online.kind != OnlineForm::Direct)
      online.kind = OnlineForm::None;
    return online;
  }

  /// Whether reduction `r` is the max a RescaledExp of `pass` rescales with.
  bool isRescalingMax(const Pass &pass, unsigned r) const {
    return llvm::any_of(pass.reductions, [&](unsigned s) {
      return form(s).kind == OnlineForm::RescaledExp && form(s).maxReduction == r;
    });
  }

  //===--------------------------------------------------------------------===//
  // Launch
  //===--------------------------------------------------------------------===//

  /// Partials combine through shared memory across warps (one slot per warp), or, strided,
  /// across the rows of the block (one slot per thread and group).
  int64_t sharedSlots() const {
    if (g.strided)
      return g.lanes > 1 ? blockThreads * g.groupsPerThread : 0;
    return g.lanes > kWarp ? blockThreads / kWarp : 0;
  }

  void buildLaunch() {
    // One shared buffer per position and type of the passes' partials.
    SmallVector<Type> shared;
    if (int64_t slots = sharedSlots()) {
      for (Pass &pass : passes)
        for (auto [i, type] : llvm::enumerate(pass.types)) {
          auto key = std::make_pair(i, type.getAsOpaquePointer());
          if (!sharedIndex.count(key)) {
            sharedIndex[key] = shared.size();
            shared.push_back(MemRefType::get({slots}, type));
          }
        }
    }
    gpu::LaunchOp launch = createLaunch(g.grid, g.blockX, g.blockY, shared);
    sharedBuffers = llvm::to_vector_of<Value>(launch.getWorkgroupAttributions());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(launchBody);
    Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
    threadId = add(mul(ty, g.blockX), tx);
    lane = g.strided ? ty : tx;
    slotInBlock = g.strided ? tx : ty;
    for (Value arg : payload.getArguments())
      if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
        flat[arg] = memref::ReinterpretCastOp::create(
            b, loc, MemRefType::get({type.getNumElements()}, type.getElementType()),
            materialize(arg), /*offset=*/0, ArrayRef<int64_t>{type.getNumElements()},
            ArrayRef<int64_t>{1});
    emitBlocks(launch, g.grid, g.numBlocks, /*barrierBetween=*/false,
               [&](Value block) { emitBlock(block); });
  }

  /// One block's groups: statistics pass by pass, then the outputs.
  void emitBlock(Value blockIndex) {
    Value slot = add(mul(blockIndex, g.slotsPerBlock), slotInBlock);
    // A partial last block: its spare threads compute the last slot again and store nothing.
    Value active;
    if (g.numSlots % g.slotsPerBlock != 0) {
      active = less(slot, index(g.numSlots));
      slot = arith::SelectOp::create(b, loc, active, slot, index(g.numSlots - 1));
    }
    // The first element of the slot's (first) group.
    Value group = mul(slot, g.groupsPerThread);
    Value keptOuter = div(group, info.keptInner), keptInner = rem(group, info.keptInner);
    groupBase = mul(add(mul(keptOuter, info.reducedOuter * info.keptInner), keptInner),
                    info.reducedInner);
    stats.assign(g.groupsPerThread, DenseMap<Value, Value>());
    if (g.cached)
      loadCache();
    for (const Pass &pass : passes)
      emitPass(pass);
    auto store = [&] { storeOutputs(); };
    if (!active)
      return store();
    auto ifActive = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifActive.thenBlock());
    store();
  }

  //===--------------------------------------------------------------------===//
  // Chunks of the group
  //===--------------------------------------------------------------------===//

  /// The thread's i-th chunk of the group; whether chunk i exists for every lane.
  Value chunkId(int64_t i) { return add(lane, index(i * g.lanes)); }
  bool alwaysInBounds(int64_t i) const { return (i + 1) * g.lanes <= g.chunks; }

  /// The first element of a chunk: along the group's runs of reducedInner elements, or
  /// (strided) a step along the reduced axis.
  Value chunkLinear(Value id) {
    int64_t perRun = g.strided ? 1 : info.reducedInner / g.vector;
    Value run = div(id, perRun), inRun = rem(id, perRun);
    return add(groupBase,
               add(mul(run, info.keptInner * info.reducedInner), mul(inRun, g.vector)));
  }

  /// The task buffers at `width` elements from `linear`.
  DenseMap<Value, Value> loadBuffers(Value linear, int64_t width) {
    DenseMap<Value, Value> loaded;
    for (Value buffer : buffers)
      loaded[buffer] = load(flat[buffer], linear, width);
    return loaded;
  }

  Value load(Value memref, Value linear, int64_t width) {
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    if (width == 1)
      return memref::LoadOp::create(b, loc, memref, linear, /*nontemporal=*/false,
                                    accessAlignment(element, 1));
    return vector::LoadOp::create(b, loc, VectorType::get({width}, element), memref, linear,
                                  /*nontemporal=*/false, accessAlignment(element, width));
  }


  /// The thread's share of the group, loaded once: chunks past the group's end (the last ones
  /// of some lanes) hold zeros and are never used.
  void loadCache() {
    int64_t count = llvm::divideCeil(g.chunks, g.lanes);
    cache.clear();
    for (int64_t i = 0; i < count; ++i) {
      Value id = chunkId(i);
      if (alwaysInBounds(i)) {
        cache.push_back(loadBuffers(chunkLinear(id), g.vector));
        continue;
      }
      SmallVector<Type> types = llvm::map_to_vector(buffers, [&](Value buffer) {
        return chunkType(buffer);
      });
      auto ifOp = scf::IfOp::create(b, loc, types, less(id, index(g.chunks)),
                                    /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        DenseMap<Value, Value> loaded = loadBuffers(chunkLinear(id), g.vector);
        scf::YieldOp::create(b, loc, llvm::map_to_vector(buffers, [&](Value buffer) {
                               return loaded[buffer];
                             }));
        b.setInsertionPointToStart(ifOp.elseBlock());
        scf::YieldOp::create(b, loc, llvm::map_to_vector(types, [&](Type type) {
                               return arith::ConstantOp::create(b, loc, b.getZeroAttr(type))
                                   .getResult();
                             }));
      }
      DenseMap<Value, Value> loaded;
      for (auto [buffer, value] : llvm::zip(buffers, ifOp.getResults()))
        loaded[buffer] = value;
      cache.push_back(std::move(loaded));
    }
  }

  Type chunkType(Value buffer) {
    Type element = cast<RankedTensorType>(buffer.getType()).getElementType();
    return g.vector == 1 ? element : VectorType::get({g.vector}, element);
  }

  /// How a loop's state restarts and joins: what a fresh run starts from, and how two states
  /// become one.
  struct Merge {
    SmallVector<Value> fresh;
    llvm::function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> join;
  };

  /// Calls `step` on each of the thread's chunks in order, threading `state` through: the
  /// cached chunks one by one (those past the group's end skipped), or a loop loading them;
  /// with `merge`, a long loop folds runs of g.chainBlock chunks into fresh states and merges
  /// each into `state`.
  SmallVector<Value>
  forEachChunk(SmallVector<Value> state,
               llvm::function_ref<SmallVector<Value>(Chunk &, ArrayRef<Value>)> step,
               const Merge *merge = nullptr) {
    if (g.cached) {
      for (int64_t i = 0, e = cache.size(); i < e; ++i) {
        Value id = chunkId(i);
        auto chunkAt = [&] { return Chunk(chunkLinear(id), g.vector, 0, cache[i]); };
        if (alwaysInBounds(i)) {
          Chunk chunk = chunkAt();
          state = step(chunk, state);
          continue;
        }
        auto ifOp = scf::IfOp::create(b, loc, ValueRange(state).getTypes(),
                                      less(id, index(g.chunks)), /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        Chunk chunk = chunkAt();
        yield(step(chunk, state));
        b.setInsertionPointToStart(ifOp.elseBlock());
        yield(state);
        state = llvm::to_vector_of<Value>(ifOp.getResults());
      }
      return state;
    }
    auto chain = [&](Value from, Value to, SmallVector<Value> start) {
      auto loop = scf::ForOp::create(b, loc, from, to, index(g.lanes), start);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value linear = chunkLinear(loop.getInductionVar());
      Chunk chunk(linear, g.vector, 0, loadBuffers(linear, g.vector));
      yield(step(chunk, llvm::to_vector_of<Value>(loop.getRegionIterArgs())));
      return llvm::to_vector_of<Value>(loop.getResults());
    };
    if (!merge || g.chainBlock == 0)
      return chain(lane, index(g.chunks), state);
    // Runs of chainBlock iterations, each from a fresh partial that then joins the running one.
    int64_t span = g.chainBlock * g.lanes;
    auto outer = scf::ForOp::create(b, loc, lane, index(g.chunks), index(span), state);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(outer.getBody());
    Value from = outer.getInductionVar();
    Value to = arith::MinUIOp::create(b, loc, add(from, index(span)), index(g.chunks));
    SmallVector<Value> run = chain(from, to, merge->fresh);
    yield(merge->join(llvm::to_vector_of<Value>(outer.getRegionIterArgs()), run));
    return llvm::to_vector_of<Value>(outer.getResults());
  }

  //===--------------------------------------------------------------------===//
  // Values at one element
  //===--------------------------------------------------------------------===//

  /// The slot (group of the thread) element `e` of a chunk belongs to.
  int64_t slotOf(const Chunk &chunk, int64_t e) const {
    return g.strided ? chunk.firstSlot + e : 0;
  }

  /// The value of `operand` of `op` at element `e` of the chunk.
  Value operandAt(linalg::GenericOp op, OpOperand *operand, Chunk &chunk, int64_t e,
                  DenseMap<Value, Value> &memo) {
    Value value = operand->get();
    switch (kindOf(info, op, operand)) {
    case OperandKind::Scalar:
      return materialize(value);
    case OperandKind::Element:
    case OperandKind::Derived:
      return valueAt(throughReshapes(value), chunk, e, memo);
    case OperandKind::Statistic:
      return stats[slotOf(chunk, e)].lookup(throughReshapes(value));
    case OperandKind::Parameter:
      return parameterAt(op, operand, chunk, e);
    }
    llvm_unreachable("unknown operand kind");
  }

  /// A value of the full domain (a task buffer, or a full op's result) at element `e`.
  Value valueAt(Value value, Chunk &chunk, int64_t e, DenseMap<Value, Value> &memo) {
    if (Value known = memo.lookup(value))
      return known;
    if (isa<BlockArgument>(value)) {
      Value loaded = chunk.loaded.lookup(value);
      Value element = chunk.width == 1 ? loaded
                                       : vector::ExtractOp::create(b, loc, loaded, e).getResult();
      return memo[value] = element;
    }
    auto result = cast<OpResult>(value);
    auto op = cast<linalg::GenericOp>(result.getOwner());
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands())
      mapping.map(op.getMatchingBlockArgument(input), operandAt(op, input, chunk, e, memo));
    SmallVector<Value> yielded = cloneBody(op.getBody(), mapping);
    for (auto [r, y] : llvm::zip(op->getResults(), yielded))
      memo[r] = y;
    return memo[value];
  }

  /// Clones a body of the payload (the analysis admits no linalg.index in them).
  SmallVector<Value> cloneBody(Block *body, IRMapping &mapping) {
    return PayloadKernelBuilder::cloneBody(body, mapping, [](unsigned) -> Value {
      llvm_unreachable("the family's bodies use no linalg.index");
    });
  }

  /// A parameter (a task buffer indexed by some axes) at element `e`: the chunk's elements
  /// differ in the last axis only, so one vector load serves them when the parameter's last
  /// axis is it, else one load each.
  Value parameterAt(linalg::GenericOp op, OpOperand *operand, Chunk &chunk, int64_t e) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    auto shape = cast<ShapedType>(operand->get().getType()).getShape();
    Value buffer = flat[throughReshapes(operand->get())];
    unsigned lastDim = info.domain.size() - 1;
    bool alongLast = map.getNumResults() != 0 && map.getDimPosition(map.getNumResults() - 1) ==
                                                     lastDim;
    if (chunk.width > 1 && alongLast) {
      Value &vec = chunk.vectors[operand];
      if (!vec)
        vec = load(buffer, parameterLinear(map, shape, chunk), chunk.width);
      return vector::ExtractOp::create(b, loc, vec, e);
    }
    Value linear = parameterLinear(map, shape, chunk);
    if (e != 0 && map.isFunctionOfDim(lastDim)) {
      int64_t stride = 1;
      for (unsigned k = map.getNumResults(); k-- > 0 && map.getDimPosition(k) != lastDim;)
        stride *= shape[k];
      linear = add(linear, index(e * stride));
    }
    return load(buffer, linear, 1);
  }

  /// The row-major index into a parameter of the chunk's first element.
  Value parameterLinear(AffineMap map, ArrayRef<int64_t> shape, Chunk &chunk) {
    if (chunk.indices.empty()) {
      Value linear = chunk.linear;
      chunk.indices.resize(info.domain.size());
      for (size_t d = info.domain.size(); d-- > 0;) {
        chunk.indices[d] = d == 0 ? linear : rem(linear, info.domain[d]);
        linear = div(linear, info.domain[d]);
      }
    }
    Value linear = index(0);
    for (unsigned k = 0; k < map.getNumResults(); ++k)
      linear = add(mul(linear, shape[k]), chunk.indices[map.getDimPosition(k)]);
    return linear;
  }

  //===--------------------------------------------------------------------===//
  // Statistics
  //===--------------------------------------------------------------------===//

  /// What partials start from: the combining op's neutral element; -inf for a max that a
  /// rescaled sum follows (exp(-inf - m) is 0, where the neutral NaN of maxnumf would spread).
  SmallVector<Value> startValues(const Pass &pass) {
    SmallVector<Value> start;
    for (unsigned r : pass.reductions) {
      Type type = pass.types[pass.offset.at(r)];
      switch (form(r).kind) {
      case OnlineForm::Direct:
      case OnlineForm::None:
        start.push_back(
            isRescalingMax(pass, r)
                ? floatConstant(type, -std::numeric_limits<double>::infinity())
                : arith::ConstantOp::create(b, loc, *arith::getNeutralElement(info.monoidOps[r]))
                      .getResult());
        break;
      case OnlineForm::CenteredSquares:
        start.push_back(floatConstant(type, 0));
        start.push_back(floatConstant(type, 0));
        break;
      case OnlineForm::RescaledExp:
        start.push_back(floatConstant(type, 0));
        break;
      }
    }
    return start;
  }

  /// exp(from - to), or 1 where they are equal (both -inf: an empty partial).
  Value rescale(Value from, Value to) {
    Value same = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, from, to);
    Value factor = math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, from, to));
    return arith::SelectOp::create(b, loc, same, floatConstant(from.getType(), 1), factor);
  }

  /// Folds element `e` of the chunk into the partial of its slot.
  SmallVector<Value> foldElement(const Pass &pass, ArrayRef<Value> partial, Chunk &chunk,
                                 int64_t e, ArrayRef<Value> centers,
                                 DenseMap<Value, Value> &memo) {
    SmallVector<Value> next(partial);
    for (unsigned r : pass.reductions) {
      unsigned at = pass.offset.at(r);
      OnlineForm online = form(r);
      if (online.kind == OnlineForm::CenteredSquares) {
        Value t = arith::SubFOp::create(b, loc, valueAt(online.element, chunk, e, memo),
                                        centers[slotOf(chunk, e)]);
        next[at] = arith::AddFOp::create(b, loc, partial[at], t);
        next[at + 1] = math::FmaOp::create(b, loc, t, t, partial[at + 1]);
        continue;
      }
      if (online.kind == OnlineForm::RescaledExp)
        continue; // after its max
      linalg::GenericOp op = info.reductions[r];
      IRMapping mapping;
      for (OpOperand *input : op.getDpsInputOperands())
        mapping.map(op.getMatchingBlockArgument(input), operandAt(op, input, chunk, e, memo));
      mapping.map(op.getBody()->getArgument(op.getNumDpsInputs()), partial[at]);
      next[at] = cloneBody(op.getBody(), mapping).front();
    }
    for (unsigned r : pass.reductions) {
      OnlineForm online = form(r);
      if (online.kind != OnlineForm::RescaledExp)
        continue;
      unsigned at = pass.offset.at(r), max = pass.offset.at(online.maxReduction);
      Value v = valueAt(online.element, chunk, e, memo);
      Value term = math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, v, next[max]));
      Value scaled = arith::MulFOp::create(b, loc, partial[at], rescale(partial[max], next[max]));
      next[at] = arith::AddFOp::create(b, loc, scaled, term);
    }
    return next;
  }

  /// Two partials of one group as one.
  SmallVector<Value> combine(const Pass &pass, ArrayRef<Value> x, ArrayRef<Value> y) {
    SmallVector<Value> combined(x);
    for (unsigned r : pass.reductions) {
      unsigned at = pass.offset.at(r);
      switch (form(r).kind) {
      case OnlineForm::Direct:
      case OnlineForm::None:
        combined[at] = combineMonoids(info.monoidOps[r], x[at], y[at]).front();
        break;
      case OnlineForm::CenteredSquares:
        combined[at] = arith::AddFOp::create(b, loc, x[at], y[at]);
        combined[at + 1] = arith::AddFOp::create(b, loc, x[at + 1], y[at + 1]);
        break;
      case OnlineForm::RescaledExp:
        break;
      }
    }
    for (unsigned r : pass.reductions) {
      if (form(r).kind != OnlineForm::RescaledExp)
        continue;
      unsigned at = pass.offset.at(r), max = pass.offset.at(form(r).maxReduction);
      Value fromX = arith::MulFOp::create(b, loc, x[at], rescale(x[max], combined[max]));
      Value fromY = arith::MulFOp::create(b, loc, y[at], rescale(y[max], combined[max]));
      combined[at] = arith::AddFOp::create(b, loc, fromX, fromY);
    }
    return combined;
  }

  /// One read of the group: each thread folds its chunks, the group's threads combine, and
  /// every thread finishes the pass's statistics.
  void emitPass(const Pass &pass) {
    SmallVector<Value> centers;
    if (pass.needsCenter)
      for (int64_t p = 0; p < g.groupsPerThread; ++p)
        centers.push_back(centerOf(pass, p));
    Partials partials(g.groupsPerThread, startValues(pass));
    auto join = [&](ArrayRef<Value> x, ArrayRef<Value> y) {
      Partials joined = unflatten(x, pass), other = unflatten(y, pass);
      for (int64_t p = 0; p < g.groupsPerThread; ++p)
        joined[p] = combine(pass, joined[p], other[p]);
      return flatten(joined);
    };
    Merge merge{flatten(partials), join};
    SmallVector<Value> flatState = forEachChunk(
        flatten(partials),
        [&](Chunk &chunk, ArrayRef<Value> state) {
          Partials folded = unflatten(state, pass);
          for (int64_t e = 0; e < chunk.width; ++e) {
            DenseMap<Value, Value> memo;
            SmallVector<Value> &partial = folded[slotOf(chunk, e)];
            partial = foldElement(pass, partial, chunk, e, centers, memo);
          }
          return flatten(folded);
        },
        &merge);
    partials = unflatten(flatState, pass);
    if (g.lanes > 1)
      partials = g.strided ? combineAcrossRows(pass, partials) : combineInGroup(pass, partials);
    for (int64_t p = 0; p < g.groupsPerThread; ++p)
      finish(pass, partials[p], p, centers);
  }

  /// The group's first v of a CenteredSquares reduction of the pass: a value near the mean,
  /// around which sums of squares do not cancel.
  Value centerOf(const Pass &pass, int64_t p) {
    unsigned r = *llvm::find_if(pass.reductions, [&](unsigned r) {
      return form(r).kind == OnlineForm::CenteredSquares;
    });
    Value linear = add(groupBase, index(p));
    Chunk chunk(linear, 1, p, loadBuffers(linear, 1));
    DenseMap<Value, Value> memo;
    return valueAt(form(r).element, chunk, 0, memo);
  }

  /// The threads of a group are `lanes` consecutive threads: xor shuffles within each warp;
  /// with more than a warp, each warp's first lane publishes its result and every thread
  /// combines those.
  Partials combineInGroup(const Pass &pass, Partials partials) {
    SmallVector<Value> &partial = partials[0];
    int64_t width = std::min(kWarp, blockThreads);
    for (int64_t offset = std::min(g.lanes, kWarp) / 2; offset >= 1; offset /= 2) {
      SmallVector<Value> other = llvm::map_to_vector(partial, [&](Value value) {
        return shuffle(value, offset, width, gpu::ShuffleMode::XOR);
      });
      partial = combine(pass, partial, other);
    }
    if (g.lanes <= kWarp)
      return partials;
    int64_t warps = g.lanes / kWarp;
    Value laneInWarp = rem(lane, kWarp);
    Value firstWarpSlot = mul(slotInBlock, warps);
    {
      Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, laneInWarp, index(0));
      auto ifOp = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      publish(pass, partial, add(firstWarpSlot, div(lane, kWarp)));
    }
    gpu::BarrierOp::create(b, loc);
    partial = gather(pass, firstWarpSlot, 1, warps);
    // The next pass's partials must not overwrite slots still being read.
    gpu::BarrierOp::create(b, loc);
    return partials;
  }

  /// Strided: a group's threads are a column of the block, in different warps. Every thread
  /// publishes its partials, and combines its column's.
  Partials combineAcrossRows(const Pass &pass, Partials partials) {
    int64_t per = g.groupsPerThread;
    for (int64_t p = 0; p < per; ++p)
      publish(pass, partials[p], add(mul(threadId, per), index(p)));
    gpu::BarrierOp::create(b, loc);
    for (int64_t p = 0; p < per; ++p)
      partials[p] = gather(pass, add(mul(slotInBlock, per), index(p)), g.blockX * per, g.lanes);
    gpu::BarrierOp::create(b, loc);
    return partials;
  }

  void publish(const Pass &pass, ArrayRef<Value> partial, Value at) {
    for (auto [i, value] : llvm::enumerate(partial))
      memref::StoreOp::create(b, loc, value, sharedBuffer(i, value.getType()), at);
  }

  /// Combines the `count` partials published at first, first + stride, ...
  SmallVector<Value> gather(const Pass &pass, Value first, int64_t stride, int64_t count) {
    SmallVector<Value> combined;
    for (int64_t k = 0; k < count; ++k) {
      Value at = add(first, index(k * stride));
      SmallVector<Value> partial;
      for (auto [i, type] : llvm::enumerate(pass.types))
        partial.push_back(memref::LoadOp::create(b, loc, sharedBuffer(i, type), at));
      combined = k == 0 ? partial : combine(pass, combined, partial);
    }
    return combined;
  }

  Value sharedBuffer(size_t i, Type type) {
    return sharedBuffers[sharedIndex.at(std::make_pair(i, type.getAsOpaquePointer()))];
  }

  /// The statistics of slot `p` from its combined partial: the fills join, online forms
  /// become the payload's values, and the ops on statistics that can run, run.
  void finish(const Pass &pass, ArrayRef<Value> partial, int64_t p, ArrayRef<Value> centers) {
    DenseMap<Value, Value> &known = stats[p];
    for (unsigned r : pass.reductions) {
      unsigned at = pass.offset.at(r);
      OnlineForm online = form(r);
      Value total = partial[at];
      if (online.kind == OnlineForm::CenteredSquares) {
        // sum((v - m)^2) = B - 2 d A + n d^2 with d = m - c.
        Value d = arith::SubFOp::create(b, loc, known.lookup(online.statistic), centers[p]);
        Value n = floatConstant(d.getType(), static_cast<double>(info.groupSize));
        Value twoD = arith::AddFOp::create(b, loc, d, d);
        Value cross = arith::MulFOp::create(b, loc, twoD, partial[at]);
        Value nd2 = arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, n, d), d);
        total = arith::AddFOp::create(
            b, loc, arith::SubFOp::create(b, loc, partial[at + 1], cross), nd2);
      } else if (online.kind == OnlineForm::RescaledExp) {
        Value max = partial[pass.offset.at(online.maxReduction)];
        total = arith::MulFOp::create(b, loc, total,
                                      rescale(max, known.lookup(online.statistic)));
      }
      IRMapping mapping;
      Operation *op = info.monoidOps[r];
      mapping.map(op->getOperands(), ValueRange{materialize(info.fills[r]), total});
      linalg::GenericOp reduction = info.reductions[r];
      known[reduction.getResult(0)] = b.clone(*op, mapping)->getResult(0);
      evaluateStatisticOps(known);
    }
  }

  /// Runs the ops on statistics whose inputs are all known (in payload order).
  void evaluateStatisticOps(DenseMap<Value, Value> &known) {
    for (linalg::GenericOp op : info.statisticOps) {
      if (known.count(op.getResult(0)))
        continue;
      IRMapping mapping;
      bool ready = true;
      for (OpOperand *input : op.getDpsInputOperands()) {
        Value value = input->get();
        Value mapped = isa<ShapedType>(value.getType()) ? known.lookup(throughReshapes(value))
                                                        : materialize(value);
        ready &= mapped != nullptr;
        if (mapped)
          mapping.map(op.getMatchingBlockArgument(input), mapped);
      }
      if (!ready)
        continue;
      for (auto [r, y] : llvm::zip(op->getResults(), cloneBody(op.getBody(), mapping)))
        known[r] = y;
    }
  }

  //===--------------------------------------------------------------------===//
  // Outputs
  //===--------------------------------------------------------------------===//

  /// Every chunk of the thread's share: each output's elements, stored as one vector.
  void storeOutputs() {
    unsigned firstOutput = payload.getNumArguments() - payload.getNumResults();
    forEachChunk({}, [&](Chunk &chunk, ArrayRef<Value>) {
      SmallVector<DenseMap<Value, Value>> memos(chunk.width);
      for (auto [q, stored] : llvm::enumerate(info.stored)) {
        SmallVector<Value> elements;
        for (int64_t e = 0; e < chunk.width; ++e)
          elements.push_back(valueAt(stored, chunk, e, memos[e]));
        Value output = flat[payload.getArgument(firstOutput + q)];
        Type element = elements.front().getType();
        if (chunk.width == 1) {
          memref::StoreOp::create(b, loc, elements.front(), output, chunk.linear,
                                  /*nontemporal=*/false, accessAlignment(element, 1));
          continue;
        }
        Value vec = vector::FromElementsOp::create(
            b, loc, VectorType::get({chunk.width}, element), elements);
        vector::StoreOp::create(b, loc, vec, output, chunk.linear, /*nontemporal=*/false,
                                accessAlignment(element, chunk.width));
      }
      return SmallVector<Value>();
    });
  }

  SmallVector<Value> flatten(const Partials &partials) {
    SmallVector<Value> flatList;
    for (const SmallVector<Value> &partial : partials)
      flatList.append(partial);
    return flatList;
  }

  Partials unflatten(ArrayRef<Value> flatList, const Pass &pass) {
    Partials partials;
    for (size_t e = 0; e < flatList.size(); e += pass.types.size())
      partials.push_back(llvm::to_vector(flatList.slice(e, pass.types.size())));
    return partials;
  }

  const NormalizationInfo &info;
  const NormalizationGeometry &g;
  SmallVector<Value> buffers; // payload arguments read at every element
  SmallVector<Pass> passes;
  int64_t blockThreads = 0;
  DenseMap<Value, Value> flat; // payload argument -> its 1-D view in the kernel
  std::map<std::pair<size_t, const void *>, size_t> sharedIndex;
  SmallVector<Value> sharedBuffers;
  Value threadId, lane, slotInBlock, groupBase;
  SmallVector<DenseMap<Value, Value>> cache;  // per cached chunk: buffer -> loaded
  SmallVector<DenseMap<Value, Value>> stats;  // per slot: payload statistic -> value
};
} // namespace

OwningOpRef<ModuleOp>
kopt::codegen::buildNormalizationKernel(func::FuncOp func, const NormalizationInfo &info,
                                        const NormalizationGeometry &geometry) {
  return KernelBuilder(func, info, geometry).build();
}
