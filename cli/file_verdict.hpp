// One detached signature's verdict, as the ECDSA/ECGDSA and RSA verifiers give it.
#pragma once

#include <string>

namespace dstu::cli {

struct FileVerdict {
  enum Status { valid, invalid, error } status = error;
  std::string hash, reason;
  std::string padding;  ///< RSA: the scheme the signature was held to ("" before it was known)
};

}  // namespace dstu::cli
