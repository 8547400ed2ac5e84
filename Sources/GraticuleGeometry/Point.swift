/// A point: x/y (longitude/latitude or easting/northing) with optional z.
///
/// The geometry layer is filled by the geometry issue; the value type exists now so the layers
/// above can name it.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double?

    public init(x: Double, y: Double, z: Double? = nil) {
        self.x = x
        self.y = y
        self.z = z
    }
}
