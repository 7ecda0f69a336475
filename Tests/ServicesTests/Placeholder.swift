import Testing

@Suite struct ServicesTestsPlaceholder {}
