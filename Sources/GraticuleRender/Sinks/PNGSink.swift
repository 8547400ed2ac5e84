import GraticuleCore

extension MapRenderer {
    /// The map as a PNG file (RGBA, 8 bits per channel).
    public func png() throws(GraticuleError) -> [UInt8] { try MapRenderer.png(of: try scene()) }

    /// A scene (from `scene()`) as a PNG file.
    public static func png(of scene: MapScene) throws(GraticuleError) -> [UInt8] {
        throw .unsupported("PNG output: GraticuleRender's anti-aliased rasteriser has not landed yet; use SVG")
    }
}
