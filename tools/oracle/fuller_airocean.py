#!/usr/bin/env python3
"""Reference values for the Fuller (Dymaxion / AirOcean) projection, ESRI:54050.

Node and npm are not available, so this is an independent Python transcription of what
d3-geo-polygon 2.0.1 `geoAirocean()` computes (src/airocean.js, src/grayfuller.js,
src/polyhedral/index.js, src/polyhedral/matrix.js) on top of d3-geo 3.1.1's projection pipeline
(src/projection/index.js `scaleTranslateRotate`/`recenter`, src/rotation.js, src/centroid.js,
src/projection/gnomonic.js). It follows d3's own structure step by step -- angle-based
rotations, d3 projection objects for each face, the spanning tree of 2-D affine matrices built
from shared edges -- and shares nothing with the Swift implementation (which places faces by
unfolding vertex positions and works with 3-D rotation matrices).

Definition of the metres (what Graticule's `Fuller` type reproduces):

    (x, y) = a * (X, -Y),  (X, Y) = geoAirocean().scale(1).translate([0, 0])([lon, lat])

i.e. d3's default layout (rotate [-83.65929, 25.44458, -87.45184], angle -60, centre [126, 0])
at unit scale with the y axis turned to point north, times the sphere radius a = 6378137 m.
d3's snapshot pixel coordinates are (480 + 45.4631 X, 250 + 45.4631 Y).

Output: Tests/GraticuleProjectionTests/Fixtures/fuller_airocean.csv with columns
    lon,lat,face,x,y          (x, y in metres; face = d3 face index 0..23)
for a 10-degree grid plus 300 pseudo-random points, skipping points within 1e-6 rad of a face
edge (where the face choice is ambiguous), plus `--png` renders a graticule overlay on d3's
snapshot test/snapshots/airocean.png for visual comparison (needs the snapshot path).

Usage: python3 tools/oracle/fuller_airocean.py [--png SNAPSHOT.png OUT.png]
"""

import csv
import math
import os
import random
import struct
import sys
import zlib

A = 6378137.0
RAD = math.pi / 180
DEG = 180 / math.pi
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "fuller_airocean.csv")


# ---------------------------------------------------------------- d3-geo pieces (radians)

def rotate_radians(dl, dp, dg):
    """d3-geo rotation.js rotateRadians: returns forward(lambda, phi)."""
    cdp, sdp, cdg, sdg = math.cos(dp), math.sin(dp), math.cos(dg), math.sin(dg)

    def lam(l, p):
        l += dl
        if abs(l) > math.pi:
            l -= round(l / (2 * math.pi)) * 2 * math.pi
        return l, p

    def phigamma(l, p):
        cp = math.cos(p)
        x, y, z = math.cos(l) * cp, math.sin(l) * cp, math.sin(p)
        k = z * cdp + x * sdp
        return (math.atan2(y * cdg - k * sdg, x * cdp - z * sdp),
                math.asin(max(-1.0, min(1.0, k * cdg + y * sdg))))

    dl = math.fmod(dl, 2 * math.pi)
    if dl:
        if dp or dg:
            return lambda l, p: phigamma(*lam(l, p))
        return lam
    if dp or dg:
        return phigamma
    return lambda l, p: (l, p)


def rotate_radians_invert(dl, dp, dg):
    cdp, sdp, cdg, sdg = math.cos(dp), math.sin(dp), math.cos(dg), math.sin(dg)

    def phigamma_inv(l, p):
        cp = math.cos(p)
        x, y, z = math.cos(l) * cp, math.sin(l) * cp, math.sin(p)
        k = z * cdg - y * sdg
        return (math.atan2(y * cdg + z * sdg, x * cdp + k * sdp),
                math.asin(max(-1.0, min(1.0, k * cdp - x * sdp))))

    def lam_inv(l, p):
        l -= dl
        if abs(l) > math.pi:
            l -= round(l / (2 * math.pi)) * 2 * math.pi
        return l, p

    return lambda l, p: lam_inv(*phigamma_inv(l, p))


class Projection:
    """d3-geo projection(project) with scale/translate/center/rotate/angle (no reflect)."""

    def __init__(self, raw, raw_invert=None):
        self.raw, self.raw_invert = raw, raw_invert
        self.k, self.x, self.y = 150.0, 480.0, 250.0
        self.lam, self.phi = 0.0, 0.0
        self.dl = self.dp = self.dg = 0.0
        self.alpha = 0.0
        self.recenter()

    def _str(self, k, dx, dy, alpha):
        if not alpha:
            return lambda x, y: (dx + k * x, dy - k * y)
        ca, sa = math.cos(alpha), math.sin(alpha)
        a, b = ca * k, sa * k
        return lambda x, y: (a * x - b * y + dx, dy - b * x - a * y)

    def _str_inv(self, k, dx, dy, alpha):
        if not alpha:
            return lambda x, y: ((x - dx) / k, (dy - y) / k)
        ca, sa = math.cos(alpha), math.sin(alpha)
        ai, bi = ca / k, sa / k
        ci, fi = (sa * dy - ca * dx) / k, (sa * dx + ca * dy) / k
        return lambda x, y: (ai * x - bi * y + ci, fi - bi * x - ai * y)

    def recenter(self):
        c = self._str(self.k, 0, 0, self.alpha)(*self.raw(self.lam, self.phi))
        self.transform = self._str(self.k, self.x - c[0], self.y - c[1], self.alpha)
        self.transform_inv = self._str_inv(self.k, self.x - c[0], self.y - c[1], self.alpha)
        self.rotate = rotate_radians(self.dl, self.dp, self.dg)
        self.rotate_inv = rotate_radians_invert(self.dl, self.dp, self.dg)
        return self

    def scale(self, k):
        self.k = float(k)
        return self.recenter()

    def translate(self, t):
        self.x, self.y = float(t[0]), float(t[1])
        return self.recenter()

    def center(self, c):
        self.lam, self.phi = math.fmod(c[0], 360) * RAD, math.fmod(c[1], 360) * RAD
        return self.recenter()

    def rotation(self, r):
        self.dl = math.fmod(r[0], 360) * RAD
        self.dp = math.fmod(r[1], 360) * RAD
        self.dg = math.fmod(r[2], 360) * RAD if len(r) > 2 else 0.0
        return self.recenter()

    def angle(self, a):
        self.alpha = math.fmod(a, 360) * RAD
        return self.recenter()

    def __call__(self, point_deg):
        l, p = self.rotate(point_deg[0] * RAD, point_deg[1] * RAD)
        return self.transform(*self.raw(l, p))

    def invert(self, xy):
        x, y = self.transform_inv(*xy)
        l, p = self.raw_invert(x, y)
        l, p = self.rotate_inv(l, p)
        return l * DEG, p * DEG


def gnomonic_raw(x, y):
    cy = math.cos(y)
    k = math.cos(x) * cy
    return cy * math.sin(x) / k, math.sin(y) / k


def gnomonic_raw_invert(x, y):
    z = math.hypot(x, y)
    c = math.atan(z)
    sc, cc = math.sin(c), math.cos(c)
    return math.atan2(x * sc, z * cc), math.asin(y * sc / z if z else 0.0)


def centroid_multipoint(points_deg):
    """d3-geo geoCentroid of a MultiPoint: mean of unit vectors, back to degrees."""
    X = Y = Z = 0.0
    w = 0
    for lon, lat in points_deg:
        l, p = lon * RAD, lat * RAD
        cp = math.cos(p)
        w += 1
        X += (cp * math.cos(l) - X) / w
        Y += (cp * math.sin(l) - Y) / w
        Z += (math.sin(p) - Z) / w
    m = X * X + Y * Y + Z * Z
    return [math.atan2(Y, X) * DEG, math.asin(Z / math.sqrt(m)) * DEG]


# ---------------------------------------------------------------- d3-geo-polygon pieces

def gray_fuller_raw():
    s3 = math.sqrt(3)
    Z = math.sqrt(5 + 2 * math.sqrt(5)) / math.sqrt(15)
    el = math.sqrt(8) / math.sqrt(5 + math.sqrt(5))
    dve = math.sqrt(3 + math.sqrt(5)) / math.sqrt(5 + math.sqrt(5))

    def f(lam, phi):
        cp = math.cos(phi)
        s = Z / (cp * math.cos(lam))
        x = cp * math.sin(lam) * s
        y = math.sin(phi) * s
        a1p = math.atan2(2 * y / s3 + el / 3 - el / 2, dve)
        a2p = math.atan2(x - y / s3 + el / 3 - el / 2, dve)
        a3p = math.atan2(el / 3 - x - y / s3 - el / 2, dve)
        return s3 * (a2p - a3p), 2 * a1p - a2p - a3p

    return f


def matrix(a, b):
    """polyhedral/matrix.js: transform mapping segment b onto segment a."""
    u = (a[1][0] - a[0][0], a[1][1] - a[0][1])
    v = (b[1][0] - b[0][0], b[1][1] - b[0][1])
    phi = math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])
    s = math.hypot(*u) / math.hypot(*v)
    return multiply([1, 0, a[0][0], 0, 1, a[0][1]],
                    multiply([s, 0, 0, 0, s, 0],
                             multiply([math.cos(phi), math.sin(phi), 0, -math.sin(phi), math.cos(phi), 0],
                                      [1, 0, -b[0][0], 0, 1, -b[0][1]])))


def multiply(a, b):
    return [a[0] * b[0] + a[1] * b[3], a[0] * b[1] + a[1] * b[4], a[0] * b[2] + a[1] * b[5] + a[2],
            a[3] * b[0] + a[4] * b[3], a[3] * b[1] + a[4] * b[4], a[3] * b[2] + a[4] * b[5] + a[5]]


def unit(lonlat_deg):
    l, p = lonlat_deg[0] * RAD, lonlat_deg[1] * RAD
    return (math.cos(p) * math.cos(l), math.cos(p) * math.sin(l), math.sin(p))


def triple(a, b, c):
    return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]))


class Face:
    def __init__(self, verts, centroid):
        self.face = verts
        self.centroid = centroid


def build_airocean():
    theta = math.atan(0.5) * DEG
    vertices = [[0.0, 90.0], [0.0, -90.0]] + [
        [math.fmod(i * 36 + 180, 360) - 180, theta if i & 1 else -theta] for i in range(10)]
    idx = [[0, 3, 11], [0, 5, 3], [0, 7, 5], [0, 9, 7], [0, 11, 9],
           [2, 11, 3], [3, 4, 2], [4, 3, 5], [5, 6, 4], [6, 5, 7], [7, 8, 6], [8, 7, 9], [9, 10, 8],
           [10, 9, 11], [11, 2, 10],
           [1, 2, 4], [1, 4, 6], [1, 6, 8], [1, 8, 10], [1, 10, 2]]
    poly = []
    for f in idx:
        verts = [vertices[i] for i in f]
        poly.append(Face(verts, centroid_multipoint(verts)))
    # Split face 15 in 3 at its centroid.
    f15 = poly[15]
    c = f15.centroid
    tmp = list(f15.face)
    f15.face[0] = c
    poly.append(Face([tmp[0], c, tmp[2]], c))  # 20
    poly.append(Face([tmp[0], tmp[1], c], c))  # 21
    # Split face 14 at the gnomonic midpoint of an edge.
    f14 = poly[14]
    c = f14.centroid
    tmp = list(f14.face)
    g = Projection(gnomonic_raw, gnomonic_raw_invert).scale(1).translate([0, 0]).rotation([-c[0], -c[1]])
    a = g(f14.face[1])
    b = g(f14.face[2])
    mid = list(g.invert(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
    f14.face[1] = mid
    poly.append(Face([tmp[0], tmp[1], mid], c))  # 22
    # Cut face 19 to connect to 22.
    f19 = poly[19]
    c = f19.centroid
    tmp = list(f19.face)
    f19.face[1] = mid
    poly.append(Face([mid, tmp[0], tmp[1]], c))  # 23
    # Face projections (airocean.js default export).
    for f in poly:
        c = f.centroid
        f.direction = 0 if (abs(c[1] - 52.62) < 1 or abs(c[1] + 10.81) < 1) else 60
        f.project = Projection(gray_fuller_raw()).scale(1).translate([0, 0]).rotation([-c[0], -c[1], f.direction])
        f.units = [unit(v) for v in f.face]
    parents = [-1, 0, 1, 11, 13, 6, 7, 1, 7, 8, 9, 10, 11, 12, 13, 6, 8, 10, 17, 21, 16, 15, 19, 19]
    for f in poly:
        f.children = []
    for i, d in enumerate(parents):
        if d >= 0:
            poly[d].children.append(poly[i])
    # polyhedral/index.js recurse(): transforms from shared edges.
    def shared_edge(a, b):
        found = None
        for x in a:
            for y in reversed(b):
                if x[0] == y[0] and x[1] == y[1]:
                    if found is not None:
                        return [found, x]
                    found = x
        return None

    def recurse(node, parent):
        if parent is not None:
            shared = shared_edge(node.face, parent.face)
            m = matrix([parent.project(p) for p in shared], [node.project(p) for p in shared])
            node.transform = multiply(parent.transform, m) if parent.transform else m
        else:
            node.transform = None
        for ch in node.children:
            recurse(ch, node)

    recurse(poly[0], None)
    return poly


POLY = build_airocean()


def face_of(lam, phi, margin=0.0):
    """First face (d3 order) whose spherical triangle contains the point; None if on an edge
    within `margin` (radians of arc, approximately)."""
    p = (math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi))
    for i, f in enumerate(POLY):
        u = f.units
        o = 1.0 if triple(u[0], u[1], u[2]) > 0 else -1.0
        s = [o * triple(u[0], u[1], p), o * triple(u[1], u[2], p), o * triple(u[2], u[0], p)]
        if all(v >= 0 for v in s):
            if margin and min(abs(v) for v in s) < margin:
                return None
            return i
    raise ValueError("no face")


def polyhedral_forward(lam, phi):
    node = POLY[face_of(lam, phi)]
    point = node.project((lam * DEG, phi * DEG))
    t = node.transform
    if t:
        return (t[0] * point[0] + t[1] * point[1] + t[2], -(t[3] * point[0] + t[4] * point[1] + t[5]))
    return (point[0], -point[1])


def airocean():
    return (Projection(polyhedral_forward).rotation([-83.65929, 25.44458, -87.45184])
            .angle(-60).scale(45.4631).center([126, 0]))


def metres(lon, lat):
    p = airocean().scale(1).translate([0, 0])
    X, Y = p((lon, lat))
    return A * X, -A * Y


# ---------------------------------------------------------------- PNG overlay (visual check)

def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, = struct.unpack(">I", data[pos:pos + 4])
        typ = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        if typ == b"IHDR":
            w, h, bd, ct = struct.unpack(">IIBB", body[:10])
            assert bd == 8 and ct in (2, 6)
            bpp = 3 if ct == 2 else 4
        elif typ == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    i = 0
    for _ in range(h):
        ft = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pr) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def write_png(path, w, h, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(t, b):
        return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def overlay(snapshot, out):
    w, h, bpp, rows = read_png(snapshot)
    img = [bytearray(r[x * bpp + c] for x in range(w) for c in range(3)) for r in rows]
    p = airocean()

    def dot(lon, lat):
        try:
            x, y = p((lon, lat))
        except (ValueError, ZeroDivisionError):
            return
        xi, yi = int(round(x)), int(round(y))
        if 0 <= xi < w and 0 <= yi < h:
            img[yi][3 * xi:3 * xi + 3] = b"\xff\x00\x00"

    for lon in range(-180, 181, 10):
        for k in range(0, 1801):
            dot(lon + 1e-7, -90 + k * 0.1)
    for lat in range(-80, 81, 10):
        for k in range(0, 3601):
            dot(-180 + k * 0.1, lat + 1e-7)
    write_png(out, w, h, img)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--png":
        overlay(sys.argv[2], sys.argv[3])
        print("overlay ->", sys.argv[3])
        return
    pts = [(float(lon), float(lat)) for lat in range(-85, 86, 10) for lon in range(-175, 180, 10)]
    pts += [(0.0, 0.0), (-108.0, -54.0), (108.0, -54.0), (-108.0, 54.0), (108.0, 54.0),
            (-123.0, 45.0), (2.35, 48.85), (139.7, 35.7), (0.0, 90.0), (0.0, -90.0)]
    rnd = random.Random(54050)
    for _ in range(300):
        pts.append((rnd.uniform(-180, 180), math.degrees(math.asin(rnd.uniform(-1, 1)))))
    # The face is decided in the rotated frame d3 projects in.
    rot = rotate_radians(-83.65929 * RAD, 25.44458 * RAD, -87.45184 * RAD)
    rows, skipped = [], 0
    for lon, lat in pts:
        l, p = rot(lon * RAD, lat * RAD)
        f = face_of(l, p, margin=1e-6)
        if f is None:
            skipped += 1
            continue
        x, y = metres(lon, lat)
        rows.append([repr(lon), repr(lat), str(f), repr(x), repr(y)])
    with open(OUT, "w", newline="") as fh:
        fh.write("# generator: tools/oracle/fuller_airocean.py (independent Python transcription of "
                 "d3-geo-polygon 2.0.1 geoAirocean on d3-geo 3.1.1); metres = 6378137 * (X, -Y) of "
                 "geoAirocean().scale(1).translate([0,0])\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["lon", "lat", "face", "x", "y"])
        w.writerows(rows)
    print(f"{len(rows)} rows ({skipped} on face edges skipped) -> {OUT}")


if __name__ == "__main__":
    main()
