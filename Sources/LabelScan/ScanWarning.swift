import LabelCore

/// Something the scan could not read or follow, naming the file (and the position when
/// known). The report carries them; a stable `code` says what happened.
package struct ScanWarning: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable, StableCode {
        /// A table of the store cannot be read or parsed (a UTF-16 file with a doubled BOM,
        /// malformed syntax, no permission): its keys are missing from the join.
        case tableUnreadable = "table-unreadable"
        /// A source file cannot be read (permissions, a dangling or looping link, not a
        /// regular file, larger than ``Scan/maximumSourceBytes``): skipped.
        case sourceUnreadable = "source-unreadable"
        /// A source file is not valid UTF-8: skipped.
        case sourceNotUTF8 = "source-not-utf8"
        /// Interpolations nested deeper than ``SourceLexer/maximumInterpolationDepth``:
        /// the rest of the file from there is not scanned.
        case nestingTooDeep = "nesting-too-deep"
        /// A key in two files of one table and language (`--resources`).
        case duplicateKey = "duplicate-key"
        /// A resource folder that is not a language (`--resources`): skipped.
        case notALanguage = "not-a-language"
        /// What the store's reader warns about (`--strings`), as `lint` reads it.
        case storeWarning = "store-warning"
    }

    package var code: Code
    package var file: String
    package var line: Int?
    package var column: Int?
    package var message: String

    package init(_ code: Code, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// Whether part of the input went unread, so the report may lack keys: `--strict`
    /// fails then.
    package var isIncomplete: Bool {
        switch code {
        case .tableUnreadable, .sourceUnreadable, .sourceNotUTF8, .nestingTooDeep: true
        case .duplicateKey, .notALanguage, .storeWarning: false
        }
    }

    /// `file[:line:column]: message`, for standard error and the text report.
    package var description: String {
        let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(position): \(message)"
    }
}

extension ScanWarning {
    /// A warning of the store's reader (`--strings`).
    init(store warning: ParseWarning) {
        self.init(.storeWarning, file: warning.location.file, line: warning.location.line, column: warning.location.column,
                  message: warning.message)
    }
}
