#include "cms_files.hpp"

#include "dstu/base/error.hpp"

namespace dstu::cli {

std::string cms_content_beside(const std::string& signed_file, const char* option) {
  for (const std::string ext : {".p7s", ".p7", ".sig"}) {
    if (signed_file.size() > ext.size() && signed_file.compare(signed_file.size() - ext.size(), ext.size(), ext) == 0) {
      return signed_file.substr(0, signed_file.size() - ext.size());
    }
  }
  throw_invalid(signed_file + ": a detached signature: give its content with " + option +
                " (or name the signature CONTENT.p7s beside it)");
}

}  // namespace dstu::cli
