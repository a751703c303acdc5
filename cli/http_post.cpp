#include "http_post.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>

#include "dstu/base/error.hpp"

namespace dstu::cli {
namespace {

using Clock = std::chrono::steady_clock;

/// The longest status line and header block read before the body.
constexpr std::size_t kHeaderLimit = std::size_t{64} << 10;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

/// An http:// URL taken apart.
struct Url {
  std::string host;  ///< a name or an address, without the brackets of an IPv6 literal
  std::string port = "80";
  std::string path = "/";   ///< with the query, without the fragment
  std::string authority;    ///< the Host header's value
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Sets u.port from the URL's port text; "" (no port, or "host:") leaves it 80.
void set_port(Url& u, const std::string& url, const std::string& port) {
  if (port.empty()) return;
  const bool digits = port.size() <= 5 && std::all_of(port.begin(), port.end(), is_digit);
  if (!digits || std::stoi(port) < 1 || std::stoi(port) > 65535) {
    throw_invalid(url + ": the port '" + port + "' is not a number from 1 to 65535");
  }
  u.port = port;
}

Url parse_url(const std::string& url) {
  const std::string scheme = lower(url.substr(0, url.find(':') + 1));
  if (scheme == "https:") {
    throw_invalid(url + ": dstu speaks plain HTTP to a TSA, as Ukrainian TSAs are reached (give an http:// URL)");
  }
  if (!starts_with(lower(url), "http://")) throw_invalid(url + ": not an http:// URL");
  // Nothing that could end the request line or a header reaches the request.
  if (std::any_of(url.begin(), url.end(), [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; })) {
    throw_invalid("'" + url + "': a URL holds no spaces or control characters");
  }
  const std::string rest = url.substr(7);
  const std::size_t end = std::min(rest.find_first_of("/?#"), rest.size());
  Url u;
  u.authority = rest.substr(0, end);
  if (end < rest.size()) u.path = rest.substr(end, rest.find('#', end) - end);
  if (u.path.empty()) u.path = "/";
  if (u.path[0] != '/') u.path.insert(0, "/");
  if (u.authority.find('@') != std::string::npos) throw_invalid(url + ": user information in a URL is not supported");
  if (!u.authority.empty() && u.authority[0] == '[') {
    const std::size_t close = u.authority.find(']');
    if (close == std::string::npos) throw_invalid(url + ": an IPv6 address without its closing ']'");
    u.host = u.authority.substr(1, close - 1);
    const std::string after = u.authority.substr(close + 1);
    if (!after.empty() && after[0] != ':') throw_invalid(url + ": text after the IPv6 address's ']'");
    set_port(u, url, after.empty() ? "" : after.substr(1));
  } else {
    const std::size_t colon = u.authority.find(':');
    u.host = u.authority.substr(0, colon);
    set_port(u, url, colon == std::string::npos ? "" : u.authority.substr(colon + 1));
  }
  if (u.host.empty()) throw_invalid(url + ": no host");
  return u;
}

std::string size_text(std::size_t n) {
  if (n % (std::size_t{1} << 20) == 0) return std::to_string(n >> 20) + " MiB";
  return std::to_string(n) + " bytes";
}

/// A socket, closed when it goes.
class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() {
    if (fd_ >= 0) ::close(fd_);
  }
  Socket(Socket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket& operator=(Socket&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

/// A status line and the headers this client reads.
struct ReplyHead {
  std::string status_line;
  std::string content_type, content_length, transfer_encoding;
};

/// One request and its reply, against one deadline.
class Exchange {
 public:
  Exchange(const HttpPost& request, const Url& url)
      : request_(request), url_(url), deadline_(Clock::now() + request.timeout) {}

  Bytes run(std::span<const std::uint8_t> body) {
    connect();
    std::string head = "POST " + url_.path + " HTTP/1.1\r\nHost: " + url_.authority + "\r\nContent-Type: " +
                       request_.content_type + "\r\nContent-Length: " + std::to_string(body.size());
    if (!request_.reply_types.empty()) head += "\r\nAccept: " + request_.reply_types[0];
    head += "\r\nConnection: close\r\nUser-Agent: dstu\r\n\r\n";
    send_all(head);
    send_all(std::string_view(reinterpret_cast<const char*>(body.data()), body.size()));
    const ReplyHead reply = read_head();
    check(reply);
    if (lower(reply.transfer_encoding) == "chunked") return chunked_body();
    if (!reply.transfer_encoding.empty()) {
      fail("a transfer coding this client does not read: " + reply.transfer_encoding.substr(0, 40));
    }
    return reply.content_length.empty() ? body_to_close() : sized_body(reply.content_length);
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw_io(request_.url + ": " + what); }
  [[noreturn]] void timed_out(const char* waiting_for) const {
    const auto ms = request_.timeout.count();
    const std::string waited = ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
    fail(std::string(waiting_for) + " within " + waited);
  }
  [[noreturn]] void too_large() const { fail("a reply larger than " + size_text(request_.limit)); }

  /// Waits until the socket is ready for `events`; false once the deadline has passed.
  bool wait(short events) const {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{socket_.fd(), events, 0};
      const int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
      if (n > 0) return true;
      if (n < 0 && errno != EINTR) fail(std::string("poll: ") + std::strerror(errno));
    }
  }

  /// Connects to the first of the host's addresses that accepts (the name resolved
  /// without the deadline: getaddrinfo takes none).
  void connect() {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_protocol = IPPROTO_TCP;
    addrinfo* list = nullptr;
    if (const int rc = ::getaddrinfo(url_.host.c_str(), url_.port.c_str(), &hints, &list); rc != 0) {
      fail("cannot resolve " + url_.host + ": " + ::gai_strerror(rc));
    }
    const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(list, ::freeaddrinfo);
    int last = 0;
    for (const addrinfo* a = list; a != nullptr; a = a->ai_next) {
      socket_ = Socket(::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol));
      if (socket_.fd() < 0) {
        last = errno;
        continue;
      }
      if (::connect(socket_.fd(), a->ai_addr, a->ai_addrlen) == 0) return;
      if (errno != EINPROGRESS) {
        last = errno;
        continue;
      }
      if (!wait(POLLOUT)) timed_out("no connection");
      int err = 0;
      socklen_t len = sizeof err;
      if (::getsockopt(socket_.fd(), SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
      if (err == 0) return;
      last = err;
    }
    if (last == ECONNREFUSED) fail("connection refused");
    fail(std::string("cannot connect: ") + std::strerror(last));
  }

  void send_all(std::string_view data) {
    while (!data.empty()) {
      const ssize_t n = ::send(socket_.fd(), data.data(), data.size(), MSG_NOSIGNAL);
      if (n > 0) {
        data.remove_prefix(static_cast<std::size_t>(n));
      } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (!wait(POLLOUT)) timed_out("the request not sent");
      } else if (errno != EINTR) {
        fail(std::string("cannot send the request: ") + std::strerror(errno));
      }
    }
  }

  /// Reads more of the reply into buf_; false at its end. The raw octets are bounded too
  /// (the body's limit, room for the headers and for a chunked body's framing).
  bool more() {
    char chunk[16384];
    for (;;) {
      const ssize_t n = ::recv(socket_.fd(), chunk, sizeof chunk, 0);
      if (n > 0) {
        buf_.append(chunk, static_cast<std::size_t>(n));
        if (buf_.size() > 2 * request_.limit + kHeaderLimit) too_large();
        return true;
      }
      if (n == 0) return false;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (!wait(POLLIN)) timed_out("no reply");
      } else if (errno != EINTR) {
        fail(std::string("cannot read the reply: ") + std::strerror(errno));
      }
    }
  }

  /// Makes n octets from pos_ available.
  void need(std::size_t n) {
    while (buf_.size() - pos_ < n) {
      if (!more()) fail("the reply ends early");
    }
  }

  /// The status line and headers, pos_ left at the body.
  ReplyHead read_head() {
    std::size_t end;
    while ((end = buf_.find("\r\n\r\n")) == std::string::npos) {
      if (buf_.size() > kHeaderLimit) fail("reply headers longer than " + std::to_string(kHeaderLimit >> 10) + " KiB");
      if (!more()) fail(buf_.empty() ? "the connection closed without a reply" : "the reply ends in its headers");
    }
    pos_ = end + 4;
    ReplyHead head;
    std::size_t at = buf_.find("\r\n");
    head.status_line = buf_.substr(0, at);
    while (at < end) {
      const std::size_t next = buf_.find("\r\n", at + 2);
      const std::string_view line(buf_.data() + at + 2, next - at - 2);
      at = next;
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) continue;
      const std::string name = lower(std::string(trim(line.substr(0, colon))));
      const std::string value(trim(line.substr(colon + 1)));
      if (name == "content-type") head.content_type = value;
      if (name == "content-length") head.content_length = value;
      if (name == "transfer-encoding") head.transfer_encoding = value;
    }
    return head;
  }

  /// A 200 reply of an accepted media type, or the error saying what it is instead.
  void check(const ReplyHead& head) const {
    std::string line = head.status_line.substr(0, 120);
    for (char& c : line) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    const std::size_t space = line.find(' ');
    if (!starts_with(line, "HTTP/") || space == std::string::npos) fail("not an HTTP reply");
    if (line.substr(space + 1, 3) != "200" || (line.size() > space + 4 && line[space + 4] != ' ')) {
      fail("the server replied " + line);
    }
    const std::string_view media = std::string_view(head.content_type).substr(0, head.content_type.find(';'));
    const std::string type = lower(std::string(trim(media)));
    if (type.empty()) fail("a reply without a content type");
    const auto& ok = request_.reply_types;
    if (!ok.empty() && std::find(ok.begin(), ok.end(), type) == ok.end()) {
      fail("a reply of type " + type.substr(0, 80) + ", not " + ok[0]);
    }
  }

  Bytes taken(std::size_t n) {
    Bytes out(buf_.begin() + static_cast<std::ptrdiff_t>(pos_), buf_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
    pos_ += n;
    return out;
  }

  Bytes sized_body(const std::string& length) {
    if (length.empty() || length.size() > 15 || !std::all_of(length.begin(), length.end(), is_digit)) {
      fail("a Content-Length that is not a number: " + length.substr(0, 40));
    }
    const std::size_t n = std::stoull(length);
    if (n > request_.limit) too_large();
    need(n);
    return taken(n);
  }

  Bytes body_to_close() {
    while (more()) {
      if (buf_.size() - pos_ > request_.limit) too_large();
    }
    if (buf_.size() - pos_ > request_.limit) too_large();
    return taken(buf_.size() - pos_);
  }

  /// A chunked body (RFC 9112 §7.1); chunk extensions and trailers are skipped.
  Bytes chunked_body() {
    Bytes body;
    for (;;) {
      std::size_t eol;
      while ((eol = buf_.find("\r\n", pos_)) == std::string::npos) {
        if (!more()) fail("the reply ends in a chunk's size");
      }
      const std::string_view line = std::string_view(buf_).substr(pos_, eol - pos_);
      const std::string_view digits = trim(line.substr(0, line.find(';')));
      const auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
      if (digits.empty() || digits.size() > 8 || !std::all_of(digits.begin(), digits.end(), hex)) {
        fail("a chunk size that is not a hex number");
      }
      const std::size_t n = std::stoul(std::string(digits), nullptr, 16);
      pos_ = eol + 2;
      if (n == 0) return body;  // the trailers are the close's to end
      if (body.size() + n > request_.limit) too_large();
      need(n + 2);
      if (buf_.compare(pos_ + n, 2, "\r\n") != 0) fail("a chunk not followed by CRLF");
      const Bytes part = taken(n);
      body.insert(body.end(), part.begin(), part.end());
      pos_ += 2;
    }
  }

  const HttpPost& request_;
  const Url& url_;
  const Clock::time_point deadline_;
  Socket socket_;
  std::string buf_;
  std::size_t pos_ = 0;
};

}  // namespace

void check_http_url(const std::string& url) { parse_url(url); }

Bytes http_post(const HttpPost& request, std::span<const std::uint8_t> body) {
  const Url url = parse_url(request.url);
  return Exchange(request, url).run(body);
}

}  // namespace dstu::cli
