import Foundation
import HTTP1
import Testing
@testable import LabelServer

/// `openapi.yaml` against the code: its paths and operations are the route table's rows and
/// methods (HEAD included), each operation documents the statuses its row can answer and
/// names their error codes, and those codes are the ones the sources emit. Read from the
/// repository root, as `swift test` runs from a clean clone.
@Suite struct OpenAPIDocumentTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func document() throws -> OpenAPIDocument {
        OpenAPIDocument(yaml: try String(contentsOf: repository.appendingPathComponent("openapi.yaml"), encoding: .utf8))
    }

    static let operationNames: Set = ["get", "head", "post", "put", "delete", "patch", "options", "trace"]

    /// Per status, the text a client reads: the description, through a `$ref` if there is one.
    static func responses(_ operation: OpenAPIDocument.Node, in document: OpenAPIDocument) -> [Int: String] {
        var texts: [Int: String] = [:]
        for (key, node) in operation["responses"]?.children ?? [] {
            guard let status = Int(key) else { continue }
            let target = node["$ref"]?.value.flatMap { document.root.resolve($0) } ?? node
            texts[status] = target["description"]?.value ?? ""
        }
        return texts
    }

    @Test func theSpecHasOnePathPerRouteWithTheRoutesMethods() throws {
        let paths = try #require(try Self.document().root["paths"])
        #expect(paths.children.map(\.key).sorted() == LabelService.routes.map(\.label).sorted())
        for route in LabelService.routes {
            let operations = (paths[route.label]?.children ?? []).map(\.key).filter(Self.operationNames.contains)
            #expect(Set(operations) == Set(route.methods.map { $0.rawValue.lowercased() }), "\(route.label)")
        }
    }

    @Test func theDeclaredResponsesCoverEveryRouteAndMethodOnce() {
        let declared = LabelService.documentedResponses
        #expect(Set(declared.keys) == Set(LabelService.routes.map(\.label)))
        for route in LabelService.routes {
            #expect(Set(declared[route.label]?.keys.map(\.self) ?? []) == Set(route.methods), "\(route.label)")
        }
    }

    /// Each operation documents what its row declares, naming each error code in
    /// backquotes, and otherwise only what any request can get before routing.
    @Test func eachOperationDocumentsTheStatusesAndCodesItsRouteCanAnswer() throws {
        let document = try Self.document()
        let paths = try #require(document.root["paths"])
        for route in LabelService.routes {
            for method in route.methods {
                let name = "\(method.rawValue) \(route.label)"
                guard let operation = paths[route.label]?[method.rawValue.lowercased()],
                      let declared = LabelService.documentedResponses[route.label]?[method] else {
                    Issue.record("\(name): not in the spec or not declared")
                    continue
                }
                let documented = Self.responses(operation, in: document)
                let missing = Set(declared.keys).subtracting(documented.keys)
                #expect(missing.isEmpty, "\(name) does not document \(missing.sorted())")
                let extra = Set(documented.keys).subtracting(declared.keys).subtracting(LabelService.answersBeforeRouting.keys)
                #expect(extra.isEmpty, "\(name) documents \(extra.sorted()), which it cannot answer")
                for (status, codes) in declared {
                    let text = documented[status] ?? ""
                    for code in codes.sorted() where !text.contains("`\(code)`") {
                        Issue.record("\(name) \(status): the description does not name `\(code)`")
                    }
                }
            }
        }
    }

    /// The answers before routing are the info section's, code by code.
    @Test func theInfoDescriptionNamesEveryCodeAnsweredBeforeRouting() throws {
        let text = try #require(try Self.document().root["info"]?["description"]?.value)
        for code in LabelService.answersBeforeRouting.values.joined() {
            #expect(text.contains("`\(code)`"), "info.description does not name `\(code)`")
        }
    }

    /// Every error code in `Sources/LabelServer` (and the report errors it sends) is declared,
    /// and every declared code is emitted somewhere.
    @Test func theDeclaredCodesAreTheOnesTheSourcesEmit() throws {
        let emitted = try Self.emittedCodes()
        var declared: Set<String> = []
        for methods in LabelService.documentedResponses.values {
            for responses in methods.values { declared.formUnion(responses.values.joined()) }
        }
        let beforeRouting = Set(LabelService.answersBeforeRouting.values.joined())
        #expect(emitted.subtracting(declared).subtracting(beforeRouting).isEmpty,
                "emitted but not declared: \(emitted.subtracting(declared).subtracting(beforeRouting).sorted())")
        #expect(declared.subtracting(emitted).isEmpty, "declared but never emitted: \(declared.subtracting(emitted).sorted())")
    }

    /// The codes in `APIError(…, "code"`, `.badRequest("code"`, `field("error", "code")` and
    /// the `code` of the other error types the server answers with.
    static func emittedCodes() throws -> Set<String> {
        let sources = repository.appendingPathComponent("Sources")
        var text = ""
        let files = try #require(FileManager.default.enumerator(at: sources.appendingPathComponent("LabelServer"),
                                                                includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            text += try String(contentsOf: file, encoding: .utf8)
        }
        let reportErrors = try String(contentsOf: sources.appendingPathComponent("MissingKeys/MissingReportError.swift"),
                                      encoding: .utf8)
        var codes: Set<String> = []
        let patterns = [#"APIError\(\.[A-Za-z]+, "([a-z_]+)""#, #"\.badRequest\("([a-z_]+)""#,
                        #"field\("error", "([a-z_]+)"\)"#]
        for pattern in patterns {
            for match in text.matches(of: try Regex<(Substring, Substring)>(pattern)) { codes.insert(String(match.1)) }
        }
        // `var code: String { … "a" : "b" }` (FormatError) and the cases of MissingReportError's switch.
        for match in text.matches(of: try Regex<(Substring, Substring)>(#"var code: String \{([^}\n]*)\}"#)) {
            for literal in match.1.matches(of: try Regex<(Substring, Substring)>(#""([a-z_]+)""#)) { codes.insert(String(literal.1)) }
        }
        for match in reportErrors.matches(of: try Regex<(Substring, Substring)>(#"case [^:\n]+: "([a-z_]+)""#)) {
            codes.insert(String(match.1))
        }
        return codes
    }
}
