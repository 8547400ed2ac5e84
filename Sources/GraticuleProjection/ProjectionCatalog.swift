import GraticuleCore

/// Every projection method Graticule implements, and lookup by EPSG code or name.
public enum ProjectionCatalog {
    /// All projection types. Add a new method's type here (one line per file).
    public static let all: [any Projection.Type] = [
        Mercator.self,
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
            for n in [t.descriptor.name] + t.descriptor.names { d[ProjectionDescriptor.normalize(n)] = t }
        }
        return d
    }()

    /// The type implementing a method, by EPSG method code first, then by name.
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
        return try t.init(ellipsoid: ellipsoid, parameters: parameters)
    }
}
