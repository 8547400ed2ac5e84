import Synchronization

/// Idle blocks of raw memory kept for reuse across canvases, process-wide. A 1024 × 512 canvas
/// needs 2 MB of pixels and 4 MB of coverage scratch; newly mapped pages cost a page fault each
/// on first touch (about 1 µs per 4 KiB here, more than painting the map), so memory that a
/// finished canvas gives back is handed to the next one instead of to the allocator.
final class MemoryPool: Sendable {
    /// A block: its start and size in bytes.
    struct Block: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int

        static func allocate(bytes: Int) -> Block {
            Block(base: .allocate(byteCount: max(bytes, 1), alignment: 64), bytes: bytes)
        }

        func free() { base.deallocate() }
    }

    /// At most this many idle blocks are kept (the largest), each at most `largest` bytes.
    let capacity: Int, largest: Int
    private let idle = Mutex<[Block]>([])

    init(capacity: Int, largest: Int) {
        self.capacity = capacity
        self.largest = largest
    }

    /// An idle block of at least `bytes`, or nil (then the caller allocates).
    func take(bytes: Int) -> Block? {
        idle.withLock { blocks in
            guard let i = blocks.firstIndex(where: { $0.bytes >= bytes }) else { return nil }
            return blocks.remove(at: i)
        }
    }

    /// Keeps a block for reuse (or frees it when it is too large or the pool is full).
    func give(_ block: Block) {
        guard block.bytes <= largest else { return block.free() }
        let evicted = idle.withLock { blocks -> Block? in
            blocks.append(block)
            guard blocks.count > capacity else { return nil }
            let smallest = blocks.indices.min { blocks[$0].bytes < blocks[$1].bytes }!
            return blocks.remove(at: smallest)
        }
        evicted?.free()
    }

    /// Pixel buffers (contents undefined).
    static let pixels = MemoryPool(capacity: 8, largest: 1 << 28)
    /// Coverage scratch (all zero at rest).
    static let coverage = MemoryPool(capacity: 8, largest: 1 << 28)
}

/// A canvas's RGBA bytes, from `MemoryPool.pixels` and given back when the last canvas holding
/// them goes away. Canvases share it until one of them draws (copy on write).
final class PixelStorage: @unchecked Sendable {
    let block: MemoryPool.Block
    /// `count` bytes.
    let count: Int
    var bytes: UnsafeMutablePointer<UInt8> { block.base.assumingMemoryBound(to: UInt8.self) }

    /// Uninitialised storage of `count` bytes.
    init(count: Int) {
        self.count = count
        block = MemoryPool.pixels.take(bytes: count) ?? .allocate(bytes: count)
        block.base.bindMemory(to: UInt8.self, capacity: max(count, 1))
    }

    /// A copy (for a canvas about to draw while another holds the same pixels).
    func copy() -> PixelStorage {
        let other = PixelStorage(count: count)
        other.bytes.update(from: bytes, count: count)
        return other
    }

    deinit { MemoryPool.pixels.give(block) }
}
