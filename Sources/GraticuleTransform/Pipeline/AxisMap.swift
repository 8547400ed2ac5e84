import GraticuleCRS
import GraticuleProjection

/// Maps a projection kernel's output axes onto a projected CRS's x/y.
///
/// x/y follow the rule of PROJ's `normalizeForVisualization` (pyproj `always_xy`): the CRS's axes in
/// authority order, except that a northing-first CRS (north, east) is given easting first; values
/// keep the CRS's directions (a westing grows to the west). So EPSG:28413 (northing, easting) is
/// x = easting, y = northing; EPSG:8044 (southing, westing) is x = southing, y = westing; polar
/// grids whose axes are "South along 90°E" / "South along 180°E" take the kernel's (x, y) as they are.
public struct AxisMap: Hashable, Sendable {
    /// Output component i is `sign[i] * input[index[i]]`.
    let index: SIMD2<Int>
    let sign: SIMD2<Double>

    public static let identity = AxisMap(index: SIMD2(0, 1), sign: SIMD2(1, 1))

    init(index: SIMD2<Int>, sign: SIMD2<Double>) {
        self.index = index
        self.sign = sign
    }

    /// The map from `kernel` directions to the coordinate system's x/y.
    public init(from kernel: OutputAxes, to cs: CoordinateSystem) {
        let dirs = cs.axes.prefix(2).map { AxisMap.direction($0.direction) }
        guard dirs.count == 2, let d0 = dirs[0], let d1 = dirs[1] else {
            self = .identity  // polar "… along …" axes, or not a map plane: the kernel's own x/y
            return
        }
        // PROJ's visualisation order: (north, east) becomes (east, north).
        let api: [OutputAxes.Direction] = (d0 == .north && d1 == .east) ? [d1, d0] : [d0, d1]
        let natural = [kernel.x, kernel.y]
        var index = SIMD2(0, 1), sign = SIMD2<Double>(1, 1)
        for i in 0..<2 {
            guard let j = natural.firstIndex(where: { AxisMap.sameLine($0, api[i]) }) else {
                self = .identity
                return
            }
            index[i] = j
            sign[i] = natural[j] == api[i] ? 1 : -1
        }
        self.init(index: index, sign: sign)
    }

    public var isIdentity: Bool { self == .identity }

    public func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(sign[0] * p[index[0]], sign[1] * p[index[1]])
    }

    public func unapply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        var out = SIMD2<Double>(0, 0)
        out[index[0]] = sign[0] * p[0]
        out[index[1]] = sign[1] * p[1]
        return out
    }

    static func direction(_ s: String) -> OutputAxes.Direction? {
        switch s.lowercased() {
        case "east": .east
        case "west": .west
        case "north": .north
        case "south": .south
        default: nil
        }
    }

    static func sameLine(_ a: OutputAxes.Direction, _ b: OutputAxes.Direction) -> Bool {
        switch (a, b) {
        case (.east, .east), (.east, .west), (.west, .east), (.west, .west): true
        case (.north, .north), (.north, .south), (.south, .north), (.south, .south): true
        default: false
        }
    }
}
