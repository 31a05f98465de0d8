import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The raw SwiftNIO anchor: the least a SwiftNIO HTTP/1.1 server does to answer.
///
/// `GET /labels/…` gets the bytes of `--body FILE` (our JSON for the measured URL, read once
/// at start) as `application/json; charset=utf-8`; `GET /healthz` gets `ok`; anything else 404.
/// No lookup, no routing table, no logging: NIOHTTP1's pipeline and nothing more, one
/// `ByteBuffer` made at start and sent on every request. It anchors the figures that
/// depend on the HTTP stack and process start (cold start, CPU per request) the way
/// nginx's static file anchors throughput. Not part of the product.
@main
struct NIOAnchor {
    static let usage = "USAGE: NIOAnchor --body FILE [--host 127.0.0.1] [--port 8080] [--threads N]"

    static func main() throws {
        var host = "127.0.0.1"
        var port = 8080
        var bodyPath: String?
        var threads = System.coreCount
        var arguments = CommandLine.arguments.dropFirst()
        while let flag = arguments.popFirst() {
            guard flag != "--help", flag != "-h" else { print(usage); return }
            guard let value = arguments.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
            switch flag {
            case "--host": host = value
            case "--port":
                guard let number = Int(value), (0...65535).contains(number) else { fail("--port: not a port: \(value)") }
                port = number
            case "--body": bodyPath = value
            case "--threads":
                guard let number = Int(value), number > 0 else { fail("--threads: not a count: \(value)") }
                threads = number
            default: fail("unknown option \(flag)\n\(usage)")
            }
        }
        guard let bodyPath, let bytes = FileManager.default.contents(atPath: bodyPath) else {
            fail("--body FILE is needed and must be readable\n\(usage)")
        }
        let body = ByteBuffer(bytes: bytes)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMap {
                    channel.pipeline.addHandler(AnchorHandler(body: body))
                }
            }
            .bind(host: host, port: port).wait()
        // Same first stdout line as `label-server serve`, unbuffered.
        let line = "listening on http://\(host):\(channel.localAddress?.port ?? port)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        try channel.closeFuture.wait()
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("NIOAnchor: \(message)\n".utf8))
        exit(2)
    }
}

/// Answers every request head at once; request bodies are ignored.
final class AnchorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let body: ByteBuffer
    static let ok = ByteBuffer(string: "ok\n")

    init(body: ByteBuffer) { self.body = body }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        let (status, type, bytes): (HTTPResponseStatus, String, ByteBuffer)
        if request.uri.hasPrefix("/labels/") {
            (status, type, bytes) = (.ok, "application/json; charset=utf-8", body)
        } else if request.uri == "/healthz" {
            (status, type, bytes) = (.ok, "text/plain; charset=utf-8", Self.ok)
        } else {
            (status, type, bytes) = (.notFound, "text/plain; charset=utf-8", ByteBuffer())
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(bytes.readableBytes))
        let keepAlive = request.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [keepAlive] _ in
            if !keepAlive { context.close(promise: nil) }
        }
    }
}
