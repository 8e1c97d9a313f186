#!/usr/bin/env bash
# Builds Tessera.app (a universal binary for Apple silicon and Intel) and Tessera-<version>.dmg, on a Mac with
# rustup and the Xcode command line tools (lipo, codesign, hdiutil). Output: target/macos/.
set -euo pipefail
cd "$(dirname "$0")/../.."

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
targets=(aarch64-apple-darwin x86_64-apple-darwin)
for target in "${targets[@]}"; do
  rustup target add "$target"
  cargo build --release --locked --target "$target"
done

out=target/macos
app="$out/dmg/Tessera.app"
rm -rf "$out"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
lipo -create -output "$app/Contents/MacOS/tessera" \
  "target/aarch64-apple-darwin/release/tessera" "target/x86_64-apple-darwin/release/tessera"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist > "$app/Contents/Info.plist"
cp assets/tessera.icns "$app/Contents/Resources/tessera.icns"

# An ad-hoc signature: Apple silicon runs nothing unsigned. Set CODESIGN_IDENTITY to sign for distribution
# (and notarize the .dmg with `xcrun notarytool` afterwards).
codesign --force --options runtime --sign "${CODESIGN_IDENTITY:--}" "$app"

# The disk image: the app beside a link to /Applications, so installing is one drag.
ln -s /Applications "$out/dmg/Applications"
hdiutil create -volname "Tessera $version" -srcfolder "$out/dmg" -ov -format UDZO "$out/Tessera-$version.dmg"
echo "built $app and $out/Tessera-$version.dmg"
