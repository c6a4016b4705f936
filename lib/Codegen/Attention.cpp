//===- Attention.cpp - the fused attention family -------------------------===//
#include "kopt/Codegen/Attention.h"
#include "AttentionKernel.h"
#include "FastMath.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace kopt::codegen;

// Output accumulators a thread may hold: with the score tile and the loaded operands, about
// what 255 registers take without spilling.
static constexpr int64_t kMaxAccumulators = 128;
// A block's output tile: half the 64K registers of an SM, so that the block's threads (however
// many) keep room for the rest without spilling.
static constexpr int64_t kMaxBlockAccumulators = 32 * 1024;
// The f32 kernel's key tiles and Q and K chunks: larger ones would not fit in 48 KiB.
static constexpr int64_t kMaxSimtKeys = 64, kMaxSimtChunk = 32;
// A tensor-core warp's output columns: 64 accumulators a thread (a 16-row tile); up to twice
// this where the columns' odd factor allows no finer split, beyond that the f32 kernel.
static constexpr int64_t kMmaWarpColumns = 128;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Like the reduction kernel, the attention kernel is built on the task's buffers from the
/// payload on tensors: the scores and the softmax's temporaries never exist.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &target) {
  FailureOr<AttentionInfo> info = analyzeAttention(func);
  if (failed(info))
    return failure();
  AttentionSchedule schedule = AttentionSchedule::fromValues(values);
  return withFastMath(buildAttentionKernel(func, *info, planAttention(schedule, *info)),
                      schedule.fastMath, target);
}

/// A payload that multiplies and accumulates twice.
static bool looksLikeFamily(func::FuncOp func) { return hasTwoProducts(func); }

void kopt::codegen::registerAttentionFamily() {
  registerFamily({&attentionSpace(), /*offerRank=*/50, analyzeOnTensors<analyzeAttention>,
                  buildCandidate, looksLikeFamily, /*explainRank=*/20,
                  /*alternativeDecision=*/"unfused"});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

namespace {
/// Matches the payload backwards from its result, one linalg op at a time, remembering the ops
/// it took so that anything else in the payload can be refused.
class AttentionMatcher {
public:
  explicit AttentionMatcher(func::FuncOp func) : func(func) {}

  FailureOr<AttentionInfo> match() {
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    if (ret.getNumOperands() != 1)
      return func.emitError() << "not in the attention family: the payload has "
                              << ret.getNumOperands() << " results (expected one)";
    // out = sum_n exp[b, m, n] / sum[b, m] * V[b, n, e] into a fill of 0.
    auto pv = ret.getOperand(0).getDefiningOp<linalg::GenericOp>();
    if (!pv)
      return func.emitError()
             << "not in the attention family: the result is not computed by a linalg op";
    if (failed(checkProductShape(pv, "the product with V")))
      return failure();
    // Loops of the product with V: batch..., row, column, key; of the scores: batch..., row,
    // key; of the product of Q and K: batch..., row, key, depth.
    unsigned rank = pv.getNumLoops() - 1;
    unsigned row = rank - 2, column = rank - 1, key = rank - 1, pvKey = rank, depth = rank;
    auto pvBody = matchAccumulatedProduct(pv);
    if (!pvBody)
      return fail(pv, "the product with V does not accumulate x * y into its output");
    // One factor is V, the other exp / sum.
    Value vArg, normalized;
    for (auto [x, y] : {std::pair(pvBody->first, pvBody->second),
                        std::pair(pvBody->second, pvBody->first)})
      if (auto div = y.getDefiningOp<arith::DivFOp>()) {
        vArg = x;
        normalized = div;
      }
    if (!normalized)
      return fail(pv, "the product with V does not divide the exponentials by their sum (the "
                      "softmax's normalization, fused into it)");
    auto div = normalized.getDefiningOp<arith::DivFOp>();
    OpOperand *vInput = inputOf(pv, vArg), *expInput = inputOf(pv, div.getLhs()),
              *sumInput = inputOf(pv, div.getRhs());
    if (!vInput || !expInput || !sumInput)
      return fail(pv, "the product with V multiplies values other than its inputs");
    if (!hasMap(pv, vInput, batchAnd(rank, {pvKey, column})) ||
        !hasMap(pv, expInput, batchAnd(rank, {row, pvKey})) ||
        !hasMap(pv, sumInput, batchAnd(rank, {row})) ||
        !hasMap(pv, pv.getDpsInitOperand(0), batchAnd(rank, {row, column})))
      return fail(pv, "the product with V is not indexed as exp[b, m, n] / sum[b, m] * "
                      "V[b, n, e] -> out[b, m, e]");
    if (failed(takeZeroFill(pv, "the product with V")))
      return failure();

    // sum[b, m] = sum_n exp[b, m, n] into a fill of 0.
    auto sum = sumInput->get().getDefiningOp<linalg::GenericOp>();
    if (!sum || failed(checkRowReduction(sum, "the softmax's sum", rank)))
      return failure();
    if (sum.getDpsInputOperand(0)->get() != expInput->get())
      return fail(sum, "the softmax's sum does not add the exponentials the product reads");
    if (!yieldsCombination<arith::AddFOp>(sum))
      return fail(sum, "the softmax's sum does not add its input to its output");
    if (failed(takeZeroFill(sum, "the softmax's sum")))
      return failure();

    // exp[b, m, n] = exp(x[b, m, n] - max[b, m]).
    auto exp = expInput->get().getDefiningOp<linalg::GenericOp>();
    if (!exp || exp.getNumLoops() != rank || exp.getNumReductionLoops() != 0 ||
        exp.getNumDpsInputs() != 2)
      return fail(exp ? exp.getOperation() : pv.getOperation(),
                  "the exponentials are not an elementwise op of the scores and their max");
    auto expBody = [&]() -> std::optional<std::pair<Value, Value>> {
      auto expOp = yielded(exp).getDefiningOp<math::ExpOp>();
      auto sub = expOp ? expOp.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
      if (!sub)
        return std::nullopt;
      return std::pair(sub.getLhs(), sub.getRhs());
    }();
    OpOperand *xInput = expBody ? inputOf(exp, expBody->first) : nullptr;
    OpOperand *maxInput = expBody ? inputOf(exp, expBody->second) : nullptr;
    if (!xInput || !maxInput)
      return fail(exp, "the exponentials are not exp(x - max) of the op's inputs");
    if (!hasMap(exp, xInput, batchAnd(rank, {row, key})) ||
        !hasMap(exp, maxInput, batchAnd(rank, {row})) ||
        !hasMap(exp, exp.getDpsInitOperand(0), batchAnd(rank, {row, key})))
      return fail(exp, "the exponentials are not indexed as exp(x[b, m, n] - max[b, m])");
    take(exp);

    // max[b, m] = max_n x[b, m, n] from NaN or -inf.
    auto max = maxInput->get().getDefiningOp<linalg::GenericOp>();
    if (!max || failed(checkRowReduction(max, "the softmax's max", rank)))
      return failure();
    if (max.getDpsInputOperand(0)->get() != xInput->get())
      return fail(max, "the softmax's max is not over the values it exponentiates");
    if (!yieldsCombination<arith::MaxNumFOp>(max) && !yieldsCombination<arith::MaximumFOp>(max))
      return fail(max, "the softmax's max does not take the max of its input and its output");
    std::optional<APFloat> start = takeFill(max);
    if (!start || !(start->isNaN() || (start->isInfinity() && start->isNegative())))
      return fail(max, "the softmax's max does not start from a fill of NaN or -inf");

    // x = modifier(scores[b, m, n], b, m, n) (a scale, a mask) or the scores themselves.
    Value scores = xInput->get();
    linalg::GenericOp modifier;
    if (auto op = scores.getDefiningOp<linalg::GenericOp>(); op && op.getNumReductionLoops() == 0) {
      if (failed(matchScoreModifier(op, rank)))
        return failure();
      modifier = op;
      scores = op.getDpsInputOperand(0)->get();
    }

    // scores[b, m, n] = sum_e Q[b, m, e] * K[b, n, e] into a fill of 0.
    auto qk = scores.getDefiningOp<linalg::GenericOp>();
    if (!qk)
      return fail(max, "the softmax's input is not computed by a linalg op");
    if (failed(checkProductShape(qk, "the product of Q and K")))
      return failure();
    auto qkBody = matchAccumulatedProduct(qk);
    OpOperand *qInput = qkBody ? inputOf(qk, qkBody->first) : nullptr;
    OpOperand *kInput = qkBody ? inputOf(qk, qkBody->second) : nullptr;
    if (!qInput || !kInput)
      return fail(qk, "the product of Q and K does not accumulate Q * K into its output");
    if (!hasMap(qk, qInput, batchAnd(rank, {row, depth})))
      std::swap(qInput, kInput);
    if (!hasMap(qk, qInput, batchAnd(rank, {row, depth})) ||
        !hasMap(qk, kInput, batchAnd(rank, {key, depth})) ||
        !hasMap(qk, qk.getDpsInitOperand(0), batchAnd(rank, {row, key})))
      return fail(qk, "the product of Q and K is not indexed as Q[b, m, d] * K[b, n, d] -> "
                      "scores[b, m, n]");
    if (failed(takeZeroFill(qk, "the product of Q and K")))
      return failure();

    AttentionInfo info;
    FailureOr<unsigned> q = taskInput(qk, qInput, "Q"), k = taskInput(qk, kInput, "K"),
                        v = taskInput(pv, vInput, "V");
    if (failed(q) || failed(k) || failed(v))
      return failure();
    info.q = *q;
    info.k = *k;
    info.v = *v;
    info.out = func.getNumArguments() - 1;
    ArrayRef<int64_t> qShape = shapeOf(func.getArgument(info.q));
    ArrayRef<int64_t> kShape = shapeOf(func.getArgument(info.k));
    ArrayRef<int64_t> vShape = shapeOf(func.getArgument(info.v));
    for (int64_t extent : qShape.drop_back(2))
      info.batch *= extent;
    info.rows = qShape[rank - 2];
    info.headDim = qShape[rank - 1];
    info.keys = kShape[rank - 2];
    info.valueDim = vShape[rank - 1];
    info.scoreModifier = modifier;
    info.causal = modifier && masksLaterKeys(modifier, rank);
    if (shapeOf(func.getArgument(info.out)) != shapeOf(pv.getResult(0)))
      return fail(pv, "the result does not have the output's shape");
    // The columns of the output are split among threads (and blocks) in powers of two: the
    // rest of the extent is what a thread must hold on its own.
    int64_t oddColumns = info.valueDim >> llvm::countr_zero(static_cast<uint64_t>(info.valueDim));
    if (oddColumns > kMaxAccumulators)
      return fail(pv, "V's head dim (" + Twine(info.valueDim) +
                          ") has an odd factor over " + Twine(kMaxAccumulators) +
                          ", which no split of the columns fits into a thread's registers");
    for (Operation &op : func.getBody().front())
      if (!taken.contains(&op) && !op.hasTrait<OpTrait::ConstantLike>() &&
          !isa<tensor::EmptyOp, func::ReturnOp>(op))
        return op.emitError() << "not in the attention family: '" << op.getName()
                              << "' is not part of softmax(Q K^T * scale) V";
    return info;
  }

private:
  InFlightDiagnostic fail(Operation *op, const Twine &why) {
    return op->emitError() << "not in the attention family: " << why;
  }

  void take(Operation *op) { taken.insert(op); }

  static Value yielded(linalg::GenericOp op) {
    return op.getBody()->getTerminator()->getOperand(0);
  }

  /// The input operand whose block argument `value` is, if it is one.
  static OpOperand *inputOf(linalg::GenericOp op, Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != op.getBody() || arg.getArgNumber() >= op.getNumDpsInputs())
      return nullptr;
    return op.getDpsInputOperand(arg.getArgNumber());
  }

  /// The map (d0, ..., d[rank - 3], dims...) over the loops of `op`: batch dimensions first.
  static SmallVector<unsigned> batchAnd(unsigned rank, ArrayRef<unsigned> dims) {
    SmallVector<unsigned> results;
    for (unsigned d = 0; d + 2 < rank; ++d)
      results.push_back(d);
    results.append(dims.begin(), dims.end());
    return results;
  }

  static bool hasMap(linalg::GenericOp op, OpOperand *operand, ArrayRef<unsigned> dims) {
    return op.getMatchingIndexingMap(operand) ==
           AffineMap::getMultiDimMapWithTargets(op.getNumLoops(), dims, op.getContext());
  }

  static ArrayRef<int64_t> shapeOf(Value value) {
    return cast<RankedTensorType>(value.getType()).getShape();
  }

  /// A contraction (one output, its last loop reduced, at least three) of static f32 tensors.
  LogicalResult checkProductShape(linalg::GenericOp op, StringRef what) {
    unsigned loops = op.getNumLoops();
    if (loops < 3 || op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 1 ||
        op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
      return fail(op, what + " is not a contraction over its last loop");
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
        return fail(op, what + " has an operand that is not a static tensor of f32");
    }
    return success();
  }

  /// The two factors x, y of a body that yields acc + x * y (either order of either op).
  static std::optional<std::pair<Value, Value>> matchAccumulatedProduct(linalg::GenericOp op) {
    auto add = yielded(op).getDefiningOp<arith::AddFOp>();
    if (!add)
      return std::nullopt;
    BlockArgument acc = op.getBody()->getArgument(op.getNumDpsInputs());
    Value term = add.getLhs() == acc ? add.getRhs() : add.getRhs() == acc ? add.getLhs() : Value();
    auto product = term ? term.getDefiningOp<arith::MulFOp>() : nullptr;
    if (!product || product->getBlock() != op.getBody())
      return std::nullopt;
    return std::pair(product.getLhs(), product.getRhs());
  }

  /// A reduction of the last loop of a rank-`rank` tensor into [batch..., rows].
  LogicalResult checkRowReduction(linalg::GenericOp op, StringRef what, unsigned rank) {
    if (op.getNumLoops() != rank || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() != 1 ||
        op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
        !hasMap(op, op.getDpsInputOperand(0), batchAnd(rank, {rank - 2, rank - 1})) ||
        !hasMap(op, op.getDpsInitOperand(0), batchAnd(rank, {rank - 2})))
      return fail(op, what + " does not reduce the scores' last axis (the keys)");
    take(op);
    return success();
  }

  /// Whether the body yields Combine(input, output), either order.
  template <typename Combine>
  static bool yieldsCombination(linalg::GenericOp op) {
    auto combine = yielded(op).getDefiningOp<Combine>();
    if (!combine)
      return false;
    Block *body = op.getBody();
    Value in = body->getArgument(0), out = body->getArgument(1);
    return (combine.getLhs() == in && combine.getRhs() == out) ||
           (combine.getLhs() == out && combine.getRhs() == in);
  }

  /// The constant a fill writes into `op`'s output (linalg.fill, or a generic with only
  /// parallel loops yielding a constant), taking the fill.
  std::optional<APFloat> takeFill(linalg::GenericOp op) {
    Operation *fill = op.getDpsInits().front().getDefiningOp();
    Value value;
    if (auto named = dyn_cast_or_null<linalg::FillOp>(fill)) {
      value = named.value();
    } else if (auto generic = dyn_cast_or_null<linalg::GenericOp>(fill);
               generic && generic.getNumDpsInputs() == 0 && generic.getNumReductionLoops() == 0) {
      value = yielded(generic);
    }
    auto constant = value ? value.getDefiningOp<arith::ConstantFloatOp>() : nullptr;
    if (!constant)
      return std::nullopt;
    take(fill);
    return constant.value();
  }

  LogicalResult takeZeroFill(linalg::GenericOp op, StringRef what) {
    std::optional<APFloat> start = takeFill(op);
    if (!start || !start->isZero())
      return fail(op, what + " does not accumulate into a fill of 0");
    take(op);
    return success();
  }

  /// An elementwise op on the scores alone: its body computes from the score, the loops'
  /// indices (linalg.index) and constants, without side effects (Attention.h).
  LogicalResult matchScoreModifier(linalg::GenericOp op, unsigned rank) {
    if (op.getNumLoops() != rank || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        !hasMap(op, op.getDpsInputOperand(0), batchAnd(rank, {rank - 2, rank - 1})) ||
        !hasMap(op, op.getDpsInitOperand(0), batchAnd(rank, {rank - 2, rank - 1})) ||
        op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
      return fail(op, "the op between the scores and the softmax is not elementwise on the "
                      "scores alone");
    for (Operation &inner : op.getBody()->without_terminator()) {
      if (!isPure(&inner) || inner.getNumRegions() != 0)
        return fail(op, "the scores' modifier has an op with effects or regions ('" +
                            inner.getName().getStringRef() + "')");
      for (Value operand : inner.getOperands()) {
        // Scalars only, from the body or from scalar constants: the kernels clone the body
        // per score, with the score and the loops' indices as its only inputs.
        if (!operand.getType().isIntOrIndexOrFloat())
          return fail(op, "the scores' modifier computes with a value that is not a scalar");
        Operation *def = operand.getDefiningOp();
        bool inBody = def ? def->getBlock() == op.getBody()
                          : cast<BlockArgument>(operand).getOwner() == op.getBody();
        if (!inBody && !(def && def->hasTrait<OpTrait::ConstantLike>()))
          return fail(op, "the scores' modifier uses a value from outside other than a "
                          "constant");
      }
    }
    take(op);
    return success();
  }

  /// Whether the modifier yields -inf wherever the key is past the row (a causal mask):
  /// select(key > row, -inf, x) or select(key <= row, x, -inf), the comparison either way round.
  static bool masksLaterKeys(linalg::GenericOp op, unsigned rank) {
    auto select = yielded(op).getDefiningOp<arith::SelectOp>();
    auto compare = select ? select.getCondition().getDefiningOp<arith::CmpIOp>() : nullptr;
    if (!compare)
      return false;
    auto indexOf = [](Value value) -> std::optional<uint64_t> {
      if (auto index = value.getDefiningOp<linalg::IndexOp>())
        return index.getDim();
      return std::nullopt;
    };
    std::optional<uint64_t> lhs = indexOf(compare.getLhs()), rhs = indexOf(compare.getRhs());
    uint64_t row = rank - 2, key = rank - 1;
    using P = arith::CmpIPredicate;
    P predicate = compare.getPredicate();
    if (lhs == row && rhs == key) { // row < key is key > row
      static const std::pair<P, P> swapped[] = {{P::ult, P::ugt}, {P::ugt, P::ult},
                                                {P::ule, P::uge}, {P::uge, P::ule},
                                                {P::slt, P::sgt}, {P::sgt, P::slt},
                                                {P::sle, P::sge}, {P::sge, P::sle}};
      for (auto [from, to] : swapped)
        if (predicate == from) {
          predicate = to;
          break;
        }
    } else if (lhs != key || rhs != row) {
      return false;
    }
    auto isNegativeInfinity = [](Value value) {
      auto constant = value.getDefiningOp<arith::ConstantFloatOp>();
      return constant && constant.value().isInfinity() && constant.value().isNegative();
    };
    bool later = predicate == P::ugt || predicate == P::sgt;       // key > row
    bool notLater = predicate == P::ule || predicate == P::sle;    // key <= row
    return (later && isNegativeInfinity(select.getTrueValue())) ||
           (notLater && isNegativeInfinity(select.getFalseValue()));
  }

  /// The function argument (a task input) `operand` reads.
  FailureOr<unsigned> taskInput(linalg::GenericOp op, OpOperand *operand, StringRef name) {
    auto arg = dyn_cast<BlockArgument>(operand->get());
    if (!arg || arg.getOwner() != &func.getBody().front())
      return fail(op, name + " is not a task input read as it is stored");
    return arg.getArgNumber();
  }

  func::FuncOp func;
  llvm::SmallPtrSet<Operation *, 16> taken;
};
} // namespace

FailureOr<AttentionInfo> kopt::codegen::analyzeAttention(func::FuncOp func) {
  return AttentionMatcher(func).match();
}

bool kopt::codegen::hasTwoProducts(func::FuncOp func) {
  int products = 0;
  func.walk([&](linalg::GenericOp op) {
    if (op.getNumDpsInits() != 1)
      return;
    auto add = op.getBody()->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
    BlockArgument acc = op.getBody()->getArgument(op.getNumDpsInputs());
    if (add && (add.getLhs() == acc || add.getRhs() == acc) &&
        (add.getLhs().getDefiningOp<arith::MulFOp>() || add.getRhs().getDefiningOp<arith::MulFOp>()))
      ++products;
  });
  return products >= 2;
}

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

/// The largest power of two <= `width` that divides `extent`.
static int64_t dividingWidth(int64_t width, int64_t extent) {
  while (width > 1 && extent % width != 0)
    width /= 2;
  return width;
}

/// Where the tiles lie in shared memory: the score tile's exponentials first, then the Q and K
/// chunks of the score loop, whose space the V rows of the product loop reuse (barriers separate
/// the two); the tensor-core kernel adds its rows' rescaling factors after the exponentials.
static void layOutShared(AttentionGeometry &g, int64_t rowScaleBytes) {
  g.rowScaleOffset = llvm::alignTo(g.blockQ * g.scorePitch * kF32Bytes, 16);
  g.queryChunkOffset = g.rowScaleOffset + llvm::alignTo(rowScaleBytes, 16);
  g.keyChunkOffset = g.queryChunkOffset + llvm::alignTo(g.blockQ * g.chunkPitch * kF32Bytes, 16);
  g.valueOffset = g.queryChunkOffset;
  g.sharedBytes = std::max(g.keyChunkOffset + g.blockKV * g.chunkPitch * kF32Bytes,
                           g.valueOffset + g.vRows * g.valuePitch * kF32Bytes);
}

/// As many V rows at a time as fit beside the rest, up to the key tile, down to `minimum`.
static void fitValueRows(AttentionGeometry &g, int64_t rowScaleBytes, int64_t minimum) {
  g.vRows = g.blockKV;
  layOutShared(g, rowScaleBytes);
  while (g.vRows > minimum && g.sharedBytes > kAttentionMaxShared) {
    g.vRows /= 2;
    layOutShared(g, rowScaleBytes);
  }
}

/// The f32 kernel's shape.
static AttentionGeometry planSimt(const AttentionSchedule &schedule, const AttentionInfo &info) {
  AttentionGeometry g{};
  g.blockQ = dividingWidth(schedule.blockQ, info.rows);
  g.blockKV = dividingWidth(std::min<int64_t>(schedule.blockKV, kMaxSimtKeys), info.keys);
  g.chunkE = dividingWidth(std::min<int64_t>(schedule.chunkE, kMaxSimtChunk), info.headDim);
  g.vectorQK = dividingWidth(schedule.vector, g.chunkE);
  g.threadQ = std::min(schedule.threadQ, g.blockQ);
  g.threadKV = std::min(schedule.threadKV, g.blockKV);
  // A row group's lanes are consecutive threads of one warp, which combine the row's max and
  // sum with shuffles.
  while (g.blockKV / g.threadKV > kAttentionWarp)
    g.threadKV *= 2;
  g.headSplit = dividingWidth(schedule.headSplit, info.valueDim);
  g.columns = info.valueDim / g.headSplit;
  // Each lane holds whole vectors of its row's columns.
  while (g.columns % (g.blockKV / g.threadKV) != 0)
    g.threadKV *= 2;
  g.lanes = g.blockKV / g.threadKV;
  auto threadsWith = [&](int64_t threadQ) { return (g.blockQ / threadQ) * g.lanes; };
  while (threadsWith(g.threadQ) > kAttentionMaxThreads)
    g.threadQ *= 2;
  // Output accumulators fit in registers: more blocks per query tile, else fewer rows per
  // thread while the block stays within 1024 threads (the analysis bounds what remains).
  auto perThread = [&] { return g.threadQ * g.columns / g.lanes; };
  while (perThread() > kMaxAccumulators || g.blockQ * g.columns > kMaxBlockAccumulators) {
    if (g.columns % (2 * g.lanes) == 0) {
      g.headSplit *= 2;
      g.columns /= 2;
    } else if (perThread() > kMaxAccumulators && g.threadQ > 1 &&
               threadsWith(g.threadQ / 2) <= kAttentionMaxThreads) {
      g.threadQ /= 2;
    } else {
      break;
    }
  }
  g.threads = threadsWith(g.threadQ);
  g.vectorV = dividingWidth(schedule.vector, g.columns / g.lanes);
  // Score rows padded by one float, so that the row groups of a warp read different banks; Q
  // and K chunk rows by one vector: consecutive rows start 16 bytes (for 4 x f32) apart in the
  // banks, so the lanes of a warp reading consecutive keys do not conflict.
  g.scorePitch = g.blockKV + 1;
  g.chunkPitch = g.chunkE + g.vectorQK;
  g.valuePitch = g.columns;
  fitValueRows(g, /*rowScaleBytes=*/0, /*minimum=*/1);
  g.grid = info.batch * (info.rows / g.blockQ) * g.headSplit;
  return g;
}

/// The tensor-core kernel's shape, if the payload and the shared memory admit one.
static std::optional<AttentionGeometry> planMma(const AttentionSchedule &schedule,
                                                const AttentionInfo &info) {
  if (info.rows % kMmaM != 0 || info.keys % kMmaK != 0 || info.headDim % kMmaK != 0 ||
      info.valueDim % kMmaN != 0)
    return std::nullopt;
  AttentionGeometry g{};
  g.tf32 = true;
  g.splitTf32 = schedule.splitTf32;
  g.blockQ = std::max(kMmaM, dividingWidth(schedule.blockQ, info.rows));
  g.blockKV = std::max(kMmaK, dividingWidth(schedule.blockKV, info.keys));
  g.chunkE = std::max(kMmaK, dividingWidth(schedule.chunkE, info.headDim));
  g.headSplit = dividingWidth(schedule.headSplit, info.valueDim);
  while ((info.valueDim / g.headSplit) % kMmaN != 0)
    g.headSplit /= 2;
  // Warps across the columns, up to kMmaWarpColumns each; fewer rows, then more blocks per
  // query tile, while the block would exceed 1024 threads or its output tile half the
  // registers.
  auto splitColumns = [&] {
    g.columns = info.valueDim / g.headSplit;
    g.warpsC = 1;
    while (g.columns / g.warpsC > kMmaWarpColumns && g.columns % (2 * g.warpsC * kMmaN) == 0)
      g.warpsC *= 2;
  };
  splitColumns();
  auto tooBig = [&] {
    return (g.blockQ / kMmaM) * g.warpsC * kAttentionWarp > kAttentionMaxThreads ||
           g.blockQ * g.columns > kMaxBlockAccumulators;
  };
  while (tooBig()) {
    if (g.blockQ > kMmaM) {
      g.blockQ /= 2;
    } else if (g.columns % (2 * kMmaN) == 0) {
      g.headSplit *= 2;
      splitColumns();
    } else {
      break;
    }
  }
  g.warpColumns = g.columns / g.warpsC;
  if (tooBig() || g.warpColumns > 2 * kMmaWarpColumns)
    return std::nullopt;
  g.warpsQ = g.blockQ / kMmaM;
  g.threads = g.warpsQ * g.warpsC * kAttentionWarp;
  g.valuePitch = g.columns + 8;
  g.vectorV = dividingWidth(4, g.columns);
  // Pitches that keep a warp's fragment reads on distinct banks: lanes read rows lane / 4 and
  // columns lane % 4 of the exponentials and of the Q and K chunks (a pitch of 4 mod 32), rows
  // lane % 4 and columns lane / 4 of V (8 mod 32).
  auto layOut = [&] {
    g.scoreWarps = std::min(g.warpsC, g.blockKV / kMmaN);
    g.scoreKeys = g.blockKV / g.scoreWarps;
    g.softmaxLanes = std::min({kAttentionWarp, g.blockKV, g.threads / g.blockQ});
    g.scorePitch = g.blockKV + 4;
    g.chunkPitch = g.chunkE + 4;
    g.vectorQK = dividingWidth(4, g.chunkE);
    fitValueRows(g, g.blockQ * kF32Bytes, /*minimum=*/kMmaK);
  };
  layOut();
  // Over 48 KiB: narrower chunks where they take more space than V's rows, else fewer keys.
  while (g.sharedBytes > kAttentionMaxShared) {
    bool chunksLarger = g.keyChunkOffset + g.blockKV * g.chunkPitch * kF32Bytes >
                        g.valueOffset + g.vRows * g.valuePitch * kF32Bytes;
    if (chunksLarger && g.chunkE > kMmaK)
      g.chunkE /= 2;
    else if (g.blockKV > kMmaK)
      g.blockKV /= 2;
    else
      return std::nullopt;
    layOut();
  }
  g.grid = info.batch * (info.rows / g.blockQ) * g.headSplit;
  return g;
}

AttentionGeometry kopt::codegen::planAttention(const AttentionSchedule &schedule,
                                               const AttentionInfo &info) {
  if (schedule.tf32)
    if (std::optional<AttentionGeometry> g = planMma(schedule, info))
      return *g;
  return planSimt(schedule, info);
}

OwningOpRef<ModuleOp> kopt::codegen::buildAttentionKernel(func::FuncOp func,
                                                         const AttentionInfo &info,
                                                         const AttentionGeometry &geometry) {
  return geometry.tf32 ? buildMmaAttentionKernel(func, info, geometry)
                       : buildSimtAttentionKernel(func, info, geometry);
}
