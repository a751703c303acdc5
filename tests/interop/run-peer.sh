#!/usr/bin/env bash
# run-peer.sh bc|jk VERB [OPTIONS...]
#
# Runs one verb of an independent DSTU 4145 implementation with a common interface:
#   bc  BouncyCastle (Java, tests/interop/java)      jk  jkurwa (Node, tests/interop/node)
# Verbs: keygen, sign, verify, pubinfo, hash, version, and serve (many requests in one
# process; see tests/interop/README.md).
# Exit status: the peer's (0 ok / valid, 1 invalid signature, 2 error); 2 as well when the
# peer cannot be built or installed (one line on stderr says why).
#
# The first use builds the peer (mvn compile / npm ci) and caches the result in the ignored
# directories java/target/ and node/node_modules/; later calls only check that it is current.
# Environment: JAVA, MVN, NODE, NPM override the tools; DSTU_INTEROP_OFFLINE=1 adds --offline.
set -u -o pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
peer="${1:-}"
if [[ $# -lt 1 ]]; then
  echo "usage: run-peer.sh bc|jk VERB [OPTIONS...]" >&2
  exit 2
fi
shift

die() { echo "run-peer.sh: $*" >&2; exit 2; }

# Serialise builds (ctest may run several tests at once): lock this script's own file.
with_lock() {
  exec 9<"${BASH_SOURCE[0]}"
  flock 9 || die "cannot lock ${BASH_SOURCE[0]}"
  "$@"
  local rc=$?
  flock -u 9
  exec 9<&-
  return $rc
}

# True when $1 exists and no file among the rest is newer than it.
up_to_date() {
  local stamp="$1"; shift
  [[ -e "$stamp" ]] || return 1
  [[ -z "$(find "$@" -newer "$stamp" -print -quit 2>/dev/null)" ]]
}

# Explains a failed build log in one line.
why() {
  local log="$1" what="$2"
  if grep -qiE 'Could not (resolve|transfer)|UnknownHost|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|network|Connection (refused|timed out|reset)|offline' "$log"; then
    echo "$what: download failed (registry not reachable?); see $log"
  else
    echo "$what: build failed; see $log"
  fi
}

# ---------------------------------------------------------------- BouncyCastle
java_dir="$here/java"
bc_stamp="$java_dir/target/.peer-built"

build_bc() {
  up_to_date "$bc_stamp" "$java_dir/pom.xml" "$java_dir/src" && return 0
  local mvn="${MVN:-mvn}"
  command -v "$mvn" >/dev/null || die "BouncyCastle peer: '$mvn' not found"
  mkdir -p "$java_dir/target"
  local log="$java_dir/target/peer-build.log" offline=()
  [[ "${DSTU_INTEROP_OFFLINE:-0}" == 1 ]] && offline=(--offline)
  if ! (cd "$java_dir" && "$mvn" -B -q "${offline[@]}" compile) >"$log" 2>&1; then
    die "$(why "$log" "BouncyCastle peer (mvn compile)")"
  fi
  compgen -G "$java_dir/target/dependency/bcprov-*.jar" >/dev/null \
    || die "BouncyCastle peer: bcprov jar missing after build; see $log"
  touch "$bc_stamp"
}

# ---------------------------------------------------------------- jkurwa
node_dir="$here/node"
jk_stamp="$node_dir/node_modules/.peer-installed"

build_jk() {
  up_to_date "$jk_stamp" "$node_dir/package.json" "$node_dir/package-lock.json" && return 0
  local npm="${NPM:-npm}"
  command -v "$npm" >/dev/null || die "jkurwa peer: '$npm' not found"
  local log offline=()
  log="$(mktemp "${TMPDIR:-/tmp}/dstu-interop-npm.XXXXXX.log")"
  [[ "${DSTU_INTEROP_OFFLINE:-0}" == 1 ]] && offline=(--offline)
  if ! (cd "$node_dir" && "$npm" ci --no-audit --no-fund --loglevel=error --fetch-retries=1 \
          "${offline[@]}") >"$log" 2>&1; then
    die "$(why "$log" "jkurwa peer (npm ci)")"
  fi
  mv -f "$log" "$node_dir/node_modules/.peer-install.log"
  touch "$jk_stamp"
}

case "$peer" in
  bc)
    java="${JAVA:-java}"
    command -v "$java" >/dev/null || die "BouncyCastle peer: '$java' not found"
    with_lock build_bc || exit 2
    # Short-lived JVM (a serve process lives for one suite, a few seconds): C1 only and the
    # serial GC start faster. The JVM's own log goes to stderr only (-Xlog:disable drops
    # its default output, stdout): serve's answers are stdout.
    exec "$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr \
      -cp "$java_dir/target/classes:$java_dir/target/dependency/*" dstu.interop.BcPeer "$@"
    ;;
  jk)
    node="${NODE:-node}"
    command -v "$node" >/dev/null || die "jkurwa peer: '$node' not found"
    with_lock build_jk || exit 2
    exec "$node" "$node_dir/jk.js" "$@"
    ;;
  *)
    die "unknown peer '$peer' (bc or jk)"
    ;;
esac
