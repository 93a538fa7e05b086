#!/bin/sh
# build.sh makes the release binaries in dist/:
#   dist/trihex      Linux (amd64 by default; cgo, as Ebitengine needs on Linux)
#   dist/trihex.exe  Windows amd64, cross-compiled without cgo, no console window,
#                    with the icon and version information as a Windows resource
# Usage: ./build.sh [linux|windows|all]   (default all)
# Needs Go and, for the Linux build, the X11/OpenGL headers Ebitengine needs
# (libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libgl-dev).
# The icon comes from assets/icon.png (drawn by `go run ./assets/mkicon`).
#
# macOS (untested, cannot be built here): on a Mac, `go build -o Trihex.app/Contents/MacOS/trihex .`,
# add Contents/Info.plist (CFBundleExecutable trihex, CFBundleIdentifier org.trihex.Trihex,
# CFBundleIconFile trihex.icns, CFBundleDocumentTypes for .trihex) and an .icns made
# from assets/icon.png with `iconutil`.
set -eu
cd "$(dirname "$0")"
WINRES=github.com/tc-hib/go-winres@v0.3.3
VERSION=${VERSION:-$(git describe --tags --always 2>/dev/null || echo dev)}
what=${1:-all}
mkdir -p dist

linux() {
	echo "building dist/trihex (linux)"
	CGO_ENABLED=1 GOOS=linux go build -trimpath -ldflags "-s -w" -o dist/trihex .
}

windows() {
	echo "building dist/trihex.exe (windows)"
	syso=rsrc_windows_amd64.syso
	trap 'rm -f "$syso"' EXIT INT TERM
	# Numeric versions only in the resource: "dev" or a commit hash become 0.0.0.0.
	wv=$(echo "$VERSION" | sed -n 's/^v\{0,1\}\([0-9][0-9.]*\).*/\1/p')
	go run "$WINRES" simply --arch amd64 --out rsrc --manifest gui \
		--icon assets/icon.png --product-name Trihex --file-description "Trihex hexagonal board games" \
		--product-version "${wv:-0.0.0}" --file-version "${wv:-0.0.0}" --original-filename trihex.exe
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go build -trimpath -ldflags "-s -w -H=windowsgui" -o dist/trihex.exe .
	rm -f "$syso"
	trap - EXIT INT TERM
}

case $what in
linux) linux ;;
windows) windows ;;
all) linux; windows ;;
*) echo "usage: $0 [linux|windows|all]" >&2; exit 2 ;;
esac
ls -l dist
