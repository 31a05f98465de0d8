/// The texts of one ``LocalizedString`` (template and every variant) tokenized
/// once, at catalog load, so rendering on the request path does not rescan them.
///
/// Compact, because a store has one per formatted string (99,000 in a
/// 110,000-string store): one allocation per string (texts and marks in one
/// object), literal text is not copied out of the text but read back from it by
/// UTF-8 offsets, and the other tokens (specifiers, substitutions, invalid `%`
/// sequences, and the rare literal that decodes `%%`) are stored as 24-byte
/// ``Mark``s whose source text is, again, a range of the text. No dictionary: a
/// string has a handful of texts at most, found by comparing the text (its
/// storage is shared, so equal texts usually compare by identity).
package struct FormatTokenTable: Sendable, Hashable {
    // Immutable once made and never handed out mutable: safe to share across threads
    // (ManagedBuffer itself is marked never-Sendable).
    nonisolated(unsafe) private let storage: Storage

    /// Tokenizes every text of `string` that contains a `%`. A text with inline attribute
    /// markup is tokenized without it (``MarkupText``), and kept parsed in the table.
    package init(_ string: LocalizedString) {
        let (string, markup) = MarkupText.stripping(string)
        var builder = Builder()
        builder.add(string.template)
        for variable in string.variables.values {
            for text in variable.variants.values { builder.add(text) }
        }
        storage = Storage.make(builder, argumentCount: Int32(clamping: Self.argumentCount(of: string, builder)), markup: markup)
    }

    /// Whether a text of the string has inline attribute markup.
    package var hasMarkup: Bool { !storage.header.markup.isEmpty }

    /// The text as parsed at load, when `text` (as written in the store) has markup.
    package func markup(for text: String) -> MarkupText? {
        let markup = storage.header.markup
        guard !markup.isEmpty else { return nil }
        return markup.first { $0.original == text }
    }

    /// ``LabelFormatter/argumentCount(of:)``, from the marks already made when the string
    /// has no variables: then only the template's specifiers read arguments (a `%#@…@`
    /// with no variable reads nothing).
    private static func argumentCount(of string: LocalizedString, _ builder: Builder) -> Int {
        guard string.variables.isEmpty, !builder.marks.contains(where: { $0.kind == .refused }) else {
            return LabelFormatter.argumentCount(of: string)
        }
        var cursor = ArgumentCursor()
        var maximum = 0
        for mark in builder.marks where mark.kind == .specifier {
            // A `*` width, then a `*` precision, then the value: CF's order.
            if mark.width <= -2 { maximum = max(maximum, cursor.take(position: Mark.starPosition(mark.width))) }
            if mark.precision <= -2 { maximum = max(maximum, cursor.take(position: Mark.starPosition(mark.precision))) }
            maximum = max(maximum, cursor.take(position: mark.position < 0 ? nil : Int(mark.position)))
        }
        return maximum
    }

    /// How many arguments the string reads: ``LabelFormatter/argumentCount(of:)``, worked
    /// out here from the marks (no second scan) when the string has no variables.
    var argumentCount: Int { Int(storage.header.argumentCount) }

    /// Whether `text` has a `%` (a byte search, not a walk of `String.UTF8View`).
    static func hasPercent(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.contains(UInt8(ascii: "%")) }
    }

    /// The tokens of `text`, if it is one of the string's texts.
    package func tokens(for text: String) -> [FormatToken]? {
        guard let compiled = compiled(for: text) else { return nil }
        var tokens: [FormatToken] = []
        try? compiled.forEachPiece(literal: { tokens.append(.literal(String($0))) }, token: { tokens.append($0) })
        return tokens
    }

    func compiled(for text: String) -> Compiled? {
        storage.compiled(for: text)
    }

    package static func == (a: FormatTokenTable, b: FormatTokenTable) -> Bool {
        a.storage === b.storage
            || (a.storage.header.texts == b.storage.header.texts && a.storage.marks.elementsEqual(b.storage.marks)
                && a.storage.header.markup == b.storage.header.markup)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(storage.header.texts)
        for mark in storage.marks { hasher.combine(mark) }
    }
}

extension FormatTokenTable {
    /// One text and its non-literal tokens in order.
    struct Compiled {
        let text: String
        let storage: Storage
        let marks: Range<Int>
    }

    /// A non-literal token as UTF-8 offsets into its text plus the few numbers the
    /// text does not give back cheaply; ``token(in:)`` rebuilds the ``FormatToken``.
    struct Mark: Sendable, Hashable {
        /// `refused`: a specifier a mark cannot hold, read again from its source: one
        /// with a ``FormatSpecifier/Hazard`` (its numbers may not fit) or with digits
        /// after a `*` (`%*5d`).
        enum Kind: UInt8 { case specifier, substitution, invalid, percentLiteral, refused }
        /// Index of the text in ``Header/texts``.
        let text: UInt32
        let kind: Kind
        /// Specifier only: flags, length modifier + 1 (0: none), conversion (index in `allCases`).
        var flags: UInt8 = 0
        var length: UInt8 = 0
        var conversion: UInt8 = 0
        /// -1 for none (values are at most ``FormatSpecifier/maximumNumber``). Width and
        /// precision: -2 for `*`, -2 - n for `*n$` (``encode(_:star:)``).
        var position: Int16 = -1
        var width: Int16 = -1
        var precision: Int16 = -1
        let start: UInt32
        let end: UInt32
    }

    struct Header {
        /// Every text of the string that has a `%`, in the order added; marks refer to them by index.
        let texts: [String]
        /// 32 bits, as the count: object header, this and one mark fit a 64-byte malloc chunk.
        let markCount: Int32
        let argumentCount: Int32
        /// The string's texts that have inline attribute markup (empty for nearly all):
        /// ``texts`` holds them stripped.
        let markup: [MarkupText]
    }

    /// What ``init(_:)`` collects before the one allocation.
    struct Builder {
        var texts: [String] = []
        var marks: [Mark] = []

        mutating func add(_ text: String) {
            guard !texts.contains(text) else { return }
            var bytes = text
            // Most texts hold only plain `%@`, `%d`, `%1$@`, `%lld`, `%#@name@`: marked
            // straight from the bytes, with no token values built; anything else (flags,
            // widths, `%%`, invalid sequences) goes through the full tokenizer.
            let index = UInt32(texts.count)
            let before = marks.count
            switch bytes.withUTF8({ Self.quickMarks($0, text: index, into: &marks) }) {
            case .noPercent:
                return
            case .marked:
                texts.append(text)
                return
            case .needsTokenizer:
                marks.removeSubrange(before...)
            }
            texts.append(text)
            var offset = 0
            for token in FormatToken.tokens(in: text) {
                let start = UInt32(offset)
                switch token {
                case .literal(let literal):
                    // Each `%` of a literal was `%%` in the text; without one, the run is plain
                    // text, read back from `text` when rendering. (Counted here: `source`
                    // would search with Foundation, the costliest step of a store's load.)
                    let percents = literal.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "%") ? 1 : 0) }
                    offset += literal.utf8.count + percents
                    if percents > 0 { marks.append(Mark(text: index, kind: .percentLiteral, start: start, end: UInt32(offset))) }
                case .specifier(let specifier) where specifier.hazard != nil || specifier.hasStarAndDigits:
                    offset += specifier.source.utf8.count
                    marks.append(Mark(text: index, kind: .refused, start: start, end: UInt32(offset)))
                case .specifier(let specifier):
                    offset += specifier.source.utf8.count
                    var mark = Mark(text: index, kind: .specifier, start: start, end: UInt32(offset))
                    mark.flags = specifier.flags.rawValue
                    mark.length = specifier.length.map { UInt8(FormatSpecifier.LengthModifier.allCases.firstIndex(of: $0)! + 1) } ?? 0
                    mark.conversion = UInt8(FormatSpecifier.Conversion.allCases.firstIndex(of: specifier.conversion)!)
                    mark.position = Int16(specifier.position ?? -1)
                    mark.width = Mark.encode(specifier.width, star: specifier.widthArgument)
                    mark.precision = Mark.encode(specifier.precision, star: specifier.precisionArgument)
                    marks.append(mark)
                case .substitution(let substitution):
                    offset += substitution.source.utf8.count
                    var mark = Mark(text: index, kind: .substitution, start: start, end: UInt32(offset))
                    mark.position = Int16(substitution.position ?? -1)
                    marks.append(mark)
                case .invalid(let source):
                    offset += source.utf8.count
                    marks.append(Mark(text: index, kind: .invalid, start: start, end: UInt32(offset)))
                }
            }
        }
    }

    /// Header and marks in one allocation; immutable once made.
    final class Storage: ManagedBuffer<Header, Mark> {
        static func make(_ builder: Builder, argumentCount: Int32, markup: [MarkupText]) -> Storage {
            let count = builder.marks.count
            let buffer = Storage.create(minimumCapacity: count) { _ in
                Header(texts: builder.texts, markCount: Int32(count), argumentCount: argumentCount, markup: markup)
            }
            buffer.withUnsafeMutablePointerToElements { elements in
                builder.marks.withUnsafeBufferPointer { marks in
                    if let first = marks.baseAddress { elements.initialize(from: first, count: count) }
                }
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        // No deinit: marks are trivial values; ManagedBuffer destroys the header.

        var marks: UnsafeBufferPointer<Mark> {
            withUnsafeMutablePointerToElements { UnsafeBufferPointer(start: $0, count: Int(header.markCount)) }
        }

        /// The mark at `index` (below `markCount`), copied out.
        func mark(at index: Int) -> Mark {
            withUnsafeMutablePointerToElements { $0[index] }
        }

        func compiled(for text: String) -> Compiled? {
            let texts = header.texts
            // Equal texts have equal byte counts (O(1) for native strings): the other
            // texts are passed over without a string comparison.
            let length = text.utf8.count
            guard let index = texts.firstIndex(where: { $0.utf8.count == length && $0 == text }) else { return nil }
            let count = Int(header.markCount)
            if texts.count == 1 { return Compiled(text: text, storage: self, marks: 0..<count) }
            let marks = self.marks
            let lower = marks.firstIndex { Int($0.text) >= index } ?? count
            let upper = marks[lower...].firstIndex { Int($0.text) > index } ?? count
            return Compiled(text: text, storage: self, marks: lower..<upper)
        }
    }
}

extension FormatTokenTable.Mark {
    /// The token this mark was made from, its texts sliced from `text` (short, so
    /// small strings: no allocation, except for a long literal with `%%`).
    func token(in text: String) -> FormatToken {
        // Native strings are contiguous: slice the bytes directly (the view's generic
        // slicing costs several times more on the request path).
        text.utf8.withContiguousStorageIfAvailable(token(in:)) ?? Array(text.utf8).withUnsafeBufferPointer(token(in:))
    }

    /// `%@`, `%d`, `%lld`…: a specifier with only a length and a conversion, which
    /// follow from the mark alone (no bytes read); nil for any other mark.
    var bareSpecifier: FormatSpecifier? {
        // The source length rules out CF's reordered forms (`%lz@`: two lengths, the last counts).
        guard kind == .specifier, position < 0, flags == 0, width == -1, precision == -1,
              end &- start == Self.bareSourceLengths[Int(length)] else { return nil }
        return Self.bareSpecifiers[Int(length) * Self.conversions.count + Int(conversion)]
    }

    /// A substitution mark's variable name (`coins` of `%#@coins@`), without its source text.
    func substitutionName(in text: String) -> String {
        text.utf8.withContiguousStorageIfAvailable(substitutionName(in:))
            ?? Array(text.utf8).withUnsafeBufferPointer(substitutionName(in:))
    }

    private func substitutionName(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        // As in `token(in:)`: the name runs from the first `@` to the closing one.
        let at = bytes[Int(start)..<Int(end)].firstIndex(of: UInt8(ascii: "@"))!
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<(Int(end) - 1)]), as: UTF8.self)
    }

    private func token(in bytes: UnsafeBufferPointer<UInt8>) -> FormatToken {
        if let specifier = bareSpecifier {
            // The whole token follows from length and conversion.
            return .specifier(specifier)
        }
        let source = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
        switch kind {
        case .specifier:
            return .specifier(FormatSpecifier(
                position: Self.number(position), flags: FormatSpecifier.Flags(rawValue: flags),
                width: Self.number(width), precision: Self.number(precision),
                length: length == 0 ? nil : Self.lengthModifiers[Int(length) - 1],
                conversion: Self.conversions[Int(conversion)], source: source,
                widthArgument: Self.star(width), precisionArgument: Self.star(precision)))
        case .substitution:
            // `%…#@name@`: the first `@` is the conversion (flags, width and position
            // hold none), the name runs from there to the closing `@`.
            return .substitution(FormatSubstitution(position: Self.number(position), name: substitutionName(in: bytes),
                                                    source: source))
        case .invalid:
            return .invalid(source)
        case .refused:
            return FormatToken.tokens(in: source).first ?? .invalid(source)
        case .percentLiteral:
            var literal = ""
            var afterPercent = false
            for scalar in source.unicodeScalars {
                if scalar == "%" && afterPercent { afterPercent = false; continue }
                afterPercent = scalar == "%"
                literal.unicodeScalars.append(scalar)
            }
            return .literal(literal)
        }
    }

    private static func number(_ value: Int16) -> Int? { value < 0 ? nil : Int(value) }

    /// A width or precision as stored: its value, -1 for none, -2 for `*`, -2 - n for `*n$`.
    static func encode(_ value: Int?, star: FormatSpecifier.StarArgument?) -> Int16 {
        switch star {
        case .next?: -2
        case .position(let number)?: Int16(-2 - number)
        case nil: Int16(value ?? -1)
        }
    }

    /// The `*` a stored width or precision stands for, if any.
    private static func star(_ value: Int16) -> FormatSpecifier.StarArgument? {
        value == -2 ? .next : value < -2 ? .position(-2 - Int(value)) : nil
    }

    /// The position of a stored `*` (-2 or less): `nil` for the next argument.
    static func starPosition(_ value: Int16) -> Int? { value < -2 ? -2 - Int(value) : nil }

    /// `allCases`, built once (the marks store indices into them).
    static let lengthModifiers = FormatSpecifier.LengthModifier.allCases
    static let conversions = FormatSpecifier.Conversion.allCases
    /// The byte count of `%` + length modifier + conversion, by stored length (0: none).
    private static let bareSourceLengths: [UInt32] = [2] + lengthModifiers.map { UInt32(2 + $0.rawValue.utf8.count) }
    /// Every specifier with only a length and a conversion, at `length × conversions.count + conversion`.
    private static let bareSpecifiers: [FormatSpecifier] = ([nil] + lengthModifiers.map(Optional.some)).flatMap { length in
        conversions.map { conversion in
            FormatSpecifier(length: length, conversion: conversion,
                            source: "%\(length?.rawValue ?? "")\(conversion.rawValue)")
        }
    }
}

extension FormatTokenTable.Compiled {
    /// Appends the text's bytes in `range` (UTF-8 offsets at token boundaries, so
    /// whole characters): a short run as a small string, with no allocation.
    func appendText(_ range: Range<Int>, to output: inout String) {
        let appended: Void? = range.count <= 15 ? text.utf8.withContiguousStorageIfAvailable { bytes in
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        } : nil
        if appended == nil {
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
            output += Substring(utf8[lower..<upper])
        }
    }

    /// Calls `literal` with each run of plain text (a slice of the text, no copy)
    /// and `token` with every other token, in order.
    func forEachPiece(literal: (Substring) throws(FormatError) -> Void,
                      token: (FormatToken) throws(FormatError) -> Void) throws(FormatError) {
        let utf8 = text.utf8
        var position = utf8.startIndex
        for mark in storage.marks[marks] {
            let start = utf8.index(utf8.startIndex, offsetBy: Int(mark.start))
            if start > position { try literal(Substring(utf8[position..<start])) }
            try token(mark.token(in: text))
            position = utf8.index(utf8.startIndex, offsetBy: Int(mark.end))
        }
        if position < utf8.endIndex { try literal(Substring(utf8[position...])) }
    }
}

extension FormatSpecifier {
    /// A `*` width or precision with digits after it (`%*5d`, `%.*2f`): the digits win.
    var hasStarAndDigits: Bool {
        (widthArgument != nil && width != nil) || (precisionArgument != nil && precision != nil)
    }
}
