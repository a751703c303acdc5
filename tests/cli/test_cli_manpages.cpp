// The manuals match the program: every option a command's --help lists is documented
// in its man page (or, for the global options, in dstu(1)), and every option its man
// page documents outside EXAMPLES exists in --help.
#include <doctest/doctest.h>

#include <fstream>
#include <cctype>
#include <set>
#include <sstream>
#include <string>

#include "transcript.hpp"

using dstu::test::run_dstu;

namespace {

/// Options named in text: --long-name and -x (a hand-written scan: std::regex trips
/// GCC 12's -Wmaybe-uninitialized under the sanitizers).
std::set<std::string> options_in(const std::string& text) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-'; };
  std::set<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '-' || (i > 0 && word(text[i - 1]))) continue;
    if (i + 2 < text.size() && text[i + 1] == '-' && std::islower(static_cast<unsigned char>(text[i + 2]))) {
      std::size_t j = i + 2;
      while (j < text.size() && (std::islower(static_cast<unsigned char>(text[j])) ||
                                 std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '-')) {
        ++j;
      }
      while (text[j - 1] == '-') --j;  // "--x-" at a line end: the hyphen is not part of it
      out.insert(text.substr(i, j - i));
      i = j - 1;
    } else if (i + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[i + 1])) &&
               (i + 2 == text.size() || !word(text[i + 2]))) {
      out.insert(text.substr(i, 2));
      i += 1;
    }
  }
  out.erase("--help");
  out.erase("-h");
  return out;
}

/// A man page's text with roff's escaped hyphens plain, without its EXAMPLES and SEE ALSO.
std::string man_text(const std::string& page) {
  std::ifstream in(std::string(DSTU_MAN_DIR) + "/" + page);
  REQUIRE(in.good());
  std::ostringstream all;
  all << in.rdbuf();
  std::string text;
  const std::string raw = all.str();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && raw[i + 1] == '-') continue;  // "\-" is "-"
    text += raw[i];
  }
  for (const char* cut : {".SH EXAMPLES", ".SH SEE ALSO"}) {
    const auto at = text.find(cut);
    if (at == std::string::npos) continue;
    const auto next = text.find(".SH", at + 3);
    text = text.substr(0, at) + (next == std::string::npos ? std::string() : text.substr(next));
  }
  return text;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += x + " ";
  return out;
}

}  // namespace

TEST_CASE("every option in --help is in the man pages, and every documented option exists") {
  const auto top = run_dstu({"--help"});
  REQUIRE(top.status == 0);
  // The options, not the subcommands' summaries after them.
  const std::set<std::string> global = options_in(top.out.substr(0, top.out.find("Subcommands:")));
  const std::set<std::string> global_man = options_in(man_text("dstu.1"));
  for (const auto& o : global) {
    INFO("global option " << o);
    CHECK(global_man.count(o) == 1);
  }
  for (const char* cmd : {"keygen", "sign", "verify", "info", "hash", "bench", "primegen"}) {
    INFO(cmd);
    const auto r = run_dstu({cmd, "--help"});
    REQUIRE(r.status == 0);
    const std::set<std::string> help = options_in(r.out);
    const std::set<std::string> man = options_in(man_text(std::string("dstu-") + cmd + ".1"));
    CHECK(help.size() >= 6);  // the parse found options at all (globals alone are 5)
    CHECK(man.size() >= 2);
    std::set<std::string> undocumented, unknown;
    for (const auto& o : help) {
      if (!man.count(o) && !global.count(o)) undocumented.insert(o);
    }
    for (const auto& o : man) {
      if (!help.count(o)) unknown.insert(o);
    }
    INFO("in --help, not in the man page: " << joined(undocumented));
    INFO("in the man page, not in --help: " << joined(unknown));
    CHECK(undocumented.empty());
    CHECK(unknown.empty());
  }
}
