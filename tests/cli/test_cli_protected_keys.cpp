// Protected private keys through the CLI (issue "trust in scripts and CI", item 3):
// keygen refuses to write a clear key unless asked, takes the passphrase from a file,
// a descriptor or the terminal (asked twice, echo off); sign and keygen --convert open
// protected keys; the jkurwa key store signs; clear keys that others can read are
// refused unless --allow-insecure-key.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "dstu/dstu4145/keys.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/rng/random.hpp"
#include "pbes2_store.hpp"
#include "transcript.hpp"
#include "vec.hpp"

namespace fs = std::filesystem;
using dstu::test::mode_of;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {


/// Runs dstu with a pseudo-terminal as its controlling terminal (and stdin), typing
/// each of `lines` after the prompt that precedes it; returns the exit status and what
/// the terminal showed.
std::pair<int, std::string> run_on_terminal(const std::vector<std::string>& args, const std::vector<std::string>& lines) {
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  REQUIRE(master >= 0);
  REQUIRE(grantpt(master) == 0);
  REQUIRE(unlockpt(master) == 0);
  const std::string slave = ptsname(master);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  // Opened after setsid, the slave becomes the child's controlling terminal.
  posix_spawn_file_actions_addopen(&fa, 0, slave.c_str(), O_RDWR, 0);
  posix_spawn_file_actions_adddup2(&fa, 0, 1);
  posix_spawn_file_actions_adddup2(&fa, 0, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
  std::vector<std::string> argv_s{DSTU_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, DSTU_BINARY, &fa, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  REQUIRE(rc == 0);
  std::string shown;
  std::size_t typed = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (;;) {
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 50) > 0) {
      char buf[256];
      const ssize_t n = ::read(master, buf, sizeof buf);
      if (n <= 0) break;  // the child closed the terminal (exited)
      shown.append(buf, static_cast<std::size_t>(n));
    }
    // Type the next line once its prompt (": ") has appeared.
    const std::size_t prompts = [&] {
      std::size_t count = 0;
      for (std::size_t at = 0; (at = shown.find(": ", at)) != std::string::npos; at += 2) ++count;
      return count;
    }();
    if (typed < lines.size() && prompts > typed) {
      const std::string line = lines[typed++] + "\n";
      REQUIRE(::write(master, line.data(), line.size()) == static_cast<ssize_t>(line.size()));
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      // Drain what the child wrote last (its error line).
      for (pollfd q{master, POLLIN, 0}; ::poll(&q, 1, 100) > 0;) {
        char buf[256];
        const ssize_t n = ::read(master, buf, sizeof buf);
        if (n <= 0) break;
        shown.append(buf, static_cast<std::size_t>(n));
      }
      ::close(master);
      return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, shown};
    }
    REQUIRE(std::chrono::steady_clock::now() < deadline);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(master);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, shown};
}

}  // namespace

TEST_CASE("keygen without a terminal and without a passphrase option refuses, writing nothing") {
  TempDir d;
  const auto r = run_dstu({"keygen", "-o", d / "k"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--no-passphrase") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "k"));
  CHECK_FALSE(fs::exists(d / "k.pub"));
}

TEST_CASE("keygen refuses an iteration count past the limit the key could be read back with") {
  TempDir d;
  write(d / "pass", "pass\n");
  const auto r = run_dstu({"keygen", "--passphrase-file", d / "pass", "--iterations", "10000001", "-o", d / "k"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--iterations") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "k"));
}

TEST_CASE("sign refuses a protected key whose iteration count is past the limit, at once, naming the count") {
  // 2^63 rounds would hold sign for ever; the count is read before any round and before
  // the passphrase is asked for (so without a passphrase option the error is the same).
  TempDir d;
  write(d / "pass", "pass\n");
  write(d / "m", "message");
  const dstu::Bytes store = dstu::test::store_with_iterations(std::uint64_t{1} << 63);
  write(d / "k", std::string(store.begin(), store.end()));
  fs::permissions(d / "k", fs::perms::owner_read | fs::perms::owner_write);
  const auto start = std::chrono::steady_clock::now();
  for (const bool with_passphrase : {true, false}) {
    INFO("passphrase file: ", with_passphrase);
    const auto r = with_passphrase ? run_dstu({"sign", "-k", d / "k", "--passphrase-file", d / "pass", d / "m"})
                                   : run_dstu({"sign", "-k", d / "k", d / "m"});
    CHECK(r.status == 2);
    CHECK(r.err.find("9223372036854775808") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(d / "m.sig"));
  }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}

TEST_CASE("a key protected by a passphrase file signs; a wrong or missing passphrase is exit 2") {
  TempDir d;
  write(d / "pass", "correct horse battery staple\n");
  write(d / "wrong", "correct horse battery stapler\n");
  auto r = run_dstu({"keygen", "--passphrase-file", d / "pass", "--iterations", "1000", "-o", d / "k"});
  REQUIRE(r.status == 0);
  CHECK(mode_of(d / "k") == 0600);
  CHECK(read(d / "k").find("-----BEGIN ENCRYPTED PRIVATE KEY-----") == 0);
  write(d / "m", "message");
  r = run_dstu({"sign", "-k", d / "k", "--passphrase-file", d / "pass", d / "m"});
  CHECK(r.status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", d / "m"}).status == 0);
  fs::remove(d / "m.sig");
  r = run_dstu({"sign", "-k", d / "k", "--passphrase-file", d / "wrong", d / "m"});
  CHECK(r.status == 2);
  CHECK(r.err.find("wrong passphrase") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "m.sig"));
  r = run_dstu({"sign", "-k", d / "k", d / "m"});  // no terminal, no option
  CHECK(r.status == 2);
  CHECK(r.err.find("--passphrase-file") != std::string::npos);
  // A protected private key as verify's --pub: refused with a hint at the public key.
  r = run_dstu({"verify", "-p", d / "k", d / "m"});
  CHECK(r.status == 2);
  CHECK(r.err.find(".pub") != std::string::npos);
  // The passphrase from a descriptor: standard input is descriptor 0.
  r = run_dstu({"sign", "-k", d / "k", "--passphrase-fd", "0", "-o", d / "fd.sig", d / "m"},
               "correct horse battery staple\n");
  CHECK(r.status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "fd.sig", d / "m"}).status == 0);
  // DER, and the iteration count written.
  REQUIRE(run_dstu({"keygen", "--passphrase-file", d / "pass", "--iterations", "1234", "--format", "der", "-o",
                    d / "k.der"})
              .status == 0);
  const std::string der = read(d / "k.der");
  CHECK(der.find(std::string("\x02\x02\x04\xd2", 4)) != std::string::npos);  // INTEGER 1234
  CHECK(run_dstu({"sign", "-k", d / "k.der", "--passphrase-file", d / "pass", "-o", d / "der.sig", d / "m"}).status ==
        0);
  // An empty passphrase file is not a passphrase.
  write(d / "empty", "\n");
  r = run_dstu({"keygen", "--passphrase-file", d / "empty", "-o", d / "e"});
  CHECK(r.status == 2);
  CHECK_FALSE(fs::exists(d / "e"));
}

TEST_CASE("keygen --convert: protected to protected, protected to clear, clear to protected") {
  TempDir d;
  write(d / "pass", "pw\n");
  REQUIRE(run_dstu({"keygen", "--passphrase-file", d / "pass", "--iterations", "10", "-o", d / "k"}).status == 0);
  auto r = run_dstu({"keygen", "--convert", d / "k", "--passphrase-file", d / "pass", "-o", d / "k.der", "--format", "der"});
  CHECK(r.status == 0);  // protected stays protected, same passphrase
  CHECK(mode_of(d / "k.der") == 0600);
  r = run_dstu({"keygen", "--convert", d / "k.der", "--no-passphrase", "-o", d / "clear"});
  CHECK(r.status == 2);  // it takes the passphrase to read it
  CHECK_FALSE(fs::exists(d / "clear"));
  r = run_dstu({"keygen", "--convert", d / "k.der", "--passphrase-fd", "0", "--no-passphrase", "-o", d / "clear"}, "pw\n");
  CHECK(r.status == 0);
  CHECK(read(d / "clear").find("-----BEGIN PRIVATE KEY-----") == 0);
  CHECK(mode_of(d / "clear") == 0600);
  write(d / "new", "new pw\n");
  r = run_dstu({"keygen", "--convert", d / "clear", "--passphrase-file", d / "new", "-o", d / "again"});
  CHECK(r.status == 0);
  write(d / "m", "m");
  CHECK(run_dstu({"sign", "-k", d / "again", "--passphrase-file", d / "new", d / "m"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", d / "m"}).status == 0);
  // keygen proper: the two kinds of options contradict each other.
  CHECK(run_dstu({"keygen", "--no-passphrase", "--passphrase-file", d / "pass", "-o", d / "x"}).status == 2);
}

TEST_CASE("the jkurwa key store (PBES2, passphrase 'password') signs, and opens to its clear twin") {
  const auto v = dstu::test::load_vectors("dstu4145/encrypted_keys.vec", "encrypted").front();
  TempDir d;
  const dstu::Bytes store = v.bytes("Encrypted");
  write(d / "store.dat", std::string(store.begin(), store.end()));
  chmod((d / "store.dat").c_str(), 0600);
  write(d / "pass", "password\n");
  write(d / "m", "signed with a jkurwa key store");
  CHECK(run_dstu({"sign", "-k", d / "store.dat", "--passphrase-file", d / "pass", d / "m"}).status == 0);
  REQUIRE(run_dstu({"keygen", "--convert", d / "store.dat", "--passphrase-file", d / "pass", "--no-passphrase",
                    "--format", "der", "-o", d / "clear.der"})
              .status == 0);
  CHECK(run_dstu({"verify", "-p", d / "clear.der", d / "m"}).status == 0);
  // The same key as jkurwa's clear twin: the store's signature verifies under it.
  const dstu::Bytes clear = v.bytes("Clear");
  write(d / "twin.der", std::string(clear.begin(), clear.end()));
  chmod((d / "twin.der").c_str(), 0600);
  CHECK(run_dstu({"verify", "-p", d / "twin.der", d / "m"}).status == 0);
}

TEST_CASE("a protected key with d >= n (as jkurwa writes half its dstu257 keys) signs as d mod n; d = n names the key") {
  // The store's passphrase is right in both cases: the error, if any, is the key's.
  namespace d4 = dstu::dstu4145;
  const dstu::ec2m::Curve& c = dstu::ec2m::Curve::named("dstu257");
  dstu::rng::ChaCha20Drbg rng(21, 22);
  const auto store_with_d = [&](const dstu::mp::Nat& d) {
    dstu::der::Writer w;
    w.begin(dstu::der::kSequence);
    w.integer(std::uint64_t{0});
    w.begin(dstu::der::kSequence);
    w.oid(dstu::pkix::kOidDstu4145Le);
    w.oid(c.oid());
    w.end();
    w.octet_string(d.to_bytes_le(32));
    w.end();
    const auto any = [](std::span<const std::uint8_t>) { return true; };
    const dstu::Bytes pass{'p', 'w'};
    return dstu::pkix::encrypt_private_key_info(w.finish(), pass, 5, rng, any);
  };
  // A d with d + n < 2^256: n is just above 2^255, so d below 2^254 always fits.
  const d4::PrivateKey key = d4::generate_key(c, rng);
  const dstu::mp::Nat d = dstu::ec2m::scalar_to_nat(key.d()) >> 2;
  const d4::PrivateKey small(c, dstu::ec2m::scalar_from_nat(d));
  TempDir dir;
  write(dir / "pw", "pw\n");
  write(dir / "m", "signed with d + n");
  const dstu::Bytes wide = store_with_d(d + c.order());
  write(dir / "wide.p8", std::string(wide.begin(), wide.end()));
  const dstu::Bytes pub = dstu::pkix::encode_spki(small.public_key());
  write(dir / "wide.pub", std::string(pub.begin(), pub.end()));
  auto r = run_dstu({"sign", "-k", dir / "wide.p8", "--passphrase-file", dir / "pw", dir / "m"});
  CHECK(r.status == 0);
  CHECK(run_dstu({"verify", "-p", dir / "wide.pub", dir / "m"}).status == 0);
  const dstu::Bytes zero = store_with_d(c.order());
  write(dir / "zero.p8", std::string(zero.begin(), zero.end()));
  r = run_dstu({"sign", "-k", dir / "zero.p8", "--passphrase-file", dir / "pw", "-o", dir / "z.sig", dir / "m"});
  CHECK(r.status == 2);
  CHECK(r.err.find("0 mod n") != std::string::npos);
  CHECK(r.err.find("passphrase") == std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_FALSE(fs::exists(dir / "z.sig"));
}

TEST_CASE("a clear private key that group or others can read is refused unless --allow-insecure-key") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  CHECK(mode_of(d / "k") == 0600);
  write(d / "m", "m");
  chmod((d / "k").c_str(), 0644);
  auto r = run_dstu({"sign", "-k", d / "k", d / "m"});
  CHECK(r.status == 2);
  CHECK(r.err.find("chmod 600") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "m.sig"));
  CHECK(run_dstu({"sign", "-k", d / "k", "--allow-insecure-key", d / "m"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k", d / "m"}).status == 2);
  CHECK(run_dstu({"verify", "-p", d / "k", "--allow-insecure-key", d / "m"}).status == 0);
  chmod((d / "k").c_str(), 0640);
  CHECK(run_dstu({"sign", "-k", d / "k", "--force", d / "m"}).status == 2);
  chmod((d / "k").c_str(), 0600);
  CHECK(run_dstu({"sign", "-k", d / "k", "--force", d / "m"}).status == 0);
  // A key on standard input has no mode to check.
  chmod((d / "k").c_str(), 0644);
  CHECK(run_dstu({"sign", "-k", "-", "-o", d / "stdin.sig", d / "m"}, read(d / "k")).status == 0);
}

TEST_CASE("on a terminal keygen asks twice with echo off; a mismatch writes nothing") {
  TempDir d;
  auto [status, shown] = run_on_terminal({"keygen", "--iterations", "10", "-o", d / "k"}, {"tty pass", "tty pass"});
  CHECK(status == 0);
  CHECK(shown.find("New passphrase for") != std::string::npos);
  CHECK(shown.find("tty pass") == std::string::npos);  // not echoed
  CHECK(read(d / "k").find("ENCRYPTED PRIVATE KEY") != std::string::npos);
  write(d / "m", "m");
  std::tie(status, shown) = run_on_terminal({"sign", "-k", d / "k", d / "m"}, {"tty pass"});
  CHECK(status == 0);
  CHECK(shown.find("Passphrase for") != std::string::npos);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", d / "m"}).status == 0);
  std::tie(status, shown) = run_on_terminal({"keygen", "-o", d / "k2"}, {"one", "two"});
  CHECK(status == 2);
  CHECK(shown.find("differ") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "k2"));
}
