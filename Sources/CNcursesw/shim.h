#ifndef TRESTLE_CNCURSESW_SHIM_H
#define TRESTLE_CNCURSESW_SHIM_H
// Wide-character API: SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// C globals are not concurrency-safe in Swift 6: read them through functions.
static inline WINDOW *trestle_stdscr(void) { return stdscr; }
static inline int trestle_lines(void) { return LINES; }
static inline int trestle_cols(void) { return COLS; }
static inline int trestle_colors(void) { return COLORS; }
static inline int trestle_color_pairs(void) { return COLOR_PAIRS; }

// The C standard streams are globals too.
static inline FILE *trestle_stdout(void) { return stdout; }
static inline FILE *trestle_stdin(void) { return stdin; }

// The terminal's size from the kernel (after SIGWINCH); 0 on success.
static inline int trestle_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// Attributes are macros that do not import.
static const attr_t trestle_a_normal = A_NORMAL;
static const attr_t trestle_a_bold = A_BOLD;
static const attr_t trestle_a_underline = A_UNDERLINE;
static const attr_t trestle_a_reverse = A_REVERSE;
static const attr_t trestle_a_dim = A_DIM;

static inline int trestle_key_f(int n) { return KEY_F(n); }

// wcwidth is hidden by glibc without _XOPEN_SOURCE.
extern int wcwidth(wchar_t c);
static inline int trestle_wcwidth(wchar_t c) { return wcwidth(c); }

// tigetstr returns NULL or (char *)-1 when a capability is missing.
static inline int trestle_has_capability(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

// Mouse masks are macros that do not import.
static const mmask_t trestle_button1_pressed = BUTTON1_PRESSED;
static const mmask_t trestle_button1_clicked = BUTTON1_CLICKED;
static const mmask_t trestle_button4_pressed = BUTTON4_PRESSED;
static const mmask_t trestle_button5_pressed = BUTTON5_PRESSED;

// Reads a pending mouse event; returns 0 and fills the fields on success.
static inline int trestle_get_mouse(unsigned long *state, int *row, int *col) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *state = (unsigned long)event.bstate;
    *row = event.y;
    *col = event.x;
    return 0;
}

// Checks a terminal description without starting a screen:
// 0 usable, -1 unknown, -2 cannot address the cursor (dumb, hard-copy).
static inline int trestle_probe_terminal(const char *term) {
    int err = 0;
    // err: 1 hard-copy, 0 not found or generic, -1 no terminfo database.
    if (setupterm((char *)term, 1, &err) != OK) return err == 1 ? -2 : -1;
    int usable = trestle_has_capability("cup");
    del_curterm(cur_term);
    return usable ? 0 : -2;
}

// Restores the terminal when the process exits while a screen is up.
static void trestle_restore_at_exit(void) {
    if (!isendwin()) endwin();
}
static inline void trestle_install_exit_restore(void) {
    static int installed = 0;
    if (!installed) {
        installed = 1;
        atexit(trestle_restore_at_exit);
    }
}

// On a crash (trap, segfault, abort) leave the screen before the previous
// handler (Swift's backtracer, or the default action) runs, so the terminal
// is not left in raw mode. endwin is not async-signal-safe; the process is
// dying anyway and this is best effort.
static inline struct sigaction *trestle_previous_crash_actions(void) {
    static struct sigaction actions[NSIG];
    return actions;
}
static void trestle_crash_handler(int signo, siginfo_t *info, void *context) {
    if (!isendwin()) endwin();
    struct sigaction *previous = &trestle_previous_crash_actions()[signo];
    if (info != NULL && info->si_code > 0) {
        // A fault: returning re-runs the faulting instruction under the
        // previous handler.
        sigaction(signo, previous, NULL);
        return;
    }
    // Sent (kill, raise, abort): nothing would raise it again, and Swift's
    // backtracer returns after its report, so a `kill -ABRT` left the
    // process running with the screen gone. Run the previous handler now,
    // then die of the signal (it is delivered once this handler returns).
    if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction != NULL) {
        previous->sa_sigaction(signo, info, context);
    } else if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler != SIG_DFL
        && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signo);
    }
    signal(signo, SIG_DFL);
    raise(signo);
}
static inline void trestle_install_crash_restore(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = trestle_crash_handler;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, &trestle_previous_crash_actions()[signals[i]]);
    }
}

// Reading a cell back (tests): the base character, attributes and pair.
static inline int trestle_cell(WINDOW *win, int row, int col, wchar_t *text, int capacity, attr_t *attrs, short *pair) {
    cchar_t cell;
    if (mvwin_wch(win, row, col, &cell) == ERR) return -1;
    if (getcchar(&cell, NULL, attrs, pair, NULL) > capacity) return -1;
    return getcchar(&cell, text, attrs, pair, NULL);
}
#endif
