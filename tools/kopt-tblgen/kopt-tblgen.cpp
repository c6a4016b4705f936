//===- kopt-tblgen.cpp - kopt's TableGen backends ---------------------------===//
//
// Generates C++ from the schedule-space records (include/kopt/Codegen/ScheduleSpaceBase.td):
//
//   -gen-schedule-decls   each family's space accessor and Schedule struct, the struct's members
//                         defaulted as the decisions are;
//   -gen-schedule-defs    each family's Decision and ScheduleSpace tables, its accessor and its
//                         Schedule::fromValues; with GEN_SCHEDULE_SPACE_LIST defined, the
//                         spaces' addresses instead, in the order of the records;
//   -gen-family-list      KOPT_FAMILY(<cppName>) once per family, in the order of the records.
//
// Families come in the order they are written in the .td files.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <string>
#include <vector>

using namespace llvm;

namespace {
/// A `Decision` record.
struct DecisionDef {
  explicit DecisionDef(const Record *def) : def(def) {}
  StringRef name() const { return def->getValueAsString("name"); }
  StringRef cppName() const { return def->getValueAsString("cppName"); }
  std::vector<int64_t> domain() const { return def->getValueAsListOfInts("domain"); }
  int64_t defaultValue() const { return def->getValueAsInt("defaultVal"); }
  bool isBool() const { return def->getValueAsBit("isBool"); }
  StringRef help() const { return def->getValueAsString("help"); }

  const Record *def;
};

/// A `Family` record.
struct FamilyDef {
  explicit FamilyDef(const Record *def) : def(def) {}
  StringRef name() const { return def->getValueAsString("name"); }
  StringRef cppName() const { return def->getValueAsString("cppName"); }
  StringRef summary() const { return def->getValueAsString("summary"); }
  std::vector<DecisionDef> decisions() const {
    std::vector<DecisionDef> list;
    for (const Record *decision : def->getValueAsListOfDefs("decisions"))
      list.emplace_back(decision);
    return list;
  }
  std::string structName() const { return (cppName() + "Schedule").str(); }
  std::string accessor() const {
    std::string name = cppName().str();
    name[0] = toLower(name[0]);
    return name + "Space";
  }
  /// The prefix of the tables' static names.
  std::string tableName() const { return ("k" + cppName()).str(); }

  const Record *def;
};
} // namespace

/// The families in the order of their definitions.
static std::vector<FamilyDef> familiesOf(const RecordKeeper &records) {
  std::vector<const Record *> defs(records.getAllDerivedDefinitions("Family"));
  llvm::sort(defs, LessRecordByID());
  std::vector<FamilyDef> families;
  for (const Record *def : defs)
    families.emplace_back(def);
  return families;
}

/// `text` with its white space runs made single spaces: the .td writes texts as indented
/// paragraphs.
static std::string collapsed(StringRef text) {
  SmallVector<StringRef> words;
  SplitString(text, words);
  return join(words, " ");
}

/// `text`, collapsed, as a C++ string literal.
static std::string literal(StringRef text) {
  std::string quoted;
  raw_string_ostream os(quoted);
  os << '"';
  printEscapedString(collapsed(text), os);
  os << '"';
  return quoted;
}

/// Checks what the generated code relies on: unique names, sorted domains holding the default.
static void verify(const FamilyDef &family) {
  StringSet<> names;
  for (const DecisionDef &decision : family.decisions()) {
    if (!names.insert(decision.name()).second)
      PrintFatalError(decision.def, "decision '" + decision.name() + "' appears twice in family '" +
                                        family.name() + "'");
    std::vector<int64_t> domain = decision.domain();
    if (domain.empty() || !llvm::is_sorted(domain) ||
        std::adjacent_find(domain.begin(), domain.end()) != domain.end())
      PrintFatalError(decision.def, "the domain of '" + decision.name() +
                                        "' must be distinct values in increasing order");
    if (!llvm::is_contained(domain, decision.defaultValue()))
      PrintFatalError(decision.def,
                      "the default of '" + decision.name() + "' is not in its domain");
  }
}

static void emitDecls(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Schedule spaces and Schedule structs", os, records);
  for (const FamilyDef &family : familiesOf(records)) {
    verify(family);
    os << "/// The " << family.name() << " family's schedule space: " << collapsed(family.summary())
       << "\n";
    os << "const ScheduleSpace &" << family.accessor() << "();\n\n";
    os << "/// The " << family.name() << " decisions of one candidate (see " << family.accessor()
       << "()), each defaulted as the space defaults it.\n";
    os << "struct " << family.structName() << " {\n";
    for (const DecisionDef &decision : family.decisions())
      os << "  " << (decision.isBool() ? "bool " : "int64_t ") << decision.cppName() << " = "
         << (decision.isBool() ? (decision.defaultValue() ? "true" : "false")
                               : std::to_string(decision.defaultValue()))
         << "; // " << decision.name() << "\n";
    os << "\n  /// From the values resolveDecisions(" << family.accessor()
       << "(), ...) returns.\n";
    os << "  static " << family.structName()
       << " fromValues(llvm::ArrayRef<int64_t> values);\n};\n\n";
  }
}

static void emitDefs(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Schedule space tables", os, records);
  std::vector<FamilyDef> families = familiesOf(records);
  os << "#ifdef GEN_SCHEDULE_SPACE_LIST\n#undef GEN_SCHEDULE_SPACE_LIST\n\n";
  for (const FamilyDef &family : families)
    os << "&" << family.tableName() << "Space,\n";
  os << "\n#else // GEN_SCHEDULE_SPACE_LIST\n\n";
  for (const FamilyDef &family : families) {
    verify(family);
    std::vector<DecisionDef> decisions = family.decisions();
    std::string table = family.tableName();
    for (const DecisionDef &decision : decisions)
      os << "static constexpr int64_t " << table << "_" << decision.name() << "_domain[] = {"
         << join(map_range(decision.domain(), [](int64_t v) { return std::to_string(v); }),
                 ", ")
         << "};\n";
    os << "\nstatic const Decision " << table << "Decisions[] = {\n";
    for (const DecisionDef &decision : decisions)
      os << "    {" << literal(decision.name()) << ", " << table << "_" << decision.name()
         << "_domain, " << decision.defaultValue() << ", " << (decision.isBool() ? "true" : "false")
         << ",\n     " << literal(decision.help()) << "},\n";
    os << "};\n\n";
    os << "static const ScheduleSpace " << table << "Space = {" << literal(family.name())
       << ",\n    " << literal(family.summary()) << ",\n    " << table << "Decisions};\n\n";
    os << "const ScheduleSpace &" << family.accessor() << "() { return " << table
       << "Space; }\n\n";
    os << family.structName() << " " << family.structName()
       << "::fromValues(llvm::ArrayRef<int64_t> values) {\n";
    os << "  assert(values.size() == " << decisions.size()
       << " && \"one value per decision, in table order\");\n";
    os << "  " << family.structName() << " schedule;\n";
    for (auto [index, decision] : llvm::enumerate(decisions))
      os << "  schedule." << decision.cppName() << " = values[" << index << "]"
         << (decision.isBool() ? " != 0" : "") << ";\n";
    os << "  return schedule;\n}\n\n";
  }
  os << "#endif // GEN_SCHEDULE_SPACE_LIST\n";
}

static void emitFamilyList(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("The families, in the order of their definitions", os, records);
  os << "#ifndef KOPT_FAMILY\n#error \"define KOPT_FAMILY(CppName) before including\"\n#endif\n";
  for (const FamilyDef &family : familiesOf(records))
    os << "KOPT_FAMILY(" << family.cppName() << ")\n";
  os << "#undef KOPT_FAMILY\n";
}

static TableGen::Emitter::Opt genDecls("gen-schedule-decls", emitDecls,
                                       "Generate schedule space accessors and Schedule structs");
static TableGen::Emitter::Opt genDefs("gen-schedule-defs", emitDefs,
                                      "Generate schedule space tables and fromValues");
static TableGen::Emitter::Opt genFamilyList("gen-family-list", emitFamilyList,
                                            "Generate the list of families");

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], TableGenMainFn(nullptr));
}
