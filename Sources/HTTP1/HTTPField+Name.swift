extension HTTPField {
    /// A field name written in the code: case-preserving, compared ignoring ASCII case
    /// (RFC 9110 §5.1), as apple/swift-http-types' `HTTPField.Name`.
    ///
    /// The names the code knows are statics (``contentType``, ``ifNoneMatch``, …) that carry
    /// their spelling and their lower-cased bytes, and an ad-hoc name is a string literal; both
    /// are `StaticString`s, so a lookup or an `add` by name reads bytes in place, allocates
    /// nothing, and a `Name` has nothing to release (no `String` inside: every use of a known
    /// name would otherwise end in a destroy). A name read at run time is a `String`: the
    /// ``HTTPField/name`` of a received field, or ``HTTPHeaders/add(_:)``'s field.
    package struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The spelling sent.
        private let spelled: StaticString
        /// The bytes compared: the lower-cased spelling for the statics, the spelling for a literal.
        private let compared: StaticString

        /// A known name: the spelling sent and its ASCII lower-case form.
        init(spelled: StaticString, lowercased: StaticString) {
            self.spelled = spelled
            compared = lowercased
        }

        /// An ad-hoc name written in the code, sent as spelled.
        package init(stringLiteral name: StaticString) {
            spelled = name
            compared = name
        }

        /// The name as it is sent.
        package var description: String { spelled.description }

        /// Calls `body` with the bytes a field name is compared with (any case).
        @inline(__always)
        func withComparedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            // A one-scalar literal may come as a scalar, without bytes to point at:
            // `withUTF8Buffer` covers both forms.
            compared.withUTF8Buffer(body)
        }

        /// Calls `body` with the bytes sent for this name.
        @inline(__always)
        func withSpelledBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            spelled.withUTF8Buffer(body)
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
            withComparedBytes { HTTPField.hashName($0, into: &hasher) }
        }
    }

    /// Hashes a name as ``Name`` and ``HTTPField`` compare it: its length and its bytes
    /// lower-cased.
    static func hashName(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        for byte in bytes { hasher.combine(ByteClass.asciiLower(byte)) }
    }
}
