//===- KbAttrs.td - kb attributes --------------------------*- tablegen -*-===//
#ifndef KB_ATTRS_TD
#define KB_ATTRS_TD

include "kb/KbDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

// A double, written as a plain float literal.
class Kb_F64Parameter<string desc> : APFloatParameter<desc> {
  let parser = "::kb::parseF64($_parser)";
  let printer = "::kb::printF64($_printer, $_self)";
}

class Kb_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Kb_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Kb_CandidateOrigin : I32EnumAttr<"CandidateOrigin", "where a candidate came from", [
    I32EnumAttrCase<"Policy", 0, "policy">,   // kopt's built-in policy: decisions
    I32EnumAttrCase<"Replay", 1, "replay">,   // a recorded LLM sample: source text
    I32EnumAttrCase<"Server", 2, "server">,   // an LLM served over HTTP: source text
    I32EnumAttrCase<"Manual", 3, "manual">    // written by hand: source text
  ]> {
  let cppNamespace = "::kb";
  let genSpecializedAttr = 0;
}
def Kb_CandidateOriginAttr : EnumAttr<Kb_Dialect, Kb_CandidateOrigin, "origin_kind"> {
  let assemblyFormat = "$value";
}

def Kb_VerdictKind : I32EnumAttr<"VerdictKind", "outcome of verifying a candidate", [
    I32EnumAttrCase<"Correct", 0, "correct">,
    I32EnumAttrCase<"Incorrect", 1, "incorrect">,
    I32EnumAttrCase<"CompileError", 2, "compile_error">,
    I32EnumAttrCase<"LaunchError", 3, "launch_error">,
    I32EnumAttrCase<"Crash", 4, "crash">,
    I32EnumAttrCase<"Timeout", 5, "timeout">,
    I32EnumAttrCase<"MutatedInput", 6, "mutated_input">,
    I32EnumAttrCase<"UnwrittenOutput", 7, "unwritten_output">,
    I32EnumAttrCase<"ParseError", 8, "parse_error">,
    I32EnumAttrCase<"OutOfBoundsWrite", 9, "out_of_bounds_write">,
    // Not run: left out by a verification budget (kb-verify's `top`); the detail says why.
    I32EnumAttrCase<"Unverified", 10, "unverified">
  ]> {
  let cppNamespace = "::kb";
  let genSpecializedAttr = 0;
}

def Kb_DistKind : I32EnumAttr<"DistKind", "distribution an input is drawn from", [
    I32EnumAttrCase<"Uniform", 0, "uniform">,    // (low, high), half-open
    I32EnumAttrCase<"Normal", 1, "normal">,      // (mean, stddev)
    I32EnumAttrCase<"Constant", 2, "constant">,  // (value)
    I32EnumAttrCase<"RandInt", 3, "randint">     // (low, high), integers, half-open
  ]> {
  let cppNamespace = "::kb";
  let genSpecializedAttr = 0;
}

// What a drawn tensor is made into, over its last two dimensions (each matrix of a batch).
def Kb_DistStructure : I32EnumAttr<"DistStructure", "structure of a drawn input", [
    I32EnumAttrCase<"Full", 0, "full">,                          // as drawn
    I32EnumAttrCase<"UpperTriangular", 1, "upper_triangular">,   // zeros below the diagonal
    I32EnumAttrCase<"LowerTriangular", 2, "lower_triangular">,   // zeros above the diagonal
    I32EnumAttrCase<"Symmetric", 3, "symmetric">,                // (R + R^T) / 2
    I32EnumAttrCase<"Diagonal", 4, "diagonal">                   // zeros off the diagonal
  ]> {
  let cppNamespace = "::kb";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Kb_DistAttr : Kb_Attr<"Dist", "dist"> {
  let summary = "a distribution inputs are drawn from";
  let description = [{
    `uniform(low, high)`, `normal(mean, stddev)`, `constant(value)` or `randint(low, high)`,
    optionally inside a structure applied to each matrix of the drawn tensor (its last two
    dimensions): `upper_triangular(...)`, `lower_triangular(...)`, `symmetric(...)` (the mean of
    the draw and its transpose) or `diagonal(...)`. Written bare inside `kb.input`, as
    `#kb.dist<upper_triangular(uniform(0.0, 1.0))>` elsewhere. Whether a structure fits the
    input's shape and type is the input's to check.
  }];
  let parameters = (ins EnumParameter<Kb_DistKind>:$kind,
                        ArrayRefParameter<"::llvm::APFloat">:$params,
                        DefaultValuedParameter<"::kb::DistStructure",
                                               "::kb::DistStructure::Full">:$structure);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Parses and prints the body without the surrounding `<` `>`.
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

def Kb_OriginAttr : Kb_Attr<"Origin", "origin"> {
  let summary = "the benchmark a task comes from";
  let parameters = (ins StringRefParameter<"benchmark name">:$benchmark,
                        "int64_t":$level, "int64_t":$problem);
  let assemblyFormat = "`<` $benchmark `,` `level` $level `,` `problem` $problem `>`";
  let genVerifyDecl = 1;
}

def Kb_LogProbAttr : Kb_Attr<"LogProb", "logprob"> {
  let summary = "log-probability statistics of a sampled candidate";
  let description = [{
    The sum of the per-token (or per-decision) log-probabilities and their count. The mean is
    sum / count; surprisal is minus the mean.
  }];
  let parameters = (ins Kb_F64Parameter<"sum of log-probs">:$sum, "int64_t":$count);
  let assemblyFormat = "`<` `sum` `=` $sum `,` `count` `=` $count `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    double getMean() const {
      return getSum().convertToDouble() / static_cast<double>(getCount());
    }
    double getSurprisal() const { return -getMean(); }
  }];
}

def Kb_LaunchAttr : Kb_Attr<"Launch", "launch"> {
  let summary = "one kernel launch of a candidate";
  let description = [{
    The entry to launch, its grid and block (x, y, z), dynamic shared memory in bytes, and the
    parameters in order: names of the task's inputs and outputs (an output of any rank and an
    input of rank >= 1 by its device pointer, a scalar input by value), `scratchN` for the N-th scratch buffer of the launch plan, or an
    immediate `i32:N`, `i64:N`, `f32:X` or `f64:X` (sizes a hand-written kernel takes).
  }];
  let parameters = (ins StringRefParameter<"entry symbol">:$entry,
                        ArrayRefParameter<"int64_t">:$grid,
                        ArrayRefParameter<"int64_t">:$block,
                        "int64_t":$smem,
                        ArrayRefParameter<"::mlir::StringAttr">:$args);
  let assemblyFormat = [{
    `<` $entry `,` `grid` `=` `[` $grid `]` `,` `block` `=` `[` $block `]` `,`
        `smem` `=` $smem `,` `args` `=` `[` $args `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Kb_LaunchPlanAttr : Kb_Attr<"LaunchPlan", "launch_plan"> {
  let summary = "the launches of a candidate, in order, and its scratch buffers";
  let parameters = (ins ArrayRefParameter<"::kb::LaunchAttr">:$launches,
                        OptionalArrayRefParameter<"int64_t">:$scratchBytes);
  let assemblyFormat = [{
    `<` `[` $launches `]` (`,` `scratch` `=` `[` $scratchBytes^ `]`)? `>`
  }];
  let genVerifyDecl = 1;
}

def Kb_VerdictAttr : Kb_Attr<"Verdict", "verdict"> {
  let summary = "the outcome of verifying a candidate, with its diagnostic";
  let parameters = (ins EnumParameter<Kb_VerdictKind>:$kind,
                        StringRefParameter<"diagnostic", "\"\"">:$detail);
  let assemblyFormat = "`<` $kind (`,` $detail^)? `>`";
  let extraClassDeclaration = [{
    bool isCorrect() const { return getKind() == ::kb::VerdictKind::Correct; }
    /// False for a candidate a verification budget left out: it was never run.
    bool wasRun() const { return getKind() != ::kb::VerdictKind::Unverified; }
  }];
}

def Kb_TimingAttr : Kb_Attr<"Timing", "timing"> {
  let summary = "measured run time of a candidate, in microseconds";
  let parameters = (ins Kb_F64Parameter<"median">:$median, Kb_F64Parameter<"first quartile">:$q1,
                        Kb_F64Parameter<"third quartile">:$q3, "int64_t":$n);
  let assemblyFormat = [{
    `<` `median` `=` $median `,` `q1` `=` $q1 `,` `q3` `=` $q3 `,` `n` `=` $n `>`
  }];
  let genVerifyDecl = 1;
}

def Kb_IntervalAttr : Kb_Attr<"Interval", "interval"> {
  let summary = "an interval of a measured ratio (95%)";
  let description = [{
    A speedup's interval comes from the spreads of both timings it divides: the candidate's and
    PyTorch eager's, whose uncertainty includes its drift over the run.
  }];
  let parameters = (ins Kb_F64Parameter<"lower end">:$low, Kb_F64Parameter<"upper end">:$high);
  let assemblyFormat = "`<` $low `,` $high `>`";
  let genVerifyDecl = 1;
}

def Kb_PredictionAttr : Kb_Attr<"Prediction", "prediction"> {
  let summary = "what a learned cost model predicts of a candidate before it runs";
  let description = [{
    The predicted speedup over PyTorch eager (fp32) and the predicted probability that the
    candidate is correct (kb-predict, from a model kb-fit-cost-model fitted).
  }];
  let parameters = (ins Kb_F64Parameter<"predicted speedup">:$speedup,
                        Kb_F64Parameter<"probability of being correct">:$p_correct);
  let assemblyFormat = "`<` $speedup `,` $p_correct `>`";
  let genVerifyDecl = 1;
}

def Kb_SelectionAttr : Kb_Attr<"Selection", "selection"> {
  let summary = "the mark of the selected candidate";
  let description = [{
    The strategy that chose the candidate and how many candidates' timings it had to read to do so.
  }];
  let parameters = (ins StringRefParameter<"strategy">:$strategy, "int64_t":$timed);
  let assemblyFormat = "`<` $strategy `,` `timed` `=` $timed `>`";
  let genVerifyDecl = 1;
}

#endif // KB_ATTRS_TD
