extension HTTPRequestParser {
    /// The request line of the request being rejected: rebuilt from the parsed head once
    /// there is one (its bytes may be compacted away by then, and a parsed line is exactly
    /// method, target and version with single spaces), else the bytes of the line that
    /// failed, or of what has arrived of it. Runs only on the error path.
    func excerptOfRejectedRequest() -> RequestLineExcerpt? {
        if let head {
            var line = head.method.rawValue + " "
            if let target = head.target {
                line += target
            } else {
                line += head.path
                if let query = head.query { line += "?" + query }
            }
            line += " " + head.version.description
            return RequestLineExcerpt(line.utf8)
        }
        if let failedLine { return RequestLineExcerpt(buffer[failedLine]) }
        guard start < buffer.count else { return nil }
        // Up to the line feed, or as much as the excerpt keeps (one more to know it is cut).
        let scanEnd = min(buffer.count, start + RequestLineExcerpt.limit + 1)
        var end = start
        while end < scanEnd, buffer[end] != ByteClass.lf { end += 1 }
        if end < buffer.count, buffer[end] == ByteClass.lf, end > start, buffer[end - 1] == ByteClass.cr { end -= 1 }
        return RequestLineExcerpt(buffer[start..<end])
    }
}
