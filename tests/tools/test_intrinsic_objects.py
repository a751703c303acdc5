#!/usr/bin/env python3
"""tools/intrinsic-objects against the compiler's own record of what each object includes.

    test_intrinsic_objects.py SCRIPT BUILD_DIR

BUILD_DIR is a built Ninja tree of this repository (the one running the test). The
compiler's dependency record (`ninja -t deps`) says which of lib/'s objects include an
x86 intrinsics header; the script, which follows includes by name before anything is
built, must name exactly those. Also checked: files known to use intrinsics (the IFMA
Montgomery kernels, the carry-less multiplications) are named and a file of plain C++
(the affine points' validation) is not. Exit 0 when all hold, 1 otherwise, 77 (skipped)
when BUILD_DIR is not a Ninja tree.
"""
import os
import re
import subprocess
import sys

INTRINSICS = re.compile(r'/(\w*intrin|[a-z]?mmintrin)\.h$')


def main():
    script, build = sys.argv[1], sys.argv[2]
    if not os.path.isfile(os.path.join(build, 'build.ninja')):
        print(f'{build} is not a Ninja tree: not run')
        return 77
    deps = subprocess.run(['ninja', '-C', build, '-t', 'deps'], check=True, capture_output=True, text=True).stdout
    recorded, obj = set(), None
    for line in deps.splitlines():
        if line and not line.startswith(' '):
            obj = line.split(':')[0]
        elif obj and obj.startswith('lib/') and INTRINSICS.search(line.strip()):
            recorded.add(obj)
    named = set(subprocess.run([sys.executable, script, build], check=True, capture_output=True,
                               text=True).stdout.split())
    failures = []
    if not recorded:
        failures.append('the dependency record names no object with intrinsics: is the tree built?')
    for o in sorted(recorded - named):
        failures.append(f'missed: {o} includes an intrinsics header')
    for o in sorted(named - recorded):
        failures.append(f'named wrongly: {o} includes no intrinsics header')
    def named_file(module, source):
        return any(o.startswith(f'lib/{module}/') and o.endswith(f'/{source}.o') for o in named)

    for module, source in (('mp', 'src/mont_ifma.cpp'), ('gf2m', 'src/mul_clmul.cpp'), ('gfp', 'src/kernel_table.cpp')):
        if not named_file(module, source):
            failures.append(f'lib/{module}/{source} not named')
    if named_file('ec2m', 'src/affine.cpp'):
        failures.append('lib/ec2m/src/affine.cpp named')
    for f in failures:
        print(f)
    print(f'{len(named)} objects named, {len(recorded)} recorded')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
