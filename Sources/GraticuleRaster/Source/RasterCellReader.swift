import GraticuleCore
import GraticuleIO

/// Reads exact cell values of a raster's full-resolution image for many cells in a row (the
/// identify loop of `graticule identify` reading standard input): it keeps the decoded blocks it
/// has read in a table indexed by block number (up to the raster's cache size in bytes, then
/// it starts over), so that a cell of a block already read is indexed directly, without the
/// shared cache's lock or hash table. Not thread-safe: one reader per thread.
///
/// A class, so that calls never copy it (a struct reader was copied, 784 bytes, for each
/// non-mutating call between mutating ones in the identify loop).
public final class RasterCellReader {
    let store: RasterStore
    /// The mask image's index and block layout (nil: no internal mask).
    let mask: (index: Int, blockWidth: Int, blockHeight: Int, blocksAcross: Int)?
    let noData: [Double?]
    let singlePrecision: Bool
    /// Band count.
    public let bandCount: Int
    /// Decoded blocks by block index, kept alive while held (empty when the image has too many
    /// blocks for a table).
    private var blocks: [DecodedBlock?]
    /// The same blocks' bytes and layout, read by `value` without ARC, bounds or exclusivity
    /// checks (allocated with `blocks.count` slots, freed in deinit).
    private let slots: UnsafeMutableBufferPointer<Slot>
    private var heldBytes = 0
    private let budget: Int
    /// Without a table: the last block read and its slot.
    private var lastKey = -1
    private var last: DecodedBlock?
    private var lastSlot = Slot()
    private let blockWidth: Int, blockHeight: Int, sampleType: TIFFSampleType
    /// log2 of the block width and height when they are powers of two (tiles are), else −1.
    private let widthShift: Int, heightShift: Int
    private let isPlanar: Bool, blocksAcross: Int, blocksPerPlane: Int
    private var maskKey = -1
    private var maskBlock: DecodedBlock?

    init(_ raster: Raster) {
        store = raster.store
        let image = raster.store.images[0]
        mask = raster.maskImage.map { i in
            let m = raster.store.images[i]
            return (i, m.blockWidth, m.blockHeight, m.blocksAcross)
        }
        noData = raster.bands.map(\.noData)
        singlePrecision = raster.dataType == .float32 || raster.dataType == .cfloat32
        bandCount = raster.bands.count
        let count = raster.fullResolutionBlockCount
        blocks = count <= 1 << 20 ? Array(repeating: nil, count: count) : []
        slots = .allocate(capacity: blocks.count)
        slots.initialize(repeating: Slot())
        budget = raster.store.cache.capacity
        blockWidth = image.blockWidth
        blockHeight = image.blockHeight
        func log2(_ n: Int) -> Int { n > 0 && n & (n - 1) == 0 ? n.trailingZeroBitCount : -1 }
        widthShift = log2(blockWidth)
        heightShift = log2(blockHeight)
        sampleType = image.sampleType
        isPlanar = image.isPlanar
        blocksAcross = image.blocksAcross
        blocksPerPlane = image.blocksPerPlane
    }

    deinit { slots.deallocate() }

    /// The exact value of a band at a cell (0 ≤ column < width, 0 ≤ row < height, 0 ≤ band <
    /// bandCount: callers check; `cellIndex(x:y:)` gives cells inside).
    ///
    /// A cell of a held block is read with one table lookup and no branch on which block was
    /// read last (random points over a tiled raster change block at most reads, and that
    /// branch was mispredicted as often).
    /// - Throws: decoding errors of the cell's block.
    @inline(__always)
    public func value(band: Int, column: Int, row: Int) throws(GraticuleError) -> RasterValue {
        let bx = widthShift >= 0 ? column &>> widthShift : column / blockWidth
        let by = heightShift >= 0 ? row &>> heightShift : row / blockHeight
        let plane = isPlanar ? band : 0
        let key = (isPlanar ? plane &* blocksPerPlane : 0) &+ by &* blocksAcross &+ bx
        let slot: Slot
        if key < slots.count && slots[key].isHeld { slot = slots[key] } else { slot = try load(key, bx, by, plane) }
        guard let base = slot.base else { return RasterStore.sparseValue(sampleType, fill: noData[band] ?? 0) }
        let i = ((row &- by &* blockHeight) &* slot.width &+ (column &- bx &* blockWidth)) &* slot.samples &+ (isPlanar ? 0 : band)
        return RasterStore.load(base, index: i, type: sampleType)
    }

    /// Block `key` (column bx, row by, plane): from the table or the last block read, else
    /// decoded (through the shared cache) and kept in the table.
    private func load(_ key: Int, _ bx: Int, _ by: Int, _ plane: Int) throws(GraticuleError) -> Slot {
        if key == lastKey, last != nil { return lastSlot }
        let d: DecodedBlock
        if key < blocks.count, let held = blocks[key] {
            d = held
        } else {
            d = try store.block(image: 0, column: bx, row: by, plane: plane)
            if key < blocks.count {
                if heldBytes + d.byteCount > budget {
                    for i in blocks.indices { blocks[i] = nil }
                    for i in slots.indices { slots[i] = Slot() }
                    heldBytes = 0
                }
                blocks[key] = d
                heldBytes += d.byteCount
            }
        }
        let slot = Slot(isHeld: true, base: d.base, width: d.block?.width ?? 0, samples: d.block?.samples ?? 0)
        last = d
        lastKey = key
        lastSlot = slot
        if key < slots.count { slots[key] = slot }
        return slot
    }

    /// What `value` needs of a block (its bytes stay alive while the block is held in `blocks`
    /// or is `last`).
    struct Slot {
        var isHeld = false
        var base: UnsafeRawPointer?
        var width = 0, samples = 0
    }

    /// True when `value` is the band's nodata value (`RasterBand.isNoData`).
    @inline(__always)
    public func isNoData(_ value: RasterValue, band: Int) -> Bool {
        RasterBand.isNoData(value.doubleValue, noData: noData[band], singlePrecision: singlePrecision)
    }

    /// False where the internal mask marks the cell invalid (true everywhere without a mask).
    @inline(__always)
    public func isValid(column: Int, row: Int) throws(GraticuleError) -> Bool {
        guard let mask else { return true }
        let bx = column / mask.blockWidth, by = row / mask.blockHeight
        let key = by * mask.blocksAcross + bx
        if key != maskKey || maskBlock == nil {
            maskBlock = try store.block(image: mask.index, column: bx, row: by, plane: 0)
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

extension Raster {
    /// The number of blocks (tiles or strips, all planes) of the full-resolution image.
    public var fullResolutionBlockCount: Int {
        let image = store.images[0]
        return image.blocksPerPlane * (image.isPlanar ? image.samplesPerPixel : 1)
    }

    /// Whether every decoded block of the full-resolution image fits the raster's block cache
    /// at once (so that decoding them all ahead of a long run of reads is never wasted).
    public var fullResolutionFitsCache: Bool {
        let image = store.images[0]
        let bytes = image.blockWidth.multipliedReportingOverflow(by: image.blockHeight)
        let cell = (image.isPlanar ? 1 : image.samplesPerPixel) * image.sampleType.byteSize
        let (total, overflow) = bytes.partialValue.multipliedReportingOverflow(by: cell * fullResolutionBlockCount)
        return !bytes.overflow && !overflow && total <= store.cache.capacity
    }

    /// Decodes block `index` (0 ..< `fullResolutionBlockCount`, in `TIFFImage.blockIndex` order)
    /// of the full-resolution image into the raster's shared block cache, for a caller about to
    /// read most of the raster: blocks decoded first, on several threads (`graticule identify`'s
    /// workers), are then read without decoding. A block that fails to decode is left for the read that
    /// needs it to report. Thread-safe.
    public func prefetchBlock(_ index: Int) {
        let image = store.images[0]
        guard index >= 0, index < fullResolutionBlockCount else { return }
        let plane = index / image.blocksPerPlane, inPlane = index % image.blocksPerPlane
        _ = try? store.block(image: 0, column: inPlane % image.blocksAcross, row: inPlane / image.blocksAcross, plane: plane)
    }
}
