// Reading ahead while hashing: blocks arrive whole and in order through the ring (files
// and pipes, many times around it), read errors surface, and stopping early joins.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"
#include "read_ahead.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

Bytes random_bytes(std::size_t n, std::uint64_t seed) {
  dstu::test::TestRng rng(seed);
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

/// A temporary file holding data; removed on destruction.
struct TempFile {
  std::string path;
  explicit TempFile(const Bytes& data) {
    char tmpl[] = "/tmp/dstu-read-ahead-XXXXXX";
    const int fd = mkstemp(tmpl);
    REQUIRE(fd >= 0);
    ::close(fd);
    path = tmpl;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  }
  ~TempFile() { std::remove(path.c_str()); }
};

/// Writes data into a pipe in uneven pieces with pauses, then closes it.
std::thread slow_writer(int fd, const Bytes& data) {
  return std::thread([fd, &data] {
    std::size_t at = 0, piece = 1;
    while (at < data.size()) {
      const std::size_t n = std::min(piece, data.size() - at);
      const ssize_t w = ::write(fd, data.data() + at, n);
      if (w <= 0) break;
      at += static_cast<std::size_t>(w);
      piece = piece * 7 % 200003 + 1;
      if (piece % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    ::close(fd);
  });
}

Bytes drain(hash::ReadAhead& ahead) {
  Bytes out;
  for (auto block = ahead.next(); !block.empty(); block = ahead.next()) out.insert(out.end(), block.begin(), block.end());
  return out;
}

}  // namespace

TEST_CASE("ReadAhead delivers a file whole and in order, many times around a small ring") {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{4096}, std::size_t{100000}}) {
    const Bytes data = random_bytes(n, n + 1);
    const TempFile f(data);
    const int fd = ::open(f.path.c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    for (std::size_t slots : {1, 2, 3}) {
      REQUIRE(::lseek(fd, 0, SEEK_SET) == 0);
      hash::ReadAhead ahead(fd, 4096, slots, f.path);
      INFO("n=" << n << " slots=" << slots);
      CHECK(drain(ahead) == data);
      CHECK(ahead.next().empty());  // stays at the end
    }
    ::close(fd);
  }
}

TEST_CASE("ReadAhead follows a slow pipe") {
  const Bytes data = random_bytes(3 << 20, 9);
  int p[2];
  REQUIRE(::pipe(p) == 0);
  std::thread writer = slow_writer(p[1], data);
  {
    hash::ReadAhead ahead(p[0], 65536, 3, "pipe");
    CHECK(drain(ahead) == data);
  }
  writer.join();
  ::close(p[0]);
}

TEST_CASE("ReadAhead reports a read error after the blocks before it") {
  {  // a directory: the first read fails
    const int fd = ::open("/tmp", O_RDONLY | O_DIRECTORY);
    REQUIRE(fd >= 0);
    hash::ReadAhead ahead(fd, 4096, 2, "/tmp");
    CHECK_THROWS_AS(ahead.next(), dstu::Error);
    ::close(fd);
  }
  // A non-blocking pipe holding 10,000 octets and never closed: the data arrives whole
  // and in order, then the read that would block (EAGAIN) is an I/O error.
  const Bytes data = random_bytes(10000, 21);
  int p[2];
  REQUIRE(::pipe(p) == 0);
  REQUIRE(::fcntl(p[0], F_SETFL, O_NONBLOCK) == 0);
  REQUIRE(::write(p[1], data.data(), data.size()) == static_cast<ssize_t>(data.size()));
  Bytes got;
  try {
    hash::ReadAhead ahead(p[0], 4096, 2, "the pipe");
    for (auto block = ahead.next(); !block.empty(); block = ahead.next()) got.insert(got.end(), block.begin(), block.end());
    FAIL("no error");
  } catch (const dstu::Error& e) {
    CHECK(e.code() == dstu::Errc::io);
    CHECK(std::string(e.what()).find("the pipe: read failed") != std::string::npos);
  }
  CHECK(got == data);
  ::close(p[0]);
  ::close(p[1]);
}

TEST_CASE("ReadAhead stopped before the end joins its reader") {
  const TempFile f(random_bytes(1 << 20, 3));
  const int fd = ::open(f.path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  for (int consumed : {0, 1, 5}) {
    REQUIRE(::lseek(fd, 0, SEEK_SET) == 0);
    hash::ReadAhead ahead(fd, 4096, 2, f.path);
    for (int i = 0; i < consumed; ++i) CHECK(ahead.next().size() == 4096);
  }  // the destructor must return: the reader waits for a free slot or finishes one read
  ::close(fd);
}

TEST_CASE("hash_file and hash_fd past the first chunk equal one-shot hashing") {
  const Bytes data = random_bytes((std::size_t{6} << 20) + 12345, 11);
  const auto expected = hash::Gost34311::hash(data);
  auto h = hash::make_hasher("gost34311");
  {
    const TempFile f(data);
    CHECK(hash::hash_file(*h, f.path) == Bytes(expected.begin(), expected.end()));
  }
  int p[2];
  REQUIRE(::pipe(p) == 0);
  std::thread writer = slow_writer(p[1], data);
  CHECK(hash::hash_fd(*h, p[0]) == Bytes(expected.begin(), expected.end()));
  writer.join();
  ::close(p[0]);
}
