"""PROJ GeoTIFF grids against PROJ: Tests/GraticuleTransformTests/Fixtures/geotiff_grids.csv.

The small grids of PROJ's own test suite (data/tests/*.tif of OSGeo/PROJ, MIT licence, copied to
Tests/GraticuleTransformTests/Fixtures/proj-grids/) cover the GeoTIFF grid profile's variants:
strips and tiles, separate planes, Deflate with the horizontal and floating-point predictors,
big-endian BigTIFF, 16-bit integers with scale and offset, float64, PixelIsPoint, degree units,
a positive-west longitude band, longitude before latitude, and nested subgrids. PROJ's `cct`
(Debian proj-bin 9.1.1) applies `+proj=hgridshift` (forward and inverse) or
`+proj=vgridshift +multiplier=1` to a lattice of points over each grid's extent; points PROJ
refuses have empty outputs.

Three more grids re-encode PROJ's with gdal_translate (Debian gdal-bin 3.6.2) in codecs and
layouts PROJ's own files do not use, so the one TIFF reader's LZW, ZSTD and PackBits paths are
checked on grids too (PROJ reads them through libtiff): `gtiff_hgrid_lzw_pred3_tiled.tif`
(test_hgrid.tif, LZW, floating-point predictor, 16 x 16 tiles), `gtiff_hgrid_zstd_separate.tif`
(test_hgrid.tif, ZSTD, separate planes) and `gtiff_vgrid_int16_packbits.tif`
(test_vgrid_int16.tif, PackBits).

    python3 tools/oracle/geotiff_grids.py
"""
import csv
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DIR = os.path.join(ROOT, "Tests", "GraticuleTransformTests", "Fixtures", "proj-grids")
HGRIDS = ["test_hgrid.tif", "test_hgrid_tiled.tif", "test_hgrid_strip.tif", "test_hgrid_separate.tif",
          "test_hgrid_positive_west.tif", "test_hgrid_lon_shift_first.tif", "test_hgrid_degree.tif",
          "test_hgrid_with_subgrid.tif"]
VGRIDS = ["test_vgrid_deflate.tif", "test_vgrid_deflate_floatingpointpredictor.tif",
          "test_vgrid_bigendian_bigtiff.tif", "test_vgrid_int16.tif", "test_vgrid_uint16_with_scale_offset.tif",
          "test_vgrid_pixelispoint.tif", "test_vgrid_float64.tif"]
# (output, source, gdal_translate options)
VARIANTS = [
    ("gtiff_hgrid_lzw_pred3_tiled.tif", "test_hgrid.tif",
     ["-co", "COMPRESS=LZW", "-co", "PREDICTOR=3", "-co", "TILED=YES", "-co", "BLOCKXSIZE=16", "-co", "BLOCKYSIZE=16"]),
    ("gtiff_hgrid_zstd_separate.tif", "test_hgrid.tif", ["-co", "COMPRESS=ZSTD", "-co", "INTERLEAVE=BAND"]),
    ("gtiff_vgrid_int16_packbits.tif", "test_vgrid_int16.tif", ["-co", "COMPRESS=PACKBITS"]),
]
HGRIDS += [v[0] for v in VARIANTS if "hgrid" in v[0]]
VGRIDS += [v[0] for v in VARIANTS if "vgrid" in v[0]]


def extent(path):
    g = subprocess.run(["gdalinfo", path], capture_output=True, text=True).stdout
    ox, oy = map(float, re.search(r"Origin = \(([-0-9.e]+),([-0-9.e]+)\)", g).groups())
    px, py = map(float, re.search(r"Pixel Size = \(([-0-9.e]+),([-0-9.e]+)\)", g).groups())
    w, h = map(int, re.search(r"Size is (\d+), (\d+)", g).groups())
    return ox, oy + py * h, ox + px * w, oy


def cct(step, x, y):
    cmd = ["cct", "-d", "12", "+proj=pipeline", "+step", "+proj=unitconvert", "+xy_in=deg", "+xy_out=rad",
           "+step"] + step.split() + ["+step", "+proj=unitconvert", "+xy_in=rad", "+xy_out=deg"]
    out = subprocess.run(cmd, input=f"{x!r} {y!r} 0 0\n", capture_output=True, text=True).stdout
    v = out.split()
    if not v or v[0].startswith("#") or "inf" in out.lower() or float(v[0]) > 1e30:
        return None
    return float(v[0]), float(v[1]), float(v[2])


def main():
    for out, src, options in VARIANTS:
        subprocess.run(["gdal_translate", "-q"] + options + [os.path.join(DIR, src), os.path.join(DIR, out)], check=True,
                       env=dict(os.environ, GDAL_PAM_ENABLED="NO"))
    rows = []
    for kind, grids in (("h", HGRIDS), ("v", VGRIDS)):
        for g in grids:
            path = os.path.join(DIR, g)
            w, s, e, n = extent(path)
            pts = [(round(w + (e - w) * fx, 6), round(s + (n - s) * fy, 6))
                   for fx in (0.1, 0.37, 0.5, 0.81) for fy in (0.15, 0.5, 0.66, 0.9)]
            pts.append((round(w - 5, 6), round(s - 5, 6)))  # outside
            for x, y in pts:
                if kind == "h":
                    for d in ("forward", "inverse"):
                        r = cct(("+inv " if d == "inverse" else "") + f"+proj=hgridshift +grids={path}", x, y)
                        rows.append([g, d, repr(x), repr(y)] + (["", "", ""] if r is None else [repr(v) for v in r]))
                else:
                    r = cct(f"+proj=vgridshift +grids={path} +multiplier=1", x, y)
                    rows.append([g, "vertical", repr(x), repr(y)] + (["", "", ""] if r is None else [repr(v) for v in r]))
    out = os.path.join(ROOT, "Tests", "GraticuleTransformTests", "Fixtures", "geotiff_grids.csv")
    with open(out, "w", newline="") as f:
        f.write("# generator: tools/oracle/geotiff_grids.py, cct 9.1.1 (Debian proj-bin), PROJ test grids\n")
        wr = csv.writer(f, lineterminator="\n")
        wr.writerow(["grid", "direction", "lon", "lat", "out_lon", "out_lat", "out_z"])
        wr.writerows(rows)
    print(f"{len(rows)} rows -> {out}")


if __name__ == "__main__":
    main()
