// tsa_reply PKI_DIR [--time @SECONDS] [--reject] [--omit-cert]: reads a DER TimeStampReq
// from stdin and writes the DER TimeStampResp of the TSA in PKI_DIR (tsa.key, tsa.cer as
// make_test_pki writes them) to stdout, for the CLI's timestamp client tests. --reject
// answers rejection with a statusString; --omit-cert leaves the TSA's certificate out of
// the token. Exit 2 for bad arguments or a request it cannot read.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"
#include "test_tsa.hpp"

namespace {

dstu::Bytes slurp(std::istream& in) { return dstu::Bytes(std::istreambuf_iterator<char>(in), {}); }

dstu::Bytes read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return slurp(in);
}

int usage() {
  std::fprintf(stderr, "usage: tsa_reply PKI_DIR [--time @SECONDS] [--reject] [--omit-cert] < request > response\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  dstu::test::TsaReplyOptions options;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--time" && i + 1 < argc && argv[i + 1][0] == '@') {
      options.time = std::strtoll(argv[++i] + 1, nullptr, 10);
    } else if (arg == "--reject") {
      options.status = 2;
      options.status_text = "request rejected by the test TSA";
    } else if (arg == "--omit-cert") {
      options.omit_certificate = true;
    } else {
      return usage();
    }
  }
  try {
    const std::string dir = argv[1];
    const dstu::Bytes key_file = read_file(dir + "/tsa.key");
    const dstu::test::TestTsa tsa{dstu::pkix::private_key(dstu::pkix::read_key_file(key_file, nullptr).key),
                                  dstu::pkix::read_certificate(read_file(dir + "/tsa.cer"))};
    std::cin >> std::noskipws;
    const dstu::Bytes request = slurp(std::cin);
    dstu::rng::OsRandom rng;
    const dstu::Bytes response = dstu::test::tsa_reply(tsa, request, options, rng);
    std::fwrite(response.data(), 1, response.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tsa_reply: %s\n", e.what());
    return 2;
  }
}
