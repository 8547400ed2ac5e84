#!/usr/bin/env bash
# Generates the GeoTIFF variant matrix the raster tests read, from three real seeds already in
# the repository (Tests/GraticuleRasterTests/Fixtures/rasters/real: elev.tif from Debian
# r-cran-terra, L7_ETMs.tif and olinda_dem_utm25s.tif from Debian r-cran-stars).
#
#   tools/oracle/raster/make_matrix.sh
#
# Needs gdal-bin 3.6.2 (gdal_translate, gdaladdo, gdal_create, gdalinfo) and, for the Int8 file,
# rasterio 1.4.4 (bundled GDAL 3.10.3), which GDAL 3.6 cannot write.
# Every output is written with GDAL_PAM_ENABLED=NO (no .aux.xml sidecars): a fact a test needs is
# in the TIFF itself.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
REAL="$ROOT/Tests/GraticuleRasterTests/Fixtures/rasters/real"
OUT="$ROOT/Tests/GraticuleRasterTests/Fixtures/rasters/matrix"
rm -rf "$OUT"; mkdir -p "$OUT"
export GDAL_PAM_ENABLED=NO
ELEV="$REAL/elev.tif"; L7="$REAL/L7_ETMs.tif"; OLINDA="$REAL/olinda_dem_utm25s.tif"
t() { gdal_translate -q "$@"; }

for c in NONE LZW DEFLATE PACKBITS ZSTD LZMA LERC; do t -co COMPRESS=$c "$ELEV" "$OUT/elev_$c.tif"; done
t -co COMPRESS=LZW -co PREDICTOR=2 "$ELEV" "$OUT/elev_lzw_pred2.tif"
t -co TILED=YES -co BLOCKXSIZE=16 -co BLOCKYSIZE=16 "$ELEV" "$OUT/elev_tiled16.tif"
t -co BIGTIFF=YES "$ELEV" "$OUT/elev_bigtiff.tif"
t -co ENDIANNESS=BIG "$ELEV" "$OUT/elev_bigendian.tif"
t -co ENDIANNESS=BIG -co COMPRESS=DEFLATE -co PREDICTOR=2 -co TILED=YES -co BLOCKXSIZE=32 -co BLOCKYSIZE=32 \
  "$ELEV" "$OUT/elev_bigendian_deflate_pred2_tiled.tif"
t -co BIGTIFF=YES -co ENDIANNESS=BIG -co COMPRESS=ZSTD -co TILED=YES -co BLOCKXSIZE=48 -co BLOCKYSIZE=32 \
  "$ELEV" "$OUT/elev_bigtiff_bigendian_zstd_tiled.tif"
t -mo AREA_OR_POINT=Point "$ELEV" "$OUT/elev_pixelispoint.tif"
t -a_scale 0.1 -a_offset 100 "$ELEV" "$OUT/elev_scale_offset.tif"
t -ot UInt32 -a_nodata 0 "$ELEV" "$OUT/elev_u32.tif"
t -ot Int32 -scale 100 600 1970000000 2020000000 "$ELEV" "$OUT/elev_i32.tif"
t -ot Byte -co NBITS=4 -scale 100 600 4 14 -a_nodata 0 "$ELEV" "$OUT/elev_nbits4.tif"
# 8-bit grey stored MinIsWhite (photometric 0) without GDAL metadata: GDAL calls the band Gray
t -ot Byte -scale 100 600 0 255 -co PHOTOMETRIC=MINISWHITE -co PROFILE=GeoTIFF "$ELEV" "$OUT/elev_miniswhite.tif"
t -ot Byte -co NBITS=1 -scale 100 600 0 1 -a_nodata 0 "$ELEV" "$OUT/elev_nbits1.tif"
t -ot UInt16 -co NBITS=12 -scale 100 600 0 4000 "$ELEV" "$OUT/elev_nbits12.tif"
t -ot Float32 -co COMPRESS=DEFLATE -co PREDICTOR=3 -co TILED=YES -co BLOCKXSIZE=32 -co BLOCKYSIZE=32 \
  "$ELEV" "$OUT/elev_f32_deflate_pred3_tiled.tif"
t -ot Float64 -co COMPRESS=LZW -co PREDICTOR=3 "$ELEV" "$OUT/elev_f64_lzw_pred3.tif"
t -ot Float64 -co COMPRESS=LZW -co PREDICTOR=2 -co ENDIANNESS=BIG "$ELEV" "$OUT/elev_f64_lzw_pred2_bigendian.tif"
t -ot Int16 -co COMPRESS=DEFLATE -co PREDICTOR=2 -co TILED=YES -co BLOCKXSIZE=16 -co BLOCKYSIZE=16 \
  "$ELEV" "$OUT/elev_i16_deflate_pred2_tiled16.tif"
cp "$ELEV" "$OUT/elev_ovr.tif"; gdaladdo -q -r average "$OUT/elev_ovr.tif" 2 4
cp "$ELEV" "$OUT/elev_extovr.tif"; gdaladdo -q -ro "$OUT/elev_extovr.tif" 2 4   # elev_extovr.tif.ovr
t -a_srs EPSG:32631 -a_ullr 500000 5600000 500950 5599100 "$ELEV" "$OUT/elev_utm_reassigned.tif"
python3 - "$ELEV" "$OUT/elev_int8_gdal310.tif" <<'PY'
import sys, numpy as np, rasterio
src, dst = sys.argv[1], sys.argv[2]
with rasterio.Env(GDAL_PAM_ENABLED="NO"), rasterio.open(src) as s:
    a = s.read(1).astype(np.int32)
    valid = a != -32768
    out = np.where(valid, np.clip((a - 100) // 4 - 120, -127, 127), -128).astype(np.int8)
    prof = s.profile; prof.update(dtype="int8", nodata=-128, compress="deflate")
    with rasterio.open(dst, "w", **prof) as d: d.write(out, 1)
PY
t -co INTERLEAVE=BAND -co COMPRESS=DEFLATE "$L7" "$OUT/l7_planar2.tif"
t -srcwin 100 100 200 160 -co INTERLEAVE=BAND -co COMPRESS=PACKBITS -co TILED=YES -co BLOCKXSIZE=64 -co BLOCKYSIZE=64 \
  "$L7" "$OUT/l7_planar2_packbits_tiled.tif"
t -co INTERLEAVE=PIXEL -co COMPRESS=LZW -co PREDICTOR=2 "$L7" "$OUT/l7_pixel_pred2.tif"
t -b 1 -b 2 -b 3 -co COMPRESS=JPEG -co PHOTOMETRIC=YCBCR -co TILED=YES "$L7" "$OUT/l7_rgb_jpeg_ycbcr.tif"
t -b 1 -b 2 -b 3 -co COMPRESS=WEBP -co TILED=YES "$L7" "$OUT/l7_rgb_webp.tif"
t -of COG -co COMPRESS=DEFLATE -co BLOCKSIZE=256 "$L7" "$OUT/l7_cog.tif"
t -b 1 -b 2 -b 3 -mask 1 --config GDAL_TIFF_INTERNAL_MASK YES "$L7" "$OUT/l7_rgb_internal_mask.tif"
t -co COMPRESS=DEFLATE -co PREDICTOR=3 "$OLINDA" "$OUT/olinda_f32_deflate_pred3.tif"
t -co COMPRESS=ZSTD -co PREDICTOR=3 -co TILED=YES -co BLOCKXSIZE=32 -co BLOCKYSIZE=32 \
  "$OLINDA" "$OUT/olinda_f32_zstd_pred3_tiled32.tif"
t -srcwin 0 150 200 200 -co COMPRESS=ZSTD -co ZSTD_LEVEL=19 -co PREDICTOR=2 -co INTERLEAVE=BAND "$L7" "$OUT/l7_zstd19_pred2_planar.tif"
t -ot Float64 -a_nodata nan "$OLINDA" "$OUT/olinda_f64_nodata_nan.tif"
t -ot CFloat32 "$OLINDA" "$OUT/olinda_cfloat32.tif"
t -ot CInt16 "$OLINDA" "$OUT/olinda_cint16.tif"
t -ot Float32 -a_nodata nan -co COMPRESS=LZW "$OLINDA" "$OUT/olinda_f32_nodata_nan_lzw.tif"
gdal_create -q -outsize 1024 1024 -ot Float32 -a_srs EPSG:3857 -a_ullr 0 1000000 1000000 0 \
  -co SPARSE_OK=TRUE -co TILED=YES "$OUT/sparse_f32.tif"
ls -l "$OUT"; du -sh "$OUT"
