import GraticuleCore
import GraticuleIO

/// Reads cells of one image of a raster band after band, keeping the block it read last so that
/// neighbouring reads do not go through the cache's lock. Not thread-safe: one per thread.
struct CellSampler {
    let store: RasterStore
    let image: Int
    let width: Int, height: Int
    let blockWidth: Int, blockHeight: Int
    let planar: Bool
    let type: TIFFSampleType
    /// Each band's nodata value (kept apart from the bands: copying a `RasterBand` per cell
    /// retains its strings and arrays).
    let noData: [Double?]
    let singlePrecision: Bool
    let mask: Int?
    private var lastPlane = -1
    private var last: DecodedBlock?
    /// `last`'s bytes (valid while `last` holds the block; nil: sparse), width and samples.
    private var lastBase: UnsafeRawPointer?
    private var lastWidth = 0, lastSamples = 0
    /// `last`'s first column and row in the image: a cell whose offsets from them are within
    /// one block is in it, found without dividing.
    private var lastColumn0 = Int.min / 2, lastRow0 = Int.min / 2
    /// The blocks read lately (a warp's rows cross a few blocks back and forth): found here
    /// without the store's lock and dictionary.
    private var recent: [(key: Int, block: DecodedBlock)] = []
    private var nextRecent = 0
    static let recentCount = 8
    private var maskKey = -1
    private var maskBlock: DecodedBlock?

    init(store: RasterStore, image: Int, bands: [RasterBand], mask: Int?) {
        self.store = store
        self.image = image
        let img = store.images[image]
        width = img.width; height = img.height
        blockWidth = img.blockWidth; blockHeight = img.blockHeight
        planar = img.isPlanar
        type = img.sampleType
        noData = bands.map(\.noData)
        singlePrecision = type == .float32 || type == .cfloat32
        self.mask = mask
    }

    /// The cell's value in a band, or NaN for nodata, masked cells, and cells outside the image.
    mutating func value(band: Int, column: Int, row: Int) throws(GraticuleError) -> Double {
        guard column >= 0, row >= 0, column < width, row < height else { return .nan }
        let plane = planar ? band : 0
        var dc = column &- lastColumn0, dr = row &- lastRow0
        if UInt(bitPattern: dc) >= UInt(blockWidth) || UInt(bitPattern: dr) >= UInt(blockHeight) || plane != lastPlane {
            // Another block than the last (the test above holds for every cell of that one).
            let bx = column / blockWidth, by = row / blockHeight
            let d = try recentBlock(key: (plane * 65_536 + by) * 65_536 + bx, column: bx, row: by, plane: plane)
            last = d
            lastBase = d.base
            lastWidth = d.block?.width ?? 0
            lastSamples = d.block?.samples ?? 0
            lastPlane = plane
            lastColumn0 = bx * blockWidth
            lastRow0 = by * blockHeight
            dc = column - lastColumn0
            dr = row - lastRow0
        }
        let nd = noData[band]
        let v: Double
        if let base = lastBase {
            let i = (dr * lastWidth + dc) * lastSamples + (planar ? 0 : band)
            v = type.double(base, index: i)
        } else {
            v = nd ?? 0
        }
        if RasterBand.isNoData(v, noData: nd, singlePrecision: singlePrecision) { return .nan }
        if let mask, try !maskValid(mask: mask, column: column, row: row) { return .nan }
        return v
    }

    private mutating func recentBlock(key: Int, column: Int, row: Int, plane: Int) throws(GraticuleError) -> DecodedBlock {
        for entry in recent where entry.key == key { return entry.block }
        let d = try store.block(image: image, column: column, row: row, plane: plane)
        if recent.count < Self.recentCount {
            recent.append((key, d))
        } else {
            recent[nextRecent] = (key, d)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return d
    }

    private mutating func maskValid(mask: Int, column: Int, row: Int) throws(GraticuleError) -> Bool {
        let m = store.images[mask]
        guard m.width == width, m.height == height else { return true }
        let bx = column / m.blockWidth, by = row / m.blockHeight
        let key = by * 65_536 + bx
        if key != maskKey {
            maskBlock = try store.block(image: mask, column: bx, row: by, plane: 0)
            maskKey = key
        }
        guard let block = maskBlock?.block else { return false }
        let i = (row - by * m.blockHeight) * block.width + (column - bx * m.blockWidth)
        return block.bytes[i] != 0
    }
}
