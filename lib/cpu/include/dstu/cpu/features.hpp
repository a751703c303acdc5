// dstu::cpu — run-time CPU feature detection and the one override switch.
//
// Every hardware-specific kernel in the library asks active() at call time whether
// it may run. Detection happens once; the override can be changed at any time (the
// tests run every vector once per path). The override comes from the environment
// variable DSTU_CPU or from set_override() (the CLI's --cpu flag):
//   "native"               everything the hardware has (default)
//   "portable"             no ISA extensions at all: every portable kernel
//   "native,-vpclmulqdq"   native minus the features named with a leading '-'
#pragma once

#include <string>
#include <string_view>

namespace dstu::cpu {

/// The x86-64 extensions the library can use.
struct Features {
  bool pclmulqdq = false;   ///< carry-less multiply (GF(2^m) multiplication)
  bool vpclmulqdq = false;  ///< vector carry-less multiply (with AVX-512 or AVX2)
  bool avx2 = false;
  bool avx512f = false;
  bool avx512vl = false;
  bool avx512bw = false;
  bool avx512ifma = false;  ///< 52-bit multiply-add (radix-2^52 Montgomery arithmetic)
  bool avx512vbmi = false;  ///< vpermb / vpermi2b: byte permutes over a whole register (S-box lookups)
  bool bmi2 = false;  ///< mulx, shlx, ...
  bool adx = false;   ///< adcx/adox: two carry chains in multiprecision kernels
  bool aesni = false;
  bool sha = false;
  bool gfni = false;
  bool vaes = false;  ///< AES rounds on YMM/ZMM registers (several blocks per instruction)
};

/// The vector carry-less kernels (lib/gf2m's Isa::vpclmul) may run under f: they need
/// VPCLMULQDQ on ZMM registers, so AVX-512F, and PCLMULQDQ for the rest of the field.
/// The one place that says so.
constexpr bool vpclmul_kernels(const Features& f) { return f.vpclmulqdq && f.avx512f && f.pclmulqdq; }

/// What this CPU and OS support (detected once, thread-safe).
const Features& detected();

/// What kernels may use now: detected() minus the override.
const Features& active();

/// True when `name` is one of the extensions above as the override spells it after
/// its '-' ("avx2", "adx", ...).
bool is_extension(std::string_view name);

/// Sets the override (same syntax as DSTU_CPU). Throws Error(invalid_input) on an
/// unknown word. Not thread-safe: call before starting parallel work.
void set_override(std::string_view spec);

/// Test hook: the active features also get `extra`'s, as if detected, unless the
/// override switches them off. For the constant-time checker, whose emulator (Valgrind
/// 3.19) hides ADX from CPUID although it runs ADCX and ADOX: it passes what the host's
/// /proc/cpuinfo reports. A kernel the CPU lacks would fault. Not thread-safe, as
/// set_override.
void assume_for_testing(const Features& extra);

/// The current override in canonical form ("native", "portable", "native,-adx").
std::string override_spec();

/// Space-separated names of the features set in f, e.g. "pclmulqdq avx2 bmi2".
std::string describe(const Features& f);

/// True when no extension is active, i.e. the portable path is forced or absent.
bool portable();

}  // namespace dstu::cpu
