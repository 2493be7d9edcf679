#!/usr/bin/env bash
# Build League Manager for macOS: build venv -> PyInstaller "League Manager.app" (Info.plist
# values from installer/contents.toml, written by the spec's BUNDLE step) -> a DMG in dist/.
# Usage (on a Mac, from anywhere): installer/macos/build.sh
# Needs Python 3.11+ and the Xcode command line tools (hdiutil ships with macOS).
# Cannot be built or tested on the project's Linux machine.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
work=build/installer
venv=$work/venv
mkdir -p "$work" dist
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
fi
rm -rf build/lib
"$venv/bin/python" -m pip install -q ".[build,postgres,lan]"
"$venv/bin/python" -m pip install -q --no-deps --force-reinstall .
field() { "$venv/bin/python" installer/contents.py "$1"; }
version=$(field version)
name=$(field name)

rm -rf "$work/icons"
QT_QPA_PLATFORM=offscreen "$venv/bin/python" installer/make_icons.py "$work/icons"
if [ ! -f "$work/icons/app.icns" ]; then
  # Qt without the icns writer: build the icon set with macOS's own iconutil.
  set_dir="$work/icons/app.iconset"
  mkdir -p "$set_dir"
  for size in 16 32 128 256 512; do
    sips -z $size $size "$work/icons/app.png" --out "$set_dir/icon_${size}x${size}.png" >/dev/null
    sips -z $((size * 2)) $((size * 2)) "$work/icons/app.png" --out "$set_dir/icon_${size}x${size}@2x.png" >/dev/null
  done
  iconutil -c icns "$set_dir" -o "$work/icons/app.icns"
fi
rm -rf "$work/dist"
"$venv/bin/python" -m PyInstaller --noconfirm --clean --distpath "$work/dist" \
  --workpath "$work/pyinstaller" installer/league_manager.spec
installer/macos/make_dmg.sh "$work/dist/$name.app" "dist/league-manager-$version-macos.dmg" "$name $version"
