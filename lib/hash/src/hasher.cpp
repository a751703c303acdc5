// The name registry of streaming hashes: one table row per name, with what it may do.
#include "dstu/hash/hasher.hpp"

#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/sha1.hpp"
#include "dstu/hash/sha2.hpp"
#include "dstu/hash/sha3.hpp"

namespace dstu::hash {
namespace {

class Gost34311Hasher final : public detail::CopyableHasher<Gost34311Hasher> {
 public:
  explicit Gost34311Hasher(const Gost34311Params& p) : h_(p) {}
  std::string_view name() const override { return "gost34311"; }
  std::size_t digest_size() const override { return Gost34311::digest_size; }
  std::size_t block_size() const override { return Gost34311::block_size; }
  void reset() override { h_.reset(); }
  void update(std::span<const std::uint8_t> data) override { h_.update(data); }
  void final(std::span<std::uint8_t> out) override { h_.final(out); }

 private:
  Gost34311 h_;
};

/// A hash class under a name, constructed from its digest length (SHA-1/2/3) and, for
/// Kupyna, the implementation its use needs.
template <class H>
class NamedHasher final : public detail::CopyableHasher<NamedHasher<H>> {
 public:
  template <class... Args>
  explicit NamedHasher(std::string_view name, Args... args) : name_(name), h_(args...) {}
  std::string_view name() const override { return name_; }
  std::size_t digest_size() const override { return h_.digest_size(); }
  std::size_t block_size() const override { return h_.block_size(); }
  void reset() override { h_.reset(); }
  void update(std::span<const std::uint8_t> data) override { h_.update(data); }
  void final(std::span<std::uint8_t> out) override { h_.final(out); }

 private:
  std::string_view name_;  // a literal of the table below
  H h_;
};

using Made = std::unique_ptr<Hasher>;

template <class H, std::size_t Bits>
Made sized(std::string_view name, Use) {
  return std::make_unique<NamedHasher<H>>(name, Bits);
}

Made gost34311(std::string_view, Use use) {
  Gost34311Params p;
  if (use == Use::keyed) p.impl = cipher::Gost28147Impl::constant_time;
  return make_gost34311_hasher(p);
}

/// Kupyna's fastest path for public messages indexes tables by the state, so a keyed
/// Kupyna (HMAC, PBKDF2) takes the constant-time permutation.
template <std::size_t Bits>
Made kupyna(std::string_view name, Use use) {
  return std::make_unique<NamedHasher<Kupyna>>(name, Bits,
                                        use == Use::keyed ? KupynaImpl::constant_time : KupynaImpl::vartime);
}

struct Entry {
  std::string_view name;
  bool may_sign;  ///< see may_sign_with
  Made (*make)(std::string_view name, Use use);
};

// SHA-1, SHA-2 and SHA-3 are constant time on every path (no table index or branch on
// the data), so they serve both uses as they are.
constexpr Entry kTable[] = {
    {"gost34311", true, gost34311},
    {"kupyna256", true, kupyna<256>},
    {"kupyna384", true, kupyna<384>},
    {"kupyna512", true, kupyna<512>},
    {"sha1", false, sized<Sha1, 160>},
    {"sha224", true, sized<Sha256, 224>},
    {"sha256", true, sized<Sha256, 256>},
    {"sha384", true, sized<Sha512, 384>},
    {"sha512", true, sized<Sha512, 512>},
    {"sha512-224", true, sized<Sha512, 224>},
    {"sha512-256", true, sized<Sha512, 256>},
    {"sha3-224", true, sized<Sha3, 224>},
    {"sha3-256", true, sized<Sha3, 256>},
    {"sha3-384", true, sized<Sha3, 384>},
    {"sha3-512", true, sized<Sha3, 512>},
};

const Entry* find(std::string_view name) {
  for (const Entry& e : kTable) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

}  // namespace

Bytes Hasher::final() {
  Bytes out(digest_size());
  final(out);
  return out;
}

std::unique_ptr<Hasher> Hasher::clone() const {
  throw Error(Errc::unsupported, std::string(name()) + ": this hasher cannot be copied");
}

void Hasher::assign(const Hasher& other) { detail::throw_wrong_kind(*this, other); }

void detail::throw_wrong_kind(const Hasher& to, const Hasher& from) {
  throw_invalid("a " + std::string(to.name()) + " hasher cannot take the state of a " + std::string(from.name()) +
                " hasher of another kind");
}

std::vector<std::string> hasher_names() {
  std::vector<std::string> out;
  for (const Entry& e : kTable) out.emplace_back(e.name);
  return out;
}

std::unique_ptr<Hasher> make_hasher(std::string_view name, Use use) {
  if (const Entry* e = find(name)) return e->make(e->name, use);
  std::string known;
  for (const auto& n : hasher_names()) known += (known.empty() ? "" : ", ") + n;
  throw_invalid("unknown hash '" + std::string(name) + "' (known: " + known + ")");
}

std::unique_ptr<Hasher> make_gost34311_hasher(const Gost34311Params& params) {
  return std::make_unique<Gost34311Hasher>(params);
}

bool may_sign_with(std::string_view name) {
  const Entry* e = find(name);
  return e != nullptr && e->may_sign;
}

}  // namespace dstu::hash
