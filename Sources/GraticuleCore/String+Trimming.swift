extension StringProtocol {
    /// The text without leading and trailing white space and line breaks (`Character.isWhitespace`,
    /// Unicode's White_Space property: the set Foundation's `.whitespacesAndNewlines` trims, but
    /// for U+200B zero width space, which Foundation also trims), with the standard library alone.
    /// Foundation's `trimmingCharacters(in:)` goes through `NSString` and `CharacterSet`, whose
    /// first use instantiates CoreFoundation metadata: about a fifth of a millisecond at the start
    /// of a one-shot command that reads a GeoTIFF.
    @inlinable public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
