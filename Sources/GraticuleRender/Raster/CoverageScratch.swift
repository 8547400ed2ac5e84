/// The rasteriser's scratch memory: per-cell coverage (`Float`) and one bit per cell marking the
/// cells an edge wrote, in one block from `MemoryPool.coverage`. All of it is zero between draws
/// (the compositing pass clears what it reads), so the block goes from one canvas to the next
/// without clearing, and each draw lays out its cells and bits in it as its box needs: when the
/// last canvas holding it goes away, it returns to the pool.
final class CoverageScratch: @unchecked Sendable {
    let block: MemoryPool.Block

    /// Bytes for `cellCount` cells and `wordCount` words of bits (cells first, 64-byte aligned).
    static func bytes(cellCount: Int, wordCount: Int) -> Int { cellOffset(cellCount) + wordCount * 8 }
    static func cellOffset(_ cellCount: Int) -> Int { (cellCount * 4 + 63) & ~63 }

    /// Zeroed scratch of at least `bytes`: an idle block from the pool when one is large enough,
    /// else new zeroed memory.
    init(bytes: Int) {
        if let reused = MemoryPool.coverage.take(bytes: bytes) {
            block = reused
        } else {
            block = .allocate(bytes: bytes)
            block.base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        }
    }

    /// The cells and the bits for a draw of `cellCount` cells (the block must hold them).
    func layout(cellCount: Int, wordCount: Int) -> (cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>) {
        let cells = block.base.bindMemory(to: Float.self, capacity: cellCount)
        let touched = (block.base + Self.cellOffset(cellCount)).bindMemory(to: UInt64.self, capacity: wordCount)
        return (cells, touched)
    }

    deinit { MemoryPool.coverage.give(block) }
}
