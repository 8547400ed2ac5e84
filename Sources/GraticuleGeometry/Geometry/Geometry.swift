import GraticuleCRS

/// The kinds of geometry (ArcGIS's `GeometryType`; GeoJSON Point/LineString/Polygon and their
/// Multi- forms map onto point, multipoint, polyline and polygon).
public enum GeometryType: String, Hashable, Sendable, CaseIterable {
    case point, multipoint, polyline, polygon, envelope
    /// A layer whose features mix types (GeoJSON allows it).
    case unknown
}

/// Any geometry: what a `Feature` holds.
public enum Geometry: Hashable, Sendable {
    case point(Point)
    case multipoint(Multipoint)
    case polyline(Polyline)
    case polygon(Polygon)
    case envelope(Envelope)

    public var type: GeometryType {
        switch self {
        case .point: .point
        case .multipoint: .multipoint
        case .polyline: .polyline
        case .polygon: .polygon
        case .envelope: .envelope
        }
    }

    public var spatialReference: SpatialReference? {
        get {
            switch self {
            case let .point(g): g.spatialReference
            case let .multipoint(g): g.spatialReference
            case let .polyline(g): g.spatialReference
            case let .polygon(g): g.spatialReference
            case let .envelope(g): g.spatialReference
            }
        }
        set {
            switch self {
            case var .point(g): g.spatialReference = newValue; self = .point(g)
            case var .multipoint(g): g.spatialReference = newValue; self = .multipoint(g)
            case var .polyline(g): g.spatialReference = newValue; self = .polyline(g)
            case var .polygon(g): g.spatialReference = newValue; self = .polygon(g)
            case var .envelope(g): g.spatialReference = newValue; self = .envelope(g)
            }
        }
    }

    public var isEmpty: Bool {
        switch self {
        case let .point(g): g.isEmpty
        case let .multipoint(g): g.isEmpty
        case let .polyline(g): g.isEmpty
        case let .polygon(g): g.isEmpty
        case let .envelope(g): g.isEmpty
        }
    }

    /// The vertices with their parts (nil for a point and an envelope).
    public var coordinates: CoordinateParts? {
        switch self {
        case let .multipoint(g): g.coordinates
        case let .polyline(g): g.coordinates
        case let .polygon(g): g.coordinates
        case .point, .envelope: nil
        }
    }

    public var hasZ: Bool {
        switch self {
        case let .point(p): p.z != nil
        case let .envelope(e): e.zRange != nil
        default: coordinates?.hasZ ?? false
        }
    }

    public var hasM: Bool {
        switch self {
        case let .point(p): p.m != nil
        case .envelope: false
        default: coordinates?.hasM ?? false
        }
    }

    /// The planar bounding box (empty for an empty geometry).
    public var extent: Envelope {
        switch self {
        case let .point(p):
            if p.isEmpty { return .empty(spatialReference: p.spatialReference) }
            // (a NaN z has no range: a fuzz finding through a GeoPackage blob)
            return Envelope(xMin: p.x, yMin: p.y, xMax: p.x, yMax: p.y, zRange: p.z.flatMap { $0.isNaN ? nil : $0 ... $0 },
                            spatialReference: p.spatialReference)
        case let .envelope(e): return e
        default:
            let c = coordinates!
            let b = c.bounds
            return Envelope(xMin: b.min.x, yMin: b.min.y, xMax: b.max.x, yMax: b.max.y, zRange: c.zRange,
                            spatialReference: spatialReference)
        }
    }

    /// Number of vertices (1 for a point, 4 for an envelope).
    public var pointCount: Int {
        switch self {
        case let .point(p): p.isEmpty ? 0 : 1
        case .envelope: 4
        default: coordinates!.pointCount
        }
    }
}
