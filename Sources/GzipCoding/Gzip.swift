import CZlib

/// gzip through the system zlib.
///
/// A bundle's body is compressed once, when it is first asked for with gzip (off the
/// loops), never per request. The level is the caller's choice; the default is zlib's
/// own (6), which is what the precomputed bundles use.
package enum Gzip {
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var code: Int32
        /// Decompression stopped because the output passed its limit (a gzip bomb), not because the input is broken.
        package var exceededLimit = false
        package var description: String { exceededLimit ? "decompressed output over the limit" : "zlib error \(code)" }
    }

    /// Compresses `bytes` into a complete gzip member (RFC 1952).
    package static func compress(_ bytes: [UInt8], level: Int32 = 6) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        var status = czlib_deflate_init_gzip(&stream, level)
        guard status == Z_OK else { throw Failure(code: status) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let produced: Int = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                status = deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(code: status) }
        output.removeSubrange(produced...)
        return output
    }

    /// Decompresses one gzip member into at most `limit` bytes: request bodies the server
    /// takes gzip, responses LabelClient reads on Linux, tests. Not the hot path.
    ///
    /// The one inflate loop: it stops before output would pass `limit`, so a gzip bomb
    /// costs at most `limit` bytes and one 64 KiB chunk, whatever it would inflate to.
    /// - Throws: ``Failure`` with `exceededLimit` for output past `limit`; with zlib's code
    ///   for input that is not gzip or is cut short.
    package static func decompress<Output: RangeReplaceableCollection<UInt8>>(
        _ bytes: [UInt8], limit: Int = 64 << 20, as _: Output.Type = [UInt8].self
    ) throws(Failure) -> Output {
        var stream = z_stream()
        var status = czlib_inflate_init_gzip(&stream)
        guard status == Z_OK else { throw Failure(code: status) }
        defer { inflateEnd(&stream) }
        var output = Output()
        var room = max(limit, 0)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var over = false
        bytes.withUnsafeBufferPointer { source in
            // zlib reads `next_in` only; its type is mutable for want of ZLIB_CONST.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                guard produced <= room else {
                    over = true
                    return
                }
                room -= produced
                output.append(contentsOf: chunk[..<produced])
            } while status == Z_OK
        }
        if over { throw Failure(code: Z_BUF_ERROR, exceededLimit: true) }
        guard status == Z_STREAM_END else { throw Failure(code: status == Z_OK ? Z_BUF_ERROR : status) }
        return output
    }
}
