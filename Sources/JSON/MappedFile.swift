import Foundation

/// A whole file mapped read-only into memory, for parsing without a copy.
///
/// Reading a 118 MB data file into `Data` holds all of it in anonymous
/// memory while the parse builds the values beside it; a mapping is paged
/// in from the page cache as the parser walks it, and ``releasePages(before:)``
/// hands the parsed part back (the pages are clean, so the kernel simply
/// drops them; touching them again reads them in again).
public final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes while it exists.
    /// The mapped bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The path it was mapped from.
    public let path: String
    /// Device, inode, size and modification time when it was mapped.
    private let identity: [Int]

    /// Maps the file at `path`; `nil` when it cannot be opened or mapped
    /// (the caller reads it the ordinary way, which says why).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.path = path
        identity = Self.identity(info)
        let count = Int(info.st_size)
        guard count > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        _ = madvise(address, count, MADV_SEQUENTIAL)
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Whether the mapped file was changed in place since it was mapped
    /// (written to or truncated: reading a page past its new end would
    /// crash with SIGBUS). A file replaced by another (a new inode) or
    /// deleted leaves the mapping as it was, so that is not a change here.
    public var isModifiedInPlace: Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let now = Self.identity(info)
        return now[0..<2] == identity[0..<2] && now != identity
    }

    private static func identity(_ info: stat) -> [Int] {
        [
            Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec),
            Int(info.st_mtim.tv_nsec),
        ]
    }

    /// Gives the pages wholly before `offset` back to the kernel.
    public func releasePages(before offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (min(offset, bytes.count) / page) * page
        guard length > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED)
    }

    /// Gives the pages wholly inside `range` back to the kernel.
    public func releasePages(in range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(range.lowerBound, 0) + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
