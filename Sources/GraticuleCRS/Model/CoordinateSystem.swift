import GraticuleCore

/// One axis of a coordinate system.
public struct Axis: Hashable, Sendable {
    public var name: String
    public var abbreviation: String
    /// Direction as ISO 19111 spells it: `east`, `north`, `up`, `south`, `west`, `down`,
    /// `geocentricX`, `geocentricY`, `geocentricZ`, `North along 130°W`, …
    public var direction: String
    public var unit: UnitOfMeasure

    public init(name: String, abbreviation: String, direction: String, unit: UnitOfMeasure) {
        self.name = name
        self.abbreviation = abbreviation
        self.direction = direction
        self.unit = unit
    }
}

/// A coordinate system: its type and ordered axes.
public struct CoordinateSystem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case ellipsoidal, cartesian = "Cartesian", vertical, spherical, ordinal
    }
    public var kind: Kind
    public var axes: [Axis]
    public var identifier: Identifier?

    public init(kind: Kind, axes: [Axis], identifier: Identifier? = nil) {
        self.kind = kind
        self.axes = axes
        self.identifier = identifier
    }

    /// Latitude, longitude in degrees (EPSG:6422), the EPSG axis order of EPSG:4326.
    public static let latLonDegrees = CoordinateSystem(kind: .ellipsoidal, axes: [
        Axis(name: "Geodetic latitude", abbreviation: "Lat", direction: "north", unit: .degree),
        Axis(name: "Geodetic longitude", abbreviation: "Lon", direction: "east", unit: .degree),
    ], identifier: Identifier("EPSG", 6422))
    /// Longitude, latitude in degrees (EPSG:6424).
    public static let lonLatDegrees = CoordinateSystem(kind: .ellipsoidal, axes: [
        Axis(name: "Geodetic longitude", abbreviation: "Lon", direction: "east", unit: .degree),
        Axis(name: "Geodetic latitude", abbreviation: "Lat", direction: "north", unit: .degree),
    ], identifier: Identifier("EPSG", 6424))
    /// Easting, northing in metres (EPSG:4400).
    public static let eastingNorthingMetres = CoordinateSystem(kind: .cartesian, axes: [
        Axis(name: "Easting", abbreviation: "E", direction: "east", unit: .metre),
        Axis(name: "Northing", abbreviation: "N", direction: "north", unit: .metre),
    ], identifier: Identifier("EPSG", 4400))

    /// True when the first axis points north or south (latitude or northing first).
    public var isNorthFirst: Bool {
        guard let d = axes.first?.direction.lowercased() else { return false }
        return d == "north" || d == "south" || d.hasPrefix("north along") || d.hasPrefix("south along")
    }

    /// The unit of the first axis (all horizontal axes of a CS share it in practice).
    public var unit: UnitOfMeasure? { axes.first?.unit }
}
