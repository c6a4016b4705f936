//===- ScheduleSpace.cpp - schedule spaces as data ------------------------===//
#include "kopt/Codegen/ScheduleSpace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

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

llvm::ArrayRef<const ScheduleSpace *> kopt::codegen::allScheduleSpaces() {
  static const ScheduleSpace *const spaces[] = {&kElementwiseSpace, &kReductionSpace,
                                                &kAttentionSpace, &kMatmulSpace};
  return spaces;
}
