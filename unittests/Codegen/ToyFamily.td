//===- ToyFamily.td - a family defined outside Families.td -*- tablegen -*-===//
//
// The schedule space of the toy family (ToyFamily.h), which shows that a family is its own files
// plus one registration: kopt-tblgen generates toySpace() and ToySchedule from this.
//
//===----------------------------------------------------------------------===//

include "kopt/Codegen/ScheduleSpaceBase.td"

def ToyFamily : Family<"toy", "Toy"> {
  let summary = "payloads of tasks whose name starts with `toy`";
  let decisions = [
    IntDecision<"width", "width", [1, 2, 4], 2, "elements per thread">,
    BoolDecision<"unrolled", "unrolled", true, "whether the loop over them is unrolled">
  ];
}
