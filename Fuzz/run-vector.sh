#!/usr/bin/env bash
# Fuzzes one vector reader: Fuzz/run.sh with FUZZ_TARGET=geojson, shapefile or gpkgblob (see there).
#   Fuzz/run-vector.sh TARGET [SECONDS] [extra libFuzzer flags…]
TARGET="${1:?geojson|shapefile|gpkgblob}"; shift
FUZZ_TARGET="$TARGET" exec "$(dirname "$0")/run.sh" "$@"
