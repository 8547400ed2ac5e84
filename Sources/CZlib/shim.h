// zlib (system library, Debian zlib1g-dev): inflate for TIFF Deflate tiles, deflate and crc32
// for PNG output. See Package.swift's CZlib target.
#include <zlib.h>
