// Output helpers: the one-line error format and JSON printing.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace dstu::cli {

using Json = nlohmann::ordered_json;

/// Prints "dstu: error: <message>" (one line) to stderr.
void print_error(const std::string& message);

/// Prints a JSON document on one line to stdout.
void print_json(const Json& doc);

}  // namespace dstu::cli
