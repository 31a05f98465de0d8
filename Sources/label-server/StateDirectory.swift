import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve`'s start-up check of `--state-dir`: the folder exists (it is created if missing)
/// and this process can create files in it, so the missing-key report and usage counts are
/// never lost to a folder it cannot write (a bind-mounted host folder owned by someone
/// else, an arbitrary UID without group 0's write bit). A refusal names the folder, its
/// owner and mode, and this process's user and group.
enum StateDirectory {
    /// Why the state directory cannot be used.
    struct Problem: Error, Equatable {
        enum Code: String {
            case cannotCreate = "state_dir_cannot_create"
            case notDirectory = "state_dir_not_directory"
            case notWritable = "state_dir_not_writable"
        }
        let code: Code
        let path: String
        let message: String
    }

    /// Creates `path` when missing, then creates and removes a file in it.
    /// - Returns: nil when the folder is usable.
    static func check(_ path: String) -> Problem? {
        let user = "uid \(geteuid()), gid \(getegid())"
        var info = stat()
        if stat(path, &info) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                let reason = error.localizedDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                return Problem(code: .cannotCreate, path: path, message: """
                    cannot create the state directory \(path) (--state-dir) as \(user): \(reason); \
                    the nearest existing folder above it, \(describe(existingAncestor(of: path)))
                    """)
            }
            guard stat(path, &info) == 0 else { return nil }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return Problem(code: .notDirectory, path: path, message: "the state directory \(path) (--state-dir) is not a folder")
        }
        let errorNumber = probeWrite(path)
        guard errorNumber != 0 else { return nil }
        return Problem(code: .notWritable, path: path, message: notWritableMessage(
            path: path, owner: info.st_uid, group: info.st_gid, mode: info.st_mode, uid: geteuid(), gid: getegid(),
            reason: String(cString: strerror(errorNumber))))
    }

    /// The refusal for a folder this process cannot create files in.
    static func notWritableMessage(
        path: String, owner: uid_t, group: gid_t, mode: mode_t, uid: uid_t, gid: gid_t, reason: String
    ) -> String {
        """
        the state directory \(path) (--state-dir) is not writable by this process (uid \(uid), gid \(gid)): \
        it is owned by \(owner):\(group) with mode \(octal(mode)) (\(reason)), and the missing-key report \
        would be lost. Make it writable by uid \(uid) (chown \(uid) \(path)) or by group \(gid) \
        (chgrp \(gid) \(path) && chmod g+rwx \(path)), or choose another folder with --state-dir \
        (LABEL_SERVER_STATE_DIR)
        """
    }

    /// `PATH is owned by UID:GID with mode 0755`, or why it cannot be looked at.
    private static func describe(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path): \(String(cString: strerror(errno)))" }
        return "\(path) is owned by \(info.st_uid):\(info.st_gid) with mode \(octal(info.st_mode))"
    }

    /// The nearest folder above `path` that exists (absolute; plain string work, no NSString).
    private static func existingAncestor(of path: String) -> String {
        var folder = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            folder = String(folder[..<slash])
            if FileManager.default.fileExists(atPath: folder) { return folder }
        }
        return "/"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Creates and removes a file in `path`. - Returns: 0, or the errno of the failure.
    private static func probeWrite(_ path: String) -> Int32 {
        var template = Array("\(path)/.label-server-write-check-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return 0
    }
}
