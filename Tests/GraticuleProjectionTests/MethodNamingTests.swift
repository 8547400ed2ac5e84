import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@testable import GraticuleCRS

/// Method names have one home, GraticuleCRS's `MethodTable` (EPSG / WKT2 name and code, WKT1,
/// PROJ, synonyms, Esri-only projections); a projection type's descriptor lists only the codes and
/// table names of the methods it implements. These checks keep the two from drifting apart.
@Suite struct MethodNamingTests {
    static let names = try! Registry.shared.names()

    /// The kernel type a spelling reaches as the CRS readers read it: an Esri projection name
    /// through the registry's Esri mapping, any other through the method table.
    static func kernel(_ spelling: String) -> (any Projection.Type)? {
        if let m = names.esriMappings(forEsriName: spelling).first {
            return ProjectionCatalog.type(methodCode: m.methodCode, methodName: m.methodName)
        }
        return ProjectionCatalog.type(methodCode: nil, methodName: OperationMethod(name: spelling).canonical.name)
    }

    /// Every Esri projection name the registry maps reaches a kernel, unless its method is one the
    /// table names without one.
    @Test func everyEsriMappingReachesAKernel() {
        var missing: [String] = []
        for (esriName, mappings) in Self.names.esriMethods {
            for m in mappings where ProjectionCatalog.type(methodCode: m.methodCode, methodName: m.methodName) == nil {
                let tableName = m.methodCode.flatMap { MethodTable.method(epsg: $0)?.name } ?? m.methodName
                if !Self.namedButNotImplemented.contains(tableName) { missing.append("\(esriName) → \(m.methodName)") }
            }
        }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    /// Methods the table can name (so text in every format reads and writes them) that no kernel
    /// implements yet.
    static let namedButNotImplemented: Set<String> = [
        "Gauss Schreiber Transverse Mercator", "International Map of the World Polyconic", "Wagner I", "Wagner II",
        "Wagner III", "Wagner VI", "Quadrilateralized Spherical Cube",
    ]

    @Test func descriptorsUseTableNamesAndCodesOnly() {
        var claimedCodes: [Int: String] = [:]
        var claimedNames: [String: String] = [:]
        var problems: [String] = []
        for t in ProjectionCatalog.all {
            let d = t.descriptor
            for code in d.epsgCodes {
                if MethodTable.method(epsg: code) == nil { problems.append("\(t): EPSG \(code) not in the table") }
                if let other = claimedCodes.updateValue("\(t)", forKey: code) { problems.append("EPSG \(code): \(other) and \(t)") }
            }
            #expect(!d.names.isEmpty, "\(t) names no method")
            for name in d.names {
                let inTable = MethodTable.method(named: name)?.name == name || MethodTable.esriOnlyMethods.contains(name)
                if !inTable { problems.append("\(t): \(name) is not a table name") }
                if let other = claimedNames.updateValue("\(t)", forKey: NameKey.of(name)) {
                    problems.append("\(name): \(other) and \(t)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func everyTableMethodHasAKernelOrIsListedAsMissing() {
        var missing: Set<String> = []
        for m in MethodTable.methods where ProjectionCatalog.type(methodCode: m.epsg, methodName: m.name) == nil {
            missing.insert(m.name)
        }
        for name in MethodTable.esriOnlyMethods where ProjectionCatalog.type(methodCode: nil, methodName: name) == nil {
            missing.insert(name)
        }
        #expect(missing == Self.namedButNotImplemented)
    }

    /// Every other spelling the table knows reaches the same kernel as the name it stands for.
    @Test func spellingsReachTheKernelOfTheirMethod() {
        var spellings: [(String, String)] = MethodTable.aliases.map { ($0.key, $0.value) }
        // A WKT1 name two methods share (Azimuthal_Equidistant) stands for the table's first.
        for m in MethodTable.methods { if let w = m.wkt1, let first = MethodTable.method(wkt1: w) { spellings.append((w, first.name)) } }
        spellings += [("Lambert_Conformal_Conic_1SP", "Lambert Conic Conformal (1SP)"), ("Gauss_Kruger", "Transverse Mercator"),
                      ("Berghaus Star", "Berghaus_Star"), ("Hammer-Aitoff", "Hammer_Aitoff"),
                      ("Mercator_Auxiliary_Sphere", "Popular Visualisation Pseudo Mercator")]
        for (spelling, name) in spellings where !Self.namedButNotImplemented.contains(name) {
            let canonical = OperationMethod(name: spelling).canonical
            let viaSpelling = ProjectionCatalog.type(methodCode: nil, methodName: canonical.name)
            let viaName = ProjectionCatalog.type(methodCode: nil, methodName: name)
            #expect(viaSpelling != nil && viaSpelling.map { "\($0)" } == viaName.map { "\($0)" },
                    "\(spelling) → \(canonical.name): \(String(describing: viaSpelling)) vs \(String(describing: viaName))")
        }
        // A method with an EPSG code keeps it and its name; an unknown name is kept as it is.
        let tm = OperationMethod(name: "Gauss-Kruger", identifier: Identifier("EPSG", 9807))
        #expect(tm.canonical == tm)
        #expect(OperationMethod(name: "Not a projection").canonical.name == "Not a projection")
    }
}
