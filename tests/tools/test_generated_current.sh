#!/bin/bash
# Every generated source in the checkout equals what its generator writes today, so
# that an edit by hand (or a generator changed without rerunning it) fails here:
# lib/mp's unrolled products and Montgomery kernels, lib/gfp's Montgomery reductions,
# additions and subtractions, P-521's kernels, and lib/hash's Keccak rounds.
# Usage: test_generated_current.sh PYTHON SOURCE_DIR
set -u
python=$1
root=$2
status=0
while read -r generator output; do
  if ! "$python" -B "$root/$generator" | cmp -s - "$root/$output"; then
    echo "$output differs from the output of $generator (rerun it: see its header)"
    status=1
  fi
done <<'LIST'
lib/mp/src/gen_mul_fixed_adx.py lib/mp/src/mul_fixed_adx.S
lib/mp/src/gen_mont_adx.py lib/mp/src/mont_adx.S
lib/gfp/src/gen_redc_adx.py lib/gfp/internal/dstu/gfp/internal/redc_adx.hpp
lib/gfp/src/gen_p521_adx.py lib/gfp/src/p521_adx.S
lib/gfp/src/gen_addsub_adx.py lib/gfp/internal/dstu/gfp/internal/addsub_adx.hpp
lib/hash/src/gen_keccak_rounds.py lib/hash/src/keccak_rounds.hpp
LIST
exit $status
