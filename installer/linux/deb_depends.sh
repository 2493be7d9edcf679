#!/usr/bin/env bash
# Print the Debian "Depends:" list of a frozen one-folder app: the packages that own the
# shared libraries its programs and libraries load from the system (not from the bundle).
# Usage: installer/linux/deb_depends.sh APP_FOLDER
# Libraries missing on this machine belong to optional Qt plugins (the GTK theme...): they
# are listed on stderr and left out; Qt falls back to the plugins that load.
set -euo pipefail
app=$(realpath "$1")
libs=$(mktemp)
trap 'rm -f "$libs"' EXIT
find "$app" -type f \( -name '*.so*' -o -perm -u+x \) -print0 \
  | xargs -0 file -N | grep ': *ELF' | cut -d: -f1 \
  | while IFS= read -r elf; do LD_LIBRARY_PATH="$app/_internal" ldd "$elf" 2>/dev/null || true; done \
  | sort -u > "$libs"
missing=$(grep '=> not found' "$libs" | awk '{print $1}' | sort -u | paste -sd' ' || true)
[ -z "$missing" ] || echo "deb_depends: not on this machine (optional plugins only): $missing" >&2
grep -o '=> /[^ ]*' "$libs" | cut -c4- | sort -u | while IFS= read -r lib; do
  real=$(realpath "$lib")
  [[ "$real" == "$app"/* ]] && continue
  # dpkg knows a library by the path it shipped: /lib or /usr/lib (merged /usr), link or file.
  for candidate in "$lib" "$real" "/usr$lib" "${lib#/usr}" "/usr$real" "${real#/usr}"; do
    owner=$(dpkg -S "$candidate" 2>/dev/null | head -1) && break
  done
  if [ -z "${owner:-}" ]; then echo "deb_depends: no package owns $lib" >&2; continue; fi
  echo "$owner" | sed -E 's|: /.*||; s|,.*||; s|:[a-z0-9]+$||'
  owner=""
done | sort -u | paste -sd, | sed 's/,/, /g'
