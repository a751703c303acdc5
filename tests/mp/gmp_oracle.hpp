// Test-only bridge to GMP, the oracle the mp module is checked against.
#pragma once

#include <gmp.h>

#include <string>
#include <vector>

#include "dstu/mp/nat.hpp"

namespace dstu::test {

/// RAII mpz_t.
struct Mpz {
  mpz_t v;
  Mpz() { mpz_init(v); }
  explicit Mpz(const mp::Nat& n) {
    mpz_init(v);
    set(n);
  }
  Mpz(Mpz&& o) noexcept {
    mpz_init(v);
    mpz_swap(v, o.v);
  }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  ~Mpz() { mpz_clear(v); }
  void set(const mp::Nat& n) {
    mpz_import(v, n.size(), -1, sizeof(mp::Limb), 0, 0, n.limbs().data());
  }
  void set_limbs(const std::vector<mp::Limb>& l) {
    mpz_import(v, l.size(), -1, sizeof(mp::Limb), 0, 0, l.data());
  }
  mp::Nat nat() const {
    std::vector<mp::Limb> out((mpz_sizeinbase(v, 2) + 63) / 64 + 1, 0);
    size_t count = 0;
    mpz_export(out.data(), &count, -1, sizeof(mp::Limb), 0, 0, v);
    out.resize(count);
    return mp::Nat::from_limbs(out);
  }
  std::string hex() const {
    char* s = mpz_get_str(nullptr, 16, v);
    std::string r(s);
    void (*freefunc)(void*, size_t);
    mp_get_memory_functions(nullptr, nullptr, &freefunc);
    freefunc(s, r.size() + 1);
    return r;
  }
};

/// Limbs of an mpz, exactly n long (zero-padded).
inline std::vector<mp::Limb> limbs_of(const Mpz& z, std::size_t n) {
  std::vector<mp::Limb> out(n + (mpz_sizeinbase(z.v, 2) + 63) / 64, 0);
  size_t count = 0;
  mpz_export(out.data(), &count, -1, sizeof(mp::Limb), 0, 0, z.v);
  out.resize(n);
  return out;
}

}  // namespace dstu::test
