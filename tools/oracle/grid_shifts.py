"""NTv2 grid shifts against PROJ: Tests/GraticuleTransformTests/Fixtures/grid_shifts.csv.

PROJ's `cct` (Debian proj-bin 9.1.1) applies `+proj=hgridshift` with each grid, forward and
inverse, on points inside every subgrid (the centre of each subgrid's extent and a point near
its south-west corner) and on points of the top-level grids; points outside every subgrid are
recorded with empty outputs (PROJ refuses them). Grids: the three embedded in Graticule
(nzgd2kgrid0005.gsb, BETA2007.gsb, ntf_r93.gsb, from Debian proj-data), Debian's CHENYX06a.gsb
(/usr/share/proj) and ICSM's A66 National (13.09.01) with its 20 nested subgrids (PyPI
australian-ntv2-grid-conversion 1.1.5), copied as Tests/GraticuleTransformTests/Fixtures/grids/
A66_National_13_09_01.gsb.

    python3 tools/oracle/grid_shifts.py
"""
import csv
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIX = os.path.join(ROOT, "Tests", "GraticuleTransformTests", "Fixtures")
EMB = os.path.join(ROOT, "Sources", "GraticuleTransform", "Resources", "grids")
GRIDS = [
    ("nzgd2kgrid0005.gsb", os.path.join(EMB, "nzgd2kgrid0005.gsb")),
    ("BETA2007.gsb", os.path.join(EMB, "BETA2007.gsb")),
    ("ntf_r93.gsb", os.path.join(EMB, "ntf_r93.gsb")),
    ("CHENYX06a.gsb", "/usr/share/proj/CHENYX06a.gsb"),
    ("A66_National_13_09_01.gsb", os.path.join(FIX, "grids", "A66_National_13_09_01.gsb")),
]


def subgrids(path):
    info = subprocess.run(["gdalinfo", path], capture_output=True, text=True).stdout
    n = len(re.findall(r"SUBDATASET_\d+_NAME", info)) or 1
    out = []
    for i in range(n):
        g = subprocess.run(["gdalinfo", f"NTv2:{i}:{path}" if n > 1 else path], capture_output=True, text=True).stdout
        ox, oy = map(float, re.search(r"Origin = \(([-0-9.]+),([-0-9.]+)\)", g).groups())
        px, py = map(float, re.search(r"Pixel Size = \(([-0-9.]+),([-0-9.]+)\)", g).groups())
        w, h = map(int, re.search(r"Size is (\d+), (\d+)", g).groups())
        # GDAL's extent is the cell-corner one: nodes are half a cell inside.
        west, north = ox + px / 2, oy + py / 2
        east, south = west + px * (w - 1), north + py * (h - 1)
        out.append((west, south, east, north))
    return out


def cct(path, points, inverse):
    step = f"{'+inv ' if inverse else ''}+proj=hgridshift +grids={path}"
    cmd = ["cct", "-d", "12", "+proj=pipeline", "+step", "+proj=unitconvert", "+xy_in=deg", "+xy_out=rad",
           "+step"] + step.split() + ["+step", "+proj=unitconvert", "+xy_in=rad", "+xy_out=deg"]
    inp = "".join(f"{x!r} {y!r} 0 0\n" for x, y in points)
    res = []
    for x, y in points:  # one point per run: cct reports an error as a two-line record
        out = subprocess.run(cmd, input=f"{x!r} {y!r} 0 0\n", capture_output=True, text=True).stdout
        v = out.split()
        if not v or v[0].startswith("#") or "inf" in out.lower() or float(v[0]) > 1e30:
            res.append(None)
        else:
            res.append((float(v[0]), float(v[1])))
    return res


def main():
    rows = []
    for name, path in GRIDS:
        boxes = subgrids(path)
        pts = []
        for w, s, e, n in boxes:
            pts.append((round((w + e) / 2, 7), round((s + n) / 2, 7)))
            pts.append((round(w + (e - w) * 0.13, 7), round(s + (n - s) * 0.11, 7)))
        w, s, e, n = boxes[0]
        pts.append((round(w - 1.0, 7), round((s + n) / 2, 7)))  # outside every subgrid
        for inverse in (False, True):
            for (x, y), r in zip(pts, cct(path, pts, inverse)):
                rows.append([name, "inverse" if inverse else "forward", repr(x), repr(y),
                             "" if r is None else repr(r[0]), "" if r is None else repr(r[1])])
    out = os.path.join(FIX, "grid_shifts.csv")
    version = subprocess.run(["cct", "--version"], capture_output=True, text=True).stdout.strip() or "cct 9.1.1"
    with open(out, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/grid_shifts.py, {version.splitlines()[0]} (Debian proj-bin), +proj=hgridshift\n")
        wr = csv.writer(f, lineterminator="\n")
        wr.writerow(["grid", "direction", "lon", "lat", "out_lon", "out_lat"])
        wr.writerows(rows)
    print(f"{len(rows)} rows -> {out}")


if __name__ == "__main__":
    main()
