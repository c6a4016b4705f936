// An mlir-opt-style tool of another project that adds kopt's dialect, passes and pipelines to its
// own, through the one registration header.
#include "kopt/InitKopt.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  kopt::registerKoptDialects(registry);
  kopt::registerKoptPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "an outside tool with kopt loaded\n", registry));
}
