// PKCS#12 (RFC 7292) as IIT-style tools write it (container.hpp).
#include <algorithm>
#include <memory>

#include "container_internal.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/der.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/encrypted_key.hpp"

namespace dstu::pkix {
namespace {

constexpr ContainerFormat kFormat = ContainerFormat::pkcs12;
constexpr const char* kOidData = "1.2.840.113549.1.7.1";
constexpr const char* kOidEncryptedData = "1.2.840.113549.1.7.6";
constexpr const char* kOidKeyBag = "1.2.840.113549.1.12.10.1.1";
constexpr const char* kOidShroudedKeyBag = "1.2.840.113549.1.12.10.1.2";
constexpr const char* kOidCertBag = "1.2.840.113549.1.12.10.1.3";
constexpr const char* kOidSafeContentsBag = "1.2.840.113549.1.12.10.1.6";
constexpr const char* kOidX509Certificate = "1.2.840.113549.1.9.22.1";
constexpr const char* kOidLocalKeyId = "1.2.840.113549.1.9.21";
constexpr const char* kOidPbes2 = "1.2.840.113549.1.5.13";
/// The SafeBag nesting read (a safeContentsBag holds SafeContents).
constexpr int kMaxDepth = 4;

[[noreturn]] void fail(ContainerFault fault, const std::string& what) { detail::container_fail(kFormat, fault, what); }

/// The MAC's hash by the DigestInfo's OID (make_hasher's name); nullptr if unknown.
const char* mac_hash_name(const std::string& oid) {
  if (oid == "1.2.804.2.1.1.1.1.2.1") return "gost34311";
  if (oid == "1.3.14.3.2.26") return "sha1";
  if (oid == "2.16.840.1.101.3.4.2.1") return "sha256";
  if (oid == "2.16.840.1.101.3.4.2.2") return "sha384";
  if (oid == "2.16.840.1.101.3.4.2.3") return "sha512";
  return nullptr;
}

struct MacData {
  const char* hash = nullptr;
  std::span<const std::uint8_t> digest;
  std::span<const std::uint8_t> salt;
  std::uint64_t iterations = 1;
};

/// Everything a PFX holds before decryption: views into the file.
struct Pfx {
  std::span<const std::uint8_t> auth_safe;  ///< the AuthenticatedSafe's DER (what the MAC covers)
  std::optional<MacData> mac;
};

MacData read_mac_data(der::Reader& r) {
  MacData m;
  der::Reader mac = r.enter(der::kSequence, "MacData");
  der::Reader digest_info = mac.enter(der::kSequence, "DigestInfo");
  der::Reader alg = digest_info.enter(der::kSequence, "digestAlgorithm");
  const std::string oid = alg.oid("digestAlgorithm");
  if (!alg.empty()) alg.expect(der::kNull, "digestAlgorithm parameters");
  alg.finish("digestAlgorithm");
  m.digest = digest_info.octet_string_view("digest");
  digest_info.finish("DigestInfo");
  m.salt = mac.octet_string_view("macSalt");
  if (!mac.empty()) m.iterations = mac.small_integer("iterations");
  mac.finish("MacData");
  m.hash = mac_hash_name(oid);
  if (!m.hash) fail(ContainerFault::unsupported, "MAC with the hash " + oid);
  if (m.iterations == 0 || m.iterations > kMaxPbkdf2Iterations) {
    fail(ContainerFault::unsupported, "MAC iteration count " + std::to_string(m.iterations));
  }
  return m;
}

Pfx read_pfx(std::span<const std::uint8_t> bytes) {
  Pfx p;
  der::Reader top(bytes);
  der::Reader pfx = top.enter(der::kSequence, "PFX");
  top.finish("PFX");
  if (pfx.small_integer("version") != 3) fail(ContainerFault::unsupported, "PFX version other than 3");
  der::Reader content_info = pfx.enter(der::kSequence, "authSafe");
  const std::string type = content_info.oid("authSafe contentType");
  if (type != kOidData) fail(ContainerFault::unsupported, "authSafe of content type " + type + " (public-key integrity)");
  der::Reader content = content_info.enter(der::context(0), "authSafe content");
  content_info.finish("authSafe");
  p.auth_safe = content.octet_string_view("authSafe data");
  content.finish("authSafe content");
  if (!pfx.empty()) p.mac = read_mac_data(pfx);
  pfx.finish("PFX");
  return p;
}

/// The MAC key of RFC 7292 Appendix B.2 (ID 3, n = the hash's digest size, so one
/// block A_1 suffices): H^c(D || S || P) with D, S and P each filled to multiples of
/// the hash's block size v.
SecureBytes mac_key(const MacData& m, std::span<const std::uint8_t> bmp_password) {
  const std::unique_ptr<hash::Hasher> h = hash::make_hasher(m.hash, hash::Use::keyed);
  const std::size_t v = h->block_size();
  const auto fill = [v](std::span<const std::uint8_t> s) {
    SecureBytes out(s.empty() ? 0 : (s.size() + v - 1) / v * v);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = s[i % s.size()];
    return out;
  };
  const SecureBytes d(v, 3);
  h->update(d);
  h->update(fill(m.salt));
  h->update(fill(bmp_password));
  SecureBytes a(h->digest_size());
  h->final(a);
  for (std::uint64_t i = 1; i < m.iterations; ++i) {
    h->update(a);
    h->final(a);
  }
  return a;
}

bool mac_matches(const MacData& m, std::span<const std::uint8_t> auth_safe, std::span<const std::uint8_t> bmp) {
  const SecureBytes key = mac_key(m, bmp);
  const SecureBytes mac = hash::Hmac::mac(m.hash, key, auth_safe);
  return mac.size() == m.digest.size() && ct::bytes_equal(mac.data(), m.digest.data(), mac.size());
}

/// The password as a BMPString with its terminating zero (RFC 7292 Appendix B.1).
std::optional<SecureBytes> bmp_string(std::span<const std::uint8_t> password) {
  auto units = detail::utf16be(password);
  if (units) units->insert(units->end(), {0, 0});
  return units;
}

/// The same of the password's Windows-1251 octets, each widened to a 16-bit unit: how
/// software that takes the password in the ANSI code page forms it (UAPKI tries it
/// when the first fails). nullopt when it would be the first form again (ASCII).
std::optional<SecureBytes> bmp_string_cp1251(std::span<const std::uint8_t> password) {
  const auto ansi = detail::cp1251(password);
  if (!ansi || std::all_of(ansi->begin(), ansi->end(), [](std::uint8_t c) { return c < 0x80; })) return std::nullopt;
  SecureBytes out;
  for (std::uint8_t c : *ansi) out.insert(out.end(), {0, c});
  out.insert(out.end(), {0, 0});
  return out;
}

/// The bags of the AuthenticatedSafe, read in order.
struct Bags {
  std::vector<std::pair<std::span<const std::uint8_t>, Bytes>> shrouded;  ///< EncryptedPrivateKeyInfo, localKeyID
  std::vector<std::pair<std::span<const std::uint8_t>, Bytes>> plain;     ///< PrivateKeyInfo, localKeyID
  std::vector<Bytes> certificates;
};

Bytes local_key_id(der::Reader& bag) {
  Bytes id;
  if (bag.empty()) return id;
  der::Reader attrs = bag.enter(0x31, "bagAttributes");
  bag.finish("SafeBag");
  while (!attrs.empty()) {
    der::Reader attr = attrs.enter(der::kSequence, "attribute");
    const std::string oid = attr.oid("attribute type");
    der::Reader values = attr.enter(0x31, "attribute values");
    attr.finish("attribute");
    if (oid == kOidLocalKeyId) id = values.octet_string("localKeyID");
  }
  return id;
}

void read_safe_contents(std::span<const std::uint8_t> der_bytes, Bags& bags, int depth) {
  if (depth > kMaxDepth) fail(ContainerFault::damaged, "safe contents nested too deep");
  der::Reader top(der_bytes);
  der::Reader contents = top.enter(der::kSequence, "SafeContents");
  top.finish("SafeContents");
  while (!contents.empty()) {
    der::Reader bag = contents.enter(der::kSequence, "SafeBag");
    const std::string type = bag.oid("bagId");
    der::Reader value = bag.enter(der::context(0), "bagValue");
    const der::Element e = value.next();
    value.finish("bagValue");
    const Bytes id = local_key_id(bag);
    if (type == kOidShroudedKeyBag) {
      bags.shrouded.emplace_back(e.encoded, id);
    } else if (type == kOidKeyBag) {
      bags.plain.emplace_back(e.encoded, id);
    } else if (type == kOidCertBag) {
      der::Reader cert_bag(e.encoded);
      der::Reader cb = cert_bag.enter(der::kSequence, "CertBag");
      const std::string cert_type = cb.oid("certId");
      der::Reader cert = cb.enter(der::context(0), "certValue");
      if (cert_type == kOidX509Certificate) bags.certificates.push_back(cert.octet_string("certificate"));
    } else if (type == kOidSafeContentsBag) {
      read_safe_contents(e.encoded, bags, depth + 1);
    }
  }
}

Bags read_auth_safe(std::span<const std::uint8_t> auth_safe) {
  Bags bags;
  der::Reader top(auth_safe);
  der::Reader safe = top.enter(der::kSequence, "AuthenticatedSafe");
  top.finish("AuthenticatedSafe");
  while (!safe.empty()) {
    der::Reader info = safe.enter(der::kSequence, "ContentInfo");
    const std::string type = info.oid("contentType");
    if (type == kOidEncryptedData) {
      fail(ContainerFault::unsupported, "password-encrypted safe contents (EncryptedData)");
    }
    if (type != kOidData) fail(ContainerFault::unsupported, "safe contents of content type " + type);
    der::Reader content = info.enter(der::context(0), "content");
    info.finish("ContentInfo");
    read_safe_contents(content.octet_string_view("SafeContents data"), bags, 0);
    content.finish("content");
  }
  return bags;
}

/// Whether the EncryptedPrivateKeyInfo decrypts under `password` (its framing; CFB has
/// no check of its own).
bool opens(std::span<const std::uint8_t> epki, std::span<const std::uint8_t> password) {
  try {
    (void)decrypt_private_key_info(epki, password);
    return true;
  } catch (const Error&) {
    return false;
  }
}

/// Refuses a shrouded key bag under a PBE other than PBES2, naming it.
void check_pbe(std::span<const std::uint8_t> epki) {
  der::Reader top(epki);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  const std::string oid = alg.oid("encryptionAlgorithm");
  if (oid != kOidPbes2) fail(ContainerFault::unsupported, "key bag encrypted by " + oid);
}

/// The PrivateKeyInfo of a shrouded key bag. `mac_passed`: the password is known to be
/// right, and a bag that does not open is damaged; without a MAC, a bag whose parameters
/// read but whose decryption is not a PrivateKeyInfo says the password is wrong.
SecureBytes open_shrouded(std::span<const std::uint8_t> epki, std::span<const std::uint8_t> password,
                          bool mac_passed) {
  try {
    (void)pbes2_info(epki);
  } catch (const Error& e) {
    fail(e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
  try {
    return decrypt_private_key_info(epki, password);
  } catch (const Error& e) {
    fail(mac_passed ? ContainerFault::damaged : ContainerFault::wrong_password, e.what());
  }
}

Container read(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password) {
  const Pfx pfx = read_pfx(bytes);
  const Bags bags = read_auth_safe(pfx.auth_safe);
  // A bag this library cannot open is said before any password is tried.
  for (const auto& bag : bags.shrouded) check_pbe(bag.first);
  // The password of the key bags' PBES2: the octets as given, or their Windows-1251 form
  // when only that form passes the MAC.
  SecureBytes key_password(password.begin(), password.end());
  if (pfx.mac) {
    const auto bmp = bmp_string(password);
    if (!bmp) fail(ContainerFault::wrong_password, "the password is not UTF-8");
    bool ok = mac_matches(*pfx.mac, pfx.auth_safe, *bmp);
    if (!ok) {
      if (const auto alt = bmp_string_cp1251(password); alt && mac_matches(*pfx.mac, pfx.auth_safe, *alt)) {
        ok = true;
        key_password = *detail::cp1251(password);
      }
    }
    if (!ok) {
      // The MAC cannot tell a wrong password from a changed file; a key bag that opens
      // under the password can: then the password is right and the file was changed.
      const bool right = std::any_of(bags.shrouded.begin(), bags.shrouded.end(),
                                     [&](const auto& bag) { return opens(bag.first, password); });
      if (right) fail(ContainerFault::damaged, "MAC mismatch under the right password");
      fail(ContainerFault::wrong_password, "wrong password (MAC mismatch)");
    }
  }
  Container c;
  c.format = kFormat;
  for (const auto& [epki, id] : bags.shrouded) {
    const SecureBytes plain = open_shrouded(epki, key_password, pfx.mac.has_value());
    detail::add_iit_keys(c, plain, id);
  }
  for (const auto& [pki, id] : bags.plain) detail::add_iit_keys(c, pki, id);
  c.certificates = bags.certificates;
  return c;
}

}  // namespace

Container read_pkcs12(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password) {
  try {
    return read(bytes, password);
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    fail(e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
}

namespace detail {

std::uint64_t pkcs12_iterations(std::span<const std::uint8_t> bytes) {
  try {
    const Pfx pfx = read_pfx(bytes);
    const Bags bags = read_auth_safe(pfx.auth_safe);
    std::uint64_t most = pfx.mac ? pfx.mac->iterations : 0;
    for (const auto& bag : bags.shrouded) most = std::max(most, pbes2_info(bag.first).iterations);
    return most;
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    fail(e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
}

}  // namespace detail

}  // namespace dstu::pkix
