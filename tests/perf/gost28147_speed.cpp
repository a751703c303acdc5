// Benchmark (never a test): GOST 28147-89 and the hashes that run it, one thread, 16 KiB
// messages, MB/s = 10^6 octets per second of this thread's CPU time; medians of
// samples. The cipher rows run on the CPU path of DSTU_CPU (native, native,-avx512f,
// portable, ...); the two baselines are the one-block-at-a-time rounds that every mode
// ran before the vector kernels (the bitsliced ANF round and the table round), timed in
// the same run so that the ratios do not depend on the machine's load.
//
// Usage: gost28147_speed [samples=9]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/gost34311.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"
#include "per_call.hpp"

namespace {

namespace ci = dstu::cipher;
using dstu::perf::keep;

constexpr std::size_t kMessage = 16 * 1024;

struct Row {
  std::string name;
  double mb_s;
};

/// MB/s of f over a 16 KiB message: the median of `samples` samples of CPU time.
template <class F>
double mb_per_s(int samples, F&& f) {
  const long calls = dstu::perf::calls_lasting(std::chrono::milliseconds(20), f);
  const double ns = dstu::perf::median_ns_per_call<dstu::perf::ThreadCpuClock>(samples, calls, f);
  return static_cast<double>(kMessage) / ns * 1e3;
}

/// The constant-time round as it was at 407d3d9 (the baseline): the sixteen products of
/// the ANF summed one after the other. The library's f_ct groups them since.
inline std::uint32_t f_ct_407d3d9(const std::uint32_t* anf, std::uint32_t x) {
  const std::uint32_t x0 = (x & 0x11111111u) * 15u;
  const std::uint32_t x1 = ((x >> 1) & 0x11111111u) * 15u;
  const std::uint32_t x2 = ((x >> 2) & 0x11111111u) * 15u;
  const std::uint32_t x3 = ((x >> 3) & 0x11111111u) * 15u;
  const std::uint32_t x01 = x0 & x1, x23 = x2 & x3;
  std::uint32_t s = anf[0];
  s ^= x0 & anf[1];
  s ^= x1 & anf[2];
  s ^= x01 & anf[3];
  s ^= x2 & anf[4];
  s ^= (x0 & x2) & anf[5];
  s ^= (x1 & x2) & anf[6];
  s ^= (x01 & x2) & anf[7];
  s ^= x3 & anf[8];
  s ^= (x0 & x3) & anf[9];
  s ^= (x1 & x3) & anf[10];
  s ^= (x01 & x3) & anf[11];
  s ^= x23 & anf[12];
  s ^= (x0 & x23) & anf[13];
  s ^= (x1 & x23) & anf[14];
  s ^= (x01 & x23) & anf[15];
  return (s << 11) | (s >> 21);
}

struct RoundCt407d3d9 {
  const std::uint32_t* anf;
  std::uint32_t operator()(std::uint32_t b, std::uint32_t a, const std::uint32_t& k) const {
    return b ^ f_ct_407d3d9(anf, a + k);
  }
};

/// The modes as they were before the vector kernels: one block at a time through
/// round function f (ECB, and the gamma of §3).
template <class F>
void ecb_one_at_a_time(const F& f, const std::uint32_t* key, std::uint8_t* out, const std::uint8_t* in) {
  for (std::size_t i = 0; i < kMessage; i += 8) {
    dstu::store_le64(out + i, ci::detail::encrypt_word(f, key, dstu::load_le64(in + i)));
  }
}

template <class F>
void ctr_one_at_a_time(const F& f, const std::uint32_t* key, std::uint8_t* out, const std::uint8_t* in) {
  const std::uint64_t s = ci::detail::encrypt_word(f, key, 0x0706050403020100ull);
  std::uint32_t n3 = static_cast<std::uint32_t>(s), n4 = static_cast<std::uint32_t>(s >> 32);
  for (std::size_t i = 0; i < kMessage; i += 8) {
    n3 += 0x01010101u;
    const std::uint64_t t = static_cast<std::uint64_t>(n4) + 0x01010104u;
    n4 = static_cast<std::uint32_t>(t + (t >> 32));
    const std::uint64_t g = ci::detail::encrypt_word(f, key, n3 | static_cast<std::uint64_t>(n4) << 32);
    dstu::store_le64(out + i, dstu::load_le64(in + i) ^ g);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 9;
  std::vector<std::uint8_t> msg(kMessage), out(kMessage);
  for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i * 2654435761u >> 13);
  std::uint8_t key_bytes[32], iv[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (int i = 0; i < 32; ++i) key_bytes[i] = static_cast<std::uint8_t>(0x5a ^ (7 * i));
  std::uint32_t key[8];
  for (int i = 0; i < 8; ++i) key[i] = dstu::load_le32(key_bytes + 4 * i);
  const ci::SBox& sbox = ci::SBox::dke1();

  std::printf("GOST 28147-89, 16 KiB messages, one thread; CPU path %s (%s), kernels %s\n",
              dstu::cpu::override_spec().c_str(), dstu::cpu::describe(dstu::cpu::active()).c_str(),
              ci::detail::gost28147_kernels().name);
  std::vector<Row> rows;
  const auto add = [&](const std::string& name, double v) {
    rows.push_back({name, v});
    std::printf("%-34s %9.1f MB/s\n", name.c_str(), v);
    std::fflush(stdout);
  };

  // Baselines: the rounds every mode ran one block at a time before.
  const auto anf = ci::detail::build_anf(sbox);
  ci::detail::Gost28147Tables tables;
  ci::detail::build_tables(tables, sbox);
  const RoundCt407d3d9 round_ct{anf.data()};
  const ci::detail::RoundVartime round_table{tables};
  add("baseline ct round, ECB", mb_per_s(samples, [&] { ecb_one_at_a_time(round_ct, key, out.data(), msg.data()); keep(out); }));
  add("baseline table round, ECB", mb_per_s(samples, [&] { ecb_one_at_a_time(round_table, key, out.data(), msg.data()); keep(out); }));
  add("baseline ct round, CTR", mb_per_s(samples, [&] { ctr_one_at_a_time(round_ct, key, out.data(), msg.data()); keep(out); }));
  add("baseline table round, CTR", mb_per_s(samples, [&] { ctr_one_at_a_time(round_table, key, out.data(), msg.data()); keep(out); }));

  const ci::Gost28147 ct(key_bytes, sbox, ci::Gost28147Impl::constant_time);
  const ci::Gost28147 table(key_bytes, sbox, ci::Gost28147Impl::table_vartime);
  add("ECB encrypt (constant time)", mb_per_s(samples, [&] { ct.ecb_encrypt(out, msg); keep(out); }));
  add("ECB decrypt (constant time)", mb_per_s(samples, [&] { ct.ecb_decrypt(out, msg); keep(out); }));
  add("CTR (constant time)", mb_per_s(samples, [&] { ct.ctr_crypt(out, msg, iv); keep(out); }));
  add("CFB encrypt (constant time)", mb_per_s(samples, [&] { ct.cfb_encrypt(out, msg, iv); keep(out); }));
  add("CFB decrypt (constant time)", mb_per_s(samples, [&] { ct.cfb_decrypt(out, msg, iv); keep(out); }));
  add("MAC (constant time)", mb_per_s(samples, [&] { keep(ct.mac(msg)); }));
  add("ECB encrypt (table, vartime)", mb_per_s(samples, [&] { table.ecb_encrypt(out, msg); keep(out); }));

  // The hashes that run GOST 28147 (16 KiB messages too).
  dstu::hash::Gost34311Params pt, pc;
  pc.impl = ci::Gost28147Impl::constant_time;
  add("GOST 34.311 (table, public data)", mb_per_s(samples, [&] { keep(dstu::hash::Gost34311::hash(msg, pt)); }));
  add("GOST 34.311 (constant time)", mb_per_s(samples, [&] { keep(dstu::hash::Gost34311::hash(msg, pc)); }));
  add("HMAC-GOST34.311", mb_per_s(samples, [&] { keep(dstu::hash::HmacGost34311::mac(key_bytes, msg)); }));
  {
    std::uint8_t dk[32];
    const std::uint8_t salt[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    const double ns = dstu::perf::median_ns_per_call<dstu::perf::ThreadCpuClock>(samples > 3 ? 3 : samples, 1, [&] {
      dstu::hash::pbkdf2_hmac_gost34311(dk, key_bytes, salt, 10000);
      keep(dk);
    });
    std::printf("%-34s %9.1f ms\n", "PBKDF2-HMAC-GOST34.311, 10000 it.", ns / 1e6);
  }

  const double base_ct = rows[0].mb_s, base_table = rows[1].mb_s;
  const double base_ct_ctr = rows[2].mb_s, base_table_ctr = rows[3].mb_s;
  std::printf("\nratios (same run): ECB %.2fx the ct round, %.2fx the table round; "
              "CTR %.2fx the ct round, %.2fx the table round\n",
              rows[4].mb_s / base_ct, rows[4].mb_s / base_table, rows[6].mb_s / base_ct_ctr,
              rows[6].mb_s / base_table_ctr);
  return 0;
}
