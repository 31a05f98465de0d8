/// What ``HTTPRequestParser/next()`` found in the buffered bytes.
package enum HTTPParseResult: Sendable, Hashable {
    /// No complete request yet; feed more bytes.
    case needMoreData
    /// The next complete request, in arrival order.
    case request(HTTPRequest)
    /// The input is invalid; the parser is now dead and returns this error forever.
    case error(HTTPParseError)
}
