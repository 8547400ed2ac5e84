import GraticuleCore

/// The parameter values a projection is built from, in SI units (radians, metres, unity),
/// keyed by EPSG parameter code and by normalised name (for parameters without an EPSG code,
/// such as Esri's `XY_Plane_Rotation` or `Option`).
public struct ProjectionParameters: Sendable, Hashable {

    /// Checks a latitude parameter φ (radians): strictly between the poles, |φ| < π/2 − tolerance,
    /// or with `includingPoles`, |φ| ≤ π/2 + tolerance. NaN fails both.
    /// - Throws: `GraticuleError.invalidParameter` naming the parameter and giving φ in degrees.
    static func checkLatitude(_ phi: Double, name: String, includingPoles: Bool = false,
                              tolerance: Double = 0) throws(GraticuleError) {
        if includingPoles {
            guard abs(phi) <= .pi / 2 + tolerance else {
                throw .invalidParameter(name: name, value: phi * Angle.degreesPerRadian, reason: "must be in [−90°, 90°]")
            }
        } else {
            guard abs(phi) < .pi / 2 - tolerance else {
                throw .invalidParameter(name: name, value: phi * Angle.degreesPerRadian,
                                        reason: "must be strictly between −90° and 90°")
            }
        }
    }

    /// The method's name as the CRS gives it (`Transverse Mercator (South Orientated)`, `Fuller`).
    public var methodName: String
    /// The EPSG method code, when the method has one.
    public var methodCode: Int?
    /// False for PROJ's `+over` (longitudes not reduced to ±180°): a method whose formulas extend
    /// past the antimeridian (Van der Grinten) then also inverts points beyond its ±180° outline.
    public var wrapsLongitude = true
    private var byCode: [Int: Double] = [:]
    private var byName: [String: Double] = [:]

    public init(methodName: String, methodCode: Int? = nil) {
        self.methodName = methodName
        self.methodCode = methodCode
    }

    /// Sets a value (SI units) under its EPSG code and/or name.
    public mutating func set(_ value: Double, code: Int? = nil, name: String? = nil) {
        if let code { byCode[code] = value }
        if let name { byName[ProjectionDescriptor.normalize(name)] = value }
    }

    /// The value of the first EPSG code present, then the first name present.
    public func value(_ codes: Int..., names: [String] = []) -> Double? {
        value(codes: codes, names: names)
    }

    /// Like `value`, or `defaultValue` when absent.
    public func value(_ codes: Int..., names: [String] = [], default defaultValue: Double) -> Double {
        value(codes: codes, names: names) ?? defaultValue
    }

    /// The value of the first of `codes` present, then the first of `names` present.
    public func value(codes: [Int], names: [String]) -> Double? {
        for c in codes { if let v = byCode[c] { return v } }
        for n in names { if let v = byName[ProjectionDescriptor.normalize(n)] { return v } }
        return nil
    }

    /// Like `value`, but throws `invalidParameter` naming the parameter when it is absent.
    public func required(_ code: Int, _ name: String, names: [String] = []) throws(GraticuleError) -> Double {
        if let v = byCode[code] { return v }
        for n in [name] + names { if let v = byName[ProjectionDescriptor.normalize(n)] { return v } }
        throw .invalidParameter(name: name, value: .nan, reason: "missing for \(methodName)")
    }

    /// True when the method name (normalised) contains `fragment` (normalised).
    public func methodNameContains(_ fragment: String) -> Bool {
        ProjectionDescriptor.normalize(methodName).contains(ProjectionDescriptor.normalize(fragment))
    }

    /// The EPSG parameter pairs that can hold a method's false origin. Esri names all of them
    /// `False_Easting` / `False_Northing`.
    public enum FalseOrigin: Sendable {
        /// False easting / false northing, EPSG 8806 / 8807.
        case natural
        /// Easting / northing at false origin, EPSG 8826 / 8827.
        case falseOrigin
        /// Easting / northing at projection centre, EPSG 8816 / 8817.
        case projectionCentre

        /// The EPSG codes of the easting and the northing.
        public var codes: (easting: Int, northing: Int) {
            switch self {
            case .natural: (EPSGParameter.falseEasting, EPSGParameter.falseNorthing)
            case .falseOrigin: (EPSGParameter.eastingAtFalseOrigin, EPSGParameter.northingAtFalseOrigin)
            case .projectionCentre:
                (EPSGParameter.eastingAtProjectionCentre, EPSGParameter.northingAtProjectionCentre)
            }
        }
    }

    /// The false easting and northing (metres), each the value of the first of `kinds` whose code
    /// is present, then of Esri's `False_Easting` / `False_Northing`, then `defaultValue`'s.
    public func falseOrigin(_ kinds: [FalseOrigin] = [.natural],
                            default defaultValue: (easting: Double, northing: Double) = (0, 0))
        -> (easting: Double, northing: Double) {
        (value(codes: kinds.map(\.codes.easting), names: ["False_Easting"]) ?? defaultValue.easting,
         value(codes: kinds.map(\.codes.northing), names: ["False_Northing"]) ?? defaultValue.northing)
    }

    /// The central meridian λ0 (radians): the first of `codes` present (by default EPSG 8802,
    /// longitude of natural origin), then the first of `names` (by default Esri's
    /// `Central_Meridian`), then `defaultValue`.
    public func centralMeridian(_ codes: [Int] = [EPSGParameter.longitudeOfNaturalOrigin],
                                names: [String] = ["Central_Meridian"], default defaultValue: Double = 0) -> Double {
        value(codes: codes, names: names) ?? defaultValue
    }
}

extension ProjectionFrame {
    /// The frame most methods read from their parameters: λ0 = `centralMeridian` (by default
    /// `parameters.centralMeridian()`: EPSG 8802 or Esri `Central_Meridian`, else 0), the false
    /// origin from `parameters.falseOrigin(falseOrigin)` (by default EPSG 8806 / 8807 or Esri
    /// `False_Easting` / `False_Northing`, else 0), on `ellipsoid`; validated and with the
    /// parameters' longitude wrapping, as `init(parameters:centralMeridian:falseEasting:falseNorthing:ellipsoid:)`.
    public init(parameters p: ProjectionParameters, centralMeridian: Double? = nil,
                falseOrigin: [ProjectionParameters.FalseOrigin] = [.natural], ellipsoid: Ellipsoid) throws(GraticuleError) {
        let origin = p.falseOrigin(falseOrigin)
        try self.init(parameters: p, centralMeridian: centralMeridian ?? p.centralMeridian(), falseEasting: origin.easting,
                      falseNorthing: origin.northing, ellipsoid: ellipsoid)
    }

    /// The one place every projection's frame is checked and given its longitude wrapping: λ0,
    /// the false origin (metres; methods that swap or negate it pass it as their kernels need it)
    /// and the ellipsoid, with `wrapsLongitude` from `parameters` (false for PROJ's `+over`).
    /// - Throws: `invalidParameter` for a semi-major axis that is not positive and finite, a
    ///   central meridian that is not finite or beyond ±360°, or a false origin that is not finite.
    public init(parameters p: ProjectionParameters, centralMeridian lon0: Double, falseEasting fe: Double,
                falseNorthing fn: Double, ellipsoid: Ellipsoid) throws(GraticuleError) {
        try self.init(checkedCentralMeridian: lon0, falseEasting: fe, falseNorthing: fn, ellipsoid: ellipsoid,
                      wrapsLongitude: p.wrapsLongitude)
    }

    /// The checks of `init(parameters:centralMeridian:falseEasting:falseNorthing:ellipsoid:)`, for
    /// a projection built from values rather than parameters.
    public init(checkedCentralMeridian lon0: Double, falseEasting fe: Double, falseNorthing fn: Double,
                ellipsoid: Ellipsoid, wrapsLongitude: Bool) throws(GraticuleError) {
        let a = ellipsoid.semiMajorAxis
        guard a > 0 && a.isFinite else {
            throw .invalidParameter(name: "Semi-major axis", value: a, reason: "must be positive and finite")
        }
        guard lon0.isFinite && abs(lon0) <= 2 * Double.pi else {
            throw .invalidParameter(name: "Longitude of natural origin", value: lon0 * 180 / .pi,
                                    reason: "must be finite and within ±360°")
        }
        guard fe.isFinite else { throw .invalidParameter(name: "False easting", value: fe, reason: "must be finite") }
        guard fn.isFinite else { throw .invalidParameter(name: "False northing", value: fn, reason: "must be finite") }
        self.init(centralMeridian: lon0, falseEasting: fe, falseNorthing: fn, ellipsoid: ellipsoid,
                  wrapsLongitude: wrapsLongitude)
    }
}

/// EPSG parameter codes used by projection methods.
public enum EPSGParameter {
    public static let latitudeOfNaturalOrigin = 8801
    public static let longitudeOfNaturalOrigin = 8802
    public static let scaleFactorAtNaturalOrigin = 8805
    public static let falseEasting = 8806
    public static let falseNorthing = 8807
    public static let latitudeOfProjectionCentre = 8811
    public static let longitudeOfProjectionCentre = 8812
    public static let azimuthOfInitialLine = 8813
    public static let angleFromRectifiedToSkewGrid = 8814
    public static let scaleFactorOnInitialLine = 8815
    public static let eastingAtProjectionCentre = 8816
    public static let northingAtProjectionCentre = 8817
    public static let latitudeOfPseudoStandardParallel = 8818
    public static let scaleFactorOnPseudoStandardParallel = 8819
    public static let latitudeOfFalseOrigin = 8821
    public static let longitudeOfFalseOrigin = 8822
    public static let latitudeOf1stStandardParallel = 8823
    public static let latitudeOf2ndStandardParallel = 8824
    public static let eastingAtFalseOrigin = 8826
    public static let northingAtFalseOrigin = 8827
    public static let latitudeOfStandardParallel = 8832
    public static let longitudeOfOrigin = 8833
    public static let latitudeOfTopocentricOrigin = 8834
    public static let longitudeOfTopocentricOrigin = 8835
    public static let viewpointHeight = 8840
    public static let ellipsoidScaleFactor = 1038
    public static let projectionPlaneOriginHeight = 1039
    public static let coLatitudeOfConeAxis = 1036
    public static let zoneWidth = 8831
    public static let initialLongitude = 8830
}
