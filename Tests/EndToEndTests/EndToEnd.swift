import Testing

/// Every end-to-end suite nests here so that the whole lot runs one test at
/// a time: each test spawns tmux servers, the app and sometimes an HTTP
/// server, and parallel runs on a 2-core machine would race for the CPU.
/// Once they have all run, no process they started may still be alive.
@Suite(.serialized, .noLeftoverProcesses) enum EndToEnd {}
