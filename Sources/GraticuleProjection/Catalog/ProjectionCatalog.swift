import GraticuleCore

/// Every projection method Graticule implements, and lookup by EPSG code or name.
public enum ProjectionCatalog {
    /// All projection types. Add a new method's type here (one line per file).
    public static let all: [any Projection.Type] = [
        Mercator.self,
        TransverseMercator.self,
        TransverseMercatorZonedGrid.self,
        CassiniSoldner.self,
        EquidistantCylindrical.self,
        LambertCylindricalEqualArea.self,
        MillerCylindrical.self,
        GallStereographic.self,
        CompactMiller.self,
        Times.self,
        TransverseCylindricalEqualArea.self,
        ToblerCylindrical.self,
        ColombiaUrban.self,
        TunisiaMiningGrid.self,
        LambertConicConformal.self,
        LambertConicNearConformal.self,
        AlbersEqualArea.self,
        EquidistantConic.self,
        AmericanPolyconic.self,
        Bonne.self,
        Krovak.self,
        NewZealandMapGrid.self,
        PolarStereographic.self,
        Stereographic.self,
        ObliqueStereographic.self,
        LambertAzimuthalEqualArea.self,
        Orthographic.self,
        VerticalPerspective.self,
        GeostationarySatellite.self,
        HotineObliqueMercator.self,
        LabordeObliqueMercator.self,
        AzimuthalEquidistant.self,
        ModifiedAzimuthalEquidistant.self,
        GuamProjection.self,
        Gnomonic.self,
        TwoPointEquidistant.self,
        Sinusoidal.self,
        Mollweide.self,
        EckertI.self,
        EckertII.self,
        EckertIII.self,
        EckertIV.self,
        EckertV.self,
        EckertVI.self,
        WinkelI.self,
        WinkelII.self,
        WinkelTripel.self,
        Robinson.self,
        NaturalEarth.self,
        NaturalEarthII.self,
        Patterson.self,
        WagnerIV.self,
        WagnerV.self,
        WagnerVII.self,
        QuarticAuthalic.self,
        Loximuthal.self,
        Aitoff.self,
        HammerAitoff.self,
        FlatPolarQuartic.self,
        CrasterParabolic.self,
        VanDerGrinten.self,
        EqualEarth.self,
        GoodeHomolosine.self,
        PeirceQuincuncial.self,
        AdamsSquareII.self,
        Fuller.self,
        BerghausStar.self,
        Cube.self,
    ]

    private static let byCode: [Int: any Projection.Type] = {
        var d: [Int: any Projection.Type] = [:]
        for t in all { for c in t.descriptor.epsgCodes { d[c] = t } }
        return d
    }()

    private static let byName: [String: any Projection.Type] = {
        var d: [String: any Projection.Type] = [:]
        for t in all {
            for n in t.descriptor.names { d[ProjectionDescriptor.normalize(n)] = t }
        }
        return d
    }()

    /// The type implementing a method, by EPSG method code first, then by the method's table name
    /// (see `ProjectionDescriptor`).
    public static func type(methodCode: Int?, methodName: String) -> (any Projection.Type)? {
        if let methodCode, let t = byCode[methodCode] { return t }
        return byName[ProjectionDescriptor.normalize(methodName)]
    }

    /// Builds the projection for a method.
    /// - Throws: `unsupported` naming the method when no type implements it, or the type's
    ///   `invalidParameter` error.
    public static func make(ellipsoid: Ellipsoid, parameters: ProjectionParameters) throws(GraticuleError) -> any Projection {
        guard let t = type(methodCode: parameters.methodCode, methodName: parameters.methodName) else {
            let code = parameters.methodCode.map { " (EPSG:\($0))" } ?? ""
            throw .unsupported("projection method \(parameters.methodName)\(code)")
        }
        let projection = try t.init(ellipsoid: ellipsoid, parameters: parameters)
        // Longitudes are wrapped in one place, the frame, which takes the choice from the parameters.
        guard projection.frame.wrapsLongitude == parameters.wrapsLongitude else {
            throw .unsupported("\(t) does not build its frame from its parameters (wrapsLongitude ignored)")
        }
        return projection
    }
}
