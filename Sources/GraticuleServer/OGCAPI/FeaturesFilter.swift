import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import GraticuleTransform

/// OGC API - Features - Part 3 filters (OGC 19-079r2): `filter` in CQL2 text or JSON (OGC
/// 21-065r2, `CQL2Text`, `CQL2JSON`), `filter-lang` (`cql2-text`, the default; `cql-text`, the
/// draft's name, which GDAL 3.6's OAPIF driver looks for in the API definition and sends;
/// `cql2-json`) and `filter-crs` (the
/// CRS of the filter's geometry literals, default CRS84, in its own axis order: projected to
/// CRS84 with the first data directory's default transformation, a BBOX as its outline
/// densified). The properties are the collection's queryables, and `geometry` its features'
/// geometries.
extension GraticuleServer {
    /// The `filter-lang` values understood.
    static let filterLanguages = ["cql2-text", "cql-text", "cql2-json"]

    /// The items request's filter bound to the layer, or nil without `filter`.
    /// - Throws: a 400 naming the parameter: a syntax error with its offset, an unknown property
    ///   with the queryables, an unknown `filter-lang` or `filter-crs`.
    func featuresFilter(_ query: Query, _ layer: FeatureLayer) throws(APIError) -> CQL2Filter? {
        let language = query["filter-lang"] ?? "cql2-text"
        guard Self.filterLanguages.contains(language) else {
            throw APIError.badParameter("filter-lang", language, "one of " + Self.filterLanguages.joined(separator: ", "))
        }
        let crs = try featuresCRS(query, "filter-crs")
        guard let text = query["filter"] else {
            if query["filter-lang"] != nil || query["filter-crs"] != nil {
                throw APIError.missing("filter", "filter-lang and filter-crs go with a filter")
            }
            return nil
        }
        var expression = try engine("filter") { () throws(GraticuleError) in
            try language == "cql2-json" ? CQL2JSON.parse(text) : CQL2Text.parse(text)
        }
        if crs.uri != Self.crs84URI {
            let t = try state.transformer(from: crs.sr, to: try state.spatialReference("OGC:CRS84", parameter: "filter-crs"),
                                          transformation: nil, catalog: try state.dataDirectory(query).catalog)
            let northFirst = WMSAxes.isNorthFirst(crs.sr, name: crs.uri)
            expression = expression.mappingGeometries { g in
                GeometryEngine.project(northFirst ? g.swappingXY : g, using: t)
            }
        }
        let bound = expression
        return try engine("filter") { () throws(GraticuleError) in try CQL2Filter(bound, schema: layer.schema) }
    }
}
