import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

extension GeometryEngine {
    /// Projects a geometry into another spatial reference (ArcGIS `project(_:into:)`), with the
    /// default datum transformation (`TransformationCatalog.defaultTransformation`: the first usable
    /// one of the ranked list; none between spatial references on the same datum; a ballpark,
    /// `Transformer.transformation?.isBallpark`, when no transformation is known).
    ///
    /// A geometry without a spatial reference is given `target` unchanged. Coordinates a
    /// projection cannot represent never come back as numbers: a point becomes empty, and a path
    /// or ring with such a vertex is dropped (a polygon whose exterior is dropped loses its holes),
    /// so the result may be empty. z and m are kept as they are.
    public static func project(_ geometry: Geometry, into target: SpatialReference) throws(GraticuleError) -> Geometry {
        try project(geometry, into: target, transformation: .default)
    }

    /// Projects a geometry with a given datum transformation (ArcGIS
    /// `project(_:into:datumTransformation:)`): its steps must chain from the geometry's datum to
    /// the target's (`GraticuleError.invalidInput` otherwise).
    public static func project(_ geometry: Geometry, into target: SpatialReference,
                               using transformation: GeographicTransformation) throws(GraticuleError) -> Geometry {
        try project(geometry, into: target, transformation: .transformation(transformation))
    }

    /// Projects a geometry with the default transformation, a given one, or none
    /// (`Transformer.Choice`); grids are looked up in `catalog`.
    public static func project(_ geometry: Geometry, into target: SpatialReference, transformation choice: Transformer.Choice,
                               catalog: TransformationCatalog = .shared) throws(GraticuleError) -> Geometry {
        guard let source = geometry.spatialReference else {
            var g = geometry
            g.spatialReference = target
            return g
        }
        if source == target { return geometry }
        return project(geometry, using: try Transformer(from: source, to: target, transformation: choice, catalog: catalog))
    }

    /// Projects with a given pipeline (its source must be the geometry's spatial reference).
    public static func project(_ geometry: Geometry, using transformer: Transformer) -> Geometry {
        let target = transformer.target
        func convert(_ c: CoordinateParts) -> CoordinateParts {
            var c = c
            c.withMutableXY { transformer.transform($0) }
            return c
        }
        func finite(_ p: SIMD2<Double>) -> Bool { p.x.isFinite && p.y.isFinite }
        switch geometry {
        case let .point(p):
            var q = p
            q.spatialReference = target
            guard !p.isEmpty, let r = try? transformer.transform(x: p.x, y: p.y) else { q.x = .nan; q.y = .nan; return .point(q) }
            q.x = r.x; q.y = r.y
            return .point(q)
        case let .multipoint(m):
            let c = convert(m.coordinates)
            let keep = c.xy.indices.filter { finite(c.xy[$0]) }
            return .multipoint(Multipoint(points: keep.map { c.xy[$0] }, z: c.z.map { z in keep.map { z[$0] } },
                                          m: c.m.map { mm in keep.map { mm[$0] } }, spatialReference: target))
        case let .polyline(l):
            let c = convert(l.coordinates)
            let parts = c.filteringParts { k in c.part(k).allSatisfy(finite) }
            return .polyline(Polyline(coordinates: parts, spatialReference: target))
        case let .polygon(p):
            let c = convert(p.coordinates)
            var keepRing = (0 ..< c.partCount).map { c.part($0).allSatisfy(finite) }
            var groups = [0]
            for k in 0 ..< p.polygonCount {
                let rings = p.rings(ofPolygon: k)
                if !keepRing[rings.lowerBound] { for r in rings { keepRing[r] = false } }
                let n = rings.filter { keepRing[$0] }.count
                if n > 0 { groups.append(groups.last! + n) }
            }
            return .polygon(Polygon(coordinates: c.filteringParts { keepRing[$0] }, ringGroups: groups, spatialReference: target))
        case let .envelope(e):
            // An envelope projects as the polygon of its outline, densified so edges bend.
            let poly = GeometryEngine.densify(.polygon(Polygon(polygons: [[[SIMD2(e.xMin, e.yMin), SIMD2(e.xMin, e.yMax),
                                                                                SIMD2(e.xMax, e.yMax), SIMD2(e.xMax, e.yMin),
                                                                                SIMD2(e.xMin, e.yMin)]]], spatialReference: e.spatialReference)),
                                               maxSegmentLength: max(e.width, e.height) / 64)
            return project(poly, using: transformer)
        }
    }

    /// Projects every feature of a layer (its schema takes the target spatial reference) with the
    /// default datum transformation.
    public static func project(_ layer: FeatureLayer, into target: SpatialReference) throws(GraticuleError) -> FeatureLayer {
        try project(layer, into: target, transformation: .default).layer
    }

    /// Projects every feature of a layer with the default transformation, a given one, or none;
    /// returns the layer and the transformer used (nil when the layer has no spatial reference),
    /// whose `transformation` says which datum transformation was applied (`isBallpark` when none
    /// is known).
    public static func project(_ layer: FeatureLayer, into target: SpatialReference, transformation choice: Transformer.Choice,
                               catalog: TransformationCatalog = .shared) throws(GraticuleError) -> (layer: FeatureLayer, transformer: Transformer?) {
        var out = layer
        out.schema.spatialReference = target
        guard let source = layer.schema.spatialReference ?? layer.features.lazy.compactMap({ $0.geometry?.spatialReference }).first else {
            out.features = layer.features.map { f in var f = f; f.geometry?.spatialReference = target; return f }
            return (out, nil)
        }
        let transformer = try Transformer(from: source, to: target, transformation: choice, catalog: catalog)
        out.features = layer.features.map { f in
            var f = f
            if let g = f.geometry { f.geometry = project(g, using: transformer) }
            return f
        }
        return (out, transformer)
    }

    /// A layer in WGS 84 longitude/latitude (degrees, x/y = longitude/latitude), as maps and
    /// spherical indexes take it: unchanged when its spatial reference is WGS 84 or it has
    /// none, else projected with the default transformation of `catalog`; with the transformer
    /// used (nil when none was needed).
    public static func geographic(_ layer: FeatureLayer, catalog: TransformationCatalog = .shared)
        throws(GraticuleError) -> (layer: FeatureLayer, transformer: Transformer?) {
        let wgs84 = try SpatialReference(text: "EPSG:4326")
        guard let sr = layer.schema.spatialReference, !(try sr.isEquivalent(to: wgs84)) else { return (layer, nil) }
        return try project(layer, into: wgs84, transformation: .default, catalog: catalog)
    }
}
