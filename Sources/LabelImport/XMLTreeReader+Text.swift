import LabelCore

extension XMLTreeReader {
    /// What keeps bytes from being UTF-8 of XML characters throughout.
    enum TextProblem: Equatable {
        /// The first byte sequence that is not UTF-8 (found anywhere, it wins).
        case invalidUTF8(offset: Int)
        /// The first scalar XML 1.0 cannot hold, in bytes that are UTF-8 throughout.
        case nonXMLCharacter(Unicode.Scalar)
    }

    /// The bytes' problem, or nil: one pass over the bytes, no copy.
    static func textProblem(_ bytes: [UInt8]) -> TextProblem? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        var nonXML: Unicode.Scalar?
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if nonXML == nil {
                    let scalar = Unicode.UTF8.decode(encoded)
                    if !XMLEscaping.isXMLCharacter(scalar) { nonXML = scalar }
                }
            case .error: return .invalidUTF8(offset: offset)
            case .emptyInput: return nonXML.map { .nonXMLCharacter($0) }
            }
        }
    }
}
