//===- ScheduleSpaceBase.td - op families and decisions ----*- tablegen -*-===//
//
// The vocabulary of schedule spaces: an op family and the decisions the built-in policy makes
// for it. kopt-tblgen reads the records and generates, for each family, its ScheduleSpace table
// and accessor, and its Schedule struct whose members default as the decisions do (see
// ScheduleSpace.h). Help texts are written as paragraphs: runs of white space become one space.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_SCHEDULESPACEBASE_TD
#define KOPT_CODEGEN_SCHEDULESPACEBASE_TD

// One choice of a schedule space: `decisionName` is its key in a candidate's `decisions`
// dictionary, `member` the member of the family's Schedule struct that holds it. The policy
// samples from `values` (in increasing order); a candidate that leaves the decision out gets
// `defaultValue`.
class Decision<string decisionName, string member, list<int> values, int defaultValue,
               bit boolean, string description> {
  string name = decisionName;
  string cppName = member;
  list<int> domain = values;
  int defaultVal = defaultValue;
  // Written `true`/`false` in the IR, a `bool` member; the domain is {0, 1}.
  bit isBool = boolean;
  // What the value means, and its fallback where it cannot apply.
  string help = description;
}

class IntDecision<string decisionName, string member, list<int> values, int defaultValue,
                  string description>
    : Decision<decisionName, member, values, defaultValue, false, description>;

class BoolDecision<string decisionName, string member, bit defaultValue, string description>
    : Decision<decisionName, member, [0, 1], !if(defaultValue, 1, 0), true, description>;

// An op family: `familyName` names its space (ScheduleSpace::family); `cppPrefix` names its
// C++: the struct <cppPrefix>Schedule and the accessor <cppPrefix, first letter lowered>Space().
class Family<string familyName, string cppPrefix> {
  string name = familyName;
  string cppName = cppPrefix;
  // What the family takes (ScheduleSpace::help).
  string summary = "";
  // In the order of the space's table: the order of resolveDecisions' values.
  list<Decision> decisions = [];
}

#endif // KOPT_CODEGEN_SCHEDULESPACEBASE_TD
