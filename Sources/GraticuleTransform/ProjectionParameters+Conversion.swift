import GraticuleCore
import GraticuleCRS
import GraticuleProjection

extension ProjectionParameters {
    /// The parameters of a CRS conversion in SI units (radians, metres, unity), keyed by EPSG code
    /// and by name. Sexagesimal EPSG units are converted to radians.
    public init(conversion: Conversion) {
        self.init(methodName: conversion.method.name, methodCode: conversion.method.epsgCode)
        for p in conversion.parameters {
            set(p.siValue, code: p.epsgCode, name: p.name)
        }
    }
}

extension ProjectedCRS {
    /// The projection kernel of this CRS's conversion on its base ellipsoid.
    /// - Throws: `unsupported` for a method no kernel implements, `invalidParameter` for bad values.
    public func makeProjection() throws(GraticuleError) -> any Projection {
        try ProjectionCatalog.make(ellipsoid: base.datum.ellipsoid.figure,
                                   parameters: ProjectionParameters(conversion: conversion))
    }
}
