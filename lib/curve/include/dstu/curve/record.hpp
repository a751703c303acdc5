// dstu::curve — the record of a named curve: its name, OID, other names and family, one
// type that both registries fill (lib/ec2m: the DSTU 4145 curves and the NIST binary
// curves; lib/ecp: the NIST prime and Brainpool curves), so that a lookup by any of the
// names and a curve's family are read, never guessed from the spelling of a name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dstu::curve {

/// Where a named curve comes from.
enum class Family {
  custom,        ///< a curve from parameters, named by no registry
  dstu4145,      ///< DSTU 4145-2002 Annex Г, polynomial basis ("dstu163" ... "dstu431")
  nist,          ///< FIPS 186-4 Appendix D.1.2, prime curves ("P-192" ... "P-521")
  brainpool,     ///< RFC 5639 ("brainpoolP160r1" ... "brainpoolP512t1")
  nist_binary,   ///< FIPS 186-4 Appendix D.1.3, pseudo-random binary curves ("B-163" ...)
  nist_koblitz,  ///< FIPS 186-4 Appendix D.1.3, Koblitz curves ("K-163" ...)
};

/// "custom", "dstu4145", "nist", "brainpool", "nist-binary", "nist-koblitz".
const char* family_name(Family family);

/// A curve's names (empty for a custom curve).
struct CurveRecord {
  std::string name;                  ///< "dstu257", "P-256", "B-233"
  std::string oid;                   ///< dotted, "1.2.804.2.1.1.1.1.3.1.1.2.6"
  std::vector<std::string> aliases;  ///< other names: SEC 2's ("sect233r1"), ANSI X9.62's ("prime256v1")
  Family family = Family::custom;

  /// Whether `key` is the name, the OID or an alias, in exactly this spelling.
  bool matches(std::string_view key) const;
};

}  // namespace dstu::curve
