import CNcursesw
import Dispatch
import Glibc
import TerminalUI

/// What ``NcursesTerminal/handOver()`` changed, to put back.
struct HandOver {
    /// SIGQUIT's and SIGTSTP's actions before: SIGQUIT is ignored while the
    /// child runs (its Ctrl-\ is its own), SIGTSTP back to the default (a
    /// Ctrl-Z stops Trestle with the child, without ncurses redrawing over it).
    var quit = sigaction()
    var stop = sigaction()

    func restoreSignals() {
        var quit = self.quit
        var stop = self.stop
        sigaction(SIGQUIT, &quit, nil)
        sigaction(SIGTSTP, &stop, nil)
    }
}

extension NcursesTerminal {
    /// Leaves the screen as for Ctrl-Z (`endwin`): the user's tty modes,
    /// the cursor shown, the normal screen; fd 0 is not read, and a SIGINT
    /// (the child's Ctrl-C, sent to the whole foreground group) does not end
    /// Trestle until ``takeBack()``.
    public func handOver() {
        guard !isStopped, handedOver == nil else { return }
        var saved = HandOver()
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        sigaction(SIGQUIT, &ignore, &saved.quit)
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGTSTP, &standard, &saved.stop)
        handedOver = saved
        signalExit?.holdInterrupts(true)
        inputSource?.suspend()
        def_prog_mode()
        curs_set(1)
        endwin()
        fflush(trestle_stdout())
    }

    /// Takes the screen back: Trestle's tty modes and input modes again,
    /// every cell repainted on the next flush, fd 0 read again, and a
    /// `.resize` key when the window changed size while the child had it.
    public func takeBack() {
        guard !isStopped, let saved = handedOver else { return }
        handedOver = nil
        reset_prog_mode()
        configureInput()
        invalidate()
        saved.restoreSignals()
        signalExit?.holdInterrupts(false)
        inputSource?.resume()
        var rows: Int32 = 0
        var cols: Int32 = 0
        if trestle_window_size(1, &rows, &cols) == 0, Size(rows: Int(rows), cols: Int(cols)) != size {
            handleWindowChange()
        }
    }
}
