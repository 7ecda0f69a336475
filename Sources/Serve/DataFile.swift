import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The data file on disk: written whole and atomically, and recognised by
/// its identity (inode, size, modification time) so an outside change can
/// be told from Trestle's own writes.
struct DataFile: Sendable {
    /// What `stat` says of the file; equal identities mean the same content.
    struct Identity: Sendable, Equatable {
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    /// Why the file could not be written.
    struct WriteError: Error, Sendable, CustomStringConvertible {
        var description: String
        /// The file was changed outside while the new version was being
        /// written, so it was left as it is (the new version was not saved).
        var changedOutside = false
    }

    let url: URL

    /// The file's identity now, or `nil` when it is not there.
    func identity() -> Identity? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Identity(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// Replaces the file with `bytes` so that it is always either the old or
    /// the new document, even after `kill -9` or a power cut: the bytes go to
    /// a temporary file in the same folder, are flushed to the disk, and the
    /// temporary file is renamed over the old one; then the folder is
    /// flushed so the rename itself is durable. The old file's permissions
    /// are kept. Returns the new file's identity.
    ///
    /// Just before the rename the file must still be `expected` (as Trestle
    /// last wrote or read it): a file changed, broken or deleted by hand
    /// meanwhile is never replaced (``WriteError/changedOutside``).
    func replace(with bytes: Data, expected: Identity?) throws(WriteError) -> Identity? {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).trestle-\(UUID().uuidString.prefix(8))")
        var existing = stat()
        let mode: mode_t = stat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary.path)") }
        var written = 0
        let total = bytes.count
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < total {
                let count = write(descriptor, base + written, total - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        let error = ok ? 0 : errno
        let synced = ok && fsync(descriptor) == 0
        let syncError = errno
        close(descriptor)
        guard ok, synced else {
            unlink(temporary.path)
            throw failure("cannot write \(url.path)", code: ok ? syncError : error)
        }
        guard identity() == expected else {
            unlink(temporary.path)
            throw WriteError(
                description: "\(url.path) changed on disk while this write was being saved, so it was left as it is",
                changedOutside: true)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let renameError = errno
            unlink(temporary.path)
            throw failure("cannot replace \(url.path)", code: renameError)
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return identity()
    }

    private func failure(_ what: String, code: Int32 = errno) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
