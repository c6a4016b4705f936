"""What the scripts that generate kb candidate files share: CUDA C++ to sm_90 PTX with clang-22
(the compiler kb-lower-to-ptx uses for CUDA C++ candidates) and PTX as an MLIR string literal."""
import subprocess

from kopt.paths import LLVM_BIN

CLANG = LLVM_BIN / "clang++"


def cuda_to_ptx(path=None, source=None, extra=()):
    """PTX of a .cu file (path) or of CUDA C++ text (source)."""
    command = [CLANG, "--cuda-device-only", "-S", "--cuda-gpu-arch=sm_90", "-O3", "-x", "cuda",
               "--cuda-path=/usr/local/cuda", "-Wno-unknown-cuda-version", *extra,
               path if path else "-", "-o", "-"]
    return subprocess.run(command, input=source, capture_output=True, text=True,
                          check=True).stdout


def mlir_string(text):
    """`text` as an MLIR string literal."""
    return '"' + text.replace('\\', '\\5C').replace('"', '\\22').replace('\n', '\\0A') + '"'
