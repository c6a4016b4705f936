//===- kopt_runner_json_nlohmann.h - protocol messages in nlohmann/json -*- C++ -*-===//
//
// kopt-runner's side of the JSON seam: any message of kopt_runner_protocol.h to nlohmann/json and
// back, by visiting its `fields`. kopt has the same in llvm::json (kopt_runner_json_llvm.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_JSON_NLOHMANN_H
#define KOPT_RUNNER_JSON_NLOHMANN_H

#include "kopt_runner_protocol.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace kopt::protocol {

/// A message that is not what the protocol says; what() names the field.
struct MessageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T> nlohmann::json toJson(const T &value);

namespace detail {
class NlohmannWriter {
public:
  explicit NlohmannWriter(nlohmann::json &object) : object(object) {}

  template <typename T> void operator()(const char *name, const T &value, Field field = {}) {
    if constexpr (isOptional<T>) {
      if (value)
        object[name] = toJson(*value);
    } else {
      if constexpr (isVector<T>)
        if (field.presence == Field::OmittedWhenEmpty && value.empty())
          return;
      object[name] = toJson(value);
    }
  }

private:
  nlohmann::json &object;
};

template <typename T>
void readValue(const nlohmann::json &value, T &out, const char *name, const Field &field);

/// Whether errors inside a T are prefixed with its label() (a launch names its entry).
template <typename T, typename = void> inline constexpr bool hasLabel = false;
template <typename T>
inline constexpr bool hasLabel<T, std::void_t<decltype(std::declval<const T &>().label())>> = true;

class NlohmannReader {
public:
  explicit NlohmannReader(const nlohmann::json &object) : object(object) {}

  template <typename T> void operator()(const char *name, T &out, Field field = {}) {
    auto found = object.find(name);
    if constexpr (isOptional<T>) {
      out.reset();
      if (found == object.end() || found->is_null())
        return;
      typename T::value_type inner{};
      readValue(*found, inner, name, field);
      out = std::move(inner);
    } else if (found == object.end()) {
      if (field.presence == Field::Required)
        throw MessageError("key '" + std::string(name) + "' not found");
      if (field.presence == Field::OmittedWhenEmpty)
        out = T();
    } else {
      readValue(*found, out, name, field);
    }
  }

private:
  const nlohmann::json &object;
};

/// An integer of `field`, read as 64 bits and refused outside the field's range (a float, or a
/// value no int64_t holds, is refused too: narrowed, it would be another value).
inline int64_t readInteger(const nlohmann::json &value, const char *name, const Field &field) {
  bool fits = value.is_number_unsigned()
                  ? value.get<uint64_t>() <= uint64_t(field.most) &&
                        (field.least <= 0 || value.get<uint64_t>() >= uint64_t(field.least))
                  : value.is_number_integer() && value.get<int64_t>() >= field.least &&
                        value.get<int64_t>() <= field.most;
  if (!fits)
    throw MessageError(outOfRange(name, value.dump(), field));
  return value.get<int64_t>();
}

template <typename T>
void readValue(const nlohmann::json &value, T &out, const char *name, const Field &field) {
  if constexpr (isMessage<T>) {
    if (!value.is_object())
      throw MessageError(std::string(name) + " is no object: " + value.dump());
    NlohmannReader reader(value);
    try {
      T::fields(out, reader);
    } catch (const std::exception &error) {
      if constexpr (hasLabel<T>)
        throw MessageError(out.label() + ": " + error.what());
      throw;
    }
  } else if constexpr (isVector<T>) {
    if (!value.is_array() || (field.count && value.size() != field.count)) {
      if (field.count)
        throw MessageError(wrongCount(name, value.dump(), field));
      throw MessageError(std::string(name) + " is no array: " + value.dump());
    }
    out.assign(value.size(), typename T::value_type{});
    for (size_t i = 0; i < value.size(); ++i)
      readValue(value[i], out[i], name, field);
  } else if constexpr (std::is_same_v<T, std::string>) {
    out = field.anyValueAsText && !value.is_string() ? value.dump() : value.get<std::string>();
  } else if constexpr (std::is_same_v<T, uint64_t>) {
    Field unsignedField = field;
    unsignedField.least = std::max<int64_t>(field.least, 0);
    out = value.is_number_unsigned() ? value.get<uint64_t>()
                                     : uint64_t(readInteger(value, name, unsignedField));
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    out = T(readInteger(value, name, field));
  } else {
    out = value.get<T>();
  }
}
} // namespace detail

/// A message (or a piece of one, or a value) as JSON.
template <typename T> nlohmann::json toJson(const T &value) {
  if constexpr (isMessage<T>) {
    nlohmann::json object = nlohmann::json::object();
    detail::NlohmannWriter writer(object);
    T::fields(value, writer);
    return object;
  } else if constexpr (isVector<T>) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto &element : value)
      array.push_back(toJson(element));
    return array;
  } else {
    return nlohmann::json(value);
  }
}

/// Reads a message; throws MessageError, naming the field, when one is missing or malformed.
/// Fields it does not know are ignored.
template <typename T> T fromJson(const nlohmann::json &value) {
  T message;
  detail::readValue(value, message, "message", Field{});
  return message;
}

/// A request with its op, without its id.
template <typename Request> nlohmann::json requestJson(const Request &request) {
  nlohmann::json object = toJson(request);
  object[kOpField] = Request::kOp;
  return object;
}

} // namespace kopt::protocol

#endif // KOPT_RUNNER_JSON_NLOHMANN_H
