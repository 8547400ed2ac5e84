"""A pure-Python reader of the polygon rings of an ESRI Shapefile (.shp), shared by the oracle
scripts so that their reference values do not depend on Graticule's own Shapefile reader."""
import struct

def rings(path):
    """Yields, per record, its parts as lists of (x, y) tuples, in file order."""
    data = open(path, "rb").read()
    off = 100
    while off < len(data):
        _, clen = struct.unpack(">ii", data[off:off + 8])
        rec = data[off + 8: off + 8 + clen * 2]
        off += 8 + clen * 2
        nparts, npoints = struct.unpack("<ii", rec[36:44])
        parts = list(struct.unpack("<%di" % nparts, rec[44:44 + 4 * nparts])) + [npoints]
        base = 44 + 4 * nparts
        pts = [struct.unpack("<dd", rec[base + 16 * i: base + 16 * i + 16]) for i in range(npoints)]
        yield [pts[parts[i]:parts[i + 1]] for i in range(nparts)]
