//===- Attention.cpp - the fused attention family -------------------------===//
#include "kopt/Codegen/Attention.h"
#include "FastMath.h"
#include "TiledKernelBuilder.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <optional>

using namespace mlir;
using namespace kopt::codegen;

static constexpr int64_t kWarp = 32;
static constexpr int64_t kMaxThreads = 1024;
static constexpr int64_t kMaxStaticShared = 48 * 1024;
// Output accumulators a thread may hold: with the score tile and the loaded operands, about
// what 255 registers take without spilling.
static constexpr int64_t kMaxAccumulators = 128;
// A block's output tile: half the 64K registers of an SM, so that the block's threads (however
// many) keep room for the rest without spilling.
static constexpr int64_t kMaxBlockAccumulators = 32 * 1024;

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
                  buildCandidate, looksLikeFamily, /*explainRank=*/20});
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

    // x = scores * scale, scores / scale or the scores themselves.
    Value scores = xInput->get();
    if (auto scale = scores.getDefiningOp<linalg::GenericOp>();
        scale && scale.getNumReductionLoops() == 0) {
      if (failed(matchScale(scale, rank)))
        return failure();
      scores = scale.getDpsInputOperand(0)->get();
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
    info.scale = scale;
    info.divides = divides;
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

  /// x = scores * c, c * scores or scores / c, elementwise, with c a constant.
  LogicalResult matchScale(linalg::GenericOp op, unsigned rank) {
    auto why = "the scores' scale is not an elementwise product with (or division by) a "
               "constant";
    if (op.getNumLoops() != rank || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        !hasMap(op, op.getDpsInputOperand(0), batchAnd(rank, {rank - 2, rank - 1})) ||
        !hasMap(op, op.getDpsInitOperand(0), batchAnd(rank, {rank - 2, rank - 1})))
      return fail(op, why);
    Operation *scaling = yielded(op).getDefiningOp();
    Value x = op.getBody()->getArgument(0);
    auto constantOf = [](Value value) -> std::optional<double> {
      if (auto constant = value.getDefiningOp<arith::ConstantFloatOp>())
        return constant.value().convertToDouble();
      return std::nullopt;
    };
    std::optional<double> c;
    if (auto mul = dyn_cast_or_null<arith::MulFOp>(scaling))
      c = mul.getLhs() == x ? constantOf(mul.getRhs())
          : mul.getRhs() == x ? constantOf(mul.getLhs())
                              : std::nullopt;
    else if (auto div = dyn_cast_or_null<arith::DivFOp>(scaling); div && div.getLhs() == x)
      c = constantOf(div.getRhs()), divides = true;
    if (!c)
      return fail(op, why);
    scale = *c;
    take(op);
    return success();
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
  double scale = 1.0;
  bool divides = false;
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

/// Shared memory: the exponentials of a score tile (rows padded by one float, so that the row
/// groups of a warp read different banks), then the Q and K chunks of the score loop, whose
/// space the V rows of the product loop reuse (barriers separate the two).
static int64_t probabilityBytes(const AttentionGeometry &g) {
  return llvm::alignTo(g.blockQ * (g.blockKV + 1) * kF32Bytes, 16);
}
/// Q and K chunk rows are padded by one vector: consecutive rows start 16 bytes (for 4 x f32)
/// apart in the banks, so the lanes of a warp reading consecutive keys do not conflict.
static int64_t chunkPitch(const AttentionGeometry &g) { return g.chunkE + g.vectorQK; }
static int64_t queryChunkBytes(const AttentionGeometry &g) {
  return llvm::alignTo(g.blockQ * chunkPitch(g) * kF32Bytes, 16);
}
static int64_t keyChunkBytes(const AttentionGeometry &g) {
  return g.blockKV * chunkPitch(g) * kF32Bytes;
}

AttentionGeometry kopt::codegen::planAttention(const AttentionSchedule &schedule,
                                               const AttentionInfo &info) {
  AttentionGeometry g{};
  g.blockQ = dividingWidth(schedule.blockQ, info.rows);
  g.blockKV = dividingWidth(schedule.blockKV, info.keys);
  g.chunkE = dividingWidth(schedule.chunkE, info.headDim);
  g.vectorQK = dividingWidth(schedule.vector, g.chunkE);
  g.threadQ = std::min(schedule.threadQ, g.blockQ);
  g.threadKV = std::min(schedule.threadKV, g.blockKV);
  // A row group's lanes are consecutive threads of one warp, which combine the row's max and
  // sum with shuffles.
  while (g.blockKV / g.threadKV > kWarp)
    g.threadKV *= 2;
  g.headSplit = dividingWidth(schedule.headSplit, info.valueDim);
  g.columns = info.valueDim / g.headSplit;
  // Each lane holds whole vectors of its row's columns.
  while (g.columns % (g.blockKV / g.threadKV) != 0)
    g.threadKV *= 2;
  g.lanes = g.blockKV / g.threadKV;
  auto threadsWith = [&](int64_t threadQ) { return (g.blockQ / threadQ) * g.lanes; };
  while (threadsWith(g.threadQ) > kMaxThreads)
    g.threadQ *= 2;
  // Output accumulators fit in registers: more blocks per query tile, else fewer rows per
  // thread while the block stays within 1024 threads (the analysis bounds what remains).
  auto perThread = [&] { return g.threadQ * g.columns / g.lanes; };
  while (perThread() > kMaxAccumulators || g.blockQ * g.columns > kMaxBlockAccumulators) {
    if (g.columns % (2 * g.lanes) == 0) {
      g.headSplit *= 2;
      g.columns /= 2;
    } else if (perThread() > kMaxAccumulators && g.threadQ > 1 &&
               threadsWith(g.threadQ / 2) <= kMaxThreads) {
      g.threadQ /= 2;
    } else {
      break;
    }
  }
  g.threads = threadsWith(g.threadQ);
  g.vectorV = dividingWidth(schedule.vector, g.columns / g.lanes);
  // As many V rows at a time as fit beside the exponentials, up to the key tile.
  int64_t available = kMaxStaticShared - probabilityBytes(g);
  g.vRows = g.blockKV;
  while (g.vRows > 1 && g.vRows * g.columns * kF32Bytes > available)
    g.vRows /= 2;
  g.sharedBytes = probabilityBytes(g) + std::max(queryChunkBytes(g) + keyChunkBytes(g),
                                                 g.vRows * g.columns * kF32Bytes);
  g.grid = info.batch * (info.rows / g.blockQ) * g.headSplit;
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

namespace {
/// Builds the function on buffers and its gpu.launch.
class AttentionKernelBuilder : TiledKernelBuilder {
public:
  AttentionKernelBuilder(func::FuncOp payload, const AttentionInfo &info,
                         const AttentionGeometry &g)
      : TiledKernelBuilder(OpBuilder(payload.getContext()), payload.getLoc()), payload(payload),
        info(info), g(g) {}

  OwningOpRef<ModuleOp> build() {
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    b.setInsertionPointToEnd(module->getBody());
    SmallVector<Type> argTypes = llvm::map_to_vector(payload.getArgumentTypes(), [](Type type) {
      auto tensor = cast<RankedTensorType>(type);
      return Type(MemRefType::get(tensor.getShape(), tensor.getElementType()));
    });
    auto func = func::FuncOp::create(b, loc, payload.getName(), b.getFunctionType(argTypes, {}));
    Block *entry = func.addEntryBlock();
    b.setInsertionPointToStart(entry);
    buildLaunch(entry->getArguments(), payload.getName());
    func::ReturnOp::create(b, loc);
    return module;
  }

private:
  int64_t rowGroups() const { return g.blockQ / g.threadQ; }
  int64_t queryTiles() const { return info.rows / g.blockQ; }
  /// Vectors of a lane's columns: column vectors j * lanes + lane of the block's slice.
  int64_t columnVectors() const { return g.columns / (g.lanes * g.vectorV); }

  void buildLaunch(ValueRange buffers, StringRef kernelName) {
    MLIRContext *context = b.getContext();
    auto sharedType = MemRefType::get({g.sharedBytes}, b.getI8Type(), AffineMap(),
                                      workgroupSpace());
    Value one = index(1);
    auto launch = gpu::LaunchOp::create(
        b, loc, index(g.grid), one, one, index(g.threads), one, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, TypeRange{sharedType}, /*privateAttributions=*/{},
        /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr,
        FlatSymbolRefAttr::get(context, (kernelName + "_module").str()),
        FlatSymbolRefAttr::get(context, kernelName));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&launch.getBody().front());
    Value threadId = launch.getThreadIds().x;
    group = div(threadId, g.lanes);
    lane = rem(threadId, g.lanes);
    this->threadId = threadId;
    Value blockId = launch.getBlockIds().x;
    slice = rem(blockId, g.headSplit);
    Value tile = div(blockId, g.headSplit);
    queryBase = mul(rem(tile, queryTiles()), g.blockQ);
    batchId = div(tile, queryTiles());
    q = view(buffers[info.q], info.rows, info.headDim);
    k = view(buffers[info.k], info.keys, info.headDim);
    v = view(buffers[info.v], info.keys, info.valueDim);
    out = view(buffers[info.out], info.rows, info.valueDim);
    Value shared = launch.getWorkgroupAttributions().front();
    probabilities = sharedView(shared, 0, g.blockQ, g.blockKV + 1);
    queryChunk = sharedView(shared, probabilityBytes(g), g.blockQ, chunkPitch(g));
    keyChunk = sharedView(shared, probabilityBytes(g) + queryChunkBytes(g), g.blockKV,
                          chunkPitch(g));
    valueRows = sharedView(shared, probabilityBytes(g), g.vRows, g.columns);
    buildBlock();
    gpu::TerminatorOp::create(b, loc);
  }

  /// A task buffer as [batch, rows, columns], row-major as it is stored.
  Value view(Value buffer, int64_t rows, int64_t columns) {
    SmallVector<int64_t> shape = {info.batch, rows, columns};
    auto type = MemRefType::get(shape, f32);
    return memref::ReinterpretCastOp::create(b, loc, type, buffer, /*offset=*/0, shape,
                                             {rows * columns, columns, 1});
  }

  /// rows x pitch floats of the shared bytes, from `offset` (a multiple of 16).
  Value sharedView(Value shared, int64_t offset, int64_t rows, int64_t pitch) {
    auto type = MemRefType::get({rows, pitch}, f32, AffineMap(), workgroupSpace());
    return memref::ViewOp::create(b, loc, type, shared, index(offset), ValueRange{});
  }

  /// The block-local query row of the thread's i-th row: row groups side by side.
  Value localRow(int64_t i) { return add(group, i * rowGroups()); }
  /// The tile-local key of the thread's j-th score: lanes side by side.
  Value localKey(int64_t j) { return add(lane, j * g.lanes); }
  /// The slice-local first column of the thread's j-th column vector.
  Value localColumn(int64_t j) { return mul(add(lane, j * g.lanes), g.vectorV); }

  /// rows x columns of `global` at (batchId, rowBase.., columnBase..) into `shared`, in vectors
  /// of `width` spread over the block's threads: all loads first, then the stores.
  void copyTile(Value global, Value rowBase, Value columnBase, int64_t rows, int64_t columns,
                int64_t width, Value shared) {
    int64_t perRow = columns / width, count = rows * perRow;
    SmallVector<std::pair<Value, Value>> slots; // (row, column) in the tile
    SmallVector<Value> exists, values;
    for (int64_t first = 0; first < count; first += g.threads) {
      Value id = add(threadId, first);
      Value row = div(id, perRow), column = mul(rem(id, perRow), width);
      slots.emplace_back(row, column);
      exists.push_back(first + g.threads > count ? less(id, count) : Value());
      values.push_back(guarded(exists.back(), vectorType(width), [&] {
        return SmallVector<Value>{
            load(global, {batchId, add(rowBase, row), add(columnBase, column)}, width)};
      }).front());
    }
    for (size_t i = 0; i < slots.size(); ++i)
      guarded(exists[i], {}, [&] {
        store(values[i], shared, {slots[i].first, slots[i].second});
        return SmallVector<Value>{};
      });
  }

  Value constant(double value) {
    return arith::ConstantFloatOp::create(b, loc, cast<FloatType>(f32),
                                          APFloat(static_cast<float>(value)));
  }
  Value broadcast(Value scalar, int64_t width) {
    return vector::BroadcastOp::create(b, loc, vectorType(width), scalar);
  }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }

  /// Combines `value` across the lanes of a row group (consecutive threads of a warp) with xor
  /// shuffles; every lane ends with the result.
  template <typename Combine>
  Value acrossLanes(Value value) {
    int32_t width = std::min(kWarp, g.threads);
    for (int64_t offset = g.lanes / 2; offset >= 1; offset /= 2) {
      Value other = gpu::ShuffleOp::create(b, loc, value, offset, width, gpu::ShuffleMode::XOR)
                        .getShuffleResult();
      value = Combine::create(b, loc, value, other);
    }
    return value;
  }

  /// The loop over key tiles carries, per thread row, the running max and sum, then the output
  /// accumulators (threadQ x columnVectors vectors of vectorV).
  void buildBlock() {
    double negativeInfinity = -std::numeric_limits<double>::infinity();
    SmallVector<Value> carried(g.threadQ, constant(negativeInfinity));
    carried.append(g.threadQ, constant(0.0));
    carried.append(g.threadQ * columnVectors(), zeros(vectorType(g.vectorV)));
    auto loop = scf::ForOp::create(b, loc, index(0), index(info.keys), index(g.blockKV), carried);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      scf::YieldOp::create(b, loc, keyTile(loop.getInductionVar(), loop.getRegionIterArgs()));
    }
    ValueRange results = loop.getResults();
    ValueRange sums = results.slice(g.threadQ, g.threadQ);
    ValueRange acc = results.drop_front(2 * g.threadQ);
    Value columnBase = mul(slice, g.columns);
    for (int64_t i = 0; i < g.threadQ; ++i) {
      Value row = add(queryBase, localRow(i));
      Value sum = broadcast(sums[i], g.vectorV);
      for (int64_t j = 0; j < columnVectors(); ++j) {
        Value normalized = arith::DivFOp::create(b, loc, acc[i * columnVectors() + j], sum);
        store(normalized, out, {batchId, row, add(columnBase, localColumn(j))});
      }
    }
  }

  /// One key tile from `keyBase`: its scores, the online softmax, and its product with V.
  SmallVector<Value> keyTile(Value keyBase, ValueRange carried) {
    SmallVector<Value> scores = scoreTile(keyBase);
    SmallVector<Value> maxes, sums, acc(carried.drop_front(2 * g.threadQ));
    for (int64_t i = 0; i < g.threadQ; ++i) {
      ArrayRef<Value> row = ArrayRef(scores).slice(i * g.threadKV, g.threadKV);
      Value tileMax = row.front();
      for (Value score : row.drop_front())
        tileMax = arith::MaxNumFOp::create(b, loc, tileMax, score);
      tileMax = acrossLanes<arith::MaxNumFOp>(tileMax);
      Value max = arith::MaxNumFOp::create(b, loc, carried[i], tileMax);
      // exp(-inf) = 0 rescales the zeros of the first tile.
      Value rescale = exp(arith::SubFOp::create(b, loc, carried[i], max));
      Value tileSum;
      for (auto [j, score] : llvm::enumerate(row)) {
        Value p = exp(arith::SubFOp::create(b, loc, score, max));
        memref::StoreOp::create(b, loc, p, probabilities,
                                ValueRange{localRow(i), localKey(j)});
        tileSum = tileSum ? arith::AddFOp::create(b, loc, tileSum, p).getResult() : p;
      }
      tileSum = acrossLanes<arith::AddFOp>(tileSum);
      Value scaled = arith::MulFOp::create(b, loc, carried[g.threadQ + i], rescale);
      sums.push_back(arith::AddFOp::create(b, loc, scaled, tileSum));
      maxes.push_back(max);
      Value factor = broadcast(rescale, g.vectorV);
      for (int64_t j = 0; j < columnVectors(); ++j) {
        Value &slot = acc[i * columnVectors() + j];
        slot = arith::MulFOp::create(b, loc, slot, factor);
      }
    }
    acc = productWithV(keyBase, acc);
    SmallVector<Value> next(maxes);
    next.append(sums);
    next.append(acc);
    return next;
  }

  /// The thread's scores (threadQ x threadKV, scaled as the payload scales them) of the key tile
  /// from `keyBase`, over the head dim in chunks staged in shared memory.
  SmallVector<Value> scoreTile(Value keyBase) {
    SmallVector<Value> partial(g.threadQ * g.threadKV, zeros(vectorType(g.vectorQK)));
    auto chunks = scf::ForOp::create(b, loc, index(0), index(info.headDim), index(g.chunkE),
                                     partial);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(chunks.getBody());
      Value depthBase = chunks.getInductionVar();
      copyTile(q, queryBase, depthBase, g.blockQ, g.chunkE, g.vectorQK, queryChunk);
      copyTile(k, keyBase, depthBase, g.blockKV, g.chunkE, g.vectorQK, keyChunk);
      barrier();
      auto steps = scf::ForOp::create(b, loc, index(0), index(g.chunkE), index(g.vectorQK),
                                      chunks.getRegionIterArgs());
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(steps.getBody());
        Value depth = steps.getInductionVar();
        SmallVector<Value> queries, keys;
        for (int64_t i = 0; i < g.threadQ; ++i)
          queries.push_back(load(queryChunk, {localRow(i), depth}, g.vectorQK));
        for (int64_t j = 0; j < g.threadKV; ++j)
          keys.push_back(load(keyChunk, {localKey(j), depth}, g.vectorQK));
        SmallVector<Value> next(steps.getRegionIterArgs());
        for (int64_t i = 0; i < g.threadQ; ++i)
          for (int64_t j = 0; j < g.threadKV; ++j) {
            Value &slot = next[i * g.threadKV + j];
            slot = vector::FMAOp::create(b, loc, queries[i], keys[j], slot);
          }
        scf::YieldOp::create(b, loc, next);
      }
      // Every thread is done with the chunks before the next ones (or V's rows) replace them.
      barrier();
      scf::YieldOp::create(b, loc, steps.getResults());
    }
    SmallVector<Value> scores;
    for (Value sums : chunks.getResults()) {
      Value score = vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, sums);
      Value c = constant(info.scale);
      scores.push_back(info.divides ? arith::DivFOp::create(b, loc, score, c).getResult()
                                    : arith::MulFOp::create(b, loc, score, c).getResult());
    }
    return scores;
  }

  /// acc += exponentials x V rows of the key tile from `keyBase`, vRows rows of V at a time.
  SmallVector<Value> productWithV(Value keyBase, ValueRange acc) {
    Value columnBase = mul(slice, g.columns);
    auto parts = scf::ForOp::create(b, loc, index(0), index(g.blockKV), index(g.vRows), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(parts.getBody());
    Value partBase = parts.getInductionVar();
    copyTile(v, add(keyBase, partBase), columnBase, g.vRows, g.columns, g.vectorV, valueRows);
    // Also publishes the exponentials, the first time.
    barrier();
    auto keys = scf::ForOp::create(b, loc, index(0), index(g.vRows), index(1),
                                   parts.getRegionIterArgs());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(keys.getBody());
      Value key = keys.getInductionVar();
      SmallVector<Value> values;
      for (int64_t j = 0; j < columnVectors(); ++j)
        values.push_back(load(valueRows, {key, localColumn(j)}, g.vectorV));
      SmallVector<Value> next(keys.getRegionIterArgs());
      for (int64_t i = 0; i < g.threadQ; ++i) {
        Value p = memref::LoadOp::create(b, loc, probabilities,
                                         ValueRange{localRow(i), add(partBase, key)});
        Value weight = broadcast(p, g.vectorV);
        for (int64_t j = 0; j < columnVectors(); ++j) {
          Value &slot = next[i * columnVectors() + j];
          slot = vector::FMAOp::create(b, loc, weight, values[j], slot);
        }
      }
      scf::YieldOp::create(b, loc, next);
    }
    // Every thread is done with V's rows (and, after the last part, the exponentials) before
    // they are overwritten.
    barrier();
    scf::YieldOp::create(b, loc, keys.getResults());
    return SmallVector<Value>(parts.getResults());
  }

  func::FuncOp payload;
  const AttentionInfo &info;
  const AttentionGeometry &g;
  Value threadId, group, lane, slice, queryBase, batchId;
  Value q, k, v, out;
  Value probabilities, queryChunk, keyChunk, valueRows;
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildAttentionKernel(func::FuncOp func,
                                                         const AttentionInfo &info,
                                                         const AttentionGeometry &geometry) {
  return AttentionKernelBuilder(func, info, geometry).build();
}
