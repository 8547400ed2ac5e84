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
        // ASCII names (nearly all of the registry's 20,000) byte by byte, without lower-casing a
        // copy of the string first; the same key as the Unicode path below.
        var name = name
        if let key = name.withUTF8({ bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var n = 0
                for b in bytes {
                    switch b {
                    case 0x41...0x5A: out[n] = b | 0x20; n += 1  // A-Z → a-z
                    case 0x61...0x7A, 0x30...0x39, 0x2B: out[n] = b; n += 1  // a-z, 0-9, +
                    default: break
                    }
                }
                return n
            }
        }) {
            return key
        }
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
