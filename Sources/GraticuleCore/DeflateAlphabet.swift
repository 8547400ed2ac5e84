/// The fixed numbers of the Deflate format (RFC 1951 §3.2.5 and §3.2.7) that both its encoder
/// (`GraticuleIO`'s PNG writer) and its decoder (`GraticuleTIFF`'s inflate) use.
public enum DeflateAlphabet {
    /// Length symbols 257…285: the shortest length of each (3 … 258).
    public static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
                                           99, 115, 131, 163, 195, 227, 258]
    /// Length symbols 257…285: the extra bits after each.
    public static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5,
                                            5, 0]
    /// Distance symbols 0…29: the shortest distance of each (1 … 24,577).
    public static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                             1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    /// Distance symbols 0…29: the extra bits after each.
    public static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
                                              11, 12, 12, 13, 13]
    /// The code-length code's symbols in the order a dynamic block's header sends their lengths.
    public static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
