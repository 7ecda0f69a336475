import CNcursesw
import Dispatch
import Glibc
import TerminalUI

/// The real screen: a `Terminal` drawn with ncursesw.
///
/// Owns the one ncurses screen of the process; every call happens on the
/// main actor. Start it with `start(mouse:)`, read keys from `keys()`, and
/// call `stop()` when done (signals and normal exits restore the terminal
/// too). Text is sanitised and drawn cell by cell by display width, so wide
/// characters land where `TextWidth` says they do.
@MainActor
public final class NcursesTerminal: Terminal {
    public private(set) var size: Size
    /// How theme colours are shown on this terminal.
    public private(set) var colorMode: ColorMode
    /// Called with the signal number before the terminal is restored and the
    /// process exits on SIGTERM, SIGHUP or SIGINT.
    public var willExit: ((Int32) -> Void)?

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    private let files: [UnsafeMutablePointer<FILE>]
    private let hasDefaultColors: Bool
    private var registry: ColorPairRegistry
    private var styleCache: [Style: (attrs: attr_t, pair: Int16)] = [:]
    var sources: [any DispatchSourceProtocol] = []
    var continuation: AsyncStream<Key>.Continuation?
    var hasInputSource = false
    /// The read source on fd 0, suspended while the screen is handed over.
    var inputSource: (any DispatchSourceProtocol)?
    /// The exit on SIGINT, SIGTERM and SIGHUP, held while the screen is handed over.
    var signalExit: SignalExit?
    /// The screen is handed to a child (``handOver()``) until ``takeBack()``.
    var handedOver: HandOver?
    let mouseEnabled: Bool
    private(set) var isStopped = false

    init(
        screen: OpaquePointer, files: [UnsafeMutablePointer<FILE>], useColor: Bool, mouse: Bool
    ) throws(TerminalStartError) {
        guard let window = trestle_stdscr() else { throw .unknownTerm("") }
        self.screen = screen
        self.window = window
        self.files = files
        self.mouseEnabled = mouse
        var mode = ColorMode.none
        var defaults = false
        if useColor, has_colors() {
            start_color()
            defaults = use_default_colors() == OK
            mode = ColorMode(colors: Int(trestle_colors()))
        }
        self.colorMode = mode
        self.hasDefaultColors = defaults
        self.registry = ColorPairRegistry(capacity: Int(trestle_color_pairs()))
        self.size = Size(rows: Int(getmaxy(window)), cols: Int(getmaxx(window)))
        // Room for a theme's styles made now, while the start waits for its
        // first answer, not in the first frame (the dictionary's first
        // storage costs the Swift runtime a scan of the binary's conformances).
        styleCache.reserveCapacity(64)
    }

    /// The user's locale for ncursesw. Characters stay UTF-8 through
    /// C.UTF-8 when that locale is not installed (`LANG=de_DE.UTF-8` on a
    /// machine with only C.UTF-8), and when it is the C or POSIX locale (no
    /// `LANG` at all, as in a container or a bare `ssh` session, or
    /// `LC_ALL=C` from a script): under C's ASCII ncursesw draws nothing for
    /// a character outside it — a title in Chinese comes out blank, a done
    /// todo's ✓ is gone. As Python does since PEP 538, the C locale is taken
    /// for a locale nobody chose, not for "ASCII wanted"; one with a
    /// character set of its own (`en_US.ISO-8859-1`) is kept.
    static func adoptLocale() {
        if setlocale(LC_ALL, "") == nil || isPlainC(setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Whether the character type locale `name` is C's (or POSIX's, its other name).
    private static func isPlainC(_ name: String) -> Bool { name == "C" || name == "POSIX" }

    /// Starts the full-screen UI on stdin/stdout.
    ///
    /// Refuses, before touching the screen, when stdin or stdout is not a
    /// terminal or `TERM` is unset, unknown or cannot position the cursor.
    /// `NO_COLOR` (non-empty) turns colour off. `beforeForcedExit` runs
    /// when a signal ends the process without the main actor (``SignalExit``),
    /// where atexit hooks do not run: only system calls, no ncurses.
    public static func start(
        mouse: Bool = false, beforeForcedExit: @escaping @Sendable () -> Void = {}
    ) throws(TerminalStartError) -> NcursesTerminal {
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        guard let raw = getenv("TERM"), raw.pointee != 0 else { throw .termUnset }
        let term = String(cString: raw)
        guard term != "dumb" else { throw .cannotAddressCursor(term) }
        adoptLocale()
        switch trestle_probe_terminal(term) {
        case -1: throw .unknownTerm(term)
        case -2: throw .cannotAddressCursor(term)
        default: break
        }
        // Until the dispatch sources below take over, a SIGTERM or SIGHUP
        // must not kill the process with the terminal in raw mode.
        signal(SIGTERM, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        let modes = EmergencyRestore.savedModes()
        guard let screen = newterm(nil, trestle_stdout(), trestle_stdin()) else {
            throw .unknownTerm(term)
        }
        trestle_install_exit_restore()
        trestle_install_crash_restore()
        // ncurses 6.4 writes out what it has at every cursor move until the
        // screen has been left and resumed once (lib_mvcur.c flushes while
        // `_endwin == ewInitial`), so each frame reached the terminal row by
        // row, a write or two per row. One endwin/refresh cycle now, before
        // anything is drawn, makes every later frame one write.
        endwin()
        refresh()
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        let terminal = try NcursesTerminal(screen: screen, files: [], useColor: !noColor, mouse: mouse)
        terminal.configureInput()
        terminal.installSignalHandlers(
            restore: .prepare(modes: modes, mouse: mouse), beforeForcedExit: beforeForcedExit)
        return terminal
    }

    /// A screen that draws into `/dev/null`, for tests: `rows` x `cols` of
    /// terminal type `term`, with no input and no signal handling.
    static func headless(
        rows: Int, cols: Int, term: String = "xterm-256color", noColor: Bool = false
    ) throws(TerminalStartError) -> NcursesTerminal {
        adoptLocale()
        guard let output = fopen("/dev/null", "w") else { throw .notATerminal }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            throw .notATerminal
        }
        guard let screen = newterm(term, output, input) else {
            fclose(output)
            fclose(input)
            throw .unknownTerm(term)
        }
        let terminal = try NcursesTerminal(screen: screen, files: [output, input], useColor: !noColor, mouse: false)
        terminal.resize(rows: rows, cols: cols)
        return terminal
    }

    /// Restores the terminal (leaves the screen, shows the cursor, ends raw
    /// mode) and releases ncurses. Safe to call more than once.
    public func stop() {
        guard !isStopped else { return }
        // A suspended source must not be cancelled and released suspended.
        if let handedOver {
            inputSource?.resume()
            handedOver.restoreSignals()
            self.handedOver = nil
        }
        isStopped = true
        for source in sources { source.cancel() }
        sources = []
        continuation?.finish()
        continuation = nil
        curs_set(1)
        endwin()
        delscreen(screen)
        for file in files { fclose(file) }
    }

    /// Resizes ncurses' screen to `rows` x `cols` (clamped to at least 1x1).
    func resize(rows: Int, cols: Int) {
        guard !isStopped else { return }
        resizeterm(Int32(max(1, rows)), Int32(max(1, cols)))
        size = Size(rows: Int(getmaxy(window)), cols: Int(getmaxx(window)))
    }

    /// Makes the next `flush()` repaint the whole screen (Ctrl-L).
    public func invalidate() {
        guard !isStopped else { return }
        clearok(window, true)
    }

    // MARK: - Terminal

    public func clear() {
        guard !isStopped else { return }
        werase(window)
    }

    public func write(_ text: String, row: Int, col: Int, style: Style) {
        guard !isStopped, row >= 0, row < size.rows, col < size.cols else { return }
        let clean = TextSanitizer.clean(text)
        let (attrs, pair) = resolve(style)
        if clean.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            writeASCII(clean, row: row, col: col, attrs: attrs, pair: pair)
            return
        }
        var x = col
        for character in clean {
            guard x < size.cols else { return }
            let width = TextWidth.of(character)
            guard width > 0 else { continue }
            if x < 0 {
                if x + width > 0 { putCell(" ", width: 1, row: row, col: 0, attrs: attrs, pair: pair) }
            } else if x + width > size.cols {
                putCell(" ", width: 1, row: row, col: x, attrs: attrs, pair: pair)
            } else {
                putCell(character, width: width, row: row, col: x, attrs: attrs, pair: pair)
            }
            x += width
        }
    }

    public func fill(row: Int, col: Int, width: Int, style: Style) {
        guard !isStopped, row >= 0, row < size.rows else { return }
        let start = max(0, col)
        let end = min(size.cols, col + width)
        guard start < end else { return }
        let (attrs, pair) = resolve(style)
        var blanks = Self.blanks
        var col = start
        while col < end {
            let run = min(end - col, blanks.utf8.count)
            writeASCII(&blanks, count: run, row: row, col: col, attrs: attrs, pair: pair)
            col += run
        }
    }

    /// Spaces for ``fill(row:col:width:style:)`` to write from, without
    /// making a string of them for each fill.
    private static let blanks = String(repeating: " ", count: 256)

    /// Nothing is sent while another program has the terminal
    /// (``handOver()``): ncurses would take the screen back from it.
    public func flush() {
        guard !isStopped, handedOver == nil else { return }
        wnoutrefresh(window)
        doupdate()
    }

    public func sendRaw(_ sequence: String) {
        guard !isStopped else { return }
        let out = files.first ?? trestle_stdout()
        fflush(out)
        fputs(sequence, out)
        fflush(out)
    }

    // MARK: - Cells

    private func writeASCII(_ text: String, row: Int, col: Int, attrs: attr_t, pair: Int16) {
        var text = text
        writeASCII(&text, count: text.utf8.count, row: row, col: col, attrs: attrs, pair: pair)
    }

    /// Writes the first `count` bytes of ASCII `text` at `col` (cut at the
    /// window's edges), straight from the string's own storage.
    private func writeASCII(_ text: inout String, count: Int, row: Int, col: Int, attrs: attr_t, pair: Int16) {
        let skipped = max(0, -col)
        let start = max(0, col)
        let shown = min(count - skipped, size.cols - start)
        guard shown > 0 else { return }
        wattr_set(window, attrs, pair, nil)
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            (base + skipped).withMemoryRebound(to: CChar.self, capacity: shown) { chars in
                _ = mvwaddnstr(window, Int32(row), Int32(start), chars, Int32(shown))
            }
        }
        wattr_set(window, trestle_a_normal, 0, nil)
    }

    /// Draws one grapheme of display `width` at `col`. When the C library
    /// measures its first scalar differently from `TextWidth` (emoji with
    /// VS16, scalars newer than libc), the cell is drawn so that ncurses'
    /// columns still match `TextWidth`: the base alone, padded with blanks.
    private func putCell(_ character: Character, width: Int, row: Int, col: Int, attrs: attr_t, pair: Int16) {
        let scalars = Array(character.unicodeScalars)
        guard let base = scalars.first else { return }
        let libcWidth = Int(trestle_wcwidth(wchar_t(bitPattern: base.value)))
        var text: [wchar_t] = []
        var padding = 0
        if libcWidth == width {
            text.append(wchar_t(bitPattern: base.value))
            let marks = scalars.dropFirst().filter { trestle_wcwidth(wchar_t(bitPattern: $0.value)) == 0 }
            text += marks.prefix(4).map { wchar_t(bitPattern: $0.value) }
        } else if libcWidth == 1 {
            text.append(wchar_t(bitPattern: base.value))
            padding = width - 1
        } else {
            text.append(0xFFFD)
            padding = width - 1
        }
        text.append(0)
        var cell = cchar_t()
        setcchar(&cell, text, attrs, pair, nil)
        mvwadd_wch(window, Int32(row), Int32(col), &cell)
        if padding > 0 {
            writeASCII(String(repeating: " ", count: padding), row: row, col: col + 1, attrs: attrs, pair: pair)
        }
    }

    /// Attributes and colour pair for `style`, cached.
    private func resolve(_ style: Style) -> (attrs: attr_t, pair: Int16) {
        if let cached = styleCache[style] { return cached }
        var attrs = trestle_a_normal
        if style.bold { attrs |= trestle_a_bold }
        if style.underline { attrs |= trestle_a_underline }
        if style.reverse { attrs |= trestle_a_reverse }
        if style.dim { attrs |= trestle_a_dim }
        var pair: Int16 = 0
        if colorMode != .none {
            let mapped = ColorMapper.pair(
                foreground: style.foreground, background: style.background, available: colorMode.colorCount)
            let fg = mapped.foreground ?? (hasDefaultColors ? -1 : 7)
            let bg = mapped.background ?? (hasDefaultColors ? -1 : 0)
            pair = Int16(
                registry.pair(foreground: fg, background: bg) { number, f, b in
                    init_pair(Int16(number), Int16(f), Int16(b)) == OK
                })
        }
        styleCache[style] = (attrs, pair)
        return (attrs, pair)
    }
}
