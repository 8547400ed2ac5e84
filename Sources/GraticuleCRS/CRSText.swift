import GraticuleCore

/// Dispatches CRS text to the reader of its format.
enum CRSText {
    /// Parses WKT1, WKT2, PROJJSON or a PROJ string.
    static func parse(_ text: String) throws(GraticuleError) -> (crs: CRS, areaOfUse: AreaOfUse?) {
        throw .unsupported("CRS text formats are not implemented yet (given \(text.prefix(40).debugDescription))")
    }
}
