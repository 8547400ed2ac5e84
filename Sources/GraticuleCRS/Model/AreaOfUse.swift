/// Where a CRS or operation may be used: a name and a bounding box in degrees (WGS 84).
/// `west > east` when the box crosses the antimeridian.
public struct AreaOfUse: Hashable, Sendable {
    public var name: String
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double
    public var identifier: Identifier?

    public init(name: String, west: Double, south: Double, east: Double, north: Double, identifier: Identifier? = nil) {
        self.name = name
        self.west = west
        self.south = south
        self.east = east
        self.north = north
        self.identifier = identifier
    }

    /// True when the box crosses the antimeridian.
    public var crossesAntimeridian: Bool { west > east }

    /// True when (longitude, latitude) in degrees lies inside the box (edges included).
    public func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= south && latitude <= north else { return false }
        if crossesAntimeridian { return longitude >= west || longitude <= east }
        return longitude >= west && longitude <= east
    }
}
