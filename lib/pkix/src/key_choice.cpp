#include "dstu/pkix/key_choice.hpp"

#include <algorithm>
#include <string>

#include "dstu/base/error.hpp"

namespace dstu::pkix {
namespace {

std::optional<Certificate> first_with_key(std::span<const Bytes> ders, const AnyPublicKey& key) {
  for (const Bytes& der : ders) {
    try {
      Certificate cert = read_certificate(der);
      if (certificate_has_key(cert, key)) return cert;
    } catch (const Error&) {
      // A certificate that does not read cannot be this key's.
    }
  }
  return std::nullopt;
}

std::string ids_of(const Container& container) {
  std::string s;
  for (const ContainerKey& k : container.keys) s += (s.empty() ? "" : ", ") + to_hex(key_id(k.public_key));
  return s;
}

}  // namespace

std::optional<Certificate> key_certificate(const Container& container, std::size_t index,
                                           std::span<const Certificate> extra) {
  const ContainerKey& k = container.keys.at(index);
  if (auto c = first_with_key(k.chain, k.public_key)) return c;
  if (auto c = first_with_key(container.certificates, k.public_key)) return c;
  for (const Certificate& c : extra) {
    if (certificate_has_key(c, k.public_key)) return c;
  }
  return std::nullopt;
}

bool allows_signing(const Certificate& cert) {
  return !cert.key_usage || (*cert.key_usage & (kDigitalSignature | kNonRepudiation)) != 0;
}

std::size_t choose_signing_key(const Container& container, std::span<const std::uint8_t> key_id_wanted,
                               std::span<const Certificate> extra) {
  const std::size_t n = container.keys.size();
  if (n == 0) throw_invalid("the container holds no private key");
  std::vector<std::optional<Certificate>> certs;
  for (std::size_t i = 0; i < n; ++i) certs.push_back(key_certificate(container, i, extra));
  if (!key_id_wanted.empty()) {
    const Bytes wanted(key_id_wanted.begin(), key_id_wanted.end());
    for (std::size_t i = 0; i < n; ++i) {
      const bool by_ski = certs[i] && certs[i]->subject_key_id == wanted;
      if (key_id(container.keys[i].public_key) == wanted || by_ski) return i;
    }
    throw_invalid("no key of the container has the key id " + to_hex(wanted) + " (its keys: " + ids_of(container) + ")");
  }
  std::vector<std::size_t> signing;
  std::optional<std::size_t> uncertified;
  for (std::size_t i = 0; i < n; ++i) {
    if (certs[i] && allows_signing(*certs[i])) signing.push_back(i);
    if (!certs[i] && !uncertified) uncertified = i;
  }
  if (signing.size() == 1) return signing[0];
  if (signing.empty()) {
    if (uncertified) return *uncertified;
    throw_invalid("no certificate of the container's keys allows signing (its keys: " + ids_of(container) +
                  "); choose one by its key id");
  }
  std::string ids;
  for (std::size_t i : signing) ids += (ids.empty() ? "" : ", ") + to_hex(key_id(container.keys[i].public_key));
  throw_invalid("the container holds " + std::to_string(signing.size()) + " signing keys (" + ids +
                "); choose one by its key id");
}

}  // namespace dstu::pkix
