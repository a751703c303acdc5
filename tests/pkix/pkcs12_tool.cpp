// pkcs12_tool: write_pkcs12 and read_container from the command line, for the interop
// tests with the peers (tests/interop/interop_tests.py, suites pkcs12_jk and pkcs12_openssl).
// A test driver, not a user's tool: arguments as below, exit 0 ok, 2 any error.
//
//   pkcs12_tool write --out FILE --password TEXT [--profile iit|openssl] [--iterations N]
//                     [--key KEYFILE]... [--cert DER]...
//                     [--from CONTAINER --from-password TEXT [--from-key-password TEXT]]
//                     [--dump-keys PREFIX]
//     the keys of the key files and of the container (its certificates too) into a
//     PKCS#12 file; --dump-keys writes each key as PREFIX<i>.der (clear PKCS#8).
//   pkcs12_tool read --in FILE --password TEXT
//     prints "keys=N certs=M", then per key "key <i> curve=<name> id=<key_id hex>".
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "dstu/pkix/container.hpp"
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

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

/// --name value pairs; --key and --cert may repeat.
struct Args {
  std::map<std::string, std::string> one;
  std::vector<std::string> keys, certs;

  std::string need(const std::string& name) const {
    const auto it = one.find(name);
    if (it == one.end()) throw std::runtime_error("missing --" + name);
    return it->second;
  }
  std::string get(const std::string& name, const std::string& otherwise = "") const {
    const auto it = one.find(name);
    return it == one.end() ? otherwise : it->second;
  }
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 2; i < argc; i += 2) {
    const std::string name = argv[i];
    if (name.rfind("--", 0) != 0 || i + 1 >= argc) throw std::runtime_error("bad argument " + name);
    const std::string value = argv[i + 1];
    if (name == "--key") {
      a.keys.push_back(value);
    } else if (name == "--cert") {
      a.certs.push_back(value);
    } else {
      a.one[name.substr(2)] = value;
    }
  }
  return a;
}

int write(const Args& a) {
  std::vector<pkix::AnyPrivateKey> keys;
  std::vector<Bytes> certs;
  for (const auto& path : a.keys) keys.push_back(pkix::private_key(pkix::read_key_file(read_file(path), nullptr).key));
  for (const auto& path : a.certs) certs.push_back(read_file(path));
  if (a.one.count("from")) {
    const pkix::Container c = pkix::read_container(read_file(a.need("from")), text(a.need("from-password")),
                                                   text(a.get("from-key-password")));
    for (const auto& k : c.keys) keys.push_back(k.key);
    certs.insert(certs.end(), c.certificates.begin(), c.certificates.end());
  }
  pkix::Pkcs12WriteOptions options;
  const std::string profile = a.get("profile", "iit");
  if (profile == "openssl") {
    options.profile = pkix::Pkcs12Profile::openssl;
  } else if (profile != "iit") {
    throw std::runtime_error("unknown profile " + profile);
  }
  options.iterations = static_cast<std::uint32_t>(std::stoul(a.get("iterations", "10000")));
  dstu::rng::OsRandom rng;
  write_file(a.need("out"), pkix::write_pkcs12(keys, certs, text(a.need("password")), rng, options));
  if (a.one.count("dump-keys")) {
    for (std::size_t i = 0; i < keys.size(); ++i) {
      write_file(a.need("dump-keys") + std::to_string(i) + ".der", pkix::encode_pkcs8(keys[i]));
    }
  }
  return 0;
}

int read(const Args& a) {
  const pkix::Container c = pkix::read_container(read_file(a.need("in")), text(a.need("password")));
  std::cout << "keys=" << c.keys.size() << " certs=" << c.certificates.size() << "\n";
  for (std::size_t i = 0; i < c.keys.size(); ++i) {
    std::cout << "key " << i << " curve=" << pkix::curve_name(c.keys[i].public_key)
              << " id=" << dstu::to_hex(pkix::key_id(c.keys[i].public_key)) << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 2) throw std::runtime_error("usage: pkcs12_tool write|read --option value ...");
    const std::string verb = argv[1];
    const Args a = parse(argc, argv);
    if (verb == "write") return write(a);
    if (verb == "read") return read(a);
    throw std::runtime_error("unknown verb " + verb);
  } catch (const std::exception& e) {
    std::cerr << "pkcs12_tool: " << e.what() << "\n";
    return 2;
  }
}
