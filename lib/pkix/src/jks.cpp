// Sun's Java key store, JKS (container.hpp), as the JDK's sun.security.provider
// JavaKeyStore writes it (version 2), all numbers big-endian:
//
//   magic u32 FEEDFEED, version u32 2, count u32, count entries, SHA-1 digest (20)
//   entry: tag u32 (1 private key, 2 trusted certificate), alias (u16 length, octets),
//          date u64, then
//     1: key (u32 length, EncryptedPrivateKeyInfo), chain count u32, certificates
//     2: one certificate
//   certificate: type (u16 length, "X.509"; PrivatBank writes "X509"), u32 length, DER
//
// The digest is SHA-1 of the store password as UTF-16BE, "Mighty Aphrodite" and every
// octet before it. A key entry's EncryptedPrivateKeyInfo is sealed by Sun's KeyProtector
// (OID 1.3.6.1.4.1.42.2.17.1.1): salt (20) || key XOR stream || check (20), the stream
// of SHA-1 blocks d_1 = SHA-1(P || salt), d_i = SHA-1(P || d_{i-1}), the check SHA-1(P ||
// key), P the key password as UTF-16BE.
#include <algorithm>
#include <array>
#include <memory>

#include "container_internal.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/hash/hasher.hpp"

namespace dstu::pkix {
namespace {

constexpr ContainerFormat kFormat = ContainerFormat::jks;
constexpr std::uint32_t kMagic = 0xfeedfeed;
constexpr std::size_t kMedocHeader = 6;
constexpr std::size_t kSha1 = 20;
constexpr const char* kOidKeyProtector = "1.3.6.1.4.1.42.2.17.1.1";
constexpr char kWhitener[] = "Mighty Aphrodite";

[[noreturn]] void fail(ContainerFault fault, const std::string& what) { detail::container_fail(kFormat, fault, what); }

/// Reads the store's big-endian fields, each bounds-checked.
class Cursor {
 public:
  explicit Cursor(std::span<const std::uint8_t> data) : data_(data) {}
  std::size_t position() const { return pos_; }
  std::span<const std::uint8_t> take(std::size_t n, const char* what) {
    if (n > data_.size() - pos_) fail(ContainerFault::damaged, std::string("truncated in ") + what);
    const auto out = data_.subspan(pos_, n);
    pos_ += n;
    return out;
  }
  std::uint64_t number(std::size_t octets, const char* what) {
    std::uint64_t v = 0;
    for (std::uint8_t b : take(octets, what)) v = (v << 8) | b;
    return v;
  }
  std::span<const std::uint8_t> string(const char* what) { return take(number(2, what), what); }
  std::span<const std::uint8_t> block(const char* what) { return take(number(4, what), what); }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
};

struct KeyEntry {
  std::string alias;
  std::span<const std::uint8_t> sealed;  ///< the EncryptedPrivateKeyInfo
  std::vector<Bytes> chain;
};

struct Store {
  std::span<const std::uint8_t> body;    ///< everything the digest covers
  std::span<const std::uint8_t> digest;
  std::vector<KeyEntry> keys;
  std::vector<Bytes> certificates;       ///< every certificate, in the store's order
};

Bytes certificate(Cursor& c) {
  const auto type = c.string("certificate type");
  const std::string_view name(reinterpret_cast<const char*>(type.data()), type.size());
  if (name != "X.509" && name != "X509") {
    fail(ContainerFault::unsupported, "certificate of type " + std::string(type.begin(), type.end()));
  }
  const auto der_bytes = c.block("certificate");
  return Bytes(der_bytes.begin(), der_bytes.end());
}

Store parse(std::span<const std::uint8_t> bytes) {
  Store s;
  Cursor c(bytes);
  if (c.number(4, "magic") != kMagic) fail(ContainerFault::damaged, "no JKS magic");
  const auto version = c.number(4, "version");
  if (version != 2) fail(ContainerFault::unsupported, "version " + std::to_string(version));
  const auto count = c.number(4, "entry count");
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto tag = c.number(4, "entry tag");
    const auto alias = c.string("alias");
    c.take(8, "date");
    if (tag == 1) {
      KeyEntry k;
      k.alias.assign(alias.begin(), alias.end());
      k.sealed = c.block("key");
      const auto n = c.number(4, "chain length");
      for (std::uint64_t j = 0; j < n; ++j) k.chain.push_back(certificate(c));
      s.certificates.insert(s.certificates.end(), k.chain.begin(), k.chain.end());
      s.keys.push_back(std::move(k));
    } else if (tag == 2) {
      s.certificates.push_back(certificate(c));
    } else {
      fail(ContainerFault::damaged, "entry of unknown tag " + std::to_string(tag));
    }
  }
  s.body = bytes.first(c.position());
  s.digest = c.take(kSha1, "digest");
  if (c.position() != bytes.size()) fail(ContainerFault::damaged, "data after the digest");
  return s;
}

std::unique_ptr<hash::Hasher> sha1() { return hash::make_hasher("sha1", hash::Use::keyed); }

bool store_digest_matches(const Store& s, std::span<const std::uint8_t> password16) {
  auto h = sha1();
  h->update(password16);
  h->update(std::span(reinterpret_cast<const std::uint8_t*>(kWhitener), sizeof kWhitener - 1));
  h->update(s.body);
  std::array<std::uint8_t, kSha1> d{};
  h->final(d);
  return detail::check_equal(d.data(), s.digest.data(), kSha1);
}

/// The KeyProtector's content of a key entry: salt || encrypted || check.
std::span<const std::uint8_t> protected_key(const KeyEntry& k) {
  der::Reader top(k.sealed);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  top.finish("EncryptedPrivateKeyInfo");
  der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  const std::string oid = alg.oid("encryptionAlgorithm");
  if (oid != kOidKeyProtector) fail(ContainerFault::unsupported, "key entry '" + k.alias + "' encrypted by " + oid);
  const auto data = info.octet_string_view("encryptedData");
  info.finish("EncryptedPrivateKeyInfo");
  if (data.size() <= 2 * kSha1) fail(ContainerFault::damaged, "key entry '" + k.alias + "' too short");
  return data;
}

/// The PrivateKeyInfo under the KeyProtector; nullopt when its check fails.
std::optional<SecureBytes> unprotect(std::span<const std::uint8_t> data, std::span<const std::uint8_t> password16) {
  const auto salt = data.first(kSha1);
  const auto enc = data.subspan(kSha1, data.size() - 2 * kSha1);
  const auto check = data.last(kSha1);
  auto h = sha1();
  SecureBytes plain(enc.size());
  SecureBytes d(salt.begin(), salt.end());
  for (std::size_t i = 0; i < enc.size(); ++i) {
    if (i % kSha1 == 0) {
      h->update(password16);
      h->update(d);
      h->final(d);
    }
    plain[i] = enc[i] ^ d[i % kSha1];
  }
  h->update(password16);
  h->update(plain);
  h->final(d);
  if (!detail::check_equal(d.data(), check.data(), kSha1)) return std::nullopt;
  // PrivatBank's stores pad the PrivateKeyInfo with zero octets, which the check covers
  // (the framing is public, as in encrypted_key.cpp).
  ct::unpoison(plain.data(), plain.size());
  try {
    der::Reader r(plain);
    const std::size_t length = r.next().encoded.size();
    const auto padding = std::span<const std::uint8_t>(plain).subspan(length);
    if (std::any_of(padding.begin(), padding.end(), [](std::uint8_t b) { return b != 0; })) {
      fail(ContainerFault::damaged, "data after the private key");
    }
    plain.resize(length);
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    fail(ContainerFault::damaged, e.what());
  }
  return plain;
}

Container read(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> store_password,
               std::span<const std::uint8_t> key_password) {
  const Store s = parse(bytes);
  const auto store16 = detail::utf16be(store_password);
  const auto key16 = detail::utf16be(key_password);
  if (!store16 || !key16) fail(ContainerFault::wrong_password, "the password is not UTF-8");
  if (!store_digest_matches(s, *store16)) {
    // The digest cannot tell a wrong store password from a changed store, and nothing
    // else can: key entries that open under the key password say nothing of the store's,
    // which may differ from it even when the caller gave one password for both.
    const bool keys_open = !s.keys.empty() && std::all_of(s.keys.begin(), s.keys.end(), [&](const KeyEntry& k) {
      return unprotect(protected_key(k), *key16).has_value();
    });
    fail(ContainerFault::wrong_password,
         keys_open ? "wrong store password, or the store is damaged (its integrity check fails; its keys open)"
                   : "wrong store password, or the store is damaged (its integrity check fails)");
  }
  Container c;
  c.format = kFormat;
  for (const KeyEntry& k : s.keys) {
    // The digest passed, so the entry is as written: a failed check is the key password.
    const auto plain = unprotect(protected_key(k), *key16);
    if (!plain) fail(ContainerFault::wrong_password, "wrong key password for entry '" + k.alias + "'");
    detail::add_iit_keys(c, *plain, {}, k.alias, k.chain);
  }
  c.certificates = s.certificates;
  return c;
}

}  // namespace

Container read_jks(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> store_password,
                   std::span<const std::uint8_t> key_password) {
  const auto magic_at = [&](std::size_t at) {
    return bytes.size() >= at + 4 && bytes[at] == 0xfe && bytes[at + 1] == 0xed && bytes[at + 2] == 0xfe &&
           bytes[at + 3] == 0xed;
  };
  if (!magic_at(0) && magic_at(kMedocHeader)) bytes = bytes.subspan(kMedocHeader);  // M.E.Doc's header
  try {
    return read(bytes, store_password, key_password);
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    fail(e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
}

}  // namespace dstu::pkix
