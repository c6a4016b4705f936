//===- Scan.cpp - the scan (cumulative op) family -------------------------===//
#include "kopt/Codegen/Scan.h"
#include "KernelBuilding.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kopt::codegen;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Like the reduction kernel, the scan kernel is built on the task's buffers from the payload on
/// tensors.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &) {
  FailureOr<ScanInfo> info = analyzeScan(func);
  if (failed(info))
    return failure();
  return buildScanKernel(func, *info, planScan(ScanSchedule::fromValues(values), *info));
}

/// A payload holding a loop.
static bool looksLikeFamily(func::FuncOp func) {
  return llvm::any_of(func.getBody().front(), [](Operation &op) { return isa<scf::ForOp>(op); });
}

void kopt::codegen::registerScanFamily() {
  registerFamily({&scanSpace(), /*offerRank=*/80, analyzeOnTensors<analyzeScan>,
                  buildCandidate, looksLikeFamily, /*explainRank=*/30});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

static InFlightDiagnostic notInFamily(Operation *op) {
  return op->emitError() << "not in the scan family: ";
}

/// Ops whose repeated application may be regrouped, (a op b) op c == a op (b op c), which a
/// parallel scan does; for floats up to rounding.
static bool isAssociative(Operation *op) {
  return isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
             arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op);
}

/// The axis along which `slice` is the whole hyperplane at `position` of a tensor of `shape`:
/// offsets 0 but `position` there, sizes the shape's but 1 there, unit strides.
static std::optional<unsigned> hyperplaneAxis(OffsetSizeAndStrideOpInterface slice, Value position,
                                              ArrayRef<int64_t> shape) {
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
  SmallVector<OpFoldResult> strides = slice.getMixedStrides();
  if (offsets.size() != shape.size())
    return std::nullopt;
  std::optional<unsigned> axis;
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (!isConstantIntValue(strides[d], 1))
      return std::nullopt;
    if (auto offset = dyn_cast<Value>(offsets[d]); offset && offset == position) {
      if (axis || !isConstantIntValue(sizes[d], 1))
        return std::nullopt;
      axis = d;
    } else if (!isConstantIntValue(offsets[d], 0) || !isConstantIntValue(sizes[d], shape[d])) {
      return std::nullopt;
    }
  }
  return axis;
}

/// The loop's shape: its bounds, which iter_arg is which, what it returns, where it stores.
static LogicalResult analyzeLoop(ScanInfo &info, func::FuncOp func, tensor::InsertSliceOp &insert,
                                 Value &position) {
  scf::ForOp loop = info.loop;
  if (func.getNumResults() != 1)
    return notInFamily(func) << "it has " << func.getNumResults()
                             << " outputs, and the family stores one";
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  auto result = dyn_cast<OpResult>(ret.getOperand(0));
  if (!result || result.getOwner() != loop)
    return notInFamily(ret) << "the output is not a result of the loop";
  if (loop.getNumRegionIterArgs() != 2)
    return notInFamily(loop) << "it carries " << loop.getNumRegionIterArgs()
                             << " values, and a scan carries its accumulator and the output";
  unsigned outIter = result.getResultNumber(), accIter = 1 - outIter;
  info.output = loop.getInitArgs()[outIter];
  auto outputArg = dyn_cast<BlockArgument>(info.output);
  if (!outputArg || outputArg.getOwner() != &func.getBody().front() ||
      outputArg.getArgNumber() != func.getNumArguments() - 1)
    return notInFamily(loop) << "the output it carries does not start as the task's output";
  std::optional<Value> init = fillValue(loop.getInitArgs()[accIter]);
  if (!init)
    return notInFamily(loop) << "its accumulator does not start from a linalg.fill of a constant "
                                "or scalar input";
  info.init = *init;
  auto shape = cast<RankedTensorType>(info.output.getType());
  if (!shape.hasStaticShape() || shape.getNumElements() == 0)
    return notInFamily(loop) << "the output's shape is not static and non-empty";

  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  BlockArgument acc = loop.getRegionIterArg(accIter);
  insert = yield.getOperand(outIter).getDefiningOp<tensor::InsertSliceOp>();
  if (!insert || insert.getDest() != loop.getRegionIterArg(outIter))
    return notInFamily(loop) << "the output it carries is not updated by a tensor.insert_slice "
                                "into it";
  info.step = yield.getOperand(accIter).getDefiningOp<linalg::GenericOp>();
  if (!info.step || info.step->getBlock() != loop.getBody() || info.step.getNumDpsInits() != 1 ||
      info.step.getDpsInitOperand(0)->get() != acc)
    return notInFamily(loop) << "its accumulator is not updated by a linalg.generic into it";
  if (insert.getSource() == acc)
    info.exclusive = true;
  else if (insert.getSource() != info.step.getResult(0))
    return notInFamily(insert) << "it stores neither the accumulator nor its update";

  if (insert.getOffsets().size() != 1)
    return notInFamily(insert) << "it does not store at one position along one axis";
  position = insert.getOffsets().front();
  std::optional<unsigned> axis = hyperplaneAxis(insert, position, shape.getShape());
  if (!axis)
    return notInFamily(insert) << "it does not store a whole hyperplane of the output";
  info.axis = *axis;
  for (auto [d, extent] : llvm::enumerate(shape.getShape())) {
    int64_t &part = d < info.axis ? info.outer : d == info.axis ? info.extent : info.inner;
    part *= extent;
  }
  if (!isConstantIntValue(loop.getLowerBound(), 0) || !isConstantIntValue(loop.getStep(), 1) ||
      !isConstantIntValue(loop.getUpperBound(), info.extent))
    return notInFamily(loop) << "it does not run from 0 to " << info.extent << " in steps of 1";
  Value k = loop.getInductionVar();
  auto fromEnd = position.getDefiningOp<arith::SubIOp>();
  if (fromEnd && fromEnd.getRhs() == k && isConstantIntValue(fromEnd.getLhs(), info.extent - 1))
    info.reverse = true;
  else if (position != k)
    return notInFamily(insert) << "its position is neither the loop's index k nor "
                               << info.extent - 1 << " - k";
  return success();
}

/// The step's inputs (hyperplanes of the task's inputs at the position, or scalars) and its
/// combiner.
static LogicalResult analyzeStep(ScanInfo &info, func::FuncOp func, Value position) {
  linalg::GenericOp step = info.step;
  ArrayRef<int64_t> shape = cast<RankedTensorType>(info.output.getType()).getShape();
  if (step.getNumReductionLoops() != 0 ||
      llvm::any_of(step->getOpOperands(), [&](OpOperand &operand) {
        return isa<ShapedType>(operand.get().getType()) &&
               !step.getMatchingIndexingMap(&operand).isIdentity();
      }))
    return notInFamily(step) << "it is not elementwise with identity maps";
  for (OpOperand *input : step.getDpsInputOperands()) {
    unsigned n = input->getOperandNumber();
    Value value = input->get();
    if (!isa<ShapedType>(value.getType())) {
      if (!isMaterializable(value))
        return notInFamily(step) << "scalar input #" << n << " is not a constant or a task input";
      info.inputs.push_back(value);
      continue;
    }
    auto slice = value.getDefiningOp<tensor::ExtractSliceOp>();
    auto source = slice ? dyn_cast<BlockArgument>(slice.getSource()) : BlockArgument();
    if (!source || source.getOwner() != &func.getBody().front() ||
        source.getArgNumber() + 1 >= func.getNumArguments() ||
        slice.getSourceType().getShape() != shape ||
        hyperplaneAxis(slice, position, shape) != info.axis)
      return notInFamily(step) << "input #" << n
                               << " is not the hyperplane at the stored "
                                  "position of a task input shaped as the output";
    if (!getElementTypeOrSelf(value).isIntOrFloat())
      return notInFamily(step) << "input #" << n
                               << " has elements that are neither integers nor floats";
    info.inputs.push_back(source);
  }

  Block *body = step.getBody();
  if (!body->getOps<linalg::IndexOp>().empty())
    return notInFamily(step) << "its body reads linalg.index";
  BlockArgument acc = body->getArgument(step.getNumDpsInputs());
  Operation *combiner = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != body || combiner->getNumOperands() != 2 ||
      combiner->getNumResults() != 1 || !acc.hasOneUse() ||
      !llvm::is_contained(combiner->getOperands(), acc))
    return notInFamily(step) << "its body is not an op of the accumulator (used once) and a "
                                "value computed from the inputs";
  if (!isAssociative(combiner) || !arith::getNeutralElement(combiner))
    return notInFamily(combiner) << "'" << combiner->getName()
                                 << "' is not an associative op with a neutral element";
  info.combiner = combiner;
  info.accOperand = combiner->getOperand(0) == acc ? 0 : 1;
  return checkCapturedValues(body, "scan", "step's body");
}

FailureOr<ScanInfo> kopt::codegen::analyzeScan(func::FuncOp func) {
  SmallVector<scf::ForOp> loops;
  for (Operation &op : func.getBody().front()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      loops.push_back(loop);
      continue;
    }
    bool isFill = isa<linalg::FillOp, linalg::GenericOp>(op) && op.getNumResults() == 1 &&
                  fillValue(op.getResult(0));
    if (!isFill && !op.hasTrait<OpTrait::ConstantLike>() &&
        !isa<tensor::EmptyOp, func::ReturnOp>(op))
      return notInFamily(&op) << "'" << op.getName() << "' is neither the scanning loop nor a fill";
  }
  if (loops.size() != 1)
    return notInFamily(func) << loops.size() << " scf.for loops, and the family scans with one";

  ScanInfo info;
  info.loop = loops.front();
  tensor::InsertSliceOp insert;
  Value position;
  if (failed(analyzeLoop(info, func, insert, position)) ||
      failed(analyzeStep(info, func, position)))
    return failure();
  // Nothing else happens in the loop: the slices the step reads, constants, the position.
  for (Operation &op : info.loop.getBody()->without_terminator()) {
    auto slice = dyn_cast<tensor::ExtractSliceOp>(op);
    bool read = slice &&
                llvm::all_of(slice->getUsers(), [&](Operation *user) { return user == info.step; });
    if (!read && &op != info.step && &op != insert && &op != position.getDefiningOp() &&
        !op.hasTrait<OpTrait::ConstantLike>())
      return notInFamily(&op) << "the loop also computes '" << op.getName() << "'";
  }
  return info;
}

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

ScanGeometry kopt::codegen::planScan(const ScanSchedule &schedule, const ScanInfo &info) {
  ScanGeometry g;
  g.itemsPerThread = std::min<int64_t>(schedule.itemsPerThread,
                                       llvm::bit_ceil(static_cast<uint64_t>(info.extent)));
  // A run of `vector` items is contiguous only along an innermost axis, and loads whole vectors
  // only when every run starts at a multiple of its size.
  g.vector = info.inner == 1 ? std::min(schedule.vector, g.itemsPerThread) : 1;
  while (info.extent % g.vector != 0)
    g.vector /= 2;
  if (schedule.warpPerRow) {
    g.rowThreads = kWarp;
    g.rowsPerBlock = std::min<int64_t>(schedule.block / kWarp,
                                       llvm::bit_ceil(static_cast<uint64_t>(info.rows())));
  } else {
    // No more threads than a chunk covering the row needs.
    int64_t needed =
        llvm::bit_ceil(static_cast<uint64_t>(llvm::divideCeil(info.extent, g.itemsPerThread)));
    g.rowThreads = std::clamp(needed, kWarp, schedule.block);
    g.rowsPerBlock = 1;
  }
  g.blockThreads = g.rowThreads * g.rowsPerBlock;
  g.numBlocks = llvm::divideCeil(info.rows(), g.rowsPerBlock);
  g.grid = std::min(g.numBlocks, kMaxGrid);
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {
/// Builds the function on buffers and its gpu.launch.
class ScanKernelBuilder : PayloadKernelBuilder {
public:
  ScanKernelBuilder(func::FuncOp payload, const ScanInfo &info, const ScanGeometry &g)
      : PayloadKernelBuilder(payload, info.loop->getLoc()), info(info), g(g),
        accType(getElementTypeOrSelf(info.output)) {}

  OwningOpRef<ModuleOp> build() {
    return buildFunction([&](ValueRange) { buildLaunch(); });
  }

private:
  void buildLaunch() {
    // The warps' totals of a row, twice: chunks use them in turn, so that a chunk's totals
    // cannot overwrite those the previous chunk's threads may still be reading.
    SmallVector<Type> shared;
    if (g.warpsPerRow() > 1)
      shared.push_back(MemRefType::get({2 * g.warpsPerRow()}, accType));
    gpu::LaunchOp launch = createLaunch(g.grid, g.blockThreads, 1, shared);
    if (!shared.empty())
      warpTotals = launch.getWorkgroupAttributions().front();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(launchBody);
    Value thread = launch.getThreadIds().x;
    lane = arith::RemUIOp::create(b, loc, thread, index(kWarp));
    warp = arith::DivUIOp::create(b, loc, thread, index(kWarp));
    neutral = arith::ConstantOp::create(b, loc, *arith::getNeutralElement(info.combiner));
    prepareViews();
    // Between rows: the next row's first chunk must not overwrite totals this one still reads.
    emitBlocks(launch, g.grid, g.numBlocks, /*barrierBetween=*/bool(warpTotals),
               [&](Value block) { emitBlock(block, thread); });
  }

  /// The scanned buffers viewed as [outer, extent, inner] ([outer, extent] when inner is 1),
  /// row-major as they are stored.
  void prepareViews() {
    SmallVector<int64_t> shape = {info.outer, info.extent};
    SmallVector<int64_t> strides = {info.extent * info.inner, info.inner};
    if (info.inner != 1) {
      shape.push_back(info.inner);
      strides.push_back(1);
    }
    for (Value input : info.inputs)
      inputs.push_back(isa<ShapedType>(input.getType()) ? view(materialize(input), shape, strides)
                                                        : materialize(input));
    output = view(materialize(info.output), shape, strides);
  }

  /// A block's rows: the block scans one, or each of its warps one.
  void emitBlock(Value blockIndex, Value thread) {
    if (g.rowsPerBlock == 1) {
      scanRow(blockIndex, thread);
      return;
    }
    Value row = add(mul(blockIndex, g.rowsPerBlock), warp);
    if (info.rows() % g.rowsPerBlock == 0) {
      scanRow(row, lane);
      return;
    }
    // The last block's spare warps skip: a warp's row has no barrier they would miss.
    auto ifRow = scf::IfOp::create(b, loc, less(row, index(info.rows())),
                                   /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifRow.thenBlock());
    scanRow(row, lane);
  }

  /// Walks the row in chunks, the carry of the earlier ones in a register of every thread; the
  /// last chunk, when partial, checks its positions.
  void scanRow(Value row, Value threadInRow) {
    if (info.inner == 1) {
      rowIndices = {row};
    } else {
      rowIndices = {arith::DivUIOp::create(b, loc, row, index(info.inner)),
                    arith::RemUIOp::create(b, loc, row, index(info.inner))};
    }
    int64_t chunk = g.chunk(), fullChunks = info.extent / chunk;
    Value carry = materialize(info.init);
    if (fullChunks > 0) {
      auto loop =
          scf::ForOp::create(b, loc, index(0), index(fullChunks), index(1), ValueRange{carry});
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value c = loop.getInductionVar();
      Value parity = arith::AndIOp::create(b, loc, c, index(1));
      scf::YieldOp::create(b, loc,
                           scanChunk(mul(c, chunk), parity, loop.getRegionIterArgs()[0],
                                     threadInRow, /*guarded=*/false));
      carry = loop.getResult(0);
    }
    if (info.extent % chunk != 0)
      scanChunk(index(fullChunks * chunk), index(fullChunks % 2), carry, threadInRow,
                /*guarded=*/true);
  }

  /// Scans the chunk of logical positions [start, start + chunk) after `carry`, stores it and
  /// returns the carry after it. Thread t holds items [t, t + 1) x items_per_thread.
  Value scanChunk(Value start, Value parity, Value carry, Value threadInRow, bool guarded) {
    Value first = add(start, mul(threadInRow, g.itemsPerThread));
    SmallVector<Value> runStarts, items;
    for (int64_t q = 0; q < g.itemsPerThread; q += g.vector) {
      Value k = add(first, index(q));
      runStarts.push_back(k);
      items.append(guarded ? valuesIfInRange(k) : valuesAt(k));
    }
    // The thread's items, scanned in registers.
    SmallVector<Value> scanned = {items.front()};
    for (Value item : llvm::drop_begin(items))
      scanned.push_back(combine(scanned.back(), item));
    // What the thread's earlier lanes, warps and chunks hold.
    Value warpInclusive = warpScan(scanned.back(), kWarp);
    Value earlierLanes = arith::SelectOp::create(
        b, loc, isPositive(lane), shuffle(warpInclusive, 1, kWarp, gpu::ShuffleMode::UP), neutral);
    Value prefix = carry, rowTotal;
    if (g.warpsPerRow() == 1) {
      rowTotal = shuffle(warpInclusive, kWarp - 1, kWarp, gpu::ShuffleMode::IDX);
    } else {
      auto [earlierWarps, total] = combineWarps(warpInclusive, parity);
      prefix = combine(prefix, earlierWarps);
      rowTotal = total;
    }
    prefix = combine(prefix, earlierLanes);
    for (auto [r, k] : llvm::enumerate(runStarts)) {
      SmallVector<Value> results;
      for (int64_t e = r * g.vector; e < static_cast<int64_t>(r + 1) * g.vector; ++e) {
        if (!info.exclusive)
          results.push_back(combine(prefix, scanned[e]));
        else
          results.push_back(e == 0 ? prefix : combine(prefix, scanned[e - 1]));
      }
      if (!guarded) {
        storeRun(k, results);
        continue;
      }
      auto ifInRange = scf::IfOp::create(b, loc, less(k, index(info.extent)),
                                         /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifInRange.thenBlock());
      storeRun(k, results);
    }
    return combine(carry, rowTotal);
  }

  /// The warps' inclusive totals through shared memory, scanned by the first warp: what the warps
  /// before this one hold, and the row's total in the chunk.
  std::pair<Value, Value> combineWarps(Value warpInclusive, Value parity) {
    int64_t warps = g.warpsPerRow();
    Value base = mul(parity, warps);
    {
      Value lastLane =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(kWarp - 1));
      auto ifLast = scf::IfOp::create(b, loc, lastLane, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifLast.thenBlock());
      memref::StoreOp::create(b, loc, warpInclusive, warpTotals, add(base, warp));
    }
    gpu::BarrierOp::create(b, loc);
    {
      Value firstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, index(0));
      auto ifFirst = scf::IfOp::create(b, loc, firstWarp, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifFirst.thenBlock());
      Value hasWarp = less(lane, index(warps));
      Value slot = add(base, arith::MinUIOp::create(b, loc, lane, index(warps - 1)));
      Value total = arith::SelectOp::create(
          b, loc, hasWarp, memref::LoadOp::create(b, loc, warpTotals, slot), neutral);
      total = warpScan(total, warps);
      auto ifHas = scf::IfOp::create(b, loc, hasWarp, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifHas.thenBlock());
      memref::StoreOp::create(b, loc, total, warpTotals, slot);
    }
    gpu::BarrierOp::create(b, loc);
    Value previous =
        arith::SubIOp::create(b, loc, arith::MaxUIOp::create(b, loc, warp, index(1)), index(1));
    Value earlierWarps = arith::SelectOp::create(
        b, loc, isPositive(warp), memref::LoadOp::create(b, loc, warpTotals, add(base, previous)),
        neutral);
    Value total = memref::LoadOp::create(b, loc, warpTotals, add(base, index(warps - 1)));
    return {earlierWarps, total};
  }

  /// Inclusive scan of `value` over the first `width` lanes of each warp (a power of two):
  /// lane i ends with the combination of lanes 0..i, in order.
  Value warpScan(Value value, int64_t width) {
    for (int64_t offset = 1; offset < width; offset *= 2) {
      Value earlier = shuffle(value, offset, kWarp, gpu::ShuffleMode::UP);
      Value hasEarlier =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, index(offset));
      value = arith::SelectOp::create(b, loc, hasEarlier, combine(earlier, value), value);
    }
    return value;
  }

  /// The payload's combination of an earlier and a later partial result.
  Value combine(Value earlier, Value later) {
    IRMapping mapping;
    mapping.map(info.combiner->getOperand(info.accOperand), earlier);
    mapping.map(info.combiner->getOperand(1 - info.accOperand), later);
    return b.clone(*info.combiner, mapping)->getResult(0);
  }

  Value isPositive(Value x) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, index(0));
  }

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  /// Where the run of `vector` logical positions from k starts in memory: a reverse scan reads
  /// position j at extent - 1 - j, so the run backwards from there.
  Value physicalStart(Value k) {
    if (!info.reverse)
      return k;
    return arith::SubIOp::create(b, loc, index(info.extent - g.vector), k);
  }

  SmallVector<Value> indicesAt(Value position) {
    if (info.inner == 1)
      return {rowIndices[0], position};
    return {rowIndices[0], position, rowIndices[1]};
  }

  /// The values the step's body combines into the accumulator at the `vector` logical positions
  /// from k, in logical order.
  SmallVector<Value> valuesAt(Value k) {
    Value p = physicalStart(k);
    SmallVector<SmallVector<Value>> runs;
    for (Value input : inputs)
      runs.push_back(isa<MemRefType>(input.getType()) ? loadRun(input, p)
                                                      : SmallVector<Value>(g.vector, input));
    SmallVector<Value> values;
    for (int64_t e = 0; e < g.vector; ++e) {
      int64_t inRun = info.reverse ? g.vector - 1 - e : e;
      values.push_back(valueOf(llvm::map_to_vector(runs, [&](auto &run) { return run[inRun]; })));
    }
    return values;
  }

  /// valuesAt(k) where k is in the row, else the neutral element (which leaves the scan as it
  /// is). Runs never straddle the end: `vector` divides the extent.
  SmallVector<Value> valuesIfInRange(Value k) {
    auto ifInRange = scf::IfOp::create(b, loc, SmallVector<Type>(g.vector, accType),
                                       less(k, index(info.extent)), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifInRange.thenBlock());
    scf::YieldOp::create(b, loc, valuesAt(k));
    b.setInsertionPointToStart(ifInRange.elseBlock());
    scf::YieldOp::create(b, loc, SmallVector<Value>(g.vector, neutral));
    return SmallVector<Value>(ifInRange.getResults());
  }

  /// The value the step's body combines with the accumulator, from one element per input: the
  /// body's ops before its combiner compute it.
  Value valueOf(ArrayRef<Value> elements) {
    IRMapping mapping;
    mapping.map(linalg::GenericOp(info.step).getBody()->getArguments().take_front(elements.size()),
                elements);
    cloneOpsBefore(info.combiner, mapping, [](unsigned) -> Value {
      llvm_unreachable("the analysis refuses bodies that read linalg.index");
    });
    Value value = info.combiner->getOperand(1 - info.accOperand);
    return mapping.contains(value) ? mapping.lookup(value) : materialize(value);
  }

  /// `vector` consecutive elements from position p of the row: one vector load when the elements
  /// are byte-sized, else one load each.
  SmallVector<Value> loadRun(Value buffer, Value p) {
    Type element = cast<MemRefType>(buffer.getType()).getElementType();
    SmallVector<Value> run;
    if (g.vector > 1 && element.getIntOrFloatBitWidth() % 8 == 0) {
      Value loaded =
          vector::LoadOp::create(b, loc, VectorType::get({g.vector}, element), buffer, indicesAt(p),
                                 /*nontemporal=*/false, accessAlignment(element, g.vector));
      for (int64_t e = 0; e < g.vector; ++e)
        run.push_back(vector::ExtractOp::create(b, loc, loaded, e));
      return run;
    }
    for (int64_t e = 0; e < g.vector; ++e)
      run.push_back(memref::LoadOp::create(b, loc, buffer, indicesAt(add(p, index(e))),
                                           /*nontemporal=*/false, accessAlignment(element, 1)));
    return run;
  }

  /// Stores the results at the `vector` logical positions from k, given in logical order.
  void storeRun(Value k, ArrayRef<Value> results) {
    SmallVector<Value> run(results);
    if (info.reverse)
      std::reverse(run.begin(), run.end());
    Value p = physicalStart(k);
    if (g.vector > 1 && accType.getIntOrFloatBitWidth() % 8 == 0) {
      Value packed =
          vector::FromElementsOp::create(b, loc, VectorType::get({g.vector}, accType), run);
      vector::StoreOp::create(b, loc, packed, output, indicesAt(p), /*nontemporal=*/false,
                              accessAlignment(accType, g.vector));
      return;
    }
    for (auto [e, value] : llvm::enumerate(run))
      memref::StoreOp::create(b, loc, value, output, indicesAt(add(p, index(e))),
                              /*nontemporal=*/false, accessAlignment(accType, 1));
  }

  const ScanInfo &info;
  const ScanGeometry &g;
  Type accType;
  SmallVector<Value> inputs; // views of the task's inputs, or scalars
  Value output, warpTotals, lane, warp, neutral;
  SmallVector<Value> rowIndices; // the row's outer (and inner) index
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildScanKernel(func::FuncOp func, const ScanInfo &info,
                                                     const ScanGeometry &geometry) {
  return ScanKernelBuilder(func, info, geometry).build();
}
