// CLI transcripts of `dstu verify` on CMS signed files (.p7s): jkurwa's attached and
// detached CAdES-BES files over "123" and OpenSSL's ECDSA ones (test-vectors/pki/cms),
// the signer reported from its certificate, the content beside a detached file or named
// by --content, --extract, the certificate's chain at the signing time (--trust), --batch,
// every exit status and the refusals; many files in one --batch run over two windows;
// `dstu sign --cms` of 300 files on the team, its records in input order and its files
// those of one thread; `sign --cosign` adding signers to detached and attached files.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "dstu/pkix/cms.hpp"
#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

namespace {

const std::string kCms = std::string(DSTU_PKI) + "/cms/";

/// jkurwa's two files in `d` as m.p7s (attached) and doc.p7s (detached, content doc = "123").
void jkurwa_files(const TempDir& d) {
  write(d / "m.p7s", read(kCms + "message.p7"));
  write(d / "doc.p7s", read(kCms + "message_detached.p7"));
  write(d / "doc", "123");
}

/// The signer's certificate of jkurwa's file, DER, in d / "signer.cer".
void signer_certificate(const TempDir& d) {
  const std::string p7 = read(kCms + "message.p7");
  const auto sd = dstu::pkix::read_signed_data(std::span(reinterpret_cast<const std::uint8_t*>(p7.data()), p7.size()));
  REQUIRE(sd.certificates.size() == 1);
  write(d / "signer.cer", std::string(sd.certificates[0].der.begin(), sd.certificates[0].der.end()));
}

}  // namespace

TEST_CASE("verify: jkurwa's attached and detached CMS files, the signer reported") {
  TempDir d;
  jkurwa_files(d);
  auto r = run_dstu({"verify", d / "m.p7s", d / "doc.p7s"});
  CHECK(r.status == 0);
  CHECK(r.out.find("m.p7s: OK\n  signer 1: O=Very Much CA, serialNumber=UA-99999999, L=Wakanda; certificate 5f14f000") !=
        std::string::npos);
  CHECK(r.out.find("signed 2018-10-22 19:25:05 UTC; chain not checked") != std::string::npos);
  r = run_dstu({"--json", "verify", d / "m.p7s", d / "doc.p7s"});
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string line;
  REQUIRE(std::getline(lines, line));
  Json j = Json::parse(line);
  CHECK(j["status"] == "valid");
  CHECK(j["format"] == "cms");
  CHECK(j["attached"] == true);
  CHECK(j["signers"][0]["algorithm"] == "DSTU 4145 with GOST 34.311");
  CHECK(j["signers"][0]["organisation"] == "Very Much CA");
  CHECK(j["signers"][0]["chain"] == nullptr);
  REQUIRE(std::getline(lines, line));
  j = Json::parse(line);
  CHECK(j["attached"] == false);
  CHECK(j["content"] == d / "doc");
  // Other content: invalid (exit 1) with the reason.
  write(d / "doc", "124");
  r = run_dstu({"verify", d / "doc.p7s"});
  CHECK(r.status == 1);
  CHECK(r.out.find("INVALID (signer 1: messageDigest does not match the content)") != std::string::npos);
  // --content names it; a detached file without content beside it is an error.
  write(d / "other", "123");
  CHECK(run_dstu({"verify", d / "doc.p7s", "--content", d / "other"}).status == 0);
  write(d / "lone.sig.p7", read(kCms + "message_detached.p7"));
  fs::remove(d / "lone.sig");
  r = run_dstu({"verify", d / "lone.sig.p7"});
  CHECK(r.status == 2);
  write(d / "noext", read(kCms + "message_detached.p7"));
  r = run_dstu({"verify", d / "noext"});
  CHECK(r.status == 2);
  CHECK(r.err.find("a detached signature: give its content with --content") != std::string::npos);
  r = run_dstu({"verify", d / "m.p7s", "--content", d / "other"});
  CHECK(r.status == 2);
  CHECK(r.err.find("the signature is attached") != std::string::npos);
}

TEST_CASE("verify: OpenSSL's ECDSA CMS files, attached and detached") {
  CHECK(run_dstu({"verify", kCms + "ecdsa-attached.p7s", kCms + "ecdsa-cades.p7s"}).status == 0);
  CHECK(run_dstu({"verify", kCms + "ecdsa-detached.p7s", "--content", kCms + "content.txt"}).status == 0);
  TempDir d;
  write(d / "x", "not the content\n");
  CHECK(run_dstu({"verify", kCms + "ecdsa-detached.p7s", "--content", d / "x"}).status == 1);
}

TEST_CASE("verify: the signer's chain at the signing time; --at; another anchor") {
  TempDir d;
  jkurwa_files(d);
  signer_certificate(d);
  // jkurwa's signer certificate is self-signed, valid 2017-07-14 to 2023-11-14; the file
  // was signed 2018-10-22.
  auto r = run_dstu({"--json", "verify", "--trust", d / "signer.cer", d / "m.p7s"});
  REQUIRE(r.status == 0);
  Json j = Json::parse(r.out);
  CHECK(j["signers"][0]["chain"] == "valid");
  CHECK(j["signers"][0]["chain_time_source"] == "signingTime");
  CHECK(j["signers"][0]["chain_at"] == "2018-10-22 19:25:05 UTC");
  r = run_dstu({"--json", "verify", "--trust", d / "signer.cer", "--at", "2030-01-01", d / "m.p7s"});
  CHECK(r.status == 1);
  j = Json::parse(r.out);
  CHECK(j["signers"][0]["chain"] == "invalid");
  CHECK(j["reason"].get<std::string>().find("expired on 2023-11-14") != std::string::npos);
  r = run_dstu({"--json", "verify", "--trust", std::string(DSTU_PKI) + "/certs/CZOROOT.cer", d / "m.p7s"});
  CHECK(r.status == 1);
  CHECK(Json::parse(r.out)["signers"][0]["chain"] == "no_path");
  r = run_dstu({"verify", "--trust", d / "signer.cer", d / "m.p7s"});
  CHECK(r.out.find("chain valid at 2018-10-22 19:25:05 UTC (signingTime)") != std::string::npos);
}

TEST_CASE("verify: --extract, --batch, and refusals") {
  TempDir d;
  jkurwa_files(d);
  auto r = run_dstu({"verify", d / "m.p7s", "--extract", d / "out"});
  CHECK(r.status == 0);
  CHECK(read(d / "out") == "123");
  r = run_dstu({"verify", d / "m.p7s", "--extract", d / "out"});
  CHECK(r.status == 2);  // not replaced
  write(d / "list", d / "m.p7s" + "\n" + d / "doc.p7s" + "\t" + d / "doc" + "\n");
  r = run_dstu({"--json", "verify", "--batch", d / "list"});
  CHECK(r.status == 0);
  CHECK(dstu::test::count_lines(r.out) == 2);
  // A file that is not CMS, without -p; the detached-signature options; -p without --cms.
  write(d / "junk", "hello\n");
  r = run_dstu({"verify", d / "junk"});
  CHECK(r.status == 2);
  CHECK(r.err.find("not a CMS signed file") != std::string::npos);
  r = run_dstu({"verify", "--cms", d / "junk"});
  CHECK(r.status == 2);
  CHECK(r.err.find("CMS: ") != std::string::npos);
  r = run_dstu({"verify", "--sig", d / "x", d / "m.p7s"});
  CHECK(r.status == 2);
  CHECK(r.err.find("a CMS signed file names its own") != std::string::npos);
  signer_certificate(d);
  r = run_dstu({"verify", "-p", d / "signer.cer", d / "m.p7s"});
  CHECK(r.status == 2);
  r = run_dstu({"verify", "--cms", "-p", d / "signer.cer", d / "m.p7s"});
  CHECK(r.status == 0);
}

TEST_CASE("sign --cms: detached and attached .p7s under a certificate, verified by dstu; refusals") {
  TempDir d;
  // Cryptonite's example user certificate and its key (a signing certificate).
  const std::string fixtures = DSTU_INTEROP_FIXTURES;
  const std::string key = fixtures + "/cert-userfiz.priv.der", cert = fixtures + "/cert-userfiz.cer";
  write(d / "doc", "a contract\n");
  auto r = run_dstu({"--json", "sign", "--cms", "-k", key, "--allow-insecure-key", "--cert", cert, d / "doc"});
  REQUIRE(r.status == 0);
  Json j = Json::parse(r.out);
  CHECK(j["signature"] == d / "doc.p7s");
  CHECK(j["format"] == "cms");
  CHECK(j["hash"] == "gost34311");
  CHECK(j["attached"] == false);
  r = run_dstu({"--json", "verify", d / "doc.p7s"});
  CHECK(r.status == 0);
  j = Json::parse(r.out);
  CHECK(j["attached"] == false);
  CHECK(j["signers"][0]["subject"].get<std::string>().find("CN=Петров В.О.") != std::string::npos);
  // Attached, Kupyna-256: the content comes back with --extract.
  r = run_dstu({"sign", "--cms", "--attached", "--hash", "kupyna256", "-k", key, "--allow-insecure-key", "--cert", cert,
                "-o", d / "att.p7s", d / "doc"});
  REQUIRE(r.status == 0);
  r = run_dstu({"--json", "verify", d / "att.p7s", "--extract", d / "back"});
  CHECK(r.status == 0);
  CHECK(Json::parse(r.out)["signers"][0]["algorithm"].get<std::string>().find("Kupyna-256") != std::string::npos);
  CHECK(read(d / "back") == "a contract\n");
  // The detached signature over other content: invalid.
  write(d / "doc", "another contract\n");
  CHECK(run_dstu({"verify", d / "doc.p7s"}).status == 1);
  // Refusals: no certificate, another key's certificate, options of detached signatures.
  r = run_dstu({"sign", "--cms", "-k", key, "--allow-insecure-key", "--force", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("give it with --cert") != std::string::npos);
  r = run_dstu({"sign", "--cms", "-k", key, "--allow-insecure-key", "--force", "--cert",
                std::string(DSTU_PKI) + "/certs/CZOROOT.cer", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("not the certificate of the signing key") != std::string::npos);
  r = run_dstu({"sign", "--attached", "-k", key, "--allow-insecure-key", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("go with --cms") != std::string::npos);
  r = run_dstu({"sign", "--cms", "--sig-format", "raw", "-k", key, "--allow-insecure-key", "--cert", cert, d / "doc"});
  CHECK(r.status == 2);
  // An existing .p7s is not replaced without --force.
  r = run_dstu({"sign", "--cms", "-k", key, "--allow-insecure-key", "--cert", cert, d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("already exists") != std::string::npos);
}

TEST_CASE("verify --batch: 300 .p7s over two windows, reported in input order, each with its own verdict") {
  TempDir d;
  const std::string fixtures = DSTU_INTEROP_FIXTURES;
  const std::string key = fixtures + "/cert-userfiz.priv.der", cert = fixtures + "/cert-userfiz.cer";
  constexpr int kFiles = 300;  // a window closes at 256 requests (window.hpp)
  std::vector<std::string> files;
  std::string list;
  for (int i = 0; i < kFiles; ++i) {
    files.push_back(d / ("f" + std::to_string(i)));
    write(files.back(), "file " + std::to_string(i) + "\n");
    list += files.back() + ".p7s\n";
  }
  std::vector<std::string> args = {"-q", "sign", "--cms", "-k", key, "--allow-insecure-key", "--cert", cert};
  args.insert(args.end(), files.begin(), files.end());
  REQUIRE(run_dstu(args).status == 0);
  write(d / "list", list);
  // One content changed (invalid), one .p7s cut short and one content gone (errors), on
  // both sides of the window's edge.
  write(files[5], "changed\n");
  // Two signatures that read and hash well but fail the curve check, one in each window:
  // the batch's verdicts must come back to their own files.
  for (const int i : {7, 260}) {
    std::string file = read(files[i] + ".p7s");
    const auto sd = dstu::pkix::read_signed_data(
        std::span(reinterpret_cast<const std::uint8_t*>(file.data()), file.size()));
    const std::string sig(sd.signers.at(0).signature.begin(), sd.signers.at(0).signature.end());
    const std::size_t at = file.find(sig);
    REQUIRE(at != std::string::npos);
    file[at + 3] = static_cast<char>(file[at + 3] ^ 0x10);
    write(files[i] + ".p7s", file);
  }
  const std::string p7s = read(files[200] + ".p7s");
  write(files[200] + ".p7s", p7s.substr(0, p7s.size() / 2));
  fs::remove(files[290]);
  std::string outputs[2];
  for (int threads : {1, 2}) {
    const auto r = run_dstu({"--threads", std::to_string(threads), "--json", "verify", "--batch", d / "list"});
    CHECK(r.status == 2);
    std::istringstream lines(r.out);
    int i = 0;
    for (std::string line; std::getline(lines, line); ++i) {
      const Json j = Json::parse(line);
      CHECK(j["file"] == files[i] + ".p7s");
      const std::string expected = i == 5 || i == 7 || i == 260 ? "invalid" : i == 200 || i == 290 ? "error" : "valid";
      CHECK(j["status"] == expected);
      if (i == 5) CHECK(j["reason"].get<std::string>().find("messageDigest does not match") != std::string::npos);
      if (i == 7 || i == 260) CHECK(j["reason"].get<std::string>().find("does not verify") != std::string::npos);
    }
    CHECK(i == kFiles);
    outputs[threads - 1] = r.out;
  }
  CHECK(outputs[0] == outputs[1]);
}

TEST_CASE("sign --cosign: a second and a third signer added, each file's signers checked first") {
  TempDir d;
  const std::string pki = d / "pki";
  REQUIRE(std::system(("mkdir -p " + pki + " && " + DSTU_MAKE_TEST_PKI + " " + pki + " > /dev/null").c_str()) == 0);
  const auto key = [&](const std::string& who) { return std::vector<std::string>{"-k", pki + "/" + who + ".key", "--cert",
                                                                                  pki + "/" + who + ".cer"}; };
  const auto sign = [&](std::vector<std::string> args, const std::string& who) {
    const auto k = key(who);
    args.insert(std::find(args.begin(), args.end(), "sign") + 1, k.begin(), k.end());
    return run_dstu(args);
  };
  write(d / "doc", "a contract\n");
  REQUIRE(sign({"sign", "--cms", d / "doc"}, "user").status == 0);
  auto r = sign({"sign", "--cosign", d / "doc.p7s"}, "revoked");
  REQUIRE(r.status == 0);
  r = sign({"--json", "sign", "--cosign", d / "doc.p7s"}, "expired");
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["cosigned"] == true);
  r = run_dstu({"--json", "verify", d / "doc.p7s"});
  CHECK(r.status == 0);
  Json j = Json::parse(r.out);
  REQUIRE(j["signers"].size() == 3);
  CHECK(j["signers"][0]["subject"] == "CN=Test Signer");
  CHECK(j["signers"][1]["subject"] == "CN=Revoked Signer");
  // With the chain: the revoked and the expired signers fail, the first does not.
  r = run_dstu({"--json", "verify", "--trust", pki + "/root.cer", "--untrusted", pki + "/ca.cer", "--crl",
                pki + "/ca.crl", d / "doc.p7s"});
  CHECK(r.status == 1);
  j = Json::parse(r.out);
  CHECK(j["signers"][0]["status"] == "valid");
  CHECK(j["signers"][1]["status"] == "invalid");
  CHECK(j["signers"][2]["status"] == "invalid");
  // Attached, to -o: the file named stays as it was; an existing -o is not replaced.
  REQUIRE(sign({"sign", "--cms", "--attached", "-o", d / "att.p7s", d / "doc"}, "user").status == 0);
  const std::string attached = read(d / "att.p7s");
  REQUIRE(sign({"sign", "--cosign", "-o", d / "att2.p7s", d / "att.p7s"}, "agree").status == 0);
  CHECK(read(d / "att.p7s") == attached);
  CHECK(run_dstu({"verify", d / "att2.p7s"}).status == 0);
  CHECK(sign({"sign", "--cosign", "-o", d / "att2.p7s", d / "att.p7s"}, "agree").status == 2);
  // A detached file under another name: its content with --content.
  fs::copy_file(d / "doc.p7s", d / "renamed.bin");
  r = sign({"sign", "--cosign", d / "renamed.bin"}, "user");
  CHECK(r.status == 2);
  CHECK(r.err.find("--content") != std::string::npos);
  CHECK(sign({"sign", "--cosign", "--content", d / "doc", d / "renamed.bin"}, "user").status == 0);
  // A file whose signature does not hold over its content is not co-signed, and not changed.
  write(d / "doc", "another contract\n");
  const std::string before = read(d / "doc.p7s");
  r = sign({"sign", "--cosign", d / "doc.p7s"}, "user");
  CHECK(r.status == 2);
  CHECK(r.err.find("signer 1 does not verify") != std::string::npos);
  CHECK(read(d / "doc.p7s") == before);
  // Usage: the options of a new signature's form.
  CHECK(sign({"sign", "--cosign", "--attached", d / "doc.p7s"}, "user").status == 2);
  CHECK(sign({"sign", "--cms", "--content", d / "doc", d / "doc.p7s"}, "user").status == 2);
}

TEST_CASE("sign --cms: 300 files in one call on the team, reported in input order, as with one thread") {
  TempDir d;
  const std::string fixtures = DSTU_INTEROP_FIXTURES;
  const std::string key = fixtures + "/cert-userfiz.priv.der", cert = fixtures + "/cert-userfiz.cer";
  constexpr int kFiles = 300, kMissing = 150;  // over a window of 256 requests (window.hpp)
  std::vector<std::string> files;
  std::string list;
  for (int i = 0; i < kFiles; ++i) {
    files.push_back(d / ("f" + std::to_string(i)));
    if (i == kMissing) continue;
    write(files.back(), "file " + std::to_string(i) + "\n");
    list += files.back() + ".p7s\n";
  }
  write(d / "list", list);
  std::string outputs[2];
  std::set<std::string> written[2];
  for (int threads : {1, 2}) {
    INFO("threads " << threads);
    for (const std::string& f : files) fs::remove(f + ".p7s");
    std::vector<std::string> args = {"--threads", std::to_string(threads), "--json", "sign", "--cms", "-k", key,
                                     "--allow-insecure-key", "--cert", cert};
    args.insert(args.end(), files.begin(), files.end());
    const auto r = run_dstu(args);
    CHECK(r.status == 2);
    CHECK(dstu::test::count_lines(r.err) == 1);
    CHECK(r.err.find("f150: cannot open") != std::string::npos);
    std::istringstream lines(r.out);
    int i = 0;
    for (std::string line; std::getline(lines, line); ++i) {
      const Json j = Json::parse(line);
      CHECK(j["file"] == files[i]);
      CHECK(j["signature"] == files[i] + ".p7s");
      CHECK(j["status"] == (i == kMissing ? "error" : "signed"));
    }
    CHECK(i == kFiles);
    outputs[threads - 1] = r.out;
    for (const auto& entry : fs::directory_iterator(d.path)) {
      if (entry.path().extension() == ".p7s") written[threads - 1].insert(entry.path().filename().string());
    }
    CHECK(written[threads - 1].size() == kFiles - 1);
    const auto v = run_dstu({"--threads", "2", "-q", "verify", "--batch", d / "list"});
    CHECK(v.status == 0);
  }
  // The records name files, not signatures: both runs print the same lines.
  CHECK(outputs[0] == outputs[1]);
  CHECK(written[0] == written[1]);
  // A file given twice in one window: signed once, then refused, as one at a time would.
  for (const std::string& f : {files[0], files[1]}) fs::remove(f + ".p7s");
  auto r = run_dstu({"--threads", "2", "--json", "sign", "--cms", "-k", key, "--allow-insecure-key", "--cert", cert,
                     files[0], files[1], files[0]});
  CHECK(r.status == 2);
  std::istringstream lines(r.out);
  std::vector<std::string> statuses;
  for (std::string line; std::getline(lines, line);) statuses.push_back(Json::parse(line)["status"]);
  CHECK(statuses == std::vector<std::string>{"signed", "signed", "error"});
  CHECK(r.err.find("already exists") != std::string::npos);
  // The Annex A generator (its files signed one at a time): the signatures verify.
  r = run_dstu({"--threads", "2", "-q", "sign", "--cms", "--rng", "dstu", "--force", "-k", key,
                "--allow-insecure-key", "--cert", cert, files[0], files[1], files[2]});
  CHECK(r.status == 0);
  CHECK(run_dstu({"-q", "verify", files[0] + ".p7s", files[1] + ".p7s", files[2] + ".p7s"}).status == 0);
}
