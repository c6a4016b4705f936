//===- KbDialect.td - the kb dialect -----------------------*- tablegen -*-===//
//
// kb ("kernel bench") describes a tensor task and the candidate kernels proposed for it. Tasks hold
// the semantics (inputs, TorchScript reference, MLIR payload); candidates accumulate what each kopt
// stage learns about them as attributes, so the IR file is the record of a run.
//
//===----------------------------------------------------------------------===//
#ifndef KB_DIALECT_TD
#define KB_DIALECT_TD

include "mlir/IR/OpBase.td"

def Kb_Dialect : Dialect {
  let name = "kb";
  let cppNamespace = "::kb";
  let summary = "Tensor tasks and the candidate GPU kernels proposed for them";
  let description = [{
    A `kb.task` names a computation: its inputs and how they are drawn, the PyTorch reference that
    defines correctness, and the same computation in MLIR (the payload). A `kb.candidate` is one
    proposed kernel for a task, with its origin and log-probability statistics; kopt's stages add
    PTX, a launch plan, features, a verdict, timing, speedup and the selection mark to it.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Defined beside the attributes, where their storage classes are complete.
    void registerAttributes();
  }];
}

class Kb_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kb_Dialect, mnemonic, traits>;

#endif // KB_DIALECT_TD
