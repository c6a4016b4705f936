//===- Passes.td - kopt passes -----------------------------*- tablegen -*-===//
#ifndef KOPT_PASSES_TD
#define KOPT_PASSES_TD

include "mlir/Pass/PassBase.td"

def KbSelect : Pass<"kb-select", "::mlir::ModuleOp"> {
  let summary = "Select one candidate per task with a selection strategy";
  let description = [{
    For every `kb.task`, chooses one of its verified-correct candidates and marks it
    `selected <"strategy", timed = N>`, where N is the number of candidates whose timings the
    strategy read. A mark left by an earlier selection of the same task is removed first.
    Strategies: oracle, random, confidence, surprise, surprise-topK, confidence-topK, bon-K.
    Ties go to the earlier candidate in sample order. A task without a correct candidate gets a
    warning and no mark. A candidate without a verdict, a correct candidate without the log-probs
    a ranking strategy needs, or a missing timing the strategy must read is an error located at
    that candidate.
  }];
  let dependentDialects = ["::kb::KbDialect"];
  let options = [
    Option<"strategy", "strategy", "std::string", /*default=*/"\"surprise-top3\"",
           "oracle | random | confidence | surprise | surprise-topK | confidence-topK | bon-K">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "seed of the random strategy">,
  ];
}

#endif // KOPT_PASSES_TD
