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
        var parameters = ProjectionParameters(conversion: conversion)
        parameters.wrapsLongitude = wrapsLongitude
        let projection = try ProjectionCatalog.make(ellipsoid: base.datum.ellipsoid.figure, parameters: parameters)
        return wrapsLongitude ? projection : LongitudeUnwrapped(projection)
    }
}

/// A projection run without longitude wrapping (PROJ's `+over`): the wrapped projection's kernels
/// under a frame whose `wrapsLongitude` is false, so λ − λ0 reaches the forward kernel as given
/// (e.g. 180.1° stays 180.1°, beyond the antimeridian) and the inverse's λ0 + Δλ is not reduced.
struct LongitudeUnwrapped: Projection {
    static var descriptor: ProjectionDescriptor { ProjectionDescriptor(name: "Longitude unwrapped") }

    let base: any Projection
    let frame: ProjectionFrame

    init(_ base: any Projection) {
        self.base = base
        var f = base.frame
        f.wrapsLongitude = false
        frame = f
    }

    init(ellipsoid: Ellipsoid, parameters: ProjectionParameters) throws(GraticuleError) {
        throw .unsupported("LongitudeUnwrapped wraps a built projection")
    }

    var clipRegion: ClipRegion { base.clipRegion }
    var outputAxes: OutputAxes { base.outputAxes }
    func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { base.forward(lp) }
    func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> { base.inverse(xy) }
}
