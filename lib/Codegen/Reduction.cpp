//===- Reduction.cpp - the axis-reduction family --------------------------===//
#include "kopt/Codegen/Reduction.h"
#include "FastMath.h"
#include "KernelBuilding.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kopt::codegen;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// The kernel is built on the task's buffers from the payload on tensors: no bufferization, so
/// the fills and the epilogue leave no temporaries behind.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &target) {
  FailureOr<ReductionInfo> info = analyzeReduction(func);
  if (failed(info))
    return failure();
  ReductionSchedule schedule = ReductionSchedule::fromValues(values);
  return withFastMath(buildReductionKernel(func, *info, planReduction(schedule, *info)),
                      schedule.fastMath, target);
}

/// A payload with one reducing linalg op.
static bool looksLikeFamily(func::FuncOp func) { return reductionsOf(func).count == 1; }

void kopt::codegen::registerReductionFamily() {
  registerFamily({&reductionSpace(), /*offerRank=*/40, analyzeOnTensors<analyzeReduction>,
                  buildCandidate, looksLikeFamily, /*explainRank=*/70});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Whether `op`'s accumulators are a value and the index that reached it (argmax, argmin):
/// fills the ArgSelect fields of `info`. Not an error when it does not match.
static bool matchArgSelect(ReductionInfo &info) {
  linalg::GenericOp op = info.reduction;
  if (op.getNumDpsInits() != 2 || op.getNumDpsInputs() != 1)
    return false;
  Block *body = op.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  for (unsigned valueAcc : {0u, 1u}) {
    unsigned indexAcc = 1 - valueAcc;
    BlockArgument value = body->getArgument(1 + valueAcc);
    BlockArgument index = body->getArgument(1 + indexAcc);
    auto selectValue = yield.getOperand(valueAcc).getDefiningOp<arith::SelectOp>();
    auto selectIndex = yield.getOperand(indexAcc).getDefiningOp<arith::SelectOp>();
    if (!selectValue || !selectIndex || selectValue.getCondition() != selectIndex.getCondition() ||
        selectValue.getFalseValue() != value || selectIndex.getFalseValue() != index ||
        selectValue.getTrueValue() != body->getArgument(0))
      continue;
    // The index offered is the reduced dimension's (cast to the accumulator's type).
    Value offered = selectIndex.getTrueValue();
    if (auto cast = offered.getDefiningOp<arith::IndexCastOp>())
      offered = cast.getIn();
    auto dim = offered.getDefiningOp<linalg::IndexOp>();
    if (!dim || dim.getDim() != info.reducedDim)
      continue;
    // The choice reads the offered value and the best one only: the same choice then decides
    // between two partial results.
    llvm::SetVector<Value> sources;
    collectSources(selectValue.getCondition(), body, sources);
    if (!llvm::all_of(sources, [&](Value source) {
          return source == value || source == body->getArgument(0);
        }))
      continue;
    info.combiner = CombinerKind::ArgSelect;
    info.valueAcc = valueAcc;
    info.indexAcc = indexAcc;
    info.selectedInput = body->getArgument(0);
    info.takeCondition = selectValue.getCondition();
    return true;
  }
  return false;
}

/// Derives how partial results combine, or says why they cannot.
static LogicalResult deriveCombiner(ReductionInfo &info) {
  linalg::GenericOp op = info.reduction;
  if (matchArgSelect(info)) {
    // Partials of an index start from its fill, which must come first in index order.
    IntegerAttr first;
    if (!matchPattern(info.fills[info.indexAcc], m_Constant(&first)) ||
        first.getValue().isStrictlyPositive())
      return op.emitError() << "not in the reduction family: the index accumulator must start "
                               "from a constant <= 0 (before the first index)";
    return success();
  }
  FailureOr<SmallVector<Operation *>> monoidOps = deriveMonoidCombiners(op);
  if (failed(monoidOps))
    return failure();
  info.monoidOps = std::move(*monoidOps);
  info.combiner = CombinerKind::Monoid;
  return success();
}

/// The inputs, outputs and fills of the reduction op.
static LogicalResult analyzeOperands(ReductionInfo &info) {
  linalg::GenericOp op = info.reduction;
  auto fail = [&](const Twine &why) {
    return op.emitError() << "not in the reduction family: " << why;
  };
  AffineMap identity = AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext());
  AffineMap kept = identity.dropResult(info.reducedDim);
  for (OpOperand *input : op.getDpsInputOperands()) {
    unsigned n = input->getOperandNumber();
    Value value = input->get();
    if (!isa<ShapedType>(value.getType())) {
      if (!isMaterializable(value))
        return fail("scalar input #" + Twine(n) + " is not a constant or a task input");
      info.inputs.push_back(value);
      info.perOutput.push_back(false);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map != identity && map != kept)
      return fail("input #" + Twine(n) + " is indexed neither by the identity nor by the kept "
                  "dimensions in order (a broadcast or transposed read)");
    Value source = throughReshapes(value);
    if (!isa<BlockArgument>(source))
      return fail("input #" + Twine(n) + " is computed by '" +
                  source.getDefiningOp()->getName().getStringRef() +
                  "', not read from a task input");
    Type element = getElementTypeOrSelf(value);
    if (!element.isIntOrFloat())
      return fail("input #" + Twine(n) + " has elements that are neither integers nor floats");
    if (element.getIntOrFloatBitWidth() % 8 != 0)
      info.maxVector = 1;
    info.inputs.push_back(source);
    info.perOutput.push_back(map == kept);
  }
  if (failed(checkAccumulators(op, kept, "by the kept dimensions in order", "reduction",
                               info.fills)))
    return failure();
  return checkCapturedValues(op.getBody(), "reduction", "reduction's body");
}

/// The elementwise op applied to the reduction's results.
static LogicalResult analyzeEpilogue(ReductionInfo &info, linalg::GenericOp epilogue) {
  if (failed(checkEpilogue(epilogue, info.reduction, info.outer * info.inner, "reduction")))
    return failure();
  info.epilogue = epilogue;
  return success();
}

FailureOr<ReductionInfo> kopt::codegen::analyzeReduction(func::FuncOp func) {
  FailureOr<ReductionWithEpilogue> matched = matchReductionWithEpilogue(
      func, "reduction", [](Operation *) { return false; },
      "a linalg.generic, a fill nor a reshape");
  if (failed(matched))
    return failure();

  ReductionInfo info;
  linalg::GenericOp op = info.reduction = matched->reduction;
  if (op.getNumReductionLoops() != 1)
    return op.emitError() << "not in the reduction family: it reduces "
                          << op.getNumReductionLoops() << " axes, and the family reduces one";
  for (auto [d, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction)
      info.reducedDim = d;
  for (auto [d, extent] : llvm::enumerate(op.getStaticLoopRanges())) {
    if (ShapedType::isDynamic(extent))
      return op.emitError() << "not in the reduction family: its iteration space is not static";
    if (extent == 0)
      return op.emitError() << "not in the reduction family: its iteration space is empty";
    info.domain.push_back(extent);
    int64_t &part = d < info.reducedDim ? info.outer : d == info.reducedDim ? info.extent
                                                                            : info.inner;
    part *= extent;
  }
  if (failed(analyzeOperands(info)) || failed(deriveCombiner(info)))
    return failure();
  if (matched->epilogue && failed(analyzeEpilogue(info, matched->epilogue)))
    return failure();

  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [q, value] : llvm::enumerate(ret.getOperands())) {
    Value stored = throughReshapes(value);
    if (!resultOf(op, stored) && !resultOf(info.epilogue, stored))
      return ret.emitError() << "not in the reduction family: output #" << q
                             << " is not computed by the reduction or its epilogue";
    info.stored.push_back(stored);
  }
  info.splittable = info.combiner == CombinerKind::Monoid &&
                    sumsLinearly(op, info.monoidOps, info.fills, info.epilogue, info.stored);
  return info;
}

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

ReductionGeometry kopt::codegen::planReduction(const ReductionSchedule &schedule,
                                               const ReductionInfo &info) {
  ReductionGeometry g;
  g.innermost = info.inner == 1;
  int64_t contiguous = g.innermost ? info.extent : info.inner;
  g.vector = std::min(schedule.vector, info.maxVector);
  while (contiguous % g.vector != 0)
    g.vector /= 2;
  int64_t chunks = g.innermost ? info.extent / g.vector : info.extent;
  // Equal slices of at least a warp's worth of chunks: shorter ones would add more atomics
  // than they save work.
  g.split = info.splittable ? schedule.split : 1;
  while (g.split > 1 && (chunks % g.split != 0 || chunks / g.split < kWarp))
    g.split /= 2;
  int64_t sliceChunks = chunks / g.split;
  g.lanes = std::min(schedule.threadsPerOutput, schedule.block);
  if (!g.innermost)
    g.lanes = std::min(g.lanes, schedule.block / kWarp);
  g.lanes = std::min<int64_t>(g.lanes, llvm::bit_floor(static_cast<uint64_t>(sliceChunks)));
  g.numGroups = g.innermost ? info.outer : info.outer * info.inner / g.vector;
  // No more groups per block than there are groups (rounded up to a power of two).
  g.groupsPerBlock = std::min<int64_t>(schedule.block / g.lanes,
                                       llvm::bit_ceil(static_cast<uint64_t>(g.numGroups)));
  g.unroll = schedule.unroll;
  g.shuffle = schedule.shuffle && g.innermost;
  g.numBlocks = llvm::divideCeil(g.numGroups, g.groupsPerBlock) * g.split;
  g.grid = std::min(g.numBlocks, kMaxGrid);
  g.blockX = g.innermost ? g.lanes : g.groupsPerBlock;
  g.blockY = g.innermost ? g.groupsPerBlock : g.lanes;
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {
/// Where a thread's partial result belongs: the outer and inner coordinates of its output.
struct Position {
  Value outer, inner;
};

/// One partial result per output a thread computes, each one value per accumulator.
using Partials = SmallVector<SmallVector<Value>>;

/// Builds the function on buffers and its gpu.launch.
class KernelBuilder : PayloadKernelBuilder {
public:
  KernelBuilder(func::FuncOp payload, const ReductionInfo &info, const ReductionGeometry &g)
      : PayloadKernelBuilder(payload, info.reduction->getLoc()), info(info), g(g),
        op(info.reduction) {
    sliceChunks = (g.innermost ? info.extent / g.vector : info.extent) / g.split;
    blockThreads = g.blockX * g.blockY;
    for (Value init : op.getDpsInits())
      accTypes.push_back(getElementTypeOrSelf(init));
  }

  OwningOpRef<ModuleOp> build() {
    return buildFunction([&](ValueRange) {
      if (g.split > 1)
        zeroOutputs(info.outer * info.inner);
      buildLaunch();
    });
  }

private:
  /// Shared memory for combining partials: per accumulator, one slot per thread and output
  /// (tree), one per warp (shuffles across warps), none (shuffles within a warp).
  int64_t sharedSlots() const {
    if (g.lanes == 1 || (g.shuffle && g.lanes <= kWarp))
      return 0;
    return g.shuffle ? blockThreads / kWarp : blockThreads * outputsPerThread();
  }
  int64_t outputsPerThread() const { return g.innermost ? 1 : g.vector; }

  void buildLaunch() {
    SmallVector<Type> shared;
    if (int64_t slots = sharedSlots())
      for (Type type : accTypes)
        shared.push_back(MemRefType::get({slots}, type));
    gpu::LaunchOp launch = createLaunch(g.grid, g.blockX, g.blockY, shared);
    sharedBuffers = llvm::to_vector_of<Value>(launch.getWorkgroupAttributions());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(launchBody);
    Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
    threadId = add(mul(ty, g.blockX), tx);
    lane = g.innermost ? tx : ty;
    slot = g.innermost ? ty : tx;
    laneStride = g.innermost ? 1 : g.blockX;
    prepareViews();
    emitBlocks(launch, g.grid, g.numBlocks, /*barrierBetween=*/!sharedBuffers.empty(),
               [&](Value block) { emitBlock(block); });
  }

  /// Inputs viewed as [outer, extent, inner] ([outer, extent] when inner is 1), outputs and
  /// inputs read per output as flat arrays: all row-major, as reshapes keep them.
  void prepareViews() {
    SmallVector<int64_t> shape = {info.outer, info.extent};
    if (!g.innermost)
      shape.push_back(info.inner);
    SmallVector<int64_t> strides = computeSuffixProduct(shape);
    int64_t numOutputs = info.outer * info.inner;
    for (auto [input, perOutput] : llvm::zip_equal(info.inputs, info.perOutput)) {
      if (!isa<ShapedType>(input.getType()))
        inputs.push_back(materialize(input));
      else if (perOutput)
        inputs.push_back(view(materialize(input), {numOutputs}, {1}));
      else
        inputs.push_back(view(materialize(input), shape, strides));
    }
    unsigned firstOutput = payload.getNumArguments() - payload.getNumResults();
    for (unsigned q = 0; q < payload.getNumResults(); ++q)
      outputs.push_back(
          view(materialize(payload.getArgument(firstOutput + q)), {numOutputs}, {1}));
  }

  /// One block's groups: each thread folds its share of its group's axis, the group's lanes
  /// combine, and lane 0 finishes and stores.
  void emitBlock(Value blockIndex) {
    if (g.split > 1) {
      // Block i reduces slice i / groupBlocks of its groups' axis: blocks running together
      // mostly add into different outputs.
      int64_t groupBlocks = g.numBlocks / g.split;
      Value slice = arith::DivUIOp::create(b, loc, blockIndex, index(groupBlocks));
      sliceStart = mul(slice, sliceChunks);
      blockIndex = arith::RemUIOp::create(b, loc, blockIndex, index(groupBlocks));
    }
    Value group = add(mul(blockIndex, g.groupsPerBlock), slot);
    // A partial last block: its spare threads reduce the last group again and store nothing.
    Value active;
    if (g.numGroups % g.groupsPerBlock != 0) {
      Value last = index(g.numGroups - 1);
      active = less(group, index(g.numGroups));
      group = arith::SelectOp::create(b, loc, active, group, last);
    }
    Position position;
    if (g.innermost) {
      position = {group, index(0)};
    } else {
      Value first = mul(group, g.vector);
      position = {arith::DivUIOp::create(b, loc, first, index(info.inner)),
                  arith::RemUIOp::create(b, loc, first, index(info.inner))};
    }
    Partials partials = foldAxis(position);
    if (g.lanes > 1)
      partials = g.shuffle ? combineByShuffles(partials, position)
                           : combineByTree(partials, position);
    Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0));
    if (active)
      leader = arith::AndIOp::create(b, loc, leader, active);
    auto ifLeader = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifLeader.thenBlock());
    for (auto [e, partial] : llvm::enumerate(partials))
      store(finish(partial), {position.outer, add(position.inner, index(e))});
  }

  //===--------------------------------------------------------------------===//
  // Folding a thread's share of the axis
  //===--------------------------------------------------------------------===//

  /// What every partial starts from: the neutral elements (the fills join at the end), or the
  /// fills themselves for an ArgSelect reduction.
  SmallVector<Value> startValues() {
    SmallVector<Value> start;
    for (auto [j, fill] : llvm::enumerate(info.fills)) {
      if (info.combiner == CombinerKind::ArgSelect)
        start.push_back(materialize(fill));
      else
        start.push_back(arith::ConstantOp::create(b, loc,
                                                  *arith::getNeutralElement(info.monoidOps[j])));
    }
    return start;
  }

  /// The lane's chunks of the block's slice of the axis (all of it without split), every
  /// lanes-th one, `unroll` of them loaded per loop step, then the rest; each folded in index
  /// order.
  Partials foldAxis(Position position) {
    Partials partials(outputsPerThread(), startValues());
    int64_t perStep = g.lanes * g.unroll;
    int64_t steps = sliceChunks / perStep, rest = sliceChunks % perStep;
    auto chunkIds = [&](Value first, int64_t count) {
      SmallVector<Value> ids;
      for (int64_t j = 0; j < count; ++j)
        ids.push_back(add(first, index(j * g.lanes)));
      return ids;
    };
    if (steps > 0) {
      auto loop = scf::ForOp::create(b, loc, index(0), index(steps * perStep), index(perStep),
                                     flatten(partials));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Partials carried = unflatten(loop.getRegionIterArgs());
      carried = foldChunks(carried, chunkIds(add(loop.getInductionVar(), lane), g.unroll),
                           g.unroll, position);
      scf::YieldOp::create(b, loc, flatten(carried));
      partials = unflatten(loop.getResults());
    }
    if (rest == 0)
      return partials;
    // Lanes below rest % lanes have one chunk more than the others.
    SmallVector<Value> tail = chunkIds(add(index(steps * perStep), lane),
                                       llvm::divideCeil(rest, g.lanes));
    return foldChunks(partials, tail, rest / g.lanes, position);
  }

  /// The chunk of the axis that is chunk `id` of the block's slice.
  Value axisChunk(Value id) { return sliceStart ? add(sliceStart, id) : id; }

  /// Loads the first `numInBounds` chunks (of the slice) at once, then folds them in order; the
  /// others only where they exist.
  Partials foldChunks(Partials partials, ArrayRef<Value> ids, int64_t numInBounds,
                      Position position) {
    SmallVector<SmallVector<Value>> loaded;
    for (Value id : ids.take_front(numInBounds))
      loaded.push_back(loadChunk(axisChunk(id), position));
    for (auto [id, values] : llvm::zip(ids, loaded))
      partials = foldChunk(partials, values, axisChunk(id), position);
    for (Value id : ids.drop_front(numInBounds)) {
      auto ifOp = scf::IfOp::create(b, loc, typesOf(partials), less(id, index(sliceChunks)),
                                    /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value chunk = axisChunk(id);
      Partials folded = foldChunk(partials, loadChunk(chunk, position), chunk, position);
      scf::YieldOp::create(b, loc, flatten(folded));
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, flatten(partials));
      partials = unflatten(ifOp.getResults());
    }
    return partials;
  }

  /// Per input: a vector of `vector` elements along the contiguous axis (or one element), or
  /// the scalar. An input read per output gives its output's element (innermost), or the
  /// elements of the chunk's `vector` adjacent outputs.
  SmallVector<Value> loadChunk(Value id, Position position) {
    SmallVector<Value> values;
    for (auto [input, perOutput] : llvm::zip_equal(inputs, info.perOutput)) {
      auto memref = dyn_cast<MemRefType>(input.getType());
      if (!memref) {
        values.push_back(input);
        continue;
      }
      Type element = memref.getElementType();
      if (perOutput && g.innermost) {
        values.push_back(memref::LoadOp::create(b, loc, input, position.outer));
        continue;
      }
      SmallVector<Value> indices = {position.outer};
      if (perOutput)
        indices = {add(mul(position.outer, info.inner), position.inner)};
      else if (g.innermost)
        indices.push_back(mul(id, g.vector));
      else
        indices.append({id, position.inner});
      if (g.vector == 1)
        values.push_back(memref::LoadOp::create(b, loc, input, indices, /*nontemporal=*/false,
                                                accessAlignment(element, 1)));
      else
        values.push_back(vector::LoadOp::create(b, loc, VectorType::get({g.vector}, element),
                                                input, indices, /*nontemporal=*/false,
                                                accessAlignment(element, g.vector)));
    }
    return values;
  }

  /// Folds a loaded chunk element by element: along the axis into the one partial (innermost),
  /// or each element into the partial of its own output.
  Partials foldChunk(Partials partials, ArrayRef<Value> values, Value id, Position position) {
    for (int64_t e = 0; e < g.vector; ++e) {
      SmallVector<Value> elements;
      for (Value value : values)
        elements.push_back(isa<VectorType>(value.getType())
                               ? vector::ExtractOp::create(b, loc, value, e).getResult()
                               : value);
      if (g.innermost) {
        Value k = add(mul(id, g.vector), index(e));
        partials[0] = foldElement(partials[0], elements, k, position);
      } else {
        Position own = {position.outer, add(position.inner, index(e))};
        partials[e] = foldElement(partials[e], elements, id, own);
      }
    }
    return partials;
  }

  /// The payload's body on one element: the reduction step itself.
  SmallVector<Value> foldElement(ArrayRef<Value> partial, ArrayRef<Value> elements, Value k,
                                 Position position) {
    Block *body = op.getBody();
    IRMapping mapping;
    mapping.map(body->getArguments().take_front(elements.size()), elements);
    mapping.map(body->getArguments().drop_front(elements.size()), partial);
    return cloneBody(body, mapping, [&](unsigned dim) { return loopIndex(dim, k, position); });
  }

  /// The index of the reduction's loop `dim` at reduced index `k` of the output at `position`.
  Value loopIndex(unsigned dim, Value k, Position position) {
    if (dim == info.reducedDim)
      return k;
    bool outer = dim < info.reducedDim;
    ArrayRef<int64_t> dims = ArrayRef(info.domain);
    dims = outer ? dims.take_front(info.reducedDim) : dims.drop_front(info.reducedDim + 1);
    return delinearize(outer ? position.outer : position.inner, dims)
        [outer ? dim : dim - info.reducedDim - 1];
  }

  //===--------------------------------------------------------------------===//
  // Combining the lanes' partials
  //===--------------------------------------------------------------------===//

  /// Two partials of one output as one: Monoid ops combine them; an ArgSelect body is offered
  /// the partial with the later index after the one with the earlier.
  SmallVector<Value> combine(ArrayRef<Value> x, ArrayRef<Value> y, Position position) {
    if (info.combiner == CombinerKind::Monoid)
      return combineMonoid(x, y);
    unsigned v = info.valueAcc, i = info.indexAcc;
    Value xFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, x[i], y[i]);
    auto pick = [&](Value whenXFirst, Value otherwise) {
      return arith::SelectOp::create(b, loc, xFirst, whenXFirst, otherwise).getResult();
    };
    Value firstValue = pick(x[v], y[v]), firstIndex = pick(x[i], y[i]);
    Value laterValue = pick(y[v], x[v]), laterIndex = pick(y[i], x[i]);
    Block *body = op.getBody();
    IRMapping mapping;
    mapping.map(info.selectedInput, laterValue);
    mapping.map(body->getArgument(1 + v), firstValue);
    mapping.map(body->getArgument(1 + i), firstIndex);
    Value k = arith::IndexCastOp::create(b, loc, b.getIndexType(), laterIndex);
    return cloneBody(body, mapping, [&](unsigned dim) { return loopIndex(dim, k, position); });
  }

  SmallVector<Value> combineMonoid(ArrayRef<Value> x, ArrayRef<Value> y) {
    return combineMonoids(info.monoidOps, x, y);
  }

  /// The value an output stores from its combined partial: Monoid partials meet the fills.
  SmallVector<Value> finish(ArrayRef<Value> partial) {
    if (info.combiner == CombinerKind::ArgSelect)
      return SmallVector<Value>(partial);
    return combineMonoid(llvm::map_to_vector(info.fills, [&](Value f) { return materialize(f); }),
                         partial);
  }

  /// Shared-memory tree over the lanes: each round, the lower half of the lanes still in play
  /// combines its partials with the upper half's. Lane 0 ends with the result.
  Partials combineByTree(Partials partials, Position position) {
    auto slotOf = [&](Value thread, int64_t e) { return add(thread, index(e * blockThreads)); };
    auto publish = [&](const Partials &own) {
      for (auto [e, partial] : llvm::enumerate(own))
        for (auto [value, buffer] : llvm::zip(partial, sharedBuffers))
          memref::StoreOp::create(b, loc, value, buffer, slotOf(threadId, e));
    };
    publish(partials);
    for (int64_t half = g.lanes / 2; half >= 1; half /= 2) {
      gpu::BarrierOp::create(b, loc);
      auto ifOp = scf::IfOp::create(b, loc, typesOf(partials), less(lane, index(half)),
                                    /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value partner = add(threadId, index(half * laneStride));
      Partials combined;
      for (int64_t e = 0; e < outputsPerThread(); ++e) {
        SmallVector<Value> other = llvm::map_to_vector(sharedBuffers, [&](Value buffer) {
          return memref::LoadOp::create(b, loc, buffer, slotOf(partner, e)).getResult();
        });
        combined.push_back(combine(partials[e], other, position));
      }
      if (half > 1)
        publish(combined);
      scf::YieldOp::create(b, loc, flatten(combined));
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, flatten(partials));
      partials = unflatten(ifOp.getResults());
    }
    return partials;
  }

  /// Butterfly shuffles within each warp; with more lanes than a warp, each warp's lane 0
  /// publishes its result and the group's first warp combines those the same way.
  Partials combineByShuffles(Partials partials, Position position) {
    partials[0] = shuffleRounds(partials[0], std::min(g.lanes, kWarp), position);
    if (g.lanes <= kWarp)
      return partials;
    int64_t warpsPerGroup = g.lanes / kWarp;
    Value laneInWarp = arith::RemUIOp::create(b, loc, threadId, index(kWarp));
    Value warp = arith::DivUIOp::create(b, loc, threadId, index(kWarp));
    Value warpLeader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, laneInWarp,
                                             index(0));
    {
      auto ifOp = scf::IfOp::create(b, loc, warpLeader, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      for (auto [value, buffer] : llvm::zip(partials[0], sharedBuffers))
        memref::StoreOp::create(b, loc, value, buffer, warp);
    }
    gpu::BarrierOp::create(b, loc);
    // The group's first warp: its lanes below warpsPerGroup take one warp's result each.
    auto firstWarp = scf::IfOp::create(b, loc, ValueRange(partials[0]).getTypes(),
                                       less(lane, index(kWarp)), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(firstWarp.thenBlock());
    Value hasWarp = less(lane, index(warpsPerGroup));
    Value published = add(mul(slot, warpsPerGroup),
                          arith::MinUIOp::create(b, loc, lane, index(warpsPerGroup - 1)));
    SmallVector<Value> start = startValues();
    SmallVector<Value> gathered;
    for (auto [buffer, startValue] : llvm::zip(sharedBuffers, start)) {
      Value value = memref::LoadOp::create(b, loc, buffer, published);
      gathered.push_back(arith::SelectOp::create(b, loc, hasWarp, value, startValue));
    }
    scf::YieldOp::create(b, loc, shuffleRounds(gathered, warpsPerGroup, position));
    b.setInsertionPointToStart(firstWarp.elseBlock());
    scf::YieldOp::create(b, loc, partials[0]);
    partials[0] = llvm::to_vector_of<Value>(firstWarp.getResults());
    return partials;
  }

  /// Combines the partials of `width` consecutive lanes (a power of two up to a warp) with xor
  /// shuffles; every lane ends with the result.
  SmallVector<Value> shuffleRounds(SmallVector<Value> partial, int64_t width,
                                   Position position) {
    for (int64_t offset = width / 2; offset >= 1; offset /= 2) {
      // The shuffles' width covers the block's threads only, in a block smaller than a warp.
      SmallVector<Value> other = llvm::map_to_vector(partial, [&](Value value) {
        return shuffle(value, offset, std::min(kWarp, blockThreads), gpu::ShuffleMode::XOR);
      });
      partial = combine(partial, other, position);
    }
    return partial;
  }

  //===--------------------------------------------------------------------===//
  // Storing
  //===--------------------------------------------------------------------===//

  /// Stores an output's finished accumulators (through the epilogue where there is one) into
  /// every task output that takes them; with split, adds them (the slice's share, the epilogue
  /// being linear) with a float atomic.
  void store(ArrayRef<Value> results, Position position) {
    Value linear = add(mul(position.outer, info.inner), position.inner);
    SmallVector<Value> epilogueResults;
    if (linalg::GenericOp epilogue = info.epilogue) {
      IRMapping mapping;
      for (OpOperand *input : epilogue.getDpsInputOperands()) {
        std::optional<unsigned> j = resultOf(op, input->get());
        mapping.map(epilogue.getMatchingBlockArgument(input),
                    j ? results[*j] : materialize(input->get()));
      }
      SmallVector<int64_t> domain = epilogue.getStaticLoopRanges();
      epilogueResults = cloneBody(epilogue.getBody(), mapping, [&](unsigned dim) {
        return delinearize(linear, domain)[dim];
      });
    }
    for (auto [stored, output] : llvm::zip(info.stored, outputs)) {
      std::optional<unsigned> j = resultOf(op, stored);
      Value value = j ? results[*j] : epilogueResults[*resultOf(info.epilogue, stored)];
      if (g.split > 1)
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addf, value, output, linear);
      else
        memref::StoreOp::create(b, loc, value, output, linear, /*nontemporal=*/false,
                                accessAlignment(value.getType(), 1));
    }
  }

  SmallVector<Value> flatten(const Partials &partials) {
    SmallVector<Value> flat;
    for (const SmallVector<Value> &partial : partials)
      flat.append(partial);
    return flat;
  }

  SmallVector<Type> typesOf(const Partials &partials) {
    return llvm::to_vector(ValueRange(flatten(partials)).getTypes());
  }

  Partials unflatten(ValueRange flat) {
    Partials partials;
    for (size_t e = 0; e < flat.size(); e += accTypes.size())
      partials.push_back(llvm::to_vector(flat.slice(e, accTypes.size())));
    return partials;
  }

  const ReductionInfo &info;
  const ReductionGeometry &g;
  linalg::GenericOp op;
  int64_t sliceChunks = 0, blockThreads = 0;
  SmallVector<Type> accTypes;
  SmallVector<Value> inputs, outputs, sharedBuffers;
  Value threadId, lane, slot;
  Value sliceStart; // the first chunk of the block's slice of the axis; null without split
  int64_t laneStride = 1;
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildReductionKernel(func::FuncOp func,
                                                          const ReductionInfo &info,
                                                          const ReductionGeometry &geometry) {
  return KernelBuilder(func, info, geometry).build();
}
