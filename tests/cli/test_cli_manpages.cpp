// The manuals match the program: every option a command's --help lists is documented
// in its man page (or, for the global options, in dstu(1)), and every option its man
// page documents outside EXAMPLES exists in --help.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "transcript.hpp"

using dstu::test::run_dstu;

namespace {

/// Options named in text: --long-name and -x.
std::set<std::string> options_in(const std::string& text) {
  static const std::regex option(R"((^|[^\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b)");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) {
    out.insert((*it)[2].str());
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
  std::string text = std::regex_replace(all.str(), std::regex(R"(\\-)"), "-");
  for (const char* cut : {".SH EXAMPLES", ".SH SEE ALSO"}) {
    const auto at = text.find(cut);
    if (at != std::string::npos) text = text.substr(0, at) + text.substr(text.find(".SH", at + 3) == std::string::npos
                                                                              ? text.size()
                                                                              : text.find(".SH", at + 3));
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
  for (const char* cmd : {"keygen", "sign", "verify", "bench", "primegen"}) {
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
