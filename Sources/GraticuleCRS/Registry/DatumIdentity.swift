import GraticuleCore

/// Datum identity: the one rule Graticule uses to decide whether two geodetic datums are the same
/// reference frame, so that coordinates on one are coordinates on the other with no datum
/// transformation. `Transformer` (same datum: convert; different: a datum transformation is
/// needed), CRS equivalence (`CRS.isEquivalent`) and the writers all ask this rule.
///
/// Two datums `a` and `b` are the same when
/// 1. their ellipsoids agree (semi-major axis and inverse flattening to 1e-9 relative) and their
///    prime meridians agree (to 1e-9 degrees) — always required; and
/// 2. when both have a registry identity (below), the identities are equal: `CH1903` (EPSG:6149)
///    and `CH1903+` (EPSG:6150) differ although both are on Bessel 1841 and Greenwich, as do
///    NAD27 and NAD83, ED50 and ETRS89, WGS 84 and any one of its realisations;
/// 3. otherwise (a datum defined in text that the registry does not know), their names are equal
///    under `DatumIdentity.nameKey` and their definitions do not conflict: when both state
///    TOWGS84 parameters they are equal (3 parameters equal 7 with zero rotations and scale), and
///    when both state a frame reference epoch it is equal.
///
/// The registry identity of a datum is its identifier when it has one, else the registry datum
/// its name (or an Esri or GDAL spelling of it) denotes with the same ellipsoid and prime
/// meridian; an Esri datum that duplicates an EPSG datum (`ESRI:106001 D_WGS_1966` is the Esri
/// definition of `EPSG:6760 World Geodetic System 1966`) has the EPSG datum's identity.
public enum DatumIdentity {
    /// Relative tolerance on the semi-major axis and inverse flattening.
    public static let ellipsoidTolerance = 1e-9
    /// Tolerance on the prime meridian longitude, degrees.
    public static let primeMeridianTolerance = 1e-9

    /// The comparison key of a datum name: `NameKey` after dropping Esri's `D_` prefix and
    /// EPSG's ` ensemble` suffix (`D_WGS_1984`, `WGS_1984` and `World Geodetic System 1984
    /// ensemble` keep their own keys; `D_North_American_1983` is `North_American_1983`).
    public static func nameKey(_ name: String) -> String {
        var n = Substring(name)
        if n.hasPrefix("D_") { n = n.dropFirst(2) }
        if n.hasSuffix(" ensemble") { n = n.dropLast(" ensemble".count) }
        return NameKey.of(String(n))
    }

    /// True when the two datums have the same ellipsoid and prime meridian (rule 1).
    public static func sameFigure(_ a: GeodeticDatum, _ b: GeodeticDatum) -> Bool {
        let ea = a.ellipsoid.figure, eb = b.ellipsoid.figure
        let pa = a.primeMeridian.longitudeDegrees, pb = b.primeMeridian.longitudeDegrees
        return close(ea.semiMajorAxis, eb.semiMajorAxis, ellipsoidTolerance)
            && close(ea.inverseFlattening, eb.inverseFlattening, ellipsoidTolerance)
            && abs(pa - pb) <= primeMeridianTolerance * max(1, abs(pa))
    }

    /// The comparison of datums without a registry identity (rule 3).
    static func sameDefinition(_ a: GeodeticDatum, _ b: GeodeticDatum) -> Bool {
        guard nameKey(a.name) == nameKey(b.name) else { return false }
        if let ta = a.towgs84, let tb = b.towgs84 {
            let pa = ta + Array(repeating: 0, count: max(0, 7 - ta.count))
            let pb = tb + Array(repeating: 0, count: max(0, 7 - tb.count))
            guard pa.count == pb.count, zip(pa, pb).allSatisfy({ abs($0 - $1) <= 1e-9 * max(1, abs($0)) }) else {
                return false
            }
        }
        if let ea = a.frameReferenceEpoch, let eb = b.frameReferenceEpoch, ea != eb { return false }
        return true
    }

    /// The registry identity of `datum` in the name index `names` (see `Registry.datumIdentity(of:)`).
    static func identity(of datum: GeodeticDatum, names: RegistryNames) -> Identifier? {
        var id = datum.identifier
        if id == nil {
            id = names.resolveDatum(named: datum.name, figure: datum.ellipsoid.figure,
                                    primeMeridianDegrees: datum.primeMeridian.longitudeDegrees)?.id
        }
        if let esri = id, let twin = names.esriTwins[esri] { id = twin }
        return id
    }

    /// The rule itself, on the name index `names` (see `Registry.isSameDatum(_:_:)`).
    static func same(_ a: GeodeticDatum, _ b: GeodeticDatum, names: RegistryNames) -> Bool {
        guard sameFigure(a, b) else { return false }
        if let ia = a.identifier, let ib = b.identifier, ia == ib { return true }
        if let ia = identity(of: a, names: names), let ib = identity(of: b, names: names) { return ia == ib }
        return sameDefinition(a, b)
    }

    static func close(_ a: Double, _ b: Double, _ rel: Double) -> Bool {
        a == b || abs(a - b) <= rel * max(abs(a), abs(b))
    }
}

extension Registry {
    /// The registry identity of a geodetic datum (see `DatumIdentity`): its identifier, or the
    /// registry datum its name denotes with its ellipsoid and prime meridian; an Esri datum that
    /// duplicates an EPSG one answers the EPSG identifier. Nil for a datum the registry does not know.
    /// - Throws: `invalidInput` naming the registry file when its name index cannot be read.
    public func datumIdentity(of datum: GeodeticDatum) throws(GraticuleError) -> Identifier? {
        DatumIdentity.identity(of: datum, names: try names())
    }

    /// True when `a` and `b` are the same geodetic datum by Graticule's one rule (`DatumIdentity`):
    /// same ellipsoid and prime meridian, and the same registry identity, or for datums the
    /// registry does not know, the same name and no conflicting TOWGS84 or epoch.
    /// - Throws: `invalidInput` naming the registry file when its name index cannot be read.
    public func isSameDatum(_ a: GeodeticDatum, _ b: GeodeticDatum) throws(GraticuleError) -> Bool {
        if DatumIdentity.sameFigure(a, b), let ia = a.identifier, ia == b.identifier { return true }
        return DatumIdentity.same(a, b, names: try names())
    }
}

extension GeodeticDatum {
    /// True when this datum and `other` are the same reference frame (`DatumIdentity`), as
    /// `registry` knows them.
    public func isSame(as other: GeodeticDatum, in registry: Registry) throws(GraticuleError) -> Bool {
        try registry.isSameDatum(self, other)
    }
}
