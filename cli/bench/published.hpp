// The figures the source documents print in the tables `dstu bench seeds` re-measures,
// read from data/published-figures.json (embedded at build time by embed_figures.cmake):
// one table per printed table ("000:T2", "002:#3/x64", "004:T5.11"), rows in the source's
// order, units in the column names. docs/references.md cites each document.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "output.hpp"

namespace dstu::cli::bench::published {

/// The text of data/published-figures.json (a source generated in the build tree by
/// embed_figures.cmake).
extern const char* const kFiguresJson;

/// One row of a published table, read by column name. A column the table lacks throws.
class Row {
 public:
  Row(const Json& columns, const Json& values) : columns_(&columns), values_(&values) {}
  /// A figure as a double, whatever its printed form (16, 1.70).
  double number(std::string_view column) const;
  /// A size or count: m, bits, r, comb iterations.
  int integer(std::string_view column) const;
  /// A name: a curve, a CPU, a hash, an algorithm.
  std::string text(std::string_view column) const;
  /// Whether the source prints a figure there (null stands for its "-").
  bool printed(std::string_view column) const;

 private:
  const Json& at(std::string_view column) const;
  const Json* columns_;
  const Json* values_;
};

/// The rows of a table, in the source's order; an unknown table throws.
std::vector<Row> rows(std::string_view table);

/// A table's integer field (004's "key_bits" and "u"), or nothing where it has none.
std::optional<int> table_integer(std::string_view table, std::string_view field);

/// A table's text field (002:#9's own "cpu"), or nothing where it has none.
std::optional<std::string> table_text(std::string_view table, std::string_view field);

/// The ids of the tables whose id starts with `prefix` ("004:T5."), in the file's order.
std::vector<std::string> tables(std::string_view prefix);

/// The column names of a table that start with `prefix` ("words32_"), in order.
std::vector<std::string> columns(std::string_view table, std::string_view prefix);

/// The machine every table of a document ran on ("000", "002", "004").
std::string cpu(std::string_view document);

}  // namespace dstu::cli::bench::published
