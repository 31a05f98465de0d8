import LabelCore

/// One `<annotation>` over part of a converted value: offsets in Unicode scalars of the
/// value's text (its Java format, before escaping), attributes as written on the element.
/// aapt2 keeps it as a style span (`annotation;lang=en`) that `getText()` returns as an
/// `android.text.Annotation` per attribute (docs/android.md).
package struct AndroidSpan: Sendable, Hashable {
    package var start: Int
    /// One past the last scalar.
    package var end: Int
    /// Annotation attribute names (``AndroidSpeech/names``) and values, in the run's order.
    package var attributes: [Attribute]

    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(start: Int, end: Int, attributes: [Attribute]) {
        self.start = start
        self.end = end
        self.attributes = attributes
    }

    /// `<annotation lang="en" ipa="…">`, values escaped with the project's XML escaper.
    var openingTag: String {
        var tag = "<annotation"
        for attribute in attributes {
            tag += " \(attribute.name)=\"\(XMLEscaping.escaped(attribute.value, .strictDocument))\""
        }
        return tag + ">"
    }

    /// `spans` in document order (start, then the longer first) without the ones XML
    /// cannot nest: an empty span, or one that starts inside another and ends after it
    /// (runs of inline markup always nest; this is the guard). Returns what was left out.
    package static func nested(_ spans: [AndroidSpan]) -> (kept: [AndroidSpan], dropped: [AndroidSpan]) {
        let ordered = spans.enumerated().sorted { a, b in
            (a.element.start, -a.element.end, a.offset) < (b.element.start, -b.element.end, b.offset)
        }.map(\.element)
        var kept: [AndroidSpan] = []
        var dropped: [AndroidSpan] = []
        var open: [AndroidSpan] = []
        for span in ordered {
            while let last = open.last, last.end <= span.start { open.removeLast() }
            if span.end <= span.start || (open.last.map { span.end > $0.end } ?? false) {
                dropped.append(span)
                continue
            }
            kept.append(span)
            open.append(span)
        }
        return (kept, dropped)
    }

    /// The span over `text` after every `%` in it is doubled (``JavaFormat/literal(_:)``).
    func doublingPercent(in text: String) -> AndroidSpan {
        var moved = self
        var offset = 0
        for scalar in text.unicodeScalars {
            guard offset < end else { break }
            if scalar == "%" {
                if offset < start { moved.start += 1 }
                moved.end += 1
            }
            offset += 1
        }
        return moved
    }
}
