//===- Matmul.cpp - the matmul family -------------------------------------===//
#include "kopt/Codegen/Matmul.h"
#include "MatmulTile.h"
#include "Pipeline.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

static constexpr int64_t kMaxThreads = 1024;
static constexpr int64_t kMaxThreadsPerSM = 2048; // sm_70 to sm_90
static constexpr int64_t kRegistersPerSM = 64 * 1024;
static constexpr int64_t kMaxRegistersPerThread = 255;
// Past what a block may declare statically, its tiles live in dynamic shared memory.
static constexpr int64_t kMaxStaticShared = 48 * 1024;
// Half of what an sm_90 block may have, so that two blocks fit on an SM.
static constexpr int64_t kMaxShared = 113 * 1024;
// All an sm_90 block may have (for tiles that leave room for one block an SM).
static constexpr int64_t kMaxSharedPerBlock = 227 * 1024;
// A scratch buffer, in bytes (the runner allocates them per candidate): ordered split-K's partial
// outputs, B's transposed copy.
static constexpr int64_t kMaxScratch = 256 << 20;
// The grid's y extent (the batch: images x groups for a convolution).
static constexpr int64_t kMaxGridY = 65535;
// The largest mma.sync warp tile (4 x 8 m16n8k8 tiles: 128 accumulators).
static constexpr int64_t kMaxWarpTile = 64;

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Whether the body of `op` is out + image x filter and nothing else: elementwise fusion may
/// have folded a producer of an input into it (relu(x)), which a GEMM of the raw inputs loses.
static bool multipliesAndAdds(linalg::GenericOp op) {
  Block *body = op.getBody();
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 || body->getOperations().size() != 3)
    return false;
  auto add = cast<linalg::YieldOp>(body->getTerminator())
                 .getValues()
                 .front()
                 .getDefiningOp<arith::AddFOp>();
  Value out = body->getArgument(2);
  Value product = !add                  ? Value()
                  : add.getLhs() == out ? add.getRhs()
                  : add.getRhs() == out ? add.getLhs()
                                        : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : nullptr;
  ValueRange inputs = body->getArguments().take_front(2);
  return mul && ((mul.getLhs() == inputs[0] && mul.getRhs() == inputs[1]) ||
                 (mul.getLhs() == inputs[1] && mul.getRhs() == inputs[0]));
}

/// The loops of an image index and their factors (times `factor`), where it is a sum of loops
/// times constants and constants.
static bool imageIndexTerms(AffineExpr expr, int64_t factor,
                            SmallVectorImpl<std::pair<unsigned, int64_t>> &terms) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    terms.emplace_back(dim.getPosition(), factor);
    return true;
  }
  if (isa<AffineConstantExpr>(expr))
    return true;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (binary && binary.getKind() == AffineExprKind::Add)
    return imageIndexTerms(binary.getLHS(), factor, terms) &&
           imageIndexTerms(binary.getRHS(), factor, terms);
  auto constant = binary ? dyn_cast<AffineConstantExpr>(binary.getRHS()) : nullptr;
  return binary && binary.getKind() == AffineExprKind::Mul && constant &&
         imageIndexTerms(binary.getLHS(), factor * constant.getValue(), terms);
}

/// The loops of `op` by role, where it is a convolution (after generalization) that sums image x
/// filter products: the filter (its second input) and the output indexed by loops; the image by
/// loops (its batch, input channels, or depth) and by windows, each the sum of an output pixel
/// loop and a window loop times constants and a constant (y * stride + ky * dilation, or a
/// transposed convolution's y - ky + 2); no loop read twice by the image. (linalg's
/// inferConvolutionDims takes no constant.)
static FailureOr<linalg::ConvolutionDimensions> convolutionDims(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 2 || !multipliesAndAdds(generic))
    return failure();
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  AffineMap image = maps[0], filter = maps[1], output = maps[2];
  if (!filter.isProjectedPermutation() || !output.isProjectedPermutation())
    return failure();
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (auto [d, iterator] : llvm::enumerate(iterators))
    if ((iterator == utils::IteratorType::parallel) != output.isFunctionOfDim(d))
      return failure();
  linalg::ConvolutionDimensions dims;
  llvm::SmallBitVector read(generic.getNumLoops());
  for (AffineExpr expr : image.getResults()) {
    SmallVector<std::pair<unsigned, int64_t>> found;
    if (!imageIndexTerms(expr, 1, found))
      return failure();
    for (unsigned d : llvm::make_first_range(found)) {
      if (read.test(d))
        return failure();
      read.set(d);
    }
    auto inOutput = [&](unsigned d) { return output.isFunctionOfDim(d); };
    auto inFilter = [&](unsigned d) { return filter.isFunctionOfDim(d); };
    if (found.size() == 1 && found.front().second == 1) {
      unsigned d = found.front().first;
      if (inOutput(d) && inFilter(d))
        dims.depth.push_back(d);
      else if (inOutput(d))
        dims.batch.push_back(d);
      else if (inFilter(d))
        dims.inputChannel.push_back(d);
      else
        return failure();
      continue;
    }
    if (found.size() != 2)
      return failure();
    if (inFilter(found[0].first))
      std::swap(found[0], found[1]);
    auto [pixel, stride] = found[0];
    auto [offset, dilation] = found[1];
    if (!inOutput(pixel) || inFilter(pixel) || !inFilter(offset) || inOutput(offset))
      return failure();
    dims.outputImage.push_back(pixel);
    dims.strides.push_back(stride);
    dims.filterLoop.push_back(offset);
    dims.dilations.push_back(dilation);
  }
  for (unsigned d = 0; d < generic.getNumLoops(); ++d) {
    if (read.test(d))
      continue;
    if (!output.isFunctionOfDim(d) || !filter.isFunctionOfDim(d))
      return failure();
    dims.outputChannel.push_back(d);
  }
  if (dims.outputImage.empty())
    return failure();
  for (auto *group : {&dims.batch, &dims.inputChannel, &dims.depth})
    llvm::sort(*group);
  return dims;
}

/// Whether `op` is a convolution (after generalization) that sums image x filter products.
static bool isConvolution(Operation *op) { return succeeded(convolutionDims(op)); }

/// Whether `buffer` stands in for a padded image (takeImagePadding): a temporary that nothing
/// writes, since the kernel reads the task input it pads instead.
static bool isPaddedStandIn(Value buffer) {
  auto alloc = taskBufferOf(buffer).getDefiningOp<memref::AllocOp>();
  return alloc && llvm::none_of(alloc->getUsers(), [&](Operation *user) {
    auto writer = dyn_cast<DestinationStyleOpInterface>(user);
    return writer && llvm::is_contained(writer.getDpsInits(), alloc.getResult());
  });
}

/// A convolution whose window is one point is a contraction over the input channels once the
/// window's unit dimensions go: its loops, and the filter's unit dimensions (a collapsed view).
/// With strides or an offset (y + ky + 1), the input's pixels would not be a dimension of the
/// loops: the convolution stays one (an implicit GEMM); so does one of a padded image, which
/// the gather reads.
static void dropPointWindows(func::FuncOp func) {
  SmallVector<linalg::GenericOp> pointWindows;
  func.walk([&](linalg::GenericOp op) {
    if (!isConvolution(op) || isPaddedStandIn(op.getDpsInputs().front()))
      return;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    linalg::ConvolutionDimensions dims = *convolutionDims(op);
    AffineMap image = op.getIndexingMapsArray().front();
    if (llvm::all_of(dims.filterLoop, [&](unsigned d) { return ranges[d] == 1; }) &&
        llvm::all_of(dims.strides, [](int64_t stride) { return stride == 1; }) &&
        llvm::all_of(image.getResults(),
                     [&](AffineExpr expr) { return constantTerm(image, expr) == 0; }))
      pointWindows.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp op : pointWindows) {
    rewriter.setInsertionPoint(op);
    if (succeeded(linalg::dropUnitDims(rewriter, op, linalg::ControlDropUnitDims{})))
      rewriter.eraseOp(op);
  }
}

/// The scalar a fill writes, if `op` is one: linalg.fill, or its generalized form (a generic
/// with parallel iterators yielding a scalar input).
static Value filledValue(Operation *op) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getInputs().front();
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != generic.getNumParallelLoops())
    return nullptr;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Value yielded = yield.getValues().front();
  if (yielded.getParentRegion() != &generic.getRegion()) // fusion folded the scalar in
    return yielded;
  auto arg = dyn_cast<BlockArgument>(yielded);
  if (!arg || arg.getArgNumber() >= generic.getNumDpsInputs())
    return nullptr;
  Value input = generic.getDpsInputs()[arg.getArgNumber()];
  return isa<ShapedType>(input.getType()) ? nullptr : input;
}

namespace {
/// The zero padding of a task input that a convolution reads, which the implicit GEMM's gather
/// applies instead of a padded copy; `spread`: the input's elements that far apart along each
/// dimension (a strided transposed convolution's input, inserted with strides into zeros).
/// Where groups split the padded image's channels (tensor.expand_shape), all of these are in the
/// convolution's dimensions, `expansion` is the split and `shape` the task input's shape split so.
struct ImagePadding {
  unsigned argument; // the task input
  SmallVector<int64_t> low, high, spread;
  SmallVector<ReassociationIndices> expansion;
  SmallVector<int64_t> shape;

  bool spreadOut() const {
    return llvm::any_of(spread, [](int64_t stride) { return stride != 1; });
  }
};
} // namespace

/// The task input a function argument is, if `value` is one.
static std::optional<unsigned> taskInputOf(func::FuncOp func, Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || argument.getOwner() != &func.getBody().front())
    return std::nullopt;
  return argument.getArgNumber();
}

/// The padding of `pad`, where it pads a task input with zeros by constant amounts, perhaps
/// with the input's channels split into groups first (fusion moves the split before the pad).
static std::optional<ImagePadding> paddingOf(func::FuncOp func, tensor::PadOp pad) {
  auto split = pad.getSource().getDefiningOp<tensor::ExpandShapeOp>();
  std::optional<unsigned> input = taskInputOf(func, split ? split.getSrc() : pad.getSource());
  Value value = pad.getConstantPaddingValue();
  if (!input || !value || !matchPattern(value, m_PosZeroFloat()) || !pad.getLow().empty() ||
      !pad.getHigh().empty() || (split && !split->hasOneUse()))
    return std::nullopt;
  auto low = llvm::to_vector(pad.getStaticLow());
  ImagePadding padding{*input, low, llvm::to_vector(pad.getStaticHigh()),
                       SmallVector<int64_t>(low.size(), 1), {}, {}};
  if (split) {
    padding.expansion = split.getReassociationIndices();
    padding.shape = llvm::to_vector(split.getResultType().getShape());
  }
  return padding;
}

/// The padding and spread of `insert`, where it puts a whole task input into a tensor that a
/// fill makes zero, at constant offsets and strides.
static std::optional<ImagePadding> paddingOf(func::FuncOp func, tensor::InsertSliceOp insert) {
  std::optional<unsigned> input = taskInputOf(func, insert.getSource());
  Operation *fill = insert.getDest().getDefiningOp();
  Value filled = fill ? filledValue(fill) : Value();
  ArrayRef<int64_t> shape = insert.getSourceType().getShape();
  if (!input || !filled || !fill->hasOneUse() || !matchPattern(filled, m_PosZeroFloat()) ||
      insert.getSourceType().getRank() != insert.getType().getRank() ||
      ShapedType::isDynamicShape(insert.getStaticOffsets()) ||
      ShapedType::isDynamicShape(insert.getStaticStrides()) ||
      insert.getStaticSizes() != shape)
    return std::nullopt;
  ImagePadding padding{*input, llvm::to_vector(insert.getStaticOffsets()), {},
                       llvm::to_vector(insert.getStaticStrides()), {}, {}};
  for (auto [d, size] : llvm::enumerate(shape))
    padding.high.push_back(insert.getType().getDimSize(d) - padding.low[d] -
                           (size - 1) * padding.spread[d] - 1);
  return padding;
}

/// `padding` of a padded image whose channels `expand` splits into groups, in the split's
/// dimensions; none where a split dimension is padded.
static std::optional<ImagePadding> splitPadding(const ImagePadding &padding,
                                                tensor::ExpandShapeOp expand, ArrayRef<int64_t> input) {
  ImagePadding split{padding.argument, {}, {}, {}, expand.getReassociationIndices(), {}};
  ArrayRef<int64_t> expanded = expand.getResultType().getShape();
  for (auto [d, group] : llvm::enumerate(split.expansion)) {
    bool padded = padding.low[d] != 0 || padding.high[d] != 0 || padding.spread[d] != 1;
    if (group.size() > 1 && padded)
      return std::nullopt;
    for (int64_t e : group) {
      split.low.push_back(padding.low[d]);
      split.high.push_back(padding.high[d]);
      split.spread.push_back(padding.spread[d]);
      split.shape.push_back(group.size() > 1 ? expanded[e] : input[d]);
    }
  }
  return split;
}

/// On tensors: where a convolution's image is a task input padded with zeros by constant
/// amounts (tensor.pad), or spread out among zeros (inserted with strides into a zero fill),
/// perhaps with its channels split into groups after, replaces the padded tensor by an empty one
/// of its shape (a buffer that bufferization allocates and the kernel drops) and returns the
/// padding.
static std::optional<ImagePadding> takeImagePadding(func::FuncOp func) {
  std::optional<ImagePadding> padding;
  Operation *padder = nullptr;
  func.walk([&](linalg::GenericOp op) {
    if (op.getNumDpsInputs() == 0 || padder || !isConvolution(op))
      return;
    Value image = op.getDpsInputs().front();
    auto expand = image.getDefiningOp<tensor::ExpandShapeOp>();
    Operation *def = (expand ? expand.getSrc() : image).getDefiningOp();
    if (!def || !def->hasOneUse() || (expand && !expand->hasOneUse()))
      return;
    if (auto pad = dyn_cast<tensor::PadOp>(def))
      padding = paddingOf(func, pad);
    else if (auto insert = dyn_cast<tensor::InsertSliceOp>(def))
      padding = paddingOf(func, insert);
    if (padding && expand)
      padding = splitPadding(
          *padding, expand,
          cast<RankedTensorType>(func.getArgument(padding->argument).getType()).getShape());
    if (padding)
      padder = def;
  });
  if (!padder)
    return std::nullopt;
  auto type = cast<RankedTensorType>(padder->getResult(0).getType());
  Operation *fill = isa<tensor::InsertSliceOp>(padder) ? padder->getOperand(1).getDefiningOp()
                                                       : nullptr;
  IRRewriter rewriter(func.getContext());
  rewriter.setInsertionPoint(padder);
  rewriter.replaceOpWithNewOp<tensor::EmptyOp>(padder, type.getShape(), type.getElementType());
  if (fill) // the zeros it wrote are the gather's now
    rewriter.eraseOp(fill);
  return padding;
}

/// The phases of a convolution whose image is spread out (ImagePadding::spread; PhasedDim):
/// each spread dimension's taps per phase, and the loop extents of one phase, which make the
/// GEMM's N and K. The filter is then read from a copy (one per phase).
static LogicalResult planPhases(MatmulInfo &info, ArrayRef<int64_t> spread) {
  ImageGather &gather = *info.gather;
  for (auto [d, expr] : llvm::enumerate(gather.map.getResults())) {
    if (spread[d] == 1)
      continue;
    SmallVector<std::pair<unsigned, int64_t>> terms;
    (void)imageIndexTerms(expr, 1, terms);
    if (terms.size() == 2 && llvm::is_contained(gather.kLoops, terms[0].first))
      std::swap(terms[0], terms[1]);
    if (terms.size() != 2 || terms[0].second != 1 ||
        !llvm::is_contained(gather.nLoops, terms[0].first) ||
        !llvm::is_contained(gather.kLoops, terms[1].first))
      return info.contraction->emitError()
             << "not in the matmul family: the image is spread out along dimension " << d
             << ", which is not read at output pixel + window offset (a transposed "
                "convolution's)";
    PhasedDim dim{static_cast<unsigned>(d), terms[0].first, terms[1].first, spread[d],
                  terms[1].second, constantTerm(gather.map, expr) - gather.lowPadding[d],
                  gather.loopExtents[terms[0].first], gather.loopExtents[terms[1].first],
                  {}, {}, 0};
    // Tap t of phase p reads an input element where p + factor * t + offset is a multiple of
    // the stride: every stride / gcd(factor, stride)-th tap from the first.
    dim.tapStep = dim.stride / std::gcd(std::abs(dim.windowFactor), dim.stride);
    int64_t slots = 1;
    for (int64_t phase = 0; phase < dim.stride; ++phase) {
      dim.firstTap.push_back(dim.taps);
      dim.tapCount.push_back(0);
      for (int64_t tap = 0; tap < dim.taps; ++tap) {
        if ((phase + dim.windowFactor * tap + dim.offset) % dim.stride != 0)
          continue;
        dim.firstTap.back() = std::min(dim.firstTap.back(), tap);
        ++dim.tapCount.back();
      }
      slots = std::max(slots, dim.tapCount.back());
    }
    gather.loopExtents[dim.pixelLoop] = llvm::divideCeil(dim.outputExtent, dim.stride);
    gather.loopExtents[dim.windowLoop] = slots;
    gather.phased.push_back(std::move(dim));
  }
  auto extent = [&](ArrayRef<unsigned> loops) {
    int64_t product = 1;
    for (unsigned loop : loops)
      product *= gather.loopExtents[loop];
    return product;
  };
  info.n = extent(gather.nLoops);
  info.k = extent(gather.kLoops);
  if (info.aPermutation.empty()) // the phases' filters are a copy
    info.aPermutation = llvm::to_vector(
        llvm::seq<int64_t>(cast<MemRefType>(info.a.buffer.getType()).getRank()));
  return success();
}

/// Bufferization keeps the linalg ops, and adds views of the buffers and the temporary an
/// epilogue reads; analyzeMatmul says which of them the kernel replaces. A convolution's padded
/// image is read from the task input it pads.
static FailureOr<MatmulInfo> bufferizeAndAnalyze(ModuleOp module, func::FuncOp func) {
  std::optional<ImagePadding> padding = takeImagePadding(func);
  if (failed(bufferizeForKernel(module, func, [](Operation &op) {
        return isa<linalg::LinalgOp, memref::AllocOp, memref::DeallocOp, memref::CollapseShapeOp,
                   memref::ExpandShapeOp>(op);
      })))
    return failure();
  dropPointWindows(func);
  FailureOr<MatmulInfo> info = analyzeMatmul(func);
  if (failed(info) || !padding)
    return info;
  if (ProducedOperand *producer = info->producer ? &*info->producer : nullptr;
      producer && isPaddedStandIn(producer->image)) {
    if (!padding->expansion.empty() || padding->spreadOut())
      return func.emitError() << "not in the matmul family: the image of the convolution that "
                                 "makes B is split into groups or spread out";
    producer->image = func.getArgument(padding->argument);
    producer->lowPadding = padding->low;
    producer->highPadding = padding->high;
    return info;
  }
  if (!info->gather) // the padded buffer would be read uninitialised
    return func.emitError() << "not in the matmul family: a padded input is not a convolution's "
                               "image";
  info->b.buffer = func.getArgument(padding->argument);
  if (!padding->expansion.empty()) { // the input with its channels split into groups
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    info->b.buffer = memref::ExpandShapeOp::create(
        builder, func.getLoc(), MemRefType::get(padding->shape, builder.getF32Type()),
        info->b.buffer, padding->expansion);
  }
  info->gather->lowPadding = padding->low;
  info->gather->highPadding = padding->high;
  if (padding->spreadOut() && failed(planPhases(*info, padding->spread)))
    return failure();
  return info;
}

static LogicalResult takesPayload(ModuleOp module, func::FuncOp func) {
  return failure(failed(bufferizeAndAnalyze(module, func)));
}

static BuiltKernels buildCandidate(kb::TaskOp task, OwningOpRef<ModuleOp> module,
                                   func::FuncOp func, ArrayRef<int64_t> values,
                                   const Target &target) {
  FailureOr<MatmulInfo> info = bufferizeAndAnalyze(*module, func);
  if (failed(info))
    return failure();
  readInputStructure(task, func, *info);
  bool hopper = target.chip == "sm_90" || target.chip == "sm_90a";
  buildMatmulKernel(*info, planMatmul(MatmulSchedule::fromValues(values), *info, hopper),
                    func.getName());
  return module;
}

/// A payload holding a contraction.
static bool looksLikeFamily(func::FuncOp func) {
  return llvm::any_of(func.getBody().front(), [](Operation &op) { return isContraction(&op); });
}

void kopt::codegen::registerMatmulFamily() {
  registerFamily({&matmulSpace(), /*offerRank=*/60, takesPayload, buildCandidate, looksLikeFamily,
                  /*explainRank=*/40, /*alternativeDecision=*/"direct"});
}

bool kopt::codegen::isContraction(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Ops that only reinterpret a buffer (the kernel recreates them) or only exist around it.
static bool isBufferPlumbing(Operation &op) {
  return op.hasTrait<OpTrait::ConstantLike>() || op.hasTrait<OpTrait::ReturnLike>() ||
         isa<memref::AllocOp, memref::DeallocOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
             op);
}

/// Whether `op` is an elementwise op reading `result` as it is laid out, and perhaps other f32
/// task buffers broadcast along some of its dimensions (a bias per row or column, a residual),
/// writing a buffer of the same shape: an epilogue the kernel applies before its stores.
static bool isEpilogueOf(linalg::GenericOp op, Value result) {
  if (op.getNumLoops() != op.getNumParallelLoops() || op.getNumDpsInits() != 1 ||
      !op.getMatchingBlockArgument(op.getDpsInitOperand(0)).use_empty())
    return false;
  bool readsResult = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    auto memref = dyn_cast<MemRefType>(value.getType());
    if (!memref)
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    if (value == result) {
      if (!map.isIdentity())
        return false;
      readsResult = true;
    } else if (!memref.getElementType().isF32() || !map.isProjectedPermutation() ||
               !isa<BlockArgument>(taskBufferOf(value))) {
      return false;
    }
  }
  return readsResult && op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() &&
         op.getDpsInits().front().getType() == result.getType();
}

/// The dimensions `map` starts with that are in `group`.
static SmallVector<unsigned> leadingDims(AffineMap map, ArrayRef<unsigned> group) {
  SmallVector<unsigned> run;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || !llvm::is_contained(group, dim.getPosition()))
      break;
    run.push_back(dim.getPosition());
  }
  return run;
}

/// A batch that only one input has, the other broadcast along it: M (or N) dimensions that lead
/// both that input and the output, apart from the other M (N) dimensions, as the image index of a
/// 1x1 convolution in NCHW leads x[n][c][y][x] and out[n][f][y][x] (while the weight has none).
static void splitOffBroadcastBatch(linalg::ContractionDimensions &dims, AffineMap aMap,
                                   AffineMap bMap, AffineMap cMap) {
  if (!dims.batch.empty())
    return;
  for (auto [group, inputMap] : {std::pair(&dims.m, aMap), std::pair(&dims.n, bMap)}) {
    SmallVector<unsigned> run = leadingDims(cMap, *group);
    if (run.empty() || run.size() == group->size() || leadingDims(inputMap, *group) != run)
      continue;
    dims.batch.assign(run.begin(), run.end());
    llvm::erase_if(*group, [&](unsigned d) { return llvm::is_contained(run, d); });
    return;
  }
}

/// The order in which A reads a convolution's filter: empty where its output channels (`mLoops`)
/// lead or trail its other dimensions, as it lies; else the output channels first and the others
/// after, in their order (a transposed convolution's weight[c][f][k...] as [f][c][k...]).
static SmallVector<int64_t> filterOrder(AffineMap map, ArrayRef<unsigned> mLoops) {
  SmallVector<int64_t> outputChannels, others;
  unsigned runs = 0;
  for (auto [position, expr] : llvm::enumerate(map.getResults())) {
    bool m = llvm::is_contained(mLoops, cast<AffineDimExpr>(expr).getPosition());
    SmallVector<int64_t> &group = m ? outputChannels : others;
    if (group.empty() || group.back() != static_cast<int64_t>(position) - 1)
      ++runs;
    group.push_back(position);
  }
  if (runs <= 2)
    return {};
  return llvm::to_vector(llvm::concat<int64_t>(outputChannels, others));
}

/// A convolution's image as B: the buffer as it is (one group: a flat view), read through the
/// gather, whose K loops analyzeMatmul adds once A's order is known.
static MatmulOperand gatheredImage(linalg::GenericOp op, OpOperand *image,
                                   const linalg::ContractionDimensions &dims, MatmulInfo &info) {
  ImageGather gather;
  gather.map = op.getMatchingIndexingMap(image);
  gather.loopExtents = op.getStaticLoopRanges();
  for (AffineExpr expr : op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(expr);
        dim && llvm::is_contained(dims.n, dim.getPosition()))
      gather.nLoops.push_back(dim.getPosition());
  gather.batchLoops.assign(dims.batch.begin(), dims.batch.end());
  unsigned rank = gather.map.getNumResults();
  gather.lowPadding.assign(rank, 0);
  gather.highPadding.assign(rank, 0);
  info.gather = std::move(gather);
  MatmulOperand operand{image->get(), {}, -1, -1, -1, /*colContiguous=*/true, {}};
  operand.groups.push_back(llvm::to_vector(llvm::seq<int64_t>(rank))); // a flat view
  return operand;
}

/// A convolution as an implicit GEMM: the image index is the batch, the output channels M, the
/// output pixels N, the input channels and the window offsets K; the filter is A, the image B.
/// A loop that the image, the filter and the output all read is a group (a GEMM per image and
/// group, the group innermost in the batch) where each group has several input channels and
/// some output channels; else it is a depthwise convolution's channel, each output reading one
/// input channel, whose direct kernel (the window family's) reads no more than a GEMM would.
static FailureOr<linalg::ContractionDimensions> implicitGemmDims(linalg::GenericOp op) {
  linalg::ConvolutionDimensions conv = *convolutionDims(op);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t inputChannels = 1;
  for (unsigned loop : conv.inputChannel)
    inputChannels *= ranges[loop];
  if (conv.depth.size() > 1 || conv.batch.size() > 1 ||
      (!conv.depth.empty() && (inputChannels == 1 || conv.outputChannel.empty())))
    return failure();
  linalg::ContractionDimensions dims;
  dims.batch = conv.batch;
  dims.batch.append(conv.depth.begin(), conv.depth.end());
  dims.m = conv.outputChannel;
  dims.n = conv.outputImage;
  dims.k = conv.inputChannel;
  dims.k.append(conv.filterLoop.begin(), conv.filterLoop.end());
  return dims;
}

/// Where the first of two products is a small f32 convolution (ProducedOperand) whose result, a
/// temporary filled before it, only the second reads (as one operand): that convolution, taken
/// out of `products` and, with its fill, out of `work` (a view of the temporary is another user:
/// none). Whether the second reads it as B of a GEMM is checked once B is known; its image is a
/// task input, or the stand-in for a padded one.
static std::optional<ProducedOperand> takeProducer(SmallVectorImpl<Operation *> &products,
                                                   SmallVectorImpl<Operation *> &work) {
  auto convolution = products.size() == 2 ? dyn_cast<linalg::GenericOp>(products[0]) : nullptr;
  if (!convolution || !isConvolution(convolution))
    return std::nullopt;
  int64_t terms = 1;
  for (auto [range, iterator] : llvm::zip_equal(convolution.getStaticLoopRanges(),
                                                convolution.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction)
      terms *= range;
  Value temporary = convolution.getDpsInits().front();
  auto alloc = temporary.getDefiningOp<memref::AllocOp>();
  Value image = convolution.getDpsInputs()[0], filter = convolution.getDpsInputs()[1];
  auto isF32 = [](Value buffer) {
    return cast<ShapedType>(buffer.getType()).getElementType().isF32();
  };
  if (terms > kMaxProducedTerms || !alloc || !llvm::all_of(convolution->getOperands(), isF32) ||
      !isa<BlockArgument>(taskBufferOf(filter)) ||
      !(isa<BlockArgument>(taskBufferOf(image)) || isPaddedStandIn(image)))
    return std::nullopt;
  Operation *consumer = products[1], *fill = nullptr;
  int64_t imageRank = cast<MemRefType>(image.getType()).getRank();
  ProducedOperand producer{convolution, {}, image, filter, SmallVector<int64_t>(imageRank, 0),
                           SmallVector<int64_t>(imageRank, 0)};
  for (Operation *user : alloc->getUsers()) {
    if (user == convolution || user == consumer)
      continue;
    if (Value value = filledValue(user); value && !fill && user->isBeforeInBlock(convolution) &&
                                         user->getOperands().back() == temporary) {
      fill = user;
      producer.fillValue = value;
      continue;
    }
    return std::nullopt;
  }
  if (!fill || llvm::count(consumer->getOperands(), temporary) != 1) // read as one operand
    return std::nullopt;
  products.erase(products.begin());
  llvm::erase(work, convolution);
  llvm::erase(work, fill);
  return producer;
}

FailureOr<MatmulInfo> kopt::codegen::analyzeMatmul(func::FuncOp func) {
  MatmulInfo info;
  SmallVector<Operation *> work;
  for (Operation &op : func.getBody().front())
    if (!isBufferPlumbing(op))
      work.push_back(&op);
  auto products = llvm::to_vector(llvm::make_filter_range(
      work, [](Operation *op) { return isContraction(op) || isConvolution(op); }));
  info.producer = takeProducer(products, work);
  if (products.size() != 1)
    return func.emitError() << "not in the matmul family: " << products.size()
                            << " contractions or convolutions in the payload (expected one)";
  info.contraction = dyn_cast<linalg::GenericOp>(products.front());
  linalg::GenericOp op = info.contraction;
  auto fail = [&](const Twine &why) -> InFlightDiagnostic {
    return op->emitError() << "not in the matmul family: " << why;
  };
  if (!op)
    return fail("the contraction is not a linalg.generic after generalization");

  for (OpOperand &operand : op->getOpOperands()) {
    auto memref = dyn_cast<MemRefType>(operand.get().getType());
    if (!memref || !memref.getElementType().isF32())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " is not a buffer of f32");
    if (!memref.getLayout().isIdentity())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has a strided layout");
    if (!memref.hasStaticShape())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has a dynamic shape");
  }
  bool convolution = isConvolution(op);
  FailureOr<linalg::ContractionDimensions> dims =
      convolution ? implicitGemmDims(op) : linalg::inferContractionDims(op);
  if (convolution && failed(dims))
    return fail("a depthwise convolution, or one with several image or group dimensions, is not "
                "an implicit GEMM");
  if (failed(dims) || dims->m.empty() || dims->k.empty())
    return fail("it has no M or no K dimension (a vector-matrix product is not supported)");
  AffineMap cMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  // A convolution's filter is A; its image, B, is gathered (below).
  OpOperand *aOperand = op.getDpsInputOperand(convolution ? 1 : 0);
  OpOperand *bOperand = op.getDpsInputOperand(convolution ? 0 : 1);
  if (!convolution) {
    splitOffBroadcastBatch(*dims, op.getMatchingIndexingMap(aOperand),
                           op.getMatchingIndexingMap(bOperand), cMap);
    // C^T = B^T A^T: with the output contiguous along M, the operands swap roles so that the
    // output's rows are M and its stores run along N (a 1x1 convolution's pixels).
    auto innermost = dyn_cast<AffineDimExpr>(cMap.getResults().back());
    if (!dims->n.empty() && innermost && llvm::is_contained(dims->m, innermost.getPosition())) {
      std::swap(aOperand, bOperand);
      std::swap(dims->m, dims->n);
    }
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto extent = [&](ArrayRef<unsigned> group) {
    int64_t product = 1;
    for (unsigned d : group)
      product *= ranges[d];
    return product;
  };
  info.batch = extent(dims->batch);
  info.m = extent(dims->m);
  info.n = extent(dims->n);
  info.k = extent(dims->k);
  info.matvec = !convolution && info.n == 1; // a one-pixel image still gathers B
  if (info.batch * info.m * info.n * info.k == 0)
    return fail("its iteration space is empty");

  // Each operand's dimensions by role: one run of adjacent map results per role, in the same
  // order in every operand (unit dimensions aside), so that collapsing a run linearizes it alike.
  enum Role { Batch, Row, Col };
  DenseMap<unsigned, SmallVector<unsigned>> orderOf; // a role's dims, keyed by its first dim
  auto layout = [&](Value buffer, AffineMap map, ArrayRef<unsigned> rowDims,
                    ArrayRef<unsigned> colDims) -> FailureOr<MatmulOperand> {
    MatmulOperand result{buffer, {}, -1, -1, -1, false, {}};
    SmallVector<std::pair<Role, SmallVector<unsigned>>> runs;
    for (auto [position, expr] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        return failure();
      unsigned d = dim.getPosition();
      if (!llvm::is_contained(dims->batch, d) && !llvm::is_contained(rowDims, d) &&
          !llvm::is_contained(colDims, d))
        return failure();
      Role role = llvm::is_contained(dims->batch, d) ? Batch
                  : llvm::is_contained(rowDims, d)   ? Row
                                                     : Col;
      if (runs.empty() || runs.back().first != role)
        runs.emplace_back(role, SmallVector<unsigned>{});
      runs.back().second.push_back(d);
      if (result.groups.size() < runs.size())
        result.groups.emplace_back();
      result.groups.back().push_back(position);
    }
    for (auto [position, run] : llvm::enumerate(runs)) {
      int64_t &slot = run.first == Batch ? result.batchResult
                      : run.first == Row ? result.rowResult
                                         : result.colResult;
      if (slot != -1)
        return failure();
      slot = position;
      SmallVector<unsigned> nonUnit = llvm::to_vector(
          llvm::make_filter_range(run.second, [&](unsigned d) { return ranges[d] != 1; }));
      auto sorted = llvm::to_vector(run.second);
      llvm::sort(sorted);
      auto [it, inserted] = orderOf.try_emplace(sorted.front(), nonUnit);
      if (!inserted && it->second != nonUnit)
        return failure();
    }
    result.colContiguous =
        result.colResult == static_cast<int64_t>(result.groups.size()) - 1;
    return result;
  };
  AffineMap aMap = op.getMatchingIndexingMap(aOperand);
  if (convolution) {
    info.aPermutation = filterOrder(aMap, dims->m);
    if (!info.aPermutation.empty())
      aMap = aMap.getSubMap(llvm::to_vector_of<unsigned>(info.aPermutation));
  }
  FailureOr<MatmulOperand> a = layout(aOperand->get(), aMap, dims->m, dims->k);
  FailureOr<MatmulOperand> b =
      convolution
          ? FailureOr<MatmulOperand>(gatheredImage(op, bOperand, *dims, info))
          : layout(bOperand->get(), op.getMatchingIndexingMap(bOperand), dims->k, dims->n);
  OpOperand *cOperand = op.getDpsInitOperand(0);
  FailureOr<MatmulOperand> c =
      layout(cOperand->get(), op.getMatchingIndexingMap(cOperand), dims->m, dims->n);
  if (failed(a) || failed(b) || failed(c))
    return fail("an operand is not indexed by adjacent runs of its dimensions in one order");
  if (info.producer && (convolution || info.matvec ||
                        b->buffer != info.producer->convolution.getDpsInits().front()))
    return fail("a convolution's result is read other than as the B of a GEMM (a pointwise "
                "convolution), as it lies");
  if (convolution && !c->colContiguous)
    return fail("the convolution's output is not contiguous along its pixels (channels last)");
  if (convolution && dims->batch.size() > 1) { // an image index and a group (implicitGemmDims)
    SmallVector<unsigned> outputBatch;
    for (AffineExpr expr : cMap.getResults())
      if (unsigned loop = cast<AffineDimExpr>(expr).getPosition();
          llvm::is_contained(dims->batch, loop))
        outputBatch.push_back(loop);
    if (outputBatch != dims->batch) // the grid's y linearizes them so
      return fail("the convolution's output has its group before its image index");
  }
  if (convolution) // a group, with or without an image index beside it
    if (auto depth = convolutionDims(op)->depth; !depth.empty())
      info.groups = ranges[depth.front()];
  if (info.batch > kMaxGridY)
    return fail("its batch (" + Twine(info.batch) + ", the grid's y) is over " + Twine(kMaxGridY));
  if (convolution &&
      cast<MemRefType>(bOperand->get().getType()).getNumElements() > INT32_MAX)
    return fail("the convolution's image, padded, has 2^31 elements or more (the gather "
                "indexes it in 32 bits)");
  if (convolution) // K decodes in the order A's view linearizes it
    for (AffineExpr expr : aMap.getResults())
      if (unsigned loop = cast<AffineDimExpr>(expr).getPosition();
          llvm::is_contained(dims->k, loop))
        info.gather->kLoops.push_back(loop);
  if (info.matvec && !a->colContiguous)
    return fail("the matrix of a matrix-vector product must be contiguous along K");
  info.a = *a;
  info.b = *b;
  info.c = *c;

  // The accumulator's initial value comes from a fill of the output (or of a temporary that an
  // epilogue then reads).
  Value accumulator = op.getDpsInits().front();
  for (Operation *other : work) {
    if (other == op)
      continue;
    if (Value value = filledValue(other);
        value && !info.fill && other->getOperand(other->getNumOperands() - 1) == accumulator &&
        other->isBeforeInBlock(op)) {
      info.fill = other;
      info.fillValue = value;
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(other);
    if (generic && !info.epilogue && op->isBeforeInBlock(generic) &&
        accumulator.getDefiningOp<memref::AllocOp>() && isEpilogueOf(generic, accumulator)) {
      info.epilogue = generic;
      info.c.buffer = generic.getDpsInits().front();
      continue;
    }
    return other->emitError() << "not in the matmul family: '" << other->getName()
                              << "' is neither the fill of the accumulator nor an elementwise "
                                 "epilogue on the result (and on task buffers it broadcasts)";
  }
  if (!info.fill)
    return fail("its accumulator is not initialised by a fill (accumulating into an output is "
                "not supported)");
  if (accumulator.getDefiningOp<memref::AllocOp>() && !info.epilogue)
    return fail("its result goes to a temporary buffer that no epilogue reads");
  return info;
}

/// The zeros of `operand` that `structure` makes, if its view's rows and columns are the last two
/// dimensions of the input (in either order: a transposed operand swaps below and above).
static ZeroEntries zerosOf(kb::DistStructure structure, const MatmulOperand &operand) {
  int64_t rank = cast<MemRefType>(operand.buffer.getType()).getRank();
  auto single = [&](int64_t result) {
    return result >= 0 && operand.groups[result].size() == 1 ? operand.groups[result].front()
                                                             : -1;
  };
  int64_t row = single(operand.rowResult), col = single(operand.colResult);
  bool straight = row == rank - 2 && col == rank - 1;
  if (!straight && !(row == rank - 1 && col == rank - 2))
    return {};
  bool upper = structure == kb::DistStructure::UpperTriangular ||
               structure == kb::DistStructure::Diagonal;
  bool lower = structure == kb::DistStructure::LowerTriangular ||
               structure == kb::DistStructure::Diagonal;
  // Upper triangular: zero where the input's column is below its row.
  return straight ? ZeroEntries{upper, lower} : ZeroEntries{lower, upper};
}

void kopt::codegen::readInputStructure(kb::TaskOp task, func::FuncOp func, MatmulInfo &info) {
  SmallVector<kb::InputOp> inputs = task.getInputs();
  for (MatmulOperand *operand : {&info.a, &info.b}) {
    // A view of the input (a reshape, or A's permuted copy) would move the matrices the
    // structure applies to.
    auto argument = dyn_cast<BlockArgument>(operand->buffer);
    bool permuted = operand == &info.a && !info.aPermutation.empty();
    if (info.matvec || permuted || !argument || argument.getOwner() != &func.getBody().front() ||
        argument.getArgNumber() >= inputs.size())
      continue;
    operand->zeros = zerosOf(inputs[argument.getArgNumber()].getGuaranteedStructure(), *operand);
  }
}

namespace {
/// The epilogue's body seen as a function of the accumulator: the block arguments of its inputs
/// that read the contraction's result (there may be several).
struct EpilogueBody {
  Block *body;
  SmallVector<BlockArgument> accumulator;

  bool isAccumulator(Value value) const {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && llvm::is_contained(accumulator, arg);
  }

  bool dependsOnAccumulator(Value value) const {
    if (isAccumulator(value))
      return true;
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() == body &&
           llvm::any_of(def->getOperands(),
                        [&](Value operand) { return dependsOnAccumulator(operand); });
  }

  bool isAdditive(Value value) const {
    if (isAccumulator(value) || matchPattern(value, m_AnyZeroFloat()))
      return true;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != body)
      return false;
    auto additive = [&](unsigned i) { return isAdditive(def->getOperand(i)); };
    auto independent = [&](unsigned i) { return !dependsOnAccumulator(def->getOperand(i)); };
    if (isa<arith::SelectOp>(def))
      return independent(0) && additive(1) && additive(2);
    if (isa<arith::NegFOp>(def))
      return additive(0);
    if (isa<arith::AddFOp, arith::SubFOp>(def))
      return additive(0) && additive(1);
    if (isa<arith::MulFOp>(def))
      return (additive(0) && independent(1)) || (independent(0) && additive(1));
    if (isa<arith::DivFOp>(def))
      return additive(0) && independent(1);
    return false;
  }
};
} // namespace

bool kopt::codegen::epilogueIsAdditive(const MatmulInfo &info) {
  if (!info.epilogue)
    return true;
  linalg::GenericOp epilogue = info.epilogue, contraction = info.contraction;
  EpilogueBody body{epilogue.getBody(), {}};
  for (OpOperand *input : epilogue.getDpsInputOperands())
    if (input->get() == contraction.getDpsInits().front())
      body.accumulator.push_back(epilogue.getMatchingBlockArgument(input));
  auto yield = cast<linalg::YieldOp>(body.body->getTerminator());
  return body.isAdditive(yield.getValues().front());
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

/// B's access width, `width` where B is a buffer: a gathered image's elements are one each
/// (each has its table entry); a produced operand's vectors stay within the temporary's innermost
/// dimension, so that their elements differ in one loop only.
static int64_t bWidth(const MatmulInfo &info, int64_t width) {
  if (info.gather)
    return 1;
  if (info.producer)
    return dividingWidth(width, cast<MemRefType>(info.b.buffer.getType()).getShape().back());
  return width;
}

/// The registers a thread of the kernel `g` plans holds its operands in at once: its
/// accumulators and the fragments it reads before using them (a SIMT thread's unroll_k steps of
/// its rows and columns; an mma.sync K step's; a wgmma K tile's of B, 4 per K step of 8, where
/// B is in registers), with split_tf32 twice both (the tile's own sums, the small parts).
static int64_t operandRegisters(const MatmulGeometry &g) {
  if (!g.tf32)
    return g.threadM * g.threadN + (g.threadM + g.threadN) * g.unrollK;
  int64_t accumulators = g.wgmma ? g.blockM / 2 : g.warpM * g.warpN / kWarp;
  int64_t fragments = g.wgmma ? (g.sharedB ? 0 : g.blockK / kMmaK * 4)
                              : g.warpM / kMmaM * 4 + g.warpN / kMmaN * 2;
  return (accumulators + fragments) * (g.splitTf32 ? 2 : 1);
}

/// The registers a thread needs, about: its operands' and 32 more (addresses, indices). ptxas
/// measured the wgmma split_tf32 kernels at a median of 26 above their operands' (123 uniform
/// draws that did not spill, on problems 1, 8 and 17), the SIMT ones at 30.
static int64_t registersNeeded(const MatmulGeometry &g) { return operandRegisters(g) + 32; }

/// The TF32 kernels: blocks of whole mma tiles, 16-byte cp.async copies where the extents allow,
/// stages + 1 buffers. mma.sync: warps of up to kMaxWarpTile square. wgmma: a warpgroup per 64
/// columns.
static MatmulGeometry planMma(const MatmulSchedule &schedule, const MatmulInfo &info,
                              bool wgmma) {
  MatmulGeometry g{};
  g.tf32 = true;
  g.splitTf32 = schedule.splitTf32;
  g.wgmma = wgmma;
  auto clampTile = [](int64_t tile, int64_t extent, int64_t least) {
    return std::max(std::min(tile, static_cast<int64_t>(llvm::PowerOf2Ceil(extent))), least);
  };
  g.blockM = clampTile(schedule.blockM, info.m, kMmaM);
  g.blockN = clampTile(schedule.blockN, info.n, wgmma ? kWgmmaM : kMmaN);
  g.blockK = clampTile(schedule.blockK, info.k, kMmaK);
  if (wgmma) {
    // Fewer warpgroups where the block would need more registers than an SM has.
    while (g.blockN > kWgmmaM &&
           g.blockN / kWgmmaM * kWgmmaThreads * registersNeeded(g) > kRegistersPerSM)
      g.blockN /= 2;
    g.warpgroups = g.blockN / kWgmmaM;
    g.threads = g.warpgroups * kWgmmaThreads;
  } else {
    g.warpM = std::min(g.blockM, kMaxWarpTile);
    g.warpN = std::min(g.blockN, kMaxWarpTile);
    // Smaller warp tiles (more warps) where a thread's operands alone would need more registers
    // than it may have (split_tf32's 64 x 64: 256 accumulators), which ptxas would spill.
    while (operandRegisters(g) > kMaxRegistersPerThread &&
           (g.blockM / g.warpM) * (g.blockN / g.warpN) * 2 * kWarp <= kMaxThreads &&
           std::max(g.warpM / kMmaM, g.warpN / kMmaN) > 1)
      (g.warpN / kMmaN >= g.warpM / kMmaM ? g.warpN : g.warpM) /= 2;
    g.threads = (g.blockM / g.warpM) * (g.blockN / g.warpN) * kWarp;
  }
  auto operandWidth = [&](bool kInner, int64_t tileMN, int64_t extentMN) {
    return kInner ? dividingWidth(kMaxFragment, info.k)
                  : dividingWidth(std::min(kMaxFragment, tileMN), extentMN);
  };
  // A produced or gathered B is made element by element on its way to shared memory: not for
  // the swizzled K-major tile. One that runs along N goes there from a transposed copy, where
  // that fits in scratch (transposing each tile on its way measured slower than B in registers:
  // results/wgmma-shared-b-h100).
  g.sharedB = wgmma && schedule.wgmmaSharedB && !g.splitTf32 && !info.producer && !info.gather;
  int64_t copyBytes = (info.b.batchResult >= 0 ? info.batch : 1) * info.k * info.n * kF32Bytes;
  if (g.sharedB && !bKInner(info) && copyBytes > kMaxScratch)
    g.sharedB = false;
  g.transposeB = g.sharedB && !bKInner(info);
  g.vectorA = operandWidth(aKInner(info), g.blockM, info.m);
  g.vectorB = bWidth(info, operandWidth(bKInner(info) || g.transposeB, g.blockN, info.n));
  // An mma.sync accumulator fragment holds two adjacent columns; a wgmma one two adjacent rows.
  g.fragmentN = wgmma ? 1 : 2;
  g.storeN = info.c.colContiguous && info.n % g.fragmentN == 0 ? g.fragmentN : 1;
  g.cpAsync = true;
  int64_t bytesA = wgmma ? swizzledTileBytes(g, g.blockM)
                         : sharedTile(g.blockM, g.blockK, aKInner(info), true).elements() *
                               kF32Bytes;
  int64_t bytesB = g.sharedB
                       ? swizzledTileBytes(g, g.blockN)
                       : sharedTile(g.blockN, g.blockK, bKInner(info), true).elements() * kF32Bytes;
  int64_t perStage = bytesA + bytesB;
  // wgmma with split_tf32: one more A tile, of the small parts, after the stages (aligned to an
  // atom, as the first).
  int64_t smallA = wgmma && g.splitTf32 ? swizzledTileBytes(g, g.blockM) + kAtomAlignment : 0;
  g.stages = schedule.stages + 1;
  // Where a wgmma's accumulators keep a second block off the SM anyway (256 x 128 and larger),
  // the stages may take all of its shared memory.
  bool registersForOneBlock = wgmma && 2 * g.threads * registersNeeded(g) > kRegistersPerSM;
  int64_t maxShared = registersForOneBlock ? kMaxSharedPerBlock - kAtomAlignment : kMaxShared;
  while (g.stages > 2 && g.stages * perStage + smallA > maxShared)
    --g.stages;
  g.groupsInFlight = g.sharedB && g.stages >= 3;
  // wgmma: room to align the tiles' start to an atom, which dynamic shared memory may not be.
  g.sharedBytes = g.stages * perStage + smallA + (wgmma ? kAtomAlignment : 0);
  g.dynamicShared = true;
  return g;
}

/// Split-K: at most one split per K tile, no split left without a tile, and ordered partials
/// within kMaxScratch; atomic only where the epilogue is additive. None for a phased
/// convolution, whose output columns are not the GEMM's (the splits' init and sum kernels would
/// need its phases).
static void planSplitK(const MatmulSchedule &schedule, const MatmulInfo &info, MatmulGeometry &g) {
  int64_t kTiles = llvm::divideCeil(info.k, g.blockK);
  bool phased = info.gather && !info.gather->phased.empty();
  int64_t splits = phased ? 1 : std::min(schedule.splitK, kTiles);
  bool ordered = !schedule.splitKAtomic || !epilogueIsAdditive(info);
  int64_t outputBytes = info.batch * info.m * info.n * kF32Bytes;
  while (ordered && splits > 1 && splits * outputBytes > kMaxScratch)
    splits /= 2;
  g.kTilesPerSplit = llvm::divideCeil(kTiles, splits);
  g.splitK = llvm::divideCeil(kTiles, g.kTilesPerSplit);
  g.splitKOrdered = ordered && g.splitK > 1;
}

static MatmulGeometry planTiles(const MatmulSchedule &schedule, const MatmulInfo &info,
                                bool allowWgmma) {
  if (schedule.tf32)
    return planMma(schedule, info,
                   schedule.wgmma && allowWgmma && aKInner(info) && info.k % kChunk == 0);
  MatmulGeometry g{};
  auto clampTile = [](int64_t tile, int64_t extent) {
    return std::min(tile, static_cast<int64_t>(llvm::PowerOf2Ceil(extent)));
  };
  g.blockM = clampTile(schedule.blockM, info.m);
  g.blockN = clampTile(schedule.blockN, info.n);
  g.blockK = clampTile(schedule.blockK, info.k);
  g.threadM = std::min(schedule.threadM, g.blockM);
  g.threadN = std::min(schedule.threadN, g.blockN);
  while ((g.blockM / g.threadM) * (g.blockN / g.threadN) > kMaxThreads) {
    bool growM = g.threadM < g.blockM && (g.threadM <= g.threadN || g.threadN == g.blockN);
    (growM ? g.threadM : g.threadN) *= 2;
  }
  g.unrollK = std::min(schedule.unrollK, g.blockK);
  // Smaller thread tiles (more threads) where a thread's operands alone would need more
  // registers than it may have (16 x 16: 256 accumulators), which ptxas would spill.
  while (operandRegisters(g) > kMaxRegistersPerThread &&
         (g.blockM / g.threadM) * (g.blockN / g.threadN) * 2 <= kMaxThreads &&
         std::max(g.threadM, g.threadN) > 1)
    (g.threadN >= g.threadM ? g.threadN : g.threadM) /= 2;
  g.threads = (g.blockM / g.threadM) * (g.blockN / g.threadN);

  // Global accesses run along each operand's innermost dimension, within its tile.
  auto operandWidth = [&](bool kInner, int64_t tileMN, int64_t extentMN) {
    return kInner ? dividingWidth(std::min(schedule.vector, g.blockK), info.k)
                  : dividingWidth(std::min(schedule.vector, tileMN), extentMN);
  };
  g.vectorA = operandWidth(aKInner(info), g.blockM, info.m);
  g.vectorB = bWidth(info, operandWidth(bKInner(info), g.blockN, info.n));
  // A thread's columns are contiguous where B's tile runs along N, for vector fragment reads
  // along them. Where it runs along K, a thread reads each of its columns along K instead, and
  // columns strided by the block's thread columns put a warp's reads in consecutive rows of the
  // tile, which the padding spreads over the banks (contiguous ones would be 4 padded rows
  // apart, in 2 groups of 4 banks); they also make each warp store consecutive columns. A's rows
  // are strided only where the schedule asks (strided_rows): a warp spans few thread rows, and
  // strided ones measured slower on the fastest square kernel, faster on others
  // (results/matmul-sweep-h100, sweep 8).
  g.fragmentM = schedule.stridedRows && aKInner(info)
                    ? 1
                    : std::min({schedule.vector, g.threadM, kMaxFragment});
  g.fragmentN = bKInner(info) ? 1 : std::min({schedule.vector, g.threadN, kMaxFragment});
  g.fragmentK = std::min({schedule.vector, g.unrollK, kMaxFragment});
  g.storeN = info.c.colContiguous && info.n % g.fragmentN == 0 ? g.fragmentN : 1;
  // Warps of warpCols x (32 / warpCols) threads, where the block's threads tile by them.
  int64_t threadsM = g.blockM / g.threadM, threadsN = g.blockN / g.threadN;
  g.warpCols = schedule.warpCols;
  if (g.warpCols >= std::min(threadsN, kWarp) || threadsN % g.warpCols != 0 ||
      threadsM % (kWarp / g.warpCols) != 0)
    g.warpCols = threadsN; // row by row

  g.cpAsync = schedule.cpAsync;
  g.stages = g.cpAsync ? schedule.stages : std::min<int64_t>(schedule.stages, 2);
  int64_t perStage = (sharedTile(g.blockM, g.blockK, aKInner(info), false).elements() +
                      sharedTile(g.blockN, g.blockK, bKInner(info), false).elements()) *
                     kF32Bytes;
  while (g.stages > 1 && g.stages * perStage > kMaxShared)
    --g.stages;
  g.sharedBytes = g.stages * perStage;
  g.dynamicShared = g.sharedBytes > kMaxStaticShared;
  return g;
}

MatmulGeometry kopt::codegen::planMatmul(const MatmulSchedule &schedule, const MatmulInfo &info,
                                         bool allowWgmma) {
  if (info.matvec) {
    MatmulGeometry g{};
    g.rowsPerBlock = std::min(schedule.blockM / 16, static_cast<int64_t>(llvm::PowerOf2Ceil(info.m)));
    g.threads = g.rowsPerBlock * kWarp;
    g.vectorA = dividingWidth(schedule.vector, info.k);
    g.accumulators = schedule.blockK / 8;
    g.splitK = 1;
    g.splitKOrdered = false;
    g.minBlocksPerSM = 1;
    return g;
  }
  MatmulGeometry g = planTiles(schedule, info, allowWgmma);
  planSplitK(schedule, info, g);
  g.minBlocksPerSM = schedule.minBlocksPerSM;
  // ptxas spills to meet .minnctapersm's register cap (and refuses a wgmma kernel whose
  // operands do not fit it): fewer blocks where the cap is below what the kernel needs.
  auto registerCap = [&](int64_t blocks) {
    return kRegistersPerSM / (blocks * g.threads) / 8 * 8;
  };
  while (g.minBlocksPerSM > 1 && (g.minBlocksPerSM * g.threads > kMaxThreadsPerSM ||
                                  registerCap(g.minBlocksPerSM) < registersNeeded(g)))
    --g.minBlocksPerSM;
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel construction: a builder per kernel over a shared base (MatmulTile.h)
//===----------------------------------------------------------------------===//

void kopt::codegen::buildMatmulKernel(const MatmulInfo &info, const MatmulGeometry &geometry,
                                      StringRef kernelName) {
  if (info.matvec)
    buildMatvecKernel(info, geometry, kernelName);
  else if (geometry.wgmma)
    buildWgmmaKernel(info, geometry, kernelName);
  else if (geometry.tf32)
    buildMmaSyncKernel(info, geometry, kernelName);
  else
    buildSimtKernel(info, geometry, kernelName);
}
