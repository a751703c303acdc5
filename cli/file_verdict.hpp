// One detached signature's verdict, as the ECDSA/ECGDSA and RSA verifiers give it.
#pragma once

#include <string>

namespace dstu::cli {

struct FileVerdict {
  enum Status { valid, invalid, error } status = error;
  std::string hash, reason;
};

}  // namespace dstu::cli
