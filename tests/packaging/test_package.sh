#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build tree, its contents (binary, man pages,
# completion, copyright, changelog), and lintian without errors. Exit 77 (skipped) when
# dpkg-deb or lintian is missing. Usage: test_package.sh BUILD_DIR
set -euo pipefail
build=$1
command -v dpkg-deb >/dev/null || { echo "no dpkg-deb: skipped"; exit 77; }
command -v lintian >/dev/null || { echo "no lintian: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/*.deb)
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/dstu ./usr/share/man/man1/dstu.1.gz ./usr/share/man/man1/dstu-sign.1.gz \
         ./usr/share/man/man5/dstu-formats.5.gz ./usr/share/bash-completion/completions/dstu \
         ./usr/share/zsh/vendor-completions/_dstu ./usr/share/doc/dstu/copyright ./usr/share/doc/dstu/changelog.gz; do
  if ! grep -q -- " $f\$" <<<"$contents"; then
    echo "FAIL: $f is not in the package"
    exit 1
  fi
done
echo "ok    contents"
# lintian: errors fail the test (warnings are printed).
out=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v "running with root privileges" || true)
echo "$out"
if grep -q '^E:' <<<"$out"; then
  echo "FAIL: lintian reports errors"
  exit 1
fi
echo "ok    lintian: no errors"
