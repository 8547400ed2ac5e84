#!/usr/bin/env bash
# Builds a fuzz target with libFuzzer + AddressSanitizer and runs it.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]                  # the CRS text readers
#   FUZZ_TARGET=tiff Fuzz/run.sh [SECONDS] …  (or Fuzz/run_tiff.sh)   # the GeoTIFF reader
#   FUZZ_TARGET=inflate Fuzz/run.sh [SECONDS] …                      # the inflate, against zlib
#   FUZZ_TARGET=pngwrite Fuzz/run.sh [SECONDS] …                     # the display PNG encoder, against zlib
#   FUZZ_TARGET=png8 Fuzz/run.sh [SECONDS] …                         # the 8-bit PNG encoder (quantiser)
#   FUZZ_TARGET=jpegwrite Fuzz/run.sh [SECONDS] …                    # the JPEG writer's file structure
#   FUZZ_TARGET=ntv2 Fuzz/run.sh [SECONDS] …  (or Fuzz/run-ntv2.sh)   # the NTv2 grid reader
#   FUZZ_TARGET=cql2 Fuzz/run.sh [SECONDS] …                         # CQL2 text: parse, bind, evaluate
#   FUZZ_TARGET=geojson|shapefile|gpkgblob Fuzz/run.sh [SECONDS] …    # the vector readers
#                                           (or Fuzz/run-vector.sh TARGET [SECONDS] …)
#
# The package modules the target needs are built with coverage and ASan instrumentation into
# .build/fuzz (a separate scratch path, so the normal build is untouched); the target's Swift
# file (Fuzz/FuzzCRSText.swift or Fuzz/FuzzTIFF.swift) is compiled and linked against them with
# `swiftc -sanitize=fuzzer,address`. The working corpus lives in .build/fuzz (the target's seeds
# are read too); crashing inputs are written to Fuzz/artifacts.
set -euo pipefail

SECONDS_TO_RUN="${1:-300}"
shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="$ROOT/.build/fuzz"
CONFIG="${FUZZ_CONFIG:-release}"
JOBS="${FUZZ_JOBS:-1}"
TARGET="${FUZZ_TARGET:-crs}"
DEFINES=(); PREFIX=""

case "$TARGET" in
crs)
    MODULE=GraticuleCRS; LINKED=(GraticuleCore GraticuleCRS GRDB); SOURCE=FuzzCRSText.swift; BINARY=fuzz-crs-text
    CORPUS="$SCRATCH/corpus"; SEEDS="$ROOT/Fuzz/seeds"; LIBS=(-lsqlite3); MAPS=()
    FLAGS=(-max_len=4096 -dict="$ROOT/Fuzz/crs.dict")
    ;;
tiff)
    # Seeds: the raster test files under 64 KiB (every codec and layout of the variant matrix).
    MODULE=GraticuleTIFF; LINKED=(GraticuleCore GraticuleCRS GraticuleTIFF GRDB); SOURCE=FuzzTIFF.swift
    BINARY=fuzz-tiff; CORPUS="$SCRATCH/tiff-corpus"; SEEDS="$SCRATCH/tiff-seeds"; LIBS=(-lsqlite3 -lz)
    MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap")
    FLAGS=(-max_len=65536)
    mkdir -p "$SEEDS"
    find "$ROOT/Tests/GraticuleRasterTests/Fixtures/rasters" -name '*.tif' -size -64k -exec cp {} "$SEEDS/" \;
    ;;
inflate)
    # Graticule's inflate against zlib on the same streams (a difference traps); seeds: zlib streams.
    MODULE=GraticuleTIFF; LINKED=(GraticuleCore GraticuleCRS GraticuleTIFF GRDB); SOURCE=FuzzInflate.swift
    BINARY=fuzz-inflate; CORPUS="$SCRATCH/corpus-inflate"; SEEDS="$ROOT/Fuzz/seeds-inflate"; LIBS=(-lsqlite3 -lz)
    MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=16384)
    ;;
pngwrite)
    # The display PNG encoder (own deflate, palette replay) decoded by zlib (a difference traps).
    MODULE=GraticuleIO; LINKED=(GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB)
    SOURCE=FuzzPNGWrite.swift; BINARY=fuzz-pngwrite; CORPUS="$SCRATCH/corpus-pngwrite"; SEEDS="$ROOT/Fuzz/seeds-pngwrite"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=2048)
    ;;
png8)
    # The 8-bit PNG encoder (quantiser) decoded by zlib: colour count, lossless below it, RowChanges.
    MODULE=GraticuleIO; LINKED=(GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB)
    SOURCE=FuzzPNGWrite.swift; BINARY=fuzz-png8; CORPUS="$SCRATCH/corpus-png8"; SEEDS="$ROOT/Fuzz/seeds-pngwrite"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=2048)
    DEFINES=(-D FUZZ_PNG8); PREFIX="png8-"
    ;;
jpegwrite)
    # The JPEG writer: crashes, ASan, and files whose structure a decoder would reject.
    MODULE=GraticuleIO; LINKED=(GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB)
    SOURCE=FuzzJPEGWrite.swift; BINARY=fuzz-jpegwrite; CORPUS="$SCRATCH/corpus-jpegwrite"; SEEDS="$ROOT/Fuzz/seeds-jpegwrite"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=4096)
    ;;
ntv2)
    MODULE=GraticuleTransform; LINKED=(GraticuleCore GraticuleGeometry GraticuleCRS GraticuleProjection GraticuleTIFF GraticuleTransform GRDB)
    SOURCE=FuzzNTv2.swift; BINARY=fuzz-ntv2; CORPUS="$SCRATCH/corpus-ntv2"; SEEDS="$ROOT/Fuzz/seeds-ntv2"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=65536)
    ;;
geojson|shapefile|gpkgblob)
    # One Swift file holds the three vector targets; -D selects the one to build.
    MODULE=GraticuleIO; LINKED=(GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB)
    SOURCE=FuzzVector.swift; BINARY="fuzz-$TARGET"; CORPUS="$SCRATCH/corpus-$TARGET"; SEEDS="$ROOT/Fuzz/seeds-vector/$TARGET"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=65536)
    DEFINES=(-D "FUZZ_$(echo "$TARGET" | tr a-z A-Z)"); PREFIX="$TARGET-"
    ;;
cql2)
    # CQL2 text: parse, bind to a schema of its own properties, evaluate over sample features.
    MODULE=GraticuleIO; LINKED=(GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB)
    SOURCE=FuzzCQL2.swift; BINARY=fuzz-cql2; CORPUS="$SCRATCH/corpus-cql2"; SEEDS="$ROOT/Fuzz/seeds-cql2"
    LIBS=(-lsqlite3 -lz); MAPS=(-Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap"); FLAGS=(-max_len=4096 -dict="$ROOT/Fuzz/cql2.dict")
    ;;
*) echo "unknown FUZZ_TARGET $TARGET (crs, tiff, inflate, pngwrite, png8, jpegwrite, ntv2, geojson, shapefile, gpkgblob or cql2)" >&2; exit 2 ;;
esac

echo "== building instrumented modules ($CONFIG) into $SCRATCH"
swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c "$CONFIG" --target "$MODULE" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -j "${FUZZ_BUILD_JOBS:-2}"

BIN="$SCRATCH/$CONFIG"
OBJECTS=()
for target in "${LINKED[@]}"; do
    while IFS= read -r -d '' o; do OBJECTS+=("$o"); done < <(find "$BIN/$target.build" -name '*.o' -print0)
done
MODULEMAP="$(find "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)"

echo "== linking the fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O "${DEFINES[@]}" \
    -I "$BIN/Modules" -I "$BIN" -Xcc -fmodule-map-file="$MODULEMAP" "${MAPS[@]}" \
    "$ROOT/Fuzz/$SOURCE" "${OBJECTS[@]}" "${LIBS[@]}" \
    -o "$SCRATCH/$BINARY"

mkdir -p "$CORPUS" "$ROOT/Fuzz/artifacts"
JOBFLAGS=(); if [ "$JOBS" -gt 1 ]; then JOBFLAGS=(-jobs="$JOBS" -workers="$JOBS"); fi

# Leak detection is off: the registry caches every CRS it resolves (by design, bounded by the
# registry's size), which LeakSanitizer reports as a leak of the input that first resolved it.
# The registry the readers consult (the resource bundle path of an ad-hoc build is not found).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# libFuzzer reports a crash itself; Swift's backtracer on a fatalError could hold the process for
# many minutes before it exits.
export SWIFT_BACKTRACE="enable=no"
export GRATICULE_REGISTRY="$ROOT/Sources/GraticuleCRS/Resources/registry.sqlite"
echo "== fuzzing for $SECONDS_TO_RUN s"
"$SCRATCH/$BINARY" "$CORPUS" "$SEEDS" \
    -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 "${FLAGS[@]}" "${JOBFLAGS[@]}" \
    -artifact_prefix="$ROOT/Fuzz/artifacts/$PREFIX" -print_final_stats=1 "$@"
