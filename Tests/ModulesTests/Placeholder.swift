import Testing

@Suite struct ModulesTestsPlaceholder {}
