/// The rasteriser's scratch memory: per-cell coverage (`Float`) and one bit per cell marking the
/// cells an edge wrote, in one block from `MemoryPool.coverage`. Both are all zero between draws
/// (the compositing pass clears what it reads), so the block goes from one canvas to the next
/// without clearing: when the last canvas holding it goes away, it returns to the pool.
final class CoverageScratch: @unchecked Sendable {
    let block: MemoryPool.Block
    let cells: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>

    /// Zeroed scratch of at least the given sizes: an idle block from the pool when one is large
    /// enough, else new zeroed memory.
    init(cellCount: Int, wordCount: Int) {
        let cellBytes = (cellCount * 4 + 63) & ~63
        let bytes = cellBytes + wordCount * 8
        if let reused = MemoryPool.coverage.take(bytes: bytes) {
            block = reused
        } else {
            block = .allocate(bytes: bytes)
            block.base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        }
        // Cells first, bits after them, wherever a reused (larger) block puts the split: the
        // whole block is zero.
        cells = block.base.bindMemory(to: Float.self, capacity: cellCount)
        touched = (block.base + cellBytes).bindMemory(to: UInt64.self, capacity: wordCount)
    }

    deinit { MemoryPool.coverage.give(block) }
}
