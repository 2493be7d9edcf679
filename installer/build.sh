#!/usr/bin/env bash
# Build League Manager for Linux from a checkout: its own build venv -> PyInstaller one-folder
# app -> dist/league-manager-VERSION-linux-x86_64.tar.gz and dist/league-manager_VERSION_amd64.deb.
# Usage: installer/build.sh            (from anywhere; needs python3-venv, dpkg-deb, file)
# Work files go to build/installer/ (the venv is kept between builds), packages to dist/.
# What goes in is listed in installer/contents.toml, shared with the Windows and macOS recipes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
work=build/installer
venv=$work/venv
mkdir -p "$work" dist

if [ ! -x "$venv/bin/python" ]; then
  echo "[build] creating the build venv"
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
fi
echo "[build] installing the program and PyInstaller into the build venv"
# setuptools stages into build/lib: clear it so a deleted module cannot come back.
rm -rf build/lib build/bdist.*
"$venv/bin/python" -m pip install -q ".[build,postgres,lan]"
"$venv/bin/python" -m pip install -q --no-deps --force-reinstall .
rm -rf build/lib build/bdist.*

field() { "$venv/bin/python" installer/contents.py "$1"; }
version=$(field version)
exe=$(field executable)
app_id=$(field id)
echo "[build] League Manager $version"

echo "[build] icons"
rm -rf "$work/icons"
QT_QPA_PLATFORM=offscreen "$venv/bin/python" installer/make_icons.py "$work/icons"

echo "[build] PyInstaller (a few minutes)"
rm -rf "$work/dist"
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$work/dist" --workpath "$work/pyinstaller" installer/league_manager.spec
app="$work/dist/$exe"
[ -x "$app/$exe" ] || { echo "[build] PyInstaller made no $app/$exe" >&2; exit 1; }

# Desktop entry and AppStream metainfo from the templates, with the values of contents.toml.
fill() {
  sed -e "s|@NAME@|$(field name)|g" -e "s|@SUMMARY@|$(field summary)|g" \
      -e "s|@EXECUTABLE@|$exe|g" -e "s|@ID@|$app_id|g" -e "s|@VERSION@|$version|g" \
      -e "s|@LICENSE@|$(field license)|g" -e "s|@PUBLISHER@|$(field publisher)|g" \
      -e "s|@DATE@|$(date -u +%F)|g" \
      -e "s|@CATEGORIES@|$(field categories | tr ' ' ';');|g" "$1"
}
# share/: desktop entry, metainfo and icons, laid out as under /usr/share.
share_tree() {
  local share=$1
  mkdir -p "$share/applications" "$share/metainfo" "$share/icons"
  fill installer/linux/league-manager.desktop.in > "$share/applications/$app_id.desktop"
  fill installer/linux/metainfo.xml.in > "$share/metainfo/$app_id.metainfo.xml"
  cp -r "$work/icons/hicolor" "$share/icons/"
}

echo "[build] tarball"
tar_root=$work/tar/league-manager-$version
rm -rf "$work/tar"
mkdir -p "$tar_root"
cp -a "$app/." "$tar_root/"
share_tree "$tar_root/share"
tarball=dist/league-manager-$version-linux-x86_64.tar.gz
tar -C "$work/tar" -czf "$tarball" "league-manager-$version"

echo "[build] .deb"
deb_root=$work/deb
rm -rf "$deb_root"
mkdir -p "$deb_root/opt" "$deb_root/usr/bin" "$deb_root/usr/share/doc/league-manager" "$deb_root/DEBIAN"
cp -a "$app" "$deb_root/opt/league-manager"
ln -s "/opt/league-manager/$exe" "$deb_root/usr/bin/$exe"
share_tree "$deb_root/usr/share"
cp resources/fonts/LICENSE "$deb_root/usr/share/doc/league-manager/fonts-LICENSE"
printf 'League Manager %s\nLicence: %s\nDejaVu fonts: see fonts-LICENSE\n' "$version" "$(field license)" \
  > "$deb_root/usr/share/doc/league-manager/copyright"
depends=$(installer/linux/deb_depends.sh "$deb_root/opt/league-manager")
size_kb=$(du -sk --exclude=DEBIAN "$deb_root" | cut -f1)
cat > "$deb_root/DEBIAN/control" <<CONTROL
Package: league-manager
Version: $version
Architecture: amd64
Maintainer: $(field maintainer)
Installed-Size: $size_kb
Depends: $depends
Recommends: $(field recommends | sed 's/ /, /g')
Section: games
Priority: optional
Description: $(field summary)
 Drafts, treasury, star player points, fixtures, printable rosters and a match
 engine for a Blood Bowl-style league; a self-contained build in /opt/league-manager.
CONTROL
deb=dist/league-manager_${version}_amd64.deb
dpkg-deb --build --root-owner-group -Zxz "$deb_root" "$deb" >/dev/null

echo "[build] done:"
du -sh "$app" "$tarball" "$deb"
