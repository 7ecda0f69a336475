import Testing

@Suite struct AppTestsPlaceholder {}
