/// The TIFF predictors, undone in place on one decoded block (host byte order already, except
/// predictor 3 whose byte planes are byte-order independent).
enum Predictor {
    /// Horizontal differencing (predictor 2): each sample is stored as the difference from the
    /// same sample of the previous pixel in the row; integer words of `wordSize` bytes wrap.
    static func undoHorizontal(_ buffer: UnsafeMutableRawBufferPointer, rowBytes: Int, rows: Int,
                               samplesPerPixel: Int, wordSize: Int) {
        switch wordSize {
        case 1: horizontal(buffer, UInt8.self, rowBytes: rowBytes, rows: rows, stride: samplesPerPixel)
        case 2: horizontal(buffer, UInt16.self, rowBytes: rowBytes, rows: rows, stride: samplesPerPixel)
        case 4: horizontal(buffer, UInt32.self, rowBytes: rowBytes, rows: rows, stride: samplesPerPixel)
        case 8: horizontal(buffer, UInt64.self, rowBytes: rowBytes, rows: rows, stride: samplesPerPixel)
        default: break
        }
    }

    private static func horizontal<T: FixedWidthInteger>(_ buffer: UnsafeMutableRawBufferPointer, _: T.Type,
                                                         rowBytes: Int, rows: Int, stride: Int) {
        let perRow = rowBytes / MemoryLayout<T>.size
        for r in 0..<rows {
            let base = buffer.baseAddress! + r * rowBytes
            if Int(bitPattern: base) % MemoryLayout<T>.alignment == 0 {
                let p = base.assumingMemoryBound(to: T.self)
                if stride == 1 {
                    var acc = perRow > 0 ? p[0] : 0
                    var i = 1
                    while i < perRow { acc &+= p[i]; p[i] = acc; i += 1 }
                } else {
                    var i = stride
                    while i < perRow { p[i] = p[i] &+ p[i - stride]; i += 1 }
                }
            } else {
                var i = stride
                while i < perRow {
                    let a = base.loadUnaligned(fromByteOffset: (i - stride) * MemoryLayout<T>.size, as: T.self)
                    let b = base.loadUnaligned(fromByteOffset: i * MemoryLayout<T>.size, as: T.self)
                    base.storeBytes(of: a &+ b, toByteOffset: i * MemoryLayout<T>.size, as: T.self)
                    i += 1
                }
            }
        }
    }

    /// Floating-point predictor (predictor 3, Adobe Technical Note 3): each row holds the bytes of
    /// its samples as byte planes, most significant first, horizontally differenced byte by
    /// byte with a stride of one pixel. Undone into host byte order, using `scratch` (≥ rowBytes).
    static func undoFloatingPoint(_ buffer: UnsafeMutableRawBufferPointer, rowBytes: Int, rows: Int,
                                  samplesPerPixel: Int, bytesPerSample: Int,
                                  scratch: UnsafeMutableRawBufferPointer) {
        let words = rowBytes / bytesPerSample
        let tmp = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for r in 0..<rows {
            let row = (buffer.baseAddress! + r * rowBytes).assumingMemoryBound(to: UInt8.self)
            let stride = samplesPerPixel
            let count = words * bytesPerSample
            if stride == 1 {
                var acc = row[0]
                var i = 1
                while i < count { acc &+= row[i]; row[i] = acc; i += 1 }
            } else {
                var i = stride
                while i < count { row[i] = row[i] &+ row[i - stride]; i += 1 }
            }
            tmp.update(from: row, count: count)
            #if _endian(little)
            switch bytesPerSample {
            case 4:
                let p0 = tmp, p1 = tmp + words, p2 = tmp + 2 * words, p3 = tmp + 3 * words
                let out = UnsafeMutableRawPointer(row)
                for w in 0..<words {
                    let v = UInt32(p3[w]) | UInt32(p2[w]) << 8 | UInt32(p1[w]) << 16 | UInt32(p0[w]) << 24
                    out.storeBytes(of: v, toByteOffset: 4 * w, as: UInt32.self)
                }
            default:
                for w in 0..<words {
                    for b in 0..<bytesPerSample {
                        row[bytesPerSample * w + b] = tmp[(bytesPerSample - b - 1) * words + w]
                    }
                }
            }
            #else
            for w in 0..<words {
                for b in 0..<bytesPerSample { row[bytesPerSample * w + b] = tmp[b * words + w] }
            }
            #endif
        }
    }
}
