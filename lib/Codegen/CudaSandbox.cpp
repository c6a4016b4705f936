//===- CudaSandbox.cpp - what a CUDA C++ candidate may read and spend -----===//
#include "kopt/Codegen/CudaSandbox.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"


using namespace kopt::codegen;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Source scanning
//===----------------------------------------------------------------------===//

/// The length of the line splice (backslash, newline) at `at`, or 0.
static size_t spliceAt(StringRef text, size_t at) {
  if (at >= text.size() || text[at] != '\\')
    return 0;
  if (text.substr(at + 1).starts_with("\n"))
    return 2;
  if (text.substr(at + 1).starts_with("\r\n"))
    return 3;
  return 0;
}

/// `at` moved past any line splices.
static size_t skipSplices(StringRef text, size_t at) {
  while (size_t length = spliceAt(text, at))
    at += length;
  return at;
}

static bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

std::string kopt::codegen::blankSource(StringRef source, Blanking blanking) {
  std::string out = source.str();
  auto blank = [&](size_t from, size_t to) {
    for (size_t at = from; at < to && at < out.size();) {
      if (size_t length = spliceAt(source, at)) {
        at += length;
        continue;
      }
      if (out[at] != '\n' && out[at] != '\r')
        out[at] = ' ';
      ++at;
    }
  };
  size_t size = source.size();
  auto charAt = [&](size_t at) { return at < size ? source[at] : '\0'; };
  auto next = [&](size_t at) { return skipSplices(source, at + 1); };
  for (size_t at = skipSplices(source, 0); at < size;) {
    char c = source[at];
    size_t second = next(at);
    if (c == '/' && charAt(second) == '/') {
      size_t end = second;
      while (end < size && source[end] != '\n')
        end = next(end);
      if (blanking.lineComments)
        blank(at, end);
      at = end;
    } else if (c == '/' && charAt(second) == '*') {
      size_t end = next(second);
      for (char previous = '\0'; end < size; end = next(end)) {
        if (previous == '*' && source[end] == '/')
          break;
        previous = source[end];
      }
      end = std::min(size, end + 1);
      blank(at, end);
      at = skipSplices(source, end);
    } else if (llvm::isDigit(c) || (c == '.' && llvm::isDigit(charAt(second)))) {
      // A pp-number, so that a digit separator (1'000) does not open a character literal.
      size_t end = second;
      for (char previous = c; end < size; end = next(end)) {
        char here = source[end];
        bool sign = (here == '+' || here == '-') && StringRef("eEpP").contains(previous);
        bool separator = here == '\'' && isIdentifierChar(charAt(next(end)));
        if (!isIdentifierChar(here) && here != '.' && !sign && !separator)
          break;
        if (separator)
          end = next(end);
        previous = source[end];
      }
      at = end;
    } else if (isIdentifierChar(c)) {
      size_t end = at;
      std::string name;
      for (; end < size && isIdentifierChar(source[end]); end = next(end))
        name += source[end];
      at = end;
      if (charAt(at) != '"' || !llvm::is_contained({"R", "u8R", "uR", "UR", "LR"}, name))
        continue;
      // A raw string: R"delim( ... )delim". Splices are not undone inside it.
      size_t open = source.find('(', at + 1);
      if (open == StringRef::npos || open - at > 17)
        continue; // not a well-formed raw string; the compiler will say so
      std::string close = (")" + source.slice(at + 1, open) + "\"").str();
      size_t literalEnd = source.find(close, open + 1);
      literalEnd = literalEnd == StringRef::npos ? size : literalEnd + close.size();
      if (blanking.literals)
        blank(at + 1, literalEnd - 1);
      at = literalEnd;
    } else if (c == '"' || c == '\'') {
      size_t end = second;
      while (end < size && source[end] != c && source[end] != '\n')
        end = next(source[end] == '\\' ? next(end) : end);
      if (blanking.literals)
        blank(second, end);
      at = end < size && source[end] == c ? next(end) : end;
    } else {
      at = second;
    }
  }
  return out;
}

namespace {
/// Source with its line splices removed, remembering which physical line each character came
/// from.
struct SplicedText {
  std::string text;
  std::vector<size_t> lineOf; // 1-based physical line of each character of `text`

  explicit SplicedText(StringRef source) {
    size_t line = 1;
    for (size_t at = 0; at < source.size();) {
      if (size_t length = spliceAt(source, at)) {
        at += length;
        ++line;
        continue;
      }
      text += source[at];
      lineOf.push_back(line);
      if (source[at++] == '\n')
        ++line;
    }
  }
};

/// Checks the directives of one candidate; errors name the file and line.
class DirectiveChecker {
public:
  DirectiveChecker(StringRef source, StringRef fileName)
      : raw(source), code(blankSource(source, {/*lineComments=*/true, /*literals=*/false})),
        bare(blankSource(source, {/*lineComments=*/true, /*literals=*/true})), fileName(fileName) {}

  llvm::Error check() {
    for (size_t start = 0; start < code.text.size();) {
      size_t end = std::min(code.text.find('\n', start), code.text.size());
      if (llvm::Error error = checkLine(start, end))
        return error;
      start = end + 1;
    }
    return checkOperators();
  }

private:
  llvm::Error refuse(size_t at, const llvm::Twine &why) const {
    size_t line = raw.lineOf.empty() ? 1 : raw.lineOf[std::min(at, raw.lineOf.size() - 1)];
    return llvm::createStringError(
        llvm::formatv("{0}:{1}: {2} (CUDA C++ candidates may include only headers of the "
                      "compiler's and CUDA's include directories)",
                      fileName, line, why.str())
            .str());
  }

  static bool leavesIncludeDirs(StringRef path) {
    if (path.starts_with("/") || path.starts_with("\\"))
      return true;
    llvm::SmallVector<StringRef> parts;
    llvm::SplitString(path, parts, "/\\");
    return llvm::is_contained(parts, "..");
  }

  /// Checks the header name at `at` ("..." or <...>, as the raw text spells it) of the directive
  /// or operator `what` at `where`.
  llvm::Error checkHeaderName(size_t where, size_t at, StringRef what) const {
    StringRef text(raw.text);
    char open = at < text.size() ? text[at] : '\0';
    if (open != '"' && open != '<')
      return refuse(where, what + " takes \"...\" or <...>, not a macro");
    size_t close = text.find(open == '"' ? '"' : '>', at + 1);
    size_t lineEnd = text.find('\n', at);
    if (close == StringRef::npos || close > lineEnd)
      return refuse(where, what + " has an unterminated header name");
    StringRef path = text.slice(at + 1, close);
    if (path.contains("//") || path.contains("/*") || path.find_first_of("\"'") != StringRef::npos)
      return refuse(where, what + " '" + path +
                               "': comment markers and quotes are not allowed in a "
                               "header name");
    if (leavesIncludeDirs(path))
      return refuse(where, what + " '" + path + "' is absolute or climbs out with '..'");
    return llvm::Error::success();
  }

  /// Checks every "..." and <...> path in the pragma text `text`.
  llvm::Error checkPragmaText(size_t at, StringRef text) const {
    for (size_t from = 0; from < text.size(); ++from) {
      char open = text[from];
      if (open != '"' && open != '<')
        continue;
      size_t close = text.find(open == '"' ? '"' : '>', from + 1);
      if (close == StringRef::npos)
        break;
      if (leavesIncludeDirs(text.slice(from + 1, close)))
        return refuse(at, "#pragma names '" + text.slice(from + 1, close) +
                              "', which is absolute or climbs out with '..'");
      from = close;
    }
    return llvm::Error::success();
  }

  size_t skipSpaces(const std::string &text, size_t at) const {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
      ++at;
    return at;
  }

  llvm::Error checkLine(size_t start, size_t end) const {
    StringRef line = StringRef(code.text).slice(start, end);
    StringRef rest = line.ltrim();
    if (!rest.consume_front("#") && !rest.consume_front("%:") && !rest.consume_front("\?\?="))
      return llvm::Error::success();
    rest = rest.ltrim();
    StringRef name = rest.take_while(isIdentifierChar);
    size_t after = end - rest.size() + name.size();
    if (name == "embed")
      return refuse(start, "#embed is not allowed");
    if (name == "include" || name == "include_next" || name == "import")
      return checkHeaderName(start, skipSpaces(code.text, after), ("#" + name).str());
    if (name == "pragma")
      return checkPragmaText(start, StringRef(code.text).slice(after, end));
    return llvm::Error::success();
  }

  /// __has_include, __has_embed and _Pragma anywhere outside comments and literals.
  llvm::Error checkOperators() const {
    StringRef text(bare.text);
    for (size_t at = 0; at < text.size();) {
      if (!isIdentifierChar(text[at])) {
        ++at;
        continue;
      }
      StringRef name = text.substr(at).take_while(isIdentifierChar);
      size_t after = at + name.size();
      if (name == "__has_embed")
        return refuse(at, "__has_embed is not allowed");
      if (name == "__has_include" || name == "__has_include_next" || name == "_Pragma" ||
          name == "__pragma") {
        size_t open = skipSpaces(code.text, after);
        if (open >= code.text.size() || code.text[open] != '(')
          return refuse(at, name + " without (...)");
        size_t operand = skipSpaces(code.text, open + 1);
        if (name.starts_with("__has_include")) {
          if (llvm::Error error = checkHeaderName(at, operand, name))
            return error;
        } else if (llvm::Error error = checkPragmaText(at, pragmaString(operand))) {
          return error;
        }
      }
      at = after;
    }
    return llvm::Error::success();
  }

  /// The text of the string literal at `at`, with \" and \\ undone, as _Pragma reads it.
  std::string pragmaString(size_t at) const {
    std::string text;
    if (at >= code.text.size() || code.text[at] != '"')
      return text;
    for (size_t i = at + 1; i < code.text.size() && code.text[i] != '"' && code.text[i] != '\n';
         ++i) {
      if (code.text[i] == '\\' && i + 1 < code.text.size())
        ++i;
      text += code.text[i];
    }
    return text;
  }

  SplicedText raw;  // the source, spliced
  SplicedText code; // comments blanked
  SplicedText bare; // comments and literals blanked
  StringRef fileName;
};
} // namespace

llvm::Error kopt::codegen::checkCudaDirectives(StringRef source, StringRef fileName) {
  return DirectiveChecker(source, fileName).check();
}
