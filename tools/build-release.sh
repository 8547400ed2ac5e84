#!/bin/bash
# The release build of `graticule` that Benchmarks/RESULTS.md's numbers are measured on:
# the Swift runtime and libstdc++ linked statically, no symbols exported (see the README,
# "Install"). Prints the binary's path. Extra arguments go to `swift build`.
#
# libstdc++ statically: the shared one's C++ vtable and typeinfo references (ICU and the Swift
# runtime) cost the dynamic loader about 800 symbol lookups at every start, ~0.5 ms of a
# one-shot command. SwiftPM has no switch for it and the toolchain's link arguments name
# -lstdc++ before any of ours, so the linker is given a directory holding only the archive,
# searched before the system's.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH_PATH:-.build}
flags=(-Xlinker --no-export-dynamic)
archive=$(${CC:-cc} -print-file-name=libstdc++.a 2>/dev/null || true)
if [[ "$archive" == /* && -f "$archive" ]]; then
    mkdir -p "$scratch/static-libstdc++"
    ln -sf "$archive" "$scratch/static-libstdc++/libstdc++.a"
    flags+=(-Xswiftc -L -Xswiftc "$PWD/$scratch/static-libstdc++")
else
    echo "build-release.sh: no libstdc++.a (${CC:-cc} -print-file-name); linking the shared one" >&2
fi
swift build -c release --product graticule --static-swift-stdlib --scratch-path "$scratch" "${flags[@]}" "$@" >&2
echo "$scratch/release/graticule"
