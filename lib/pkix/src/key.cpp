// Keys of any kind (key.hpp).
#include "dstu/pkix/key.hpp"

#include <optional>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/rsa_key.hpp"

namespace dstu::pkix {
namespace {

/// std::visit over one lambda per kind.
template <class... F>
struct Overload : F... {
  using F::operator()...;
};
// Written out for clang 14, which does not deduce an aggregate's arguments by itself.
template <class... F>
Overload(F...) -> Overload<F...>;

[[noreturn]] void unknown_algorithm(const std::string& oid) {
  throw Error(Errc::unsupported, "not a DSTU 4145 key, nor an ECDSA/ECGDSA or RSA one (algorithm " + oid + ")");
}

}  // namespace

AnyKey any_key(const AnyPrivateKey& key) {
  return std::visit([](const auto& k) -> AnyKey { return k; }, key);
}

AnyKey any_key(const AnyPublicKey& key) {
  return std::visit([](const auto& k) -> AnyKey { return k; }, key);
}

bool is_private(const AnyKey& key) {
  return std::holds_alternative<dstu4145::PrivateKey>(key) || std::holds_alternative<ecdsa::SchemeKey>(key) ||
         std::holds_alternative<rsa::PrivateKey>(key);
}

AnyPrivateKey private_key(const AnyKey& key) {
  if (const auto* d = std::get_if<dstu4145::PrivateKey>(&key)) return *d;
  if (const auto* e = std::get_if<ecdsa::SchemeKey>(&key)) return *e;
  if (const auto* r = std::get_if<rsa::PrivateKey>(&key)) return *r;
  throw_invalid("a public key, not a private one");
}

AnyPublicKey public_key(const AnyPrivateKey& key) {
  return std::visit(Overload{[](const dstu4145::PrivateKey& k) -> AnyPublicKey { return k.public_key(); },
                             [](const ecdsa::SchemeKey& k) -> AnyPublicKey {
                               return ecdsa::SchemePublicKey{k.scheme, ecdsa::public_key(k.scheme, k.key)};
                             },
                             [](const rsa::PrivateKey& k) -> AnyPublicKey { return k.public_key(); }},
                    key);
}

AnyPublicKey public_key(const AnyKey& key) {
  if (const auto* d = std::get_if<dstu4145::PublicKey>(&key)) return *d;
  if (const auto* e = std::get_if<ecdsa::SchemePublicKey>(&key)) return *e;
  if (const auto* r = std::get_if<rsa::PublicKey>(&key)) return *r;
  return public_key(private_key(key));
}

std::string curve_name(const AnyPublicKey& key) {
  return std::visit(Overload{[](const dstu4145::PublicKey& k) { return k.curve->name(); },
                             [](const ecdsa::SchemePublicKey& k) { return k.key.group->name(); },
                             [](const rsa::PublicKey& k) { return rsa_key_name(k); }},
                    key);
}

Bytes key_id(const AnyPublicKey& key) {
  return std::visit([](const auto& k) { return key_id(k); }, key);
}

std::string default_hash(const AnyPublicKey& key) {
  return std::visit(Overload{[](const dstu4145::PublicKey&) -> std::string { return "gost34311"; },
                             [](const ecdsa::SchemePublicKey& k) -> std::string {
                               return ecdsa::default_hash(*k.key.group);
                             },
                             [](const rsa::PublicKey&) -> std::string { return "sha256"; }},
                    key);
}

std::unique_ptr<hash::Hasher> make_hasher(const AnyPublicKey& key, std::string_view hash_name) {
  const auto* dstu = std::get_if<dstu4145::PublicKey>(&key);
  if (hash_name != "gost34311") return hash::make_hasher(hash_name);
  const std::optional<dstu4145::Dke> dke = dstu != nullptr ? dstu->dke : std::nullopt;
  // Setting GOST 34.311's S-box up costs more than hashing a small file, and a run over
  // many files of one signer meets one S-box: each thread keeps a fresh hasher for its
  // last few and clones it (the S-box is public, a key's parameter).
  struct Fresh {
    std::optional<dstu4145::Dke> dke;
    std::unique_ptr<hash::Hasher> hasher;
  };
  thread_local std::vector<Fresh> fresh;
  for (const Fresh& f : fresh) {
    if (f.dke == dke) return f.hasher->clone();
  }
  std::unique_ptr<hash::Hasher> hasher;
  if (dke) {
    hash::Gost34311Params params;
    params.sbox = cipher::SBox::from_packed(*dke);
    hasher = hash::make_gost34311_hasher(params);
  } else {
    hasher = hash::make_hasher(hash_name);
  }
  // A first block sets the S-box's tables up (lazily); reset() keeps them, clones copy them.
  const std::uint8_t block[32] = {};
  hasher->update(block);
  hasher->reset();
  if (fresh.size() == 4) fresh.erase(fresh.begin());
  fresh.push_back({dke, hasher->clone()});
  return hasher;
}

Bytes encode_spki(const AnyPublicKey& key) {
  return std::visit([](const auto& k) { return encode_spki(k); }, key);
}

SecureBytes encode_pkcs8(const AnyPrivateKey& key, Dstu4145Form form) {
  return std::visit(Overload{[&](const dstu4145::PrivateKey& k) { return encode_pkcs8(k, form); },
                             [](const ecdsa::SchemeKey& k) { return encode_pkcs8(k); },
                             [](const rsa::PrivateKey& k) { return encode_pkcs8(k); }},
                    key);
}

AnyPublicKey decode_spki(std::span<const std::uint8_t> der) {
  const SubjectPublicKeyInfo spki = read_subject_public_key_info(der);
  if (is_dstu4145_algorithm(spki.algorithm.oid)) return dstu4145_public_key(spki);
  if (ec_scheme_of(spki.algorithm.oid)) return ec_public_key(spki);
  if (spki.algorithm.oid == kOidRsaEncryption) return rsa_public_key(spki);
  unknown_algorithm(spki.algorithm.oid);
}

AnyPrivateKey decode_pkcs8(std::span<const std::uint8_t> der) {
  const PrivateKeyInfo info = read_private_key_info(der);
  if (is_dstu4145_algorithm(info.algorithm.oid)) return dstu4145_private_key(info);
  if (ec_scheme_of(info.algorithm.oid)) return ec_private_key(info);
  if (info.algorithm.oid == kOidRsaEncryption) return rsa_private_key(info);
  unknown_algorithm(info.algorithm.oid);
}

}  // namespace dstu::pkix
