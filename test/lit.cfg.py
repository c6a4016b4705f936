# kopt's lit suite. Tests under gpu/ need an NVIDIA GPU (feature `cuda`).
import os
import shutil

import lit.formats
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

# KOPT_BIN_DIR points the suite at another kopt, e.g. the self-contained one on the GPU machine.
kopt_bin = os.environ.get("KOPT_BIN_DIR", os.path.join(config.kopt_obj_root, "bin"))
llvm_config.add_tool_substitutions(["kopt"], [kopt_bin, config.llvm_tools_dir])
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

if os.path.exists("/dev/nvidiactl") or shutil.which("nvidia-smi"):
    config.available_features.add("cuda")
