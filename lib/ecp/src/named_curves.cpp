// The named curves over GF(p): NIST P-192 ... P-521 (FIPS 186-5, SEC 2; aliases as
// OpenSSL names them) and Brainpool P160 ... P512 r1 and t1 (RFC 5639). Parameters as
// `openssl ecparam -name NAME -param_enc explicit -text` prints them (OpenSSL 3.0), OIDs
// from the DER of `openssl ecparam -name NAME -outform DER`. Every curve is checked on
// construction (G on the curve, n G = O). All have cofactor 1.
#include <algorithm>
#include <memory>
#include <mutex>

#include "dstu/base/error.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecp {
namespace {

struct Named {
  curve::CurveRecord record;
  const char* field;
  const char* a;
  const char* b;
  const char* gx;
  const char* gy;
  const char* n;
};

const std::vector<Named>& table() {
  static const std::vector<Named> t = {
    {{"P-192", "1.2.840.10045.3.1.1", {"secp192r1", "prime192v1"}, curve::Family::nist}, "P-192",
     "fffffffffffffffffffffffffffffffefffffffffffffffc",
     "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1",
     "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012",
     "07192b95ffc8da78631011ed6b24cdd573f977a11e794811",
     "ffffffffffffffffffffffff99def836146bc9b1b4d22831"},
    {{"P-224", "1.3.132.0.33", {"secp224r1"}, curve::Family::nist}, "P-224",
     "fffffffffffffffffffffffffffffffefffffffffffffffffffffffe",
     "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",
     "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
     "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
     "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d"},
    {{"P-256", "1.2.840.10045.3.1.7", {"secp256r1", "prime256v1"}, curve::Family::nist}, "P-256",
     "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
     "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
     "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
     "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
     "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"},
    {{"P-384", "1.3.132.0.34", {"secp384r1"}, curve::Family::nist}, "P-384",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000fffffffc",
     "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
     "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
     "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
     "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"},
    {{"P-521", "1.3.132.0.35", {"secp521r1"}, curve::Family::nist}, "P-521",
     "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffffffc",
     "51953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf"
     "073573df883d2c34f1ef451fd46b503f00",
     "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ff"
     "a8de3348b3c1856a429bf97e7e31c2e5bd66",
     "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad"
     "0761353c7086a272c24088be94769fd16650",
     "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a"
     "5d03bb5c9b8899c47aebb6fb71e91386409"},
    {{"brainpoolP160r1", "1.3.36.3.3.2.8.1.1.1", {}, curve::Family::brainpool}, "brainpoolP160",
     "340e7be2a280eb74e2be61bada745d97e8f7c300",
     "1e589a8595423412134faa2dbdec95c8d8675e58",
     "bed5af16ea3f6a4f62938c4631eb5af7bdbcdbc3",
     "1667cb477a1a8ec338f94741669c976316da6321",
     "e95e4a5f737059dc60df5991d45029409e60fc09"},
    {{"brainpoolP160t1", "1.3.36.3.3.2.8.1.1.2", {}, curve::Family::brainpool}, "brainpoolP160",
     "e95e4a5f737059dc60dfc7ad95b3d8139515620c",
     "7a556b6dae535b7b51ed2c4d7daa7a0b5c55f380",
     "b199b13b9b34efc1397e64baeb05acc265ff2378",
     "add6718b7c7c1961f0991b842443772152c9e0ad",
     "e95e4a5f737059dc60df5991d45029409e60fc09"},
    {{"brainpoolP192r1", "1.3.36.3.3.2.8.1.1.3", {}, curve::Family::brainpool}, "brainpoolP192",
     "6a91174076b1e0e19c39c031fe8685c1cae040e5c69a28ef",
     "469a28ef7c28cca3dc721d044f4496bcca7ef4146fbf25c9",
     "c0a0647eaab6a48753b033c56cb0f0900a2f5c4853375fd6",
     "14b690866abd5bb88b5f4828c1490002e6773fa2fa299b8f",
     "c302f41d932a36cda7a3462f9e9e916b5be8f1029ac4acc1"},
    {{"brainpoolP192t1", "1.3.36.3.3.2.8.1.1.4", {}, curve::Family::brainpool}, "brainpoolP192",
     "c302f41d932a36cda7a3463093d18db78fce476de1a86294",
     "13d56ffaec78681e68f9deb43b35bec2fb68542e27897b79",
     "3ae9e58c82f63c30282e1fe7bbf43fa72c446af6f4618129",
     "097e2c5667c2223a902ab5ca449d0084b7e5b3de7ccc01c9",
     "c302f41d932a36cda7a3462f9e9e916b5be8f1029ac4acc1"},
    {{"brainpoolP224r1", "1.3.36.3.3.2.8.1.1.5", {}, curve::Family::brainpool}, "brainpoolP224",
     "68a5e62ca9ce6c1c299803a6c1530b514e182ad8b0042a59cad29f43",
     "2580f63ccfe44138870713b1a92369e33e2135d266dbb372386c400b",
     "0d9029ad2c7e5cf4340823b2a87dc68c9e4ce3174c1e6efdee12c07d",
     "58aa56f772c0726f24c6b89e4ecdac24354b9e99caa3f6d3761402cd",
     "d7c134aa264366862a18302575d0fb98d116bc4b6ddebca3a5a7939f"},
    {{"brainpoolP224t1", "1.3.36.3.3.2.8.1.1.6", {}, curve::Family::brainpool}, "brainpoolP224",
     "d7c134aa264366862a18302575d1d787b09f075797da89f57ec8c0fc",
     "4b337d934104cd7bef271bf60ced1ed20da14c08b3bb64f18a60888d",
     "6ab1e344ce25ff3896424e7ffe14762ecb49f8928ac0c76029b4d580",
     "0374e9f5143e568cd23f3f4d7c0d4b1e41c8cc0d1c6abd5f1a46db4c",
     "d7c134aa264366862a18302575d0fb98d116bc4b6ddebca3a5a7939f"},
    {{"brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7", {}, curve::Family::brainpool}, "brainpoolP256",
     "7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9",
     "26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6",
     "8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262",
     "547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997",
     "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7"},
    {{"brainpoolP256t1", "1.3.36.3.3.2.8.1.1.8", {}, curve::Family::brainpool}, "brainpoolP256",
     "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5374",
     "662c61c430d84ea4fe66a7733d0b76b7bf93ebc4af2f49256ae58101fee92b04",
     "a3e8eb3cc1cfe7b7732213b23a656149afa142c47aafbc2b79a191562e1305f4",
     "2d996c823439c56d7f7b22e14644417e69bcb6de39d027001dabe8f35b25c9be",
     "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7"},
    {{"brainpoolP320r1", "1.3.36.3.3.2.8.1.1.9", {}, curve::Family::brainpool}, "brainpoolP320",
     "3ee30b568fbab0f883ccebd46d3f3bb8a2a73513f5eb79da66190eb085ffa9f492f375a97d860eb4",
     "520883949dfdbc42d3ad198640688a6fe13f41349554b49acc31dccd884539816f5eb4ac8fb1f1a6",
     "43bd7e9afb53d8b85289bcc48ee5bfe6f20137d10a087eb6e7871e2a10a599c710af8d0d39e20611",
     "14fdd05545ec1cc8ab4093247f77275e0743ffed117182eaa9c77877aaac6ac7d35245d1692e8ee1",
     "d35e472036bc4fb7e13c785ed201e065f98fcfa5b68f12a32d482ec7ee8658e98691555b44c59311"},
    {{"brainpoolP320t1", "1.3.36.3.3.2.8.1.1.10", {}, curve::Family::brainpool}, "brainpoolP320",
     "d35e472036bc4fb7e13c785ed201e065f98fcfa6f6f40def4f92b9ec7893ec28fcd412b1f1b32e24",
     "a7f561e038eb1ed560b3d147db782013064c19f27ed27c6780aaf77fb8a547ceb5b4fef422340353",
     "925be9fb01afc6fb4d3e7d4990010f813408ab106c4f09cb7ee07868cc136fff3357f624a21bed52",
     "63ba3a7a27483ebf6671dbef7abb30ebee084e58a0b077ad42a5a0989d1ee71b1b9bc0455fb0d2c3",
     "d35e472036bc4fb7e13c785ed201e065f98fcfa5b68f12a32d482ec7ee8658e98691555b44c59311"},
    {{"brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11", {}, curve::Family::brainpool}, "brainpoolP384",
     "7bc382c63d8c150c3c72080ace05afa0c2bea28e4fb22787139165efba91f90f8aa5814a503ad4eb04a8c7dd22ce2826",
     "4a8c7dd22ce28268b39b55416f0447c2fb77de107dcd2a62e880ea53eeb62d57cb4390295dbc9943ab78696fa504c11",
     "1d1c64f068cf45ffa2a63a81b7c13f6b8847a3e77ef14fe3db7fcafe0cbd10e8e826e03436d646aaef87b2e247d4af1e",
     "8abe1d7520f9c2a45cb1eb8e95cfd55262b70b29feec5864e19c054ff99129280e4646217791811142820341263c5315",
     "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565"},
    {{"brainpoolP384t1", "1.3.36.3.3.2.8.1.1.12", {}, curve::Family::brainpool}, "brainpoolP384",
     "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec50",
     "7f519eada7bda81bd826dba647910f8c4b9346ed8ccdc64e4b1abd11756dce1d2074aa263b88805ced70355a33b471ee",
     "18de98b02db9a306f2afcd7235f72a819b80ab12ebd653172476fecd462aabffc4ff191b946a5f54d8d0aa2f418808cc",
     "25ab056962d30651a114afd2755ad336747f93475b7a1fca3b88f2b6a208ccfe469408584dc2b2912675bf5b9e582928",
     "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565"},
    {{"brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13", {}, curve::Family::brainpool}, "brainpoolP512",
     "7830a3318b603b89e2327145ac234cc594cbdd8d3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b5"
     "7f1117a72bf2c7b9e7c1ac4d77fc94ca",
     "3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94cadc083e67"
     "984050b75ebae5dd2809bd638016f723",
     "81aee4bdd82ed9645a21322e9c4c6a9385ed9f70b5d916c1b43b62eef4d0098eff3b1f78e2d0d48d50d1687b93b97d5f"
     "7c6d5047406a5e688b352209bcb9f822",
     "7dde385d566332ecc0eabfa9cf7822fdf209f70024a57b1aa000c55b881f8111b2dcde494a5f485e5bca4bd88a2763ae"
     "d1ca2b2fa8f0540678cd1e0f3ad80892",
     "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870553e5c414ca92619418661197fac1047"
     "1db1d381085ddaddb58796829ca90069"},
    {{"brainpoolP512t1", "1.3.36.3.3.2.8.1.1.14", {}, curve::Family::brainpool}, "brainpoolP512",
     "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e6"
     "2881ff2f2d82c68528aa6056583a48f0",
     "7cbbbcf9441cfab76e1890e46884eae321f70c0bcb4981527897504bec3e36a62bcdfa2304976540f6450085f2dae145"
     "c22553b465763689180ea2571867423e",
     "640ece5c12788717b9c1ba06cbc2a6feba85842458c56dde9db1758d39c0313d82ba51735cdb3ea499aa77a7d6943a64"
     "f7a3f25fe26f06b51baa2696fa9035da",
     "5b534bd595f5af0fa2c892376c84ace1bb4e3019b71634c01131159cae03cee9d9932184beef216bd71df2dadf86a627"
     "306ecff96dbb8bace198b61e00f8b332",
     "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870553e5c414ca92619418661197fac1047"
     "1db1d381085ddaddb58796829ca90069"},
  };
  return t;
}

mp::Nat hex(const char* h) { return mp::Nat::from_hex(h); }

}  // namespace

namespace {

/// Entry i of the table as a curve, built (and its construction checks run, n G = O
/// among them) on its first use only: a process that signs with P-256 does not pay for
/// the other eighteen, whose checks would be most of a one-file `dstu sign`.
const Curve& made(std::size_t i) {
  static std::vector<std::once_flag> once(table().size());
  static std::vector<std::unique_ptr<Curve>> owned(table().size());
  std::call_once(once[i], [&] {
    const Named& c = table()[i];
    owned[i] = std::make_unique<Curve>(gfp::Field::named(c.field), hex(c.a), hex(c.b), hex(c.gx), hex(c.gy),
                                       hex(c.n), 1, c.record);
  });
  return *owned[i];
}

}  // namespace

const std::vector<const Curve*>& Curve::all_named() {
  static std::once_flag once;
  static std::vector<const Curve*> curves;
  std::call_once(once, [] {
    for (std::size_t i = 0; i < table().size(); ++i) curves.push_back(&made(i));
  });
  return curves;
}

const Curve* Curve::find(std::string_view name) {
  const std::vector<Named>& t = table();
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].record.matches(name)) return &made(i);
  }
  return nullptr;
}

const Curve& Curve::named(std::string_view name) {
  if (const Curve* c = find(name)) return *c;
  std::string known;
  for (const Curve* c : all_named()) known += (known.empty() ? "" : ", ") + c->name();
  throw_invalid("unknown curve '" + std::string(name) + "' (known over GF(p): " + known + ")");
}

}  // namespace dstu::ecp
