/// A parsed CLDR plural condition, such as `i = 1 and v = 0` or `n % 100 = 3..10`.
///
/// The syntax is the subset of UTS #35 "Plural rules syntax" that CLDR's
/// cardinal data uses: relations `=` and `!=` against range lists
/// (`0..1, 3, 5..7`), `mod`/`%`, and `and` binding tighter than `or`.
/// The `is`/`in`/`within`/`not` forms appear in no CLDR data and are rejected,
/// so a condition either means exactly what CLDR means or does not parse.
package struct PluralRule: Sendable, Hashable {
    /// An operand of the rule language (see `PluralOperands`).
    package enum Operand: Sendable, Hashable {
        case n, i, v, w, f, t, e
    }

    /// One comparison: `operand (% modulus)? (= | !=) ranges`.
    package struct Relation: Sendable, Hashable {
        package var operand: Operand
        /// The `mod`/`%` divisor, if any; never zero.
        package var modulus: UInt64?
        /// `!=` rather than `=`.
        package var isNegated: Bool
        /// The range list; single values are one-element ranges.
        package var ranges: [ClosedRange<UInt64>]

        /// Whether the operands satisfy this relation.
        ///
        /// As UTS #35 specifies for `=`, a non-integer `n` (such as 1.5) is in no
        /// range, so `=` fails and `!=` holds; `n % m` of a non-integer is also
        /// a non-integer.
        package func matches(_ operands: PluralOperands) -> Bool {
            guard var value = integerValue(of: operand, in: operands) else { return isNegated }
            if let modulus { value %= modulus }
            let contained = ranges.contains { $0.contains(value) }
            return contained != isNegated
        }

        /// The operand as an integer, nil for a non-integer `n`.
        private func integerValue(of operand: Operand, in operands: PluralOperands) -> UInt64? {
            switch operand {
            // `n` is an integer exactly when its visible fraction digits are all zero.
            case .n: operands.f == 0 ? operands.i : nil
            case .i: operands.i
            case .v: UInt64(operands.v)
            case .w: UInt64(operands.w)
            case .f: operands.f
            case .t: operands.t
            case .e: UInt64(operands.e)
            }
        }
    }

    /// Alternatives joined by `or`, each a conjunction of relations joined by `and`.
    package let alternatives: [[Relation]]

    /// Parses a condition without samples (the text before `@integer`).
    package init(parsing text: String) throws(PluralRuleSyntaxError) {
        var parser = Parser(text)
        alternatives = try parser.parseCondition()
    }

    /// Whether a number with these operands satisfies the condition.
    package func matches(_ operands: PluralOperands) -> Bool {
        alternatives.contains { relations in relations.allSatisfy { $0.matches(operands) } }
    }
}

extension PluralRule {
    /// A recursive-descent parser over the UTF-8 bytes, so errors carry byte offsets.
    private struct Parser {
        private let bytes: [UInt8]
        private var position = 0

        init(_ text: String) {
            bytes = Array(text.utf8)
        }

        /// condition = and_condition ('or' and_condition)*
        mutating func parseCondition() throws(PluralRuleSyntaxError) -> [[Relation]] {
            var alternatives = [try parseAndCondition()]
            while true {
                skipSpaces()
                if position == bytes.count { return alternatives }
                let start = position
                guard readWord() == "or" else {
                    position = start
                    throw PluralRuleSyntaxError(
                        isRuleByte(peek()) ? .expectedConnective : .unexpectedCharacter, at: start)
                }
                alternatives.append(try parseAndCondition())
            }
        }

        /// and_condition = relation ('and' relation)*
        private mutating func parseAndCondition() throws(PluralRuleSyntaxError) -> [Relation] {
            var relations = [try parseRelation()]
            while true {
                skipSpaces()
                let start = position
                guard readWord() == "and" else {
                    position = start  // not ours: `or` or an error, for the caller
                    return relations
                }
                relations.append(try parseRelation())
            }
        }

        /// relation = operand (('mod' | '%') value)? ('=' | '!=') range_list
        private mutating func parseRelation() throws(PluralRuleSyntaxError) -> Relation {
            skipSpaces()
            let operandStart = position
            let operand: Operand
            switch readWord() {
            case "n": operand = .n
            case "i": operand = .i
            case "v": operand = .v
            case "w": operand = .w
            case "f": operand = .f
            case "t": operand = .t
            // `c` is UTS #35's older name for the compact exponent `e`.
            case "e", "c": operand = .e
            default: throw PluralRuleSyntaxError(.expectedOperand, at: operandStart)
            }

            skipSpaces()
            var modulus: UInt64?
            let modulusStart = position
            if peek() == UInt8(ascii: "%") {
                position += 1
            } else if readWord() != "mod" {
                position = modulusStart
            }
            if position != modulusStart {
                skipSpaces()
                let valueStart = position
                let value = try parseNumber()
                guard value != 0 else { throw PluralRuleSyntaxError(.zeroModulus, at: valueStart) }
                modulus = value
                skipSpaces()
            }

            let isNegated: Bool
            if peek() == UInt8(ascii: "=") {
                position += 1
                isNegated = false
            } else if peek() == UInt8(ascii: "!"), peek(offset: 1) == UInt8(ascii: "=") {
                position += 2
                isNegated = true
            } else {
                throw PluralRuleSyntaxError(.expectedRelation, at: position)
            }

            return Relation(operand: operand, modulus: modulus, isNegated: isNegated, ranges: try parseRangeList())
        }

        /// range_list = (value '..' value | value) (',' range_list)*
        private mutating func parseRangeList() throws(PluralRuleSyntaxError) -> [ClosedRange<UInt64>] {
            var ranges: [ClosedRange<UInt64>] = []
            while true {
                skipSpaces()
                let start = position
                let low = try parseNumber()
                var high = low
                if peek() == UInt8(ascii: "."), peek(offset: 1) == UInt8(ascii: ".") {
                    position += 2
                    high = try parseNumber()
                    guard low <= high else { throw PluralRuleSyntaxError(.emptyRange, at: start) }
                }
                ranges.append(low...high)
                skipSpaces()
                guard peek() == UInt8(ascii: ",") else { return ranges }
                position += 1
            }
        }

        private mutating func parseNumber() throws(PluralRuleSyntaxError) -> UInt64 {
            let start = position
            var value: UInt64 = 0
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { throw PluralRuleSyntaxError(.numberTooLarge, at: start) }
                value = sum
                position += 1
            }
            guard position > start else {
                throw PluralRuleSyntaxError(
                    isRuleByte(peek()) ? .expectedNumber : .unexpectedCharacter, at: start)
            }
            return value
        }

        /// Reads a run of ASCII lowercase letters (empty if there is none).
        private mutating func readWord() -> String {
            let start = position
            while let byte = peek(), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) {
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func skipSpaces() {
            while peek() == UInt8(ascii: " ") { position += 1 }
        }

        private func peek(offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        /// Whether a byte belongs to the rule language (end of text counts as one).
        private func isRuleByte(_ byte: UInt8?) -> Bool {
            guard let byte else { return true }
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || Array(" =!%.,".utf8).contains(byte)
        }
    }
}
