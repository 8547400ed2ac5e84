#!/usr/bin/env bash
# Builds one vector fuzz target (geojson, shapefile or gpkgblob) with libFuzzer + AddressSanitizer
# and runs it, in the pattern of Fuzz/run.sh:   Fuzz/run-vector.sh TARGET [SECONDS] [libFuzzer flags…]
set -euo pipefail
TARGET="${1:?geojson|shapefile|gpkgblob}"; shift
SECONDS_TO_RUN="${1:-300}"; shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="$ROOT/.build/fuzz"
CONFIG="${FUZZ_CONFIG:-release}"
case "$TARGET" in geojson) FLAG=FUZZ_GEOJSON;; shapefile) FLAG=FUZZ_SHAPEFILE;; gpkgblob) FLAG=FUZZ_GPKGBLOB;; *) echo "unknown target $TARGET"; exit 2;; esac

swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c "$CONFIG" --target GraticuleIO \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -j "${FUZZ_BUILD_JOBS:-2}"
BIN="$SCRATCH/$CONFIG"
OBJECTS=()
for target in GraticuleCore GraticuleCRS GraticuleGeometry GraticuleTIFF GraticuleIO GRDB; do
    while IFS= read -r -d '' o; do OBJECTS+=("$o"); done < <(find "$BIN/$target.build" -name '*.o' -print0)
done
MODULEMAP="$(find "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)"
swiftc -sanitize=fuzzer,address -parse-as-library -O -D "$FLAG" \
    -I "$BIN/Modules" -I "$BIN" -Xcc -fmodule-map-file="$MODULEMAP" \
    "$ROOT/Fuzz/FuzzVector.swift" "${OBJECTS[@]}" -lsqlite3 -o "$SCRATCH/fuzz-$TARGET"
CORPUS="$SCRATCH/corpus-$TARGET"
mkdir -p "$CORPUS" "$ROOT/Fuzz/artifacts"
SEEDS="$ROOT/Fuzz/seeds-vector/$TARGET"
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export GRATICULE_REGISTRY="$ROOT/Sources/GraticuleCRS/Resources/registry.sqlite"
"$SCRATCH/fuzz-$TARGET" "$CORPUS" "$SEEDS" -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix="$ROOT/Fuzz/artifacts/$TARGET-" -print_final_stats=1 "$@"
