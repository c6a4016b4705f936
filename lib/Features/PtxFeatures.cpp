//===- PtxFeatures.cpp - structural features of a PTX module --------------===//
#include "kopt/Features/PtxFeatures.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <limits>

using namespace llvm;
using namespace kopt::features;

namespace {

/// How a feature combines a kernel's functions, and kernels launched one after another.
enum class Kind {
  Count,  // sums, both ways
  Size,   // a function's own bytes: summed along calls, the largest across kernels
  Widest, // the largest, both ways
};

struct Field {
  StringRef key;
  int64_t PtxFeatures::*member;
  Kind kind;
};

// The one list of features: keys, order, and how they combine.
const Field kFields[] = {
    {"instructions", &PtxFeatures::instructions, Kind::Count},
    {"global_loads", &PtxFeatures::globalLoads, Kind::Count},
    {"global_loads_v2", &PtxFeatures::globalLoadsV2, Kind::Count},
    {"global_loads_v4", &PtxFeatures::globalLoadsV4, Kind::Count},
    {"global_load_bytes", &PtxFeatures::globalLoadBytes, Kind::Count},
    {"global_load_bytes_max", &PtxFeatures::globalLoadBytesMax, Kind::Widest},
    {"global_stores", &PtxFeatures::globalStores, Kind::Count},
    {"global_stores_v2", &PtxFeatures::globalStoresV2, Kind::Count},
    {"global_stores_v4", &PtxFeatures::globalStoresV4, Kind::Count},
    {"global_store_bytes", &PtxFeatures::globalStoreBytes, Kind::Count},
    {"global_store_bytes_max", &PtxFeatures::globalStoreBytesMax, Kind::Widest},
    {"generic_loads", &PtxFeatures::genericLoads, Kind::Count},
    {"generic_stores", &PtxFeatures::genericStores, Kind::Count},
    {"shared_bytes", &PtxFeatures::sharedBytes, Kind::Size},
    {"shared_dynamic", &PtxFeatures::sharedDynamic, Kind::Widest},
    {"shared_loads", &PtxFeatures::sharedLoads, Kind::Count},
    {"shared_stores", &PtxFeatures::sharedStores, Kind::Count},
    {"local_bytes", &PtxFeatures::localBytes, Kind::Size},
    {"local_loads", &PtxFeatures::localLoads, Kind::Count},
    {"local_stores", &PtxFeatures::localStores, Kind::Count},
    {"barriers", &PtxFeatures::barriers, Kind::Count},
    {"mma_sync", &PtxFeatures::mmaSync, Kind::Count},
    {"wgmma", &PtxFeatures::wgmma, Kind::Count},
    {"cp_async", &PtxFeatures::cpAsync, Kind::Count},
    {"cp_async_bulk", &PtxFeatures::cpAsyncBulk, Kind::Count},
    {"fma", &PtxFeatures::fma, Kind::Count},
    {"approx", &PtxFeatures::approx, Kind::Count},
    {"atomics", &PtxFeatures::atomics, Kind::Count},
    {"float_atomics", &PtxFeatures::floatAtomics, Kind::Count},
    {"nondeterministic", &PtxFeatures::nondeterministic, Kind::Widest},
    {"loops", &PtxFeatures::loops, Kind::Count},
};

/// Sizes and counts stop at the largest int64: a declaration of more than 2^63 bytes is no
/// reason for undefined behaviour, and ptxas rejects it anyway.
constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
int64_t saturatingAdd(int64_t a, int64_t b) { return checkedAdd(a, b).value_or(kSaturated); }
int64_t saturatingMul(int64_t a, int64_t b) { return checkedMul(a, b).value_or(kSaturated); }

/// Adds `callee`'s features to those of a function that calls it.
void addCallee(PtxFeatures &into, const PtxFeatures &callee) {
  for (const Field &field : kFields) {
    int64_t &value = into.*field.member;
    value = field.kind == Kind::Widest ? std::max(value, callee.*field.member)
                                       : saturatingAdd(value, callee.*field.member);
  }
}

bool isIdentifierStart(char c) { return isAlpha(c) || c == '_' || c == '$' || c == '%'; }
bool isIdentifierChar(char c) { return isAlnum(c) || c == '_' || c == '$'; }

/// A PTX identifier (labels, functions, variables; not `a.b`, not `%r1`).
bool isLabelName(StringRef text) {
  return !text.empty() && isIdentifierStart(text.front()) && text.front() != '%' &&
         all_of(text.drop_front(), isIdentifierChar);
}

/// The identifiers of `text` that can name a module symbol (registers and numbers aside).
void collectNames(StringRef text, StringSet<> &into) {
  for (size_t i = 0; i < text.size();) {
    if (!isIdentifierStart(text[i]) || (i > 0 && isIdentifierChar(text[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    if (text[i] != '%')
      into.insert(text.slice(i, end));
    i = end;
  }
}

/// Bits of a type suffix (b32, f16x2, bf16, u8, b128), or 0 for other suffixes (nc, v4, L2::256B).
unsigned typeBits(StringRef part) {
  StringRef rest = part;
  if (!rest.consume_front("bf") && !rest.consume_front("b") && !rest.consume_front("u") &&
      !rest.consume_front("s") && !rest.consume_front("f"))
    return 0;
  auto [digits, lanes] = rest.split('x');
  unsigned bits = 0, count = 1;
  if (digits.getAsInteger(10, bits) || (!lanes.empty() && lanes.getAsInteger(10, count)))
    return 0;
  return bits * count;
}

/// Whether an atomic's or a reduction's qualifiers add floating-point values (`.add` with an
/// f16, bf16, f32 or f64 type, vector forms included): their rounding depends on the order in
/// which the threads' adds land, which no one fixes.
bool addsFloats(ArrayRef<StringRef> parts) {
  return is_contained(parts, "add") && any_of(parts, [](StringRef part) {
           return (part.starts_with("f") || part.starts_with("bf")) && typeBits(part) != 0;
         });
}

/// A `.shared` or `.local` declaration's bytes, or nullopt for an unsized array (`name[]`).
/// E.g. `.shared .align 4 .b8 tile[4096]`, `.local .align 8 .b8 __local_depot0[64]`.
std::optional<int64_t> declaredBytes(StringRef statement) {
  statement = statement.split('=').first; // an initializer is no part of the size
  SmallVector<StringRef> tokens;
  statement.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  int64_t bytes = 0;
  uint64_t lanes = 1;
  StringRef declarator;
  for (StringRef token : tokens) {
    if (token.consume_front(".v"))
      token.getAsInteger(10, lanes);
    else if (token.starts_with("."))
      bytes = std::max<int64_t>(bytes, typeBits(token.drop_front()) / 8);
    else
      declarator = token;
  }
  bytes = saturatingMul(bytes, std::min<uint64_t>(lanes, kSaturated));
  // Each [N] multiplies; an empty [] makes the array dynamic.
  StringRef dims = declarator.split('[').second;
  while (!dims.empty()) {
    auto [dim, rest] = dims.split(']');
    uint64_t extent;
    if (dim.trim().getAsInteger(10, extent))
      return std::nullopt;
    bytes = saturatingMul(bytes, std::min<uint64_t>(extent, kSaturated));
    dims = rest.ltrim().drop_front(); // past the next '['
  }
  return bytes;
}

/// The declared name of a `.shared` declaration: `tile` in `.shared .b8 tile[4096]`.
StringRef declaredName(StringRef statement) {
  SmallVector<StringRef> tokens;
  statement.split('=').first.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef token : llvm::reverse(tokens))
    if (!token.starts_with("."))
      return token.split('[').first;
  return {};
}

/// Directives that end at the line's end, without a semicolon.
bool endsAtLineEnd(StringRef text) {
  StringRef word = text.split(' ').first;
  return word == ".version" || word == ".target" || word == ".address_size" ||
         word == ".loc" || word == ".file";
}

bool hasToken(StringRef statement, StringRef token) {
  SmallVector<StringRef> tokens;
  statement.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  return is_contained(tokens, token);
}

/// A function as parsed: its own features and the names it mentions (callees, variables).
struct Function {
  std::string name;
  bool entry = false;
  PtxFeatures own;
  StringSet<> names;
  StringSet<> labels; // those seen so far: a branch to one of them is a back edge
};

struct SharedVariable {
  int64_t bytes = 0;
  bool dynamic = false;
};

/// Turns PTX text into statements (comments gone, whitespace squeezed) and files them.
class Parser {
public:
  void parse(StringRef ptx);

  std::string target;
  std::vector<Function> functions;
  StringMap<SharedVariable> shared; // module-scope .shared variables

private:
  void statement(StringRef text);
  void header(StringRef text);
  void moduleDirective(StringRef text);
  void functionDirective(StringRef text);
  void instruction(StringRef text);
  void memoryAccess(ArrayRef<StringRef> parts, bool load);

  Function *current = nullptr;
};

void Parser::parse(StringRef ptx) {
  std::string text;   // the statement being read
  int depth = 0;      // scopes: 1 in a function body, more in its { } blocks
  int operand = 0;    // braces of a vector operand ({%r1, %r2}) or an initializer
  bool inBody = false; // the outermost scope is a function (not a .section)
  auto flush = [&] {
    StringRef trimmed = StringRef(text).trim();
    if (!trimmed.empty() && (depth == 0 || inBody))
      statement(trimmed);
    text.clear();
  };
  auto append = [&](char c) {
    if (isSpace(c)) {
      if (!text.empty() && text.back() != ' ')
        text += ' ';
    } else {
      text += c;
    }
  };
  for (size_t i = 0, e = ptx.size(); i < e; ++i) {
    char c = ptx[i];
    if (c == '\n' && endsAtLineEnd(text)) {
      flush();
    } else if (c == '/' && i + 1 < e && ptx[i + 1] == '/') {
      i = std::min(ptx.find('\n', i), e) - 1; // the line's end is read next
    } else if (c == '/' && i + 1 < e && ptx[i + 1] == '*') {
      size_t end = ptx.find("*/", i + 2);
      i = end == StringRef::npos ? e - 1 : end + 1;
      append(' ');
    } else if (c == '"') {
      size_t end = ptx.find('"', i + 1);
      end = end == StringRef::npos ? e - 1 : end;
      text += ptx.slice(i, end + 1);
      i = end;
    } else if (c == ';' && operand == 0) {
      flush();
    } else if (c == '{') {
      bool opensScope = depth == 0 ? StringRef(text).find('=') == StringRef::npos
                                   : StringRef(text).trim().empty();
      if (operand > 0 || !opensScope) {
        ++operand;
        text += c;
        continue;
      }
      if (depth == 0) {
        header(StringRef(text).trim());
        inBody = current != nullptr;
        text.clear();
      }
      ++depth;
    } else if (c == '}') {
      if (operand > 0) {
        --operand;
        text += c;
        continue;
      }
      flush();
      if (depth > 0 && --depth == 0) {
        current = nullptr;
        inBody = false;
      }
    } else if (c == ':' && depth > 0 && operand == 0 && isLabelName(StringRef(text).trim()) &&
               !(i + 1 < e && ptx[i + 1] == ':')) {
      if (inBody)
        current->labels.insert(StringRef(text).trim());
      text.clear();
    } else if (c == ':' && i + 1 < e && ptx[i + 1] == ':') {
      text += "::"; // a qualifier (shared::cta), never a label
      ++i;
    } else {
      append(c);
    }
  }
}

void Parser::statement(StringRef text) {
  if (!current)
    return moduleDirective(text);
  if (text.starts_with("."))
    return functionDirective(text);
  instruction(text);
}

/// A function definition's header: `.visible .entry name(...)` or `.func (.param .b32 r) name(...)`.
void Parser::header(StringRef text) {
  SmallVector<StringRef> tokens;
  text.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  auto keyword = find_if(tokens, [](StringRef token) {
    StringRef word = token.split('(').first;
    return word == ".entry" || word == ".func";
  });
  if (keyword == tokens.end())
    return; // a .section or another block that is no function
  bool entry = keyword->starts_with(".entry");
  StringRef rest = text.drop_front(keyword->data() - text.data() + (entry ? 6 : 5)).ltrim();
  if (rest.starts_with("(")) // the return parameters of a .func
    rest = rest.drop_front(rest.find(')') + 1).ltrim();
  size_t end = 0;
  while (end < rest.size() && isIdentifierChar(rest[end]))
    ++end;
  functions.push_back({});
  current = &functions.back();
  current->name = rest.take_front(end).str();
  current->entry = entry;
}

void Parser::moduleDirective(StringRef text) {
  if (text.starts_with(".target ") && target.empty()) {
    target = text.drop_front(8).split(',').first.trim().str();
    return;
  }
  if (!hasToken(text, ".shared") || hasToken(text, ".func"))
    return;
  std::optional<int64_t> bytes = declaredBytes(text);
  shared[declaredName(text)] = {bytes.value_or(0), !bytes};
}

/// Declarations inside a body: .reg, .param, .pragma and the like are no instructions; memory a
/// function declares for itself counts.
void Parser::functionDirective(StringRef text) {
  bool isShared = hasToken(text, ".shared"), isLocal = hasToken(text, ".local");
  if (!isShared && !isLocal)
    return;
  std::optional<int64_t> bytes = declaredBytes(text);
  if (isLocal)
    current->own.localBytes = saturatingAdd(current->own.localBytes, bytes.value_or(0));
  else if (bytes)
    current->own.sharedBytes = saturatingAdd(current->own.sharedBytes, *bytes);
  else
    current->own.sharedDynamic = 1;
}

void Parser::instruction(StringRef text) {
  if (text.starts_with("@")) // a guard: @%p1 or @!%p1
    text = text.split(' ').second;
  auto [opcode, operands] = text.split(' ');
  PtxFeatures &own = current->own;
  ++own.instructions;
  collectNames(operands, current->names);

  SmallVector<StringRef> parts;
  opcode.split(parts, '.');
  StringRef root = parts.front();
  StringRef second = parts.size() > 1 ? parts[1] : StringRef();
  StringRef third = parts.size() > 2 ? parts[2] : StringRef();
  auto isGroupControl = [](StringRef part) {
    return part.starts_with("commit_group") || part.starts_with("wait_group") ||
           part == "wait_all" || part == "mbarrier" || part == "prefetch";
  };
  if (root == "ld" || root == "ldu") {
    memoryAccess(parts, /*load=*/true);
  } else if (root == "st") {
    memoryAccess(parts, /*load=*/false);
  } else if (root == "bra") {
    StringRef target = operands.trim();
    if (current->labels.contains(target))
      ++own.loops;
  } else if (root == "bar" || root == "barrier") {
    own.barriers += second != "warp"; // bar.warp.sync synchronises a warp, not the block
  } else if (root == "mma" || (root == "wmma" && second == "mma")) {
    ++own.mmaSync;
  } else if (root == "wgmma" && second.starts_with("mma_async")) {
    ++own.wgmma;
  } else if (root == "cp" && second == "async") {
    if (third != "bulk")
      own.cpAsync += !isGroupControl(third);
    else
      own.cpAsyncBulk += !(parts.size() > 3 && isGroupControl(parts[3]));
  } else if (root == "fma") {
    ++own.fma;
  } else if (llvm::is_contained(parts, "approx")) {
    ++own.approx;
  } else if (root == "atom" || root == "red") {
    ++own.atomics;
    if (addsFloats(parts)) {
      ++own.floatAtomics;
      own.nondeterministic = 1;
    }
  } else if (root == "cp" && second == "reduce") {
    // cp.reduce.async.bulk: a bulk copy that adds into its destination, in no fixed order.
    own.nondeterministic |= addsFloats(parts);
  }
}

/// ld/st: the state space (any part: ld.global.nc, ld.volatile.shared::cta) and the width.
void Parser::memoryAccess(ArrayRef<StringRef> parts, bool load) {
  StringRef space;
  int64_t lanes = 1, bits = 0;
  for (StringRef part : parts.drop_front()) {
    StringRef name = part.split("::").first;
    if (name == "global" || name == "shared" || name == "local" || name == "param" ||
        name == "const")
      space = name;
    else if (part.starts_with("v") && !part.drop_front().getAsInteger(10, lanes))
      continue;
    else if (unsigned partBits = typeBits(part))
      bits = partBits;
  }
  int64_t bytes = lanes * bits / 8;
  PtxFeatures &own = current->own;
  if (space.empty()) {
    ++(load ? own.genericLoads : own.genericStores);
  } else if (space == "shared") {
    ++(load ? own.sharedLoads : own.sharedStores);
  } else if (space == "local") {
    ++(load ? own.localLoads : own.localStores);
  } else if (space == "global") {
    ++(load ? own.globalLoads : own.globalStores);
    (load ? own.globalLoadsV2 : own.globalStoresV2) += lanes == 2;
    (load ? own.globalLoadsV4 : own.globalStoresV4) += lanes == 4;
    (load ? own.globalLoadBytes : own.globalStoreBytes) += bytes;
    int64_t &widest = load ? own.globalLoadBytesMax : own.globalStoreBytesMax;
    widest = std::max(widest, bytes);
  }
}

} // namespace

const PtxKernel *PtxModule::find(StringRef name) const {
  auto it = find_if(kernels, [&](const PtxKernel &kernel) { return kernel.name == name; });
  return it == kernels.end() ? nullptr : &*it;
}

PtxModule kopt::features::analyzePtx(StringRef ptx) {
  Parser parser;
  parser.parse(ptx);
  StringMap<const Function *> byName;
  for (const Function &function : parser.functions)
    byName.try_emplace(function.name, &function);

  PtxModule module;
  module.target = parser.target;
  for (const Function &entry : parser.functions) {
    if (!entry.entry)
      continue;
    // The entry and every function it reaches, each once; module variables any of them names.
    PtxKernel kernel{entry.name, {}};
    SmallVector<const Function *> work{&entry};
    StringSet<> reached{entry.name}, variables;
    while (!work.empty()) {
      const Function *function = work.pop_back_val();
      addCallee(kernel.features, function->own);
      for (const auto &name : function->names) {
        auto callee = byName.find(name.getKey());
        if (callee != byName.end() && reached.insert(name.getKey()).second)
          work.push_back(callee->second);
        auto variable = parser.shared.find(name.getKey());
        if (variable != parser.shared.end() && variables.insert(name.getKey()).second) {
          kernel.features.sharedBytes =
              saturatingAdd(kernel.features.sharedBytes, variable->second.bytes);
          kernel.features.sharedDynamic |= variable->second.dynamic;
        }
      }
    }
    module.kernels.push_back(std::move(kernel));
  }
  return module;
}

PtxFeatures kopt::features::combineKernels(ArrayRef<PtxFeatures> kernels) {
  PtxFeatures combined;
  for (const PtxFeatures &kernel : kernels)
    for (const Field &field : kFields) {
      int64_t &value = combined.*field.member;
      value = field.kind == Kind::Count ? saturatingAdd(value, kernel.*field.member)
                                        : std::max(value, kernel.*field.member);
    }
  return combined;
}

std::vector<NamedFeature> kopt::features::namedFeatures(const PtxFeatures &features) {
  std::vector<NamedFeature> named;
  for (const Field &field : kFields)
    named.emplace_back(field.key, features.*field.member);
  return named;
}
