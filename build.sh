#!/usr/bin/env bash
# build.sh builds, serves and tests Sig. Run it from anywhere; everything lands in dist/.
# ./build.sh help lists the commands.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

# SIG_DIST moves the output elsewhere (the end-to-end tests build into a folder of their own).
DIST="${SIG_DIST:-$ROOT/dist}"
WEB="$DIST/web"
# The five games, as the engine protocol names them.
GAME_IDS=(sig-wa-duqqan es-sig sig-el-oued seega sadeqa)
# The README's test command; .ci/run runs the same line.
TEST_CMD=(go test -race ./...)

usage() {
	cat <<'EOF'
usage: ./build.sh COMMAND

  native        build the desktop game into dist/sig
  wasm          build the browser game into dist/web (sig.wasm, loader, precompressed .br, .gz)
  serve [ADDR]  build the browser game and serve it on http://127.0.0.1:8080/ (or ADDR)
  serve-online [ADDR]
                build the browser game and run the match server (cmd/sigserver) serving
                it and online matches on ADDR (default 0.0.0.0:8090: every machine on the
                local network); matches are kept in dist/sig-data
  dist          build dist/web, a folder ready for any static host
  test          run the tests (go test -race ./...)
  smoke         desktop and browser smoke tests (Xvfb, Chromium); PNGs into dist/smoke
  e2e           end-to-end tests: the five games played in Chromium, Seega on the desktop
                (Xvfb, xdotool); a screenshot of every scene into dist/e2e
  frames        measure the browser game's first frame and frame rates (BENCHMARKS.md);
                the table into dist/e2e/frames.md
  screenshots   desktop screenshots of every scene and game into dist/screenshots (Xvfb)
  readme-shots  screenshots, then each game in play made small into docs/screenshots (README)
  engine        build the engine protocol program into dist/sigengine
  android       bind ./mobile into dist/android/sig.aar (needs the Android SDK, NDK, JDK)
  ios           bind ./mobile into dist/ios/Sig.xcframework (needs macOS and Xcode)
EOF
}

say() { printf '%s\n' "$*"; }
die() {
	printf 'build.sh: %s\n' "$*" >&2
	exit 1
}

exe_suffix() {
	if [ "$(go env GOOS)" = windows ]; then printf '.exe'; fi
}

build_native() {
	mkdir -p "$DIST"
	local out="$DIST/sig$(exe_suffix)"
	go build -trimpath -o "$out" .
	say "built $out"
}

build_engine() {
	mkdir -p "$DIST"
	local out="$DIST/sigengine$(exe_suffix)"
	go build -trimpath -o "$out" ./cmd/sigengine
	say "built $out"
}

# file_size prints the size of a file in bytes (GNU and BSD stat differ; wc does not).
file_size() { wc -c <"$1" | tr -d ' '; }

# compressor names the gzip encoder in use: zopfli where it is installed (its output is about 4%
# smaller than gzip -9, for about a minute of processor time on sig.wasm, and every browser
# reads it), else gzip -9. SIG_GZIP=fast picks gzip -9 anyway, for a quicker edit-reload loop.
compressor() {
	if [ "${SIG_GZIP:-best}" != fast ] && command -v zopfli >/dev/null; then
		echo "zopfli --i5"
	else
		echo "gzip -9"
	fi
}

# brotli_level is the Brotli quality: 11, the best (a minute of processor time on sig.wasm,
# 26% smaller than zopfli's gzip), or 5 with SIG_GZIP=fast (seconds, about as small as gzip).
# The window is 16 MB (-w 24), the largest every browser decodes.
brotli_level() {
	if [ "${SIG_GZIP:-best}" != fast ]; then echo 11; else echo 5; fi
}

# compress writes FILE.gz and, where Debian's brotli is installed, FILE.br. Outputs are kept in
# dist/.gzcache by content, so building the same sig.wasm again (./build.sh serve after
# ./build.sh wasm, say) does not compress it again.
compress() {
	local f="$1" how cache sum key
	how="$(compressor)"
	cache="$DIST/.gzcache"
	sum="$(sha256_of "$f")"
	mkdir -p "$cache"
	key="$cache/$sum-${how// /_}.gz"
	if [ -f "$key" ]; then
		cp "$key" "$f.gz"
	elif [ "$how" = "gzip -9" ]; then
		gzip -9 -n -c "$f" >"$f.gz"
		cp "$f.gz" "$key"
	else
		zopfli --i5 -c "$f" >"$f.gz"
		cp "$f.gz" "$key"
	fi
	touch "$f.gz"
	if command -v brotli >/dev/null; then
		key="$cache/$sum-brotli-q$(brotli_level).br"
		if [ -f "$key" ]; then
			cp "$key" "$f.br"
		else
			brotli -q "$(brotli_level)" -w 24 -c "$f" >"$f.br"
			cp "$f.br" "$key"
		fi
		touch "$f.br"
	fi
	# Keep the two dozen newest.
	local old
	for old in $(ls -1t "$cache" | tail -n +25); do rm -f "$cache/$old"; done
}

# sha256_of prints a file's SHA-256 (GNU coreutils, or macOS's shasum).
sha256_of() {
	if command -v sha256sum >/dev/null; then
		sha256sum "$1" | cut -d' ' -f1
	else
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

build_wasm() {
	rm -rf "$WEB"
	mkdir -p "$WEB"
	# Go's normal inlining everywhere but in the packages that run once a screen or once a message,
	# not once a frame: the scenes' logic (menus, lobby, the play scene's bookkeeping), the online
	# client, the wire messages and the QR encoder. With online play in the game, full inlining
	# there took the gzip fallback over its budget (5,370,273 of 5,300,000 bytes); without it the
	# download is about 70 KB smaller gzipped. The boards (sig/scenes/boards) too since session
	# 14: they draw every frame, but as calls into sprites and Ebitengine, which keep their
	# inlining (as resolv does); the boards' own inlining was 37 KB of the gzipped download, and
	# the boards' pictures painted as fewer paths and text drawn from a sheet of glyphs had taken
	# the gzip fallback over its budget again. BENCHMARKS.md has the sizes.
	# And none in the packages that run once at start or once a change, never in a frame's hot
	# loop: the arena and the animation queue (calls into sprites and Ebitengine, as the boards),
	# the catalogue, the match driver, the font tables' parser (glyphs are drawn from a sheet,
	# each shaped and rasterised once), and Ebitengine's shader compiler with the standard
	# library's Go parser, printer, build, templates, gob and regexps that it and its start-up
	# use. Together 177 KB of the gzipped download and 124 KB of the Brotli one (sig.wasm from
	# 5,236,925 to 5,060,377 bytes with zopfli, from 3,898,112 to 3,773,640 with Brotli):
	# more than half a second of a 1.6 Mbit/s line.
	local noinline=(-gcflags=sig/scenes=-l -gcflags=sig/scenes/boards=-l -gcflags=sig/online=-l -gcflags=sig/qr=-l -gcflags=sig/wire=-l
		-gcflags=sig/scenes/stage=-l -gcflags=sig/scenes/lang=-l -gcflags=sig/match=-l
		-gcflags=github.com/go-text/typesetting/font/opentype/tables=-l
		-gcflags=github.com/hajimehoshi/ebiten/v2/internal/shader=-l
		-gcflags=go/parser=-l -gcflags=go/ast=-l -gcflags=go/printer=-l -gcflags=go/build=-l -gcflags=go/doc=-l
		-gcflags=text/template=-l -gcflags=text/template/parse=-l -gcflags=encoding/gob=-l
		-gcflags=regexp=-l -gcflags=regexp/syntax=-l)
	if [ -n "${SIG_WASM:-}" ]; then
		# An already built sig.wasm, packaged as a new build (the end-to-end tests' rebuilt site).
		[ -f "$SIG_WASM" ] || die "SIG_WASM=$SIG_WASM: no such file"
		cp "$SIG_WASM" "$WEB/sig.wasm"
	else
		GOOS=js GOARCH=wasm go build -trimpath -ldflags "-s -w" "${noinline[@]}" -o "$WEB/sig.wasm" .
	fi

	local goroot exec_js
	goroot="$(go env GOROOT)"
	exec_js="$goroot/lib/wasm/wasm_exec.js"
	[ -f "$exec_js" ] || exec_js="$goroot/misc/wasm/wasm_exec.js" # Go before 1.24
	[ -f "$exec_js" ] || die "wasm_exec.js is not in $goroot/lib/wasm: is this a complete Go installation?"
	# Go's loader without its comment-only lines but for its licence, the first three.
	{
		head -n 3 "$exec_js"
		tail -n +4 "$exec_js" | drop_comment_lines /dev/stdin
	} >"$WEB/wasm_exec.js"

	local f
	for f in wasm/*; do
		case "$f" in
		*.js) drop_comment_lines "$f" >"$WEB/$(basename "$f")" ;;
		*.html) drop_html_comments "$f" >"$WEB/$(basename "$f")" ;;
		*.css | *.svg | *.png | *.webp | *.woff2 | *.ico | *.json | *.webmanifest) cp "$f" "$WEB/" ;;
		esac
	done

	# The loading bar counts the decompressed bytes of the download against this size.
	local size
	size="$(file_size "$WEB/sig.wasm")"
	replace_in "$WEB/index.html" '<meta name="sig-wasm-size" content="">' "<meta name=\"sig-wasm-size\" content=\"$size\">"

	version_files
	# Precompressed twins, for servers that send name.br to browsers taking Brotli and name.gz
	# to those taking only gzip (sigserve does; so do nginx's brotli_static and gzip_static,
	# and most static hosts).
	command -v brotli >/dev/null ||
		say "warning: no brotli (apt-get install brotli): no .br twins, browsers get gzip"
	say "compressing with $(compressor) and brotli -q $(brotli_level)…"
	for f in "$WEB"/*; do
		case "$f" in
		*.gz | *.br | *.png | *.webp | *.woff2 | *.ico) ;;
		*) compress "$f" ;;
		esac
	done
	download_sizes
}

# drop_comment_lines prints our JavaScript FILE without its lines that are only a comment
# (// to the end of the line): they are for the reader of wasm/, and were a third of the
# gzipped bytes of loader.js and sw.js (about 2.7 KB of the browser's download). wasm/ holds no
# template literals, so a line that starts with // is always a comment.
drop_comment_lines() {
	sed '/^[[:space:]]*\/\//d' "$1"
}

# drop_html_comments prints the page FILE without its <!-- --> and /* */ comments (the latter
# are only in its <style>) and the lines of its inline script that are only a // comment:
# 431 of its 2,537 gzipped bytes before the page drew its first screen itself.
drop_html_comments() {
	perl -0pe 's/[ \t]*<!--.*?-->\n?//sg; s{[ \t]*/\*.*?\*/\n?}{}sg; s{^[ \t]*//[^\n]*\n}{}mg' "$1"
}

# download_sizes lists the site's files, plain and as each twin, and the whole download as a
# browser taking Brotli gets it and as one taking only gzip does (a file without a twin
# counts plain).
download_sizes() {
	local f n gz br totalgz=0 totalbr=0
	say "built $WEB:"
	for f in "$WEB"/*; do
		case "$f" in *.gz | *.br) continue ;; esac
		n="$(file_size "$f")"
		gz="$n" br="$n"
		[ -f "$f.gz" ] && gz="$(file_size "$f.gz")"
		[ -f "$f.br" ] && br="$(file_size "$f.br")"
		[ -f "$f.br" ] || br="$gz"
		say "  $(basename "$f"): $n bytes, $gz gzipped, $br brotli"
		totalgz=$((totalgz + gz))
		totalbr=$((totalbr + br))
	done
	say "  download: $totalbr bytes with Brotli, $totalgz gzipped"
}

# replace_in FILE FROM TO replaces the text FROM by TO in FILE (plain text, not patterns), and
# dies if FROM is not there (a page that lost a tag build.sh fills must not go out half built).
replace_in() {
	local file="$1" from="$2" to="$3" tmp
	grep -qF -- "$from" "$file" || die "$file lost its $from"
	from="$(printf '%s' "$from" | sed 's/[]|[\.*^$]/\\&/g')"
	to="$(printf '%s' "$to" | sed 's/[|&\\]/\\&/g')"
	tmp="$(mktemp)"
	sed "s|$from|$to|g" "$file" >"$tmp"
	cat "$tmp" >"$file"
	rm -f "$tmp"
}

# version_files names the page's scripts and the game by their content (sig.HASH.wasm,
# loader.HASH.js, wasm_exec.HASH.js), so a browser never pairs one build's page with another's
# files; gives the build an id (a hash of every file); and writes that id and the list of files
# into the service worker (sw.js), which keeps each build's files together in a cache of its
# own so the game starts offline. A page of a new build shows a small "updated" notice.
version_files() {
	local name hash base ext
	for name in sig.wasm wasm_exec.js loader.js; do
		hash="$(sha256_of "$WEB/$name" | cut -c1-16)"
		base="${name%.*}" ext="${name##*.}"
		mv "$WEB/$name" "$WEB/$base.$hash.$ext"
		replace_in "$WEB/index.html" "\"$name\"" "\"$base.$hash.$ext\""
	done
	local files=() f
	for f in "$WEB"/*; do
		name="$(basename "$f")"
		[ "$name" = sw.js ] || files+=("$name")
	done
	local build
	build="$(cd "$WEB" && for name in "${files[@]}"; do sha256_of "$name"; done | sha256_of /dev/stdin | cut -c1-16)"
	replace_in "$WEB/index.html" '<meta name="sig-build" content="">' "<meta name=\"sig-build\" content=\"$build\">"
	local list=""
	for name in "${files[@]}"; do list="$list'$name', "; done
	replace_in "$WEB/sw.js" "const BUILD = '';" "const BUILD = '$build';"
	replace_in "$WEB/sw.js" "const FILES = [];" "const FILES = [${list%, }];"
	chmod 644 "$WEB"/*
	say "build $build"
}

serve() {
	local addr="${1:-127.0.0.1:8080}"
	build_wasm
	mkdir -p "$DIST"
	go build -o "$DIST/sigserve$(exe_suffix)" ./cmd/sigserve
	say "open http://$addr/ in a browser (Ctrl-C stops the server)"
	exec "$DIST/sigserve$(exe_suffix)" -addr "$addr" -dir "$WEB"
}

# serve_online runs cmd/sigserver with the browser game: one process for the site and the
# matches, for playing online on a local network (or on a host, behind a reverse proxy).
serve_online() {
	local addr="${1:-0.0.0.0:8090}"
	build_wasm
	mkdir -p "$DIST"
	go build -trimpath -o "$DIST/sigserver$(exe_suffix)" ./cmd/sigserver
	local port="${addr##*:}"
	say "Play online: open one of these in a browser on this network (Ctrl-C stops the server):"
	say "  http://127.0.0.1:$port/ (this machine)"
	local ip
	for ip in $( (hostname -I 2>/dev/null || true) | tr ' ' '\n' | grep -E '^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' || true); do
		say "  http://$ip:$port/"
	done
	say "The desktop game plays there with: ./dist/sig -server <one of those addresses>"
	exec "$DIST/sigserver$(exe_suffix)" -addr "$addr" -dir "$WEB" -data "$DIST/sig-data"
}

dist() {
	build_wasm
	say ""
	say "dist/web is ready for any static host: upload its files as they are."
	say "  - serve sig.wasm as application/wasm if the host lets you: the browser then keeps it"
	say "    compiled between visits (the loader copes with another type, but compiles every time);"
	say "  - index.html and sw.js must be revalidated on every visit (Cache-Control: no-cache);"
	say "    the files named by their content (sig.HASH.wasm, loader.HASH.js, …) may be cached"
	say "    for good;"
	say "  - the .br and .gz twins are optional: a host that serves name.br with"
	say "    Content-Encoding: br (and name.gz with gzip) to browsers that take it saves"
	say "    bandwidth; the README (Browser) says how for common hosts."
}

run_tests() {
	say "${TEST_CMD[*]}"
	"${TEST_CMD[@]}"
}

smoke() {
	mkdir -p "$DIST/smoke"
	SIG_SMOKE_OUT="${SIG_SMOKE_OUT:-$DIST/smoke}" go test -tags smoke -count=1 -timeout 20m -v ./smoke
}

# e2e_tests runs the end-to-end tests matching $1 (e2e/: they build their own copy of the
# browser game and start Xvfb when there is no display).
e2e_tests() {
	mkdir -p "$DIST/e2e"
	SIG_ARTIFACTS="${SIG_ARTIFACTS:-$DIST/e2e}" go test -tags e2e -count=1 -timeout 60m -v -run "$1" ./e2e
}

# with_display runs "$@" with a display: the current one, or a private Xvfb started here.
with_display() {
	if [ -n "${DISPLAY:-}" ]; then
		"$@"
		return
	fi
	command -v Xvfb >/dev/null || die "no DISPLAY and no Xvfb: install it (apt-get install xvfb) or run on a desktop"
	local fifo display status=0
	fifo="$(mktemp -u)"
	mkfifo "$fifo"
	Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
	XVFB_PID=$!
	trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
	read -r display <"$fifo"
	rm -f "$fifo"
	DISPLAY=":$display" "$@" || status=$?
	kill "$XVFB_PID" 2>/dev/null || true
	wait "$XVFB_PID" 2>/dev/null || true
	return "$status"
}

# shoot NAME ARGS… takes one desktop screenshot into dist/screenshots/NAME.png.
shoot() {
	local name="$1"
	shift
	local out="$DIST/screenshots/$name.png"
	if "$DIST/sig" -width 1280 -height 800 -screenshot "$out" "$@" >/dev/null 2>"$DIST/screenshots/$name.log"; then
		rm -f "$DIST/screenshots/$name.log"
		say "  $out"
	else
		say "  $name FAILED: $(tail -n 3 "$DIST/screenshots/$name.log")"
		return 1
	fi
}

screenshots() {
	build_native
	rm -rf "$DIST/screenshots"
	mkdir -p "$DIST/screenshots"
	with_display take_screenshots
}

# play_shot prints the seats and the frame of each game's in-play screenshot: computer players
# at normal speed, caught mid-game (frame 600 is 10 s in at 60 frames a second) with pieces
# spread over the board.
# (A case, not an associative array: macOS still ships bash 3.2.)
play_shot() {
	case "$1" in
	sig-wa-duqqan | es-sig) echo "ai:easy,ai:easy,ai:easy,ai:easy 720" ;;
	sadeqa) echo "ai:easy,ai:easy 480" ;;
	*) echo "ai:easy,ai:easy 600" ;;
	esac
}

take_screenshots() {
	local failed=0 id
	say "screenshots:"
	shoot title -screenshot-frame 60 || failed=1
	local seats frame
	for id in "${GAME_IDS[@]}"; do
		shoot "setup-$id" -game "$id" -screenshot-frame 60 || failed=1
		read -r seats frame <<<"$(play_shot "$id")"
		shoot "play-$id" -game "$id" -seats "$seats" -seed 7 -screenshot-frame "$frame" || failed=1
	done
	[ "$failed" = 0 ] || die "some screenshots failed (see the .log files in dist/screenshots)"
}

# readme_shots makes the README's pictures: each game in play, from ./build.sh screenshots,
# shrunk to 800x500 and reduced to a palette (ImageMagick and pngquant), into docs/screenshots.
readme_shots() {
	local missing=()
	command -v convert >/dev/null || missing+=("ImageMagick's convert: apt-get install imagemagick")
	command -v pngquant >/dev/null || missing+=("pngquant: apt-get install pngquant")
	if [ "${#missing[@]}" -gt 0 ]; then
		printf 'build.sh readme-shots: missing:\n' >&2
		printf '  - %s\n' "${missing[@]}" >&2
		exit 1
	fi
	screenshots
	mkdir -p "$ROOT/docs/screenshots"
	local id out
	for id in "${GAME_IDS[@]}"; do
		out="$ROOT/docs/screenshots/$id.png"
		convert "$DIST/screenshots/play-$id.png" -filter Lanczos -resize 800x500 -strip "$out.tmp.png"
		pngquant --force --quality 50-80 --speed 1 --strip --output "$out" "$out.tmp.png"
		rm -f "$out.tmp.png"
		say "  $out: $(file_size "$out") bytes"
	done
}

# need_tools dies listing every missing piece at once, with how to get it.
need_tools() {
	local what="$1"
	shift
	if [ "$#" -gt 0 ]; then
		printf 'build.sh %s: cannot build here; missing:\n' "$what" >&2
		printf '  - %s\n' "$@" >&2
		printf 'The README ("Phones") lists the steps.\n' >&2
		exit 1
	fi
}

ebitenmobile_cmd() {
	if command -v ebitenmobile >/dev/null; then
		command -v ebitenmobile
	elif [ -x "$(go env GOPATH)/bin/ebitenmobile" ]; then
		printf '%s' "$(go env GOPATH)/bin/ebitenmobile"
	fi
}

EBITENMOBILE_HINT="ebitenmobile: go install github.com/hajimehoshi/ebiten/v2/cmd/ebitenmobile@v2.10.4"

android() {
	local missing=() sdk="${ANDROID_HOME:-${ANDROID_SDK_ROOT:-}}" ndk="${ANDROID_NDK_HOME:-}"
	[ -n "$(ebitenmobile_cmd)" ] || missing+=("$EBITENMOBILE_HINT")
	if [ -z "$sdk" ] || [ ! -d "$sdk" ]; then
		missing+=("the Android SDK: install it (Android Studio, or the command-line tools) and set ANDROID_HOME")
	elif [ -z "$ndk" ]; then
		ndk="$(find "$sdk/ndk" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort -V | tail -n 1)"
		[ -n "$ndk" ] || [ -d "$sdk/ndk-bundle" ] ||
			missing+=("the Android NDK: sdkmanager \"ndk;27.2.12479018\" (or set ANDROID_NDK_HOME)")
	fi
	command -v javac >/dev/null || missing+=("a JDK (17 or later): apt-get install openjdk-17-jdk-headless")
	need_tools android "${missing[@]}"
	mkdir -p "$DIST/android"
	"$(ebitenmobile_cmd)" bind -target android -javapkg org.sig.game \
		-o "$DIST/android/sig.aar" ./mobile
	say "built $DIST/android/sig.aar"
}

ios() {
	local missing=()
	[ -n "$(ebitenmobile_cmd)" ] || missing+=("$EBITENMOBILE_HINT")
	if [ "$(uname -s)" != Darwin ]; then
		missing+=("macOS with Xcode: iOS frameworks are built only on a Mac")
	elif ! command -v xcodebuild >/dev/null || ! xcrun --sdk iphoneos --show-sdk-path >/dev/null 2>&1; then
		missing+=("Xcode with the iOS SDK: install it from the App Store, then xcode-select --install")
	fi
	need_tools ios "${missing[@]}"
	mkdir -p "$DIST/ios"
	"$(ebitenmobile_cmd)" bind -target ios -o "$DIST/ios/Sig.xcframework" ./mobile
	say "built $DIST/ios/Sig.xcframework"
}

cmd="${1:-}"
[ "$#" -gt 0 ] && shift
case "$cmd" in
native) build_native ;;
wasm) build_wasm ;;
serve) serve "$@" ;;
serve-online) serve_online "$@" ;;
dist) dist ;;
test) run_tests ;;
smoke) smoke ;;
e2e) e2e_tests 'TestBrowserGames|TestDesktopSeega|TestBrowserOffline' ;;
frames) e2e_tests 'TestBrowserFrames' ;;
screenshots) screenshots ;;
readme-shots) readme_shots ;;
engine) build_engine ;;
android) android ;;
ios) ios ;;
help | -h | --help) usage ;;
"")
	usage >&2
	exit 2
	;;
*)
	printf 'build.sh: unknown command %q\n\n' "$cmd" >&2
	usage >&2
	exit 2
	;;
esac
