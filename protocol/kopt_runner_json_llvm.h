//===- kopt_runner_json_llvm.h - protocol messages in llvm::json -*- C++ -*-===//
//
// kopt's side of the JSON seam: any message of kopt_runner_protocol.h to llvm::json and back, by
// visiting its `fields`. kopt-runner has the same in nlohmann/json (kopt_runner_json_nlohmann.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_JSON_LLVM_H
#define KOPT_RUNNER_JSON_LLVM_H

#include "kopt_runner_protocol.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace kopt::protocol {

namespace detail {
template <typename T> llvm::json::Value writeValue(const T &value);

class LlvmWriter {
public:
  explicit LlvmWriter(llvm::json::Object &object) : object(object) {}

  template <typename T> void operator()(const char *name, const T &value, Field field = {}) {
    if constexpr (isOptional<T>) {
      if (value)
        object[name] = writeValue(*value);
    } else {
      if constexpr (isVector<T>)
        if (field.presence == Field::OmittedWhenEmpty && value.empty())
          return;
      object[name] = writeValue(value);
    }
  }

private:
  llvm::json::Object &object;
};

template <typename T>
bool readValue(const llvm::json::Value &value, T &out, llvm::json::Path path, const Field &field);

class LlvmReader {
public:
  LlvmReader(const llvm::json::Object &object, llvm::json::Path path)
      : object(object), path(path) {}

  template <typename T> void operator()(const char *name, T &out, Field field = {}) {
    if (!ok)
      return;
    const llvm::json::Value *value = object.get(name);
    llvm::json::Path at = path.field(name);
    if constexpr (isOptional<T>) {
      out.reset();
      if (!value || value->kind() == llvm::json::Value::Null)
        return;
      typename T::value_type inner{};
      ok = readValue(*value, inner, at, field);
      if (ok)
        out = std::move(inner);
    } else if (!value) {
      if (field.presence == Field::Required) {
        at.report("missing value");
        ok = false;
      } else if (field.presence == Field::OmittedWhenEmpty) {
        out = T();
      }
    } else {
      ok = readValue(*value, out, at, field);
    }
  }

  bool ok = true;

private:
  const llvm::json::Object &object;
  llvm::json::Path path;
};

template <typename T>
bool readValue(const llvm::json::Value &value, T &out, llvm::json::Path path, const Field &field) {
  if constexpr (isMessage<T>) {
    const llvm::json::Object *object = value.getAsObject();
    if (!object) {
      path.report("expected object");
      return false;
    }
    LlvmReader reader(*object, path);
    T::fields(out, reader);
    return reader.ok;
  } else if constexpr (isVector<T>) {
    const llvm::json::Array *array = value.getAsArray();
    if (!array) {
      path.report("expected array");
      return false;
    }
    if (field.count && array->size() != field.count) {
      path.report("wrong number of elements");
      return false;
    }
    out.assign(array->size(), typename T::value_type{});
    for (size_t i = 0; i < array->size(); ++i)
      if (!readValue((*array)[i], out[i], path.index(i), field))
        return false;
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (field.anyValueAsText && !value.getAsString()) {
      out = llvm::formatv("{0}", value).str();
      return true;
    }
    return fromJSON(value, out, path);
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (!fromJSON(value, out, path))
      return false;
    if constexpr (std::is_signed_v<T>) {
      if (int64_t(out) < field.least || int64_t(out) > field.most) {
        path.report("integer out of range");
        return false;
      }
    }
    return true;
  } else {
    return fromJSON(value, out, path);
  }
}

template <typename T> llvm::json::Value writeValue(const T &value) {
  if constexpr (isMessage<T>) {
    llvm::json::Object object;
    LlvmWriter writer(object);
    T::fields(value, writer);
    return object;
  } else if constexpr (isVector<T>) {
    llvm::json::Array array;
    for (const auto &element : value)
      array.push_back(writeValue(element));
    return array;
  } else {
    return llvm::json::Value(value);
  }
}
} // namespace detail

/// A message (or a piece of one) as JSON. Found by argument-dependent lookup, so that
/// llvm::json::Value converts messages too.
template <typename T, typename = std::enable_if_t<isMessage<T>>>
llvm::json::Value toJSON(const T &message) {
  return detail::writeValue(message);
}

/// Reads a message; false with the error reported at `path` when a field is missing or malformed.
/// Fields it does not know are ignored.
template <typename T, typename = std::enable_if_t<isMessage<T>>>
bool fromJSON(const llvm::json::Value &value, T &out, llvm::json::Path path) {
  return detail::readValue(value, out, path, Field{});
}

/// A request with its op, without its id (the client numbers requests).
template <typename Request> llvm::json::Object requestJSON(const Request &request) {
  llvm::json::Object object = std::move(*toJSON(request).getAsObject());
  object[kOpField] = Request::kOp;
  return object;
}

} // namespace kopt::protocol

#endif // KOPT_RUNNER_JSON_LLVM_H
