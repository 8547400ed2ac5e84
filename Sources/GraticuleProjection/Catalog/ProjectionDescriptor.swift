import GraticuleCore

/// How a projection method is named by each authority, for lookup from a CRS definition.
public struct ProjectionDescriptor: Sendable {
    /// Display name (EPSG's when EPSG has the method).
    public var name: String
    /// EPSG method codes this type implements (e.g. 9807 Transverse Mercator).
    public var epsgCodes: [Int]
    /// Other names it answers to: Esri projection names (`Transverse_Mercator`), PROJ WKT2 names
    /// (`Winkel Tripel`), names without an EPSG code. Matching ignores case, spaces and punctuation.
    public var names: [String]
    /// The PROJ operation name (`tmerc`), nil when PROJ has none.
    public var projName: String?

    public init(name: String, epsgCodes: [Int] = [], names: [String] = [], projName: String? = nil) {
        self.name = name
        self.epsgCodes = epsgCodes
        self.names = names
        self.projName = projName
    }

    /// The comparison key of a name (`NameKey`): "Lambert_Conformal_Conic" and
    /// "Lambert Conformal Conic" both become "lambertconformalconic".
    public static func normalize(_ name: String) -> String { NameKey.of(name) }
}
