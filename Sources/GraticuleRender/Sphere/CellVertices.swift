/// The least vertex (longitude, then latitude) a layer has in each cell of a longitude/latitude
/// grid, for `SphereInput`'s simplification: an open-addressing table (linear probing, at most
/// half full, grown as cells come) keyed by the cell's two numbers. At a world map's tolerance the
/// 1:10m countries' 550,000 vertices fall in far fewer cells, so the table stays small enough for
/// the cache.
struct CellVertices: Sendable {
    private var keyX: [Int64], keyY: [Int64]
    private var vertices: [SIMD2<Double>]
    private var mask: Int
    private var count = 0
    /// Never a cell number (cell numbers are clamped to ±9·10¹⁸): an empty slot.
    private static let empty = Int64.min

    /// An empty table with room for `capacity` cells before it grows.
    init(capacity: Int = 4096) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        keyX = [Int64](repeating: Self.empty, count: size)
        keyY = [Int64](repeating: 0, count: size)
        vertices = [SIMD2<Double>](repeating: .zero, count: size)
        mask = size - 1
    }

    /// The slot of `cell`, or the empty one where it would go.
    @inline(__always) private func slot(_ cell: SIMD2<Int64>) -> Int {
        let h = UInt64(bitPattern: cell.x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: cell.y) &* 0xC2B2_AE3D_27D4_EB4F
        var k = Int(truncatingIfNeeded: h >> 32) & mask
        while keyX[k] != Self.empty && (keyX[k] != cell.x || keyY[k] != cell.y) { k = (k + 1) & mask }
        return k
    }

    /// Keeps `vertex` for `cell` when the cell has none yet or a greater one.
    mutating func offer(_ vertex: SIMD2<Double>, in cell: SIMD2<Int64>) {
        let k = slot(cell)
        if keyX[k] == Self.empty {
            guard 2 * (count + 1) <= keyX.count else {
                grow()
                return offer(vertex, in: cell)
            }
            keyX[k] = cell.x
            keyY[k] = cell.y
            count += 1
        } else if !SphereInput.precedes(vertex, vertices[k]) {
            return
        }
        vertices[k] = vertex
    }

    /// Twice the slots, every cell moved to its new one.
    private mutating func grow() {
        var bigger = CellVertices(capacity: keyX.count)
        for k in keyX.indices where keyX[k] != Self.empty {
            let cell = SIMD2(keyX[k], keyY[k])
            let j = bigger.slot(cell)
            bigger.keyX[j] = cell.x
            bigger.keyY[j] = cell.y
            bigger.vertices[j] = vertices[k]
            bigger.count += 1
        }
        self = bigger
    }

    /// The vertex kept for `cell`, if any.
    @inline(__always) func vertex(in cell: SIMD2<Int64>) -> SIMD2<Double>? {
        let k = slot(cell)
        return keyX[k] == Self.empty ? nil : vertices[k]
    }
}
