import Testing

@Suite struct NetworkingTestsPlaceholder {}
