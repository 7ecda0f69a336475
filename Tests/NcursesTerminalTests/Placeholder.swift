import Testing

@Suite struct NcursesTerminalTestsPlaceholder {}
