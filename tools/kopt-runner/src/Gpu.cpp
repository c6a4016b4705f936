//===- Gpu.cpp - the GPU session: device facts, candidate launches -------===//
#include "Gpu.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

using namespace kopt::runner;

bool Gpu::open(std::string &error) {
  if (!driver.load(error))
    return false;
  CUresult r = driver.cuInit(0);
  int count = 0;
  if (r == CUDA_SUCCESS)
    r = driver.cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    error = r != CUDA_SUCCESS ? driver.describe(r) : "no CUDA device";
    return false;
  }
  CUcontext context;
  char deviceName[256] = {};
  if ((r = driver.cuDeviceGet(&device, 0)) || (r = driver.cuDevicePrimaryCtxRetain(&context, device)) ||
      (r = driver.cuCtxSetCurrent(context)) ||
      (r = driver.cuDeviceGetName(deviceName, sizeof(deviceName) - 1, device))) {
    error = driver.describe(r);
    return false;
  }
  name = deviceName;
  int clockKHz = 0;
  driver.cuDriverGetVersion(&driverVersion);
  driver.cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
  driver.cuDeviceGetAttribute(&l2Bytes, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, device);
  driver.cuDeviceGetAttribute(&clockKHz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, device);
  fp32FlopsPerS = double(sms) * clockKHz * 1e3 * 128 * 2;
  int memoryClockKHz = 0, busBits = 0;
  driver.cuDeviceGetAttribute(&memoryClockKHz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, device);
  driver.cuDeviceGetAttribute(&busBits, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, device);
  peakBandwidthBytesPerS = 2.0 * memoryClockKHz * 1e3 * busBits / 8;
  int major = 0;
  driver.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  int tf32FlopsPerClock = major >= 9 ? 2048 : major == 8 ? 1024 : 0;
  tf32FlopsPerS = double(sms) * clockKHz * 1e3 * tf32FlopsPerClock;
  auto attribute = [&](CUdevice_attribute which) {
    int value = 0;
    driver.cuDeviceGetAttribute(&value, which, device);
    return int64_t(value);
  };
  limits.grid = {attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
                 attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y),
                 attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)};
  limits.block = {attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
                  attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y),
                  attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)};
  limits.threadsPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  limits.sharedBytes = attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  flushBytes_ = std::max<size_t>(2 * size_t(l2Bytes), size_t(64) << 20);
  if ((r = driver.cuMemAlloc(&flush_, flushBytes_)) ||
      (r = driver.cuEventCreate(&start_, CU_EVENT_DEFAULT)) ||
      (r = driver.cuEventCreate(&stop_, CU_EVENT_DEFAULT))) {
    error = driver.describe(r);
    return false;
  }
  driver.cuDeviceTotalMem(&memoryBytes, device);
  measureBandwidth();
  std::string checksError;
  if (!checks.load(driver, checksError))
    std::cerr << "kopt-runner: " << checksError << "; outputs are checked with PyTorch operations\n";
  return true;
}

void Gpu::flushL2() { driver.cuMemsetD32Async(flush_, 0x5A5A5A5A, flushBytes_ / 4, nullptr); }

CUresult Gpu::timeOnce(const std::function<CUresult()> &work, float &ms) {
  CUresult r;
  if ((r = driver.cuEventRecord(start_, nullptr)) || (r = work()) ||
      (r = driver.cuEventRecord(stop_, nullptr)) || (r = driver.cuCtxSynchronize()))
    return r;
  return driver.cuEventElapsedTime(&ms, start_, stop_);
}

void Gpu::measureBandwidth() {
  // Best of a few 1 GiB device-to-device copies; each byte is read once and written once.
  const size_t bytes = size_t(1) << 30;
  CUdeviceptr a = 0, b = 0;
  if (driver.cuMemAlloc(&a, bytes) || driver.cuMemAlloc(&b, bytes))
    return;
  float best = 0;
  for (int i = 0; i < 6; ++i) {
    float ms = 0;
    if (timeOnce([&] { return driver.cuMemcpyDtoD(b, a, bytes); }, ms) == CUDA_SUCCESS && ms > 0 &&
        (best == 0 || ms < best) && i > 0) // the first copy warms up
      best = ms;
  }
  driver.cuMemFree(a);
  driver.cuMemFree(b);
  if (best > 0)
    bandwidthBytesPerS = 2.0 * bytes / (best * 1e-3);
}

/// Whether the PTX declares a variable in global memory (a `.global` directive, as opposed to
/// the state space of an instruction such as ld.global), which its kernels could keep state in.
static bool declaresGlobalVariables(const std::string &ptx) {
  std::istringstream lines(ptx);
  std::string line, word;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    while (words >> word && (word == ".visible" || word == ".weak" || word == ".extern")) {
    }
    if (word == ".global")
      return true;
  }
  return false;
}

CUmodule Gpu::module(const std::string &ptx, bool &shared, std::string &error) {
  shared = !declaresGlobalVariables(ptx);
  if (auto it = modules_.find(ptx); shared && it != modules_.end())
    return it->second;
  char log[8192] = {};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1))};
  CUmodule module = nullptr;
  CUresult r = driver.cuModuleLoadDataEx(&module, ptx.c_str(), 2, options, values);
  if (r != CUDA_SUCCESS) {
    error = driver.describe(r) + (log[0] ? std::string("\n") + log : "");
    return nullptr;
  }
  if (!shared)
    return module;
  // Modules are small beside the tasks' buffers; a bound keeps a long run's from piling up.
  constexpr size_t kModulesKept = 256;
  if (moduleOrder_.size() == kModulesKept) {
    driver.cuModuleUnload(modules_[moduleOrder_.front()]);
    modules_.erase(moduleOrder_.front());
    moduleOrder_.pop_front();
  }
  moduleOrder_.push_back(ptx);
  return modules_[ptx] = module;
}

std::string kopt::runner::exceedsLimits(const LaunchSpec &launch, const LaunchLimits &limits) {
  auto over = [](const std::string &what, int64_t value, const std::string &limit, int64_t most) {
    return what + " = " + std::to_string(value) + " exceeds the device's " + limit + " (" +
           std::to_string(most) + ")";
  };
  for (int axis = 0; axis < 3; ++axis) {
    const std::string xyz(1, "xyz"[axis]), XYZ(1, "XYZ"[axis]);
    if (launch.grid[axis] > limits.grid[axis])
      return over("grid " + xyz, launch.grid[axis], "MAX_GRID_DIM_" + XYZ, limits.grid[axis]);
    if (launch.block[axis] > limits.block[axis])
      return over("block " + xyz, launch.block[axis], "MAX_BLOCK_DIM_" + XYZ, limits.block[axis]);
  }
  int64_t threads = int64_t(launch.block[0]) * launch.block[1] * launch.block[2];
  if (threads > limits.threadsPerBlock)
    return over("threads per block", threads, "MAX_THREADS_PER_BLOCK", limits.threadsPerBlock);
  if (launch.smem > limits.sharedBytes)
    return over("dynamic shared memory bytes", launch.smem, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN",
                limits.sharedBytes);
  return "";
}

LoadedCandidate::~LoadedCandidate() {
  if (module_ && !sharedModule_)
    gpu_.driver.cuModuleUnload(module_);
}

bool LoadedCandidate::load(std::string &error) {
  module_ = gpu_.module(spec_.ptx, sharedModule_, error);
  if (!module_)
    return false;
  CUresult r;
  for (size_t i = 0; i < spec_.launches.size() && overLimits_.empty(); ++i)
    if (std::string why = exceedsLimits(spec_.launches[i], gpu_.limits); !why.empty())
      overLimits_ = "launch " + std::to_string(i) + " ('" + spec_.launches[i].entry + "'): " + why;
  for (const LaunchSpec &launch : spec_.launches) {
    CUfunction function;
    if ((r = gpu_.driver.cuModuleGetFunction(&function, module_, launch.entry.c_str()))) {
      error = "entry '" + launch.entry + "' not found in the PTX: " + gpu_.driver.describe(r);
      return false;
    }
    // Beyond 48 KiB of static and dynamic shared memory together a kernel must opt in; the PTX
    // may declare static bytes of its own (the back end gives the dynamic array's symbol one),
    // so any dynamic size opts in.
    if (launch.smem > 0)
      gpu_.driver.cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                     int(launch.smem));
    functions_.push_back(function);
  }
  return true;
}

std::optional<uint64_t> kopt::runner::immediateBits(const std::string &arg) {
  size_t colon = arg.find(':');
  if (colon == std::string::npos)
    return std::nullopt;
  std::string type = arg.substr(0, colon), value = arg.substr(colon + 1);
  char *end = nullptr;
  uint64_t bits = 0;
  if (type == "i32" || type == "i64") {
    long long v = std::strtoll(value.c_str(), &end, 10);
    if (type == "i32") {
      int32_t narrow = int32_t(v);
      std::memcpy(&bits, &narrow, 4);
    } else {
      std::memcpy(&bits, &v, 8);
    }
  } else if (type == "f32" || type == "f64") {
    double v = std::strtod(value.c_str(), &end);
    if (type == "f32") {
      float narrow = float(v);
      std::memcpy(&bits, &narrow, 4);
    } else {
      std::memcpy(&bits, &v, 8);
    }
  } else {
    return std::nullopt;
  }
  if (!end || *end != '\0' || value.empty())
    return std::nullopt;
  return bits;
}

uint64_t kopt::runner::argumentBits(const std::string &arg,
                                    const std::map<std::string, torch::Tensor> &buffers,
                                    const std::set<std::string> &scalarInputs) {
  if (std::optional<uint64_t> bits = immediateBits(arg))
    return *bits;
  const torch::Tensor &t = buffers.at(arg);
  uint64_t bits = 0;
  if (scalarInputs.count(arg)) {
    torch::Tensor host = t.cpu();
    std::memcpy(&bits, host.data_ptr(), host.element_size());
  } else {
    bits = reinterpret_cast<uint64_t>(t.data_ptr());
  }
  return bits;
}

void LoadedCandidate::bind(const std::map<std::string, torch::Tensor> &buffers,
                           const std::set<std::string> &scalarInputs) {
  storage_.assign(spec_.launches.size(), {});
  params_.assign(spec_.launches.size(), {});
  for (size_t i = 0; i < spec_.launches.size(); ++i) {
    const std::vector<std::string> &args = spec_.launches[i].args;
    storage_[i].assign(args.size(), 0);
    for (size_t a = 0; a < args.size(); ++a) {
      storage_[i][a] = argumentBits(args[a], buffers, scalarInputs);
      params_[i].push_back(&storage_[i][a]);
    }
  }
}

CUresult LoadedCandidate::launch(std::string &detail) {
  if (!overLimits_.empty()) {
    detail = overLimits_;
    return CUDA_ERROR_INVALID_VALUE;
  }
  for (size_t i = 0; i < spec_.launches.size(); ++i) {
    const LaunchSpec &launch = spec_.launches[i];
    auto u = [](int64_t value) { return unsigned(value); }; // fits: the protocol refuses more
    CUresult r = gpu_.driver.cuLaunchKernel(functions_[i], u(launch.grid[0]), u(launch.grid[1]),
                                            u(launch.grid[2]), u(launch.block[0]),
                                            u(launch.block[1]), u(launch.block[2]), u(launch.smem),
                                            nullptr, params_[i].data(), nullptr);
    if (r != CUDA_SUCCESS) {
      detail = "launch " + std::to_string(i) + " ('" + launch.entry + "'): " + gpu_.driver.describe(r);
      return r;
    }
  }
  return CUDA_SUCCESS;
}
