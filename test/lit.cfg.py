# kopt's lit suite. Tests under gpu/ need an NVIDIA GPU (feature `cuda`).
#
# Normally configured by CMake (lit.site.cfg.py in the build tree). On a machine without a build
# tree (the GPU machine, which gets a self-contained kopt), run lit on this folder directly with
# KOPT_BIN_DIR (where kopt is) and LLVM_TOOLS_DIR (where FileCheck and not are) set.
import os
import shutil
import sys
import tempfile

import lit.formats
import lit.llvm

if not hasattr(config, "kopt_obj_root"):
    config.llvm_tools_dir = os.environ["LLVM_TOOLS_DIR"]
    config.kopt_obj_root = os.environ.get("KOPT_OBJ_ROOT", tempfile.mkdtemp(prefix="kopt-lit-"))
    lit.llvm.initialize(lit_config, config)
from lit.llvm import llvm_config

config.name = "KOPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kopt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP", "LD_LIBRARY_PATH"])
llvm_config.use_default_substitutions()  # FileCheck, not, count
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

kopt_bin = os.environ.get("KOPT_BIN_DIR", os.path.join(config.kopt_obj_root, "bin"))
llvm_config.add_tool_substitutions(["kopt"], [kopt_bin])
# The kopt that bench scripts run (gen-policy-candidates.py asks it the task's family).
config.environment["KOPT"] = os.path.join(kopt_bin, "kopt")
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# The kopt-runner the GPU tests use: KOPT_RUNNER, else the one built beside kopt.
kopt_runner = os.environ.get(
    "KOPT_RUNNER", os.path.join(config.kopt_obj_root, "tools", "kopt-runner", "kopt-runner"))
config.substitutions.append(("%kopt_runner", kopt_runner))
if os.path.exists(kopt_runner):
    config.available_features.add("kopt-runner")

if os.path.exists("/dev/nvidiactl") or shutil.which("nvidia-smi"):
    config.available_features.add("cuda")

# CUDA's ptxas: tests that read what it says (registers, spills, rejected PTX) need it.
ptxas = "/usr/local/cuda/bin/ptxas"
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# A candidate's PTX out of kopt's output, for FileCheck and ptxas: %extract-ptx FILE CANDIDATE.
config.substitutions.append(("%extract-ptx", "%s %s" % (
    sys.executable, os.path.join(config.test_source_root, "Inputs", "extract-ptx.py"))))
# kb-sample-server needs a kopt built with libcurl (not the `device` preset's): feature `curl`.
try:
    import subprocess
    probe = subprocess.run([os.path.join(kopt_bin, "kopt"), "-",
                            "--pass-pipeline=builtin.module(kb-sample-server)"],
                           input="", capture_output=True, text=True, timeout=30)
    if "without libcurl" not in probe.stderr:
        config.available_features.add("curl")
    # The learned cost model needs a kopt built with XGBoost: feature `xgboost`.
    probe = subprocess.run([os.path.join(kopt_bin, "kopt"), "-",
                            "--pass-pipeline=builtin.module(kb-predict)"],
                           input="", capture_output=True, text=True, timeout=30)
    if "without XGBoost" not in probe.stderr:
        config.available_features.add("xgboost")
except (OSError, subprocess.SubprocessError):
    pass
# A fake OpenAI-compatible server on loopback around a command (kb-sample-server's tests).
config.substitutions.append(("%fake-openai", "%s %s" % (
    sys.executable, os.path.join(config.test_source_root, "Sample", "Inputs", "fake-openai.py"))))
# CUDA C++ candidates need clang++ and CUDA's headers (kb-lower-to-ptx's defaults).
cuda_path = os.environ.get("CUDA_PATH") or "/usr/local/cuda"
if os.path.exists(os.path.join(config.llvm_tools_dir, "clang++")) and os.path.isdir(
        os.path.join(cuda_path, "include")):
    config.available_features.add("clang-cuda")
# The other CUDA C++ compilers kb-lower-to-ptx takes (cuda-compiler=nvrtc|nvcc): NVRTC where
# CUDA's libnvrtc is, nvcc where it and a host compiler for its preprocessing are.
if os.path.isdir(os.path.join(cuda_path, "include")):
    if any(os.path.exists(os.path.join(cuda_path, "lib64", name))
           for name in ("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12")):
        config.available_features.add("nvrtc")
    if os.path.exists(os.path.join(cuda_path, "bin", "nvcc")) and shutil.which("g++"):
        config.available_features.add("nvcc")

# The rewards recorded on an H200 for every decision list of the two tasks of bench/rewards/
# (results/rewards-h200): the learning passes run on them without a GPU.
repo_root = os.path.dirname(config.test_source_root)
config.substitutions.append(("%reward-tasks", os.path.join(repo_root, "bench", "rewards")))
config.substitutions.append(
    ("%rewards", os.path.join(repo_root, "results", "rewards-h200", "rewards.jsonl")))
# Checks of learning logs and scored policies that FileCheck cannot make (orderings, sums).
config.substitutions.append(("%learning-checks", "%s %s" % (
    sys.executable, os.path.join(config.test_source_root, "Learn", "Inputs", "learning_checks.py"))))
