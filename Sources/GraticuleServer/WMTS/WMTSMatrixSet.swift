import GraticuleRaster

/// A tile matrix set the WMTS serves: a quadtree of 256 × 256 pixel tiles, level z + 1 halving
/// level z's cells, addressed by (row, column) from the top-left corner.
///
/// - `WebMercatorQuad` (OGC 17-083r2 Annex D.1; WMTS 1.0.0's well-known scale set
///   GoogleMapsCompatible, OGC 07-057r7 Annex E.4): EPSG:3857, level z has 2^z × 2^z tiles, the
///   top-left corner at (−20,037,508.34, 20,037,508.34) m, level 0 at 1 : 559,082,264.0287178;
///   the same tiles as `/tiles/{z}/{x}/{y}`.
/// - `WorldCRS84Quad` (OGC 17-083r2 Annex D.2): longitude and latitude (OGC CRS84, longitude
///   first), level z has 2^(z+1) columns and 2^z rows, the top-left corner at (−180°, 90°),
///   level 0's tiles 180° wide (0.703125° per pixel) at 1 : 279,541,132.0143589. Drawn as
///   EPSG:4326 maps (plate carrée), for GIS clients working in geographic coordinates.
struct WMTSMatrixSet: Sendable {
    let identifier: String
    /// Another name a request may give (WMTS 1.0.0's scale set name), and the capabilities'
    /// WellKnownScaleSet URN then.
    let alias: String?
    /// The CRS as the capabilities state it (`SupportedCRS`).
    let supportedCRS: String
    /// The spatial reference the tiles are drawn in (registry text); extents are (x, y) in it,
    /// longitude first for a geographic one.
    let spatialReference: String
    /// The top-left corner (x, y) and a level-0 tile's width and height, in the CRS's units.
    let left: Double, top: Double, tileSpan0: Double
    /// Columns of level 0 (rows: one per tile span of the height).
    let columns0: Int
    let rows0: Int
    let levels: ClosedRange<Int>
    /// Scale denominator of level 0 for the standard 0.28 mm pixel.
    let scaleDenominator0: Double
    /// `TopLeftCorner` in the CRS's axis order, as written in the capabilities.
    let topLeftCorner: String

    static let webMercatorQuad = WMTSMatrixSet(
        identifier: "WebMercatorQuad", alias: "GoogleMapsCompatible", supportedCRS: "urn:ogc:def:crs:EPSG::3857",
        spatialReference: "EPSG:3857", left: -WebMercator.half, top: WebMercator.half, tileSpan0: 2 * WebMercator.half,
        columns0: 1, rows0: 1, levels: 0...22,
        // 2π · 6,378,137 m / 256 px / 0.00028 m.
        scaleDenominator0: 559_082_264.028_717_8, topLeftCorner: "\(-WebMercator.half) \(WebMercator.half)")

    static let worldCRS84Quad = WMTSMatrixSet(
        identifier: "WorldCRS84Quad", alias: nil, supportedCRS: "urn:ogc:def:crs:OGC:1.3:CRS84",
        spatialReference: "CRS:84", left: -180, top: 90, tileSpan0: 180, columns0: 2, rows0: 1, levels: 0...21,
        // 180° / 256 px × (2π · 6,378,137 m / 360°) / 0.00028 m.
        scaleDenominator0: 279_541_132.014_358_9, topLeftCorner: "-180 90")

    static let all = [webMercatorQuad, worldCRS84Quad]

    /// The set a request names (its identifier or alias); nil for others.
    static func named(_ name: String) -> WMTSMatrixSet? {
        all.first { $0.identifier == name || $0.alias == name }
    }

    /// Columns and rows of level `z`.
    func columns(_ z: Int) -> Int { columns0 << z }
    func rows(_ z: Int) -> Int { rows0 << z }

    /// The whole matrix of level `z` as one canvas for labels, and the tile's top-left pixel in
    /// it (tiles of 256 × `pixelRatio` pixels).
    func labelCanvas(z: Int, row: Int, column: Int, pixelRatio: Int) -> LabelCanvas {
        let tile = 256 * pixelRatio
        let span = tileSpan0 / Double(1 << z)
        let extent = RasterExtent(xMin: left, yMin: top - span * Double(rows(z)), xMax: left + span * Double(columns(z)), yMax: top)
        return LabelCanvas(size: .init(extent: extent, width: tile * columns(z), height: tile * rows(z)),
                           origin: SIMD2(column * tile, row * tile))
    }

    /// A tile's extent (x, y in the set's spatial reference).
    func extent(z: Int, row: Int, column: Int) -> RasterExtent {
        let size = tileSpan0 / Double(1 << z)
        return RasterExtent(xMin: left + Double(column) * size, yMin: top - Double(row + 1) * size,
                            xMax: left + Double(column + 1) * size, yMax: top - Double(row) * size)
    }
}
