import GraticuleCRS

/// The type of an attribute field.
public enum FieldType: String, Hashable, Sendable {
    case string, integer, real, date
    /// A date with a time of day.
    case dateTime
    /// True or false (GDAL's Integer field with the Boolean subtype: GeoJSON `true`/`false`,
    /// GeoPackage BOOLEAN, dBASE `L`).
    case boolean
}

/// A field of a layer: name, type and (for formats that have them, as dBASE) width and precision.
public struct FieldDefinition: Hashable, Sendable {
    public var name: String
    public var type: FieldType
    /// Characters (string) or digits (number); 0 when the format has no width.
    public var width: Int
    /// Decimal places of a real; 0 otherwise.
    public var precision: Int

    public init(name: String, type: FieldType, width: Int = 0, precision: Int = 0) {
        self.name = name
        self.type = type
        self.width = width
        self.precision = precision
    }
}

/// What every feature of a layer shares: its fields (the order of `Feature.attributes`), its
/// geometry type and dimensions, and its spatial reference.
public struct LayerSchema: Hashable, Sendable {
    public var fields: [FieldDefinition]
    public var geometryType: GeometryType
    public var hasZ: Bool
    public var hasM: Bool
    /// The spatial reference of the geometries; nil when the source does not say.
    public var spatialReference: SpatialReference?

    public init(fields: [FieldDefinition], geometryType: GeometryType, hasZ: Bool = false, hasM: Bool = false,
                spatialReference: SpatialReference? = nil) {
        self.fields = fields
        self.geometryType = geometryType
        self.hasZ = hasZ
        self.hasM = hasM
        self.spatialReference = spatialReference
    }

    /// Index of the field named `name` (exact match first, then case-insensitive, as OGR).
    public func index(ofField name: String) -> Int? {
        if let i = fields.firstIndex(where: { $0.name == name }) { return i }
        let lower = name.lowercased()
        return fields.firstIndex { $0.name.lowercased() == lower }
    }
}

/// A feature: a geometry (or none) and one attribute value per field of its layer's schema.
public struct Feature: Hashable, Sendable {
    /// The feature identifier from the source (Shapefile record number from 0, GeoPackage fid,
    /// GeoJSON `id` when an integer), when it has one.
    public var id: Int64?
    public var geometry: Geometry?
    /// Values in the order of `LayerSchema.fields`.
    public var attributes: [AttributeValue]

    public init(id: Int64? = nil, geometry: Geometry?, attributes: [AttributeValue]) {
        self.id = id
        self.geometry = geometry
        self.attributes = attributes
    }

    /// The value of a field, looked up by name in `schema`; nil when there is no such field.
    public func value(_ name: String, in schema: LayerSchema) -> AttributeValue? {
        schema.index(ofField: name).flatMap { $0 < attributes.count ? attributes[$0] : nil }
    }
}

/// An in-memory layer: a name, a schema and features.
public struct FeatureLayer: Hashable, Sendable {
    public var name: String
    public var schema: LayerSchema
    public var features: [Feature]

    public init(name: String, schema: LayerSchema, features: [Feature]) {
        self.name = name
        self.schema = schema
        self.features = features
    }

    /// The union of every feature's planar extent.
    public var extent: Envelope {
        var e = Envelope.empty(spatialReference: schema.spatialReference)
        for f in features { if let g = f.geometry { e = e.union(g.extent) } }
        return e
    }

    /// The first feature whose field `name` equals `value` (string comparison of the value's text).
    public func feature(where name: String, equals value: String) -> Feature? {
        guard let i = schema.index(ofField: name) else { return nil }
        return features.first { $0.attributes[i].description == value }
    }
}
