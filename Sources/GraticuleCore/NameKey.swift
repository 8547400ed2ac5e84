/// The one comparison key for the names of methods, parameters, datums, ellipsoids, prime
/// meridians and units, wherever a name is matched rather than an identifier (the CRS readers
/// and writers, the registry's name index, the projection catalog, datum identity).
///
/// The key keeps lower-cased letters (any script), digits and `+`, and drops everything else:
/// `Lambert_Conformal_Conic`, `Lambert Conformal Conic` and `lambert-conformal-conic` share a
/// key, while `CH1903+` and `CH1903` do not (the `+` names a different datum, CH1903+ / LV95).
public enum NameKey {
    /// The comparison key of `name`.
    public static func of(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        for c in name.lowercased().unicodeScalars where c == "+" || isAlphanumeric(c) {
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// Letters and digits: ASCII ones directly, others by their Unicode properties.
    public static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }
}
