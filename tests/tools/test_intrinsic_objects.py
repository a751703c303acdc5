#!/usr/bin/env python3
"""tools/intrinsic-objects against the compiler's own record of what each object includes.

    test_intrinsic_objects.py SCRIPT BUILD_DIR

BUILD_DIR is a built Ninja tree of this repository (the one running the test). The
compiler's dependency record (`ninja -t deps`, current records only) gives every header
each of lib/'s objects included; an object must be named by the script exactly when one
of those headers is an x86 intrinsics header, or its source or one of the tree's headers
it included holds an asm statement with a non-empty template. The script follows
includes by name before anything is built; the record is what the compiler read. Also
checked: files known to qualify (the IFMA Montgomery kernels, the carry-less products,
the ADX row product's assembly) are named and a file of plain C++ (the affine points'
validation) is not.

Whether a file holds such an asm statement is the script's own uses_assembly (imported,
so that the two cannot drift apart); it is checked here on the keyword and its
qualifiers in each of GCC's spellings, on empty templates and on comments, with or
without a build tree. Exit 0 when all hold, 1 otherwise, 77 (skipped) when BUILD_DIR is
not a Ninja tree and the checks that need none hold.
"""
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys

INTRINSICS = re.compile(r'/\w*intrin\.h$')
OBJECT = re.compile(r'^lib/([^/]+)/CMakeFiles/[^/]+\.dir/(.+\.cpp)\.o$')


ASSEMBLY_CASES = [
    ('asm("nop");', True),
    ('__asm__ __volatile__("adcx %1, %0" : "+r"(a) : "r"(b));', True),
    ('__asm volatile ("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));', True),
    ('asm goto("jc %l0" :::: carry);', True),
    ('asm inline volatile("mulx %2, %0, %1" : "=r"(l), "=r"(h) : "r"(x), "d"(y));', True),
    ('asm __volatile("nop");', True),
    ('asm __inline("nop");', True),
    ('asm("" "nop");', True),
    ('asm("");', False),
    ('asm volatile ( "" );', False),
    ('__asm__ volatile(\n    ""\n    : "+r"(x));', False),
    ('__asm__ volatile("" ::: "memory");', False),
    ('asm volatile("" : "+r"(mask));', False),
    ('// asm("nop"); in a comment', False),
    ('/* an asm("nop")\n over two lines */ int x;', False),
    ('const char* s = "// not a comment"; asm("nop");', True),
    ('int plasma(int); int y = plasma(1);', False),
]


def load_script(script):
    loader = importlib.machinery.SourceFileLoader('intrinsic_objects', script)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def main():
    script, build = sys.argv[1], sys.argv[2]
    tool = load_script(script)
    failures = [f'uses_assembly({text!r}) is not {expected}' for text, expected in ASSEMBLY_CASES
                if tool.uses_assembly(text) != expected]
    if not os.path.isfile(os.path.join(build, 'build.ninja')):
        for f in failures:
            print(f)
        print(f'{build} is not a Ninja tree: the records not compared')
        return 1 if failures else 77
    root = os.path.dirname(os.path.dirname(os.path.abspath(script)))
    deps = subprocess.run(['ninja', '-C', build, '-t', 'deps'], check=True, capture_output=True, text=True).stdout
    headers, obj = {}, None
    for line in deps.splitlines():
        if line and not line.startswith(' '):
            name = line.split(':')[0]
            obj = name if OBJECT.match(name) and '(VALID)' in line else None
            if obj:
                headers[obj] = []
        elif obj and line.strip():
            headers[obj].append(line.strip())

    def uses_assembly(path):
        with open(path, encoding='utf-8') as f:
            return tool.uses_assembly(f.read())

    recorded = set()
    for o, hs in headers.items():
        m = OBJECT.match(o)
        source = os.path.join(root, 'lib', m.group(1), m.group(2))
        ours = [os.path.normpath(os.path.join(build, h)) for h in hs]
        ours = [h for h in ours if h.startswith(os.path.join(root, 'lib') + os.sep)]
        if any(INTRINSICS.search(h) for h in hs) or any(uses_assembly(p) for p in [source] + ours):
            recorded.add(o)
    named = set(subprocess.run([sys.executable, script, build], check=True, capture_output=True,
                               text=True).stdout.split())
    if not recorded:
        failures.append('the dependency record names no qualifying object: is the tree built?')
    for o in sorted(recorded - named):
        failures.append(f'missed: {o} reaches intrinsics or assembly')
    for o in sorted(named - recorded):
        failures.append(f'named wrongly: {o} reaches neither intrinsics nor assembly')

    def named_file(module, source):
        return any(o.startswith(f'lib/{module}/') and o.endswith(f'/{source}.o') for o in named)

    for module, source in (('mp', 'src/mont_ifma.cpp'), ('gf2m', 'src/mul_clmul.cpp'), ('gfp', 'src/kernel_table.cpp'),
                           ('mp', 'src/mul_1_adx.cpp')):
        if not named_file(module, source):
            failures.append(f'lib/{module}/{source} not named')
    if named_file('ec2m', 'src/affine.cpp'):
        failures.append('lib/ec2m/src/affine.cpp named')
    for f in failures:
        print(f)
    print(f'{len(named)} objects named, {len(recorded)} found from the record')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
