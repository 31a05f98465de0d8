/// Finds the localization sites of one source file: a pure function from its bytes
/// to sites with positions.
package struct SiteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: [SourceToken]
    let literals: [SourceLiteral]
    let language: SourceLanguage
    let callees: CalleeTable
    let file: String
    let swiftGen: SwiftGenMap
    let roots: Set<String>
    /// For each opening `(`, `[` or `{` token, the index of the closing token that ends
    /// it (any kind, as the scanner has always counted them), or -1 when none does:
    /// argument lists are walked by jumping over nested groups, so each token is visited
    /// a bounded number of times whatever the nesting or unclosed brackets. Kept for the
    /// opening tokens only (`openers`, ascending, and their `closers`), not per token.
    let openers: [Int32]
    let closers: [Int32]
    var lineStarts: [Int] = [0]
    var sites: [ScanSite] = []
    var accessors = SwiftGenMap()
    var declared: [CalleeTable.Wrapper] = []

    /// What one file yields: its sites, and the SwiftGen accessors and key-typed
    /// parameters it declares.
    package struct Result: Sendable {
        package var sites: [ScanSite]
        package var swiftGen: SwiftGenMap
        package var declared: [CalleeTable.Wrapper]
        /// `nesting-too-deep` with its position (the sites pass only).
        package var warnings: [ScanWarning] = []
    }

    /// What a pass looks for: the declarations every file's calls depend on (SwiftGen
    /// accessors, parameters typed `LocalizedStringKey`), or the sites.
    package enum Pass: Sendable { case declarations, sites }

    /// Lexes and scans one file's bytes in one go (declarations of this file only): no
    /// file system, for tests and fuzzing.
    package static func scan(_ source: [UInt8], file: String, language: SourceLanguage, callees: CalleeTable,
                             swiftGen: SwiftGenMap = SwiftGenMap()) -> Result {
        source.withUnsafeBufferPointer { bytes in
            let lexed = SourceLexer.tokenize(bytes, language: language)
            let declared = scan(bytes, lexed, file: file, language: language, pass: .declarations, callees: callees, swiftGen: swiftGen)
            var own = swiftGen
            own.merge(declared.swiftGen)
            var result = scan(bytes, lexed, file: file, language: language, pass: .sites,
                              callees: callees.adding(declared.declared), swiftGen: own)
            result.swiftGen = declared.swiftGen
            result.declared = declared.declared
            return result
        }
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ lexed: SourceTokens, file: String, language: SourceLanguage,
                     pass: Pass, callees: CalleeTable, swiftGen: SwiftGenMap) -> Result {
        var scanner = SiteScanner(bytes: bytes, tokens: lexed.tokens, literals: lexed.literals, language: language,
                                  callees: callees, file: file, swiftGen: swiftGen, roots: swiftGen.roots)
        var warnings: [ScanWarning] = []
        if pass == .declarations {
            if language == .swift { scanner.declarations() }
        } else {
            scanner.run()
            if let offset = lexed.tooDeep {
                let (line, column) = scanner.position(Int32(truncatingIfNeeded: offset))
                warnings.append(ScanWarning(.nestingTooDeep, file: file, line: line, column: column,
                                            message: "interpolations nested deeper than \(SourceLexer.maximumInterpolationDepth) levels;"
                                                + " the rest of the file is not scanned"))
            }
            // Code inside interpolations, lexed and scanned on its own (bounded nesting).
            var pending = lexed.interpolations.map { ($0, 1) }
            while let (range, level) = pending.popLast() {
                // Deeper code is not scanned; the other interpolations still are.
                guard level <= 8 else { continue }
                let inner = SourceLexer.tokenize(bytes, language: language, range: range)
                var nested = SiteScanner(bytes: bytes, tokens: inner.tokens, literals: inner.literals, language: language,
                                         callees: callees, file: file, swiftGen: swiftGen, roots: scanner.roots)
                nested.lineStarts = scanner.lineStarts
                nested.scan()
                scanner.sites += nested.sites
                pending += inner.interpolations.map { ($0, level + 1) }
            }
            // Several rules of one call (a title and a subtitle) add in rule order: sort by position.
            // Usually already in order (no site inside an interpolation): then no sort and its buffer.
            func before(_ a: ScanSite, _ b: ScanSite) -> Bool { (a.line, a.column) < (b.line, b.column) }
            if zip(scanner.sites, scanner.sites.dropFirst()).contains(where: { before($1, $0) }) {
                scanner.sites.sort(by: before)
            }
            removeRepeats(&scanner.sites)
        }
        return Result(sites: scanner.sites, swiftGen: scanner.accessors, declared: scanner.declared, warnings: warnings)
    }

    /// Drops every site equal to an earlier one from `sites`, sorted by position, in
    /// place. Equal sites share their position, so a site is compared with the kept sites
    /// of its position only: no set holding a copy of every site of the file.
    static func removeRepeats(_ sites: inout [ScanSite]) {
        var kept = 0
        var runStart = 0
        for index in sites.indices {
            if kept > 0, (sites[kept - 1].line, sites[kept - 1].column) != (sites[index].line, sites[index].column) {
                runStart = kept
            }
            if sites[runStart..<kept].contains(sites[index]) { continue }
            sites.swapAt(kept, index)
            kept += 1
        }
        sites.removeLast(sites.count - kept)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, tokens: [SourceToken], literals: [SourceLiteral], language: SourceLanguage,
         callees: CalleeTable, file: String, swiftGen: SwiftGenMap, roots: Set<String>) {
        self.bytes = bytes
        self.tokens = tokens
        self.literals = literals
        self.language = language
        self.callees = callees
        self.file = file
        self.swiftGen = swiftGen
        self.roots = roots
        (openers, closers) = Self.closers(of: tokens)
    }

    /// Each opening bracket's closing token (see ``closers``), in one pass with a stack.
    static func closers(of tokens: [SourceToken]) -> (openers: [Int32], closers: [Int32]) {
        var openers: [Int32] = []
        var closers: [Int32] = []
        var open: [Int] = []  // positions in `openers`
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(openers.count)
                openers.append(Int32(truncatingIfNeeded: index))
                closers.append(-1)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let opener = open.popLast() { closers[opener] = Int32(truncatingIfNeeded: index) }
            default: break
            }
        }
        return (openers, closers)
    }

    /// The closing token of the opening bracket at `index`, or nil when it is never closed.
    func closer(of index: Int) -> Int? {
        // Binary search of the ascending openers.
        var low = 0, high = openers.count
        while low < high {
            let middle = (low + high) / 2
            if Int(openers[middle]) < index { low = middle + 1 } else { high = middle }
        }
        guard low < openers.count, Int(openers[low]) == index, closers[low] >= 0 else { return nil }
        return Int(closers[low])
    }

    mutating func run() {
        for index in bytes.indices where bytes[index] == 0x0A { lineStarts.append(index + 1) }
        scan()
    }

    mutating func scan() {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .identifier:
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                if let next, next.kind == .punctuation, next.byte == UInt8(ascii: "("), !next.newlineBefore {
                    call(at: index, name: text(token))
                } else if language == .swift, !roots.isEmpty, let next, isPunctuation(next, "."), roots.contains(text(token)) {
                    accessorChain(at: index)
                } else if language == .objectiveC, let next, isPunctuation(next, ":"), isWord(token, "localizedStringForKey") {
                    objectiveCMessage(at: index)
                }
            case .string where language == .swift:
                literalMember(at: index)
            case .punctuation where language == .swift && token.byte == UInt8(ascii: ":"):
                typeAnnotation(at: index)
            case .operator where language == .swift && token.end - token.start == 2:
                returnType(at: index)
            default:
                break
            }
            index += 1
        }
    }

    // MARK: Tokens

    func text(_ token: SourceToken) -> String {
        let start = Int(token.start), end = Int(token.end)
        guard start >= 0, end <= bytes.count, start <= end else { return "" }
        var slice = bytes[start..<end]
        if slice.first == UInt8(ascii: "`"), slice.count >= 2, slice.last == UInt8(ascii: "`") { slice = slice.dropFirst().dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    func isWord(_ token: SourceToken, _ word: StaticString) -> Bool {
        guard token.kind == .identifier, Int(token.end - token.start) == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    func isPunctuation(_ token: SourceToken, _ character: Unicode.Scalar) -> Bool {
        token.kind == .punctuation && token.byte == UInt8(ascii: character)
    }

    func token(_ index: Int) -> SourceToken? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    /// 1-based line and UTF-8 column of a byte offset.
    func position(_ offset: Int32) -> (line: Int, column: Int) {
        let offset = Int(offset)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    mutating func add(at token: SourceToken, callee: String, table: String?, literal: SourceLiteral?, comment: String?,
                      defaultValue: String? = nil) {
        let (line, column) = position(token.start)
        guard let literal else {
            sites.append(ScanSite(file: file, line: line, column: column, callee: callee, table: table, key: nil, kind: .dynamic,
                                  comment: comment))
            return
        }
        sites.append(ScanSite(file: file, line: line, column: column, callee: callee, table: table, key: literal.patternKey,
                              kind: literal.isInterpolated ? .interpolated : .literal, comment: comment,
                              segments: literal.isInterpolated ? literal.segments : [], defaultValue: defaultValue))
    }
}
