#include "command.hpp"

namespace dstu::cli {

std::vector<std::unique_ptr<Command>> all_commands() {
  std::vector<std::unique_ptr<Command>> out;
  out.push_back(make_keygen_command());
  out.push_back(make_sign_command());
  out.push_back(make_verify_command());
  out.push_back(make_bench_command());
  out.push_back(make_primegen_command());
  return out;
}

}  // namespace dstu::cli
