/// Header fields encoded once, as ``HTTPResponseEncoder`` writes them (`name: value` CRLF
/// each, framing fields dropped, control bytes sanitized), for fields a server sends
/// unchanged on many responses: a bundle's 200 and 304, what a server sends on every response
/// (``HTTPResponder/fieldsOnEveryResponse``).
///
/// A response carries them beside its ``HTTPResponse/headers`` (``HTTPResponse/init(status:fields:body:)``);
/// the encoder copies the bytes instead of walking the fields only while those headers
/// are still the very storage the bytes were made from (``encodes(_:)``). A response whose
/// fields were changed after (a replica's name added) is encoded field by field, so the
/// bytes can never say something the headers do not. `EncodedFieldsTests` pins the bytes
/// against the field walk.
///
/// A class: a response holds it by one reference, however many fields and bytes it keeps.
package final class EncodedFields: Sendable {
    /// The fields the bytes encode.
    package let fields: HTTPHeaders
    /// Their encoding.
    let bytes: [UInt8]

    /// No fields.
    package static let none = EncodedFields([:])

    package init(_ fields: HTTPHeaders) {
        self.fields = fields
        // No fields: the empty array itself. Initializing zero capacity in place writes the
        // count into the runtime's one shared empty storage, which ThreadSanitizer reports
        // as a race when two threads do it (EncodedFields.none's first use among them).
        guard fields.byteCount > 0 else {
            bytes = []
            return
        }
        bytes = [UInt8](unsafeUninitializedCapacity: fields.byteCount) { buffer, count in
            var writer = ByteWriter(buffer)
            writer.write(fields: fields)
            count = writer.count
        }
    }

    /// Whether `headers` are the fields these bytes were made from: the same storage,
    /// unchanged (this value holds a reference to it, so any change to `headers` copies).
    func encodes(_ headers: HTTPHeaders) -> Bool {
        headers.sharesStorage(with: fields)
    }
}
