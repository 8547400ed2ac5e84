#!/usr/bin/env bash
# Builds the NTv2 grid fuzz target with libFuzzer + AddressSanitizer and runs it.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]
#
# The package's GraticuleCore, GraticuleGeometry, GraticuleCRS, GraticuleProjection, GraticuleTransform and GRDB modules are built with coverage and ASan
# instrumentation into .build/fuzz (a separate scratch path, so the normal build is untouched);
# Fuzz/FuzzNTv2.swift is compiled and linked against them with `swiftc -sanitize=fuzzer,address`.
# The working corpus lives in .build/fuzz/corpus (Fuzz/seeds is read too); crashing inputs are
# written to Fuzz/artifacts.
set -euo pipefail

SECONDS_TO_RUN="${1:-300}"
shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="$ROOT/.build/fuzz"
CONFIG="${FUZZ_CONFIG:-release}"
JOBS="${FUZZ_JOBS:-1}"

echo "== building instrumented modules ($CONFIG) into $SCRATCH"
swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c "$CONFIG" --target GraticuleTransform \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -j "${FUZZ_BUILD_JOBS:-2}"

BIN="$SCRATCH/$CONFIG"
OBJECTS=()
for target in GraticuleCore GraticuleGeometry GraticuleCRS GraticuleProjection GraticuleTransform GRDB; do
    while IFS= read -r -d '' o; do OBJECTS+=("$o"); done < <(find "$BIN/$target.build" -name '*.o' -print0)
done
MODULEMAP="$(find "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)"

echo "== linking the fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O \
    -I "$BIN/Modules" -I "$BIN" -Xcc -fmodule-map-file="$MODULEMAP" -Xcc -fmodule-map-file="$ROOT/Sources/CZlib/module.modulemap" \
    "$ROOT/Fuzz/FuzzNTv2.swift" "${OBJECTS[@]}" -lsqlite3 -lz \
    -o "$SCRATCH/fuzz-ntv2"

CORPUS="$SCRATCH/corpus-ntv2"
mkdir -p "$CORPUS" "$ROOT/Fuzz/artifacts"
JOBFLAGS=(); if [ "$JOBS" -gt 1 ]; then JOBFLAGS=(-jobs="$JOBS" -workers="$JOBS"); fi

# Leak detection is off: the registry caches every CRS it resolves (by design, bounded by the
# registry's size), which LeakSanitizer reports as a leak of the input that first resolved it.
# The registry the readers consult (the resource bundle path of an ad-hoc build is not found).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export GRATICULE_REGISTRY="$ROOT/Sources/GraticuleCRS/Resources/registry.sqlite"
echo "== fuzzing for $SECONDS_TO_RUN s"
"$SCRATCH/fuzz-ntv2" "$CORPUS" "$ROOT/Fuzz/seeds-ntv2" \
    -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    "${JOBFLAGS[@]}" \
    -artifact_prefix="$ROOT/Fuzz/artifacts/" -print_final_stats=1 "$@"
