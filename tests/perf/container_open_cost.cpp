// Benchmark, not a test: what opening a key container costs against the password
// derivations its format requires, for the fixtures of test-vectors/pki/containers. The
// target it checks: opening a PKCS#12 file or a Key-6.dat costs at most 1.2 times its
// KDFs alone (the KDF is the cost). Each round times pkix::read_container once and the
// KDFs once, in alternating order, on this thread's CPU clock and on the wall clock; a
// figure is the median of the rounds and a ratio the ratio of the medians (dstu::stats).
// The KDFs run through the library's own primitives with the parameters read from each
// file, and each is checked once against the file before it is timed.
// Usage: container_open_cost [--rounds R] [--json]   (R = 15 by default)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "container_internal.hpp"
#include "pkcs12_pbe.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/stats.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "per_call.hpp"

namespace {

using dstu::Bytes;
using dstu::SecureBytes;
namespace der = dstu::der;
namespace hash = dstu::hash;
namespace pkix = dstu::pkix;
namespace stats = dstu::stats;

constexpr const char* kOidIitStore = "1.3.6.1.4.1.19398.1.1.1.2";
constexpr const char* kOidPbes2 = "1.2.840.113549.1.5.13";
constexpr const char* kOidPbkdf2 = "1.2.840.113549.1.5.12";
constexpr const char* kOidHmacGost34311 = "1.2.804.2.1.1.1.1.1.2";
constexpr const char* kOidData = "1.2.840.113549.1.7.1";
constexpr const char* kOidShroudedKeyBag = "1.2.840.113549.1.12.10.1.2";
/// Hashes in the legacy Key-6.dat KDF: the format's, not the file's (key6.cpp).
constexpr int kKey6Hashes = 10'000;

[[noreturn]] void refuse(const std::string& what) { throw dstu::Error(dstu::Errc::unsupported, what); }

dstu::SecureBytes octets(const char* s) { return SecureBytes(s, s + std::strlen(s)); }

/// The password derivations of one file: what they compute from the password, and
/// whether that is what the file wants (run once, untimed).
struct Kdf {
  std::string what;
  std::function<SecureBytes()> derive;
  std::function<bool(const SecureBytes&)> check;
};

/// PBKDF2's parameters of a PBES2 EncryptedPrivateKeyInfo (RFC 8018), read as
/// encrypted_key.cpp reads them; only HMAC-GOST34.311, the one PRF it takes.
struct Pbkdf2Params {
  Bytes salt;
  std::uint64_t iterations = 0;
};

Pbkdf2Params read_pbes2(std::span<const std::uint8_t> epki) {
  der::Reader top(epki);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  if (alg.oid("encryptionAlgorithm") != kOidPbes2) refuse("a key under another scheme than PBES2");
  der::Reader pbes2 = alg.enter(der::kSequence, "PBES2-params");
  der::Reader kdf = pbes2.enter(der::kSequence, "keyDerivationFunc");
  if (kdf.oid("keyDerivationFunc") != kOidPbkdf2) refuse("PBES2 with another KDF than PBKDF2");
  der::Reader params = kdf.enter(der::kSequence, "PBKDF2-params");
  Pbkdf2Params p;
  p.salt = params.octet_string("salt");
  p.iterations = params.small_integer("iterationCount");
  if (!params.empty() && params.peek() == der::kInteger) params.small_integer("keyLength");
  if (params.empty()) refuse("PBKDF2 with its default PRF");
  der::Reader prf = params.enter(der::kSequence, "prf");
  if (prf.oid("prf") != kOidHmacGost34311) refuse("PBKDF2 with another PRF than HMAC-GOST34.311");
  return p;
}

/// PBES2's 32-octet GOST 28147 key: PBKDF2-HMAC-GOST34.311 (encrypted_key.cpp).
void append_pbkdf2(SecureBytes& out, const Pbkdf2Params& p, std::span<const std::uint8_t> password) {
  std::uint8_t key[32];
  hash::pbkdf2_hmac_gost34311(key, password, p.salt, p.iterations);
  out.insert(out.end(), key, key + sizeof key);
}

/// IIT's legacy KDF (key6.cpp): GOST 34.311 under DKE No.1 of the password, then of the
/// digest, kKey6Hashes hashes in all, with the constant-time round function.
SecureBytes key6_legacy_key(std::span<const std::uint8_t> password) {
  hash::Gost34311Params params;
  params.impl = dstu::cipher::Gost28147Impl::constant_time;
  hash::Gost34311 h(params);
  SecureBytes key(32);
  h.update(password);
  h.final(key);
  for (int i = 1; i < kKey6Hashes; ++i) {
    h.update(key);
    h.final(key);
  }
  return key;
}

/// Key-6.dat: the legacy form (its KDF checked by opening the file under the derived
/// key), or the newer PBES2 form (one PBKDF2).
Kdf key6_kdf(const Bytes& file, const char* password) {
  if (pkix::is_encrypted_private_key(file)) {
    const Pbkdf2Params p = read_pbes2(file);
    return {"PBKDF2-HMAC-GOST34.311 x " + std::to_string(p.iterations),
            [p, password] {
              SecureBytes out;
              append_pbkdf2(out, p, octets(password));
              return out;
            },
            [](const SecureBytes&) { return true; }};
  }
  der::Reader top(file);
  der::Reader store = top.enter(der::kSequence, "IIT store");
  der::Reader header = store.enter(der::kSequence, "header");
  if (header.oid("store type") != kOidIitStore) refuse("not an IIT key store");
  return {"GOST 34.311 x " + std::to_string(kKey6Hashes),
          [password] { return key6_legacy_key(octets(password)); },
          [file](const SecureBytes& key) {
            const std::span<const std::uint8_t, 32> kek(key.data(), 32);
            return !pkix::detail::read_key6_under_key(file, kek).keys.empty();
          }};
}

/// What the KDFs of a PFX need: the MacData (RFC 7292 §4) and the shrouded key bags'
/// PBKDF2, read as pkcs12.cpp reads them (safe contents as plain data only).
struct Pkcs12Params {
  std::span<const std::uint8_t> auth_safe, mac_digest;
  const char* mac_hash = nullptr;
  Bytes mac_salt;
  std::uint64_t mac_iterations = 1;
  std::vector<Pbkdf2Params> bags;
};

const char* mac_hash_name(const std::string& oid) {
  if (oid == "1.2.804.2.1.1.1.1.2.1") return "gost34311";
  if (oid == "1.3.14.3.2.26") return "sha1";
  if (oid == "2.16.840.1.101.3.4.2.1") return "sha256";
  refuse("a PKCS#12 MAC over " + oid);
}

void read_mac_data(der::Reader& pfx, Pkcs12Params& p) {
  if (pfx.empty()) refuse("a PKCS#12 file without a MAC");
  der::Reader mac = pfx.enter(der::kSequence, "MacData");
  der::Reader digest_info = mac.enter(der::kSequence, "DigestInfo");
  der::Reader alg = digest_info.enter(der::kSequence, "digestAlgorithm");
  p.mac_hash = mac_hash_name(alg.oid("digestAlgorithm"));
  p.mac_digest = digest_info.octet_string_view("digest");
  p.mac_salt = mac.octet_string("macSalt");
  if (!mac.empty()) p.mac_iterations = mac.small_integer("iterations");
}

void read_safe_contents(std::span<const std::uint8_t> der_bytes, Pkcs12Params& p) {
  der::Reader top(der_bytes);
  der::Reader contents = top.enter(der::kSequence, "SafeContents");
  while (!contents.empty()) {
    der::Reader bag = contents.enter(der::kSequence, "SafeBag");
    const std::string type = bag.oid("bagId");
    der::Reader value = bag.enter(der::context(0), "bagValue");
    if (type == kOidShroudedKeyBag) p.bags.push_back(read_pbes2(value.next().encoded));
  }
}

Pkcs12Params read_pkcs12(const Bytes& file) {
  Pkcs12Params p;
  der::Reader top(file);
  der::Reader pfx = top.enter(der::kSequence, "PFX");
  (void)pfx.small_integer("version");
  der::Reader content_info = pfx.enter(der::kSequence, "authSafe");
  if (content_info.oid("authSafe contentType") != kOidData) refuse("a PFX with public-key integrity");
  p.auth_safe = content_info.enter(der::context(0), "authSafe content").octet_string_view("authSafe data");
  read_mac_data(pfx, p);
  der::Reader auth_top(p.auth_safe);
  der::Reader safe = auth_top.enter(der::kSequence, "AuthenticatedSafe");
  while (!safe.empty()) {
    der::Reader info = safe.enter(der::kSequence, "ContentInfo");
    if (info.oid("contentType") != kOidData) refuse("encrypted safe contents (not measured here)");
    read_safe_contents(info.enter(der::context(0), "content").octet_string_view("SafeContents data"), p);
  }
  return p;
}

/// PKCS#12: the MAC key by RFC 7292 Appendix B.2 over the MAC's hash from the BMPString
/// password (pkcs12_pbe.cpp), then each shrouded key bag's PBKDF2 from its octets. The
/// check: the MAC of the AuthenticatedSafe under the derived key is the file's.
Kdf pkcs12_kdf(const Bytes& file, const char* password) {
  const auto p = std::make_shared<const Pkcs12Params>(read_pkcs12(file));
  const std::size_t mac_size = hash::make_hasher(p->mac_hash)->digest_size();
  std::string what = std::string("App. B ") + p->mac_hash + " x " + std::to_string(p->mac_iterations);
  for (const auto& bag : p->bags) what += " + PBKDF2-HMAC-GOST34.311 x " + std::to_string(bag.iterations);
  auto derive = [p, mac_size, password] {
    const SecureBytes pw = octets(password);
    const auto bmp = pkix::detail::bmp_string(pw);
    SecureBytes out = pkix::detail::pkcs12_kdf(p->mac_hash, 3, mac_size, p->mac_salt, *bmp, p->mac_iterations);
    for (const auto& bag : p->bags) append_pbkdf2(out, bag, pw);
    return out;
  };
  auto check = [p, mac_size](const SecureBytes& keys) {
    const auto mac = hash::Hmac::mac(p->mac_hash, std::span(keys.data(), mac_size), p->auth_safe);
    return std::equal(mac.begin(), mac.end(), p->mac_digest.begin(), p->mac_digest.end());
  };
  return {what, derive, check};
}

/// Big-endian fields of a JKS store, as jks.cpp reads them.
struct JksCursor {
  std::span<const std::uint8_t> data;
  std::size_t pos = 0;
  std::span<const std::uint8_t> take(std::size_t n) {
    if (n > data.size() - pos) refuse("a truncated JKS store");
    pos += n;
    return data.subspan(pos - n, n);
  }
  std::uint64_t number(std::size_t n) {
    std::uint64_t v = 0;
    for (std::uint8_t b : take(n)) v = (v << 8) | b;
    return v;
  }
};

/// A key entry's KeyProtector content (salt 20 || stream-enciphered key || check 20):
/// its salt, the first block's input, and how many octets the stream covers.
struct JksKey {
  Bytes salt;
  std::size_t length = 0;
};

std::vector<JksKey> jks_keys(const Bytes& file) {
  JksCursor c{file};
  if (c.number(4) != 0xfeedfeed || c.number(4) != 2) refuse("not a JKS store of version 2 (no M.E.Doc header here)");
  std::vector<JksKey> keys;
  for (std::uint64_t i = 0, n = c.number(4); i < n; ++i) {
    const auto tag = c.number(4);
    c.take(c.number(2));  // alias
    c.take(8);            // date
    if (tag == 1) {
      der::Reader top(c.take(c.number(4)));
      der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
      info.next();  // Sun's KeyProtector OID
      const auto data = info.octet_string_view("encryptedData");
      if (data.size() <= 40) refuse("a JKS key entry too short");
      keys.push_back({Bytes(data.begin(), data.begin() + 20), data.size() - 40});
    }
    for (std::uint64_t j = 0, m = tag == 1 ? c.number(4) : 1; j < m; ++j) {
      c.take(c.number(2));  // certificate type
      c.take(c.number(4));  // certificate
    }
  }
  return keys;
}

/// JKS (jks.cpp): the store's SHA-1 integrity digest over the store password as UTF-16BE,
/// "Mighty Aphrodite" and the body, then each key entry's KeyProtector stream, SHA-1 of
/// the key password and the previous block per 20 octets. The check: the store digest.
Kdf jks_kdf(const Bytes& file, const char* store_password, const char* key_password) {
  const std::vector<JksKey> keys = jks_keys(file);
  const std::span<const std::uint8_t> body(file.data(), file.size() - 20), digest(file.data() + body.size(), 20);
  std::string what = "SHA-1 store digest over " + std::to_string(body.size()) + " octets";
  for (const JksKey& k : keys) what += " + SHA-1 x " + std::to_string((k.length + 19) / 20);
  auto derive = [=] {
    const auto store16 = pkix::detail::utf16be(octets(store_password));
    const auto key16 = pkix::detail::utf16be(octets(key_password));
    auto h = hash::make_hasher("sha1", hash::Use::keyed);
    h->update(*store16);
    h->update(std::span(reinterpret_cast<const std::uint8_t*>("Mighty Aphrodite"), 16));
    h->update(body);
    SecureBytes out(20);
    h->final(out);
    for (const JksKey& k : keys) {
      SecureBytes d(k.salt.begin(), k.salt.end());
      for (std::size_t i = 0; i < k.length; i += 20) {
        h->update(*key16);
        h->update(d);
        h->final(d);
      }
      out.insert(out.end(), d.begin(), d.end());
    }
    return out;
  };
  auto check = [digest](const SecureBytes& out) { return std::equal(digest.begin(), digest.end(), out.begin()); };
  return {what, derive, check};
}

/// A fixture of test-vectors/pki/containers with the passwords its README gives.
struct Fixture {
  const char* file;
  const char* password;
  const char* key_password;  ///< JKS's key entries' ("" elsewhere)
};

constexpr Fixture kFixtures[] = {
    {"Key-6.dat", "tect4", ""},
    {"Key-6.pfx", "testplat2021", ""},
    {"key.jks", "123456", "qwerty"},
};

Bytes read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw dstu::Error(dstu::Errc::io, path + ": cannot be read");
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Kdf kdf_of(pkix::ContainerFormat format, const Bytes& file, const Fixture& f) {
  switch (format) {
    case pkix::ContainerFormat::key6:
    case pkix::ContainerFormat::key6_pbes2:
      return key6_kdf(file, f.password);
    case pkix::ContainerFormat::pkcs12:
      return pkcs12_kdf(file, f.password);
    case pkix::ContainerFormat::jks:
      return jks_kdf(file, f.password, f.key_password);
  }
  refuse("an unknown container format");
}

/// Milliseconds of one call of f on both clocks.
struct Times {
  double cpu_ms = 0, wall_ms = 0;
};

template <class F>
Times time_once(F&& f) {
  const auto c0 = dstu::perf::ThreadCpuClock::now();
  const auto w0 = std::chrono::steady_clock::now();
  f();
  const auto w1 = std::chrono::steady_clock::now();
  const auto c1 = dstu::perf::ThreadCpuClock::now();
  return {std::chrono::duration<double, std::milli>(c1 - c0).count(),
          std::chrono::duration<double, std::milli>(w1 - w0).count()};
}

/// One fixture's figures: open and KDF medians (ms) and their ratio, per clock.
struct Result {
  std::string file, format, kdf;
  std::size_t keys = 0;
  stats::Summary open_cpu, kdf_cpu, ratio_cpu, open_wall, kdf_wall, ratio_wall;
};

Result measure(const Fixture& f, const std::string& dir, int rounds) {
  const Bytes file = read_bytes(dir + "/" + f.file);
  const auto format = pkix::container_format(file);
  if (!format) refuse(std::string(f.file) + " is not a key container");
  const Kdf kdf = kdf_of(*format, file, f);
  if (!kdf.check(kdf.derive())) refuse(std::string(f.file) + ": the KDF measured is not the one that opens it");
  const auto password = octets(f.password), key_password = octets(f.key_password);
  const auto open = [&] { return pkix::read_container(file, password, key_password); };
  Result r;
  r.file = f.file;
  r.format = pkix::container_format_name(*format);
  r.kdf = kdf.what;
  r.keys = open().keys.size();
  std::vector<double> open_cpu, kdf_cpu, open_wall, kdf_wall;
  const auto time_open = [&] {
    const Times t = time_once([&] { dstu::perf::keep(open()); });
    open_cpu.push_back(t.cpu_ms);
    open_wall.push_back(t.wall_ms);
  };
  const auto time_kdf = [&] {
    const Times t = time_once([&] { dstu::perf::keep(kdf.derive()); });
    kdf_cpu.push_back(t.cpu_ms);
    kdf_wall.push_back(t.wall_ms);
  };
  for (int i = 0; i < rounds; ++i) {
    // Alternating which goes first spreads any drift of the clock over both.
    if (i % 2 == 0) {
      time_open();
      time_kdf();
    } else {
      time_kdf();
      time_open();
    }
  }
  r.open_cpu = stats::summarize(open_cpu), r.kdf_cpu = stats::summarize(kdf_cpu);
  r.open_wall = stats::summarize(open_wall), r.kdf_wall = stats::summarize(kdf_wall);
  r.ratio_cpu = stats::ratio(r.open_cpu, r.kdf_cpu), r.ratio_wall = stats::ratio(r.open_wall, r.kdf_wall);
  return r;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown";
}

void print_text(const std::string& cpu, int rounds, const std::vector<Result>& results) {
  std::printf("CPU: %s\n%d rounds; medians in ms (min..max), thread CPU time; wall-clock ratio after it\n\n", cpu.c_str(),
              rounds);
  for (const Result& r : results) {
    std::printf("%s (%s, %zu keys)\n  KDF: %s\n", r.file.c_str(), r.format.c_str(), r.keys, r.kdf.c_str());
    std::printf("  open %8.3f (%.3f..%.3f)  KDF %8.3f (%.3f..%.3f)  open/KDF %.3f (%.3f..%.3f)  wall %.3f\n",
                r.open_cpu.median, r.open_cpu.min, r.open_cpu.max, r.kdf_cpu.median, r.kdf_cpu.min, r.kdf_cpu.max,
                r.ratio_cpu.median, r.ratio_cpu.min, r.ratio_cpu.max, r.ratio_wall.median);
  }
}

std::string json_summary(const stats::Summary& s) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "{\"min\": %.4f, \"median\": %.4f, \"max\": %.4f}", s.min, s.median, s.max);
  return buf;
}

void print_json(const std::string& cpu, int rounds, const std::vector<Result>& results) {
  // The strings printed are the fixtures' names and /proc/cpuinfo's: nothing to escape.
  std::printf("{\"cpu\": \"%s\", \"rounds\": %d, \"unit\": \"ms\", \"fixtures\": [", cpu.c_str(), rounds);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const Result& r = results[i];
    std::printf("%s\n  {\"file\": \"%s\", \"format\": \"%s\", \"keys\": %zu, \"kdf\": \"%s\",", i ? "," : "",
                r.file.c_str(), r.format.c_str(), r.keys, r.kdf.c_str());
    std::printf("\n   \"thread_cpu\": {\"open\": %s, \"kdf\": %s, \"ratio\": %s},", json_summary(r.open_cpu).c_str(),
                json_summary(r.kdf_cpu).c_str(), json_summary(r.ratio_cpu).c_str());
    std::printf("\n   \"wall\": {\"open\": %s, \"kdf\": %s, \"ratio\": %s}}", json_summary(r.open_wall).c_str(),
                json_summary(r.kdf_wall).c_str(), json_summary(r.ratio_wall).c_str());
  }
  std::printf("\n]}\n");
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      json = true;
    } else if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc && std::atoi(argv[i + 1]) > 0) {
      rounds = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: container_open_cost [--rounds R] [--json]\n");
      return 2;
    }
  }
  try {
    std::vector<Result> results;
    for (const Fixture& f : kFixtures) results.push_back(measure(f, DSTU_CONTAINER_FIXTURES, rounds));
    (json ? print_json : print_text)(cpu_model(), rounds, results);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "container_open_cost: %s\n", e.what());
    return 1;
  }
  return 0;
}
