/// What a map draws, in output pixels (y down), in painting order: the sinks (SVG, PNG) paint
/// these items and nothing else.
public struct MapScene: Sendable {
    /// One painted item: closed rings filled with the non-zero rule and/or stroked, or open lines stroked.
    public struct Item: Sendable {
        /// The layer the item belongs to (`countries`, `graticule`, `outline`, `sphere`, `points`).
        public var layer: String
        /// Paths in pixels; rings are closed (last point not repeated) when `closed`.
        public var paths: [[SIMD2<Double>]] {
            get { viewRings?.paths ?? ownPaths }
            set {
                ownPaths = newValue
                viewRings = nil
            }
        }
        /// The paths, unless the item reads them from `viewRings`.
        private var ownPaths: [[SIMD2<Double>]]
        /// Where the paths are when they are whole rings of the countries projected at the
        /// view's scale (`ViewRings`), read from there when asked for.
        private(set) var viewRings: ViewRings?
        public var closed: Bool
        public var fill: MapColor?
        public var stroke: MapColor?
        public var strokeWidth: Double
        /// An identifier (a country's `ADM0_A3`).
        public var id: String?
        /// A human-readable name (a country's `ADMIN`).
        public var title: String?
        /// Edges shared with items of the same paint group, which a painter painting the group
        /// in one pass leaves out (nil: none known).
        var edgeSkips: EdgeSkips? = nil

        init(layer: String, paths: [[SIMD2<Double>]], closed: Bool, fill: MapColor?, stroke: MapColor?,
             strokeWidth: Double, id: String?, title: String?) {
            self.layer = layer
            ownPaths = paths
            self.closed = closed
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.id = id
            self.title = title
        }

        /// An item whose paths are whole rings read from `rings`.
        init(layer: String, rings: ViewRings, closed: Bool, fill: MapColor?, stroke: MapColor?, strokeWidth: Double,
             id: String?, title: String?) {
            self.init(layer: layer, paths: [], closed: closed, fill: fill, stroke: stroke, strokeWidth: strokeWidth,
                      id: id, title: title)
            viewRings = rings
        }

        /// Points in all the paths.
        var pointCount: Int { viewRings?.pointCount ?? ownPaths.reduce(0) { $0 + $1.count } }

        /// Points per path.
        var pathCounts: [Int] { viewRings?.pathCounts ?? ownPaths.map(\.count) }

        /// The paths added to `path` as subpaths (`Path.init(_:closed:)` of them).
        func append(to path: inout Path) {
            if let viewRings, closed {
                path.append(viewRings)
            } else {
                path.append(paths, closed: closed)
            }
        }
    }

    public let width: Int
    public let height: Int
    public let background: MapColor
    /// The items in painting order. Changing them (an item removed, added, moved, a path edited)
    /// marks the scene changed, and the painter then paints each item on its own: the shared
    /// edges it would leave out were paired for the items as the scene made them.
    public var items: [Item] { didSet { itemsChanged = true } }
    /// Whether `items` was set or changed since the scene was made.
    private(set) var itemsChanged = false
    /// What was skipped while drawing (invalid coordinates, degenerate rings), one line each.
    public var warnings: [String]
}
