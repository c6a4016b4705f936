// Two fp32 kernels (tf32 = false: exact enough for KernelBench's 1e-4 at K = 4096) for the square
// matmul of KernelBench level 1, problem 1; eager-tf32.test appends them to the task.
kb.candidate @simt of @square_matrix_multiplication policy decisions {block_m = 128, block_n = 32, block_k = 8, thread_m = 8, thread_n = 2, unroll_k = 1, vector = 1, cp_async = true, stages = 1, wgmma = false, tf32 = false, split_k = 1}
kb.candidate @simt_split4 of @square_matrix_multiplication policy decisions {block_m = 64, block_n = 128, block_k = 16, thread_m = 4, thread_n = 4, unroll_k = 2, vector = 1, cp_async = false, stages = 2, wgmma = false, tf32 = false, split_k = 4}
