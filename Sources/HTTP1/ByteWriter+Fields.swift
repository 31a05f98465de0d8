extension ByteWriter {
    /// The bytes with control bytes replaced by spaces (no response splitting).
    mutating func writeSanitized(_ bytes: UnsafeBufferPointer<UInt8>) {
        if HTTPResponseEncoder.isClean(bytes) {
            write(bytes)
        } else {
            for byte in bytes { write(ByteClass.isFieldValueByte(byte) ? byte : ByteClass.sp) }
        }
    }

    /// Each field as `name: value` CRLF: a stored line as it is (checked when it was
    /// added), others sanitized; a field whose name the encoder owns or that is no token is dropped.
    mutating func write(fields: HTTPHeaders) {
        fields.forEachStored { field in
            if let line = field.line {
                write(line)
            } else if HTTPResponseEncoder.isWritableName(field.name) {
                write(field.name)
                write(": ")
                writeSanitized(field.value)
                write("\r\n")
            }
            return true
        }
    }
}
