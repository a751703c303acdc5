# bash completion for dstu. The options come from `dstu COMMAND --help` at completion
# time, so they are always those of the installed binary.
_dstu() {
  local cur prev words cword
  _init_completion 2>/dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
  }
  local commands="keygen sign verify info hash bench primegen"
  local cmd="" w
  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case " $commands " in *" $w "*) cmd=$w; break ;; esac
  done
  case $prev in
    --curve)
      COMPREPLY=($(compgen -W "$(dstu keygen --list-curves 2>/dev/null | awk '{print $1}')" -- "$cur"))
      return ;;
    --hash|--tsa-hash) COMPREPLY=($(compgen -W "$(dstu hash --list-hashes 2>/dev/null)" -- "$cur")); return ;;
    --mac) COMPREPLY=($(compgen -W "hmac kmac" -- "$cur")); return ;;
    --cpu) COMPREPLY=($(compgen -W "native portable" -- "$cur")); return ;;
    --sig-format) COMPREPLY=($(compgen -W "auto armor raw raw-be der der-be" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "armor der" -- "$cur")); return ;;
    --pkcs8) COMPREPLY=($(compgen -W "uapki bc" -- "$cur")); return ;;
    --rng) COMPREPLY=($(compgen -W "os dstu" -- "$cur")); return ;;
    -k|--key|-p|--pub|-o|--out|--sig|--batch|--convert|--passphrase-file|--key-file|-c|--check)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(dstu ${cmd:+$cmd} --help 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
  elif [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "$commands" -- "$cur"))
  elif [[ $cmd == bench ]]; then
    COMPREPLY=($(compgen -W "all seeds mp field ec sign ecdsa rsa hash cipher" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _dstu dstu
