import Foundation
import Hummingbird
import LabelCore
import NIOCore

/// A reference server for the benchmark: `GET /labels/{key}` and `GET /healthz` on Hummingbird 2.
///
/// The lookup is LabelCore's, called the way `label-server serve` calls it, so a
/// comparison with ours measures the HTTP stacks only. Not part of the product.
@main
struct HummingbirdPeer {
    static let usage = "USAGE: HummingbirdPeer [--host 127.0.0.1] [--port 8080] [--strings Strings]"

    static func main() async throws {
        var host = "127.0.0.1"
        var port = 8080
        var strings = "Strings"
        var arguments = CommandLine.arguments.dropFirst()
        while let flag = arguments.popFirst() {
            guard flag != "--help", flag != "-h" else { print(usage); return }
            guard let value = arguments.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
            switch flag {
            case "--host": host = value
            case "--port":
                guard let number = Int(value), (0...65535).contains(number) else { fail("--port: not a port: \(value)") }
                port = number
            case "--strings": strings = value
            default: fail("unknown option \(flag)\n\(usage)")
            }
        }

        let store: LoadedStore
        do {
            store = try StoreLoader.load(StoreConfiguration(directory: strings))
        } catch {
            fail("cannot load the store:\n\(error)")
        }
        let resolver = LabelResolver(catalog: store.catalog)

        let router = Router()
        router.get("/healthz") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/labels/:key") { request, context -> Response in
            let key = context.parameters.get("key") ?? ""
            let query = request.uri.queryParameters
            var preferred: [LanguageTag] = []
            if let lang = query.get("lang") {
                guard let tag = LanguageTag(lang) else {
                    return error(.badRequest, "bad_language", "lang: not a well-formed language tag")
                }
                preferred = [tag]
            }
            let table = query.get("table") ?? "Localizable"
            var values: [String] = []
            if let count = query.get("count") { values.append(count) }
            values += query.getAll("arg")
            do {
                let chain = resolver.chain(preferred: preferred)
                let label = try resolver.label(key: key, table: table, chain: chain, arguments: values)
                var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
                if let language = label.language { headers[.contentLanguage] = language.rawValue }
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: label.jsonBytes(chain: chain))))
            } catch {
                return Self.error(.badRequest, "bad_argument", "\(error)")
            }
        }

        // Hummingbird's default logger logs its start at info on stdout, which would
        // come before our `listening on` line; LOG_LEVEL is the knob it reads.
        setenv("LOG_LEVEL", "warning", 0)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { [host, port] channel in
                // Same first stdout line as `label-server serve`, so scripts find the port alike;
                // written unbuffered, since stdout is a file or pipe here.
                let line = "listening on http://\(host):\(channel.localAddress?.port ?? port)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        )
        try await app.runService()
    }

    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        var out = "{\"error\":\"\(code)\",\"message\":\""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\"}"
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: out)))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("HummingbirdPeer: \(message)\n".utf8))
        exit(2)
    }
}
