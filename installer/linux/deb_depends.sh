#!/usr/bin/env bash
# Print the Debian "Depends:" list of a frozen one-folder app: the packages that own the
# shared libraries its programs and libraries load from the system (not from the bundle).
# Usage: installer/linux/deb_depends.sh APP_FOLDER
# Libraries missing on this machine belong to optional Qt plugins (Wayland, GTK theme...):
# they are listed on stderr and left out; Qt falls back to the plugins that load.
set -euo pipefail
app=$(realpath "$1")
internal="$app/_internal"
declare -A pkgs=()
declare -A missing=()
while IFS= read -r -d '' file; do
  file -b "$file" | grep -q '^ELF' || continue
  while IFS= read -r line; do
    case "$line" in
      *"=> not found"*) missing["${line%% *}"]=1 ;;
      *"=> /"*)
        lib=$(echo "$line" | sed -E 's/.*=> ([^ ]+) .*/\1/')
        [[ "$(realpath "$lib")" == "$app"/* ]] && continue
        owner=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(realpath "$lib")" 2>/dev/null || true)
        if [ -z "$owner" ]; then missing["$(basename "$lib")"]=1; continue; fi
        pkg=${owner%%:*}
        pkgs["${pkg%%,*}"]=1 ;;
    esac
  done < <(LD_LIBRARY_PATH="$internal" ldd "$file" 2>/dev/null || true)
done < <(find "$app" -type f \( -name '*.so*' -o -perm -u+x \) -print0)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "deb_depends: not on this machine (optional plugins only): ${!missing[*]}" >&2
fi
printf '%s\n' "${!pkgs[@]}" | sort | paste -sd, | sed 's/,/, /g'
