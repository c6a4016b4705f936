//===- NVPTX.cpp - gpu.launch ops to PTX ----------------------------------===//
#include "Pipeline.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMRequiresSMTraits.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/ModuleToObject.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace mlir;
using namespace kopt::codegen;

static constexpr const char *kTriple = "nvptx64-nvidia-cuda";

static void initializeNVPTX() {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

llvm::Error kopt::codegen::validateTarget(const Target &target) {
  initializeNVPTX();
  std::string error;
  llvm::Triple triple(kTriple);
  const llvm::Target *nvptx = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!nvptx)
    return llvm::createStringError("no NVPTX back end in this build: " + error);
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      nvptx->createMCSubtargetInfo(triple, target.chip, ""));
  if (!info || !info->isCPUStringValid(target.chip))
    return llvm::createStringError(
        llvm::formatv("'{0}' is not a chip the NVPTX back end knows (e.g. sm_80, sm_90, sm_90a)",
                      target.chip));
  // Bounded far above any GPU, so that grids sized by SMs x blocks per SM cannot overflow.
  constexpr int64_t kMaxSMs = 65536;
  if (target.numSMs < 1 || target.numSMs > kMaxSMs)
    return llvm::createStringError(
        llvm::formatv("the number of SMs must be between 1 and {0}, got {1}", kMaxSMs,
                      target.numSMs));
  return llvm::Error::success();
}

namespace {
/// LLVM IR -> PTX with LLVM's NVPTX back end at -O3, linking libdevice only when the kernel calls
/// one of its functions (math ops become __nv_* calls).
class PtxSerializer : public LLVM::ModuleToObject {
public:
  PtxSerializer(gpu::GPUModuleOp module, StringRef chip, std::string libdevice)
      : ModuleToObject(*module, kTriple, chip, /*features=*/"", /*optLevel=*/3),
        libdevice(std::move(libdevice)) {}

protected:
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override {
    SmallVector<std::unique_ptr<llvm::Module>> libraries;
    const llvm::Function *call = nullptr;
    for (const llvm::Function &function : module)
      if (function.isDeclaration() && function.getName().starts_with("__nv_"))
        call = &function;
    if (!call)
      return libraries;
    if (!llvm::sys::fs::is_regular_file(libdevice)) {
      getOperation().emitError() << "the kernel calls " << call->getName()
                                 << " from libdevice, which is not at " << libdevice
                                 << " (set the CUDA path)";
      return std::nullopt;
    }
    std::unique_ptr<llvm::Module> library = loadBitcodeFile(module.getContext(), libdevice);
    if (!library)
      return std::nullopt;
    libraries.push_back(std::move(library));
    return libraries;
  }

  FailureOr<SmallVector<char, 0>> moduleToObject(llvm::Module &module) override {
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine))
      return getOperation().emitError() << "no NVPTX target machine for " << chip;
    FailureOr<SmallString<0>> ptx = translateModuleToISA(
        module, **machine, [&] { return getOperation().emitError(); });
    if (failed(ptx))
      return failure();
    return SmallVector<char, 0>(ptx->begin(), ptx->end());
  }

private:
  std::string libdevice;
};
} // namespace

/// The target's chip, or its arch-specific variant (sm_90 -> sm_90a) where the module uses
/// instructions that only the variant has (wgmma).
static std::string chipFor(gpu::GPUModuleOp module, StringRef chip) {
  bool archSpecific = false;
  module.walk([&](NVVM::RequiresSMInterface op) {
    archSpecific |= op.getRequiredMinSMVersion().archAccelerated;
  });
  return archSpecific && !chip.ends_with("a") ? (chip + "a").str() : chip.str();
}

static FailureOr<std::string> serialize(gpu::GPUModuleOp module, const Target &target) {
  initializeNVPTX();
  SmallString<128> libdevice(resolveCudaPath(target.cudaPath));
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  // ModuleToObject keeps a StringRef to the chip: the string must outlive the serializer.
  std::string chip = chipFor(module, target.chip);
  PtxSerializer serializer(module, chip, libdevice.str().str());
  std::optional<SmallVector<char, 0>> ptx = serializer.run();
  if (!ptx)
    return failure();
  return std::string(ptx->begin(), ptx->end());
}

static FailureOr<int64_t> constantDim(gpu::LaunchFuncOp launch, Value value, StringRef what) {
  std::optional<int64_t> constant = getConstantIntValue(value);
  if (!constant)
    return launch.emitError() << "the " << what << " of a launch must be a constant";
  return *constant;
}

/// Puts each kernel's parameters in the order of `func`'s arguments (the task's inputs, then
/// outputs), rather than the order the kernel body happened to use them in.
static void orderKernelParameters(func::FuncOp func) {
  auto argNumber = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &func.getBody().front() ? arg.getArgNumber()
                                                             : func.getNumArguments();
  };
  for (auto launch : func.getOps<gpu::LaunchFuncOp>()) {
    SmallVector<Value> operands(launch.getKernelOperands());
    auto order = llvm::to_vector(llvm::seq<unsigned>(0, operands.size()));
    llvm::sort(order, [&](unsigned a, unsigned b) {
      return std::make_pair(argNumber(operands[a]), a) < std::make_pair(argNumber(operands[b]), b);
    });
    if (llvm::is_sorted(order))
      continue;
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(launch, launch.getKernel());
    unsigned count = kernel.getNumArguments();
    // Appended parameters go before the workgroup attributions, which are block arguments too.
    for (unsigned i : order) {
      BlockArgument old = kernel.getArgument(i);
      (void)kernel.insertArgument(kernel.getNumArguments(), old.getType(), kernel.getArgAttrDict(i),
                                  old.getLoc());
      old.replaceAllUsesWith(kernel.getArgument(kernel.getNumArguments() - 1));
    }
    llvm::BitVector previous(kernel.getNumArguments());
    previous.set(0, count);
    (void)kernel.eraseArguments(previous);
    launch.getKernelOperandsMutable().assign(
        llvm::map_to_vector(order, [&](unsigned i) { return operands[i]; }));
  }
}

FailureOr<Kernel> kopt::codegen::compileLaunches(ModuleOp module, func::FuncOp func,
                                                 ArrayRef<std::string> buffers,
                                                 const Target &target) {
  // Outlining drops a launch's attributes: the NVVM kernel attributes a builder set on it
  // (nvvm.minctasm) go to its kernel, which the launch names.
  llvm::StringMap<SmallVector<NamedAttribute>> kernelAttributes;
  func.walk([&](gpu::LaunchOp launch) {
    for (NamedAttribute attribute : launch->getDiscardableAttrs())
      if (launch.getFunction() && attribute.getName().strref().starts_with("nvvm."))
        kernelAttributes[*launch.getFunction()].push_back(attribute);
  });
  PassManager outline(module.getContext());
  // Constants move into the launch body, so that a kernel's parameters are the task's buffers.
  outline.addPass(createGpuLaunchSinkIndexComputationsPass());
  outline.addPass(createGpuKernelOutliningPass());
  if (failed(outline.run(module)))
    return failure();
  module.walk([&](gpu::GPUFuncOp kernel) {
    for (NamedAttribute attribute : kernelAttributes.lookup(kernel.getName()))
      kernel->setAttr(attribute.getName(), attribute.getValue());
  });
  orderKernelParameters(func);
  // Shared buffers are 16-byte aligned, so that kernels may access them with 16-byte vectors.
  module.walk([](gpu::GPUFuncOp kernel) {
    for (unsigned i = 0, e = kernel.getNumWorkgroupAttributions(); i < e; ++i)
      kernel.setWorkgroupAttributionAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                                         Builder(kernel).getI64IntegerAttr(16));
  });

  PassManager pm(module.getContext());
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createConvertNVGPUToNVVMPass()); // cp.async copies
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true; // one pointer per buffer, as kopt-runner passes them
  kernels.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  kernels.addPass(createReconcileUnrealizedCastsPass());
  if (failed(pm.run(module)))
    return failure();

  Kernel kernel;
  for (BlockArgument scratch : func.getArguments().drop_front(buffers.size())) {
    auto type = dyn_cast<MemRefType>(scratch.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat())
      return func.emitError() << "scratch argument #" << scratch.getArgNumber()
                              << " is not a static memref of integers or floats";
    int64_t bits = type.getNumElements() * type.getElementTypeBitWidth();
    kernel.plan.scratchBytes.push_back(llvm::divideCeil(bits, 8));
  }
  for (auto launch : func.getOps<gpu::LaunchFuncOp>()) {
    Launch &plan = kernel.plan.launches.emplace_back();
    plan.entry = launch.getKernelName().str();
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    Value dims[] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
    for (auto [i, dim] : llvm::enumerate(dims)) {
      FailureOr<int64_t> value = constantDim(launch, dim, i < 3 ? "grid" : "block");
      if (failed(value))
        return failure();
      (i < 3 ? plan.grid[i] : plan.block[i - 3]) = *value;
    }
    if (Value smem = launch.getDynamicSharedMemorySize()) {
      FailureOr<int64_t> value = constantDim(launch, smem, "shared memory size");
      if (failed(value))
        return failure();
      plan.smem = *value;
    }
    for (Value arg : launch.getKernelOperands()) {
      auto buffer = dyn_cast<BlockArgument>(arg);
      if (!buffer || buffer.getOwner() != &func.getBody().front())
        return launch.emitError() << "a kernel parameter is not one of the task's buffers";
      unsigned n = buffer.getArgNumber();
      plan.args.push_back(n < buffers.size() ? buffers[n]
                                             : "scratch" + std::to_string(n - buffers.size()));
    }
  }
  auto modules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
  if (kernel.plan.launches.empty() || modules.size() != 1)
    return func.emitError() << "expected launches of kernels in one GPU module, got "
                            << kernel.plan.launches.size() << " launch(es) and "
                            << modules.size() << " module(s)";
  FailureOr<std::string> ptx = serialize(modules.front(), target);
  if (failed(ptx))
    return failure();
  kernel.ptx = std::move(*ptx);
  return kernel;
}
