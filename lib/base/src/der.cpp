// Strict DER (ITU-T X.690 §10) encoding and decoding.
#include "dstu/base/der.hpp"

#include <charconv>

#include "dstu/base/error.hpp"

namespace dstu::der {
namespace {

[[noreturn]] void malformed(const std::string& what) { throw_invalid("malformed DER: " + what); }

/// The DER length octets of len in out[0..), their count returned (at most 9).
std::size_t length_octets(std::uint8_t (&out)[9], std::size_t len) {
  if (len < 0x80) {
    out[0] = static_cast<std::uint8_t>(len);
    return 1;
  }
  std::uint8_t tmp[8];
  std::size_t n = 0;
  for (std::size_t v = len; v; v >>= 8) tmp[n++] = static_cast<std::uint8_t>(v);
  out[0] = static_cast<std::uint8_t>(0x80 | n);
  for (std::size_t i = 0; i < n; ++i) out[1 + i] = tmp[n - 1 - i];
  return n + 1;
}

template <class Out>
void put_base128(Out& out, std::uint64_t v) {
  std::uint8_t tmp[10];
  int n = 0;
  do {
    tmp[n++] = static_cast<std::uint8_t>(v & 0x7f);
    v >>= 7;
  } while (v);
  while (n > 0) {
    --n;
    out.push_back(static_cast<std::uint8_t>(tmp[n] | (n > 0 ? 0x80 : 0)));
  }
}

}  // namespace

Bytes encode_oid(std::string_view dotted) {
  if (dotted.empty() || dotted.back() == '.') throw_invalid("'" + std::string(dotted) + "' is not an OID");
  std::vector<std::uint64_t> arcs;
  while (!dotted.empty()) {
    const auto dot = dotted.find('.');
    const std::string_view part = dotted.substr(0, dot);
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || p != part.data() + part.size()) {
      throw_invalid("'" + std::string(part) + "' is not an OID arc");
    }
    arcs.push_back(v);
    dotted = dot == std::string_view::npos ? std::string_view{} : dotted.substr(dot + 1);
  }
  if (arcs.size() < 2 || arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40)) throw_invalid("not an OID");
  Bytes out;
  put_base128(out, arcs[0] * 40 + arcs[1]);
  for (std::size_t i = 2; i < arcs.size(); ++i) put_base128(out, arcs[i]);
  return out;
}

std::string decode_oid(std::span<const std::uint8_t> c) {
  if (c.empty()) malformed("empty OBJECT IDENTIFIER");
  std::string out;
  std::uint64_t v = 0;
  bool first = true;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (v == 0 && c[i] == 0x80) malformed("OID arc with a leading 0x80");
    if (v >> 57) malformed("OID arc too large");
    v = v << 7 | (c[i] & 0x7f);
    if (c[i] & 0x80) {
      if (i + 1 == c.size()) malformed("truncated OID arc");
      continue;
    }
    if (first) {
      const std::uint64_t a = v < 80 ? v / 40 : 2;
      out = std::to_string(a) + "." + std::to_string(v - 40 * a);
      first = false;
    } else {
      out += "." + std::to_string(v);
    }
    v = 0;
  }
  return out;
}

void Writer::element(std::uint8_t tag, std::span<const std::uint8_t> content) {
  std::uint8_t len[9];
  const std::size_t n = length_octets(len, content.size());
  out_.push_back(tag);
  out_.insert(out_.end(), len, len + n);
  out_.insert(out_.end(), content.begin(), content.end());
}

void Writer::integer(std::span<const std::uint8_t> be) {
  std::size_t skip = 0;
  while (skip + 1 < be.size() && be[skip] == 0) ++skip;  // minimal: no leading zeros
  SecureBytes c;
  if (be.empty() || (be[skip] & 0x80)) c.push_back(0);  // keep it non-negative
  c.insert(c.end(), be.begin() + static_cast<std::ptrdiff_t>(skip), be.end());
  if (be.empty()) c = {0};
  element(kInteger, c);
}

void Writer::integer(std::uint64_t value) {
  std::uint8_t be[8];
  store_be64(be, value);
  integer(be);
}

void Writer::octet_string(std::span<const std::uint8_t> c) { element(kOctetString, c); }

void Writer::bit_string(std::span<const std::uint8_t> c) {
  SecureBytes v{0};
  v.insert(v.end(), c.begin(), c.end());
  element(kBitString, v);
}

void Writer::oid(std::string_view dotted) { element(kOid, encode_oid(dotted)); }

void Writer::null() { element(kNull, {}); }

void Writer::raw(std::span<const std::uint8_t> encoded) { out_.insert(out_.end(), encoded.begin(), encoded.end()); }

void Writer::begin(std::uint8_t tag) {
  out_.push_back(tag);
  open_.push_back(out_.size());
}

void Writer::end() {
  if (open_.empty()) throw_invalid("DER writer: end() without begin()");
  const std::size_t start = open_.back();
  open_.pop_back();
  // The length goes in front of the content in place (no copy of the content outside
  // the wiping buffer).
  std::uint8_t len[9];
  const std::size_t n = length_octets(len, out_.size() - start);
  out_.insert(out_.begin() + static_cast<std::ptrdiff_t>(start), len, len + n);
}

Bytes Writer::finish() {
  const SecureBytes encoded = finish_secret();
  return Bytes(encoded.begin(), encoded.end());
}

SecureBytes Writer::finish_secret() {
  if (!open_.empty()) throw_invalid("DER writer: unclosed structure");
  return std::move(out_);
}

std::uint8_t Reader::peek() const {
  if (rest_.empty()) malformed("unexpected end of data");
  return rest_[0];
}

Element Reader::next() {
  if (rest_.size() < 2) malformed("truncated element");
  const std::uint8_t tag = rest_[0];
  if ((tag & 0x1f) == 0x1f) malformed("multi-byte tags are not used here");
  std::size_t len = rest_[1], pos = 2;
  if (len & 0x80) {
    const std::size_t n = len & 0x7f;
    if (n == 0) malformed("indefinite length");
    if (n > 4) malformed("length too large");
    if (rest_.size() < 2 + n) malformed("truncated length");
    len = 0;
    for (std::size_t i = 0; i < n; ++i) len = len << 8 | rest_[2 + i];
    if (rest_[2] == 0 || len < 0x80) malformed("non-minimal length");
    pos += n;
  }
  if (len > rest_.size() - pos) malformed("element longer than its data");
  Element e{tag, rest_.subspan(pos, len), rest_.subspan(0, pos + len)};
  rest_ = rest_.subspan(pos + len);
  return e;
}

Element Reader::expect(std::uint8_t tag, const char* what) {
  const Element e = next();
  if (e.tag != tag) malformed(std::string(what) + ": unexpected tag");
  return e;
}

Reader Reader::enter(std::uint8_t tag, const char* what) { return Reader(expect(tag, what).content); }

Bytes Reader::integer(const char* what) {
  const auto c = integer_view(what);
  return Bytes(c.begin(), c.end());
}

std::span<const std::uint8_t> Reader::integer_view(const char* what) {
  const Element e = expect(kInteger, what);
  const auto c = e.content;
  if (c.empty()) malformed(std::string(what) + ": empty INTEGER");
  if (c.size() > 1 && ((c[0] == 0 && !(c[1] & 0x80)) || (c[0] == 0xff && (c[1] & 0x80)))) {
    malformed(std::string(what) + ": non-minimal INTEGER");
  }
  if (c[0] & 0x80) malformed(std::string(what) + ": negative INTEGER");
  return c.subspan(c[0] == 0 ? 1 : 0);
}

std::uint64_t Reader::small_integer(const char* what) {
  const Bytes b = integer(what);
  if (b.size() > 8) malformed(std::string(what) + ": INTEGER too large");
  std::uint64_t v = 0;
  for (std::uint8_t x : b) v = v << 8 | x;
  return v;
}

std::string Reader::oid(const char* what) { return decode_oid(expect(kOid, what).content); }

Bytes Reader::octet_string(const char* what) {
  const auto c = octet_string_view(what);
  return Bytes(c.begin(), c.end());
}

std::span<const std::uint8_t> Reader::octet_string_view(const char* what) {
  return expect(kOctetString, what).content;
}

Bytes Reader::bit_string(const char* what) {
  const auto c = expect(kBitString, what).content;
  if (c.empty() || c[0] != 0) malformed(std::string(what) + ": BIT STRING with unused bits");
  return Bytes(c.begin() + 1, c.end());
}

void Reader::finish(const char* what) const {
  if (!rest_.empty()) malformed(std::string(what) + ": trailing data");
}

}  // namespace dstu::der
