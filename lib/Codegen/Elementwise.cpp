//===- Elementwise.cpp - the elementwise family ---------------------------===//
#include "kopt/Codegen/Elementwise.h"
#include "FastMath.h"
#include "KernelBuilding.h"
#include "Pipeline.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kopt::codegen;

static constexpr int64_t kMaxVector = 4;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// The one op of the prepared payload that the kernel replaces, besides constants.
static FailureOr<linalg::GenericOp> familyOp(func::FuncOp func) {
  SmallVector<Operation *> work;
  for (Operation &op : func.getBody().front())
    if (!op.hasTrait<OpTrait::ConstantLike>() && !isa<func::ReturnOp, tensor::EmptyOp>(op))
      work.push_back(&op);
  if (work.size() == 1)
    if (auto generic = dyn_cast<linalg::GenericOp>(work.front()))
      return generic;
  InFlightDiagnostic diagnostic = func.emitError() << "the payload is " << work.size()
                                                   << " op(s) after fusion (";
  llvm::interleaveComma(work, diagnostic, [&](Operation *op) { diagnostic << op->getName(); });
  return diagnostic << "); kopt schedules one linalg op with parallel iterators so far";
}

static LogicalResult takesPayload(ModuleOp, func::FuncOp func) {
  FailureOr<linalg::GenericOp> op = familyOp(func);
  return failure(failed(op) || failed(analyzeElementwise(*op)));
}

static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp> module, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &target) {
  FailureOr<linalg::GenericOp> op = familyOp(func);
  if (failed(op))
    return failure();
  FailureOr<ElementwiseInfo> info = analyzeElementwise(*op);
  if (failed(info))
    return failure();
  ElementwiseSchedule schedule = ElementwiseSchedule::fromValues(values);
  ElementwiseGeometry geometry = planElementwise(schedule, *info, target.numSMs);

  // Bufferization keeps the op and its operands.
  if (failed(bufferizeForKernel(*module, func,
                                [](Operation &op) { return isa<linalg::GenericOp>(op); })))
    return failure();
  op = familyOp(func);
  if (failed(op))
    return failure();
  buildElementwiseKernel(*op, *info, geometry, func.getName());
  return withFastMath(std::move(module), schedule.fastMath, target);
}

/// Offered payloads first; explains a payload that no other family's predicate claims.
void kopt::codegen::registerElementwiseFamily() {
  registerFamily({&elementwiseSpace(), /*offerRank=*/10, takesPayload, buildCandidate,
                  [](func::FuncOp) { return true; }, /*explainRank=*/80});
}

/// Whether a body op can be cloned on vectors: constants stay scalar (and are broadcast where a
/// vector op uses them); elementwise-mappable ops (arith, math) take vector operands as they are.
static bool hasVectorForm(Operation &op) {
  return op.getNumRegions() == 0 &&
         (op.hasTrait<OpTrait::ConstantLike>() || OpTrait::hasElementwiseMappableTraits(&op));
}

static OperandAccess classify(Value operand, AffineMap map) {
  auto shaped = dyn_cast<ShapedType>(operand.getType());
  if (!shaped || shaped.getRank() == 0)
    return OperandAccess::Scalar;
  if (map.isIdentity())
    return OperandAccess::Flat;
  unsigned innermost = map.getNumDims() - 1;
  if (map.getResults().back() == getAffineDimExpr(innermost, map.getContext()))
    return OperandAccess::Contiguous;
  if (!map.isFunctionOfDim(innermost))
    return OperandAccess::Invariant;
  return OperandAccess::Gather;
}

FailureOr<ElementwiseInfo> kopt::codegen::analyzeElementwise(linalg::GenericOp op) {
  auto fail = [&](const Twine &why) {
    return op.emitError() << "not in the elementwise family: " << why;
  };
  if (op.getNumLoops() != op.getNumParallelLoops())
    return fail("it has reduction iterators");
  ElementwiseInfo info;
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return fail("its iteration space is not static");
    info.domain.push_back(extent);
    info.numElements *= extent;
  }
  if (info.numElements == 0)
    return fail("its iteration space is empty");

  bool vectorizable = llvm::all_of(op.getBody()->without_terminator(), hasVectorForm);
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    if (auto memref = dyn_cast<MemRefType>(type); memref && !memref.getLayout().isIdentity())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has a strided layout");
    Type element = getElementTypeOrSelf(type);
    if (!element.isIntOrFloat())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has element type " +
                  "neither integer nor floating point");
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return fail("operand #" + Twine(operand.getOperandNumber()) +
                  " is not indexed by a projected permutation");
    if (op.isDpsInit(&operand) && !map.isPermutation())
      return fail("output #" + Twine(operand.getOperandNumber() - op.getNumDpsInputs()) +
                  " is not indexed by a permutation");
    OperandAccess access = classify(operand.get(), map);
    info.access.push_back(access);
    vectorizable &= access != OperandAccess::Gather && element.getIntOrFloatBitWidth() % 8 == 0;
  }
  info.flat = llvm::all_of(info.access, [](OperandAccess a) {
    return a == OperandAccess::Flat || a == OperandAccess::Scalar;
  });
  // A vector must not cross a row unless every operand is read at the linear index.
  int64_t extent = info.flat ? info.numElements : info.domain.back();
  info.maxVector = vectorizable ? kMaxVector : 1;
  while (extent % info.maxVector != 0)
    info.maxVector /= 2;
  return info;
}

ElementwiseGeometry kopt::codegen::planElementwise(const ElementwiseSchedule &schedule,
                                                   const ElementwiseInfo &info,
                                                   int64_t numSMs) {
  ElementwiseGeometry g;
  // Both are powers of two, so the smaller one divides the extent maxVector divides.
  g.vector = std::min(schedule.vector, info.maxVector);
  g.numVectors = info.numElements / g.vector;
  g.block = schedule.block;
  g.perThread = schedule.perThread;
  int64_t perStep = g.block * g.perThread;
  int64_t steps = llvm::divideCeil(g.numVectors, perStep);
  g.guarded = g.numVectors % perStep != 0;
  g.gridStride = schedule.gridStride || steps > kMaxGrid;
  g.grid = g.gridStride ? std::min({steps, schedule.blocksPerSM * numSMs, kMaxGrid}) : steps;
  return g;
}

namespace {
/// Builds the gpu.launch that replaces one elementwise op.
class KernelBuilder {
public:
  KernelBuilder(linalg::GenericOp op, const ElementwiseInfo &info, const ElementwiseGeometry &g)
      : op(op), info(info), g(g), b(op), loc(op.getLoc()) {}

  void build(StringRef kernelName) {
    auto launch =
        createKernelLaunch(b, loc, kernelName, kernelName, {g.grid, 1, 1}, {g.block, 1, 1});
    b.setInsertionPointToStart(&launch.getBody().front());
    threadId = launch.getThreadIds().x;
    prepareOperands();
    if (g.gridStride) {
      int64_t steps = llvm::divideCeil(g.numVectors, g.block * g.perThread);
      auto loop = scf::ForOp::create(b, loc, launch.getBlockIds().x, index(steps),
                                     launch.getGridSize().x);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      emitStep(loop.getInductionVar());
    } else {
      emitStep(launch.getBlockIds().x);
    }
    gpu::TerminatorOp::create(b, loc);
    op.erase();
  }

private:
  Value index(int64_t value) { return arith::ConstantIndexOp::create(b, loc, value); }

  /// What each access starts from: a 1-D view of a Flat buffer, the value of a scalar input
  /// (loaded once), the operand itself otherwise.
  void prepareOperands() {
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      auto memref = dyn_cast<MemRefType>(value.getType());
      OperandAccess access = info.access[operand.getOperandNumber()];
      if (access == OperandAccess::Flat && memref.getRank() != 1) {
        auto flatType = MemRefType::get({info.numElements}, memref.getElementType());
        value = memref::ReinterpretCastOp::create(b, loc, flatType, value, /*offset=*/0,
                                                  ArrayRef<int64_t>{info.numElements},
                                                  ArrayRef<int64_t>{1});
      } else if (access == OperandAccess::Scalar && memref && op.isDpsInput(&operand) &&
                 !op.getMatchingBlockArgument(&operand).use_empty()) {
        value = memref::LoadOp::create(b, loc, value, ValueRange{});
      }
      bases.push_back(value);
    }
  }

  /// The accesses of one thread in one step: per_thread vectors, a block apart. When the last step
  /// is partial, only a thread whose accesses do not all fit checks each one.
  void emitStep(Value step) {
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, step, index(g.block * g.perThread)), threadId);
    SmallVector<Value> vectorIndices = {first};
    for (int64_t k = 1; k < g.perThread; ++k)
      vectorIndices.push_back(arith::AddIOp::create(b, loc, first, index(k * g.block)));
    if (!g.guarded)
      return emitAccesses(vectorIndices);
    if (g.perThread == 1)
      return emitGuardedAccesses(vectorIndices);
    auto ifOp = scf::IfOp::create(b, loc, inBounds(vectorIndices.back()), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    emitAccesses(vectorIndices);
    b.setInsertionPointToStart(ifOp.elseBlock());
    emitGuardedAccesses(vectorIndices);
  }

  Value inBounds(Value vectorIndex) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, vectorIndex,
                                 index(g.numVectors));
  }

  /// Every load first, then the computations and stores, so that a thread has all its loads in
  /// flight at once.
  void emitAccesses(ArrayRef<Value> vectorIndices) {
    SmallVector<Access> accesses;
    for (Value vectorIndex : vectorIndices)
      accesses.push_back(load(vectorIndex));
    for (Access &access : accesses)
      computeAndStore(access);
  }

  void emitGuardedAccesses(ArrayRef<Value> vectorIndices) {
    for (Value vectorIndex : vectorIndices) {
      auto ifOp = scf::IfOp::create(b, loc, inBounds(vectorIndex), /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Access access = load(vectorIndex);
      computeAndStore(access);
    }
  }

  /// One vector of elements on its way through the body.
  struct Access {
    Value element;                  // linear index of its first element
    SmallVector<Value> loopIndices; // when some operand or the body needs them
    IRMapping mapping;              // the body's arguments (then values) on this vector
  };

  Access load(Value vectorIndex) {
    Access access;
    access.element =
        g.vector == 1 ? vectorIndex
                      : arith::MulIOp::create(b, loc, vectorIndex, index(g.vector)).getResult();
    if (!info.flat || !op.getBody()->getOps<linalg::IndexOp>().empty())
      access.loopIndices = delinearize(access.element);
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      if (!arg.use_empty())
        access.mapping.map(arg, loadOperand(operand, access));
    }
    return access;
  }

  void computeAndStore(Access &access) {
    Block *body = op.getBody();
    for (Operation &inner : body->without_terminator()) {
      if (auto indexOp = dyn_cast<linalg::IndexOp>(inner))
        access.mapping.map(indexOp.getResult(), access.loopIndices[indexOp.getDim()]);
      else
        cloneOnVectors(inner, access.mapping);
    }
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    for (auto [operand, value] : llvm::zip(op.getDpsInitsMutable(), yield.getValues()))
      store(operand, access.mapping.lookupOrDefault(value), access);
  }

  /// Row-major indices of the iteration space at a linear element index.
  SmallVector<Value> delinearize(Value element) {
    SmallVector<Value> indices(info.domain.size());
    Value rest = element;
    for (int64_t d = static_cast<int64_t>(info.domain.size()) - 1; d > 0; --d) {
      Value extent = index(info.domain[d]);
      indices[d] = arith::RemUIOp::create(b, loc, rest, extent);
      rest = arith::DivUIOp::create(b, loc, rest, extent);
    }
    if (!indices.empty())
      indices[0] = rest;
    return indices;
  }

  SmallVector<Value> operandIndices(OpOperand &operand, ArrayRef<Value> loopIndices) {
    SmallVector<Value> indices;
    for (AffineExpr result : op.getMatchingIndexingMap(&operand).getResults()) {
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        indices.push_back(loopIndices[dim.getPosition()]);
      else // a broadcast unit dimension
        indices.push_back(index(0));
    }
    return indices;
  }

  Value loadOperand(OpOperand &operand, const Access &access) {
    Value base = bases[operand.getOperandNumber()];
    switch (info.access[operand.getOperandNumber()]) {
    case OperandAccess::Scalar:
      return base;
    case OperandAccess::Flat:
      return read(base, access.element, /*contiguous=*/true);
    case OperandAccess::Contiguous:
      return read(base, operandIndices(operand, access.loopIndices), /*contiguous=*/true);
    case OperandAccess::Invariant:
    case OperandAccess::Gather:
      return read(base, operandIndices(operand, access.loopIndices), /*contiguous=*/false);
    }
    llvm_unreachable("unknown access");
  }

  Value read(Value memref, ValueRange indices, bool contiguous) {
    if (!contiguous || g.vector == 1)
      return memref::LoadOp::create(b, loc, memref, indices);
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    return vector::LoadOp::create(b, loc, VectorType::get({g.vector}, element), memref, indices,
                                  /*nontemporal=*/false, alignment(element));
  }

  void store(OpOperand &operand, Value value, const Access &access) {
    Value base = bases[operand.getOperandNumber()];
    switch (info.access[operand.getOperandNumber()]) {
    case OperandAccess::Scalar:
      memref::StoreOp::create(b, loc, value, base, ValueRange{});
      return;
    case OperandAccess::Flat:
      return write(value, base, access.element);
    default: // outputs are indexed by permutations: Contiguous or Gather
      return write(value, base, operandIndices(operand, access.loopIndices));
    }
  }

  void write(Value value, Value memref, ValueRange indices) {
    if (g.vector == 1) {
      memref::StoreOp::create(b, loc, value, memref, indices);
      return;
    }
    value = vectorOf(value);
    vector::StoreOp::create(b, loc, value, memref, indices, /*nontemporal=*/false,
                            alignment(getElementTypeOrSelf(value.getType())));
  }

  /// Vectors are vector x element-size bytes apart from a base cudaMalloc aligns to 256 bytes,
  /// so every access is aligned to its size; saying so lets the back end emit ld.global.v4.
  llvm::MaybeAlign alignment(Type element) {
    return llvm::MaybeAlign(g.vector * element.getIntOrFloatBitWidth() / 8);
  }

  Value vectorOf(Value value) {
    if (isa<VectorType>(value.getType()))
      return value;
    return vector::BroadcastOp::create(b, loc, VectorType::get({g.vector}, value.getType()),
                                       value);
  }

  /// Clones a body op; on vectors when one of its operands is a vector, its scalar operands
  /// broadcast for this use only.
  void cloneOnVectors(Operation &inner, IRMapping &mapping) {
    auto isVector = [&](Value v) { return isa<VectorType>(mapping.lookupOrDefault(v).getType()); };
    if (g.vector == 1 || llvm::none_of(inner.getOperands(), isVector)) {
      b.clone(inner, mapping);
      return;
    }
    SmallVector<std::pair<Value, Value>> scalars;
    for (Value v : inner.getOperands()) {
      if (isVector(v))
        continue;
      Value scalar = mapping.lookupOrDefault(v);
      scalars.emplace_back(v, scalar);
      mapping.map(v, vectorOf(scalar));
    }
    Operation *clone = b.clone(inner, mapping);
    for (Value result : clone->getResults())
      result.setType(VectorType::get({g.vector}, result.getType()));
    for (auto [original, scalar] : scalars) {
      if (original == scalar)
        mapping.erase(original);
      else
        mapping.map(original, scalar);
    }
  }

  linalg::GenericOp op;
  const ElementwiseInfo &info;
  const ElementwiseGeometry &g;
  OpBuilder b;
  Location loc;
  Value threadId;
  SmallVector<Value> bases;
};
} // namespace

void kopt::codegen::buildElementwiseKernel(linalg::GenericOp op, const ElementwiseInfo &info,
                                           const ElementwiseGeometry &geometry,
                                           StringRef kernelName) {
  KernelBuilder(op, info, geometry).build(kernelName);
}
