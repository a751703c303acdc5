// Constant-time cases for key containers (dstu/pkix/container.hpp): IIT's legacy
// Key-6.dat opened with its password secret (GOST 34.311 iterated, GOST 28147 ECB, the
// MAC, then both keys decoded with only their d secret: the framing and the MAC's
// verdict are public).
#include <fstream>
#include <iterator>
#include <string>
#include <variant>

#include "ct_check.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/dstu4145_key.hpp"

namespace {

using dstu::ct::poison;
namespace pkix = dstu::pkix;

dstu::Bytes fixture(const std::string& name) {
  std::ifstream in(std::string(DSTU_CONTAINER_FIXTURES) + "/" + name, std::ios::binary);
  return dstu::Bytes(std::istreambuf_iterator<char>(in), {});
}

/// The key identifier of a key read (its public point, public: the library declassifies
/// Q as it computes it).
std::string key_id_hex(const pkix::ContainerKey& k) {
  return dstu::to_hex(pkix::key_id(std::get<dstu::dstu4145::PublicKey>(k.public_key)));
}

bool open_key6() {
  const dstu::Bytes file = fixture("Key-6.dat");
  std::string password = "tect4";
  poison(password.data(), password.size());
  const pkix::Container c =
      pkix::read_key6(file, {reinterpret_cast<const std::uint8_t*>(password.data()), password.size()});
  return c.keys.size() == 2 &&
         key_id_hex(c.keys[0]) == "7e9e345dd2cfd91ebadbe23c22eb9fac6bef65552ed42f56f9bac4aac5cb2d06" &&
         key_id_hex(c.keys[1]) == "7cebcd9412612324209f4cd81cd16a7a9a0ba05a75ad05d38bae9a7483d8f719";
}

dstu::ct_check::Register r1("pkix: open a Key-6.dat (password secret)", open_key6);

}  // namespace
