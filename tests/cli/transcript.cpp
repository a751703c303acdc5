#include "transcript.hpp"

#include <doctest/doctest.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace dstu::test {
namespace {

/// How long one command may run before run_dstu kills it: a command that hangs (reads
/// for ever, waits for a terminal) fails its check at once with status 128 + 9 instead
/// of holding the whole test binary until ctest's timeout. Far above any command here,
/// under sanitizers too.
constexpr auto kDeadline = std::chrono::seconds(300);

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

Run run_dstu(const std::vector<std::string>& args, const std::string& input,
             const std::vector<std::string>& env, const std::string& cwd) {
  int in[2], out[2], err[2];
  if (pipe(in) || pipe(out) || pipe(err)) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err[1], 2);
  for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) posix_spawn_file_actions_addclose(&fa, fd);
  std::string exe = DSTU_BINARY;
  std::vector<std::string> argv_s{exe};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s;
  for (char** e = environ; *e; ++e) env_s.emplace_back(*e);
  env_s.insert(env_s.end(), env.begin(), env.end());
  std::vector<char*> envp;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::string old_cwd;
  if (!cwd.empty()) {
    char buf[4096];
    old_cwd = getcwd(buf, sizeof buf) ? buf : "";
    if (chdir(cwd.c_str()) != 0) throw std::runtime_error("chdir failed");
  }
  // A new session: no controlling terminal, so that a command that would ask for a
  // passphrase on the terminal behaves the same under ctest from a shell and in CI.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &fa, &attr, argv.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  if (!cwd.empty() && chdir(old_cwd.c_str()) != 0) throw std::runtime_error("chdir back failed");
  posix_spawn_file_actions_destroy(&fa);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  if (rc != 0) throw std::runtime_error("posix_spawn failed");
  // Feed stdin from a thread so a chatty child cannot deadlock us.
  std::thread feeder([fd = in[1], input]() mutable {
    // A child that exits before reading all its input (a usage error) must not kill
    // the test with SIGPIPE: blocked in this thread, the write fails with EPIPE and the
    // pending signal is dropped with the thread.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    std::size_t done = 0;
    while (done < input.size()) {
      ssize_t n = ::write(fd, input.data() + done, input.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    close(fd);
  });
  Run r;
  int fo = out[0], fe = err[0];
  char buf[65536];
  const auto deadline = std::chrono::steady_clock::now() + kDeadline;
  while (fo >= 0 || fe >= 0) {
    using std::chrono::milliseconds;
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {  // its own session: the group holds the command alone
      kill(-pid, SIGKILL);
      r.err += "run_dstu: killed after " + std::to_string(kDeadline.count()) + " s\n";
      close_fd(fo);
      close_fd(fe);
      break;
    }
    pollfd p[2] = {{fo, POLLIN, 0}, {fe, POLLIN, 0}};
    if (poll(p, 2, static_cast<int>(left.count())) < 0 && errno != EINTR) break;
    for (int k = 0; k < 2; ++k) {
      int& fd = k == 0 ? fo : fe;
      if (fd < 0 || !(p[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n <= 0) {
        close_fd(fd);
      } else {
        (k == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
      }
    }
  }
  feeder.join();
  int status = 0;
  waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TempDir::TempDir() {
  char tmpl[] = "/tmp/dstu-cli-XXXXXX";
  const char* made = ::mkdtemp(tmpl);
  if (made == nullptr) throw std::runtime_error("mkdtemp failed");
  path = made;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

void write(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

}  // namespace dstu::test
