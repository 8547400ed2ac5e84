import Foundation
import Graticule

/// The `--transformation OP|default|none` option shared by `project` and `convert`.
enum TransformationOption {
    /// Parses the option's value: `default`, `none`, or steps (`WKID`, `AUTH:CODE`, joined by
    /// `+`, `~` inverting one) resolved in `catalog`.
    static func choice(_ value: String, catalog: TransformationCatalog) throws(GraticuleError) -> Transformer.Choice {
        switch value.lowercased() {
        case "default": return .default
        case "none": return .none
        default: return .transformation(try catalog.transformation(parsing: value))
        }
    }

    /// Says once on standard error that a transformer applies a ballpark (no known transformation).
    static func warnIfBallpark(_ transformer: Transformer) {
        guard let t = transformer.transformation, t.isBallpark else { return }
        FileHandle.standardError.write(Data(("warning: no datum transformation is known from \(transformer.source.name) "
            + "to \(transformer.target.name); using a ballpark (coordinates are not shifted, errors can reach "
            + "hundreds of metres)\n").utf8))
    }
}
