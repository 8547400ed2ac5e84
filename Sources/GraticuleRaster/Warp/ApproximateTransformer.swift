import GraticuleCore
import GraticuleIO

/// Source pixel/line positions for every pixel centre of a view, approximated the way GDAL's
/// approximate transformer (`GDALApproxTransform`, used by gdalwarp with `-et`) does it, so that
/// nearest-neighbour warps pick the cells gdalwarp picks: along each output row, the first,
/// middle and last pixel centres are transformed exactly; when the linear interpolation of the
/// middle misses its exact position by more than the threshold (|Δpixel| + |Δline|, in source
/// pixels), the row is split in two halves (each with its own exact start, middle and end) and
/// so on; runs of five pixels or fewer, and runs with an end that cannot be transformed, are
/// transformed exactly. The interpolation nodes form a coarse grid along each row, refined where
/// the mapping bends.
struct ApproximateTransformer {
    let view: RasterView
    let operation: RasterCoordinateOperation?
    /// Source x/y → source pixel/line.
    let inverse: GeoTransform
    let errorThreshold: Double

    /// Positions are written to `px`/`py` (width × height each, row-major; NaN where the point
    /// cannot be transformed). Returns the number of exactly transformed points.
    func run(px: inout [Double], py: inout [Double]) -> Int {
        let w = view.width, h = view.height
        px = [Double](repeating: .nan, count: w * h)
        py = [Double](repeating: .nan, count: w * h)
        var exactCount = 0
        var row = [SIMD2<Double>](repeating: .zero, count: w)
        for j in 0..<h {
            row.withUnsafeMutableBufferPointer { r in
                exactCount += transformRow(j, into: r)
            }
            for i in 0..<w { px[j * w + i] = row[i].x; py[j * w + i] = row[i].y }
        }
        return exactCount
    }

    /// One output row: `out[i]` = source pixel/line of pixel (i + ½, j + ½).
    func transformRow(_ j: Int, into out: UnsafeMutableBufferPointer<SIMD2<Double>>) -> Int {
        let n = out.count
        let y = Double(j) + 0.5
        let mid = (n - 1) / 2
        if errorThreshold <= 0 || n <= 5 { return exactRun(y: y, start: 0, count: n, into: out) }
        var sme = [SIMD2(0.5, y), SIMD2(Double(mid) + 0.5, y), SIMD2(Double(n - 1) + 0.5, y)]
        exact(&sme)
        guard sme.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return exactRun(y: y, start: 0, count: n, into: out) }
        return 3 + approximate(y: y, start: 0, count: n, sme: (sme[0], sme[1], sme[2]), into: out)
    }

    /// GDAL's recursive step on the run [start, start + count) with its exact start, middle and end.
    func approximate(y: Double, start: Int, count n: Int, sme: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>),
                     into out: UnsafeMutableBufferPointer<SIMD2<Double>>) -> Int {
        let mid = (n - 1) / 2
        let x0 = Double(start) + 0.5
        let span = Double(n - 1)  // x[n−1] − x[0]
        let dX = (sme.2.x - sme.0.x) / span, dY = (sme.2.y - sme.0.y) / span
        let dm = Double(mid)
        let error = abs((sme.0.x + dX * dm) - sme.1.x) + abs((sme.0.y + dY * dm) - sme.1.y)
        if !(error > errorThreshold) {
            for i in 0..<n {
                let dist = Double(i)
                out[start + i] = SIMD2(sme.0.x + dX * dist, sme.0.y + dY * dist)
            }
            return 0
        }
        // Split: [start, start + mid) and [start + mid, start + n).
        let n1 = mid, n2 = n - mid
        var useExact1 = n1 <= 5, useExact2 = n2 <= 5
        var extra: [SIMD2<Double>] = []
        if !useExact1 {
            extra.append(SIMD2(x0 + Double((n1 - 1) / 2), y))
            extra.append(SIMD2(x0 + Double(n1 - 1), y))
        }
        if !useExact2 { extra.append(SIMD2(x0 + Double(mid + (n2 - 1) / 2), y)) }
        var count = 0
        if !extra.isEmpty {
            exact(&extra)
            count += extra.count
        }
        var k = 0
        var half1 = sme, half2 = sme
        if !useExact1 {
            let a = extra[0], b = extra[1]
            k = 2
            if a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite { half1 = (sme.0, a, b) } else { useExact1 = true }
        }
        if !useExact2 {
            let c = extra[k]
            if c.x.isFinite && c.y.isFinite { half2 = (sme.1, c, sme.2) } else { useExact2 = true }
        }
        count += useExact1 ? exactRun(y: y, start: start, count: n1, into: out)
                           : approximate(y: y, start: start, count: n1, sme: half1, into: out)
        count += useExact2 ? exactRun(y: y, start: start + mid, count: n2, into: out)
                           : approximate(y: y, start: start + mid, count: n2, sme: half2, into: out)
        return count
    }

    func exactRun(y: Double, start: Int, count: Int, into out: UnsafeMutableBufferPointer<SIMD2<Double>>) -> Int {
        var pts = (0..<count).map { SIMD2(Double(start + $0) + 0.5, y) }
        exact(&pts)
        for k in 0..<count { out[start + k] = pts[k] }
        return count
    }

    /// Output pixel positions → source pixel/line, in place (GDAL's GenImgProj order of
    /// operations: view geotransform, reprojection, inverse source geotransform).
    func exact(_ points: inout [SIMD2<Double>]) {
        for k in points.indices { points[k] = view.point(x: points[k].x, y: points[k].y) }
        if let operation { points.withUnsafeMutableBufferPointer { operation.transform($0) } }
        let g = inverse
        for k in points.indices {
            let x = points[k].x, y = points[k].y
            points[k] = SIMD2(g.c0 + x * g.c1 + y * g.c2, g.c3 + x * g.c4 + y * g.c5)
        }
    }
}
