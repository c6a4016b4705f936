// Contractions at a tolerance that admits TF32 (atol = rtol = 1e-2), in shapes that exercise the
// wgmma kernel's edges: extents no tile divides, B transposed (K-contiguous), a batch, M below
// one 16-row tile. A is K-contiguous in all of them (wgmma needs it).

kb.task @ragged tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<150x36xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<36x203xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<150x203xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<150x36xf32>, %b: tensor<36x203xf32>, %c: tensor<150x203xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<150x203xf32>) -> tensor<150x203xf32>
    %1 = linalg.matmul ins(%a, %b : tensor<150x36xf32>, tensor<36x203xf32>) outs(%0 : tensor<150x203xf32>) -> tensor<150x203xf32>
    kb.yield %1 : tensor<150x203xf32>
  }
}

kb.task @b_transposed tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<200x72xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<136x72xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<200x136xf32>
  kb.reference "return a @ b.T"
  kb.payload(%a: tensor<200x72xf32>, %b: tensor<136x72xf32>, %c: tensor<200x136xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<200x136xf32>) -> tensor<200x136xf32>
    %1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<200x72xf32>, tensor<136x72xf32>) outs(%0 : tensor<200x136xf32>) -> tensor<200x136xf32>
    kb.yield %1 : tensor<200x136xf32>
  }
}

kb.task @batched tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<3x100x68xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<3x68x72xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<3x100x72xf32>
  kb.reference "return torch.bmm(a, b)"
  kb.payload(%a: tensor<3x100x68xf32>, %b: tensor<3x68x72xf32>, %c: tensor<3x100x72xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<3x100x72xf32>) -> tensor<3x100x72xf32>
    %1 = linalg.batch_matmul ins(%a, %b : tensor<3x100x68xf32>, tensor<3x68x72xf32>) outs(%0 : tensor<3x100x72xf32>) -> tensor<3x100x72xf32>
    kb.yield %1 : tensor<3x100x72xf32>
  }
}

kb.task @few_rows tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<10x64xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<64x100xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<10x100xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<10x64xf32>, %b: tensor<64x100xf32>, %c: tensor<10x100xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<10x100xf32>) -> tensor<10x100xf32>
    %1 = linalg.matmul ins(%a, %b : tensor<10x64xf32>, tensor<64x100xf32>) outs(%0 : tensor<10x100xf32>) -> tensor<10x100xf32>
    kb.yield %1 : tensor<10x100xf32>
  }
}

kb.task @long_k tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<130x1000xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<1000x190xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<130x190xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<130x1000xf32>, %b: tensor<1000x190xf32>, %c: tensor<130x190xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<130x190xf32>) -> tensor<130x190xf32>
    %1 = linalg.matmul ins(%a, %b : tensor<130x1000xf32>, tensor<1000x190xf32>) outs(%0 : tensor<130x190xf32>) -> tensor<130x190xf32>
    kb.yield %1 : tensor<130x190xf32>
  }
}

// Every block shape and swizzle width (block_k 8, 16, 32: 32-, 64-, 128-byte rows), 2 to 4 buffers
// (block_m 256 where M allows it: 4 buffers in more than half of the SM's shared memory);
// then the same with B's tile in shared memory too (wgmma_shared_b: a row-major B from the copy a
// first launch transposes, groups in flight from 3 buffers on), and 1000-deep K with splits.
kb.candidate @ragged_32x64_k8_s1 of @ragged policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true}
kb.candidate @ragged_64x128_k16_s2 of @ragged policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @ragged_128x128_k32_s3 of @ragged policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @ragged_128x32_k32_s1 of @ragged policy decisions {block_m = 128, block_n = 32, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @ragged_32x64_k16_s3 of @ragged policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @ragged_256x128_k32_s3 of @ragged policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @ragged_shared_b_32x64_k8_s1 of @ragged policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @ragged_shared_b_64x128_k16_s2 of @ragged policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @ragged_shared_b_128x128_k32_s3 of @ragged policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @ragged_shared_b_256x128_k32_s2 of @ragged policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @ragged_shared_b_128x256_k16_s3 of @ragged policy decisions {block_m = 128, block_n = 256, block_k = 16, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @b_transposed_32x64_k8_s1 of @b_transposed policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true}
kb.candidate @b_transposed_64x128_k16_s2 of @b_transposed policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @b_transposed_128x128_k32_s3 of @b_transposed policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @b_transposed_128x32_k32_s1 of @b_transposed policy decisions {block_m = 128, block_n = 32, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @b_transposed_32x64_k16_s3 of @b_transposed policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @b_transposed_256x128_k32_s3 of @b_transposed policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @b_transposed_shared_b_32x64_k8_s1 of @b_transposed policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @b_transposed_shared_b_64x128_k16_s2 of @b_transposed policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @b_transposed_shared_b_128x128_k32_s3 of @b_transposed policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @b_transposed_shared_b_256x128_k32_s2 of @b_transposed policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @b_transposed_shared_b_128x256_k16_s3 of @b_transposed policy decisions {block_m = 128, block_n = 256, block_k = 16, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @batched_32x64_k8_s1 of @batched policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true}
kb.candidate @batched_64x128_k16_s2 of @batched policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @batched_128x128_k32_s3 of @batched policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @batched_128x32_k32_s1 of @batched policy decisions {block_m = 128, block_n = 32, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @batched_32x64_k16_s3 of @batched policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @batched_256x128_k32_s3 of @batched policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @batched_shared_b_32x64_k8_s1 of @batched policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @batched_shared_b_64x128_k16_s2 of @batched policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @batched_shared_b_128x128_k32_s3 of @batched policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @batched_shared_b_256x128_k32_s2 of @batched policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @batched_shared_b_128x256_k16_s3 of @batched policy decisions {block_m = 128, block_n = 256, block_k = 16, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @few_rows_32x64_k8_s1 of @few_rows policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true}
kb.candidate @few_rows_64x128_k16_s2 of @few_rows policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @few_rows_128x128_k32_s3 of @few_rows policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @few_rows_128x32_k32_s1 of @few_rows policy decisions {block_m = 128, block_n = 32, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @few_rows_32x64_k16_s3 of @few_rows policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @few_rows_256x128_k32_s3 of @few_rows policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @few_rows_shared_b_32x64_k8_s1 of @few_rows policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @few_rows_shared_b_64x128_k16_s2 of @few_rows policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @few_rows_shared_b_128x128_k32_s3 of @few_rows policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @few_rows_shared_b_256x128_k32_s2 of @few_rows policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @few_rows_shared_b_128x256_k16_s3 of @few_rows policy decisions {block_m = 128, block_n = 256, block_k = 16, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_32x64_k8_s1 of @long_k policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true}
kb.candidate @long_k_64x128_k16_s2 of @long_k policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @long_k_128x128_k32_s3 of @long_k policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @long_k_256x128_k32_s3 of @long_k policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @long_k_shared_b_32x64_k8_s1 of @long_k policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_64x128_k16_s2 of @long_k policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_128x128_k32_s3 of @long_k policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_256x128_k32_s2 of @long_k policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_128x256_k16_s3 of @long_k policy decisions {block_m = 128, block_n = 256, block_k = 16, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_split4_atomic of @long_k policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, split_k = 4, tf32 = true, wgmma = true, wgmma_shared_b = true}
kb.candidate @long_k_shared_b_split4_ordered of @long_k policy decisions {block_m = 128, block_n = 128, block_k = 16, stages = 2, split_k = 4, split_k_atomic = false, tf32 = true, wgmma = true, wgmma_shared_b = true}
