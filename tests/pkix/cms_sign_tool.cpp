// cms_sign_tool: sign_cms from the command line, for the interop tests with the peers
// (tests/interop/interop_tests.py, suite cms_jk). A test driver, not a user's tool:
// arguments as below, exit 0 ok, 2 any error.
//
//   cms_sign_tool --key KEYFILE --cert CERT --in FILE --out FILE [--attached]
//                 [--hash NAME] [--time SECONDS]
//     a SignedData over FILE by the (clear) key under its certificate.
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"

namespace pkix = dstu::pkix;
using dstu::Bytes;

namespace {

Bytes read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

void write_file(const std::string& path, std::span<const std::uint8_t> data) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

int run(int argc, char** argv) {
  std::map<std::string, std::string> opt;
  pkix::CmsSignOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--attached") {
      options.attached = true;
    } else if (a.starts_with("--") && i + 1 < argc) {
      opt[a.substr(2)] = argv[++i];
    } else {
      throw std::runtime_error("unexpected argument " + a);
    }
  }
  for (const char* need : {"key", "cert", "in", "out"}) {
    if (!opt.count(need)) throw std::runtime_error(std::string("missing --") + need);
  }
  if (opt.count("hash")) options.hash = opt["hash"];
  if (opt.count("time")) options.signing_time = std::stoll(opt["time"]);
  const pkix::AnyPrivateKey key = pkix::private_key(pkix::read_key_file(read_file(opt["key"]), nullptr).key);
  const pkix::Certificate cert = pkix::read_certificate(read_file(opt["cert"]));
  dstu::rng::OsRandom rng;
  write_file(opt["out"], pkix::sign_cms(key, cert, read_file(opt["in"]), options, rng));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "cms_sign_tool: " << e.what() << "\n";
    return 2;
  }
}
