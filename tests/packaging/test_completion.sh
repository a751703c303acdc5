#!/usr/bin/env bash
# bash completion (completions/dstu.bash) with the built dstu first on PATH: commands,
# options from each command's --help, curve names, file names. Usage: test_completion.sh DSTU_DIR SRC_DIR
set -u
export PATH="$1:$PATH"
source "$2/completions/dstu.bash"
fail=0
complete_line() {  # the candidates for the words given (the last one is being completed)
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _dstu
  printf '%s\n' "${COMPREPLY[@]}"
}
expect() {  # expect WANTED WORDS...: WANTED among the candidates
  local want=$1
  shift
  if ! complete_line "$@" | grep -qx -- "$want"; then
    echo "FAIL: '$*' does not offer '$want'"
    fail=1
  else
    echo "ok    '$*' offers '$want'"
  fi
}
expect verify dstu ve
expect keygen dstu ""
expect --passphrase-file dstu keygen --pass
expect --no-passphrase dstu keygen --no
expect --allow-insecure-key dstu sign --all
expect --batch dstu verify --ba
expect --json dstu sign --js        # a global option, listed in the command's --help
expect dstu431 dstu keygen --curve dstu43
expect kupyna256 dstu sign --hash kup
expect seeds dstu bench se
expect hash dstu ha
expect info dstu in
expect --key-id dstu sign --key-i
expect --trust dstu verify --tru
expect sha3-256 dstu hash --hash sha3-2   # the names from `dstu hash --list-hashes`
expect kmac dstu hash --mac km
expect --key-file dstu hash --key
if complete_line dstu verify --passphrase | grep -q -- --passphrase-file; then
  echo "FAIL: verify offers --passphrase-file, which it does not have"
  fail=1
fi
exit $fail
