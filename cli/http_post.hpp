// A minimal HTTP/1.1 client for the time-stamp protocol over HTTP (RFC 3161 §3.4): one
// POST to an http://host[:port]/path URL (host a name, an IPv4 address or a [IPv6]
// literal), the reply read whole within a deadline and a size limit, its body by
// Content-Length, chunked, or to the close. Plain HTTP only: Ukrainian TSAs are reached
// that way, and what matters in the reply is signed by the TSA, whatever carried it.
// Nothing here is secret.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"

namespace dstu::cli {

/// One POST: where, what it sends, what it accepts back, and for how long.
struct HttpPost {
  std::string url;
  std::string content_type;              ///< the request body's media type
  std::vector<std::string> reply_types;  ///< media types accepted for the reply (lower case)
  std::chrono::milliseconds timeout{30000};  ///< for the whole exchange, connection included
  std::size_t limit = std::size_t{1} << 20;  ///< the largest reply body
};

/// POSTs `body` to `request.url` and returns the body of its 200 reply. Error, one line
/// naming the URL and what failed: a URL that is not http://host[:port]/path (https://
/// among them), a host that does not resolve, the connection refused, no reply within the
/// timeout, a status other than 200 (its status line), another content type, a reply over
/// the limit, a reply cut short or not HTTP.
Bytes http_post(const HttpPost& request, std::span<const std::uint8_t> body);

/// Error(invalid_input), as http_post would, when `url` is not one it can POST to; so
/// that a command refuses it before any work.
void check_http_url(const std::string& url);

}  // namespace dstu::cli
