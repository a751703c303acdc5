// keygen, sign and verify until the signature issue lands: they parse anything and
// answer "not implemented yet" with exit 2, so scripts fail loudly, never silently.
#include "command.hpp"
#include "exit_codes.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

class Pending final : public Command {
 public:
  Pending(const char* name, const char* summary) : name_(name), summary_(summary) {}
  const char* name() const override { return name_; }
  const char* summary() const override { return summary_; }
  void setup(CLI::App& sub) override {
    sub.fallthrough(false);  // take every argument, so any call ends in the message below
    sub.allow_extras();
  }
  int run(const GlobalOptions&) override {
    print_error(std::string("'") + name_ + "' is not implemented yet");
    return kExitError;
  }

 private:
  const char* name_;
  const char* summary_;
};

}  // namespace

std::unique_ptr<Command> make_keygen_command() {
  return std::make_unique<Pending>("keygen", "Generate a DSTU 4145 key pair (not implemented yet)");
}
std::unique_ptr<Command> make_sign_command() {
  return std::make_unique<Pending>("sign", "Sign files with a DSTU 4145 key (not implemented yet)");
}
std::unique_ptr<Command> make_verify_command() {
  return std::make_unique<Pending>("verify", "Verify detached signatures (not implemented yet)");
}

}  // namespace dstu::cli
