import Foundation
import GraticuleCore
import GraticuleIO

extension Raster {
    /// The raster's values on a view in any spatial reference: for every output pixel centre,
    /// the source position through `RasterCoordinateOperation` (view → raster) and the inverse
    /// geotransform, approximated on a coarse grid within `options.errorThreshold` source pixels,
    /// then the cell under it (nearest) or the bilinear mix of the four around it.
    ///
    /// Nearest resampling matches `gdalwarp -r near` (source pixel = ⌊position + 1e-10⌋, the same
    /// rule), so the two agree except where their interpolations straddle a cell edge.
    /// - Throws: `invalidInput` for an empty view or a raster without a spatial reference,
    ///   `unsupported` when the two spatial references cannot be related, decoding errors.
    public func warp(to view: RasterView, options: WarpOptions = WarpOptions()) throws(GraticuleError) -> WarpedRaster {
        guard view.width > 0, view.height > 0, view.width <= 1 << 15, view.height <= 1 << 15 else {
            throw .invalidInput("warp size \(view.width) × \(view.height) outside 1 … 32768")
        }
        guard let inverse = inverseTransform else { throw .invalidInput("\(name) has a degenerate geotransform") }
        let operation = try coordinateOperation(from: view.spatialReference)
        let bandList = options.bands ?? Array(bands.indices)
        for b in bandList where !bands.indices.contains(b) {
            throw .invalidInput("band \(b) of \(name): it has \(bands.count) bands (0-based)")
        }
        var px: [Double] = [], py: [Double] = []
        let transformer = ApproximateTransformer(view: view, operation: operation, inverse: inverse,
                                                 errorThreshold: options.errorThreshold)
        let exactCount = transformer.run(px: &px, py: &py)

        // Overview: the coarsest one whose cells are no larger than the output pixels.
        var image = 0
        var overview: Int?
        if options.overviews == .automatic, !overviewImages.isEmpty {
            let factor = sourcePixelsPerOutputPixel(px: px, py: py, width: view.width, height: view.height)
            for (k, idx) in overviewImages.enumerated() {
                let ov = store.images[idx]
                let ovFactor = min(Double(width) / Double(ov.width), Double(height) / Double(ov.height))
                if ovFactor <= factor * 1.0001 { image = idx; overview = k }
            }
        }
        let img = store.images[image]
        let sx = Double(img.width) / Double(width), sy = Double(img.height) / Double(height)
        var sampler = CellSampler(store: store, image: image, bands: bands, mask: image == 0 ? maskImage : nil)
        var out: [[Double]] = []
        let n = view.width * view.height
        let (imgWidth, imgHeight) = (Double(img.width), Double(img.height))
        for b in bandList {
            var values = [Double](repeating: .nan, count: n)
            try values.withUnsafeMutableBufferPointer { (values) throws(GraticuleError) in
                try px.withUnsafeBufferPointer { (px) throws(GraticuleError) in
                    try py.withUnsafeBufferPointer { (py) throws(GraticuleError) in
                        for k in 0..<n {
                            let x = px[k] * sx, y = py[k] * sy
                            guard x.isFinite, y.isFinite else { continue }
                            // floor(v) by truncation: negative cells are refused first.
                            let cx = x + 1e-10, cy = y + 1e-10
                            guard cx >= 0, cy >= 0, cx < imgWidth, cy < imgHeight else { continue }
                            let c = Int(cx), r = Int(cy)
                            switch options.resampling {
                            case .nearest:
                                values[k] = try sampler.value(band: b, column: c, row: r)
                            case .bilinear:
                                // As gdalwarp: the cell under the centre must have data, then the 2 × 2 mix.
                                guard !(try sampler.value(band: b, column: c, row: r)).isNaN else { continue }
                                values[k] = try bilinear(&sampler, band: b, x: x, y: y, width: img.width, height: img.height)
                            }
                        }
                    }
                }
            }
            out.append(values)
        }
        return WarpedRaster(view: view, bands: bandList, values: out, overview: overview, exactTransforms: exactCount)
    }

    /// Bilinear mix of the four cells around (x, y) (pixel/line units); nodata neighbours and
    /// neighbours beyond the edge are left out and the others renormalised (as GDAL's 4-sample
    /// bilinear kernel does); NaN when no neighbour has data. This is the kernel gdalwarp uses when
    /// the output is at least as fine as the source; zoomed out, warps read an overview instead
    /// (gdalwarp widens the kernel there).
    func bilinear(_ s: inout CellSampler, band: Int, x: Double, y: Double, width: Int, height: Int) throws(GraticuleError) -> Double {
        guard x >= 0, y >= 0, x <= Double(width), y <= Double(height) else { return .nan }
        let fx = x - 0.5, fy = y - 0.5
        let c0 = Int(fx.rounded(.down)), r0 = Int(fy.rounded(.down))
        let u = fx - Double(c0), v = fy - Double(r0)
        var sum = 0.0, weight = 0.0
        for (dc, dr, w) in [(0, 0, (1 - u) * (1 - v)), (1, 0, u * (1 - v)), (0, 1, (1 - u) * v), (1, 1, u * v)] where w > 0 {
            let value = try s.value(band: band, column: c0 + dc, row: r0 + dr)
            if !value.isNaN { sum += value * w; weight += w }
        }
        return weight > 1e-10 ? sum / weight : .nan
    }

    /// Source pixels per output pixel near the view's centre (the smaller of the x and y scales).
    func sourcePixelsPerOutputPixel(px: [Double], py: [Double], width w: Int, height h: Int) -> Double {
        var best = Double.infinity
        for (i, j) in [(w / 2, h / 2), (w / 4, h / 4), (3 * w / 4, 3 * h / 4), (w / 4, 3 * h / 4), (3 * w / 4, h / 4)] {
            guard i + 1 < w, j + 1 < h else { continue }
            let k = j * w + i
            let dx = hypot(px[k + 1] - px[k], py[k + 1] - py[k]), dy = hypot(px[k + w] - px[k], py[k + w] - py[k])
            if dx.isFinite, dy.isFinite { best = min(best, min(dx, dy)) }
        }
        return best.isFinite ? best : 1
    }
}
