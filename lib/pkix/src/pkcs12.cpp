// PKCS#12 (RFC 7292) as IIT-style tools and OpenSSL write it (container.hpp): the PFX, its
// safe contents and bags, the MAC; the key derivation of RFC 7292 Appendix B and its TDES
// PBE are pkcs12_pbe.cpp's, PBES2 (GOST 28147 CFB or AES-CBC) pbes2.cpp's.
#include <algorithm>
#include <memory>

#include "container_internal.hpp"
#include "hash_oids.hpp"
#include "pbes2.hpp"
#include "pkcs12_pbe.hpp"
#include "dstu/base/der.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_info.hpp"

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
/// The SafeBag nesting read (a safeContentsBag holds SafeContents).
constexpr int kMaxDepth = 4;

[[noreturn]] void fail(ContainerFault fault, const std::string& what) { detail::container_fail(kFormat, fault, what); }

using detail::kOidPbes2;
using detail::Pbes2Params;
using detail::bmp_string;
using detail::bmp_string_cp1251;
using detail::pbe_decrypt;
using detail::pkcs12_kdf;
using detail::PkcsPbe;
using detail::read_pkcs_pbe;

/// The MAC's hash by the DigestInfo's OID (make_hasher's name); nullptr if unknown or not
/// one the PKCS#12 writers use (IIT's GOST 34.311, OpenSSL's SHA-1 and SHA-2).
const char* mac_hash_name(const std::string& oid) {
  static constexpr std::string_view kMacHashes[] = {"gost34311", "sha1", "sha256", "sha384", "sha512"};
  const char* name = detail::digest_name_by_oid(oid);
  return name != nullptr && std::ranges::find(kMacHashes, name) != std::end(kMacHashes) ? name : nullptr;
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
  if (type != kOidData) {
    fail(ContainerFault::unsupported, "authSafe of content type " + type + " (public-key integrity)");
  }
  der::Reader content = content_info.enter(der::context(0), "authSafe content");
  content_info.finish("authSafe");
  p.auth_safe = content.octet_string_view("authSafe data");
  content.finish("authSafe content");
  if (!pfx.empty()) p.mac = read_mac_data(pfx);
  pfx.finish("PFX");
  return p;
}

bool mac_matches(const MacData& m, std::span<const std::uint8_t> auth_safe, std::span<const std::uint8_t> bmp) {
  const SecureBytes key = pkcs12_kdf(m.hash, 3, hash::make_hasher(m.hash)->digest_size(), m.salt, bmp, m.iterations);
  const SecureBytes mac = hash::Hmac::mac(m.hash, key, auth_safe);
  return mac.size() == m.digest.size() && detail::check_equal(mac.data(), m.digest.data(), mac.size());
}

/// Data under a password-based encryption: a shrouded key bag's PrivateKeyInfo, or safe
/// contents (an EncryptedData ContentInfo), opened once the password is known. The PBE is
/// PBES2 (RFC 8018 §6.2; pbes2.hpp) or TDES (RFC 7292 Appendix C).
struct Sealed {
  std::optional<PkcsPbe> tdes;
  std::optional<Pbes2Params> pbes2;
  std::span<const std::uint8_t> data;

  std::uint64_t iterations() const { return tdes ? tdes->iterations : pbes2->iterations; }
};

/// The PBE of an AlgorithmIdentifier and the data under it; ContainerError(unsupported)
/// naming any other algorithm (`what` says what it protects), Error for malformed
/// parameters.
Sealed read_sealed(const der::Reader& alg, std::span<const std::uint8_t> data, const char* what) {
  Sealed s;
  s.data = data;
  der::Reader probe = alg;
  if (probe.oid("encryptionAlgorithm") == kOidPbes2) {
    s.pbes2 = detail::read_pbes2_params(probe);
  } else {
    s.tdes = read_pkcs_pbe(alg, what);
  }
  return s;
}

/// The bags of the AuthenticatedSafe, read in order.
struct Bags {
  std::vector<std::pair<Sealed, Bytes>> shrouded;                      ///< the key under its PBE, localKeyID
  std::vector<std::pair<std::span<const std::uint8_t>, Bytes>> plain;  ///< PrivateKeyInfo, localKeyID
  std::vector<Bytes> certificates;
  std::vector<Sealed> encrypted;
};

/// An EncryptedPrivateKeyInfo's PBE and encryptedData.
Sealed read_shrouded(std::span<const std::uint8_t> epki) {
  der::Reader top(epki);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  top.finish("EncryptedPrivateKeyInfo");
  const der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  const auto data = info.octet_string_view("encryptedData");
  info.finish("EncryptedPrivateKeyInfo");
  return read_sealed(alg, data, "key bag");
}

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
      bags.shrouded.emplace_back(read_shrouded(e.encoded), id);
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

/// EncryptedData ::= SEQUENCE { version INTEGER, EncryptedContentInfo ::= SEQUENCE {
///   contentType OID (data), contentEncryptionAlgorithm, encryptedContent [0] IMPLICIT } }
/// (RFC 5652 §8) inside the ContentInfo's [0].
Sealed read_encrypted_data(der::Reader& info) {
  der::Reader content = info.enter(der::context(0), "content");
  info.finish("ContentInfo");
  der::Reader data = content.enter(der::kSequence, "EncryptedData");
  content.finish("content");
  (void)data.small_integer("EncryptedData version");
  der::Reader eci = data.enter(der::kSequence, "EncryptedContentInfo");
  data.finish("EncryptedData");
  if (eci.oid("contentType") != kOidData) fail(ContainerFault::unsupported, "encrypted safe contents of another type");
  const der::Reader alg = eci.enter(der::kSequence, "contentEncryptionAlgorithm");
  const auto encrypted = eci.expect(0x80, "encryptedContent").content;
  eci.finish("EncryptedContentInfo");
  return read_sealed(alg, encrypted, "safe contents");
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
      bags.encrypted.push_back(read_encrypted_data(info));
      continue;
    }
    if (type != kOidData) fail(ContainerFault::unsupported, "safe contents of content type " + type);
    der::Reader content = info.enter(der::context(0), "content");
    info.finish("ContentInfo");
    read_safe_contents(content.octet_string_view("SafeContents data"), bags, 0);
    content.finish("content");
  }
  return bags;
}

/// The password in the two forms the key bags take: its octets (PBES2's PBKDF2) and the
/// BMPString (the PKCS#12 PBEs of RFC 7292 Appendix C).
struct Passwords {
  SecureBytes octets;
  SecureBytes bmp;
};

/// The decryption of sealed data under `pw` (PBES2 takes the password's octets, the PBEs
/// of Appendix C its BMPString); nullopt when it is not one (a wrong password, or changed
/// data). PBES2's GOST 28147 CFB has no padding: the caller checks the framing.
std::optional<SecureBytes> unseal(const Sealed& s, const Passwords& pw) {
  if (s.pbes2) return detail::pbes2_decrypt(*s.pbes2, s.data, pw.octets);
  return pbe_decrypt(*s.tdes, s.data, pw.bmp);
}

/// The PrivateKeyInfo of a shrouded key bag under `pw`, its framing checked; nullopt when
/// the decryption is not one (a wrong password, or a changed bag).
std::optional<SecureBytes> decrypt_bag(const Sealed& bag, const Passwords& pw) {
  std::optional<SecureBytes> plain = unseal(bag, pw);
  if (plain && !is_private_key_info(*plain)) return std::nullopt;
  return plain;
}

/// Safe contents under `pw`, framed as one SEQUENCE; nullopt when the decryption is not
/// (a wrong password, or changed data).
std::optional<SecureBytes> decrypt_safe(const Sealed& safe, const Passwords& pw) {
  std::optional<SecureBytes> plain = unseal(safe, pw);
  if (!plain) return plain;
  try {
    der::Reader top(*plain);
    (void)top.enter(der::kSequence, "SafeContents");
    top.finish("SafeContents");
  } catch (const Error&) {
    return std::nullopt;
  }
  return plain;
}

/// Whether the bag decrypts under `pw` (never throws: a bag that cannot say is no
/// evidence of the password).
bool opens(const Sealed& bag, const Passwords& pw) {
  try {
    return decrypt_bag(bag, pw).has_value();
  } catch (const Error&) {
    return false;
  }
}

/// The PrivateKeyInfo of a shrouded key bag. `mac_passed`: the password is known to be
/// right, and a bag that does not open is damaged; without a MAC, a bag that does not
/// open says the password is wrong.
SecureBytes open_shrouded(const Sealed& bag, const Passwords& pw, bool mac_passed) {
  std::optional<SecureBytes> plain = decrypt_bag(bag, pw);
  if (!plain) {
    fail(mac_passed ? ContainerFault::damaged : ContainerFault::wrong_password,
         mac_passed ? "a key bag does not decrypt under the password the MAC accepts" : "wrong password");
  }
  return std::move(*plain);
}

Container read(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password) {
  const Pfx pfx = read_pfx(bytes);
  Bags bags = read_auth_safe(pfx.auth_safe);
  // A bag this library cannot open was said as its PBE was read, before any password.
  // The key bags' password: as given, or its Windows-1251 form when only that form
  // passes the MAC.
  auto bmp = bmp_string(password);
  if (!bmp) fail(ContainerFault::wrong_password, "the password is not UTF-8");
  Passwords pw{SecureBytes(password.begin(), password.end()), std::move(*bmp)};
  if (pfx.mac) {
    bool ok = mac_matches(*pfx.mac, pfx.auth_safe, pw.bmp);
    if (!ok) {
      if (auto alt = bmp_string_cp1251(password); alt && mac_matches(*pfx.mac, pfx.auth_safe, *alt)) {
        ok = true;
        pw = {*detail::cp1251(password), std::move(*alt)};
      }
    }
    if (!ok) {
      // The MAC cannot tell a wrong password from a changed file; a key bag that opens
      // under the password can: then the password is right and the file was changed.
      const bool right = std::any_of(bags.shrouded.begin(), bags.shrouded.end(),
                                     [&](const auto& bag) { return opens(bag.first, pw); });
      if (right) {
        fail(ContainerFault::damaged,
             "MAC mismatch, though a key bag opens under the password (or the MAC has a password of its own)");
      }
      fail(ContainerFault::wrong_password, "wrong password (MAC mismatch)");
    }
  }
  // Safe contents under a PBE, opened now that the password is known (or, without a
  // MAC, is to be found out): their bags join the others.
  std::vector<SecureBytes> opened;
  opened.reserve(bags.encrypted.size());
  for (const Sealed& e : bags.encrypted) {
    std::optional<SecureBytes> plain = decrypt_safe(e, pw);
    if (!plain) {
      fail(pfx.mac ? ContainerFault::damaged : ContainerFault::wrong_password,
           pfx.mac ? "encrypted safe contents do not decrypt under the password the MAC accepts" : "wrong password");
    }
    opened.push_back(std::move(*plain));
    read_safe_contents(opened.back(), bags, 0);
  }
  Container c;
  c.format = kFormat;
  for (const auto& [bag, id] : bags.shrouded) {
    const SecureBytes plain = open_shrouded(bag, pw, pfx.mac.has_value());
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
    for (const auto& bag : bags.shrouded) most = std::max(most, bag.first.iterations());
    for (const auto& e : bags.encrypted) most = std::max(most, e.iterations());
    return most;
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    fail(e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
}

}  // namespace detail

}  // namespace dstu::pkix
