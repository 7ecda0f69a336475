import Testing

@Suite struct TerminalUITestsPlaceholder {}
