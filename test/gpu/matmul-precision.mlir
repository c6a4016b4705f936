// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// The matmul family's precision decisions, judged at the task's own tolerance.
// split_k > 1 is correct on extents no tile divides, atomic (float atomics into the output after
// an init kernel) and ordered (partials in scratch, added by a last kernel), with the f32,
// mma.sync and wgmma kernels and an additive epilogue (triu).
// tf32 is emitted at any tolerance: with K = 4096 and inputs in [0, 1), the operands' truncation to
// 10 mantissa bits biases every product by about 5e-4 relative, well past atol = rtol = 1e-4, and
// well within 1e-2; split into three TF32 products (split_tf32) it is within 1e-4.

kb.task @odd_split tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<150x1000xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<1000x203xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<150x203xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<150x1000xf32>, %b: tensor<1000x203xf32>, %c: tensor<150x203xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<150x203xf32>) -> tensor<150x203xf32>
    %r = linalg.matmul ins(%a, %b : tensor<150x1000xf32>, tensor<1000x203xf32>) outs(%z : tensor<150x203xf32>) -> tensor<150x203xf32>
    kb.yield %r : tensor<150x203xf32>
  }
}
kb.candidate @split4 of @odd_split policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 4, cp_async = true, stages = 3}
kb.candidate @split16 of @odd_split policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 16, thread_m = 4, thread_n = 4}
kb.candidate @split8 of @odd_split policy decisions {block_m = 128, block_n = 32, block_k = 8, split_k = 8, vector = 1, stages = 1}
// CHECK: kb.candidate @split4 of @odd_split {{.*}}verdict <correct
// CHECK: kb.candidate @split16 of @odd_split {{.*}}verdict <correct
kb.candidate @ordered16 of @odd_split policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 16, thread_m = 4, thread_n = 4, split_k_atomic = false}
kb.candidate @ordered8 of @odd_split policy decisions {block_m = 128, block_n = 32, block_k = 8, split_k = 8, vector = 1, stages = 1, split_k_atomic = false}
// CHECK: kb.candidate @split8 of @odd_split {{.*}}verdict <correct
// CHECK: kb.candidate @ordered16 of @odd_split {{.*}}verdict <correct
// CHECK: kb.candidate @ordered8 of @odd_split {{.*}}verdict <correct
// split_tf32 at 1e-4 on extents no tile divides, alone and with atomic split-K.
kb.candidate @split_tf32_mma of @odd_split policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, split_tf32 = true}
kb.candidate @split_tf32_wgmma of @odd_split policy decisions {block_m = 64, block_n = 128, block_k = 16, split_k = 4, tf32 = true, wgmma = true, split_tf32 = true}
// CHECK: kb.candidate @split_tf32_mma of @odd_split {{.*}}verdict <correct
// CHECK: kb.candidate @split_tf32_wgmma of @odd_split {{.*}}verdict <correct

kb.task @odd_split_loose tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<150x1000xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<1000x203xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<150x203xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<150x1000xf32>, %b: tensor<1000x203xf32>, %c: tensor<150x203xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<150x203xf32>) -> tensor<150x203xf32>
    %r = linalg.matmul ins(%a, %b : tensor<150x1000xf32>, tensor<1000x203xf32>) outs(%z : tensor<150x203xf32>) -> tensor<150x203xf32>
    kb.yield %r : tensor<150x203xf32>
  }
}
kb.candidate @split_mma of @odd_split_loose policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 8, tf32 = true}
kb.candidate @split_wgmma of @odd_split_loose policy decisions {block_m = 64, block_n = 128, block_k = 16, split_k = 4, tf32 = true, wgmma = true}
kb.candidate @ordered_mma of @odd_split_loose policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 8, tf32 = true, split_k_atomic = false}
kb.candidate @ordered_wgmma of @odd_split_loose policy decisions {block_m = 64, block_n = 128, block_k = 16, split_k = 4, tf32 = true, wgmma = true, split_k_atomic = false}
// CHECK: kb.candidate @split_mma of @odd_split_loose {{.*}}verdict <correct
// CHECK: kb.candidate @split_wgmma of @odd_split_loose {{.*}}verdict <correct
// CHECK: kb.candidate @ordered_mma of @odd_split_loose {{.*}}verdict <correct
// CHECK: kb.candidate @ordered_wgmma of @odd_split_loose {{.*}}verdict <correct

kb.task @triu_split tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<70x450xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<450x70xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<70x70xf32>
  kb.reference "return torch.triu(a @ b)"
  kb.payload(%a: tensor<70x450xf32>, %b: tensor<450x70xf32>, %c: tensor<70x70xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<70x70xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
    %p = linalg.matmul ins(%a, %b : tensor<70x450xf32>, tensor<450x70xf32>) outs(%z : tensor<70x70xf32>) -> tensor<70x70xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%p : tensor<70x70xf32>) outs(%c : tensor<70x70xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %keep = arith.cmpi uge, %j, %i : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<70x70xf32>
    kb.yield %r : tensor<70x70xf32>
  }
}
kb.candidate @split_triu of @triu_split policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 4}
// CHECK: kb.candidate @split_triu of @triu_split {{.*}}verdict <correct

kb.task @tf32_strict tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<256x4096xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<4096x256xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<256x256xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%z : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %r : tensor<256x256xf32>
  }
}
kb.candidate @strict_f32 of @tf32_strict policy decisions {block_m = 64, block_n = 64, block_k = 32}
kb.candidate @strict_mma of @tf32_strict policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true}
kb.candidate @strict_wgmma of @tf32_strict policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, wgmma = true}
// CHECK: kb.candidate @strict_f32 of @tf32_strict {{.*}}verdict <correct
// CHECK: kb.candidate @strict_mma of @tf32_strict {{.*}}verdict <incorrect
// CHECK: kb.candidate @strict_wgmma of @tf32_strict {{.*}}verdict <incorrect
// split_tf32 (three TF32 products of big and small parts) is within 1e-4 where TF32 is not:
// mma.sync, wgmma, and wgmma with four buffers and two K steps per tile.
kb.candidate @strict_split_mma of @tf32_strict policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, split_tf32 = true}
kb.candidate @strict_split_wgmma of @tf32_strict policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, wgmma = true, split_tf32 = true}
kb.candidate @strict_split_wgmma_deep of @tf32_strict policy decisions {block_m = 128, block_n = 128, block_k = 16, stages = 3, tf32 = true, wgmma = true, split_tf32 = true}
// CHECK: kb.candidate @strict_split_mma of @tf32_strict {{.*}}verdict <correct
// CHECK: kb.candidate @strict_split_wgmma of @tf32_strict {{.*}}verdict <correct
// CHECK: kb.candidate @strict_split_wgmma_deep of @tf32_strict {{.*}}verdict <correct

// K = 8192, where the tensor cores' truncating accumulation, three products a K step, once added
// a bias past 1e-4 (1.7e-4 relative): split_tf32 sums each K tile from zero and adds the tile's
// sum to the running one in f32.
kb.task @split_long_k tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<128x8192xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<8192x128xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<128x128xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<128x8192xf32>, %b: tensor<8192x128xf32>, %c: tensor<128x128xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
    %r = linalg.matmul ins(%a, %b : tensor<128x8192xf32>, tensor<8192x128xf32>) outs(%z : tensor<128x128xf32>) -> tensor<128x128xf32>
    kb.yield %r : tensor<128x128xf32>
  }
}
kb.candidate @long_split_mma of @split_long_k policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, split_tf32 = true}
kb.candidate @long_split_wgmma of @split_long_k policy decisions {block_m = 64, block_n = 64, block_k = 16, tf32 = true, wgmma = true, split_tf32 = true}
// CHECK: kb.candidate @long_split_mma of @split_long_k {{.*}}verdict <correct
// CHECK: kb.candidate @long_split_wgmma of @split_long_k {{.*}}verdict <correct

kb.task @tf32_loose tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<256x4096xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<4096x256xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<256x256xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%z : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %r : tensor<256x256xf32>
  }
}
kb.candidate @loose_mma of @tf32_loose policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true}
kb.candidate @loose_wgmma of @tf32_loose policy decisions {block_m = 64, block_n = 64, block_k = 32, tf32 = true, wgmma = true}
// CHECK: kb.candidate @loose_mma of @tf32_loose {{.*}}verdict <correct
// CHECK: kb.candidate @loose_wgmma of @tf32_loose {{.*}}verdict <correct
