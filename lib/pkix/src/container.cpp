// One entry point over the key containers (container.hpp): the format from the
// structure, the errors, and the password's encodings the formats take.
#include <algorithm>

#include "container_internal.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidIitStore = "1.3.6.1.4.1.19398.1.1.1.2";
constexpr std::uint8_t kJksMagic[4] = {0xfe, 0xed, 0xfe, 0xed};
/// M.E.Doc writes its key stores behind a header of this many octets.
constexpr std::size_t kMedocHeader = 6;

std::string message(ContainerFormat format, ContainerFault fault, const std::string& what) {
  std::string m = std::string(container_format_name(format)) + ": ";
  switch (fault) {
    case ContainerFault::wrong_password:
      break;
    case ContainerFault::damaged:
      m += "damaged: ";
      break;
    case ContainerFault::unsupported:
      m += "unsupported: ";
      break;
  }
  return m + what;
}

bool starts_with_jks_magic(std::span<const std::uint8_t> b) {
  return b.size() >= 4 && std::equal(b.begin(), b.begin() + 4, kJksMagic);
}

/// Whether the DER SEQUENCE's first element is a SEQUENCE naming the IIT store OID, and
/// whether it is a PFX (INTEGER 3, then a ContentInfo).
std::optional<ContainerFormat> der_format(std::span<const std::uint8_t> bytes) {
  try {
    der::Reader top(bytes);
    der::Reader seq = top.enter(der::kSequence, "container");
    if (seq.peek() == der::kInteger) {
      if (seq.small_integer("version") != 3 || seq.peek() != der::kSequence) return std::nullopt;
      return ContainerFormat::pkcs12;
    }
    der::Reader first = seq.enter(der::kSequence, "header");
    if (first.oid("type") == kOidIitStore) return ContainerFormat::key6;
  } catch (const Error&) {
  }
  if (is_encrypted_private_key(bytes)) return ContainerFormat::key6_pbes2;
  return std::nullopt;
}

/// One code point of UTF-8 from `s` at `i` (advanced); nullopt if malformed.
std::optional<std::uint32_t> next_code_point(std::span<const std::uint8_t> s, std::size_t& i) {
  const std::uint8_t b = s[i++];
  if (b < 0x80) return b;
  int more = b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
  if (more < 0 || b >= 0xf8) return std::nullopt;
  std::uint32_t cp = b & (0x3f >> more);
  for (int k = 0; k < more; ++k) {
    if (i >= s.size() || (s[i] & 0xc0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (s[i++] & 0x3f);
  }
  static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
  if (cp < kMin[more] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return std::nullopt;
  return cp;
}

/// Windows-1251 of a code point, 0 when the code page lacks it (ASCII and the Cyrillic
/// letters Ukrainian and Russian passwords use).
std::uint8_t to_cp1251(std::uint32_t cp) {
  if (cp < 0x80) return static_cast<std::uint8_t>(cp);
  if (cp >= 0x410 && cp <= 0x44f) return static_cast<std::uint8_t>(cp - 0x410 + 0xc0);
  switch (cp) {
    case 0x401: return 0xa8;  // Ё
    case 0x451: return 0xb8;  // ё
    case 0x404: return 0xaa;  // Є
    case 0x454: return 0xba;  // є
    case 0x406: return 0xb2;  // І
    case 0x456: return 0xb3;  // і
    case 0x407: return 0xaf;  // Ї
    case 0x457: return 0xbf;  // ї
    case 0x490: return 0xa5;  // Ґ
    case 0x491: return 0xb4;  // ґ
    default: return 0;
  }
}

}  // namespace

ContainerError::ContainerError(ContainerFormat format, ContainerFault fault, const std::string& what)
    : Error(fault == ContainerFault::unsupported ? Errc::unsupported : Errc::invalid_input,
            message(format, fault, what)),
      format_(format),
      fault_(fault) {}

std::string_view container_format_name(ContainerFormat format) {
  switch (format) {
    case ContainerFormat::key6: return "Key-6.dat";
    case ContainerFormat::key6_pbes2: return "Key-6.dat (PBES2)";
    case ContainerFormat::pkcs12: return "PKCS#12";
    case ContainerFormat::jks: return "JKS";
  }
  return "container";
}

std::optional<ContainerFormat> container_format(std::span<const std::uint8_t> bytes) {
  if (starts_with_jks_magic(bytes)) return ContainerFormat::jks;
  if (const auto der_kind = der_format(bytes)) return der_kind;
  // M.E.Doc's header says nothing of itself: only the magic after it does, and only
  // where the file is not a DER structure that the others recognise.
  if (bytes.size() > kMedocHeader && starts_with_jks_magic(bytes.subspan(kMedocHeader))) return ContainerFormat::jks;
  return std::nullopt;
}

Container read_container(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password,
                         std::span<const std::uint8_t> key_password) {
  const auto format = container_format(bytes);
  if (!format) throw_invalid("not a key container (neither Key-6.dat, PKCS#12 nor JKS)");
  switch (*format) {
    case ContainerFormat::key6:
    case ContainerFormat::key6_pbes2:
      return read_key6(bytes, password);
    case ContainerFormat::pkcs12:
      return read_pkcs12(bytes, password);
    case ContainerFormat::jks:
      return read_jks(bytes, password, key_password.empty() ? password : key_password);
  }
  throw_invalid("not a key container");
}

namespace detail {

void container_fail(ContainerFormat format, ContainerFault fault, const std::string& what) {
  throw ContainerError(format, fault, what);
}

bool check_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  bool same = ct::bytes_equal(a, b, n);
  ct::unpoison(&same, sizeof same);
  return same;
}

void add_iit_keys(Container& c, std::span<const std::uint8_t> private_key_info, const Bytes& local_key_id,
                  const std::string& alias, const std::vector<Bytes>& chain) {
  std::vector<AnyPrivateKey> keys;
  try {
    mark_iit_secrets(private_key_info);
    keys = iit_private_keys(private_key_info);
  } catch (const Error& e) {
    // The password was right (each reader checks it first): the key itself is wrong.
    container_fail(c.format, e.code() == Errc::unsupported ? ContainerFault::unsupported : ContainerFault::damaged,
                   e.what());
  }
  for (auto& key : keys) {
    AnyPublicKey pub = public_key(key);
    c.keys.push_back({std::move(key), std::move(pub), local_key_id, alias, chain});
  }
}

std::optional<SecureBytes> utf16be(std::span<const std::uint8_t> utf8) {
  SecureBytes out;
  out.reserve(2 * utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    auto cp = next_code_point(utf8, i);
    if (!cp) return std::nullopt;
    if (*cp >= 0x10000) {
      const std::uint32_t v = *cp - 0x10000;
      const std::uint32_t hi = 0xd800 | (v >> 10), lo = 0xdc00 | (v & 0x3ff);
      out.insert(out.end(), {static_cast<std::uint8_t>(hi >> 8), static_cast<std::uint8_t>(hi),
                             static_cast<std::uint8_t>(lo >> 8), static_cast<std::uint8_t>(lo)});
    } else {
      out.insert(out.end(), {static_cast<std::uint8_t>(*cp >> 8), static_cast<std::uint8_t>(*cp)});
    }
  }
  return out;
}

std::optional<SecureBytes> cp1251(std::span<const std::uint8_t> utf8) {
  SecureBytes out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    auto cp = next_code_point(utf8, i);
    if (!cp) return std::nullopt;
    const std::uint8_t c = to_cp1251(*cp);
    if (c == 0 && *cp != 0) return std::nullopt;
    out.push_back(c);
  }
  return out;
}

}  // namespace detail
}  // namespace dstu::pkix
