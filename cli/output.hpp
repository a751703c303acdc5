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

/// One signed file's outcome, reported in input order by `dstu sign`: the error line if
/// it failed and, with `json`, its record {file, signature, status, <fields>, reason}.
/// Returns whether it failed.
bool report_signed(bool json, const std::string& file, const std::string& signature, const std::string& error,
                   const Json& fields);

}  // namespace dstu::cli
