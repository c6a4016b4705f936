//===- NormalizationKernel.cpp - the normalization family's kernel --------===//
#include "kopt/Codegen/Normalization.h"
#include "KernelBuilding.h"
#include "NormalizationPayload.h"
#include "PayloadMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include <algorithm>
#include <limits>
#include <map>

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::normalization;

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

  /// exp(from - to), or 1 where they are equal (both -inf: an empty or all-masked partial).
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
      // exp(v - max), 1 where v is the max: a -inf (a masked score) into a partial of -infs
      // adds 1, which a finite max rescales to 0 as exp(-inf - max) would, where -inf - -inf
      // is NaN.
      Value term = rescale(v, next[max]);
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
