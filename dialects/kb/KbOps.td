//===- KbOps.td - kb operations ----------------------------*- tablegen -*-===//
#ifndef KB_OPS_TD
#define KB_OPS_TD

include "kb/KbAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// kb.task and what it holds
//===----------------------------------------------------------------------===//

def Kb_TaskOp : Kb_Op<"task", [Symbol, NoTerminator, SingleBlock,
                               IsolatedFromAbove, NoRegionArguments]> {
  let summary = "a tensor computation to find a fast kernel for";
  let description = [{
    Holds, in this order by convention: the `kb.input`s and `kb.output`s (names, types and input
    distributions), one `kb.reference` (the TorchScript body that defines correctness) and one
    `kb.payload` (the same computation in MLIR, in destination-passing style). `tolerance` is the
    elementwise bound `atol + rtol * |reference|`. A task from a benchmark may say which split it
    belongs to: `attributes {split = "train"}` or `"eval"`.

    ```mlir
    kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
      kb.input "x" : tensor<16x16xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
      kb.output "out" : tensor<16x16xf32>
      kb.reference "return torch.relu(x)"
      kb.payload(%x: tensor<16x16xf32>, %out: tensor<16x16xf32>) { ... kb.yield %r : tensor<16x16xf32> }
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<Kb_OriginAttr>:$origin,
                       F64Attr:$atol, F64Attr:$rtol);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name (`origin` $origin^)?
    `tolerance` `(` `atol` custom<PlainF64>($atol) `,` `rtol` custom<PlainF64>($rtol) `)`
    attr-dict-with-keyword $body
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<InputOp> getInputs();
    ::llvm::SmallVector<OutputOp> getOutputs();
    ReferenceOp getReference();
    PayloadOp getPayload();
  }];
}

def Kb_InputOp : Kb_Op<"input", [HasParent<"TaskOp">]> {
  let summary = "an input of a task and the distributions it may be drawn from";
  let description = [{
    The first distribution is the benchmark's own; the others are alternatives the verifier may
    also draw from, where the task's semantics allow it.
  }];
  let arguments = (ins StrAttr:$name, TypeAttr:$type,
                       TypedArrayAttrBase<Kb_DistAttr, "distributions">:$dists);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The structure every draw of the input has: that of all its distributions, `full` where
    /// they differ (or where it has none, as a chain stage's intermediate).
    ::kb::DistStructure getGuaranteedStructure();
  }];
}

def Kb_OutputOp : Kb_Op<"output", [HasParent<"TaskOp">]> {
  let summary = "an output of a task";
  let arguments = (ins StrAttr:$name, TypeAttr:$type);
  let assemblyFormat = "$name `:` $type attr-dict";
  let hasVerifier = 1;
}

def Kb_ReferenceOp : Kb_Op<"reference", [HasParent<"TaskOp">]> {
  let summary = "the TorchScript function body that defines the task";
  let description = [{
    The body of a TorchScript function whose parameters are the task's inputs, by name, and which
    returns its outputs, e.g. `return torch.relu(x)`.
  }];
  let arguments = (ins StrAttr:$source);
  let assemblyFormat = "$source attr-dict";
  let hasVerifier = 1;
}

def Kb_PayloadOp : Kb_Op<"payload", [HasParent<"TaskOp">, IsolatedFromAbove, SingleBlock,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "the task's computation in MLIR";
  let description = [{
    Block arguments are the task's inputs then its outputs (destinations), printed with their
    names; `kb.yield` returns the output values.
  }];
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def Kb_YieldOp : Kb_Op<"yield", [Pure, Terminator, HasParent<"PayloadOp">]> {
  let summary = "returns the payload's outputs";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// kb.candidate
//===----------------------------------------------------------------------===//

def Kb_CandidateOp : Kb_Op<"candidate", [Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "one proposed kernel for a task, and what kopt learned about it";
  let description = [{
    Candidates of a task appear in sample order. A policy candidate carries its `decisions`; an LLM
    or hand-written one its `source` text. Each stage of kopt adds attributes: `ptx` and `launch`
    (lowering), `features` (tagging), `predicted` (a learned cost model), `verdict` (verification), `time` in microseconds and
    `speedup` over PyTorch eager at fp32 (KernelBench's convention) with its `interval` (timing),
    `speedup_tf32` over PyTorch eager with TF32 allowed (the baseline at matched precision for a
    kernel that computes in TF32) with its `interval`, when the runner timed that baseline, and
    `selected` (selection).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       FlatSymbolRefAttr:$task,
                       Kb_CandidateOriginAttr:$origin,
                       OptionalAttr<DictionaryAttr>:$decisions,
                       OptionalAttr<StrAttr>:$source,
                       OptionalAttr<Kb_LogProbAttr>:$logprob,
                       OptionalAttr<StrAttr>:$ptx,
                       OptionalAttr<Kb_LaunchPlanAttr>:$launch,
                       OptionalAttr<DictionaryAttr>:$features,
                       OptionalAttr<Kb_PredictionAttr>:$predicted,
                       OptionalAttr<Kb_VerdictAttr>:$verdict,
                       OptionalAttr<Kb_TimingAttr>:$time,
                       OptionalAttr<F64Attr>:$speedup,
                       OptionalAttr<Kb_IntervalAttr>:$speedup_interval,
                       OptionalAttr<F64Attr>:$speedup_tf32,
                       OptionalAttr<Kb_IntervalAttr>:$speedup_tf32_interval,
                       OptionalAttr<Kb_SelectionAttr>:$selected);
  let assemblyFormat = [{
    $sym_name `of` $task `` $origin
    (`decisions` $decisions^)? (`source` $source^)? (`logprob` $logprob^)?
    (`ptx` $ptx^)? (`launch` $launch^)? (`features` $features^)?
    (`predicted` $predicted^)? (`verdict` $verdict^)? (`time` $time^)? (`speedup` custom<PlainF64>($speedup)^)?
    (`interval` $speedup_interval^)?
    (`speedup_tf32` custom<PlainF64>($speedup_tf32)^)? (`interval` $speedup_tf32_interval^)?
    (`selected` $selected^)?
    attr-dict
  }];
  let hasVerifier = 1;
}

#endif // KB_OPS_TD
