//===- PtxFeatures.h - structural features of a PTX module ------*- C++ -*-===//
//
// What a kernel's PTX says about how it works: how wide its global accesses are, whether it
// stages data in shared memory, synchronises, uses tensor cores or asynchronous copies, loops,
// touches local memory. Static counts read from the text (an instruction counts once however
// often it runs); nothing is run or compiled. The keys are documented in docs/features.md.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_FEATURES_PTXFEATURES_H
#define KOPT_FEATURES_PTXFEATURES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kopt::features {

/// A feature's stable key (docs/features.md) and its value.
using NamedFeature = std::pair<llvm::StringRef, int64_t>;

/// The features of one kernel: its entry and every function it calls.
struct PtxFeatures {
  int64_t instructions = 0;
  /// ld.global / ldu.global and st.global: counts, vector forms, and bytes per access (summed
  /// over the instructions, and the widest).
  int64_t globalLoads = 0, globalStores = 0;
  int64_t globalLoadsV2 = 0, globalLoadsV4 = 0, globalStoresV2 = 0, globalStoresV4 = 0;
  int64_t globalLoadBytes = 0, globalStoreBytes = 0;
  int64_t globalLoadBytesMax = 0, globalStoreBytesMax = 0;
  /// ld / st through generic addresses (no state space): global or shared, unknown statically.
  int64_t genericLoads = 0, genericStores = 0;
  /// Static .shared bytes the kernel names; 1 when it uses a dynamic (.extern, unsized) array.
  int64_t sharedBytes = 0, sharedDynamic = 0;
  int64_t sharedLoads = 0, sharedStores = 0;
  /// .local bytes declared (the local depot: arrays on the stack) and accesses to them.
  int64_t localBytes = 0, localLoads = 0, localStores = 0;
  int64_t barriers = 0, mmaSync = 0, wgmma = 0, cpAsync = 0, cpAsyncBulk = 0, fma = 0;
  int64_t atomics = 0, loops = 0;
  /// Approximate arithmetic: instructions with an `.approx` qualifier (ex2, lg2, rsqrt, sqrt,
  /// div, rcp, tanh, sin, cos).
  int64_t approx = 0;
  /// Of the atomics, those that add floats (atom/red .add.f16/.bf16/.f32/.f64, any state
  /// space); 1 when the kernel adds floats in an order no one fixes (such atomics, or a bulk
  /// cp.reduce that adds floats): its results may differ bit by bit from run to run.
  int64_t floatAtomics = 0, nondeterministic = 0;
};

struct PtxKernel {
  std::string name;
  PtxFeatures features;
};

struct PtxModule {
  /// The first `.target` (e.g. sm_90a); empty when there is none.
  std::string target;
  /// The .entry functions in order, each with the .func functions it reaches through calls.
  std::vector<PtxKernel> kernels;

  const PtxKernel *find(llvm::StringRef name) const;
};

/// Reads PTX as clang and MLIR's NVPTX back end write it, and hand-written PTX; text that is not
/// PTX gives a module without kernels, never an error.
PtxModule analyzePtx(llvm::StringRef ptx);

/// Kernels launched one after another: counts add; sizes (widest access, shared, local bytes)
/// take the largest.
PtxFeatures combineKernels(llvm::ArrayRef<PtxFeatures> kernels);

/// Every feature under its key, in a fixed order.
std::vector<NamedFeature> namedFeatures(const PtxFeatures &features);

} // namespace kopt::features

#endif // KOPT_FEATURES_PTXFEATURES_H
