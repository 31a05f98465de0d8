/// Fields added at the front of a JSON object body that is already rendered (a backlog's
/// `untranslated`), without parsing it again.
enum JSONSplice {
    /// `object`'s fields, then `body`'s after its `{`: `{"a":1}` + `{"b":2}` is `{"a":1,"b":2}`.
    /// Both must be JSON objects (`body` starting with `{`).
    static func prepending(_ object: [UInt8], to body: [UInt8]) -> [UInt8] {
        var spliced = Array(object.dropLast())
        let rest = body.dropFirst()
        if rest.first != UInt8(ascii: "}") { spliced.append(UInt8(ascii: ",")) }
        spliced += rest
        return spliced
    }
}
