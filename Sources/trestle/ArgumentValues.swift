import App
import ArgumentParser
import JSONServerCore

// Options whose values are a closed set are enums to argument-parser: a
// wrong value is refused before anything starts, with the choices named,
// and `--help` and the shell completions list them. The configuration still
// reads the same names from `TRESTLE_*` and the config file (and words its
// own errors for those); the command line hands it the raw values.

extension AppEnvironment: NamedArgument {}

extension JSONServerDialect: NamedArgument {}

extension OutputFormat: NamedArgument {}

/// A closed set of values named by their raw strings. argument-parser's
/// defaults describe each value as `"\(value)"` in generic code, whose
/// dynamic casts cost every start 4.3 M instructions of the runtime's
/// conformance scans (`scripts/bench-instructions.py`); these name them directly.
public protocol NamedArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}

/// `--catalog`: whether JSONPlaceholder's built-in catalog is used.
enum CatalogChoice: String, NamedArgument {
    case builtin
    case none
}

/// `--log-level`: swift-log's levels, by their names.
enum LogLevelChoice: String, NamedArgument {
    case trace, debug, info, notice, warning, error, critical
}
