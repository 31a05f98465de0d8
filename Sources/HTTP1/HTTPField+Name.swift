extension HTTPField {
    /// A field name: case-preserving, compared ignoring ASCII case (RFC 9110 §5.1), as
    /// apple/swift-http-types' `HTTPField.Name`.
    ///
    /// The names the code knows are statics (``contentType``, ``ifNoneMatch``, …) that carry
    /// their spelling and their lower-cased bytes, and an ad-hoc name is a string literal; both
    /// are `StaticString`s, so a lookup or an `add` by name reads bytes in place and allocates
    /// nothing. Only a name read at run time (a received response's field) holds a `String`.
    package struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        private enum Storage: Sendable {
            /// A name written in the code: the spelling sent, and the bytes compared (the
            /// lower-cased spelling for the statics, the spelling for a literal).
            case literal(spelled: StaticString, compared: StaticString)
            /// A name read at run time.
            case text(String)
        }

        private let storage: Storage

        /// A known name: the spelling sent and its ASCII lower-case form.
        init(spelled: StaticString, lowercased: StaticString) {
            storage = .literal(spelled: spelled, compared: lowercased)
        }

        /// An ad-hoc name written in the code, sent as spelled.
        package init(stringLiteral name: StaticString) {
            // A one-scalar literal may come as a scalar, without bytes to point at.
            storage = name.hasPointerRepresentation ? .literal(spelled: name, compared: name) : .text(name.description)
        }

        /// A name read at run time.
        package init(_ name: String) {
            storage = .text(name)
        }

        /// The name as it is sent.
        package var description: String {
            switch storage {
            case .literal(let spelled, _): spelled.description
            case .text(let name): name
            }
        }

        /// Calls `body` with the bytes a field name is compared with (any case).
        @inline(__always)
        func withComparedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch storage {
            case .literal(_, let compared): body(ByteClass.bytes(compared))
            case .text(let name): HTTPHeaders.withUTF8(name, body)
            }
        }

        /// Calls `body` with the bytes sent for this name.
        @inline(__always)
        func withSpelledBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch storage {
            case .literal(let spelled, _): body(ByteClass.bytes(spelled))
            case .text(let name): HTTPHeaders.withUTF8(name, body)
            }
        }

        /// Whether the field name `bytes` is this name, ignoring ASCII case.
        @inline(__always)
        func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            withComparedBytes { ByteClass.equalIgnoringCase(bytes, $0) }
        }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.withComparedBytes { rhs.matches($0) }
        }

        package func hash(into hasher: inout Hasher) {
            withComparedBytes { bytes in
                hasher.combine(bytes.count)
                for byte in bytes { hasher.combine(ByteClass.asciiLower(byte)) }
            }
        }
    }
}
