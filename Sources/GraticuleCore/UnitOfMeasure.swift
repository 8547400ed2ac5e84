/// A unit of measure: its name, kind and factor to the SI unit of its kind
/// (metre, radian, unity, second).
public struct UnitOfMeasure: Hashable, Sendable, CustomStringConvertible {
    /// What a unit measures.
    public enum Kind: String, Hashable, Sendable, Codable {
        case length, angle, scale, time, parametric
    }
    /// Name as the authority writes it (`metre`, `degree`, `US survey foot`).
    public var name: String
    public var kind: Kind
    /// Factor to the SI unit of the kind: metres per unit, radians per unit, …
    public var factor: Double
    /// Authority code, e.g. `EPSG:9001`, when known.
    public var authority: String?
    public var code: String?

    public init(name: String, kind: Kind, factor: Double, authority: String? = nil, code: String? = nil) {
        self.name = name
        self.kind = kind
        self.factor = factor
        self.authority = authority
        self.code = code
    }

    public var description: String { name }

    /// EPSG:9001 metre.
    public static let metre = UnitOfMeasure(name: "metre", kind: .length, factor: 1, authority: "EPSG", code: "9001")
    /// EPSG:9102 degree, 1° = π/180 rad.
    public static let degree = UnitOfMeasure(
        name: "degree", kind: .angle, factor: Angle.radiansPerDegree, authority: "EPSG", code: "9102")
    /// EPSG:9101 radian.
    public static let radian = UnitOfMeasure(name: "radian", kind: .angle, factor: 1, authority: "EPSG", code: "9101")
    /// EPSG:9201 unity.
    public static let unity = UnitOfMeasure(name: "unity", kind: .scale, factor: 1, authority: "EPSG", code: "9201")
    /// EPSG:9202 parts per million.
    public static let partsPerMillion = UnitOfMeasure(
        name: "parts per million", kind: .scale, factor: 1e-6, authority: "EPSG", code: "9202")
    /// EPSG:9104 arc-second.
    public static let arcSecond = UnitOfMeasure(
        name: "arc-second", kind: .angle, factor: Angle.radiansPerArcSecond, authority: "EPSG", code: "9104")
    /// EPSG:9002 international foot (0.3048 m).
    public static let foot = UnitOfMeasure(name: "foot", kind: .length, factor: 0.3048, authority: "EPSG", code: "9002")
    /// EPSG:9003 US survey foot (1200/3937 m).
    public static let usSurveyFoot = UnitOfMeasure(
        name: "US survey foot", kind: .length, factor: 1200.0 / 3937.0, authority: "EPSG", code: "9003")
}
