#include "dstu/cpu/features.hpp"

#include <cpuid.h>

#include <array>
#include <cstdint>
#include <cstdlib>

#include "dstu/base/error.hpp"

namespace dstu::cpu {
namespace {

struct Named {
  const char* name;
  bool Features::*flag;
};

constexpr std::array<Named, 14> kNames{{
    {"pclmulqdq", &Features::pclmulqdq}, {"vpclmulqdq", &Features::vpclmulqdq},
    {"avx2", &Features::avx2},           {"avx512f", &Features::avx512f},
    {"avx512vl", &Features::avx512vl},   {"avx512bw", &Features::avx512bw},
    {"avx512ifma", &Features::avx512ifma}, {"avx512vbmi", &Features::avx512vbmi},
    {"bmi2", &Features::bmi2},           {"adx", &Features::adx},
    {"aesni", &Features::aesni},         {"sha", &Features::sha},
    {"gfni", &Features::gfni},           {"vaes", &Features::vaes},
}};

const Named* find(std::string_view name) {
  for (const auto& n : kNames) {
    if (name == n.name) return &n;
  }
  return nullptr;
}

std::uint64_t xgetbv0() {
  std::uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return static_cast<std::uint64_t>(hi) << 32 | lo;
}

Features detect() {
  Features f;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
  const bool osxsave = (c >> 27) & 1;
  const std::uint64_t xcr0 = osxsave ? xgetbv0() : 0;
  const bool os_avx = (xcr0 & 0x6) == 0x6;
  const bool os_avx512 = (xcr0 & 0xe6) == 0xe6;
  f.pclmulqdq = (c >> 1) & 1;
  f.aesni = (c >> 25) & 1;
  const bool avx = ((c >> 28) & 1) && os_avx;
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
    f.avx2 = avx && ((b >> 5) & 1);
    f.bmi2 = (b >> 8) & 1;
    f.adx = (b >> 19) & 1;
    f.sha = (b >> 29) & 1;
    f.avx512f = os_avx512 && ((b >> 16) & 1);
    f.avx512bw = f.avx512f && ((b >> 30) & 1);
    f.avx512vl = f.avx512f && ((b >> 31) & 1);
    f.avx512ifma = f.avx512f && ((b >> 21) & 1);
    f.avx512vbmi = f.avx512f && ((c >> 1) & 1);
    f.gfni = (c >> 8) & 1;
    f.vpclmulqdq = avx && f.pclmulqdq && ((c >> 10) & 1);
    f.vaes = avx && f.aesni && ((c >> 9) & 1);
  }
  return f;
}

struct Override {
  bool portable = false;
  Features disabled;  // a flag set here is switched off
};

Override parse(std::string_view spec) {
  Override o;
  while (!spec.empty()) {
    auto comma = spec.find(',');
    std::string_view word = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    if (word.empty() || word == "native") continue;
    if (word == "portable") {
      o.portable = true;
      continue;
    }
    const Named* n = word.front() == '-' ? find(word.substr(1)) : nullptr;
    if (n == nullptr) {
      throw_invalid("unknown CPU path '" + std::string(word) +
                    "' (expected native, portable or -FEATURE)");
    }
    o.disabled.*(n->flag) = true;
  }
  return o;
}

Features apply(const Override& o) {
  if (o.portable) return Features{};
  Features f = detected();
  for (const auto& n : kNames) {
    if (o.disabled.*(n.flag)) f.*(n.flag) = false;
  }
  return f;
}

struct State {
  Override override_;
  Features active;
};

State& state() {
  static State s = [] {
    Override o;
    if (const char* env = std::getenv("DSTU_CPU")) {
      try {
        o = parse(env);
      } catch (const Error&) {
        // reported by the CLI, which re-parses DSTU_CPU at start-up
      }
    }
    return State{o, apply(o)};
  }();
  return s;
}

}  // namespace

const Features& detected() {
  static const Features f = detect();
  return f;
}

const Features& active() { return state().active; }

bool is_extension(std::string_view name) { return find(name) != nullptr; }

void set_override(std::string_view spec) {
  Override o = parse(spec);
  state() = State{o, apply(o)};
}

void assume_for_testing(const Features& extra) {
  State& s = state();
  if (s.override_.portable) return;
  for (const auto& n : kNames) {
    if (extra.*(n.flag) && !(s.override_.disabled.*(n.flag))) s.active.*(n.flag) = true;
  }
}

std::string override_spec() {
  const Override& o = state().override_;
  if (o.portable) return "portable";
  std::string s = "native";
  for (const auto& n : kNames) {
    if (o.disabled.*(n.flag)) s += std::string(",-") + n.name;
  }
  return s;
}

std::string describe(const Features& f) {
  std::string s;
  for (const auto& n : kNames) {
    if (f.*(n.flag)) {
      if (!s.empty()) s += ' ';
      s += n.name;
    }
  }
  return s.empty() ? "none" : s;
}

bool portable() {
  const Features& f = active();
  for (const auto& n : kNames) {
    if (f.*(n.flag)) return false;
  }
  return true;
}

}  // namespace dstu::cpu
