import Foundation

extension FileHandle {
    /// Writes `text` as UTF-8, unbuffered.
    ///
    /// `Data(text.utf8)` reads simpler, but its generic initializer asks the runtime
    /// whether `String.UTF8View` is contiguous bytes, and that first dynamic cast
    /// scans every conformance in the binary, on cold start's path.
    func write(text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            write(Data(bytes: base, count: bytes.count))
        }
    }
}
