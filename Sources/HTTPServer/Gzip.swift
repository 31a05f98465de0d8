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

    /// Decompresses one gzip member; for tests and clients, not the hot path.
    ///
    /// - Parameter limit: Refuse output larger than this (a gzip bomb guard).
    package static func decompress(_ bytes: [UInt8], limit: Int = 64 << 20) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        var status = czlib_inflate_init_gzip(&stream)
        guard status == Z_OK else { throw Failure(code: status) }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                output += chunk[..<produced]
            } while status == Z_OK && output.count <= limit
        }
        guard output.count <= limit else { throw Failure(code: Z_BUF_ERROR, exceededLimit: true) }
        guard status == Z_STREAM_END else { throw Failure(code: status == Z_OK ? Z_BUF_ERROR : status) }
        return output
    }
}
