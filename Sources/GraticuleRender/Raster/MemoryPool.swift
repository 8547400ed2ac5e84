import GraticuleCore
import Synchronization

/// Idle blocks of raw memory kept for reuse across canvases, process-wide. A 1024 × 512 canvas
/// needs 2 MB of pixels and 4 MB of coverage scratch; newly mapped pages cost a page fault each
/// on first touch, so memory that a finished canvas gives back is handed to the next one instead of to the allocator.
final class MemoryPool: Sendable {
    /// A block: its start and size in bytes. Blocks of 1 MiB or more (a canvas's pixels, a
    /// map's coverage scratch) are mapped in transparent huge pages (`HugePageBuffer`):
    /// compositing and encoding jump from row to row 4 KiB apart, one ordinary page each, and
    /// one 2 MiB page covers hundreds of such rows, for up to 2 MiB more resident memory per block.
    struct Block: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int
        /// The mapping, for blocks in huge pages.
        let huge: HugePageBuffer?

        static func allocate(bytes: Int) -> Block {
            if bytes >= HugePageBuffer.hugePageSize / 2 {
                let buffer = HugePageBuffer(byteCount: bytes)
                return Block(base: buffer.bytes.baseAddress!, bytes: bytes, huge: buffer)
            }
            return Block(base: .allocate(byteCount: max(bytes, 1), alignment: 64), bytes: bytes, huge: nil)
        }

        func free() {
            if let huge { huge.deallocate() } else { base.deallocate() }
        }
    }

    /// At most `capacity` idle blocks are kept, of at most `totalBytes` together.
    let capacity: Int, totalBytes: Int
    private let idle = Mutex<[Block]>([])

    init(capacity: Int, totalBytes: Int) {
        self.capacity = capacity
        self.totalBytes = totalBytes
    }

    /// An idle block of at least `bytes` (the smallest such), or nil (then the caller allocates).
    func take(bytes: Int) -> Block? {
        idle.withLock { blocks in
            var best: Int?
            for i in blocks.indices where blocks[i].bytes >= bytes && (best == nil || blocks[i].bytes < blocks[best!].bytes) {
                best = i
            }
            return best.map { blocks.remove(at: $0) }
        }
    }

    /// Keeps a block for reuse; the oldest idle blocks are freed to stay within the limits (a
    /// block larger than the whole pool is freed at once).
    func give(_ block: Block) {
        guard block.bytes <= totalBytes else { return block.free() }
        let evicted = idle.withLock { blocks -> [Block] in
            blocks.append(block)
            var total = blocks.reduce(0) { $0 + $1.bytes }
            var out: [Block] = []
            while blocks.count > capacity || total > totalBytes {
                let oldest = blocks.removeFirst()
                total -= oldest.bytes
                out.append(oldest)
            }
            return out
        }
        for b in evicted { b.free() }
    }

    /// Pixel buffers (contents undefined): enough for a few 1024 × 512 canvases at once.
    static let pixels = MemoryPool(capacity: 8, totalBytes: 32 << 20)
    /// Coverage scratch (all zero at rest).
    static let coverage = MemoryPool(capacity: 8, totalBytes: 64 << 20)
}

/// A canvas's RGBA bytes, from `MemoryPool.pixels` and given back when the last canvas holding
/// them goes away, and its edge marks after them in the same block. Canvases share it until one
/// of them draws (copy on write).
final class PixelStorage: @unchecked Sendable {
    let block: MemoryPool.Block
    /// Size in pixels.
    let width: Int, height: Int
    /// `count` bytes of pixels.
    let count: Int
    var bytes: UnsafeMutablePointer<UInt8> { block.base.assumingMemoryBound(to: UInt8.self) }
    /// Edge marks: one bit per pixel, rows of `markWordsPerRow` words, set where a pixel was
    /// painted on its own (`Canvas`'s compositing, an edge cell). Every other write paints a
    /// whole run between two marked pixels (or the canvas's sides) with one colour, or the
    /// same change of colour, so two neighbours along a row that are both unmarked have the same
    /// colour. Valid while `marksValid`: a write that knows nothing of them clears it.
    let marks: UnsafeMutablePointer<UInt64>
    let markWordsPerRow: Int
    var marksValid = true

    /// Uninitialised pixels for `width × height`, no marks.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        count = width * height * 4
        markWordsPerRow = (width + 63) >> 6
        let markOffset = (count + 63) & ~63
        let bytes = markOffset + markWordsPerRow * height * 8
        block = MemoryPool.pixels.take(bytes: bytes) ?? .allocate(bytes: bytes)
        block.base.bindMemory(to: UInt8.self, capacity: max(count, 1))
        marks = (block.base + markOffset).bindMemory(to: UInt64.self, capacity: markWordsPerRow * height)
        marks.initialize(repeating: 0, count: markWordsPerRow * height)
    }

    /// A copy (for a canvas about to draw while another holds the same pixels).
    func copy() -> PixelStorage {
        let other = PixelStorage(width: width, height: height)
        other.bytes.update(from: bytes, count: count)
        other.marks.update(from: marks, count: markWordsPerRow * height)
        other.marksValid = marksValid
        return other
    }

    /// Where rows may change colour (`RowChanges` words): a pixel or its left neighbour marked.
    func rowChanges() -> [UInt64] {
        let n = markWordsPerRow * height
        return [UInt64](unsafeUninitializedCapacity: n) { out, count in
            for y in 0..<height {
                var carry: UInt64 = 0
                for k in (y * markWordsPerRow)..<((y + 1) * markWordsPerRow) {
                    let m = marks[k]
                    out[k] = m | m << 1 | carry
                    carry = m >> 63
                }
            }
            count = n
        }
    }

    deinit { MemoryPool.pixels.give(block) }
}
