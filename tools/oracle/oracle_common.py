"""Pieces shared by the oracle scripts in this folder (run them as `python3 tools/oracle/NAME.py`)."""
import csv
import math


def forward_and_inverse(fwd, inv, lon, lat):
    """PROJ's forward of (lon, lat) and its inverse of that result: (x, y, inv_lon, inv_lat).

    A value PROJ refuses (error or non-finite) is None; the inverse is tried only for a finite image.
    """
    try:
        x, y = fwd.transform(lon, lat, errcheck=True)
    except Exception:
        x = y = None
    ilon = ilat = None
    if x is not None and math.isfinite(x) and math.isfinite(y):
        try:
            ilon, ilat = inv.transform(x, y, errcheck=True)
        except Exception:
            pass
    return x, y, ilon, ilat


def write_case_csv(path, generator_line, rows):
    """Writes `# generator: …`, the header `case,crs,lon,lat,x,y` and the rows, numbers as repr(float)."""
    with open(path, "w", newline="") as f:
        f.write(generator_line + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["case", "crs", "lon", "lat", "x", "y"])
        for r in rows:
            w.writerow([r[0], r[1]] + [repr(float(v)) for v in r[2:]])
