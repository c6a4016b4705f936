//===- GlobalReduction.cpp - the global-reduction family ------------------===//
#include "kopt/Codegen/GlobalReduction.h"
#include "FastMath.h"
#include "KernelBuilding.h"
#include "PayloadMatch.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>

using namespace mlir;
using namespace kopt::codegen;

static constexpr StringLiteral kFamily = "global reduction";

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Built like the reduction kernel, on the task's buffers and scratch.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &target) {
  FailureOr<GlobalReductionInfo> info = analyzeGlobalReduction(func);
  if (failed(info))
    return failure();
  GlobalReductionSchedule schedule = GlobalReductionSchedule::fromValues(values);
  return withFastMath(buildGlobalReductionKernels(
                          func, *info, planGlobalReduction(schedule, *info, target.numSMs)),
                      schedule.fastMath, target);
}

/// A payload with a linalg op that reduces all its dimensions.
static bool looksLikeFamily(func::FuncOp func) { return reductionsOf(func).reducesAll; }

void kopt::codegen::registerGlobalReductionFamily() {
  registerFamily({&globalReductionSpace(), /*offerRank=*/20,
                  analyzeOnTensors<analyzeGlobalReduction>, buildCandidate, looksLikeFamily,
                  /*explainRank=*/50});
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

static InFlightDiagnostic notInFamily(Operation *op) {
  return op->emitError() << "not in the " << kFamily << " family: ";
}

static bool isRank0(Value value) {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  return shaped && shaped.getRank() == 0;
}

/// The static iteration space of `op` and how the kernel reads each of its inputs: a task
/// buffer indexed by the trailing dimensions in order (read at the row-major index modulo its
/// size), a scalar, or (where `rank0Results` says so) a rank-0 result computed before.
static LogicalResult analyzeSweep(GlobalSweep &sweep, linalg::GenericOp op,
                                  llvm::function_ref<bool(Value)> rank0Results) {
  sweep.op = op;
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return notInFamily(op) << "its iteration space is not static";
    if (extent == 0)
      return notInFamily(op) << "its iteration space is empty";
    sweep.domain.push_back(extent);
    sweep.numElements *= extent;
  }
  for (OpOperand *input : op.getDpsInputOperands()) {
    unsigned n = input->getOperandNumber();
    Value value = input->get();
    if (!isa<ShapedType>(value.getType())) {
      if (!isMaterializable(value))
        return notInFamily(op) << "scalar input #" << n << " is not a constant or a task input";
      sweep.inputs.push_back({GlobalRead::Scalar, value});
      continue;
    }
    if (isRank0(value) && rank0Results(value)) {
      sweep.inputs.push_back({GlobalRead::Result, value});
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(input);
    unsigned rank = map.getNumResults();
    if (map != AffineMap::getMinorIdentityMap(op.getNumLoops(), rank, op.getContext()))
      return notInFamily(op) << "input #" << n
                             << " is not indexed by the trailing dimensions in order (a "
                                "transposed or inner broadcast read)";
    Value source = throughReshapes(value);
    if (!isa<BlockArgument>(source))
      return notInFamily(op) << "input #" << n << " is computed by '"
                             << source.getDefiningOp()->getName()
                             << "', not read from a task input";
    Type element = getElementTypeOrSelf(value);
    if (!element.isIntOrFloat())
      return notInFamily(op) << "input #" << n
                             << " has elements that are neither integers nor floats";
    if (element.getIntOrFloatBitWidth() % 8 != 0)
      sweep.maxVector = 1;
    int64_t period = 1;
    for (int64_t extent : ArrayRef(sweep.domain).take_back(rank))
      period *= extent;
    sweep.inputs.push_back({GlobalRead::Buffer, source, period});
  }
  return success();
}

/// The reduction: every iterator reduces, into rank-0 accumulators that start from fills and
/// combine with commutative ops.
static LogicalResult analyzeReductionOp(GlobalReductionInfo &info, linalg::GenericOp op) {
  if (op.getNumParallelLoops() != 0)
    return notInFamily(op) << "it keeps " << op.getNumParallelLoops()
                           << " dimension(s); the family reduces every element to a scalar";
  for (OpOperand &init : op.getDpsInitsMutable()) {
    unsigned j = init.getOperandNumber() - op.getNumDpsInputs();
    if (!isRank0(init.get()) || !getElementTypeOrSelf(init.get()).isIntOrFloat())
      return notInFamily(op) << "accumulator #" << j
                             << " is not a rank-0 tensor of integers or floats";
    std::optional<Value> fill = fillValue(init.get());
    if (!fill)
      return notInFamily(op) << "accumulator #" << j
                             << " does not start from a linalg.fill of a constant or scalar input";
    info.fills.push_back(*fill);
  }
  if (failed(analyzeSweep(info.reduction, op, [](Value) { return false; })))
    return failure();
  FailureOr<SmallVector<Operation *>> monoidOps = deriveMonoidCombiners(op);
  if (failed(monoidOps))
    return failure();
  info.monoidOps = std::move(*monoidOps);
  return checkCapturedValues(op.getBody(), kFamily, "reduction's body");
}

/// Whether `value` is a rank-0 result of the reduction or its epilogue.
static bool isScalarResult(const GlobalReductionInfo &info, Value value) {
  return resultOf(info.reduction.op, value) || resultOf(info.epilogue, value);
}

/// The epilogue: an op without loops on the reduction's results and scalars.
static LogicalResult analyzeEpilogue(GlobalReductionInfo &info, linalg::GenericOp epilogue) {
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<ShapedType>(value.getType()) ? !resultOf(info.reduction.op, value)
                                         : !isMaterializable(value))
      return notInFamily(epilogue)
             << "the epilogue reads something other than the reduction's results and scalars";
  }
  for (OpOperand &init : epilogue.getDpsInitsMutable())
    if (epilogue.payloadUsesValueFromOperand(&init))
      return notInFamily(epilogue) << "the epilogue reads its output";
  info.epilogue = epilogue;
  return checkCapturedValues(epilogue.getBody(), kFamily, "epilogue");
}

/// The final elementwise op: parallel iterators, one output written in order, reading task
/// buffers, scalars and the rank-0 results.
static LogicalResult analyzeApply(GlobalReductionInfo &info, linalg::GenericOp apply) {
  if (apply.getNumDpsInits() != 1)
    return notInFamily(apply) << "the elementwise op after the reduction has "
                              << apply.getNumDpsInits() << " outputs, and the family writes one";
  OpOperand *init = apply.getDpsInitOperand(0);
  if (!apply.getMatchingIndexingMap(init).isIdentity())
    return notInFamily(apply) << "the elementwise op after the reduction does not write its "
                                 "output in order";
  if (apply.payloadUsesValueFromOperand(init))
    return notInFamily(apply) << "the elementwise op after the reduction reads its output";
  GlobalSweep &sweep = info.apply.emplace();
  if (failed(analyzeSweep(sweep, apply, [&](Value v) { return isScalarResult(info, v); })))
    return failure();
  if (!getElementTypeOrSelf(init->get()).isIntOrFloat())
    return notInFamily(apply) << "the output has elements that are neither integers nor floats";
  if (getElementTypeOrSelf(init->get()).getIntOrFloatBitWidth() % 8 != 0)
    sweep.maxVector = 1;
  return checkCapturedValues(apply.getBody(), kFamily, "elementwise op after the reduction");
}

FailureOr<GlobalReductionInfo> kopt::codegen::analyzeGlobalReduction(func::FuncOp func) {
  SmallVector<linalg::GenericOp> reductions, epilogues, applies;
  for (Operation &op : func.getBody().front()) {
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (generic.getNumReductionLoops() != 0)
        reductions.push_back(generic);
      else if (generic.getNumResults() == 1 && fillValue(generic.getResult(0)))
        continue;
      else if (generic.getNumLoops() == 0)
        epilogues.push_back(generic);
      else
        applies.push_back(generic);
      continue;
    }
    if (!op.hasTrait<OpTrait::ConstantLike>() &&
        !isa<linalg::FillOp, tensor::EmptyOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             func::ReturnOp>(op))
      return notInFamily(&op) << "'" << op.getName()
                              << "' is neither a linalg.generic, a fill nor a reshape";
  }
  if (reductions.size() != 1)
    return notInFamily(func) << reductions.size() << " ops reduce, and the family schedules one";
  if (epilogues.size() > 1)
    return notInFamily(epilogues[1]) << "more than one op follows the reduction on its scalars";
  if (applies.size() > 1)
    return notInFamily(applies[1]) << "more than one elementwise op follows the reduction";

  GlobalReductionInfo info;
  if (failed(analyzeReductionOp(info, reductions.front())) ||
      (!epilogues.empty() && failed(analyzeEpilogue(info, epilogues.front()))) ||
      (!applies.empty() && failed(analyzeApply(info, applies.front()))))
    return failure();

  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [q, value] : llvm::enumerate(ret.getOperands())) {
    Value stored = throughReshapes(value);
    if (!isScalarResult(info, stored) && !(info.apply && resultOf(info.apply->op, stored)))
      return notInFamily(ret) << "output #" << q
                              << " is not computed by the reduction, its epilogue or the "
                                 "elementwise op after it";
    info.stored.push_back(stored);
  }
  info.atomicCapable = !info.apply && sumsLinearly(info.reduction.op, info.monoidOps, info.fills,
                                                   info.epilogue, info.stored);
  return info;
}

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

static GlobalSweepGeometry planSweep(const GlobalReductionSchedule &schedule,
                                     const GlobalSweep &sweep, int64_t numSMs) {
  GlobalSweepGeometry g;
  g.vector = std::min(schedule.vector, sweep.maxVector);
  auto divides = [&](int64_t vector) {
    return sweep.numElements % vector == 0 &&
           llvm::all_of(sweep.inputs, [&](const GlobalRead &read) {
             return read.kind != GlobalRead::Buffer || read.period % vector == 0;
           });
  };
  while (!divides(g.vector))
    g.vector /= 2;
  g.chunks = sweep.numElements / g.vector;
  g.grid = std::clamp<int64_t>(llvm::divideCeil(g.chunks, schedule.block), 1,
                               schedule.blocksPerSM * numSMs);
  return g;
}

GlobalReductionGeometry kopt::codegen::planGlobalReduction(const GlobalReductionSchedule &schedule,
                                                           const GlobalReductionInfo &info,
                                                           int64_t numSMs) {
  GlobalReductionGeometry g;
  g.block = schedule.block;
  g.unroll = schedule.unroll;
  g.reduction = planSweep(schedule, info.reduction, numSMs);
  if (info.apply)
    g.apply = planSweep(schedule, *info.apply, numSMs);
  g.totalBlock =
      std::clamp<int64_t>(llvm::bit_ceil(static_cast<uint64_t>(g.reduction.grid)), kWarp, 1024);
  g.atomic = schedule.atomic && info.atomicCapable;
  return g;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

namespace {
/// Builds the function on buffers and scratch, and its launches.
class KernelBuilder : PayloadKernelBuilder {
public:
  KernelBuilder(func::FuncOp payload, const GlobalReductionInfo &info,
                const GlobalReductionGeometry &g)
      : PayloadKernelBuilder(payload, info.reduction.op->getLoc()), info(info), g(g), reductionOp(info.reduction.op) {
    for (Value init : reductionOp.getDpsInits())
      accTypes.push_back(getElementTypeOrSelf(init));
    if (info.apply)
      for (const GlobalRead &read : info.apply->inputs)
        if (read.kind == GlobalRead::Result)
          passed.push_back(read.value);
  }

  OwningOpRef<ModuleOp> build() {
    if (g.atomic)
      return buildFunction([&](ValueRange) {
        zeroOutputs(1);
        buildPartials();
      });
    // Scratch: the blocks' partials of each accumulator, then each rank-0 value the final
    // elementwise op reads.
    SmallVector<Type> scratchTypes;
    for (Type type : accTypes)
      scratchTypes.push_back(MemRefType::get({g.reduction.grid}, type));
    for (Value value : passed)
      scratchTypes.push_back(MemRefType::get({1}, getElementTypeOrSelf(value)));
    return buildFunction(
        [&](ValueRange scratch) {
          partialBuffers = llvm::to_vector(scratch.take_front(accTypes.size()));
          passedBuffers = llvm::to_vector(scratch.drop_front(accTypes.size()));
          buildPartials();
          buildTotal();
          if (info.apply)
            buildApply();
        },
        scratchTypes);
  }

private:
  //===--------------------------------------------------------------------===//
  // Launches
  //===--------------------------------------------------------------------===//

  /// A launch of `grid` x `block` threads (with, per accumulator, a slot per warp of shared
  /// memory when `sharedSlots`), outlined as `<func>_<suffix>`; the builder moves into its
  /// body, where payload values are rebuilt anew.
  gpu::LaunchOp beginLaunch(StringRef suffix, int64_t grid, int64_t block, int64_t sharedSlots) {
    SmallVector<Type> shared;
    if (sharedSlots)
      for (Type type : accTypes)
        shared.push_back(MemRefType::get({sharedSlots}, type));
    gpu::LaunchOp launch = createLaunch(grid, block, 1, shared, suffix);
    b.setInsertionPointToStart(launchBody);
    return launch;
  }

  void endLaunch(gpu::LaunchOp launch) {
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointAfter(launch);
  }

  /// Per thread, the partials of its share of the elements; per block, their combination, which
  /// thread 0 writes into the partial buffers at the block's index (with `atomic`: adds through
  /// the epilogue into the outputs).
  void buildPartials() {
    const GlobalSweepGeometry &sg = g.reduction;
    gpu::LaunchOp launch = beginLaunch("partials", sg.grid, g.block, g.block / kWarp);
    Value thread = launch.getThreadIds().x, blockId = launch.getBlockIds().x;
    SmallVector<Value> views = bufferViews(info.reduction);
    SmallVector<Value> partial = forEachChunk(
        sg.chunks, sg.grid * g.block, g.unroll, add(mul(blockId, g.block), thread), neutralValues(),
        [&](Value chunk) { return loadChunk(info.reduction, sg, views, chunk); },
        [&](Value chunk, ArrayRef<Value> loaded, ArrayRef<Value> carried) {
          return foldChunk(sg, chunk, loaded, carried);
        });
    partial = combineBlock(partial, thread, g.block, launch);
    ifFirstThread(thread, [&] {
      if (g.atomic) {
        storeResults(partial);
        return;
      }
      for (auto [value, buffer] : llvm::zip(partial, partialBuffers))
        memref::StoreOp::create(b, loc, value, buffer, blockId);
    });
    endLaunch(launch);
  }

  /// One block adds the partials in a fixed order; thread 0 finishes the results and stores
  /// them.
  void buildTotal() {
    int64_t block = g.totalBlock;
    gpu::LaunchOp launch = beginLaunch("total", 1, block, block > kWarp ? block / kWarp : 0);
    Value thread = launch.getThreadIds().x;
    SmallVector<Value> total = forEachChunk(
        g.reduction.grid, block, /*unroll=*/1, thread, neutralValues(),
        [&](Value id) {
          return llvm::map_to_vector(partialBuffers, [&](Value buffer) -> Value {
            return memref::LoadOp::create(b, loc, buffer, id);
          });
        },
        [&](Value, ArrayRef<Value> loaded, ArrayRef<Value> carried) {
          return combineMonoid(carried, loaded);
        });
    total = combineBlock(total, thread, block, launch);
    ifFirstThread(thread, [&] { storeResults(total); });
    endLaunch(launch);
  }

  /// The final elementwise op: the rank-0 values it reads come from scratch, once per thread.
  void buildApply() {
    const GlobalSweep &apply = *info.apply;
    const GlobalSweepGeometry &sg = *g.apply;
    gpu::LaunchOp launch = beginLaunch("apply", sg.grid, g.block, 0);
    Value thread = launch.getThreadIds().x, blockId = launch.getBlockIds().x;
    SmallVector<Value> views = bufferViews(apply);
    for (auto [value, buffer] : llvm::zip(passed, passedBuffers))
      fromPayload.map(value, memref::LoadOp::create(b, loc, buffer, index(0)).getResult());
    SmallVector<Value> outputs;
    for (auto [q, stored] : llvm::enumerate(info.stored))
      if (resultOf(apply.op, stored))
        outputs.push_back(view(outputArgument(q), {apply.numElements}, {1}));
    forEachChunk(
        sg.chunks, sg.grid * g.block, g.unroll, add(mul(blockId, g.block), thread), {},
        [&](Value chunk) { return loadChunk(apply, sg, views, chunk); },
        [&](Value chunk, ArrayRef<Value> loaded, ArrayRef<Value>) {
          storeChunk(sg, chunk, loaded, outputs);
          return SmallVector<Value>();
        });
    endLaunch(launch);
  }

  //===--------------------------------------------------------------------===//
  // Sweeping the elements
  //===--------------------------------------------------------------------===//

  using LoadFn = llvm::function_ref<SmallVector<Value>(Value chunk)>;
  using ConsumeFn = llvm::function_ref<SmallVector<Value>(Value chunk, ArrayRef<Value> loaded,
                                                          ArrayRef<Value> carried)>;

  /// The thread's chunks `first`, `first` + `stride`, ... below `chunks`, in order: `unroll` of
  /// them are loaded before they are consumed, carrying `carried` along. Full steps (every
  /// thread's chunks exist) loop; the rest are guarded where they may not exist.
  SmallVector<Value> forEachChunk(int64_t chunks, int64_t stride, int64_t unroll, Value first,
                                  SmallVector<Value> carried, LoadFn load, ConsumeFn consume) {
    int64_t perStep = stride * unroll;
    int64_t steps = chunks / perStep, rest = chunks % perStep;
    auto chunkIds = [&](Value base, int64_t count) {
      SmallVector<Value> ids;
      for (int64_t u = 0; u < count; ++u)
        ids.push_back(add(base, index(u * stride)));
      return ids;
    };
    auto loadThenConsume = [&](ArrayRef<Value> ids, SmallVector<Value> values) {
      SmallVector<SmallVector<Value>> loaded;
      for (Value id : ids)
        loaded.push_back(load(id));
      for (auto [id, chunk] : llvm::zip(ids, loaded))
        values = consume(id, chunk, values);
      return values;
    };
    if (steps > 0) {
      auto loop =
          scf::ForOp::create(b, loc, index(0), index(steps * perStep), index(perStep), carried);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> values =
          loadThenConsume(chunkIds(add(loop.getInductionVar(), first), unroll),
                          SmallVector<Value>(loop.getRegionIterArgs()));
      if (!values.empty()) // else the loop has its terminator already
        scf::YieldOp::create(b, loc, values);
      carried = SmallVector<Value>(loop.getResults());
    }
    if (rest == 0)
      return carried;
    // Every thread has the first rest / stride chunks of the rest; the threads below
    // rest % stride one more.
    SmallVector<Value> tail =
        chunkIds(add(index(steps * perStep), first), llvm::divideCeil(rest, stride));
    int64_t inBounds = rest / stride;
    carried = loadThenConsume(ArrayRef(tail).take_front(inBounds), carried);
    for (Value id : ArrayRef(tail).drop_front(inBounds)) {
      auto ifOp = scf::IfOp::create(b, loc, ValueRange(carried).getTypes(), less(id, index(chunks)),
                                    /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      SmallVector<Value> consumed = consume(id, load(id), carried);
      if (carried.empty()) // the branches have their terminators already
        continue;
      scf::YieldOp::create(b, loc, consumed);
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, carried);
      carried = SmallVector<Value>(ifOp.getResults());
    }
    return carried;
  }

  /// The task buffers `sweep` reads, each as a flat array of its period.
  SmallVector<Value> bufferViews(const GlobalSweep &sweep) {
    return llvm::map_to_vector(sweep.inputs, [&](const GlobalRead &read) -> Value {
      if (read.kind != GlobalRead::Buffer)
        return nullptr;
      return view(materialize(read.value), {read.period}, {1});
    });
  }

  /// Per input of the sweep's op: a vector of sg.vector elements from chunk `chunk` on (or one
  /// element), or the scalar.
  SmallVector<Value> loadChunk(const GlobalSweep &sweep, const GlobalSweepGeometry &sg,
                               ArrayRef<Value> views, Value chunk) {
    Value first = mul(chunk, sg.vector);
    SmallVector<Value> values;
    for (auto [read, view] : llvm::zip(sweep.inputs, views)) {
      if (read.kind != GlobalRead::Buffer) {
        // A scalar, or a rank-0 result (loaded from scratch at the kernel's start).
        values.push_back(materialize(read.value));
        continue;
      }
      Value at = read.period == sweep.numElements
                     ? first
                     : arith::RemUIOp::create(b, loc, first, index(read.period)).getResult();
      Type element = cast<MemRefType>(view.getType()).getElementType();
      if (sg.vector == 1)
        values.push_back(
            memref::LoadOp::create(b, loc, view, at, /*nontemporal=*/false, accessAlignment(element, 1)));
      else
        values.push_back(vector::LoadOp::create(b, loc, VectorType::get({sg.vector}, element), view,
                                                at, /*nontemporal=*/false,
                                                accessAlignment(element, sg.vector)));
    }
    return values;
  }

  /// Element `e` of each loaded value (scalars as they are).
  SmallVector<Value> elementsAt(ArrayRef<Value> loaded, int64_t e) {
    return llvm::map_to_vector(loaded, [&](Value value) -> Value {
      return isa<VectorType>(value.getType()) ? vector::ExtractOp::create(b, loc, value, e) : value;
    });
  }

  /// The reduction's body on each element of a chunk, in order.
  SmallVector<Value> foldChunk(const GlobalSweepGeometry &sg, Value chunk, ArrayRef<Value> loaded,
                               ArrayRef<Value> carried) {
    SmallVector<Value> partial(carried);
    Block *body = reductionOp.getBody();
    for (int64_t e = 0; e < sg.vector; ++e) {
      IRMapping mapping;
      mapping.map(body->getArguments().take_front(loaded.size()), elementsAt(loaded, e));
      mapping.map(body->getArguments().drop_front(loaded.size()), partial);
      partial = cloneBody(body, mapping, loopIndexAt(info.reduction, sg, chunk, e));
    }
    return partial;
  }

  /// The final op's body on each element of a chunk, stored into each output it writes.
  void storeChunk(const GlobalSweepGeometry &sg, Value chunk, ArrayRef<Value> loaded,
                  ArrayRef<Value> outputs) {
    const GlobalSweep &apply = *info.apply;
    Block *body = linalg::GenericOp(apply.op).getBody();
    SmallVector<Value> results;
    for (int64_t e = 0; e < sg.vector; ++e) {
      IRMapping mapping;
      mapping.map(body->getArguments().take_front(loaded.size()), elementsAt(loaded, e));
      results.push_back(cloneBody(body, mapping, loopIndexAt(apply, sg, chunk, e)).front());
    }
    Value first = mul(chunk, sg.vector);
    Type element = results.front().getType();
    for (Value output : outputs) {
      if (sg.vector == 1) {
        memref::StoreOp::create(b, loc, results.front(), output, first, /*nontemporal=*/false,
                                accessAlignment(element, 1));
        continue;
      }
      Value vec =
          vector::FromElementsOp::create(b, loc, VectorType::get({sg.vector}, element), results);
      vector::StoreOp::create(b, loc, vec, output, first, /*nontemporal=*/false,
                              accessAlignment(element, sg.vector));
    }
  }

  /// linalg.index of the sweep's op at element `e` of chunk `chunk`.
  std::function<Value(unsigned)>
  loopIndexAt(const GlobalSweep &sweep, const GlobalSweepGeometry &sg, Value chunk, int64_t e) {
    return [this, &sweep, &sg, chunk, e](unsigned dim) {
      Value linear = add(mul(chunk, sg.vector), index(e));
      return delinearize(linear, sweep.domain)[dim];
    };
  }

  //===--------------------------------------------------------------------===//
  // Combining
  //===--------------------------------------------------------------------===//

  SmallVector<Value> neutralValues() {
    return llvm::map_to_vector(info.monoidOps, [&](Operation *combine) -> Value {
      return arith::ConstantOp::create(b, loc, *arith::getNeutralElement(combine));
    });
  }

  SmallVector<Value> combineMonoid(ArrayRef<Value> x, ArrayRef<Value> y) {
    return combineMonoids(info.monoidOps, x, y);
  }

  /// Xor shuffles over groups of `width` lanes (a power of two up to a warp): every lane ends
  /// with its group's combination, in the same order in every run.
  SmallVector<Value> shuffleRounds(SmallVector<Value> partial, int64_t width) {
    for (int64_t offset = width / 2; offset >= 1; offset /= 2) {
      SmallVector<Value> other = llvm::map_to_vector(
          partial, [&](Value value) { return shuffle(value, offset, kWarp, gpu::ShuffleMode::XOR); });
      partial = combineMonoid(partial, other);
    }
    return partial;
  }

  /// The combination of the `block` threads' partials, valid in thread 0: shuffles within each
  /// warp, each warp's result through shared memory, then shuffles in the first warp.
  SmallVector<Value> combineBlock(SmallVector<Value> partial, Value thread, int64_t block,
                                  gpu::LaunchOp launch) {
    partial = shuffleRounds(partial, std::min(block, kWarp));
    if (block <= kWarp)
      return partial;
    int64_t warps = block / kWarp;
    auto shared = llvm::to_vector_of<Value>(launch.getWorkgroupAttributions());
    Value lane = arith::RemUIOp::create(b, loc, thread, index(kWarp));
    Value warp = arith::DivUIOp::create(b, loc, thread, index(kWarp));
    {
      auto ifLeader = scf::IfOp::create(
          b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0)),
          /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifLeader.thenBlock());
      for (auto [value, buffer] : llvm::zip(partial, shared))
        memref::StoreOp::create(b, loc, value, buffer, warp);
    }
    gpu::BarrierOp::create(b, loc);
    auto firstWarp = scf::IfOp::create(b, loc, ValueRange(partial).getTypes(),
                                       less(thread, index(kWarp)), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(firstWarp.thenBlock());
    Value hasWarp = less(lane, index(warps));
    Value slot = arith::MinUIOp::create(b, loc, lane, index(warps - 1));
    SmallVector<Value> gathered;
    for (auto [buffer, neutral] : llvm::zip(shared, neutralValues())) {
      Value value = memref::LoadOp::create(b, loc, buffer, slot);
      gathered.push_back(arith::SelectOp::create(b, loc, hasWarp, value, neutral));
    }
    scf::YieldOp::create(b, loc, shuffleRounds(gathered, warps));
    b.setInsertionPointToStart(firstWarp.elseBlock());
    scf::YieldOp::create(b, loc, partial);
    return SmallVector<Value>(firstWarp.getResults());
  }

  void ifFirstThread(Value thread, llvm::function_ref<void()> then) {
    auto ifOp = scf::IfOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread, index(0)),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    then();
  }

  //===--------------------------------------------------------------------===//
  // Results
  //===--------------------------------------------------------------------===//

  Value outputArgument(unsigned q) {
    unsigned firstOutput = payload.getNumArguments() - payload.getNumResults();
    return materialize(payload.getArgument(firstOutput + q));
  }

  /// The reduction's results (its fills joined to `total`) and the epilogue's, into the rank-0
  /// outputs and the scratch the final op reads; with `atomic`, `total` is a block's partial and
  /// the outputs (linear in it) are added to with float atomics.
  void storeResults(ArrayRef<Value> total) {
    IRMapping scalars;
    SmallVector<Value> fills =
        llvm::map_to_vector(info.fills, [&](Value fill) { return materialize(fill); });
    scalars.map(reductionOp.getResults(), combineMonoid(fills, total));
    if (linalg::GenericOp epilogue = info.epilogue) {
      IRMapping mapping;
      for (OpOperand *input : epilogue.getDpsInputOperands()) {
        Value value = input->get();
        mapping.map(epilogue.getMatchingBlockArgument(input),
                    isa<ShapedType>(value.getType()) ? scalars.lookup(throughReshapes(value))
                                                     : materialize(value));
      }
      scalars.map(epilogue.getResults(),
                  cloneBody(epilogue.getBody(), mapping, [](unsigned) -> Value {
                    llvm_unreachable("an op without loops has no loop index");
                  }));
    }
    for (auto [q, stored] : llvm::enumerate(info.stored))
      if (Value value = scalars.lookupOrNull(stored)) {
        if (g.atomic)
          memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addf, value,
                                      outputArgument(q), ValueRange{});
        else
          memref::StoreOp::create(b, loc, value, outputArgument(q), ValueRange{});
      }
    for (auto [value, buffer] : llvm::zip(passed, passedBuffers))
      memref::StoreOp::create(b, loc, scalars.lookup(throughReshapes(value)), buffer, index(0));
  }

  const GlobalReductionInfo &info;
  const GlobalReductionGeometry &g;
  linalg::GenericOp reductionOp;
  SmallVector<Type> accTypes;
  SmallVector<Value> passed; // rank-0 values the final op reads, in its input order
  SmallVector<Value> partialBuffers, passedBuffers;
};
} // namespace

OwningOpRef<ModuleOp>
kopt::codegen::buildGlobalReductionKernels(func::FuncOp func, const GlobalReductionInfo &info,
                                           const GlobalReductionGeometry &geometry) {
  return KernelBuilder(func, info, geometry).build();
}
