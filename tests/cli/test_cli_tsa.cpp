// CLI transcripts of `dstu sign --cms --tsa`: each signature timestamped over HTTP by a
// loopback TSA (tests/support/tsa_http.py) answering with `openssl ts -reply` (ECDSA,
// SHA-256 imprints) or with tsa_reply, the tests' DSTU 4145 TSA (GOST 34.311 imprints),
// over IPv4 and, where the loopback has it, IPv6; and every way the exchange fails:
// refused, HTTP 500, another content type, a rejection, a reply that is not one or is
// over 1 MiB, a timeout, an https:// URL. A failed timestamp leaves no .p7s. Many files
// on two threads: each token over its own file's signature, records in input order.
// Exit 77 (skipped) where python3 or openssl is missing.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

namespace {

const std::string kCms = std::string(DSTU_PKI) + "/cms/";

void skip_without_tools() {
  if (std::system("python3 -c '' > /dev/null 2>&1") != 0 || std::system("openssl version > /dev/null 2>&1") != 0) {
    MESSAGE("no python3 or no openssl here: skipped");
    std::exit(77);
  }
}

/// tsa_http.py serving with these options, stopped when it goes.
class TsaServer {
 public:
  explicit TsaServer(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"python3", DSTU_TSA_HTTP};
    all.insert(all.end(), args.begin(), args.end());
    int out[2];
    REQUIRE(::pipe(out) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      std::vector<char*> argv;
      for (std::string& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::dup2(out[1], 1);
      const int quiet = ::open("/dev/null", O_WRONLY);  // its log and openssl's chatter
      if (quiet >= 0) ::dup2(quiet, 2);
      ::close(out[0]);
      ::close(out[1]);
      ::execvp(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    char c;
    while (::read(out[0], &c, 1) == 1 && c != '\n') port_ += c;
    ::close(out[0]);
    REQUIRE(!port_.empty());
  }
  ~TsaServer() {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  TsaServer(const TsaServer&) = delete;
  TsaServer& operator=(const TsaServer&) = delete;
  std::string port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + port_ + "/tsa"; }

 private:
  pid_t pid_ = -1;
  std::string port_;
};

/// Runs a shell command; fails the test if it fails.
void shell(const std::string& command) { REQUIRE_MESSAGE(std::system(command.c_str()) == 0, command); }

/// A P-256 CA and a TSA under it (extendedKeyUsage critical, timeStamping only) in `d`,
/// with an `openssl ts` configuration; returns the command that answers a TimeStampReq
/// on standard input with a TimeStampResp on standard output.
std::vector<std::string> openssl_tsa(const TempDir& d) {
  const std::string q = "'" + d.path.string() + "/";
  shell("openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out " + q + "ca.key' 2>/dev/null");
  shell("openssl req -x509 -new -key " + q + "ca.key' -subj '/CN=dstu test TSA CA' -days 30 -addext "
        "basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign -out " + q + "ca.pem'");
  shell("openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out " + q + "tsa.key' 2>/dev/null");
  shell("openssl req -new -key " + q + "tsa.key' -subj '/CN=dstu test TSA' -out " + q + "tsa.csr'");
  write(d / "ext.cnf", "[tsa_ext]\nextendedKeyUsage = critical,timeStamping\nkeyUsage = critical,digitalSignature\n");
  shell("openssl x509 -req -in " + q + "tsa.csr' -CA " + q + "ca.pem' -CAkey " + q + "ca.key' -set_serial 2 -days 30 "
        "-extfile " + q + "ext.cnf' -extensions tsa_ext -out " + q + "tsa.pem' 2>/dev/null");
  write(d / "ts.cnf", "[tsa]\ndefault_tsa = tsa_config\n[tsa_config]\nserial = " + (d / "serial") +
                          "\ncrypto_device = builtin\nsigner_cert = " + (d / "tsa.pem") + "\ncerts = " + (d / "ca.pem") +
                          "\nsigner_key = " + (d / "tsa.key") +
                          "\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\ndigests = sha256, sha384, sha512\n"
                          "accuracy = secs:1\ntsa_name = yes\ness_cert_id_alg = sha256\n");
  return {"openssl", "ts", "-reply", "-queryfile", "/dev/stdin", "-config", d / "ts.cnf", "-out", "/dev/stdout"};
}

std::vector<std::string> with(std::vector<std::string> options, const std::vector<std::string>& command) {
  options.push_back("--");
  options.insert(options.end(), command.begin(), command.end());
  return options;
}

/// `dstu sign --cms` with the ECDSA test signer, timestamped at `url`, then `extra`.
std::vector<std::string> sign_args(const std::string& url, const std::string& doc,
                                   const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"sign", "--cms", "--tsa", url, "-k", kCms + "ecdsa-key.pem",
                                   "--allow-insecure-key", "--cert", kCms + "ecdsa-cert.pem"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(doc);
  return args;
}

/// The one signature timestamp token of `p7s`'s signer, and the signature value it is over.
std::pair<std::string, std::string> token_of(const std::string& p7s) {
  const auto sd = dstu::pkix::read_signed_data(std::span(reinterpret_cast<const std::uint8_t*>(p7s.data()), p7s.size()));
  REQUIRE(sd.signers.size() == 1);
  std::vector<std::string> tokens;
  for (const auto& a : sd.signers[0].unsigned_attributes) {
    if (a.oid != dstu::pkix::kOidSignatureTimestamp) continue;
    for (const auto& v : a.values) tokens.emplace_back(v.begin(), v.end());
  }
  REQUIRE(tokens.size() == 1);
  const auto& sig = sd.signers[0].signature;
  return {tokens[0], std::string(sig.begin(), sig.end())};
}

/// The run failed as a failed timestamp does: exit 2, one line saying `why`, no .p7s.
void check_failed(const dstu::test::Run& r, const std::string& p7s, const std::string& why) {
  CHECK(r.status == 2);
  CHECK(dstu::test::count_lines(r.err) == 1);
  CHECK_MESSAGE(r.err.find(why) != std::string::npos, r.err);
  CHECK(!fs::exists(p7s));
}

}  // namespace

TEST_CASE("sign --cms --tsa: an OpenSSL TSA's token in the .p7s, which openssl cms and ts accept") {
  skip_without_tools();
  TempDir d;
  const auto tsa = openssl_tsa(d);
  write(d / "doc", "timestamped for openssl\n");
  {
    TsaServer server(with({}, tsa));
    auto r = run_dstu({"--json", "sign", "--cms", "--tsa", server.url(), "-k", kCms + "ecdsa-key.pem",
                       "--allow-insecure-key", "--cert", kCms + "ecdsa-cert.pem", d / "doc"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    const Json j = Json::parse(r.out);
    CHECK(j["timestamp"]["tsa"] == server.url());
    CHECK(j["timestamp"]["hash"] == "sha256");
  }
  shell("openssl cms -verify -noverify -binary -inform DER -in '" + (d / "doc.p7s") + "' -content '" + (d / "doc") +
        "' -out /dev/null 2>/dev/null");
  shell("openssl cms -cmsout -print -inform DER -in '" + (d / "doc.p7s") + "' > '" + (d / "print") + "'");
  const std::string print = read(d / "print");
  CHECK((print.find("id-smime-aa-timeStampToken") != std::string::npos ||
         print.find("1.2.840.113549.1.9.16.2.14") != std::string::npos));
  // The token is over the signature value, signed by the TSA under the CA.
  const auto [token, signature] = token_of(read(d / "doc.p7s"));
  write(d / "token.der", token);
  write(d / "signature", signature);
  shell("openssl ts -verify -token_in -in '" + (d / "token.der") + "' -data '" + (d / "signature") + "' -CAfile '" +
        (d / "ca.pem") + "' -untrusted '" + (d / "tsa.pem") + "' > /dev/null 2>&1");
  // dstu still verifies the signature under its new unsigned attribute.
  CHECK(run_dstu({"verify", d / "doc.p7s"}).status == 0);
}

TEST_CASE("sign --cms --tsa: a DSTU 4145 TSA's token over a DSTU 4145 signature, GOST 34.311 imprint") {
  skip_without_tools();
  TempDir d;
  const std::string pki = d / "pki";
  fs::create_directories(pki);
  shell(std::string("'") + DSTU_MAKE_TEST_PKI + "' '" + pki + "'");
  write(d / "doc", "a contract, timestamped\n");
  const std::vector<std::string> sign = {"sign", "--cms", "-k", pki + "/user.key", "--cert", pki + "/user.cer"};
  const auto with_tsa = [&](const std::string& url, const std::string& doc) {
    std::vector<std::string> args = {"--json"};
    args.insert(args.end(), sign.begin(), sign.end());
    args.insert(args.end(), {"--tsa", url, doc});
    return args;
  };
  {
    TsaServer server({"--", DSTU_TSA_REPLY, pki, "--time", "@1800000000"});
    const auto r = run_dstu(with_tsa(server.url(), d / "doc"));
    REQUIRE_MESSAGE(r.status == 0, r.err);
    CHECK(Json::parse(r.out)["timestamp"]["hash"] == "gost34311");
  }
  const auto [token, signature] = token_of(read(d / "doc.p7s"));
  const auto sig = std::span(reinterpret_cast<const std::uint8_t*>(signature.data()), signature.size());
  const auto parsed = dstu::pkix::read_timestamp_token(
      std::span(reinterpret_cast<const std::uint8_t*>(token.data()), token.size()));
  CHECK(parsed.info.hash_oid == "1.2.804.2.1.1.1.1.2.1");
  CHECK(parsed.info.gen_time == 1800000000);
  const auto verdict = dstu::pkix::verify_timestamp(parsed, sig);
  CHECK_MESSAGE(verdict.verdict == dstu::pkix::SignatureVerdict::valid, verdict.reason);
  CHECK(verdict.signature_checked);
  CHECK(run_dstu({"verify", d / "doc.p7s"}).status == 0);
  // Without the TSA's certificate in the token: still written (its check is verify's).
  write(d / "bare", "stamped without the TSA's certificate\n");
  {
    TsaServer server({"--", DSTU_TSA_REPLY, pki, "--omit-cert"});
    const auto r = run_dstu(with_tsa(server.url(), d / "bare"));
    CHECK_MESSAGE(r.status == 0, r.err);
  }
  // A refusal: the file's error, with the TSA's words.
  write(d / "other", "refused\n");
  TsaServer server({"--", DSTU_TSA_REPLY, pki, "--reject"});
  check_failed(run_dstu(with_tsa(server.url(), d / "other")), d / "other.p7s", "request rejected by the test TSA");
}

TEST_CASE("sign --cms --tsa: many files on two threads, each timestamped over its own signature, in input order") {
  skip_without_tools();
  TempDir d;
  const std::string pki = d / "pki";
  fs::create_directories(pki);
  shell(std::string("'") + DSTU_MAKE_TEST_PKI + "' '" + pki + "'");
  TsaServer server({"--", DSTU_TSA_REPLY, pki});
  std::vector<std::string> args = {"--threads", "2", "--json", "sign", "--cms", "-k", pki + "/user.key",
                                   "--cert", pki + "/user.cer", "--tsa", server.url()};
  constexpr int kFiles = 12, kMissing = 5;
  for (int i = 0; i < kFiles; ++i) {
    args.push_back(d / ("f" + std::to_string(i)));
    if (i != kMissing) write(args.back(), "file " + std::to_string(i) + "\n");
  }
  const auto r = run_dstu(args);
  CHECK(r.status == 2);
  std::istringstream lines(r.out);
  int i = 0;
  for (std::string line; std::getline(lines, line); ++i) {
    const Json j = Json::parse(line);
    const std::string file = d / ("f" + std::to_string(i));
    CHECK(j["file"] == file);
    CHECK(j["status"] == (i == kMissing ? "error" : "signed"));
    if (i == kMissing) {
      CHECK(!fs::exists(file + ".p7s"));
      continue;
    }
    const auto [token, signature] = token_of(read(file + ".p7s"));
    const auto parsed = dstu::pkix::read_timestamp_token(
        std::span(reinterpret_cast<const std::uint8_t*>(token.data()), token.size()));
    const auto verdict = dstu::pkix::verify_timestamp(
        parsed, std::span(reinterpret_cast<const std::uint8_t*>(signature.data()), signature.size()));
    CHECK_MESSAGE(verdict.verdict == dstu::pkix::SignatureVerdict::valid, verdict.reason);
    CHECK(run_dstu({"-q", "verify", file + ".p7s"}).status == 0);
  }
  CHECK(i == kFiles);
}

TEST_CASE("sign --cms --tsa: the reply chunked, or ended by the close; --tsa-hash; attached") {
  skip_without_tools();
  TempDir d;
  const auto tsa = openssl_tsa(d);
  write(d / "doc", "chunked\n");
  {
    TsaServer server(with({"--chunked"}, tsa));
    const auto r = run_dstu(sign_args(server.url(), d / "doc", {"--tsa-hash", "sha384"}));
    REQUIRE_MESSAGE(r.status == 0, r.err);
  }
  const auto [token, signature] = token_of(read(d / "doc.p7s"));
  const auto parsed = dstu::pkix::read_timestamp_token(
      std::span(reinterpret_cast<const std::uint8_t*>(token.data()), token.size()));
  CHECK(parsed.info.hash_oid == "2.16.840.1.101.3.4.2.2");  // SHA-384
  TsaServer server(with({"--no-length", "--content-type", "application/timestamp-response"}, tsa));
  const auto r = run_dstu(sign_args(server.url(), d / "doc", {"--attached", "-o", d / "att.p7s"}));
  REQUIRE_MESSAGE(r.status == 0, r.err);
  shell("openssl cms -verify -noverify -binary -inform DER -in '" + (d / "att.p7s") + "' -out /dev/null 2>/dev/null");
  // An IPv6 literal, where the loopback has IPv6.
  if (std::system("python3 -c 'import socket; socket.socket(socket.AF_INET6).bind((\"::1\", 0))' 2>/dev/null") != 0) {
    MESSAGE("no IPv6 loopback here: the [::1] case skipped");
    return;
  }
  TsaServer v6(with({"--host", "::1"}, tsa));
  const auto r6 = run_dstu(sign_args("http://[::1]:" + v6.port() + "/", d / "doc", {"-o", d / "v6.p7s"}));
  CHECK_MESSAGE(r6.status == 0, r6.err);
  CHECK(fs::exists(d / "v6.p7s"));
}

TEST_CASE("sign --cms --tsa: each failure of the TSA is the file's error, and no .p7s is written") {
  skip_without_tools();
  TempDir d;
  write(d / "doc", "not timestamped\n");
  const std::string p7s = d / "doc.p7s";
  // Nothing listens on a socket bound but not listening: the connection is refused.
  const int idle = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  REQUIRE(::bind(idle, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  REQUIRE(::getsockname(idle, reinterpret_cast<sockaddr*>(&a), &len) == 0);
  const std::string refused = "http://127.0.0.1:" + std::to_string(ntohs(a.sin_port)) + "/";
  check_failed(run_dstu(sign_args(refused, d / "doc")), p7s, "connection refused");
  ::close(idle);
  {
    TsaServer server(with({"--status", "500"}, {"cat"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc")), p7s, "HTTP/1.1 500");
  }
  {
    TsaServer server(with({"--content-type", "text/html"}, {"cat"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc")), p7s, "text/html");
  }
  {
    // The TimeStampReq echoed: not a TimeStampResp.
    TsaServer server(with({}, {"cat"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc")), p7s, "doc: no timestamp: " + server.url() + ": ");
  }
  {
    // PKIStatusInfo { rejection, statusString { "no" }, failInfo badAlg }.
    write(d / "reject.der", std::string("\x30\x0f\x30\x0d\x02\x01\x02\x30\x04\x0c\x02no\x03\x02\x07\x80", 17));
    TsaServer server(with({}, {"cat", d / "reject.der"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc")), p7s, server.url() + ": ");
  }
  for (const std::vector<std::string>& framing : {std::vector<std::string>{}, {"--chunked"}, {"--no-length"}}) {
    TsaServer server(with(framing, {"head", "-c", "1100000", "/dev/zero"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc")), p7s, "a reply larger than 1 MiB");
  }
  {
    TsaServer server(with({"--delay", "5"}, {"cat"}));
    check_failed(run_dstu(sign_args(server.url(), d / "doc", {"--tsa-timeout", "1"})), p7s, "no reply within 1 s");
  }
  check_failed(run_dstu(sign_args("https://127.0.0.1/", d / "doc")), p7s, "plain HTTP");
  check_failed(run_dstu(sign_args("ftp://127.0.0.1/", d / "doc")), p7s, "not an http:// URL");
}

TEST_CASE("sign --tsa: only with --cms; --tsa-hash and --tsa-timeout only with --tsa") {
  TempDir d;
  write(d / "doc", "x\n");
  const std::string key = kCms + "ecdsa-key.pem";
  auto r = run_dstu({"sign", "--tsa", "http://127.0.0.1:9/", "-k", key, "--allow-insecure-key", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("goes with --cms") != std::string::npos);
  r = run_dstu({"sign", "--cms", "--tsa-timeout", "5", "-k", key, "--allow-insecure-key", "--cert",
                kCms + "ecdsa-cert.pem", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("go with --tsa") != std::string::npos);
  r = run_dstu({"sign", "--cms", "--tsa", "http://127.0.0.1:9/", "--tsa-hash", "sha1", "-k", key,
                "--allow-insecure-key", "--cert", kCms + "ecdsa-cert.pem", d / "doc"});
  CHECK(r.status == 2);
  CHECK(!fs::exists(d / "doc.p7s"));
  // A hash no imprint is made with: refused before the key is opened.
  r = run_dstu({"sign", "--cms", "--tsa", "http://127.0.0.1:9/", "--tsa-hash", "sha3-256", "-k", key,
                "--allow-insecure-key", "--cert", kCms + "ecdsa-cert.pem", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--tsa-hash") != std::string::npos);
  CHECK(!fs::exists(d / "doc.p7s"));
}
