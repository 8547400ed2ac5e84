import Synchronization

/// The rasteriser's scratch memory: per-cell coverage (`Float`) and one bit per cell marking the
/// cells an edge wrote. Both are all zero between draws (the compositing pass clears what it
/// reads), so the memory can be handed from one canvas to the next without clearing: when the
/// last canvas holding it goes away, it returns to a small process-wide pool. A fresh 1024 × 512
/// canvas would otherwise zero 2 MB of newly mapped pages (their page faults cost more than the
/// painting itself).
final class CoverageScratch: @unchecked Sendable {
    /// Raw memory of the pool (owned by exactly one `CoverageScratch` or by the pool).
    struct Storage: @unchecked Sendable {
        let cells: UnsafeMutablePointer<Float>
        let cellCount: Int
        let touched: UnsafeMutablePointer<UInt64>
        let wordCount: Int

        static func zeroed(cellCount: Int, wordCount: Int) -> Storage {
            let cells = UnsafeMutablePointer<Float>.allocate(capacity: cellCount)
            cells.initialize(repeating: 0, count: cellCount)
            let touched = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
            touched.initialize(repeating: 0, count: wordCount)
            return Storage(cells: cells, cellCount: cellCount, touched: touched, wordCount: wordCount)
        }

        func free() {
            cells.deallocate()
            touched.deallocate()
        }
    }

    /// At most this many idle scratch buffers are kept, each at most `poolLimit` cells.
    static let poolSize = 8
    static let poolLimit = 1 << 24
    private static let pool = Mutex<[Storage]>([])

    let storage: Storage
    var cells: UnsafeMutablePointer<Float> { storage.cells }
    var touched: UnsafeMutablePointer<UInt64> { storage.touched }

    /// Zeroed scratch of at least the given sizes: an idle one from the pool when one is large
    /// enough, else new memory.
    init(cellCount: Int, wordCount: Int) {
        let reused = Self.pool.withLock { idle -> Storage? in
            guard let i = idle.firstIndex(where: { $0.cellCount >= cellCount && $0.wordCount >= wordCount }) else { return nil }
            return idle.remove(at: i)
        }
        storage = reused ?? .zeroed(cellCount: cellCount, wordCount: wordCount)
    }

    deinit {
        let s = storage
        guard s.cellCount <= Self.poolLimit else { return s.free() }
        let evicted = Self.pool.withLock { idle -> Storage? in
            idle.append(s)
            guard idle.count > Self.poolSize else { return nil }
            // Keep the largest ones.
            let smallest = idle.indices.min { idle[$0].cellCount < idle[$1].cellCount }!
            return idle.remove(at: smallest)
        }
        evicted?.free()
    }
}
