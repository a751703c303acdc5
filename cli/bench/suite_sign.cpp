// dstu bench sign: DSTU 4145 per curve — keygen, presignature (nonce and e G), sign and
// verify on one thread ([Crypto Library Slides] Performance #3), and the split comb of
// signing and the two scalar multiplications of verification on two threads against
// their sequential twins ([Parallel DSTU 4145] Tables 3-4; `dstu bench seeds` derives V/S
// and the speed-ups); and the batches (verify_batch under one key and under a key per request, sign_batch) of 64
// or 1000 requests on 1 and 2 threads, per request, beside `verify` and `sign` one at
// a time. `sign` and `verify` are the
// sequential twins (threads 1); `sign_chosen` and `verify_chosen` the default path on
// two threads, which splits only where the process measured the split faster.
#include "bench/bench.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/chosen.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

/// Requests per batch: 1000 on dstu257 (the target is stated for 1000
/// signatures there), 64 on the other curves and with --quick.
std::size_t batch_requests(const ec2m::Curve& c, bool quick) { return !quick && c.name() == "dstu257" ? 1000 : 64; }

/// What the process chose for a *_chosen row, and the medians it chose on (ns).
void note_choice(Record& r, const parallel::Calibration& state) {
  r.params["choice"] = parallel::state_name(state.state());
  if (state.sequential_median_ns() > 0) {
    r.params["calibration_ns"] = {{"sequential", state.sequential_median_ns()}, {"split", state.split_median_ns()}};
  }
}

/// A record of whole batches of n requests turned into time per request.
void per_request(Record& r, std::size_t n) {
  set(r, stats::scaled(summary(r), 1.0 / static_cast<double>(n)));
  r.iterations *= n;
}

/// n signatures of random digests, each under keys[i % keys.size()], and their
/// verification requests (the vectors must outlive the requests).
struct SignedBatch {
  std::vector<dstu4145::PublicKey> pubs;
  std::vector<Bytes> digests;
  std::vector<dstu4145::Signature> sigs;
  std::vector<dstu4145::VerifyRequest> req;
  SignedBatch(const ec2m::Curve& c, std::size_t n, std::size_t key_count, rng::ChaCha20Drbg& rng) {
    std::vector<dstu4145::PrivateKey> keys;
    for (std::size_t i = 0; i < key_count; ++i) {
      keys.push_back(dstu4145::generate_key(c, rng));
      pubs.push_back(keys.back().public_key());
    }
    digests.assign(n, Bytes(32));
    for (std::size_t i = 0; i < n; ++i) {
      rng.fill(digests[i]);
      sigs.push_back(dstu4145::sign_digest(keys[i % key_count], digests[i], rng, 1));
    }
    for (std::size_t i = 0; i < n; ++i) req.push_back({&pubs[i % key_count], digests[i], &sigs[i]});
  }
};

/// verify_batch and sign_batch of batch_requests() requests, per request, beside the
/// same requests one at a time. Verification twice: under one key (params.keys 1, what
/// `dstu verify` of many files does: the key's comb table is built once per batch) and
/// under a key per request (params.keys = requests: every request its own w-NAF).
void batches(const ec2m::Curve& c, const Json& p0, const Options& opt, const Budget& budget, rng::ChaCha20Drbg& rng,
             std::vector<Record>& out) {
  const std::size_t requests = batch_requests(c, opt.quick);
  Json p = p0;
  p["requests"] = requests;
  const SignedBatch one_key(c, requests, 1, rng), many_keys(c, requests, requests, rng);
  const dstu4145::PrivateKey key = dstu4145::generate_key(c, rng);
  const std::vector<std::span<const std::uint8_t>> views(one_key.digests.begin(), one_key.digests.end());
  const Budget per_batch{budget.samples, budget.sample_time * 4};
  const auto record = [&](Record r) {
    per_request(r, requests);
    out.push_back(std::move(r));
  };
  const auto with_keys = [&](const SignedBatch& b) {
    Json q = p;
    q["keys"] = b.pubs.size();
    return q;
  };
  // The baselines: the same requests one at a time (a single repeated signature would
  // flatter them: its branches are learnt by the predictor).
  for (const SignedBatch* b : {&one_key, &many_keys}) {
    record(time_op("sign", "verify", with_keys(*b), 1, "us", per_batch, [&] {
      for (const auto& q : b->req) keep(dstu4145::verify_digest(*q.key, q.digest, *q.sig, 1));
    }));
  }
  record(time_op("sign", "sign", p, 1, "us", per_batch, [&] {
    for (const auto& d : views) keep(dstu4145::sign_digest(key, d, rng, 1));
  }));
  for (int t = 1; t <= std::min(opt.threads, 2); ++t) {
    for (const SignedBatch* b : {&one_key, &many_keys}) {
      record(time_op("sign", "verify_batch", with_keys(*b), t, "us", per_batch,
                     [&] { keep(dstu4145::verify_batch(b->req, t)); }));
    }
    record(time_op("sign", "sign_batch", p, t, "us", per_batch, [&] { keep(dstu4145::sign_batch(key, views, rng, t)); }));
  }
}

}  // namespace

std::vector<Record> measure_signature(const ec2m::Curve& c, int threads, const Budget& budget) {
  rng::ChaCha20Drbg rng(7, static_cast<std::uint64_t>(c.m()));
  const std::uint8_t digest[32] = {0x42, 0x17, 0x99};
  const Json p = {{"curve", c.name()}, {"m", c.m()}};
  const dstu4145::PrivateKey key = dstu4145::generate_key(c, rng);
  const dstu4145::PublicKey pub = key.public_key();
  const dstu4145::Signature sig = dstu4145::sign_digest(key, digest, rng);
  std::vector<Record> out;
  out.push_back(time_op("sign", "keygen", p, 1, "us", budget,
                        [&] { keep(dstu4145::generate_key(c, rng).public_key()); }));
  out.push_back(time_op("sign", "presignature", p, 1, "us", budget,
                        [&] { keep(ec2m::mul_base(c, dstu4145::random_scalar(c, rng))); }));
  out.push_back(time_op("sign", "sign", p, 1, "us", budget, [&] { keep(dstu4145::sign_digest(key, digest, rng, 1)); }));
  out.push_back(time_op("sign", "verify", p, 1, "us", budget,
                        [&] { keep(dstu4145::verify_digest(pub, digest, sig, 1)); }));
  if (threads >= 2) {
    // The default path on two threads: the split forms only where this process
    // measured them faster (dstu/ec2m/chosen.hpp); params.choice says what it chose.
    Record chosen_sign = time_op("sign", "sign_chosen", p, 2, "us", budget,
                                 [&] { keep(dstu4145::sign_digest(key, digest, rng, 2)); });
    note_choice(chosen_sign, ec2m::chosen_state(ec2m::ChosenOp::mul_base, c.m()));
    out.push_back(std::move(chosen_sign));
    Record chosen_verify = time_op("sign", "verify_chosen", p, 2, "us", budget,
                                   [&] { keep(dstu4145::verify_digest(pub, digest, sig, 2)); });
    note_choice(chosen_verify, ec2m::chosen_state(ec2m::ChosenOp::mul_double, c.m()));
    out.push_back(std::move(chosen_verify));
    const ec2m::Scalar e = dstu4145::random_scalar(c, rng);
    out.push_back(time_op("sign", "presignature_sequential_comb", p, 1, "us", budget,
                          [&] { keep(ec2m::mul_base(c, e)); }));
    out.push_back(time_op("sign", "presignature_parallel", p, 2, "us", budget,
                          [&] { keep(ec2m::mul_base_parallel(c, e, 2)); }));
    const ec2m::Scalar s = ec2m::scalar_from_nat(sig.s), r = ec2m::scalar_from_nat(sig.r);
    out.push_back(time_op("sign", "verify_sequential_msm", p, 1, "us", budget,
                          [&] { keep(ec2m::mul_double_vartime(c, s, r, pub.q)); }));
    out.push_back(time_op("sign", "verify_parallel", p, 2, "us", budget,
                          [&] { keep(ec2m::mul_double_parallel_vartime(c, s, r, pub.q, 2)); }));
  }
  return out;
}

void suite_sign(const Options& opt, std::vector<Record>& out) {
  rng::ChaCha20Drbg rng(7, 0);
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)};
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    for (Record& r : measure_signature(*c, opt.threads, budget)) out.push_back(std::move(r));
    batches(*c, {{"curve", c->name()}, {"m", c->m()}}, opt, budget, rng, out);
  }
}

}  // namespace dstu::cli::bench
