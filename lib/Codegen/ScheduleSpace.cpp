//===- ScheduleSpace.cpp - schedule spaces as data ------------------------===//
#include "kopt/Codegen/ScheduleSpace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <map>
#include <memory>
#include <mutex>

using namespace kopt::codegen;

const Decision *ScheduleSpace::find(llvm::StringRef name) const {
  const Decision *it = llvm::find_if(decisions, [&](const Decision &d) { return d.name == name; });
  return it == decisions.end() ? nullptr : it;
}

llvm::Expected<DecisionList> kopt::codegen::toDecisionList(mlir::DictionaryAttr decisions) {
  DecisionList list;
  for (mlir::NamedAttribute entry : decisions) {
    std::string name = entry.getName().str();
    if (auto flag = llvm::dyn_cast<mlir::BoolAttr>(entry.getValue()))
      list.emplace_back(name, flag.getValue() ? 1 : 0);
    else if (auto value = llvm::dyn_cast<mlir::IntegerAttr>(entry.getValue()))
      list.emplace_back(name, value.getValue().getSExtValue());
    else
      return llvm::createStringError(
          llvm::formatv("decision '{0}' is neither an integer nor a boolean", name));
  }
  return list;
}

static std::string describe(const Decision &decision, int64_t value) {
  if (decision.isBool && (value == 0 || value == 1))
    return value ? "true" : "false";
  return std::to_string(value);
}

llvm::Expected<llvm::SmallVector<int64_t>>
kopt::codegen::resolveDecisions(const ScheduleSpace &space, const DecisionList &given) {
  llvm::SmallVector<int64_t> values;
  for (const Decision &decision : space.decisions)
    values.push_back(decision.defaultValue);
  for (const auto &[name, value] : given) {
    const Decision *decision = space.find(name);
    if (!decision) {
      std::string known = llvm::join(
          llvm::map_range(space.decisions, [](const Decision &d) { return d.name.str(); }), ", ");
      return llvm::createStringError(llvm::formatv(
          "'{0}' is not a decision of the {1} space (its decisions: {2})", name, space.family,
          known));
    }
    if (!llvm::is_contained(decision->domain, value)) {
      std::string domain = llvm::join(
          llvm::map_range(decision->domain, [&](int64_t v) { return describe(*decision, v); }),
          ", ");
      return llvm::createStringError(
          llvm::formatv("decision '{0}' = {1} is not in its domain {{{2}}", name,
                        describe(*decision, value), domain));
    }
    values[decision - space.decisions.begin()] = value;
  }
  return values;
}

static constexpr int64_t kVectorDomain[] = {1, 2, 4};
static constexpr int64_t kPerThreadDomain[] = {1, 2, 4, 8};
static constexpr int64_t kBlockDomain[] = {64, 128, 256, 512, 1024};
static constexpr int64_t kBoolDomain[] = {0, 1};
static constexpr int64_t kBlocksPerSMDomain[] = {1, 2, 4, 8, 16, 32};

static const Decision kElementwiseDecisions[] = {
    {"vector", kVectorDomain, 4, false,
     "elements per load and store (16-byte accesses for 4 x f32). The kernel uses the largest "
     "power of two <= this that divides the contiguous extent (the element count, or the "
     "innermost dimension when an operand broadcasts), and 1 when an operand is transposed or "
     "not byte-sized, or the body has an op without a vector form"},
    {"per_thread", kPerThreadDomain, 1, false,
     "vectors per thread per step, a block apart (coalesced)"},
    {"block", kBlockDomain, 256, false, "threads per block"},
    {"grid_stride", kBoolDomain, 0, true,
     "false: one step per block, as many blocks as steps; true: blocks_per_sm x SMs blocks loop "
     "over the steps (fewer if there are fewer steps). A one-shot grid over 2^31 - 1 blocks "
     "becomes grid-stride"},
    {"blocks_per_sm", kBlocksPerSMDomain, 4, false,
     "resident blocks per SM of a grid-stride grid; ignored when grid_stride is false"},
};

static const ScheduleSpace kElementwiseSpace = {
    "elementwise",
    "linalg ops with only parallel iterators, static shapes and projected-permutation maps",
    kElementwiseDecisions};

static constexpr int64_t kBlockTileDomain[] = {32, 64, 128};
static constexpr int64_t kBlockKDomain[] = {8, 16, 32};
static constexpr int64_t kThreadTileDomain[] = {1, 2, 4, 8};
static constexpr int64_t kUnrollKDomain[] = {1, 2, 4, 8};
static constexpr int64_t kStagesDomain[] = {1, 2, 3};

static const Decision kMatmulDecisions[] = {
    {"block_m", kBlockTileDomain, 128, false,
     "output rows per block; clamped to the power of two >= M. A matvec uses block_m / 16 "
     "warps per block, one output row each"},
    {"block_n", kBlockTileDomain, 128, false,
     "output columns per block; clamped to the power of two >= N. Ignored by a matvec"},
    {"block_k", kBlockKDomain, 8, false,
     "K extent of the shared-memory tiles; clamped to the power of two >= K. A matvec keeps "
     "block_k / 8 partial sums per lane"},
    {"thread_m", kThreadTileDomain, 8, false,
     "output rows per thread (registers); clamped to block_m, and doubled (with thread_n, the "
     "smaller first) while a block would have more than 1024 threads"},
    {"thread_n", kThreadTileDomain, 8, false, "output columns per thread; as thread_m"},
    {"vector", kVectorDomain, 4, false,
     "elements per global load, cp.async copy, shared-memory fragment read and output store "
     "(16 bytes for 4 x f32): for each operand the largest power of two <= this that divides "
     "its innermost extent and its tile; fragment reads are at most the thread tile wide"},
    {"unroll_k", kUnrollKDomain, 4, false,
     "K steps per iteration of the inner loop over a shared-memory tile (fragments of all of "
     "them are read before the FMAs); clamped to block_k"},
    {"stages", kStagesDomain, 2, false,
     "shared-memory buffers per operand: 1 loads, waits and computes in turn; 2 prefetches the "
     "next tile while computing this one (through registers without cp_async); 3 keeps two "
     "tiles in flight with cp_async, and is 2 without. Reduced while the tiles exceed 48 KiB"},
    {"cp_async", kBoolDomain, 0, true,
     "copy the tiles global -> shared with cp.async (cp.async.cg for 16 bytes) in commit "
     "groups, `stages` - 1 of them in flight; false: vector loads and shared stores"},
    {"tf32", kBoolDomain, 0, true,
     "tensor cores: warps of up to 64 x 64 outputs run m16n8k8 mma.sync on TF32 operands, fed "
     "by a cp.async pipeline of `stages` + 1 buffers in dynamic shared memory (fewer while over "
     "113 KiB, so that two blocks fit on an SM); thread_m, thread_n, vector, unroll_k and "
     "cp_async do not apply. Honoured only where the task's tolerance admits TF32 rounding "
     "(tf32Admitted in Matmul.h; not at KernelBench's 1e-4 for K = 4096), else the f32 kernel "
     "of the other decisions"},
    {"wgmma", kBoolDomain, 0, true,
     "with tf32, on Hopper (sm_90; the PTX targets sm_90a): warpgroups of 128 threads, one per "
     "64 output columns (block_n, at least 64), run asynchronous m64nNk8 TF32 wgmma with N = "
     "block_m, reading A's tile from shared memory in the canonical K-major layout and B's as "
     "register fragments. Only where A is K-contiguous and K a multiple of 4, else mma.sync"},
};

static const ScheduleSpace kMatmulSpace = {
    "matmul",
    "contractions (matmul, batch_matmul, transposed operands, matvec) of f32 into a fill, "
    "optionally with an elementwise epilogue",
    kMatmulDecisions};

const ScheduleSpace &kopt::codegen::elementwiseSpace() { return kElementwiseSpace; }

static constexpr int64_t kThreadsPerOutputDomain[] = {1, 4, 16, 32, 128, 1024};
static constexpr int64_t kUnrollDomain[] = {1, 2, 4, 8};

static const Decision kReductionDecisions[] = {
    {"threads_per_output", kThreadsPerOutputDomain, 32, false,
     "threads that reduce one output together, each taking every n-th chunk of the reduced axis "
     "(one thread, a warp, a block per output row). At most `block`, at most the chunks of the "
     "axis (rounded down to a power of two), and, when the reduced axis is not innermost, at "
     "most block / 32 so that a warp reads 32 consecutive outputs' elements (coalesced)"},
    {"block", kBlockDomain, 256, false,
     "threads per block: threads_per_output x outputs per block"},
    {"vector", kVectorDomain, 4, false,
     "elements per load along the contiguous axis: of the reduced axis when it is innermost, else "
     "of the kept innermost axis (a thread then computes `vector` adjacent outputs). Falls back "
     "to the largest power of two <= this that divides that axis, and to 1 for elements that are "
     "not byte-sized"},
    {"unroll", kUnrollDomain, 4, false,
     "loads each thread has in flight per loop step along the reduced axis"},
    {"shuffle", kBoolDomain, 1, true,
     "true: threads of one warp combine their partial results with warp shuffles (then shared "
     "memory across warps); false: a shared-memory tree. Threads of one output are in different "
     "warps when the reduced axis is not innermost: they always use the tree"},
};

static const ScheduleSpace kReductionSpace = {
    "reduction",
    "one linalg op reducing one axis (from a fill, with an optional elementwise epilogue), static "
    "shapes, inputs read as they are stored",
    kReductionDecisions};

const ScheduleSpace &kopt::codegen::reductionSpace() { return kReductionSpace; }

static constexpr int64_t kBlockQDomain[] = {8, 16, 32, 64};
static constexpr int64_t kBlockKVDomain[] = {16, 32, 64};
static constexpr int64_t kChunkEDomain[] = {8, 16, 32};
static constexpr int64_t kThreadScoreDomain[] = {1, 2, 4};
static constexpr int64_t kHeadSplitDomain[] = {1, 2, 4, 8};

static const Decision kAttentionDecisions[] = {
    {"block_q", kBlockQDomain, 32, false,
     "query rows of one batch entry per block; the largest power of two <= this that divides "
     "the rows"},
    {"block_kv", kBlockKVDomain, 32, false,
     "keys per tile of the walk over the keys: the score tile is block_q x block_kv, and its "
     "exponentials go to shared memory for the product with V; the largest power of two <= "
     "this that divides the keys"},
    {"chunk_e", kChunkEDomain, 16, false,
     "head-dim extent of the Q and K chunks staged in shared memory per step of a score tile; "
     "the largest power of two <= this that divides the head dim"},
    {"thread_q", kThreadScoreDomain, 2, false,
     "query rows per thread, of the score tile and of the output; clamped to block_q, doubled "
     "while a block would have more than 1024 threads, halved while the thread would hold more "
     "than 128 output accumulators that a larger head_split cannot share"},
    {"thread_kv", kThreadScoreDomain, 2, false,
     "keys per thread of the score tile: a row's block_kv / thread_kv lanes (consecutive "
     "threads of a warp) combine its max and sum with shuffles. Clamped to block_kv, doubled "
     "while a row would have more than 32 lanes or its lanes do not divide the block's output "
     "columns"},
    {"head_split", kHeadSplitDomain, 2, false,
     "blocks per query tile, each computing head_dim / head_split output columns and "
     "recomputing the scores: more parallelism and fewer registers against more score "
     "arithmetic. The largest power of two <= this that divides V's head dim, doubled while a "
     "thread would hold more than 128 output accumulators (thread_q x its columns)"},
    {"vector", kVectorDomain, 4, false,
     "elements per access along the head dims: global loads and shared reads of the Q and K "
     "chunks (the largest power of two <= this dividing chunk_e), V loads, shared reads and "
     "output stores (dividing a lane's columns); 16 bytes for 4 x f32"},
};

static const ScheduleSpace kAttentionSpace = {
    "attention",
    "softmax(Q K^T * scale) V over the keys, fused (flash-attention style), f32, Q, K, V and "
    "out [batch..., rows, head dim]",
    kAttentionDecisions};

const ScheduleSpace &kopt::codegen::attentionSpace() { return kAttentionSpace; }

const ScheduleSpace &kopt::codegen::matmulSpace() { return kMatmulSpace; }

static const Decision kGlobalReductionDecisions[] = {
    {"block", kBlockDomain, 256, false,
     "threads per block of the kernels that sweep the elements (the partial sums, and the final "
     "elementwise op where there is one). The kernel that adds the partials runs one block of "
     "the power of two >= the number of partials, between 32 and 1024"},
    {"vector", kVectorDomain, 4, false,
     "elements per load (16-byte ld.global.v4 for 4 x f32) and per store of the final "
     "elementwise op: the largest power of two <= this that divides the element count and the "
     "extent of every broadcast input; 1 for elements that are not byte-sized"},
    {"unroll", kUnrollDomain, 4, false,
     "vector loads each thread issues before it folds them (loads in flight), per step of its "
     "grid-stride loop"},
    {"blocks_per_sm", kBlocksPerSMDomain, 4, false,
     "blocks per SM of the grid-stride grid (blocks_per_sm x SMs blocks, fewer when there are "
     "fewer than `block` vectors per block); also the number of partial results the one-block "
     "second kernel adds"},
};

static const ScheduleSpace kGlobalReductionSpace = {
    "global_reduction",
    "a reduction of every element of static tensors into rank-0 results (losses, sums, norms), "
    "with an optional epilogue on them and an optional elementwise op over a tensor reading them",
    kGlobalReductionDecisions};

const ScheduleSpace &kopt::codegen::globalReductionSpace() { return kGlobalReductionSpace; }

static constexpr int64_t kItemsPerThreadDomain[] = {1, 2, 4, 8, 16};

static const Decision kScanDecisions[] = {
    {"block", kBlockDomain, 256, false,
     "threads per block. A block scans one row, walking it in chunks of block x "
     "items_per_thread elements: fewer threads when fewer cover the row (at least a warp). With "
     "warp_per_row, block / 32 rows per block (fewer when there are fewer rows)"},
    {"items_per_thread", kItemsPerThreadDomain, 4, false,
     "consecutive elements a thread scans in registers per chunk, before the threads' totals are "
     "scanned across the warp (shuffles) and the warps (shared memory); at most the row's length "
     "rounded up to a power of two"},
    {"vector", kVectorDomain, 4, false,
     "elements per load and store (16 bytes for 4 x f32): the largest power of two <= this that "
     "divides items_per_thread and the row's length; 1 when the scanned axis is not innermost. "
     "Elements that are not byte-sized (i1 masks) are loaded one by one"},
    {"warp_per_row", kBoolDomain, 0, true,
     "true: each warp scans a row of its own, with shuffles only (for short rows); false: the "
     "block scans a row, through shared memory and two barriers per chunk"},
};

static const ScheduleSpace kScanSpace = {
    "scan",
    "a loop along one axis carrying a running combination (cumsum, cumprod, reverse, exclusive, "
    "of an elementwise function of the inputs) with an associative op, static shapes",
    kScanDecisions};

const ScheduleSpace &kopt::codegen::scanSpace() { return kScanSpace; }

// The normalization family (Normalization.h): statistics of each group of elements (a row, or
// the elements of a set of axes), then an elementwise op reading the input with them.
//
//   decision            domain               default  meaning (fallback)
//   threads_per_group   1, 8, 32, 128, 256,  256      threads computing one group (a thread, a
//                       512, 1024                     warp, a block)
//   block               64 ... 1024          256      threads per block
//   vector              1, 2, 4              4        elements per load and store
//   one_pass            false, true          true     online statistics in one read
//   cache_in_registers  false, true          true     the group's values stay in registers
static constexpr int64_t kThreadsPerGroupDomain[] = {1, 8, 32, 128, 256, 512, 1024};

static const Decision kNormalizationDecisions[] = {
    {"threads_per_group", kThreadsPerGroupDomain, 256, false,
     "threads that compute one group together (a thread, part of a warp, a warp, a block): "
     "each takes every n-th vector of the group; their partial statistics combine with warp "
     "shuffles, then through shared memory across warps. At most `block` and at most the "
     "group's vectors (rounded down to a power of two). When the group's axes are not the "
     "innermost ones (strided groups), threadIdx.x runs along the contiguous kept axis and the "
     "group's threads are in different warps: at most block / 32 of them, combining through "
     "shared memory"},
    {"block", kBlockDomain, 256, false,
     "threads per block: threads_per_group x groups per block (fewer groups per block when "
     "there are fewer groups, or while a strided block's shared memory exceeds 48 KiB)"},
    {"vector", kVectorDomain, 4, false,
     "elements per load and store along the contiguous axis (the group's innermost axis, or for "
     "strided groups the kept innermost one: a thread then computes `vector` adjacent groups). "
     "The largest power of two <= this that divides the innermost extent; 1 for elements that "
     "are not byte-sized"},
    {"one_pass", kBoolDomain, 1, true,
     "true: every statistic from one read of the group, with online forms of those that read "
     "an earlier one (sum of exp(x - max): a running max and a rescaled sum; sum of (x - mean)^2: "
     "sums of x - c and (x - c)^2 around the group's first element c); false, or a statistic "
     "with no online form: one read per link of the chain"},
    {"cache_in_registers", kBoolDomain, 1, true,
     "true: each thread keeps its share of the group in registers between the statistics and "
     "the normalizing pass, so the input is read once; only where that share is at most 64 "
     "elements per thread (else the passes read it again)"},
};

static const ScheduleSpace kNormalizationSpace = {
    "normalization",
    "statistics of groups of elements (chained reductions over the same axes) followed by an "
    "elementwise op reading the input with them: softmax, layer/batch/instance/group/RMS norm",
    kNormalizationDecisions};

const ScheduleSpace &kopt::codegen::normalizationSpace() { return kNormalizationSpace; }

static constexpr int64_t kWindowOutputsDomain[] = {1, 2, 4, 8};
static constexpr int64_t kWindowUnrollDomain[] = {1, 2, 4, 8, 16};

static const Decision kWindowDecisions[] = {
    {"outputs_x", kWindowOutputsDomain, 4, false,
     "consecutive outputs per thread along the innermost output dimension: their overlapping "
     "input windows are loaded once. At most the power of two <= that extent; a tile crossing "
     "the end is moved back to end there (two threads store the same outputs)"},
    {"outputs_channel", kWindowOutputsDomain, 4, false,
     "outputs per thread along the output channel (a parallel loop the data input does not "
     "read: a convolution's filters), each data element loaded once for all of them. 1 when "
     "there is none (pooling, depthwise); at most the power of two <= its extent, moved back at "
     "the end as outputs_x"},
    {"block", kBlockDomain, 256, false,
     "threads per block, consecutive threads on consecutive tiles along the innermost output "
     "dimension (coalesced); fewer when there are fewer tiles"},
    {"unroll", kWindowUnrollDomain, 8, false,
     "iterations of the innermost reduction loop per step (then the rest); a loop whose extent "
     "is at most this is unrolled completely, so that overlapping windows share their loads"},
};

static const ScheduleSpace kWindowSpace = {
    "window",
    "one linalg op with reductions reading task inputs through affine windows (convolutions, "
    "pooling), through pads, strided inserted slices and reshapes, from a fill, with an "
    "optional elementwise epilogue",
    kWindowDecisions};

const ScheduleSpace &kopt::codegen::windowSpace() { return kWindowSpace; }

llvm::ArrayRef<const ScheduleSpace *> kopt::codegen::allScheduleSpaces() {
  static const ScheduleSpace *const spaces[] = {
      &kElementwiseSpace, &kReductionSpace,     &kMatmulSpace, &kGlobalReductionSpace,
      &kScanSpace,        &kNormalizationSpace, &kWindowSpace, &kAttentionSpace};
  return spaces;
}

namespace {
/// A chained space and the storage its names and tables point into.
struct ChainStorage {
  std::deque<std::string> strings; // stable addresses for the StringRefs
  std::vector<Decision> decisions;
  std::vector<const ScheduleSpace *> stages;
  ScheduleSpace space;

  llvm::StringRef keep(std::string text) { return strings.emplace_back(std::move(text)); }
};
} // namespace

const ScheduleSpace &kopt::codegen::chainSpace(llvm::ArrayRef<const ScheduleSpace *> stages) {
  static std::mutex mutex;
  static std::map<std::vector<const ScheduleSpace *>, std::unique_ptr<ChainStorage>> chains;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<ChainStorage> &chain = chains[stages.vec()];
  if (chain)
    return chain->space;
  chain = std::make_unique<ChainStorage>();
  chain->stages = stages.vec();
  for (auto [k, stage] : llvm::enumerate(stages))
    for (const Decision &decision : stage->decisions)
      chain->decisions.push_back(
          {chain->keep(llvm::formatv("s{0}.{1}", k, decision.name).str()), decision.domain,
           decision.defaultValue, decision.isBool,
           chain->keep(llvm::formatv("stage {0} ({1}): {2}", k, stage->family, decision.help))});
  std::string family = llvm::join(
      llvm::map_range(stages, [](const ScheduleSpace *stage) { return stage->family.str(); }),
      " + ");
  chain->space = {chain->keep(family),
                  chain->keep("the payload cut at intermediate tensors into stages, one kernel "
                              "family each, the intermediates in scratch buffers"),
                  chain->decisions, chain->stages};
  return chain->space;
}
