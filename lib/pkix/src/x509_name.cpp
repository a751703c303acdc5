// Names, directory strings and times of X.509 (certificate.hpp): RFC 5280 §4.1.2.4-5.
#include <array>
#include <string_view>

#include "dstu/base/error.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kUtf8String = 0x0c;
constexpr std::uint8_t kNumericString = 0x12;
constexpr std::uint8_t kPrintableString = 0x13;
constexpr std::uint8_t kTeletexString = 0x14;
constexpr std::uint8_t kIa5String = 0x16;
constexpr std::uint8_t kUtcTime = 0x17;
constexpr std::uint8_t kGeneralizedTime = 0x18;
constexpr std::uint8_t kVisibleString = 0x1a;
constexpr std::uint8_t kUniversalString = 0x1c;
constexpr std::uint8_t kBmpString = 0x1e;

struct ShortName {
  std::string_view oid, name;
};

// The attribute types of RFC 4519 and RFC 5280 Annex A that Ukrainian CAs write, under
// the names OpenSSL prints for them.
constexpr std::array<ShortName, 20> kShortNames{{
    {"2.5.4.3", "CN"},
    {"2.5.4.4", "SN"},
    {"2.5.4.5", "serialNumber"},
    {"2.5.4.6", "C"},
    {"2.5.4.7", "L"},
    {"2.5.4.8", "ST"},
    {"2.5.4.9", "street"},
    {"2.5.4.10", "O"},
    {"2.5.4.11", "OU"},
    {"2.5.4.12", "title"},
    {"2.5.4.13", "description"},
    {"2.5.4.17", "postalCode"},
    {"2.5.4.42", "GN"},
    {"2.5.4.43", "initials"},
    {"2.5.4.44", "generationQualifier"},
    {"2.5.4.46", "dnQualifier"},
    {"2.5.4.65", "pseudonym"},
    {"2.5.4.97", "organizationIdentifier"},
    {"1.2.840.113549.1.9.1", "emailAddress"},
    {"0.9.2342.19200300.100.1.25", "DC"},
}};

void append_utf8(std::string& out, std::uint32_t c) {
  if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) throw_invalid("a directory string holds an invalid character");
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xc0 | c >> 6);
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xe0 | c >> 12);
    out += static_cast<char>(0x80 | (c >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | c >> 18);
    out += static_cast<char>(0x80 | (c >> 12 & 0x3f));
    out += static_cast<char>(0x80 | (c >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  }
}

/// BMPString: UTF-16BE (surrogate pairs read as such).
std::string bmp_text(std::span<const std::uint8_t> s) {
  if (s.size() % 2 != 0) throw_invalid("a BMPString of odd length");
  std::string out;
  for (std::size_t i = 0; i < s.size(); i += 2) {
    std::uint32_t c = static_cast<std::uint32_t>(s[i] << 8 | s[i + 1]);
    if (c >= 0xd800 && c < 0xdc00 && i + 3 < s.size()) {
      const std::uint32_t low = static_cast<std::uint32_t>(s[i + 2] << 8 | s[i + 3]);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i += 2;
      }
    }
    append_utf8(out, c);
  }
  return out;
}

/// UniversalString: UCS-4 big-endian.
std::string universal_text(std::span<const std::uint8_t> s) {
  if (s.size() % 4 != 0) throw_invalid("a UniversalString whose length is not a multiple of 4");
  std::string out;
  for (std::size_t i = 0; i < s.size(); i += 4) {
    append_utf8(out, static_cast<std::uint32_t>(s[i]) << 24 | static_cast<std::uint32_t>(s[i + 1]) << 16 |
                         static_cast<std::uint32_t>(s[i + 2]) << 8 | s[i + 3]);
  }
  return out;
}

std::string hex_text(std::span<const std::uint8_t> s) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out = "#";
  for (const std::uint8_t b : s) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

/// RFC 4514 §2.4's escapes, for the characters that would make the line ambiguous.
std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == ',' || c == '+' || c == '=' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

NameAttribute read_attribute(const der::Element& element) {
  der::Reader r(element.content);
  NameAttribute a;
  a.oid = r.oid("attribute type");
  const der::Element value = r.next();
  r.finish("AttributeTypeAndValue");
  a.tag = value.tag;
  a.value.assign(value.content.begin(), value.content.end());
  a.text = detail::directory_string_text(value.tag, value.content);
  if (a.text.empty() && !value.content.empty()) a.text = hex_text(value.encoded);
  return a;
}

int digits(std::span<const std::uint8_t> s, std::size_t at, std::size_t n) {
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') throw_invalid("a time with a character that is not a digit");
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's
/// days_from_civil).
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int days_in_month(int y, int m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

}  // namespace

std::string attribute_name(std::string_view oid) {
  for (const ShortName& s : kShortNames) {
    if (s.oid == oid) return std::string(s.name);
  }
  return std::string(oid);
}

std::string to_string(const Name& name) {
  std::string out;
  for (const auto& rdn : name.rdns) {
    if (!out.empty()) out += ", ";
    for (std::size_t i = 0; i < rdn.size(); ++i) {
      if (i > 0) out += " + ";
      out += attribute_name(rdn[i].oid) + "=" + escaped(rdn[i].text);
    }
  }
  return out;
}

std::int64_t read_time(std::uint8_t tag, std::span<const std::uint8_t> s) {
  int year = 0;
  std::size_t at = 0;
  if (tag == kUtcTime) {
    if (s.size() != 13) throw_invalid("a UTCTime that is not YYMMDDHHMMSSZ");
    year = digits(s, 0, 2);
    year += year < 50 ? 2000 : 1900;  // RFC 5280 §4.1.2.5.1
    at = 2;
  } else if (tag == kGeneralizedTime) {
    if (s.size() != 15) throw_invalid("a GeneralizedTime that is not YYYYMMDDHHMMSSZ");
    year = digits(s, 0, 4);
    at = 4;
  } else {
    throw_invalid("a time that is neither UTCTime nor GeneralizedTime");
  }
  if (s.back() != 'Z') throw_invalid("a time not in UTC (no final Z)");
  const int month = digits(s, at, 2), day = digits(s, at + 2, 2);
  const int hour = digits(s, at + 4, 2), minute = digits(s, at + 6, 2), second = digits(s, at + 8, 2);
  if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month) || hour > 23 || minute > 59 ||
      second > 59) {
    throw_invalid("a time out of range");
  }
  return days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
}

namespace detail {

std::string directory_string_text(std::uint8_t tag, std::span<const std::uint8_t> content) {
  switch (tag) {
    case kUtf8String:
    case kNumericString:
    case kPrintableString:
    case kIa5String:
    case kVisibleString:
      return std::string(content.begin(), content.end());
    case kTeletexString: {  // read as Latin-1, as most readers do
      std::string out;
      for (const std::uint8_t c : content) append_utf8(out, c);
      return out;
    }
    case kBmpString:
      return bmp_text(content);
    case kUniversalString:
      return universal_text(content);
    default:
      return {};
  }
}

Name read_name(const der::Element& element, const char* what) {
  if (element.tag != der::kSequence) throw_invalid(std::string(what) + ": not a SEQUENCE");
  Name name;
  name.der.assign(element.encoded.begin(), element.encoded.end());
  der::Reader rdns(element.content);
  while (!rdns.empty()) {
    der::Reader set = rdns.enter(kSet, what);
    std::vector<NameAttribute> rdn;
    while (!set.empty()) rdn.push_back(read_attribute(set.expect(der::kSequence, what)));
    if (rdn.empty()) throw_invalid(std::string(what) + ": an empty RelativeDistinguishedName");
    name.rdns.push_back(std::move(rdn));
  }
  return name;
}

}  // namespace detail
}  // namespace dstu::pkix
