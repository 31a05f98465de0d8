import LabelCore

extension XLIFFReader {
    /// The unit's developer comment among its `<note>`s: the first `from="developer"`,
    /// else the first without `from` (Xcode writes the developer's comment so); a note
    /// from anyone else (`from="label-server"`, a CAT tool's) is never one. Cut to
    /// ``DeveloperComment/maximumBytes``; otherwise as written (Xcode's
    /// "No comment provided by engineer." too, as `xcodebuild -importLocalizations` writes it).
    static func developerNote(_ notes: [XMLElement]) -> String? {
        let note = notes.first { $0.attribute("from") == "developer" } ?? notes.first { $0.attribute("from") == nil }
        return note.map { DeveloperComment.bounded($0.text) }
    }
}
