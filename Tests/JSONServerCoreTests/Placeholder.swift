import Testing

@Suite struct JSONServerCoreTestsPlaceholder {}
