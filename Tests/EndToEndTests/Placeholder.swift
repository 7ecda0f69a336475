import Testing

@Suite struct EndToEndTestsPlaceholder {}
