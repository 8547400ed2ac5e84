import Foundation

/// Strong entity tags (RFC 9110 §8.8.3) and `If-None-Match` (§13.1.2) for responses that clients
/// revalidate (`Cache-Control: no-cache`): the viewer's files and the tiles of vector files.
enum EntityTag {
    /// A quoted tag of what `hasher` was given. `Hasher` is seeded per process, so a restart
    /// changes every tag (a client never keeps a response across a change it could not see).
    static func of(_ hasher: Hasher) -> String {
        "\"" + String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16) + "\""
    }

    /// Whether an `If-None-Match` value names `tag`: one of its comma-separated tags, compared
    /// weakly (`W/"…"` matches, the form `CompressionMiddleware` gives a gzipped response's tag),
    /// or `*`.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { item in
            let t = item.trimmingCharacters(in: .whitespaces)
            return t == tag || t == "W/" + tag || t == "*"
        }
    }
}
