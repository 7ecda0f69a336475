import CNcursesw
import Dispatch
import Glibc
import TerminalUI

extension NcursesTerminal {
    /// Key presses, resizes and (when enabled) mouse events.
    ///
    /// Keys are read only when stdin is readable (a dispatch read source on
    /// the main queue), so waiting for input uses no CPU and never blocks
    /// other work on the main actor. A new call finishes the previous stream.
    public func keys() -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self, bufferingPolicy: .unbounded)
        self.continuation?.finish()
        guard !isStopped else {
            continuation.finish()
            return stream
        }
        self.continuation = continuation
        // (Every Linux dispatch source conforms to every source protocol, so
        // the read source is remembered by flag, not found by type.)
        if !hasInputSource {
            hasInputSource = true
            let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.drainInput() }
            }
            source.resume()
            sources.append(source)
            inputSource = source
        }
        return stream
    }

    /// Puts the screen in the input modes Trestle needs.
    func configureInput() {
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        if mouseEnabled {
            mousemask(trestle_button1_pressed | trestle_button4_pressed | trestle_button5_pressed, nil)
            mouseinterval(0)
        }
    }

    /// Reads every pending key without waiting and yields it.
    func drainInput() {
        guard !isStopped else { return }
        while true {
            var value: wint_t = 0
            let result = wget_wch(window, &value)
            if result == ERR { return }
            let isKeyCode = result == KEY_CODE_YES
            // resizeterm queues a KEY_RESIZE of its own; the SIGWINCH source
            // already reported this resize, so it is not reported twice.
            if isKeyCode, Int32(bitPattern: value) == KEY_RESIZE { continue }
            if isKeyCode, Int32(bitPattern: value) == KEY_MOUSE {
                if let key = readMouse() { continuation?.yield(key) }
                continue
            }
            continuation?.yield(KeyDecoder.decode(isKeyCode: isKeyCode, value: value))
        }
    }

    private func readMouse() -> Key? {
        guard mouseEnabled else { return nil }
        var state: UInt = 0
        var row: Int32 = 0
        var col: Int32 = 0
        guard trestle_get_mouse(&state, &row, &col) == 0 else { return nil }
        return KeyDecoder.decodeMouse(state: state, row: Int(row), col: Int(col))
    }

    /// Resize on SIGWINCH; restore and exit on SIGTERM, SIGHUP and SIGINT.
    ///
    /// Installed after `newterm`: dispatch replaces ncurses' own SIGWINCH
    /// handler, so each resize is handled here exactly once. A resize waits
    /// for the main actor; an exit does not (`SignalExit`): the normal exit
    /// runs on the main actor when it is free within the grace, else the
    /// terminal is restored without ncurses and the process ends there.
    func installSignalHandlers(restore: EmergencyRestore, beforeForcedExit: @escaping @Sendable () -> Void) {
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handleWindowChange() }
        }
        resize.resume()
        sources.append(resize)
        // Cancelled with the other sources by `stop()`.
        let signalExit = SignalExit(restore: restore, beforeExit: beforeForcedExit)
        self.signalExit = signalExit
        sources += signalExit.install([SIGTERM, SIGHUP, SIGINT]) {
            [weak self] signalNumber in
            self?.willExit?(signalNumber)
            self?.stop()
            exit(128 + signalNumber)
        }
    }

    /// Applies the kernel's new window size and reports one `.resize`.
    func handleWindowChange() {
        // While a child has the screen, the size is read when it comes back.
        guard !isStopped, handedOver == nil else { return }
        var rows: Int32 = 0
        var cols: Int32 = 0
        guard trestle_window_size(1, &rows, &cols) == 0 else { return }
        resize(rows: Int(rows), cols: Int(cols))
        // Keys typed before the resize come first; the KEY_RESIZE that
        // resizeterm queued is dropped there.
        drainInput()
        continuation?.yield(.resize)
    }
}
