import App
import ArgumentParser
import JSONServerCore

// Options whose values are a closed set are enums to argument-parser: a
// wrong value is refused before anything starts, with the choices named,
// and `--help` and the shell completions list them. The configuration still
// reads the same names from `TRESTLE_*` and the config file (and words its
// own errors for those); the command line hands it the raw values.

extension AppEnvironment: ExpressibleByArgument {}

extension JSONServerDialect: ExpressibleByArgument {}

/// `--catalog`: whether JSONPlaceholder's built-in catalog is used.
enum CatalogChoice: String, CaseIterable, ExpressibleByArgument {
    case builtin
    case none
}

/// `--log-level`: swift-log's levels, by their names.
enum LogLevelChoice: String, CaseIterable, ExpressibleByArgument {
    case trace, debug, info, notice, warning, error, critical
}
