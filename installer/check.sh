#!/usr/bin/env bash
# Build the Linux packages and check what a user would install (too slow for every test run:
# a PyInstaller build takes minutes). Usage: installer/check.sh [--no-build]
# Installs the .deb into a scratch root (dpkg -x) and unpacks the tarball, then runs each
# installed program with a temporary HOME: --version, demo (in the user data folder), an older
# league file migrated after a backup, a roster PDF with embedded fonts, a one-game engine
# match, and screenshots of the main window (off screen, and on X11 under Xvfb) and of the other
# pages and dialogs (off screen, .deb copy) that are not blank; they are copied to dist/check-*.png.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
[ "${1:-}" = "--no-build" ] || installer/build.sh
py=build/installer/venv/bin/python
version=$("$py" installer/contents.py version)
deb=dist/league-manager_${version}_amd64.deb
tarball=dist/league-manager-$version-linux-x86_64.tar.gz
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
ok() { echo "  ok    $*"; }
bad() { echo "  FAIL  $*"; failures=$((failures + 1)); }

echo "[check] packages"
du -h "$deb" "$tarball" | sed 's/^/  /'
dpkg-deb --field "$deb" Package Version Architecture Depends | sed 's/^/  /'
mkdir -p "$scratch/root" "$scratch/tar"
dpkg -x "$deb" "$scratch/root"
tar -xzf "$tarball" -C "$scratch/tar"
echo "  unpacked: $(du -sh "$scratch/root/opt/league-manager" | cut -f1)"
app_id=$("$py" installer/contents.py id)
for f in "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
         "usr/share/icons/hicolor/16x16/apps/$app_id.png" "usr/share/icons/hicolor/512x512/apps/$app_id.png"; do
  [ -s "$scratch/root/$f" ] && ok "$f" || bad "missing $f"
done
[ "$(readlink "$scratch/root/usr/bin/league-manager")" = /opt/league-manager/league-manager ] \
  && ok "/usr/bin/league-manager -> /opt/league-manager/league-manager" || bad "/usr/bin symlink"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$scratch/root/usr/share/applications/$app_id.desktop" && ok "desktop entry valid" \
    || bad "desktop entry"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --pedantic "$scratch/root/usr/share/metainfo/$app_id.metainfo.xml" \
    > "$scratch/appstream.txt" 2>&1 && ok "metainfo valid" || { bad "metainfo"; cat "$scratch/appstream.txt"; }
fi

# Each installed copy runs as on a user's machine: only HOME says where the user data goes.
# The .deb's copy is started through a link, as /usr/bin/league-manager starts it.
mkdir -p "$scratch/bin"
ln -s "$scratch/root/opt/league-manager/league-manager" "$scratch/bin/league-manager"
check_program() {
  local label=$1 program=$2 home
  home=$(mktemp -d "$scratch/home.XXXX")
  echo "[check] $label: $program"
  run() { env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen "$program" "$@"; }
  local data="$home/.local/share/league-manager"
  local out
  out=$(run --version) && [ "$out" = "league-manager $version" ] && ok "--version: $out" \
    || bad "--version said '$out'"
  # The demo league goes into the user's league file in the user data folder.
  run demo > "$scratch/demo.txt" 2>&1 && [ -s "$data/league.db" ] && ok "demo: $(tail -1 "$scratch/demo.txt")" \
    || { bad "demo"; cat "$scratch/demo.txt"; }
  # Made older (as if written by an older League Manager): opened, backed up, then migrated.
  "$py" installer/check_helpers.py rewind "$data/league.db" 0008
  run league list > "$scratch/list.txt" 2>&1 && ok "league list on a 0008 file: $(head -1 "$scratch/list.txt")" \
    || { bad "league list"; cat "$scratch/list.txt"; }
  local rev head
  rev=$("$py" installer/check_helpers.py revision "$data/league.db")
  head=$(ls league_manager/persistence/migrations/versions | sort | tail -1 | cut -c1-4)
  [ "$rev" = "$head" ] && ok "migrated 0008 -> $rev" || bad "league file at $rev, not $head"
  compgen -G "$data/backups/*" > /dev/null && ok "backup: $(ls "$data/backups" | head -1)" || bad "no backup"
  local team
  team=$(run --json team list | "$py" -c 'import json,sys; print(json.load(sys.stdin)[0]["name"])')
  if run pdf roster "$team" -o "$scratch/roster.pdf" > /dev/null 2>&1; then
    local fonts
    fonts=$(pdffonts "$scratch/roster.pdf" | tail -n +3)
    if [ -n "$fonts" ] && ! echo "$fonts" | awk '{print $(NF-4)}' | grep -qv yes; then
      ok "roster PDF, every font embedded: $(echo "$fonts" | awk '{print $1}' | paste -sd' ')"
    else
      bad "roster PDF fonts:"; echo "$fonts"
    fi
    pdftotext "$scratch/roster.pdf" - | grep -q "League Manager $version" && ok "PDF footer names $version" \
      || bad "PDF footer has no version"
  else
    bad "pdf roster '$team'"
  fi
  run match duel --home-bot random --away-bot random --games 1 > "$scratch/duel.txt" 2>&1 \
    && ok "one engine game: $(head -1 "$scratch/duel.txt")" || { bad "match duel"; cat "$scratch/duel.txt"; }
  local shot="$scratch/shot-$label.png" n
  if run gui --screenshot "$shot" > "$scratch/gui.txt" 2>&1; then
    n=$("$py" installer/check_helpers.py colours "$shot")
    [ "$n" -gt 50 ] && ok "off-screen screenshot, $n colours" || bad "screenshot nearly blank ($n colours)"
    cp "$shot" "dist/check-screenshot-$label.png"
  else
    bad "gui --screenshot"; cat "$scratch/gui.txt"
  fi
  if [ "$label" = deb ]; then
    # The other pages and dialogs, the PDF preview (QtPdf) among them.
    local spec
    for spec in welcome "team:$team" "draft:$team" new-team wizard "hire:$team" new-season \
                "preview:roster:$team" match:practice; do
      rm -f "$scratch/page.png"
      if run gui --screenshot "$scratch/page.png" --page "$spec" > "$scratch/gui.txt" 2>&1; then
        n=$("$py" installer/check_helpers.py colours "$scratch/page.png")
        [ "$n" -gt 50 ] && ok "page $spec, $n colours" || bad "page $spec nearly blank ($n colours)"
        cp "$scratch/page.png" "dist/check-page-${spec%%:*}.png"
      else
        bad "page $spec"; cat "$scratch/gui.txt"
      fi
    done
  fi
  if command -v xvfb-run > /dev/null; then
    shot="$scratch/x11-$label.png"
    if env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 QT_QPA_PLATFORM=xcb \
        xvfb-run -a -s "-screen 0 1400x900x24" "$program" gui --screenshot "$shot" \
        --page "team:$team" > "$scratch/x11.txt" 2>&1; then
      n=$("$py" installer/check_helpers.py colours "$shot")
      [ "$n" -gt 50 ] && ok "X11 (xcb) screenshot of the team page, $n colours" || bad "X11 screenshot blank"
      cp "$shot" "dist/check-x11-$label.png"
    else
      bad "X11 screenshot"; cat "$scratch/x11.txt"
    fi
  fi
}
check_program deb "$scratch/bin/league-manager"
check_program tarball "$scratch/tar/league-manager-$version/league-manager"

if [ "$failures" -gt 0 ]; then
  echo "[check] $failures failure(s)"
  exit 1
fi
echo "[check] all good"
