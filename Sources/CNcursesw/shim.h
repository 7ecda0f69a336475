#ifndef TRESTLE_CNCURSESW_SHIM_H
#define TRESTLE_CNCURSESW_SHIM_H
// Wide-character API: SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// C globals are not concurrency-safe in Swift 6: read them through functions.
static inline WINDOW *trestle_stdscr(void) { return stdscr; }
static inline int trestle_lines(void) { return LINES; }
static inline int trestle_cols(void) { return COLS; }
static inline int trestle_colors(void) { return COLORS; }
static inline int trestle_color_pairs(void) { return COLOR_PAIRS; }

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
#endif
