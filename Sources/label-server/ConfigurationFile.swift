import Foundation
import LabelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `label-server.json`: the third layer under flags and environment variables
/// (docs/configuration.md). Top-level keys are the store options every command
/// shares; one object per subcommand holds that command's options by their long
/// names in camelCase. Read with LabelCore's JSONDocument, bounded in size.
struct ConfigurationFile {
    /// Read from the working directory when neither `--config` nor `LABEL_SERVER_CONFIG` names a file.
    static let defaultName = "label-server.json"
    static let environmentVariable = "LABEL_SERVER_CONFIG"
    /// A configuration is written by people: a larger file is a mistake, not a configuration.
    static let maximumBytes = 1 << 20
    /// The store options every command shares, by their key.
    static let storeKeys: Set<String> = ["strings", "bundles", "devLang", "resources"]
    /// One section per subcommand (`export` for `export android`).
    static let sections: Set<String> = ["serve", "resolve", "lint", "import", "export", "scan"]

    /// The path as given (or `label-server.json`).
    var path: String
    /// The whole document, an object.
    var document: JSONDocument
    /// Where each key is written, for errors (``JSONKeyLocator``).
    var keyOffsets: [[String]: Int]
    var lines: UTF8LineIndex

    /// The file `--config`, else `LABEL_SERVER_CONFIG`, else `label-server.json` when it
    /// exists. A file named explicitly must exist; the default one may be absent (nil).
    static func locate(arguments: [String], environment: [String: String]) throws(ArgumentScanner.UsageError) -> ConfigurationFile? {
        var named: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if argument == "--config" {
                guard index < arguments.count else { throw ArgumentScanner.UsageError(description: "--config needs a value") }
                named = arguments[index]
                index += 1
            } else if argument.hasPrefix("--config=") {
                named = String(argument.dropFirst("--config=".count))
            }
        }
        if named == nil, let variable = environment[environmentVariable], !variable.isEmpty { named = variable }
        if let named { return try load(named) }
        var status = stat()
        guard lstat(defaultName, &status) == 0 else { return nil }
        return try load(defaultName)
    }

    /// Reads and checks the shape of the file at `path` (sections are objects, top-level keys known).
    static func load(_ path: String) throws(ArgumentScanner.UsageError) -> ConfigurationFile {
        func fail(_ code: Code, _ reason: String) -> ArgumentScanner.UsageError {
            ArgumentScanner.UsageError(description: "\(path): \(reason) [\(code.rawValue)]", code: code.rawValue)
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw fail(.notFound, "configuration file not found") }
        // A FIFO or device would block or never end: only a regular file is read.
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw fail(.unreadable, "not a regular file") }
        guard Int(status.st_size) <= maximumBytes else {
            throw fail(.tooLarge, "\(status.st_size) bytes; a configuration file holds at most \(maximumBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail(.unreadable, "cannot be read") }
        guard data.count <= maximumBytes else { throw fail(.tooLarge, "more than \(maximumBytes) bytes") }
        let bytes = [UInt8](data)
        let lines = UTF8LineIndex(data)
        if let offset = firstInvalidUTF8(bytes) {
            let at = lines.location(ofByte: offset, file: path)
            throw ArgumentScanner.UsageError(description: "\(at): not UTF-8 (byte offset \(offset)) [\(Code.notUTF8.rawValue)]",
                                             code: Code.notUTF8.rawValue)
        }
        let document: JSONDocument
        do throws(JSONDocument.ReadError) {
            document = try JSONDocument.read(bytes)
        } catch {
            let at = lines.location(ofByte: error.offset, file: path)
            throw ArgumentScanner.UsageError(description: "\(at): \(error.reason) (byte offset \(error.offset)) [\(Code.malformed.rawValue)]",
                                             code: Code.malformed.rawValue)
        }
        guard case .object(let members) = document else { throw fail(.wrongType, "the configuration must be a JSON object") }
        let file = ConfigurationFile(path: path, document: document, keyOffsets: JSONKeyLocator.keyOffsets(in: data), lines: lines)
        for member in members {
            if sections.contains(member.key) {
                guard member.value.isObject else { throw file.error(.wrongType, [member.key], "must be an object of \(member.key)'s options") }
            } else if !storeKeys.contains(member.key) {
                throw file.error(.unknownKey, [member.key], "unknown key \"\(member.key)\" (known: \((storeKeys.union(sections)).sorted().joined(separator: ", ")))")
            }
        }
        return file
    }

    /// The error for the key at `keyPath`, at the line where it is written.
    func error(_ code: Code, _ keyPath: [String], _ reason: String) -> ArgumentScanner.UsageError {
        let location = keyOffsets[keyPath].map { "\(lines.location(ofByte: $0, file: path))" } ?? path
        return ArgumentScanner.UsageError(description: "\(location): \(keyPath.joined(separator: ".")): \(reason) [\(code.rawValue)]",
                                          code: code.rawValue)
    }

    /// The members that apply to `section`: the shared store options, then the section's own
    /// (a section's key overrides the top-level one), each with its key path.
    func members(for section: String) -> [(path: [String], value: JSONDocument)] {
        guard case .object(let top) = document else { return [] }
        var result = top.filter { Self.storeKeys.contains($0.key) }.map { (path: [$0.key], value: $0.value) }
        if case .object(let own)? = document[section] {
            result += own.map { (path: [section, $0.key], value: $0.value) }
        }
        return result
    }

    /// The byte offset of the first byte that does not start or continue a valid UTF-8 scalar.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}

extension ConfigurationFile {
    /// Stable codes of a configuration file's errors (in `[…]` after the message).
    enum Code: String {
        case notFound = "config-not-found"
        case unreadable = "config-unreadable"
        case tooLarge = "config-too-large"
        case notUTF8 = "config-not-utf8"
        case malformed = "config-malformed"
        case unknownKey = "config-unknown-key"
        case wrongType = "config-wrong-type"
    }
}
