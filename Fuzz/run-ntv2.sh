#!/usr/bin/env bash
# Fuzzes the NTv2 grid reader: Fuzz/run.sh with FUZZ_TARGET=ntv2 (see there).
#   Fuzz/run-ntv2.sh [SECONDS] [extra libFuzzer flags…]
FUZZ_TARGET=ntv2 exec "$(dirname "$0")/run.sh" "$@"
