//===- Families.td - kopt's op families and their decisions -*- tablegen -*-===//
//
// The one definition of every family's schedule space: each decision's name, Schedule member,
// domain, default and help. The families are listed in the order of allScheduleSpaces(), which
// fixes the layout of the policy's parameters (lib/Learn, policies/*.json): a new family goes at
// the end. How each family is offered payloads is its registration's (Family.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_FAMILIES_TD
#define KOPT_CODEGEN_FAMILIES_TD

include "kopt/Codegen/ScheduleSpaceBase.td"

defvar VectorDomain = [1, 2, 4];
defvar BlockDomain = [64, 128, 256, 512, 1024];
defvar BlocksPerSMDomain = [1, 2, 4, 8, 16, 32];

// The families whose kernels compute transcendental functions or divisions offer them
// approximated (lib/Codegen/FastMath.h); `what` says where they occur in the family's kernels.
class FastMathDecision<string what>
    : BoolDecision<"fast_math", "fastMath", false, !strconcat([{
      true: f32 exp, exp2, log, log2, log1p, sqrt, rsqrt, division and tanh (sm_75 and later)
      }], what, [{
      use PTX's approximate instructions (ex2, lg2, rsqrt, sqrt, div, tanh .approx, subnormals
      flushed to zero) instead of libdevice's accurate routines and IEEE division; whether the
      result is close enough is the task's tolerance's to say (kb-verify). Changes nothing where
      there are none of these ops (erf, f64 and the rest stay accurate)
    }])>;

def ElementwiseFamily : Family<"elementwise", "Elementwise"> {
  let summary = [{
    linalg ops with only parallel iterators, static shapes and projected-permutation maps
  }];
  let decisions = [
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per load and store (16-byte accesses for 4 x f32). The kernel uses the largest
      power of two <= this that divides the contiguous extent (the element count, or the
      innermost dimension when an operand broadcasts), and 1 when an operand is transposed or
      not byte-sized, or the body has an op without a vector form
    }]>,
    IntDecision<"per_thread", "perThread", [1, 2, 4, 8], 1, [{
      vectors per thread per step, a block apart (coalesced)
    }]>,
    IntDecision<"block", "block", BlockDomain, 256, "threads per block">,
    BoolDecision<"grid_stride", "gridStride", false, [{
      false: one step per block, as many blocks as steps; true: blocks_per_sm x SMs blocks loop
      over the steps (fewer if there are fewer steps). A one-shot grid over 2^31 - 1 blocks
      becomes grid-stride
    }]>,
    IntDecision<"blocks_per_sm", "blocksPerSM", BlocksPerSMDomain, 4, [{
      resident blocks per SM of a grid-stride grid; ignored when grid_stride is false
    }]>,
    FastMathDecision<[{
      in the op's body (sigmoid, softplus, ELU, SELU, softsign, tanh, the tanh form of GELU)
    }]>
  ];
}

def ReductionFamily : Family<"reduction", "Reduction"> {
  let summary = [{
    one linalg op reducing one axis (from a fill, with an optional elementwise epilogue), static
    shapes, inputs read as they are stored
  }];
  let decisions = [
    IntDecision<"threads_per_output", "threadsPerOutput", [1, 4, 16, 32, 128, 1024], 32, [{
      threads that reduce one output together, each taking every n-th chunk of the reduced axis
      (one thread, a warp, a block per output row). At most `block`, at most the chunks of the
      axis (rounded down to a power of two), and, when the reduced axis is not innermost, at
      most block / 32 so that a warp reads 32 consecutive outputs' elements (coalesced)
    }]>,
    IntDecision<"block", "block", BlockDomain, 256, [{
      threads per block: threads_per_output x outputs per block
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per load along the contiguous axis: of the reduced axis when it is innermost,
      else of the kept innermost axis (a thread then computes `vector` adjacent outputs). Falls
      back to the largest power of two <= this that divides that axis, and to 1 for elements
      that are not byte-sized
    }]>,
    IntDecision<"unroll", "unroll", [1, 2, 4, 8], 4, [{
      loads each thread has in flight per loop step along the reduced axis
    }]>,
    BoolDecision<"shuffle", "shuffle", true, [{
      true: threads of one warp combine their partial results with warp shuffles (then shared
      memory across warps); false: a shared-memory tree. Threads of one output are in different
      warps when the reduced axis is not innermost: they always use the tree
    }]>,
    FastMathDecision<[{
      in the element body and the epilogue (a mean's division, a log of the sum)
    }]>,
    IntDecision<"split", "split", [1, 2, 4, 8, 16], 1, [{
      blocks per output that each reduce an equal slice of the axis and add their partial, through
      the epilogue, into the output with a float atomic (atom.global.add.f32) after a first
      kernel zeroes the outputs: more blocks when there are few outputs and a long axis, at the
      cost of a summation order that differs from run to run. Only for an f32 sum from a zero
      fill whose outputs are linear in it (no epilogue, or a scale: mean's 1 / n); else 1
      (max, min, prod, argmax, a nonlinear epilogue, other types). The largest power of two <=
      this that divides the axis's chunks and leaves at least 32 chunks per slice, else 1
    }]>
  ];
}

def MatmulFamily : Family<"matmul", "Matmul"> {
  let summary = [{
    contractions (matmul, batch_matmul, transposed operands, matvec, 1x1 convolutions) of f32
    into a fill, optionally with an elementwise epilogue
  }];
  let decisions = [
    IntDecision<"block_m", "blockM", [32, 64, 128, 256], 128, [{
      output rows per block; clamped to the power of two >= M. A matvec uses block_m / 16 warps
      per block, one output row each
    }]>,
    IntDecision<"block_n", "blockN", [32, 64, 128, 256], 128, [{
      output columns per block; clamped to the power of two >= N. Ignored by a matvec
    }]>,
    IntDecision<"block_k", "blockK", [8, 16, 32], 8, [{
      K extent of the shared-memory tiles; clamped to the power of two >= K. A matvec keeps
      block_k / 8 partial sums per lane
    }]>,
    IntDecision<"thread_m", "threadM", [1, 2, 4, 8, 16], 8, [{
      output rows per thread (registers); clamped to block_m, doubled (with thread_n, the
      smaller first) while a block would have more than 1024 threads, and halved (with
      thread_n, the larger first) while the thread's accumulators and fragments would pass
      255 registers
    }]>,
    IntDecision<"thread_n", "threadN", [1, 2, 4, 8, 16], 8, [{
      output columns per thread; as thread_m
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per global load, cp.async copy, shared-memory fragment read and output store (16
      bytes for 4 x f32): for each operand the largest power of two <= this that divides its
      innermost extent and its tile; fragment reads are at most the thread tile wide
    }]>,
    IntDecision<"unroll_k", "unrollK", [1, 2, 4, 8], 4, [{
      K steps per iteration of the inner loop over a shared-memory tile (fragments of all of
      them are read before the FMAs); clamped to block_k
    }]>,
    IntDecision<"stages", "stages", [1, 2, 3], 2, [{
      shared-memory buffers per operand: 1 loads, waits and computes in turn; 2 prefetches the
      next tile while computing this one (through registers without cp_async); 3 keeps two tiles
      in flight with cp_async, and is 2 without. Tiles over 48 KiB live in dynamic shared
      memory; reduced while they exceed 113 KiB (two blocks per SM fit), or 227 KiB for a
      wgmma block whose accumulators leave registers for one block an SM
    }]>,
    BoolDecision<"cp_async", "cpAsync", false, [{
      copy the tiles global -> shared with cp.async (cp.async.cg for 16 bytes) in commit groups,
      `stages` - 1 of them in flight; false: vector loads and shared stores
    }]>,
    BoolDecision<"tf32", "tf32", false, [{
      tensor cores: warps of up to 64 x 64 outputs run m16n8k8 mma.sync on TF32 operands, fed by
      a cp.async pipeline of `stages` + 1 buffers in dynamic shared memory (fewer while over 113
      KiB, so that two blocks fit on an SM, as `stages` says); thread_m, thread_n, vector,
      unroll_k and cp_async do not apply. Operands are rounded to TF32's 10-bit mantissa
      (about 5e-4 relative error per product): the verifier judges the result at the task's
      tolerance, which KernelBench's fp32 1e-4 usually rejects for long K and looser ones
      admit. Ignored by a matvec
    }]>,
    BoolDecision<"wgmma", "wgmma", false, [{
      with tf32, on Hopper (sm_90; the PTX targets sm_90a): warpgroups of 128 threads, one per
      64 output columns (block_n, at least 64), run asynchronous m64nNk8 TF32 wgmma with N =
      block_m, reading A's tile from shared memory in the canonical K-major layout and B's as
      register fragments. Only where A is K-contiguous and K a multiple of 4, else mma.sync
    }]>,
    IntDecision<"split_k", "splitK", [1, 2, 4, 8, 16, 32, 64], 1, [{
      blocks along K per output tile (the grid's z), each over a run of K tiles: fills the SMs
      when M x N has few tiles and K is long. Their partial tiles are added as split_k_atomic
      says. Reduced so that each split has at least one block_k tile, and so that ordered
      partials take at most 256 MiB; 1 for a matvec
    }]>,
    IntDecision<"min_blocks_per_sm", "minBlocksPerSM", [1, 2, 3, 4], 1, [{
      blocks a multiprocessor must hold at once (PTX .minnctapersm): ptxas keeps a thread's
      registers within 64K / (this x threads), spilling if it must, so that more warps hide the
      latency of shared-memory reads and barriers in a kernel its registers limit; 1 leaves the
      registers to ptxas. Reduced while this x threads exceeds 2048, and while the cap is
      below what a thread needs, about (its accumulators and the fragments it reads before
      using them, twice with split_tf32, and 32 more), rather than spill. Ignored by a matvec
    }]>,
    BoolDecision<"split_k_atomic", "splitKAtomic", true, [{
      with split_k > 1: true, each split adds its partial tile through the epilogue into the
      output with float atomic adds (atom.global.add.f32) after a kernel that initializes the
      output; the order of the additions varies, so the result is nondeterministic. false (and
      where the epilogue is not additive in the accumulator: a mask or a scale is, a ReLU is
      not): each split stores its partial tile to scratch, and a last kernel adds them in split
      order to the fill value and applies the epilogue, the same result on every run for the
      cost of writing and reading split_k copies of the output
    }]>,
    BoolDecision<"strided_rows", "stridedRows", false, [{
      f32 kernel, where A's tile runs along K (A row-major): a thread's rows strided by the
      block's thread rows, so that a warp reads consecutive rows of the padded tile, instead of
      contiguous (4 padded rows apart, 2 groups of 4 banks, which costs nothing while a warp spans
      at most 2 thread rows). Ignored by the TF32 kernels and a matvec
    }]>,
    IntDecision<"warp_cols", "warpCols", [4, 8, 16, 32], 32, [{
      f32 kernel: thread columns a warp spans (its 32 threads then span 32 / this thread rows),
      so that a warp's tile is square-ish and its fragment reads touch fewer distinct addresses
      of B's tile; 32 (the default) lays threads out row by row over the block. Clamped to the
      block's thread columns; row by row where the block's thread rows are not a multiple of
      32 / this. Ignored by the TF32 kernels and a matvec
    }]>,
    BoolDecision<"split_tf32", "splitTf32", false, [{
      with tf32 (mma.sync or wgmma): each operand element x is split into big, x with its low 13
      mantissa bits cleared (exactly TF32), and small = x - big (exact in f32), and each product
      is three tensor-core products added in the f32 accumulators, small x big + big x small +
      big x big, dropping only small x small: about 2^-20 relative error per product, near f32's,
      where plain TF32 makes 2^-10, for three times the tensor-core work. wgmma, which reads A
      from shared memory, gets A's small parts from a second tile the threads write before each
      K tile's products. Ignored without tf32
    }]>,
    BoolDecision<"direct", "direct", false, [{
      true: a convolution that the window family also takes, built by it (its direct kernel,
      with the s0.* decisions) instead of as an implicit GEMM: where M or K is small, a GEMM's
      tiles run mostly empty; a depthwise convolution feeding a pointwise one, the chain through
      memory (s0.* window, s1.* matmul) instead of one kernel computing the depthwise result as
      the GEMM's B. The other decisions then do not apply. Ignored where neither a later family
      nor a chain takes the payload (every payload but those) and in a chain's stages
    }]>,
    BoolDecision<"wgmma_shared_b", "wgmmaSharedB", false, [{
      with wgmma, without split_tf32: B's tile too in shared memory in the swizzled K-major
      layout (copied with cp.async; where B runs along N, from a K-major copy a first launch
      makes in scratch, up to 256 MiB), so that the tensor cores read both operands from
      shared memory and no register operand holds a wgmma group back: with 3 or more buffers
      each K tile's group stays in flight while the next tile's copies go out, which then run
      one tile less ahead. Not for a gathered or produced B
    }]>
  ];
}

def GlobalReductionFamily : Family<"global_reduction", "GlobalReduction"> {
  let summary = [{
    a reduction of every element of static tensors into rank-0 results (losses, sums, norms),
    with an optional epilogue on them and an optional elementwise op over a tensor reading them
  }];
  let decisions = [
    IntDecision<"block", "block", BlockDomain, 256, [{
      threads per block of the kernels that sweep the elements (the partial sums, and the final
      elementwise op where there is one). The kernel that adds the partials runs one block of
      the power of two >= the number of partials, between 32 and 1024
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per load (16-byte ld.global.v4 for 4 x f32) and per store of the final
      elementwise op: the largest power of two <= this that divides the element count and the
      extent of every broadcast input; 1 for elements that are not byte-sized
    }]>,
    IntDecision<"unroll", "unroll", [1, 2, 4, 8], 4, [{
      vector loads each thread issues before it folds them (loads in flight), per step of its
      grid-stride loop
    }]>,
    IntDecision<"blocks_per_sm", "blocksPerSM", BlocksPerSMDomain, 4, [{
      blocks per SM of the grid-stride grid (blocks_per_sm x SMs blocks, fewer when there are
      fewer than `block` vectors per block); also the number of partial results the one-block
      second kernel adds
    }]>,
    FastMathDecision<[{
      in the element body, the epilogue and the final elementwise op (the exp and log of
      cross-entropy and KL divergence, a mean's division)
    }]>,
    BoolDecision<"atomic", "atomic", false, [{
      true: thread 0 of each block of the first kernel adds the block's partial, through the
      epilogue, into the rank-0 outputs with a float atomic (atom.global.add.f32) after a
      one-thread kernel zeroes them, instead of the one-block second kernel adding the partials
      in a fixed order: one launch and the scratch fewer, and a summation order that differs
      from run to run. Only where every accumulator is an f32 sum from a zero fill and every
      output is linear in the sums (no epilogue, or a scale: a mean's division), with no
      elementwise op after; else false (a norm's square root, x / ||x||, max, other types)
    }]>
  ];
}

def ScanFamily : Family<"scan", "Scan"> {
  let summary = [{
    a loop along one axis carrying a running combination (cumsum, cumprod, reverse, exclusive,
    of an elementwise function of the inputs) with an associative op, static shapes
  }];
  let decisions = [
    IntDecision<"block", "block", BlockDomain, 256, [{
      threads per block. A block scans one row, walking it in chunks of block x items_per_thread
      elements: fewer threads when fewer cover the row (at least a warp). With warp_per_row,
      block / 32 rows per block (fewer when there are fewer rows)
    }]>,
    IntDecision<"items_per_thread", "itemsPerThread", [1, 2, 4, 8, 16], 4, [{
      consecutive elements a thread scans in registers per chunk, before the threads' totals are
      scanned across the warp (shuffles) and the warps (shared memory); at most the row's length
      rounded up to a power of two
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per load and store (16 bytes for 4 x f32): the largest power of two <= this that
      divides items_per_thread and the row's length; 1 when the scanned axis is not innermost.
      Elements that are not byte-sized (i1 masks) are loaded one by one
    }]>,
    BoolDecision<"warp_per_row", "warpPerRow", false, [{
      true: each warp scans a row of its own, with shuffles only (for short rows); false: the
      block scans a row, through shared memory and two barriers per chunk
    }]>
  ];
}

def NormalizationFamily : Family<"normalization", "Normalization"> {
  let summary = [{
    statistics of groups of elements (chained reductions over the same axes) followed by an
    elementwise op reading the input with them: softmax, layer/batch/instance/group/RMS norm
  }];
  let decisions = [
    IntDecision<"threads_per_group", "threadsPerGroup", [1, 8, 32, 128, 256, 512, 1024], 256, [{
      threads that compute one group together (a thread, part of a warp, a warp, a block): each
      takes every n-th vector of the group; their partial statistics combine with warp shuffles,
      then through shared memory across warps. At most `block` and at most the group's vectors
      (rounded down to a power of two). When the group's axes are not the innermost ones
      (strided groups), threadIdx.x runs along the contiguous kept axis and the group's threads
      are in different warps: at most block / 32 of them, combining through shared memory
    }]>,
    IntDecision<"block", "block", BlockDomain, 256, [{
      threads per block: threads_per_group x groups per block (fewer groups per block when there
      are fewer groups, or while a strided block's shared memory exceeds 48 KiB)
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per load and store along the contiguous axis (the group's innermost axis, or for
      strided groups the kept innermost one: a thread then computes `vector` adjacent groups).
      The largest power of two <= this that divides the innermost extent; 1 for elements that
      are not byte-sized
    }]>,
    BoolDecision<"one_pass", "onePass", true, [{
      true: every statistic from one read of the group, with online forms of those that read an
      earlier one (sum of exp(x - max): a running max and a rescaled sum; sum of (x - mean)^2:
      sums of x - c and (x - c)^2 around the group's first element c); false, or a statistic
      with no online form: one read per link of the chain
    }]>,
    BoolDecision<"cache_in_registers", "cacheInRegisters", true, [{
      true: each thread keeps its share of the group in registers between the statistics and the
      normalizing pass, so the input is read once; only where that share is at most 64 elements
      per thread (else the passes read it again)
    }]>,
    FastMathDecision<[{
      in the statistics and the normalizing op (softmax's exp and division, log-softmax's log,
      the norms' sqrt; a division by a sqrt becomes a product with rsqrt.approx)
    }]>
  ];
}

def WindowFamily : Family<"window", "Window"> {
  let summary = [{
    one linalg op with reductions reading task inputs through affine windows (convolutions,
    pooling), through pads, strided inserted slices and reshapes, from a fill, with an optional
    elementwise epilogue
  }];
  let decisions = [
    IntDecision<"outputs_x", "outputsX", [1, 2, 4, 8], 4, [{
      consecutive outputs per thread along the innermost output dimension: their overlapping
      input windows are loaded once. At most the power of two <= that extent; a tile crossing
      the end is moved back to end there (two threads store the same outputs)
    }]>,
    IntDecision<"outputs_channel", "outputsChannel", [1, 2, 4, 8], 4, [{
      outputs per thread along the output channel (a parallel loop the data input does not read:
      a convolution's filters), each data element loaded once for all of them. 1 when there is
      none (pooling, depthwise); at most the power of two <= its extent, moved back at the end
      as outputs_x
    }]>,
    IntDecision<"block", "block", BlockDomain, 256, [{
      threads per block, consecutive threads on consecutive tiles along the innermost output
      dimension (coalesced); fewer when there are fewer tiles
    }]>,
    IntDecision<"unroll", "unroll", [1, 2, 4, 8, 16], 8, [{
      iterations of the innermost reduction loop per step (then the rest); a loop whose extent
      is at most this is unrolled completely, so that overlapping windows share their loads
    }]>
  ];
}

def AttentionFamily : Family<"attention", "Attention"> {
  let summary = [{
    softmax(Q K^T * scale) V over the keys, fused (flash-attention style), f32, Q, K, V and out
    [batch..., rows, head dim]
  }];
  let decisions = [
    IntDecision<"block_q", "blockQ", [8, 16, 32, 64], 32, [{
      query rows of one batch entry per block; the largest power of two <= this that divides the
      rows
    }]>,
    IntDecision<"block_kv", "blockKV", [16, 32, 64, 128], 32, [{
      keys per tile of the walk over the keys: the score tile is block_q x block_kv, and its
      exponentials go to shared memory for the product with V; the largest power of two <= this
      that divides the keys; at most 64 in the f32 kernel, halved in the tensor-core one while
      its shared memory would exceed 48 KiB and V's rows take more of it than the chunks (or
      the chunks are 8 deep already)
    }]>,
    IntDecision<"chunk_e", "chunkE", [8, 16, 32, 64, 128], 16, [{
      head-dim extent of the Q and K chunks staged in shared memory per step of a score tile;
      the largest power of two <= this that divides the head dim; at most 32 in the f32 kernel,
      halved in the tensor-core one while its shared memory would exceed 48 KiB and the chunks
      take more of it than V's rows
    }]>,
    IntDecision<"thread_q", "threadQ", VectorDomain, 2, [{
      query rows per thread, of the score tile and of the output; clamped to block_q, doubled
      while a block would have more than 1024 threads, halved while the thread would hold more
      than 128 output accumulators that a larger head_split cannot share
    }]>,
    IntDecision<"thread_kv", "threadKV", VectorDomain, 2, [{
      keys per thread of the score tile: a row's block_kv / thread_kv lanes (consecutive threads
      of a warp) combine its max and sum with shuffles. Clamped to block_kv, doubled while a row
      would have more than 32 lanes or its lanes do not divide the block's output columns
    }]>,
    IntDecision<"head_split", "headSplit", [1, 2, 4, 8], 2, [{
      blocks per query tile, each computing head_dim / head_split output columns and recomputing
      the scores: more parallelism and fewer registers against more score arithmetic. The
      largest power of two <= this that divides V's head dim, doubled while a thread would hold
      more than 128 output accumulators (thread_q x its columns)
    }]>,
    IntDecision<"vector", "vector", VectorDomain, 4, [{
      elements per access along the head dims: global loads and shared reads of the Q and K
      chunks (the largest power of two <= this dividing chunk_e), V loads, shared reads and
      output stores (dividing a lane's columns); 16 bytes for 4 x f32
    }]>,
    FastMathDecision<[{
      in the softmax (the scores' exp, the rescaling of the running sums, the final division)
    }]>,
    BoolDecision<"tf32", "tf32", false, [{
      tensor cores for both products: warps of 16 query rows run m16n8k8 mma.sync on TF32
      operands, the score tile's keys and the output's columns split among a row group's warps
      (up to 128 columns each, 256 where no finer split divides them), the tile's exponentials passed through shared memory as the
      second product's A; thread_q, thread_kv and vector do not apply. Operands rounded to TF32
      (about 5e-4 relative error per product): the verifier judges the result at the task's
      tolerance. Only where the rows are a multiple of 16 and the keys and both head dims of 8,
      and the tiles fit (a warp's columns, 48 KiB of shared memory); else the f32 kernel
    }]>,
    BoolDecision<"split_tf32", "splitTf32", false, [{
      with tf32: each operand split into its TF32 part and the remainder, three tensor-core
      products per product (as the matmul family's split_tf32), near-f32 accuracy for three times
      the tensor-core work. Ignored without tf32
    }]>,
    BoolDecision<"unfused", "unfused", false, [{
      true: the payload as the chain of its stages (Q K^T with the scale and mask, the softmax,
      the product with V), each built by its family with the s<k>.* decisions, the scores in a
      scratch buffer in global memory: for head dims so large that a fused block holds few query
      rows and re-reads K and V for each, two tiled matmuls can beat it. The other decisions
      then do not apply. Where the stages are not all taken by families, the fused kernel
    }]>
  ];
}

#endif // KOPT_CODEGEN_FAMILIES_TD
