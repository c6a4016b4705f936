//===- SanitizerOptions.cpp - ASan defaults of kopt's fuzz targets --------===//
//
// LLVM's BumpPtrAllocator poisons its slabs when compiled with ASan and unpoisons what it hands
// out. kopt's code is instrumented and Debian's libMLIR is not: an allocator inlined into both
// (an attribute storage uniquer, say) poisons in one and allocates unpoisoned in the other, and
// ASan reports a use-after-poison that is none. Manual poisoning is therefore off; every access
// outside a real allocation is still caught.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }
