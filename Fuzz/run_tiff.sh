#!/usr/bin/env bash
# Builds the TIFF reader fuzz target with libFuzzer + AddressSanitizer and runs it.
#
#   Fuzz/run_tiff.sh [SECONDS] [extra libFuzzer flags…]
#
# GraticuleCore, GraticuleGeometry, GraticuleCRS (and GRDB) and GraticuleIO are built with coverage
# and ASan instrumentation into .build/fuzz (shared with Fuzz/run.sh); Fuzz/FuzzTIFF.swift is
# compiled and linked against them with `swiftc -sanitize=fuzzer,address`. Seeds: the raster test
# files under 64 KiB (every codec and layout of the variant matrix, copied to .build/fuzz/tiff-seeds);
# working corpus: .build/fuzz/tiff-corpus; crashing inputs go to Fuzz/artifacts.
set -euo pipefail

SECONDS_TO_RUN="${1:-300}"
shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="$ROOT/.build/fuzz"
CONFIG="${FUZZ_CONFIG:-release}"

echo "== building instrumented modules ($CONFIG) into $SCRATCH"
swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c "$CONFIG" --target GraticuleIO \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -j "${FUZZ_BUILD_JOBS:-2}"

BIN="$SCRATCH/$CONFIG"
OBJECTS=()
for target in GraticuleCore GraticuleGeometry GraticuleCRS GraticuleIO GRDB; do
    while IFS= read -r -d '' o; do OBJECTS+=("$o"); done < <(find "$BIN/$target.build" -name '*.o' -print0)
done
GRDB_MAP="$(find "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)"

echo "== linking the fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O \
    -I "$BIN/Modules" -I "$BIN" -Xcc -fmodule-map-file="$GRDB_MAP" \
    -Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap" \
    "$ROOT/Fuzz/FuzzTIFF.swift" "${OBJECTS[@]}" -lsqlite3 -lz \
    -o "$SCRATCH/fuzz-tiff"

CORPUS="$SCRATCH/tiff-corpus"
SEEDS="$SCRATCH/tiff-seeds"
mkdir -p "$CORPUS" "$SEEDS" "$ROOT/Fuzz/artifacts"
find "$ROOT/Tests/GraticuleRasterTests/Fixtures/rasters" -name '*.tif' -size -64k -exec cp {} "$SEEDS/" \;
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export GRATICULE_REGISTRY="$ROOT/Sources/GraticuleCRS/Resources/registry.sqlite"
echo "== fuzzing for $SECONDS_TO_RUN s"
"$SCRATCH/fuzz-tiff" "$CORPUS" "$SEEDS" \
    -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -artifact_prefix="$ROOT/Fuzz/artifacts/" -print_final_stats=1 "$@"
