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

    /// Maps the file at `path`; `nil` when it cannot be opened or mapped
    /// (the caller reads it the ordinary way, which says why).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
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
