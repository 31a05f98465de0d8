#if os(Linux)
import CZlib
import Foundation

/// gzip bodies read by ``PlainHTTPExchange``, inflated into at most a limit.
///
/// Through the system zlib, which LabelClient links on Linux only (`Package.swift`
/// names `CZlib` for `.linux`): on Apple platforms `URLSession` decodes gzip itself.
enum BoundedInflater {
    /// The gzip member in `bytes`, decompressed.
    ///
    /// - Throws: ``LabelClientError/bodyTooLarge(limit:)`` as soon as the output would
    ///   pass `limit` (a gzip bomb stops there, whatever it would inflate to);
    ///   ``LabelClientError/transport(_:)`` for a body that is not gzip or is cut short.
    static func gunzip(_ bytes: [UInt8], limit: Int) throws(LabelClientError) -> Data {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { throw .transport(.inflate(status: nil)) }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var status = Z_OK
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
                guard produced <= limit - output.count else { over = true; return }
                output.append(contentsOf: chunk[..<produced])
            } while status == Z_OK
        }
        if over { throw .bodyTooLarge(limit: limit) }
        guard status == Z_STREAM_END else { throw .transport(.inflate(status: status)) }
        return output
    }
}
#endif
