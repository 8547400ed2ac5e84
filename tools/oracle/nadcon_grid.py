"""A NADCON .las/.los pair for the NADCON reader test: Tests/GraticuleTransformTests/Fixtures/grids/
beta2007.las and beta2007.los, and Fixtures/nadcon_shifts.csv.

No NADCON grid is installable here (PROJ 9 reads none; NOAA's files are not packaged), so the pair
is written from the nodes of BETA2007.gsb (Debian proj-data) as GDAL reads them, in NOAA's binary
layout: a header record (56 characters of text, then "NADGRD", columns, rows, z count as int32,
minimum longitude, longitude spacing, minimum latitude, latitude spacing as float32) padded to a
record of 4 × (columns + 1) bytes, then one record per row south → north: a row label and the
shifts in seconds of arc (.los: longitude, positive west). GDAL's LOSLAS driver reads the pair
back and must return the same nodes (the independent check of the layout); the expected
transformations come from PROJ's `cct` applying BETA2007.gsb itself.

    /usr/bin/python3 tools/oracle/nadcon_grid.py     (Debian's python3-gdal)
"""
import csv
import os
import struct
import subprocess

import numpy as np
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIX = os.path.join(ROOT, "Tests", "GraticuleTransformTests", "Fixtures")
SRC = os.path.join(ROOT, "Sources", "GraticuleTransform", "Resources", "grids", "BETA2007.gsb")


def main():
    ds = gdal.Open(SRC)
    lat = ds.GetRasterBand(1).ReadAsArray().astype(np.float32)   # seconds, rows north → south
    lon = ds.GetRasterBand(2).ReadAsArray().astype(np.float32)   # seconds, positive west
    gt = ds.GetGeoTransform()
    rows, cols = lat.shape
    lon0, dlon = gt[0] + gt[1] / 2, gt[1]
    lat1, dlat = gt[3] + gt[5] / 2, -gt[5]
    lat0 = lat1 - dlat * (rows - 1)
    record = 4 * (cols + 1)
    for ext, band in (("las", lat), ("los", lon)):
        header = b"beta2007 (from BETA2007.gsb) for Graticule tests".ljust(56) + b"NADGRD  "
        header += struct.pack("<iii", cols, rows, 1) + struct.pack("<ffff", lon0, dlon, lat0, dlat)
        body = bytearray(header.ljust(record, b"\0"))
        for r in range(rows):  # south → north
            body += struct.pack("<i", r + 1) + band[rows - 1 - r].astype("<f4").tobytes()
        with open(os.path.join(FIX, "grids", f"beta2007.{ext}"), "wb") as f:
            f.write(body)
    ds = None
    # GDAL's LOSLAS driver reads the pair back: the same nodes (gdallocationinfo, pixel/line).
    for ext, band in (("las", lat), ("los", lon)):
        for px, ln in ((0, 0), (3, 4), (cols - 1, rows - 1), (cols // 2, rows // 3)):
            v = subprocess.run(["gdallocationinfo", "-valonly", os.path.join(FIX, "grids", f"beta2007.{ext}"),
                                str(px), str(ln)], capture_output=True, text=True).stdout.strip()
            assert abs(float(v) - float(band[ln, px])) < 1e-6, (ext, px, ln, v, band[ln, px])
    pts = [(7.3, 50.1), (11.9, 48.2), (13.05, 52.45), (6.1, 53.9), (9.99, 47.6), (20.0, 50.0)]
    rows_out = []
    for d in ("forward", "inverse"):
        for x, y in pts:
            step = ("+inv " if d == "inverse" else "") + f"+proj=hgridshift +grids={SRC}"
            cmd = ["cct", "-d", "12", "+proj=pipeline", "+step", "+proj=unitconvert", "+xy_in=deg", "+xy_out=rad",
                   "+step"] + step.split() + ["+step", "+proj=unitconvert", "+xy_in=rad", "+xy_out=deg"]
            out = subprocess.run(cmd, input=f"{x!r} {y!r} 0 0\n", capture_output=True, text=True).stdout.split()
            ok = out and not out[0].startswith("#") and float(out[0]) < 1e30
            rows_out.append([d, repr(x), repr(y), repr(float(out[0])) if ok else "", repr(float(out[1])) if ok else ""])
    with open(os.path.join(FIX, "nadcon_shifts.csv"), "w", newline="") as f:
        f.write("# generator: tools/oracle/nadcon_grid.py, GDAL LOSLAS round trip, cct 9.1.1 with BETA2007.gsb\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["direction", "lon", "lat", "out_lon", "out_lat"])
        w.writerows(rows_out)
    print(f"{cols} x {rows} nodes; {len(rows_out)} points")


if __name__ == "__main__":
    main()
