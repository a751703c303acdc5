// The name registry of streaming hashes.
#include "dstu/hash/hasher.hpp"

#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/sha2.hpp"

namespace dstu::hash {
namespace {

class Gost34311Hasher final : public Hasher {
 public:
  explicit Gost34311Hasher(const Gost34311Params& params = {}) : h_(params) {}
  std::string_view name() const override { return "gost34311"; }
  std::size_t digest_size() const override { return Gost34311::digest_size; }
  void reset() override { h_.reset(); }
  void update(std::span<const std::uint8_t> data) override { h_.update(data); }
  void final(std::span<std::uint8_t> out) override { h_.final(out); }

 private:
  Gost34311 h_;
};

/// A hash class constructed from its digest length (Kupyna, SHA-2) under a name.
template <class H>
class SizedHasher final : public Hasher {
 public:
  SizedHasher(std::string_view name, std::size_t bits) : name_(name), h_(bits) {}
  std::string_view name() const override { return name_; }
  std::size_t digest_size() const override { return h_.digest_size(); }
  void reset() override { h_.reset(); }
  void update(std::span<const std::uint8_t> data) override { h_.update(data); }
  void final(std::span<std::uint8_t> out) override { h_.final(out); }

 private:
  std::string_view name_;
  H h_;
};

}  // namespace

Bytes Hasher::final() {
  Bytes out(digest_size());
  final(out);
  return out;
}

std::unique_ptr<Hasher> make_hasher(const Gost34311Params& params) {
  return std::make_unique<Gost34311Hasher>(params);
}

std::vector<std::string> hasher_names() {
  return {"gost34311", "kupyna256", "kupyna384", "kupyna512", "sha224", "sha256", "sha384", "sha512"};
}

std::unique_ptr<Hasher> make_hasher(std::string_view name) {
  if (name == "gost34311") return std::make_unique<Gost34311Hasher>();
  if (name == "kupyna256") return std::make_unique<SizedHasher<Kupyna>>("kupyna256", 256);
  if (name == "kupyna384") return std::make_unique<SizedHasher<Kupyna>>("kupyna384", 384);
  if (name == "kupyna512") return std::make_unique<SizedHasher<Kupyna>>("kupyna512", 512);
  if (name == "sha224") return std::make_unique<SizedHasher<Sha256>>("sha224", 224);
  if (name == "sha256") return std::make_unique<SizedHasher<Sha256>>("sha256", 256);
  if (name == "sha384") return std::make_unique<SizedHasher<Sha512>>("sha384", 384);
  if (name == "sha512") return std::make_unique<SizedHasher<Sha512>>("sha512", 512);
  std::string known;
  for (const auto& n : hasher_names()) known += (known.empty() ? "" : ", ") + n;
  throw_invalid("unknown hash '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace dstu::hash
