// The --rng option of keygen and sign: the OS CSPRNG (default) or the DSTU 4145
// Annex A generator on GOST 28147-89.
#pragma once

#include <memory>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/annex_a.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli {

inline std::unique_ptr<RandomSource> make_rng(const std::string& name) {
  if (name == "os") return std::make_unique<rng::OsRandom>();
  if (name == "dstu") return std::make_unique<dstu4145::AnnexARandom>(dstu4145::AnnexARandom::from_os());
  throw_invalid("unknown --rng '" + name + "' (os or dstu)");
}

}  // namespace dstu::cli
