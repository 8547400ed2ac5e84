/// The spatial references the design's workflows name, offered by the viewer's picker.
enum SpatialReferencePresets {
    /// Workflow 2: the eleven world maps.
    static let worldMaps: [(id: String, name: String, note: String)] = [
        ("ESRI:102299", "Berghaus Star AAG", "interrupted star of five lobes"),
        ("ESRI:54050", "Fuller", "Dymaxion icosahedral net"),
        ("EPSG:27200", "New Zealand Map Grid", "local: New Zealand"),
        ("ESRI:102018", "North Pole Stereographic", "polar azimuthal"),
        ("ESRI:54090", "Peirce quincuncial", "conformal square, poles at the centre and corners"),
        ("EPSG:32610", "UTM zone 10N", "local: transverse Mercator at 123°W"),
        ("ESRI:54024", "World Bonne", "equal-area heart shape"),
        ("ESRI:54052", "Goode Homolosine Land", "interrupted equal-area"),
        ("ESRI:102038", "World orthographic from space", "one hemisphere"),
        ("EPSG:3857", "Web Mercator", "the web's tiles"),
        ("EPSG:4326", "WGS 84", "longitude/latitude"),
    ]

    /// The examples of workflows 1 and 3 (the viewer's preset buttons).
    static let workflowExamples: [String: [String: String]] = [
        "projectWithTransformation": ["from": "EPSG:4326", "to": "EPSG:28413", "transformation": "ESRI:108055",
                                      "x": "105", "y": "47"],
        "listTransformations": ["from": "EPSG:27700", "to": "EPSG:3857"],
    ]
}
