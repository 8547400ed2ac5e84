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

    /// The factor to compute with. Authorities store factors to 15 significant digits (EPSG's
    /// degree is 0.0174532925199433, its US survey foot 0.304800609601219); the exact values they
    /// stand for are restored so that 90° is exactly π/2. `factor` keeps the stored digits, which
    /// WKT and PROJJSON output repeat.
    public var exactFactor: Double {
        for exact in [Double.pi / 180, Double.pi / 200, Double.pi / 648_000, Double.pi / 10_800,
                      Double.pi / 648_000_000, 1200.0 / 3937.0]
        where abs(factor - exact) <= 1e-14 * exact { return exact }
        return factor
    }

    /// Converts a value in this unit to the SI unit of its kind (metres, radians, unity, seconds)
    /// with `exactFactor`. Values in EPSG's sexagesimal encodings (9110 DDD.MMSSsss, 9111 DDD.MMm)
    /// are decoded first.
    public func toSI(_ value: Double) -> Double {
        if authority == "EPSG", let code, let degrees = UnitOfMeasure.sexagesimalDegrees(value, unitCode: code) {
            return degrees * Angle.radiansPerDegree
        }
        return value * exactFactor
    }

    /// Decodes a value in an EPSG sexagesimal unit (9110 DDD.MMSSsss, 9111 DDD.MMm) to decimal
    /// degrees; nil for any other unit.
    public static func sexagesimalDegrees(_ v: Double, unitCode: String) -> Double? {
        switch unitCode {
        case "9110":
            let sign: Double = v < 0 ? -1 : 1
            let a = abs(v)
            var d = a.rounded(.towardZero)
            let rest = ((a - d) * 100).roundedTo(places: 10)
            var m = rest.rounded(.towardZero)
            var s = ((rest - m) * 100).roundedTo(places: 8)
            if s >= 60 { s -= 60; m += 1 }
            if m >= 60 { m -= 60; d += 1 }
            return sign * (d + m / 60 + s / 3600)
        case "9111":
            let sign: Double = v < 0 ? -1 : 1
            let a = abs(v)
            let d = a.rounded(.towardZero)
            let m = ((a - d) * 100).roundedTo(places: 10)
            return sign * (d + m / 60)
        default:
            return nil
        }
    }

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

extension Double {
    fileprivate func roundedTo(places n: Int) -> Double {
        let p = pow(10.0, Double(n))
        return (self * p).rounded() / p
    }
}

import Foundation
