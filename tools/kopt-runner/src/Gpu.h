//===- Gpu.h - the GPU session: device facts, candidate launches -*- C++ -*-===//
#ifndef KOPT_RUNNER_GPU_H
#define KOPT_RUNNER_GPU_H

#include "CudaDriver.h"
#include "Judge.h"
#include "kopt_runner_protocol.h"

#include <torch/torch.h>

#include <array>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kopt::runner {

/// A launch as the request gives it; its values fit cuLaunchKernel's unsigned int (the protocol
/// refuses others).
using LaunchSpec = protocol::Launch;

/// What the device allows one launch, from its attributes.
struct LaunchLimits {
  std::array<int64_t, 3> grid{}, block{};
  int64_t threadsPerBlock = 0;
  int64_t sharedBytes = 0; // dynamic shared memory per block, once a kernel opts in
};

/// Why `launch` exceeds `limits`, naming the limit ("grid y = 70000 exceeds the device's
/// MAX_GRID_DIM_Y (65535)"), or "" when it is within them.
std::string exceedsLimits(const LaunchSpec &launch, const LaunchLimits &limits);

/// A candidate to run: the kernel of a verify or time request, and the seed of its inputs.
struct CandidateSpec : protocol::Kernel {
  uint64_t seed = 0;
};

/// The device, its facts, and what timing needs (events, an L2 flush buffer).
class Gpu {
public:
  /// Loads the driver and retains the primary context of device 0 (the one PyTorch uses).
  bool open(std::string &error);

  CudaDriver driver;
  CUdevice device = 0;
  std::string name;
  int driverVersion = 0, sms = 0, l2Bytes = 0;
  double bandwidthBytesPerS = 0; // measured device-to-device copy, read + write
  /// The memory's theoretical peak (2 transfers per memory clock x bus width): no kernel's
  /// traffic is faster, where a read-mostly stream beats the copy bandwidth.
  double peakBandwidthBytesPerS = 0;
  double fp32FlopsPerS = 0;      // SMs x clock x 128 lanes x 2 (FMA)
  double tf32FlopsPerS = 0;      // dense TF32 mma: SMs x clock x 2048 (sm_90) or 1024 (sm_80)
  size_t memoryBytes = 0;
  LaunchLimits limits;
  /// The output and input checks in one pass each (loaded with the context).
  GpuJudge checks;

  /// Writes over twice the L2 on the legacy default stream, so the next run starts cold.
  void flushL2();
  /// Milliseconds between two events recorded around `work` on the legacy default stream,
  /// after a device-wide synchronisation. Returns the first failing CUresult.
  CUresult timeOnce(const std::function<CUresult()> &work, float &ms);

  /// The module of `ptx`, JIT-compiled. One without variables in global memory is kept and
  /// shared (`shared` set): a candidate is loaded to be verified and again to be timed, and
  /// samples often share one PTX. One with them is the caller's to unload, so that no run starts
  /// from state another left. Null with `error` set (the JIT log) when it does not load.
  CUmodule module(const std::string &ptx, bool &shared, std::string &error);

private:
  void measureBandwidth();
  std::map<std::string, CUmodule> modules_;
  std::deque<std::string> moduleOrder_; // oldest first, for eviction
  CUdeviceptr flush_ = 0;
  size_t flushBytes_ = 0;
  CUevent start_ = nullptr, stop_ = nullptr;
};

/// The 8-byte parameter slot of an immediate argument (`i32:N`, `i64:N`, `f32:X`, `f64:X`), or
/// nothing if `arg` is not one.
std::optional<uint64_t> immediateBits(const std::string &arg);

/// The 8-byte parameter slot of launch argument `arg`: an immediate's bits, the value of a scalar
/// input (a 0-d tensor named in `scalarInputs`), else the buffer's device pointer. Outputs and
/// scratch buffers always pass pointers, whatever their rank, so that kernels can write them.
uint64_t argumentBits(const std::string &arg, const std::map<std::string, torch::Tensor> &buffers,
                      const std::set<std::string> &scalarInputs);

/// A candidate's module, loaded, with its entries resolved.
class LoadedCandidate {
public:
  LoadedCandidate(Gpu &gpu, const CandidateSpec &spec) : gpu_(gpu), spec_(spec) {}
  ~LoadedCandidate();
  LoadedCandidate(const LoadedCandidate &) = delete;
  LoadedCandidate &operator=(const LoadedCandidate &) = delete;

  /// Loads the PTX (JIT to the device); on failure `error` holds the JIT log. Also checks every
  /// launch against the device's limits, which launch() then enforces.
  bool load(std::string &error);
  /// Binds each launch's arguments by name (see argumentBits). Done once, outside any timed
  /// region.
  void bind(const std::map<std::string, torch::Tensor> &buffers,
            const std::set<std::string> &scalarInputs);
  /// Launches every launch in order on the legacy default stream. Launches nothing, and returns
  /// CUDA_ERROR_INVALID_VALUE with `detail` naming the limit, when a launch exceeds the device's
  /// limits (the driver's own error for them does not say which).
  CUresult launch(std::string &detail);

private:
  Gpu &gpu_;
  const CandidateSpec &spec_;
  CUmodule module_ = nullptr;
  bool sharedModule_ = false;
  std::vector<CUfunction> functions_;
  std::string overLimits_; // why a launch exceeds the device's limits, or ""
  // Per launch: one 8-byte slot per parameter and the pointers cuLaunchKernel reads.
  std::vector<std::vector<uint64_t>> storage_;
  std::vector<std::vector<void *>> params_;
};

} // namespace kopt::runner

#endif // KOPT_RUNNER_GPU_H
