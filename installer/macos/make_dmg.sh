#!/usr/bin/env bash
# Pack an app bundle into a compressed DMG with an Applications link to drag it onto.
# Usage: installer/macos/make_dmg.sh "path/League Manager.app" out.dmg "Volume name"
# macOS only (hdiutil). Signing and notarising are left to whoever holds the certificates.
set -euo pipefail
app=$1 out=$2 volume=$3
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$out"
hdiutil create -volname "$volume" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$out"
echo "wrote $out"
