// IIT Key-6.dat, both forms (container.hpp).
#include <algorithm>
#include <array>

#include "container_internal.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidIitStore = "1.3.6.1.4.1.19398.1.1.1.2";
/// Hashes in the password's key derivation (the first of the password, the rest of the
/// digest before): what opens IIT's files (the test fixture from dstu-engine shows it).
constexpr int kKdfHashes = 10'000;

[[noreturn]] void damaged(const std::string& what) {
  detail::container_fail(ContainerFormat::key6, ContainerFault::damaged, what);
}

/// The parts of a legacy Key-6.dat: views into the file.
struct Key6 {
  std::span<const std::uint8_t> mac;
  std::span<const std::uint8_t> pad;
  std::span<const std::uint8_t> enc;
};

Key6 parse(std::span<const std::uint8_t> bytes) {
  Key6 k;
  try {
    der::Reader top(bytes);
    der::Reader store = top.enter(der::kSequence, "IIT store");
    top.finish("IIT store");
    der::Reader header = store.enter(der::kSequence, "header");
    if (header.oid("store type") != kOidIitStore) damaged("not an IIT key store");
    der::Reader params = header.enter(der::kSequence, "header parameters");
    header.finish("header");
    k.mac = params.octet_string_view("MAC");
    if (!params.empty()) k.pad = params.octet_string_view("padding");
    params.finish("header parameters");
    k.enc = store.octet_string_view("encrypted key");
    store.finish("IIT store");
  } catch (const ContainerError&) {
    throw;
  } catch (const Error& e) {
    damaged(e.what());
  }
  if (k.mac.size() != 4) damaged("MAC of " + std::to_string(k.mac.size()) + " octets (4 expected)");
  if (k.enc.empty() || (k.enc.size() + k.pad.size()) % 8 != 0) {
    damaged("encrypted key of " + std::to_string(k.enc.size() + k.pad.size()) + " octets (whole blocks expected)");
  }
  return k;
}

/// The GOST 28147 key of the password: H(password), then H of the digest, kKdfHashes
/// hashes of GOST 34.311 under DKE No.1, constant time (the password is secret).
std::array<std::uint8_t, 32> derive_key(std::span<const std::uint8_t> password) {
  hash::Gost34311Params params;
  params.impl = cipher::Gost28147Impl::constant_time;
  hash::Gost34311 h(params);
  std::array<std::uint8_t, 32> key{};
  h.update(password);
  h.final(key);
  for (int i = 1; i < kKdfHashes; ++i) {
    h.update(key);
    h.final(key);
  }
  return key;
}

/// The length of the PrivateKeyInfo at the start of `plain` (its outer SEQUENCE's tag and
/// length, public framing), or 0 if it does not start with one that fits.
std::size_t framed_length(std::span<const std::uint8_t> plain) {
  try {
    der::Reader r(plain);
    return r.next().encoded.size();
  } catch (const Error&) {
    return 0;
  }
}

/// The PrivateKeyInfo of the legacy form under the GOST 28147 key `kek`; nullopt when
/// it does not open it (a wrong password). ContainerError(damaged) for a file whose MAC
/// fails under the right key.
std::optional<SecureBytes> decrypt(const Key6& k, std::span<const std::uint8_t, 32> kek) {
  const cipher::Gost28147 gost(kek, cipher::SBox::dke1());
  SecureBytes plain(k.enc.size() + k.pad.size());
  std::copy(k.enc.begin(), k.enc.end(), plain.begin());
  std::copy(k.pad.begin(), k.pad.end(), plain.begin() + static_cast<std::ptrdiff_t>(k.enc.size()));
  gost.ecb_decrypt(plain, plain);
  // The framing is public (as in encrypted_key.cpp): ECB garbles only the blocks a
  // damaged file changes, so a decryption that frames a PrivateKeyInfo ending in its
  // last block (the rest is padding, dropped) came from the right password, and a MAC
  // that then fails is damage. A wrong password's decryption is a wrong key's garbage.
  ct::unpoison(plain.data(), plain.size());
  const std::size_t length = framed_length(plain);
  if (length == 0 || length > plain.size() || plain.size() - length >= 8) return std::nullopt;
  plain.resize(length);
  const auto mac = gost.mac(plain);
  if (!detail::check_equal(mac.data(), k.mac.data(), mac.size())) damaged("MAC mismatch under the right password");
  return plain;
}

std::optional<SecureBytes> decrypt_under_password(const Key6& k, std::span<const std::uint8_t> password) {
  std::array<std::uint8_t, 32> kek = derive_key(password);
  try {
    auto plain = decrypt(k, kek);
    secure_wipe(kek.data(), kek.size());
    return plain;
  } catch (...) {
    secure_wipe(kek.data(), kek.size());
    throw;
  }
}

Container keys_of(const SecureBytes& plain, ContainerFormat format) {
  Container c;
  c.format = format;
  detail::add_iit_keys(c, plain);
  return c;
}

/// read_key6 of the PBES2 form. Its parameters are read first, so that a failure of the
/// decryption itself can only be the password: PBES2 over CFB has no MAC, and a
/// decryption not framed as a PrivateKeyInfo is all that says it.
Container read_pbes2(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password) {
  constexpr ContainerFormat kPbes2 = ContainerFormat::key6_pbes2;
  try {
    (void)pbes2_info(bytes);
  } catch (const Error& e) {
    const bool unsupported = e.code() == Errc::unsupported;
    detail::container_fail(kPbes2, unsupported ? ContainerFault::unsupported : ContainerFault::damaged, e.what());
  }
  SecureBytes plain;
  try {
    plain = decrypt_private_key_info(bytes, password);
  } catch (const Error& e) {
    detail::container_fail(kPbes2, ContainerFault::wrong_password, e.what());
  }
  return keys_of(plain, kPbes2);
}

}  // namespace

Container read_key6(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password) {
  if (is_encrypted_private_key(bytes)) return read_pbes2(bytes, password);
  const Key6 k = parse(bytes);
  std::optional<SecureBytes> plain = decrypt_under_password(k, password);
  if (!plain) {
    // IIT's software on Windows takes the password in the ANSI code page.
    const auto ansi = detail::cp1251(password);
    if (ansi && !std::equal(ansi->begin(), ansi->end(), password.begin(), password.end())) {
      plain = decrypt_under_password(k, *ansi);
    }
  }
  if (!plain) detail::container_fail(ContainerFormat::key6, ContainerFault::wrong_password, "wrong password");
  return keys_of(*plain, ContainerFormat::key6);
}

namespace detail {

Container read_key6_under_key(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t, 32> kek) {
  const Key6 k = parse(bytes);
  const std::optional<SecureBytes> plain = decrypt(k, kek);
  if (!plain) container_fail(ContainerFormat::key6, ContainerFault::wrong_password, "wrong password");
  return keys_of(*plain, ContainerFormat::key6);
}

}  // namespace detail
}  // namespace dstu::pkix
