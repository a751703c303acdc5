// Reading data/published-figures.json, parsed once on first use.
#include "bench/published.hpp"

#include "dstu/base/error.hpp"

namespace dstu::cli::bench::published {
namespace {

const Json& figures() {
  static const Json parsed = Json::parse(kFiguresJson);
  return parsed;
}

const Json& table_json(std::string_view table) {
  const Json& all = figures().at("tables");
  const auto it = all.find(std::string(table));
  if (it == all.end()) throw_invalid("bench seeds: no published table " + std::string(table));
  return *it;
}

}  // namespace

const Json& Row::at(std::string_view column) const {
  for (std::size_t i = 0; i < columns_->size(); ++i) {
    if ((*columns_)[i].get_ref<const std::string&>() == column) return values_->at(i);
  }
  throw_invalid("bench seeds: no published column " + std::string(column));
}

double Row::number(std::string_view column) const { return at(column).get<double>(); }
int Row::integer(std::string_view column) const { return at(column).get<int>(); }
std::string Row::text(std::string_view column) const { return at(column).get<std::string>(); }
bool Row::printed(std::string_view column) const { return !at(column).is_null(); }

std::vector<Row> rows(std::string_view table) {
  const Json& t = table_json(table);
  std::vector<Row> out;
  for (const Json& values : t.at("rows")) out.emplace_back(t.at("columns"), values);
  return out;
}

std::optional<int> table_integer(std::string_view table, std::string_view field) {
  const Json& t = table_json(table);
  const auto it = t.find(std::string(field));
  if (it == t.end()) return std::nullopt;
  return it->get<int>();
}

std::optional<std::string> table_text(std::string_view table, std::string_view field) {
  const Json& t = table_json(table);
  const auto it = t.find(std::string(field));
  if (it == t.end()) return std::nullopt;
  return it->get<std::string>();
}

std::vector<std::string> tables(std::string_view prefix) {
  std::vector<std::string> out;
  for (const auto& [id, t] : figures().at("tables").items()) {
    if (id.rfind(prefix, 0) == 0) out.push_back(id);
  }
  return out;
}

std::vector<std::string> columns(std::string_view table, std::string_view prefix) {
  std::vector<std::string> out;
  for (const Json& c : table_json(table).at("columns")) {
    const std::string name = c.get<std::string>();
    if (name.rfind(prefix, 0) == 0) out.push_back(name);
  }
  return out;
}

std::string cpu(std::string_view document) {
  return figures().at("documents").at(std::string(document)).at("cpu").get<std::string>();
}

}  // namespace dstu::cli::bench::published
