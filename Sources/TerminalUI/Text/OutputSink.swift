#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, for every command-line output path
/// (not the TUI): the one type that writes to them (`scripts/check-output`
/// fails on any other write in `App`, `Serve` and `trestle`), and it writes
/// only text ``OutputText`` cleaned.
///
/// Human text and JSON are cleaned wherever they go (JSON losslessly);
/// CSV only when the stream is a terminal, so a file or a pipe gets the
/// rows' bytes (`trestle get --format csv > out.csv`).
public struct OutputSink: Sendable {
    /// The file descriptor written to.
    let descriptor: Int32

    /// Standard output.
    public static let standardOutput = OutputSink(descriptor: 1)
    /// Standard error.
    public static let standardError = OutputSink(descriptor: 2)

    /// Whether the stream is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// `text`, cleaned as `kind`, written at once (unbuffered, also in a pipe).
    public func write(_ text: String, as kind: OutputText.Kind = .text) {
        let cleaned = kind == .csv && !isTerminal ? text : OutputText.clean(text, as: kind)
        writeAll(cleaned)
    }

    /// `text` and a line feed.
    public func line(_ text: String) {
        write(text + "\n")
    }

    /// The cursor controls a redrawn progress display needs; nothing but
    /// these reaches the stream uncleaned, and only when it is a terminal.
    public enum Control: Sendable {
        /// Up `lines` lines, to the line's start, and clear to the end of the screen.
        case eraseUp(lines: Int)
    }

    /// `control`'s bytes, on a terminal only.
    public func control(_ control: Control) {
        guard isTerminal else { return }
        switch control {
        case .eraseUp(let lines): writeAll("\u{1B}[\(max(0, lines))A\r\u{1B}[J")
        }
    }

    func writeAll(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing more can be said
            }
            offset += written
        }
    }
}

/// write(2), by a name the sink's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
