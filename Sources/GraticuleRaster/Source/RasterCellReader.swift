import GraticuleCore
import GraticuleIO

/// Reads exact cell values of a raster's full-resolution image for many cells in a row (the
/// identify loop of `graticule identify` reading standard input): it keeps the decoded blocks it
/// has read in a table indexed by block number (up to the raster's cache size in bytes, then
/// it starts over), so that a cell of a block already read is indexed directly, without the
/// shared cache's lock or hash table. Not thread-safe: one reader per thread.
public struct RasterCellReader {
    let store: RasterStore
    let image: TIFFImage
    let mask: TIFFImage?
    let maskIndex: Int?
    let noData: [Double?]
    let singlePrecision: Bool
    /// Band count.
    public let bandCount: Int
    /// Decoded blocks by block index (empty when the image has too many blocks for a table).
    private var blocks: [DecodedBlock?]
    private var heldBytes = 0
    private let budget: Int
    private var lastKey = -1
    private var last: DecodedBlock?
    private var maskKey = -1
    private var maskBlock: DecodedBlock?

    init(_ raster: Raster) {
        store = raster.store
        image = raster.store.images[0]
        maskIndex = raster.maskImage
        mask = raster.maskImage.map { raster.store.images[$0] }
        noData = raster.bands.map(\.noData)
        singlePrecision = raster.dataType == .float32 || raster.dataType == .cfloat32
        bandCount = raster.bands.count
        let count = image.blocksPerPlane * (image.isPlanar ? image.samplesPerPixel : 1)
        blocks = count <= 1 << 20 ? Array(repeating: nil, count: count) : []
        budget = raster.store.cache.capacity
    }

    /// The exact value of a band at a cell (0 ≤ column < width, 0 ≤ row < height, 0 ≤ band <
    /// bandCount: callers check; `cellIndex(x:y:)` gives cells inside).
    /// - Throws: decoding errors of the cell's block.
    @inline(__always)
    public mutating func value(band: Int, column: Int, row: Int) throws(GraticuleError) -> RasterValue {
        let bx = column / image.blockWidth, by = row / image.blockHeight
        let plane = image.isPlanar ? band : 0
        let key = image.blockIndex(column: bx, row: by, plane: plane)
        if key != lastKey || last == nil {
            if key < blocks.count, let held = blocks[key] {
                last = held
            } else {
                let d = try store.block(image: 0, column: bx, row: by, plane: plane)
                if key < blocks.count {
                    if heldBytes + d.byteCount > budget {
                        for i in blocks.indices { blocks[i] = nil }
                        heldBytes = 0
                    }
                    blocks[key] = d
                    heldBytes += d.byteCount
                }
                last = d
            }
            lastKey = key
        }
        return RasterStore.value(last!, image: image, band: band, column: column - bx * image.blockWidth,
                                 row: row - by * image.blockHeight, fill: noData[band] ?? 0)
    }

    /// True when `value` is the band's nodata value (`RasterBand.isNoData`).
    @inline(__always)
    public func isNoData(_ value: RasterValue, band: Int) -> Bool {
        RasterBand.isNoData(value.doubleValue, noData: noData[band], singlePrecision: singlePrecision)
    }

    /// False where the internal mask marks the cell invalid (true everywhere without a mask).
    @inline(__always)
    public mutating func isValid(column: Int, row: Int) throws(GraticuleError) -> Bool {
        guard let mask, let maskIndex else { return true }
        let bx = column / mask.blockWidth, by = row / mask.blockHeight
        let key = mask.blockIndex(column: bx, row: by, plane: 0)
        if key != maskKey || maskBlock == nil {
            maskBlock = try store.block(image: maskIndex, column: bx, row: by, plane: 0)
            maskKey = key
        }
        guard let b = maskBlock!.block else { return false }
        let i = ((row - by * mask.blockHeight) * b.width + (column - bx * mask.blockWidth)) * b.samples
        return b.bytes.withUnsafeBytes { b.sampleType.double($0, index: i) } != 0
    }
}

extension Raster {
    /// A reader of exact cell values that keeps its last decoded block (see `RasterCellReader`).
    public func cellReader() -> RasterCellReader { RasterCellReader(self) }
}
