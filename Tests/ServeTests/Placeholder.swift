import Testing

@Suite struct ServeTestsPlaceholder {}
