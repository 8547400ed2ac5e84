import GraticuleCore

/// A named ellipsoid as a datum defines it: its figure plus the name, identifier and the length
/// unit its axes are given in.
public struct ReferenceEllipsoid: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    /// The figure in metres.
    public var figure: Ellipsoid
    /// The length unit the authority states the axes in (metres for most).
    public var unit: UnitOfMeasure
    /// The celestial body (`Earth`, `Moon`, …).
    public var body: String
    /// True when the authority defines the ellipsoid by `a` and `b` rather than `a` and `1/f`.
    public var isDefinedBySemiMinorAxis: Bool

    public init(name: String, identifier: Identifier? = nil, figure: Ellipsoid, unit: UnitOfMeasure = .metre,
                body: String = "Earth", isDefinedBySemiMinorAxis: Bool = false) {
        self.name = name
        self.identifier = identifier
        self.figure = figure
        self.unit = unit
        self.body = body
        self.isDefinedBySemiMinorAxis = isDefinedBySemiMinorAxis
    }

    /// Semi-major axis in metres.
    public var semiMajorAxis: Double { figure.semiMajorAxis }
    /// Inverse flattening, 0 for a sphere.
    public var inverseFlattening: Double { figure.inverseFlattening }
}

/// A prime meridian: its longitude from Greenwich in its angular unit.
public struct PrimeMeridian: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    /// Longitude from Greenwich, in `unit` (east positive).
    public var longitude: Double
    public var unit: UnitOfMeasure

    public init(name: String, identifier: Identifier? = nil, longitude: Double, unit: UnitOfMeasure = .degree) {
        self.name = name
        self.identifier = identifier
        self.longitude = longitude
        self.unit = unit
    }

    /// Longitude from Greenwich in degrees. Values in the EPSG sexagesimal units (9110 DDD.MMSSsss,
    /// 9111 DDD.MM) are converted, not scaled.
    public var longitudeDegrees: Double {
        guard unit.kind == .angle else { return longitude }
        if unit.authority == "EPSG", let code = unit.code, let d = UnitOfMeasure.sexagesimalDegrees(longitude, unitCode: code) {
            return d
        }
        if abs(unit.factor - Angle.radiansPerDegree) <= 1e-12 * Angle.radiansPerDegree { return longitude }
        return longitude * unit.exactFactor / Angle.radiansPerDegree
    }

    /// Greenwich (EPSG:8901).
    public static let greenwich = PrimeMeridian(name: "Greenwich", identifier: Identifier("EPSG", 8901), longitude: 0)
}
