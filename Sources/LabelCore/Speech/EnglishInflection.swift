/// English agreement for plain outputs: in a run marked `inflect: true`, the noun (the last
/// word after the run's number) takes the number's form, as Foundation's automatic grammar
/// agreement does on Apple devices ("3 Task" → "3 Tasks", "2 Person" → "2 People").
///
/// Never invents a word it cannot justify: a word is changed only by a rule below or a
/// table entry (``irregularPlurals``, ``uncountable``); anything else is left as written.
/// - one (CLDR English: the integer 1 with no visible fraction) → singular: only a table
///   plural goes back (`People` → `Person`); a regular plural is left alone (`-s` cannot be
///   undone safely: lens, bus).
/// - other → plural: the table first; then consonant + `y` → `ies`; `-ss`, `-us`, `-x`, `-sh`,
///   `-ch`, `-zz`, consonant + `z` → `+es`; a word ending in another `-s` is taken as plural
///   already and left; `-f`, `-fe`, `-o`, `-i`, `-u`, vowel + `z`, `-is` only by table; any
///   other word ending in a letter → `+s`.
/// - Case follows the word: `TASK` → `TASKS`, `Person` → `People`.
package enum EnglishInflection {
    /// Whether labels in `language` (a BCP 47 tag) are inflected here: English only.
    package static func applies(to language: String) -> Bool {
        let utf8 = language.utf8
        guard utf8.count >= 2, utf8.prefix(2).elementsEqual("en".utf8) || utf8.prefix(2).elementsEqual("EN".utf8) else {
            return false
        }
        return utf8.count == 2 || utf8.dropFirst(2).first == UInt8(ascii: "-") || utf8.dropFirst(2).first == UInt8(ascii: "_")
    }

    /// `text` with every `inflect: true` run's noun agreeing with the run's number, and the
    /// runs moved with the text (each keeps its attributes, `inflect` included).
    package static func inflect(_ text: String, runs: [LabelRun]) -> (text: String, runs: [LabelRun]) {
        guard runs.contains(where: { $0.value(of: "inflect") == .boolean(true) }) else { return (text, runs) }
        var units = Array(text.utf16)
        var runs = runs
        for index in runs.indices where runs[index].value(of: "inflect") == .boolean(true) {
            let run = runs[index]
            guard run.start >= 0, run.end <= units.count,
                let (range, replacement) = agreement(in: units[run.start..<run.end], offset: run.start)
            else { continue }
            let delta = replacement.count - range.count
            units.replaceSubrange(range, with: replacement)
            for other in runs.indices {
                runs[other] = moved(runs[other], editing: range, delta: delta)
            }
        }
        // A run whose whole text an edit removed says nothing about any character.
        return (String(decoding: units, as: UTF16.self), runs.filter { $0.length > 0 })
    }

    /// The word to replace (absolute UTF-16 range) and its replacement, or nil.
    private static func agreement(in run: ArraySlice<UInt16>, offset: Int) -> (Range<Int>, [UInt16])? {
        guard let number = firstNumber(in: run) else { return nil }
        var end = run.endIndex
        while end > number.upperBound, !isLetter(run[end - 1]) { end -= 1 }
        var start = end
        while start > number.upperBound, isLetter(run[start - 1]) || run[start - 1] == UInt16(UInt8(ascii: "'")) { start -= 1 }
        while start < end, !isLetter(run[start]) { start += 1 }
        guard start < end else { return nil }
        let word = String(decoding: run[start..<end], as: UTF16.self)
        // No rule here covers a word with letters beyond ASCII ("Résumé") or an abbreviation
        // of two or three capitals ("GB", "SMS"): left as written rather than invented.
        guard word.utf16.allSatisfy({ $0 < 0x80 }), !((2...3).contains(word.count) && word.allSatisfy(\.isUppercase)) else { return nil }
        let isOne = isEnglishOne(String(decoding: run[number], as: UTF16.self))
        guard let form = isOne ? singular(of: word) : plural(of: word), form != word else { return nil }
        return (start..<end, Array(form.utf16))
    }

    /// A boundary of a run after `range` became `delta` units longer.
    private static func moved(_ run: LabelRun, editing range: Range<Int>, delta: Int) -> LabelRun {
        func move(_ offset: Int) -> Int {
            if offset <= range.lowerBound { return offset }
            if offset >= range.upperBound { return offset + delta }
            return min(offset, range.upperBound + delta)
        }
        let start = move(run.start)
        return LabelRun(start: start, length: move(run.end) - start, attributes: run.attributes)
    }

    /// The first number written in the run: optional `-`, digits, `,` and `.` between digits.
    private static func firstNumber(in run: ArraySlice<UInt16>) -> Range<Int>? {
        guard let first = run.firstIndex(where: isDigit) else { return nil }
        var end = first
        while end < run.endIndex {
            if isDigit(run[end]) {
                end += 1
            } else if run[end] == UInt16(UInt8(ascii: ",")) || run[end] == UInt16(UInt8(ascii: ".")), end + 1 < run.endIndex, isDigit(run[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        return first..<end
    }

    /// CLDR English `one`: i = 1 and v = 0 — "1", "-1", "01", not "1.0" or "1,000".
    static func isEnglishOne(_ number: String) -> Bool {
        guard !number.contains("."), !number.contains(",") else { return false }
        return Int(number) == 1
    }

    private static func isDigit(_ unit: UInt16) -> Bool {
        unit >= UInt16(UInt8(ascii: "0")) && unit <= UInt16(UInt8(ascii: "9"))
    }

    /// A unit of a word: an ASCII letter, or any unit beyond ASCII (so an accented word is
    /// one word, which ``agreement(in:offset:)`` then leaves alone).
    private static func isLetter(_ unit: UInt16) -> Bool {
        unit >= 0x80 || (unit >= UInt16(UInt8(ascii: "a")) && unit <= UInt16(UInt8(ascii: "z"))) || (unit >= UInt16(UInt8(ascii: "A")) && unit <= UInt16(UInt8(ascii: "Z")))
    }
}
