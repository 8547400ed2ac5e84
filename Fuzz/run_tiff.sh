#!/usr/bin/env bash
# Fuzzes the GeoTIFF reader: Fuzz/run.sh with FUZZ_TARGET=tiff (see there).
#   Fuzz/run_tiff.sh [SECONDS] [extra libFuzzer flags…]
FUZZ_TARGET=tiff exec "$(dirname "$0")/run.sh" "$@"
