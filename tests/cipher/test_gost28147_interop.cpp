// GOST 28147-89 against an independent implementation: jkurwa's gost89 (npm, the Node peer
// of tests/interop), on random keys, S-boxes (random permutations per row) and lengths:
// ECB, CFB both ways, the MAC, and the key wrap of Ukrainian CMS both ways (a key wrapped
// by one unwraps in the other; a changed octet is refused by both). gost89 has no gamma
// (§3); BouncyCastle's vectors cover it (test-vectors/cipher/gost28147_published.vec).
//
// One difference, tested as such: gost89 appends a zero block to a message of exactly
// eight octets before its MAC; UAPKI, Cryptonite, BouncyCastle and this library MAC the
// one block as it is. So gost89's MAC of an 8-octet message equals ours of the message
// followed by eight zero octets, and differs from ours of the message.
//
// Usage: test_cipher_gost28147_interop TESTS_INTEROP_DIR. Exit 0 pass, 1 fail, 77 skipped
// (no node, or its peer cannot be installed). NODE names the node binary (default node).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/rng/random.hpp"

namespace {

using dstu::Bytes;
namespace ci = dstu::cipher;

std::string hex_or_dash(std::span<const std::uint8_t> b) { return b.empty() ? "-" : dstu::to_hex(b); }

/// One request to the peer, the answer we expect, and what it checks.
struct Case {
  std::string request, want, what;
};

class Generator {
 public:
  Generator() : rng_(28147, 89) {}

  Bytes random(std::size_t n) {
    Bytes b(n);
    rng_.fill(b);
    return b;
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(rng_.uniform(n)); }

  /// Rows of random permutations, with their text for the peer (128 nibbles, K1 first).
  std::pair<ci::SBox, std::string> sbox() {
    Bytes n(128);
    std::string text;
    for (std::size_t r = 0; r < 8; ++r) {
      for (std::size_t c = 0; c < 16; ++c) n[16 * r + c] = static_cast<std::uint8_t>(c);
      for (std::size_t c = 15; c > 0; --c) std::swap(n[16 * r + c], n[16 * r + below(c + 1)]);
    }
    for (std::uint8_t x : n) text += "0123456789abcdef"[x];
    return {ci::SBox::from_nibbles(n), text};
  }

 private:
  dstu::rng::ChaCha20Drbg rng_;
};

void cipher_cases(Generator& g, int trial, std::vector<Case>& cases) {
  auto [sbox, sbox_text] = trial % 3 == 0 ? std::pair{ci::SBox::dke1(), std::string("-")} : g.sbox();
  const Bytes key = g.random(32), iv = g.random(8);
  const ci::Gost28147 c(key, sbox);
  const std::string k = sbox_text + " " + dstu::to_hex(key), tag = " (trial " + std::to_string(trial) + ")";

  const Bytes blocks = g.random(8 * g.below(12));
  Bytes out(blocks.size());
  c.ecb_encrypt(out, blocks);
  cases.push_back({"ecb " + k + " " + hex_or_dash(blocks), hex_or_dash(out), "ECB" + tag});

  const Bytes data = g.random(1 + g.below(100));
  out.resize(data.size());
  c.cfb_encrypt(out, data, iv);
  cases.push_back({"cfb " + k + " " + dstu::to_hex(iv) + " " + dstu::to_hex(data), dstu::to_hex(out), "CFB" + tag});
  c.cfb_decrypt(out, data, iv);
  cases.push_back({"cfbd " + k + " " + dstu::to_hex(iv) + " " + dstu::to_hex(data), dstu::to_hex(out),
                   "CFB decryption" + tag});

  const Bytes msg = g.random(trial % 5 == 0 ? 8 : g.below(100));
  Bytes extended = msg;
  if (msg.size() == 8) extended.resize(16, 0);  // gost89's one-block rule (file comment)
  cases.push_back({"mac " + k + " " + hex_or_dash(msg), dstu::to_hex(c.mac(extended)),
                   "MAC of " + std::to_string(msg.size()) + " octets" + tag});
  if (msg.size() == 8 && c.mac(msg) == c.mac(extended)) {
    cases.push_back({"mac " + k + " " + hex_or_dash(msg), "(differs from gost89)", "one-block MAC" + tag});
  }
}

void wrap_cases(Generator& g, int trial, std::vector<Case>& cases) {
  const Bytes kek = g.random(32), cek = g.random(32), iv = g.random(8);
  const ci::Gost28147 c(kek);
  const auto ours = ci::gost28147_wrap(c, std::span<const std::uint8_t, 32>(cek.data(), 32),
                                       std::span<const std::uint8_t, 8>(iv.data(), 8));
  const std::string k = dstu::to_hex(kek), tag = " (trial " + std::to_string(trial) + ")";
  cases.push_back({"wrap " + k + " " + dstu::to_hex(cek) + " " + dstu::to_hex(iv), dstu::to_hex(ours), "wrap" + tag});
  cases.push_back({"unwrap " + k + " " + dstu::to_hex(ours), dstu::to_hex(cek), "unwrap of our wrap" + tag});
  auto bad = ours;
  bad[g.below(bad.size())] ^= static_cast<std::uint8_t>(1 + g.below(255));
  std::uint8_t refused[32];
  if (!ci::gost28147_unwrap(c, bad, refused)) {
    cases.push_back({"unwrap " + k + " " + dstu::to_hex(bad), "refused", "unwrap of a changed wrap" + tag});
  }
}

/// The peer's answers to every request, in order; empty if it could not run.
std::vector<std::string> ask_peer(const std::string& interop_dir, const std::vector<Case>& cases) {
  char requests[] = "/tmp/dstu-gost28147-interop.XXXXXX";
  const int fd = mkstemp(requests);
  if (fd < 0) return {};
  close(fd);
  {
    std::ofstream out(requests);
    for (const Case& c : cases) out << c.request << "\n";
  }
  const char* node = std::getenv("NODE");
  const std::string cmd = "'" + std::string(node && *node ? node : "node") + "' '" + interop_dir +
                          "/node/gost28147.js' < '" + requests + "'";
  std::vector<std::string> answers;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    std::string line;
    for (int ch; (ch = std::fgetc(p)) != EOF;) {
      if (ch == '\n') {
        answers.push_back(line);
        line.clear();
      } else {
        line += static_cast<char>(ch);
      }
    }
    if (pclose(p) != 0) answers.clear();
  }
  std::remove(requests);
  return answers;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: test_cipher_gost28147_interop TESTS_INTEROP_DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  // The peer's packages (npm ci on first use, shared with tests/interop).
  if (std::system(("'" + dir + "/run-peer.sh' jk version > /dev/null").c_str()) != 0) {
    std::printf("SKIPPED: the jkurwa peer (node, npm) is not available\n");
    return 77;
  }
  Generator g;
  std::vector<Case> cases;
  for (int trial = 0; trial < 60; ++trial) cipher_cases(g, trial, cases);
  for (int trial = 0; trial < 20; ++trial) wrap_cases(g, trial, cases);
  const std::vector<std::string> answers = ask_peer(dir, cases);
  if (answers.size() != cases.size()) {
    std::printf("FAILED: the peer gave %zu answers to %zu requests\n", answers.size(), cases.size());
    return 1;
  }
  int failed = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (answers[i] == cases[i].want) continue;
    std::printf("FAILED: %s\n  request %s\n  gost89 %s\n  dstu   %s\n", cases[i].what.c_str(),
                cases[i].request.c_str(), answers[i].c_str(), cases[i].want.c_str());
    ++failed;
  }
  std::printf("%zu requests to jkurwa's gost89, %d differ\n", cases.size(), failed);
  return failed ? 1 : 0;
}
