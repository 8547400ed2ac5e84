extension String {
    /// The text as an error message quotes what was given: whole when at most `limit` UTF-8
    /// bytes, else its first characters (within `limit` bytes, never half a character) and
    /// `… (N bytes)`. Messages name the input; they never carry megabytes of it.
    public func clipped(toBytes limit: Int = 300) -> String {
        guard utf8.count > limit else { return self }
        var out = ""
        for c in self {
            if out.utf8.count + c.utf8.count > Swift.max(0, limit - 3) { break }
            out.append(c)
        }
        return out + "… (\(utf8.count) bytes)"
    }
}
