//===- Window.cpp - the sliding-window family (convolutions, pooling) -----===//
#include "kopt/Codegen/Window.h"
#include "KernelBuilding.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

using namespace mlir;
using namespace kopt::codegen;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// The window kernel is built on the task's buffers from the payload on tensors, as the
/// reduction kernel: its pads and inserted slices become predicates of its loads.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &) {
  FailureOr<WindowInfo> info = analyzeWindow(func);
  if (failed(info))
    return failure();
  return buildWindowKernel(func, *info, planWindow(WindowSchedule::fromValues(values), *info));
}

/// A payload reading an input through a window.
static bool looksLikeFamily(func::FuncOp func) { return readsWindow(func); }

void kopt::codegen::registerWindowFamily() {
  registerFamily({&windowSpace(), /*offerRank=*/70, analyzeOnTensors<analyzeWindow>,
                  buildCandidate, looksLikeFamily, /*explainRank=*/10});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Whether an index of `map` is more than one loop or a constant (y + ky, 2 * x).
static bool hasWindowIndex(AffineMap map) {
  return llvm::any_of(map.getResults(),
                      [](AffineExpr e) { return !isa<AffineDimExpr, AffineConstantExpr>(e); });
}

static bool isWindowStep(Operation *op) { return isa<tensor::PadOp, tensor::InsertSliceOp>(op); }

/// Follows input `operand` of `op` to the task input it reads, through reshapes, pads of a
/// constant and slices inserted into a fill of a constant.
static LogicalResult traceInput(linalg::GenericOp op, OpOperand *operand, WindowInput &input) {
  unsigned n = operand->getOperandNumber();
  auto fail = [&](Operation *at, const Twine &why) {
    return at->emitError() << "not in the window family: input #" << n << " " << why;
  };
  Value value = operand->get();
  if (!op.payloadUsesValueFromOperand(operand)) {
    input.unused = true;
    return success();
  }
  if (!isa<ShapedType>(value.getType())) {
    if (!isMaterializable(value))
      return fail(op, "is a scalar that is not a constant or a task input");
    input.source = value;
    return success();
  }
  if (!getElementTypeOrSelf(value).isIntOrFloat())
    return fail(op, "has elements that are neither integers nor floats");
  while (!isa<BlockArgument>(value)) {
    Operation *def = value.getDefiningOp();
    if (auto pad = dyn_cast<tensor::PadOp>(def)) {
      if (!pad.getLow().empty() || !pad.getHigh().empty())
        return fail(pad, "is padded by amounts that are not constants");
      Value padding = pad.getConstantPaddingValue();
      if (!padding || !isMaterializable(padding))
        return fail(pad, "is padded with a value that is not a constant or a scalar input");
    } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(def)) {
      if (!insert.getOffsets().empty() || !insert.getSizes().empty() ||
          !insert.getStrides().empty())
        return fail(insert, "is inserted at offsets, sizes or strides that are not constants");
      if (insert.getSourceType().getRank() != insert.getDestType().getRank())
        return fail(insert, "is inserted by a rank-reducing tensor.insert_slice");
      if (!fillValue(insert.getDest()))
        return fail(insert, "is inserted into something other than a fill of a constant");
    } else if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def)) {
      return fail(op, "is computed by '" + def->getName().getStringRef() +
                          "', not read from a task input through reshapes, tensor.pad and "
                          "tensor.insert_slice");
    }
    input.steps.push_back(def);
    value = def->getOperand(0);
  }
  input.source = value;
  return success();
}

bool kopt::codegen::readsWindow(func::FuncOp func) {
  bool window = false;
  func.walk([&](linalg::LinalgOp op) {
    for (OpOperand *input : op.getDpsInputOperands()) {
      Operation *def = throughReshapes(input->get()).getDefiningOp();
      window |= (def && isWindowStep(def)) || hasWindowIndex(op.getMatchingIndexingMap(input));
    }
  });
  return window;
}

/// The parallel loops (besides the innermost) that `map` does not read, the last first.
static std::optional<unsigned> unreadParallelDim(const WindowInfo &info, AffineMap map) {
  for (unsigned d : llvm::reverse(ArrayRef(info.outputDims).drop_back()))
    if (!map.isFunctionOfDim(d))
      return d;
  return std::nullopt;
}

FailureOr<WindowInfo> kopt::codegen::analyzeWindow(func::FuncOp func) {
  FailureOr<ReductionWithEpilogue> matched = matchReductionWithEpilogue(
      func, "window", [](Operation *op) { return isa<tensor::PadOp, tensor::InsertSliceOp>(op); },
      "a linalg.generic, a fill, a pad, an inserted slice nor a reshape");
  if (failed(matched))
    return failure();

  WindowInfo info;
  linalg::GenericOp op = info.op = matched->reduction;
  auto fail = [&](const Twine &why) {
    return op.emitError() << "not in the window family: " << why;
  };
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return fail("its iteration space is not static");
    if (extent == 0)
      return fail("its iteration space is empty");
    info.domain.push_back(extent);
  }
  for (auto [d, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    (iterator == utils::IteratorType::parallel ? info.parallelDims : info.reductionDims)
        .push_back(d);
  if (info.parallelDims.empty())
    return fail("it has no parallel loop, and the family's threads divide the outputs");
  if (llvm::any_of(op.getIndexingMapsArray(), [](AffineMap map) { return map.getNumSymbols(); }))
    return fail("an indexing map has symbols");

  std::optional<AffineMap> windowed;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    WindowInput &input = info.inputs.emplace_back();
    if (failed(traceInput(op, operand, input)))
      return failure();
    AffineMap map = op.getMatchingIndexingMap(operand);
    if (!windowed && !input.unused && isa<ShapedType>(operand->get().getType()) &&
        (hasWindowIndex(map) || llvm::any_of(input.steps, isWindowStep)))
      windowed = map;
  }
  if (!windowed)
    return fail("no input is read through a window (an index of several loops, a tensor.pad or "
                "a tensor.insert_slice)");

  // The outputs are indexed by the parallel loops in some order (depthwise ops put the channel
  // after the spatial loops): that order is the outputs' row-major one.
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (AffineExpr e : outputMap.getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      info.outputDims.push_back(dim.getPosition());
  // Both ranges whole: a parallel loop the output does not index would otherwise pass.
  if (info.outputDims.size() != outputMap.getNumResults() ||
      !std::is_permutation(info.outputDims.begin(), info.outputDims.end(),
                           info.parallelDims.begin(), info.parallelDims.end()))
    return fail("output #0 is not indexed by the parallel loops, each once");
  if (failed(checkAccumulators(op, outputMap, "as output #0", "window", info.fills)))
    return failure();
  if (failed(checkCapturedValues(op.getBody(), "window", "body")))
    return failure();

  for (unsigned d : info.parallelDims)
    info.numOutputs *= info.domain[d];
  info.innermostDim = info.outputDims.back();
  info.channelDim = unreadParallelDim(info, *windowed);
  if (matched->epilogue) {
    if (failed(checkEpilogue(matched->epilogue, op, info.numOutputs, "window",
                             /*readsInputs=*/true)))
      return failure();
    info.epilogue = matched->epilogue;
  }

  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [q, value] : llvm::enumerate(ret.getOperands())) {
    Value stored = throughReshapes(value);
    if (!resultOf(op, stored) && !resultOf(info.epilogue, stored))
      return ret.emitError() << "not in the window family: output #" << q
                             << " is not computed by the reduction or its epilogue";
    info.stored.push_back(stored);
  }
  return info;
}

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

/// The power of two <= `extent` nearest to `wanted` from below (at least 1).
static int64_t tileAlong(int64_t wanted, int64_t extent) {
  return std::min<int64_t>(wanted, llvm::bit_floor(static_cast<uint64_t>(extent)));
}

WindowGeometry kopt::codegen::planWindow(const WindowSchedule &schedule,
                                         const WindowInfo &info) {
  WindowGeometry g;
  g.outputsX = tileAlong(schedule.outputsX, info.domain[info.innermostDim]);
  g.outputsChannel =
      info.channelDim ? tileAlong(schedule.outputsChannel, info.domain[*info.channelDim]) : 1;
  g.numTiles = 1;
  for (unsigned d : info.outputDims) {
    int64_t tile = d == info.innermostDim ? g.outputsX
                   : d == info.channelDim ? g.outputsChannel
                                          : 1;
    g.tiles.push_back(llvm::divideCeil(info.domain[d], tile));
    g.numTiles *= g.tiles.back();
  }
  // No more threads per block than tiles (rounded up to a warp and a power of two).
  g.block = std::min<int64_t>(
      schedule.block, std::max<int64_t>(32, llvm::bit_ceil(static_cast<uint64_t>(g.numTiles))));
  g.unroll = schedule.unroll;
  g.numBlocks = llvm::divideCeil(g.numTiles, g.block);
  g.grid = std::min(g.numBlocks, kMaxGrid);
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {
/// Per output of a thread's tile, one value per accumulator.
using Accumulators = SmallVector<SmallVector<Value>>;

/// Builds the function on buffers and its gpu.launch.
class KernelBuilder : PayloadKernelBuilder {
public:
  KernelBuilder(func::FuncOp payload, const WindowInfo &info, const WindowGeometry &g)
      : PayloadKernelBuilder(payload, info.op->getLoc()), info(info), g(g), op(info.op) {}

  OwningOpRef<ModuleOp> build() {
    return buildFunction([&](ValueRange) { buildLaunch(); });
  }

private:
  using PayloadKernelBuilder::mul;
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value addConst(Value x, int64_t y) { return y == 0 ? x : add(x, index(y)); }
  Value cmp(arith::CmpIPredicate predicate, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  }
  Value both(Value x, Value y) { return x ? arith::AndIOp::create(b, loc, x, y) : y; }

  void buildLaunch() {
    gpu::LaunchOp launch = createLaunch(g.grid, g.block, 1, /*shared=*/{});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(launchBody);
    threadId = launch.getThreadIds().x;
    unsigned firstOutput = payload.getNumArguments() - payload.getNumResults();
    for (unsigned q = 0; q < payload.getNumResults(); ++q) {
      Value output = materialize(payload.getArgument(firstOutput + q));
      auto type = MemRefType::get({info.numOutputs},
                                  cast<MemRefType>(output.getType()).getElementType());
      outputs.push_back(memref::ReinterpretCastOp::create(
          b, loc, type, output, /*offset=*/0, ArrayRef<int64_t>{info.numOutputs},
          ArrayRef<int64_t>{1}));
    }
    emitBlocks(launch, g.grid, g.numBlocks, /*barrierBetween=*/false,
               [&](Value block) { emitBlock(block); });
  }

  /// The block's tiles, one per thread; the threads of a partial last block past the last tile
  /// do nothing.
  void emitBlock(Value blockIndex) {
    Value tile = add(mul(blockIndex, index(g.block)), threadId);
    if (g.numTiles % g.block == 0)
      return emitTile(tile);
    auto ifOp = scf::IfOp::create(b, loc, cmp(arith::CmpIPredicate::ult, tile,
                                              index(g.numTiles)),
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    emitTile(tile);
  }

  int64_t tileOutputs() const { return g.outputsX * g.outputsChannel; }

  /// One thread's tile: its outputs' loop indices, the reduction loops, the stores. The tiles
  /// are row-major over the parallel loops, the innermost fastest (coalesced stores). A tile
  /// that would cross the end of its dimension is moved back to end there: its outputs are
  /// computed by two threads, which store the same values.
  void emitTile(Value tile) {
    points.clear();
    pointKeys.clear();
    SmallVector<Value> tileIndex = delinearize(tile, g.tiles);
    SmallVector<Value> origin(op.getNumLoops());
    for (auto [d, position] : llvm::zip(info.outputDims, tileIndex)) {
      int64_t size = d == info.innermostDim ? g.outputsX
                     : d == info.channelDim ? g.outputsChannel
                                            : 1;
      origin[d] = size == 1 ? position : mul(position, index(size));
      if (info.domain[d] % size != 0)
        origin[d] = arith::MinUIOp::create(b, loc, origin[d], index(info.domain[d] - size));
    }
    // Per output of the tile (channel-major): the loop indices of its parallel loops.
    for (int64_t c = 0; c < g.outputsChannel; ++c) {
      for (int64_t x = 0; x < g.outputsX; ++x) {
        SmallVector<Value> point = origin;
        point[info.innermostDim] = addConst(origin[info.innermostDim], x);
        if (info.channelDim)
          point[*info.channelDim] = addConst(origin[*info.channelDim], c);
        points.push_back(point);
        pointKeys.push_back({x, c});
      }
    }
    SmallVector<Value> fills =
        llvm::map_to_vector(info.fills, [&](Value fill) { return materialize(fill); });
    Accumulators accs(tileOutputs(), fills);
    accs = emitLoops(0, SmallVector<Value>(op.getNumLoops()), accs);
    for (auto [point, acc] : llvm::zip(points, accs))
      store(acc, point);
  }

  //===--------------------------------------------------------------------===//
  // The reduction loops
  //===--------------------------------------------------------------------===//

  SmallVector<Value> flatten(const Accumulators &accs) {
    SmallVector<Value> flat;
    for (const SmallVector<Value> &acc : accs)
      flat.append(acc);
    return flat;
  }

  Accumulators unflatten(ValueRange flat) {
    Accumulators accs;
    for (size_t e = 0; e < flat.size(); e += info.fills.size())
      accs.push_back(llvm::to_vector(flat.slice(e, info.fills.size())));
    return accs;
  }

  /// Reduction loop `level` and those inside it, in the payload's order, at the reduction
  /// indices `reduced` of the loops around it. The innermost loop runs `unroll` iterations per
  /// step (then the rest), and none when its extent is at most that: every index is then a
  /// constant.
  Accumulators emitLoops(size_t level, SmallVector<Value> reduced, Accumulators accs) {
    if (level == info.reductionDims.size())
      return emitIteration(reduced, accs);
    unsigned dim = info.reductionDims[level];
    int64_t extent = info.domain[dim];
    bool innermost = level + 1 == info.reductionDims.size();
    int64_t unroll = innermost ? std::min(g.unroll, extent) : 1;
    int64_t steps = extent / unroll;
    auto iterations = [&](Value base, int64_t first, int64_t count, Accumulators running) {
      for (int64_t k = first; k < first + count; ++k) {
        reduced[dim] = base ? addConst(base, k) : index(k);
        running = emitLoops(level + 1, reduced, running);
      }
      return running;
    };
    if (steps == 1)
      return iterations(nullptr, 0, extent, accs);
    auto loop = scf::ForOp::create(b, loc, index(0), index(steps * unroll), index(unroll),
                                   flatten(accs));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Accumulators carried =
          iterations(loop.getInductionVar(), 0, unroll, unflatten(loop.getRegionIterArgs()));
      scf::YieldOp::create(b, loc, flatten(carried));
    }
    return iterations(nullptr, steps * unroll, extent % unroll, unflatten(loop.getResults()));
  }

  /// The payload's body at one point of the reduction loops, for every output of the tile. An
  /// input is loaded once for the outputs that read the same element: a filter tap once per
  /// output channel of the tile, a data element once per output along x (and the back end
  /// merges the loads of overlapping windows, whose indices are equal once unrolled).
  Accumulators emitIteration(ArrayRef<Value> reduced, Accumulators accs) {
    Block *body = op.getBody();
    std::map<std::tuple<unsigned, int64_t, int64_t>, Value> loaded;
    for (auto [e, parallelPoint] : llvm::enumerate(points)) {
      SmallVector<Value> point = parallelPoint;
      for (unsigned d : info.reductionDims)
        point[d] = reduced[d];
      IRMapping mapping;
      for (auto [i, input] : llvm::enumerate(info.inputs)) {
        if (input.unused)
          continue;
        OpOperand *operand = op.getDpsInputOperand(i);
        Value element;
        if (!isa<ShapedType>(operand->get().getType())) {
          element = materialize(input.source);
        } else {
          AffineMap map = op.getMatchingIndexingMap(operand);
          auto [x, c] = pointKeys[e];
          std::tuple<unsigned, int64_t, int64_t> key = {
              i, map.isFunctionOfDim(info.innermostDim) ? x : -1,
              info.channelDim && map.isFunctionOfDim(*info.channelDim) ? c : -1};
          Value &value = loaded[key];
          if (!value)
            value = load(input, map, point);
          element = value;
        }
        mapping.map(body->getArgument(i), element);
      }
      mapping.map(body->getArguments().drop_front(op.getNumDpsInputs()), accs[e]);
      Operation *before = b.getInsertionPoint() == b.getInsertionBlock()->begin()
                              ? nullptr
                              : &*std::prev(b.getInsertionPoint());
      accs[e] = cloneBody(body, mapping, [&](unsigned dim) { return point[dim]; });
      allowContraction(before);
    }
    return accs;
  }

  /// Lets the back end fuse the body's multiplies and adds into FMAs (one rounding instead of
  /// two, as cuDNN's convolutions do): the ops built after `before` may contract.
  void allowContraction(Operation *before) {
    Block *block = b.getInsertionBlock();
    auto first = before ? std::next(before->getIterator()) : block->begin();
    for (Operation &built : llvm::make_range(first, b.getInsertionPoint()))
      if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(built))
        built.setAttr(fastMath.getFastMathAttrName(),
                      arith::FastMathFlagsAttr::get(
                          b.getContext(), fastMath.getFastMathFlagsAttr().getValue() |
                                              arith::FastMathFlags::contract));
  }

  //===--------------------------------------------------------------------===//
  // Loads: the index map, then pads, inserted slices and reshapes as predicates
  //===--------------------------------------------------------------------===//

  /// The index of `step`'s operand read at `indices` of its result: `inside` is where that is
  /// not the pad or fill value `outside` (null when it is everywhere). `mayBeOut` says which
  /// indices can be out of bounds where another step's predicate fails.
  struct Predicate {
    Value inside, outside;
  };
  Predicate throughStep(Operation *step, SmallVector<Value> &indices,
                        SmallVector<bool> &mayBeOut) {
    using P = arith::CmpIPredicate;
    Predicate predicate;
    auto within = [&](Value i, int64_t bound) {
      return both(cmp(P::sge, i, index(0)), cmp(P::slt, i, index(bound)));
    };
    if (auto pad = dyn_cast<tensor::PadOp>(step)) {
      ArrayRef<int64_t> shape = pad.getSourceType().getShape();
      for (auto [d, low, high] : llvm::enumerate(pad.getStaticLow(), pad.getStaticHigh())) {
        if (low == 0 && high == 0)
          continue;
        indices[d] = addConst(indices[d], -low);
        predicate.inside = both(predicate.inside, within(indices[d], shape[d]));
        mayBeOut[d] = true;
      }
      predicate.outside = materialize(pad.getConstantPaddingValue());
    } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(step)) {
      ArrayRef<int64_t> destShape = insert.getDestType().getShape();
      for (auto [d, offset, size, stride] :
           llvm::enumerate(insert.getStaticOffsets(), insert.getStaticSizes(),
                           insert.getStaticStrides())) {
        if (offset == 0 && stride == 1 && size == destShape[d])
          continue;
        Value relative = addConst(indices[d], -offset);
        // On the lattice of the inserted elements: offset + stride * i for 0 <= i < size.
        predicate.inside =
            both(predicate.inside, within(relative, (size - 1) * stride + 1));
        if (stride != 1) {
          Value remainder = arith::RemSIOp::create(b, loc, relative, index(stride));
          predicate.inside = both(predicate.inside, cmp(P::eq, remainder, index(0)));
          relative = arith::DivSIOp::create(b, loc, relative, index(stride));
        }
        indices[d] = relative;
        mayBeOut[d] = true;
      }
      predicate.outside = materialize(*fillValue(insert.getDest()));
    } else if (auto expand = dyn_cast<tensor::ExpandShapeOp>(step)) {
      // Each operand index is its group of result indices, row-major.
      ArrayRef<int64_t> shape = expand.getResultType().getShape();
      SmallVector<Value> operandIndices;
      SmallVector<bool> operandOut;
      for (ReassociationIndices group : expand.getReassociationIndices()) {
        Value linear = indices[group.front()];
        bool out = mayBeOut[group.front()];
        for (int64_t d : ArrayRef(group).drop_front()) {
          linear = add(shape[d] == 1 ? linear : mul(linear, index(shape[d])), indices[d]);
          out |= mayBeOut[d];
        }
        operandIndices.push_back(linear);
        operandOut.push_back(out);
      }
      indices = operandIndices;
      mayBeOut = operandOut;
    } else {
      // A collapse: each result index splits into its group of operand indices.
      auto collapse = cast<tensor::CollapseShapeOp>(step);
      ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
      SmallVector<Value> operandIndices;
      SmallVector<bool> operandOut;
      for (auto [i, group] : llvm::enumerate(collapse.getReassociationIndices())) {
        SmallVector<int64_t> extents =
            llvm::map_to_vector(group, [&](int64_t d) { return shape[d]; });
        operandIndices.append(delinearize(indices[i], extents));
        operandOut.append(group.size(), mayBeOut[i]);
      }
      indices = operandIndices;
      mayBeOut = operandOut;
    }
    return predicate;
  }

  /// The input's element at loop indices `point`: the task buffer's where every pad and
  /// inserted slice on the way has one there, else the value of the first that has not.
  Value load(const WindowInput &input, AffineMap map, ArrayRef<Value> point) {
    SmallVector<Value> indices =
        llvm::map_to_vector(map.getResults(),
                            [&](AffineExpr e) { return evaluateAffine(b, loc, e, point); });
    SmallVector<bool> mayBeOut(indices.size(), false);
    SmallVector<Predicate> predicates;
    Value everywhere;
    for (Operation *step : input.steps) {
      Predicate predicate = throughStep(step, indices, mayBeOut);
      if (predicate.inside) {
        predicates.push_back(predicate);
        everywhere = both(everywhere, predicate.inside);
      }
    }
    // Where a predicate fails the load reads element 0 instead (in bounds), and is not used.
    for (auto [i, out] : llvm::zip(indices, mayBeOut))
      if (out)
        i = arith::SelectOp::create(b, loc, everywhere, i, index(0));
    Value value = memref::LoadOp::create(b, loc, materialize(input.source), indices);
    for (const Predicate &predicate : llvm::reverse(predicates))
      value = arith::SelectOp::create(b, loc, predicate.inside, value, predicate.outside);
    return value;
  }

  SmallVector<Value> delinearize(Value linear, ArrayRef<int64_t> extents) {
    SmallVector<Value> indices(extents.size());
    for (int64_t d = static_cast<int64_t>(extents.size()) - 1; d > 0; --d) {
      if (extents[d] == 1) {
        indices[d] = index(0);
        continue;
      }
      indices[d] = arith::RemUIOp::create(b, loc, linear, index(extents[d]));
      linear = arith::DivUIOp::create(b, loc, linear, index(extents[d]));
    }
    indices[0] = linear;
    return indices;
  }

  //===--------------------------------------------------------------------===//
  // Storing
  //===--------------------------------------------------------------------===//

  /// Stores an output's accumulators (through the epilogue where there is one) into every task
  /// output that takes them, at its row-major index over the parallel loops.
  void store(ArrayRef<Value> results, ArrayRef<Value> point) {
    Value linear;
    for (unsigned d : info.outputDims)
      linear = linear ? add(mul(linear, index(info.domain[d])), point[d]) : point[d];
    SmallVector<Value> epilogueResults;
    if (linalg::GenericOp epilogue = info.epilogue) {
      SmallVector<int64_t> domain = epilogue.getStaticLoopRanges();
      SmallVector<Value> loopIndices;
      auto loopIndex = [&](unsigned dim) {
        if (loopIndices.empty())
          loopIndices = delinearize(linear, domain);
        return loopIndices[dim];
      };
      IRMapping mapping;
      for (OpOperand *input : epilogue.getDpsInputOperands()) {
        Value value = input->get();
        BlockArgument arg = epilogue.getMatchingBlockArgument(input);
        if (std::optional<unsigned> j = resultOf(op, value)) {
          mapping.map(arg, results[*j]);
        } else if (isa<ShapedType>(value.getType())) { // a task input: a bias
          SmallVector<Value> indices = llvm::map_to_vector(
              epilogue.getMatchingIndexingMap(input).getResults(), [&](AffineExpr e) {
                return loopIndex(cast<AffineDimExpr>(e).getPosition());
              });
          mapping.map(arg, memref::LoadOp::create(b, loc, materialize(value), indices));
        } else {
          mapping.map(arg, materialize(value));
        }
      }
      epilogueResults = cloneBody(epilogue.getBody(), mapping, loopIndex);
    }
    for (auto [stored, output] : llvm::zip(info.stored, outputs)) {
      std::optional<unsigned> j = resultOf(op, stored);
      Value value = j ? results[*j] : epilogueResults[*resultOf(info.epilogue, stored)];
      memref::StoreOp::create(b, loc, value, output, linear);
    }
  }

  const WindowInfo &info;
  const WindowGeometry &g;
  linalg::GenericOp op;
  Value threadId;
  SmallVector<Value> outputs;
  /// Per output of the tile: the loop indices of its parallel loops, and its (x, channel)
  /// position in the tile.
  SmallVector<SmallVector<Value>> points;
  SmallVector<std::pair<int64_t, int64_t>> pointKeys;
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildWindowKernel(func::FuncOp func, const WindowInfo &info,
                                                       const WindowGeometry &geometry) {
  return KernelBuilder(func, info, geometry).build();
}
