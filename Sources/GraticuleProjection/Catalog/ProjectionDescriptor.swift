import GraticuleCore

/// Which methods a projection type implements, as the catalog matches them: EPSG method codes,
/// and the methods' names as Graticule's method table (GraticuleCRS `MethodTable`: EPSG / WKT2
/// names, PROJ's WKT2 names for methods EPSG lacks, Esri's names for Esri-only projections) gives
/// them. Other spellings (WKT1, Esri, PROJ operation names, synonyms) live only in that table and
/// the registry; a CRS's method reaches the catalog under its table name
/// (`OperationMethod.canonical`), so no spelling is listed here.
public struct ProjectionDescriptor: Sendable {
    /// Display name of the type (the family: `Mercator`, `Polar Stereographic`).
    public var name: String
    /// EPSG method codes this type implements (e.g. 9807 Transverse Mercator).
    public var epsgCodes: [Int]
    /// The table names of the methods this type implements, with or without an EPSG code
    /// (`Mercator (variant A)`, `Winkel Tripel`, `Berghaus_Star`). Matching ignores case, spaces
    /// and punctuation (`NameKey`).
    public var names: [String]

    public init(name: String, epsgCodes: [Int] = [], names: [String] = []) {
        self.name = name
        self.epsgCodes = epsgCodes
        self.names = names
    }

    /// The comparison key of a name (`NameKey`): "Lambert_Conformal_Conic" and
    /// "Lambert Conformal Conic" both become "lambertconformalconic".
    public static func normalize(_ name: String) -> String { NameKey.of(name) }
}
