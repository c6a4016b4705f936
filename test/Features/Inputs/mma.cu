// A TF32 tensor-core matmul through wmma (wmma.mma.sync), one 16x16 tile per warp.
#include <mma.h>
using namespace nvcuda;
extern "C" __global__ void matmul_tf32(const float *a, const float *b, float *c, int n) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.f);
  int row = blockIdx.y * 16, col = blockIdx.x * 16;
  for (int k = 0; k < n; k += 8) {
    wmma::load_matrix_sync(fa, a + row * n + k, n);
    wmma::load_matrix_sync(fb, b + col * n + k, n);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + row * n + col, acc, n, wmma::mem_row_major);
}
