// Builds requests from a fuzz input read as a recipe: each byte picks a piece of
// RequestWords (or, sometimes, takes raw bytes from the input as the piece), so mutations
// move between well-formed requests instead of breaking the request line.

struct RequestRecipe {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// One to three pipelined requests, the last with `Connection: close` when the recipe says so.
    mutating func build() -> [UInt8] {
        var out: [UInt8] = []
        let count = 1 + Int(next() % 8 == 0 ? next() % 3 : 0)
        for _ in 0..<count { out += Array(request().utf8) }
        return out
    }

    // MARK: Reading the recipe

    private mutating func next() -> UInt8 { bytes.popFirst() ?? 0 }

    private mutating func pick(_ words: [String]) -> String { words[Int(next()) % words.count] }

    /// A piece from `words`, or (one time in eight) raw bytes from the input as UTF-8.
    private mutating func word(_ words: [String]) -> String {
        let choice = next()
        guard choice >= 224 else { return words[Int(choice) % words.count] }
        let length = Int(next() % 48)
        let raw = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return String(decoding: raw, as: UTF8.self)
    }

    // MARK: Building

    private mutating func request() -> String {
        let method = word(RequestWords.methods)
        let path = word(RequestWords.paths)
        var target = path
        if path.hasSuffix("/labels/") { target += word(RequestWords.keys) }
        let parameters = Int(next() % 6)
        for index in 0..<parameters { target += (index == 0 ? "?" : "&") + parameter() }
        let version = next() % 16 == 0 ? "HTTP/1.0" : "HTTP/1.1"
        var head = "\(method) \(target) \(version)\r\n"
        if next() % 32 != 0 { head += "Host: fuzz\r\n" }
        let headers = Int(next() % 6)
        for _ in 0..<headers { head += header() }
        var body = ""
        if method == "POST" || next() % 32 == 0 {
            body = word(RequestWords.bodies)
            if next() % 4 != 0 { head += "Content-Type: application/json\r\n" }
            if next() % 16 != 0 { head += "Content-Length: \(body.utf8.count)\r\n" }
        }
        if next() % 8 == 0 { head += "Connection: close\r\n" }
        return head + "\r\n" + body
    }

    private mutating func parameter() -> String {
        let name = word(RequestWords.queryNames)
        let value: String
        switch name {
        case "lang", "LANG", "%6Cang", "argLang": value = next() % 8 == 0 ? "" : languageTag()
        case "count", "count%00", "limit", "offset", "page": value = word(RequestWords.counts)
        case "arg": value = next() % 4 == 0 ? word(RequestWords.specifiers) : word(RequestWords.arguments)
        case "table": value = word(RequestWords.tables)
        case "format": value = word(RequestWords.formats)
        case "scope": value = word(RequestWords.scopes)
        case "include": value = word(RequestWords.includes)
        case "state": value = word(RequestWords.states)
        case "unused", "gzip": value = word(RequestWords.booleans)
        default: value = word(RequestWords.keys)
        }
        return next() % 16 == 0 ? name : "\(name)=\(value)"
    }

    /// A BCP 47 tag (or something near one): a whole tag from the list, or language,
    /// script, region, variants and extensions chosen one by one.
    private mutating func languageTag() -> String {
        if next() % 4 == 0 { return word(RequestWords.wholeTags) }
        var parts = [word(RequestWords.languages)]
        let shape = next()
        if shape & 1 != 0 { parts.append(pick(RequestWords.scripts)) }
        if shape & 2 != 0 { parts.append(pick(RequestWords.regions)) }
        if shape & 4 != 0 { parts.append(pick(RequestWords.variants)) }
        if shape & 8 != 0 {
            var extensionText = word(RequestWords.extensions)
            if extensionText.hasSuffix("-") { extensionText += word(RequestWords.numberingSystems) }
            parts.append(extensionText)
        }
        if shape & 16 != 0 { parts.append(word(RequestWords.extensions)) }
        let separator = shape & 32 != 0 && shape & 64 != 0 ? "_" : "-"
        return parts.joined(separator: separator)
    }

    private mutating func header() -> String {
        let name = word(RequestWords.headerNames)
        let value: String
        switch name {
        case "Accept-Language":
            let count = 1 + Int(next() % 4)
            value = (0..<count).map { _ in languageTag() + pick(RequestWords.qualities) }.joined(separator: next() % 8 == 0 ? "," : ", ")
        case "Accept": value = word(RequestWords.accepts)
        case "Accept-Encoding", "Content-Encoding": value = word(RequestWords.encodings)
        case "If-None-Match": value = word(RequestWords.etags)
        case "Authorization": value = word(RequestWords.authorizations)
        case "Content-Type": value = word(RequestWords.contentTypes)
        case "Connection": value = pick(["close", "keep-alive", "Upgrade", ""])
        case "Expect": value = pick(["100-continue", "x"])
        case "Transfer-Encoding": value = pick(["chunked", "gzip", "identity"])
        default: value = word(RequestWords.arguments)
        }
        return "\(name): \(value)\r\n"
    }
}
