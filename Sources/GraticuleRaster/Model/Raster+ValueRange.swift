import GraticuleCore
import GraticuleIO

extension Raster {
    /// The smallest and largest value of a band, nodata and masked cells left out (nil when no
    /// cell has data): exact from the full-resolution image up to 16 M cells; for larger rasters
    /// from the smallest overview of at least 1 M cells when there is one (an approximation, as
    /// `gdalinfo -approx_stats`). Reads every block of the image it uses.
    /// - Throws: `invalidInput` for a band the raster lacks; decoding errors.
    public func valueRange(band: Int) throws(GraticuleError) -> (min: Double, max: Double)? {
        guard bands.indices.contains(band) else {
            throw .invalidInput("band \(band) of \(name): it has \(bands.count) bands (0-based)")
        }
        var image = 0
        if width * height > 16 << 20 {
            for idx in overviewImages {
                let ov = store.images[idx]
                if ov.width * ov.height >= 1 << 20 { image = idx }
            }
        }
        let img = store.images[image]
        var sampler = CellSampler(store: store, image: image, bands: bands, mask: image == 0 ? maskImage : nil)
        var lo = Double.infinity, hi = -Double.infinity
        for by in 0..<img.blocksDown {
            for bx in 0..<img.blocksAcross {
                for row in (by * img.blockHeight)..<min(img.height, (by + 1) * img.blockHeight) {
                    for column in (bx * img.blockWidth)..<min(img.width, (bx + 1) * img.blockWidth) {
                        let v = try sampler.value(band: band, column: column, row: row)
                        if v.isFinite { lo = Swift.min(lo, v); hi = Swift.max(hi, v) }
                    }
                }
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }
}
