import Foundation
import Services
import TerminalUI

/// What `trestle snapshot` prints on stdout at the end: the summary (the
/// lines per collection go to stderr as they come, see ``SnapshotProgress``).
struct SnapshotReport: Sendable {
    let limit: Int?

    /// The last lines: what was kept, how many requests it took, how long.
    func summary(_ outcome: SnapshotWalker.Outcome, seconds: Double, output: String) {
        let read = outcome.resources.filter { $0.failure == nil }
        let records = read.reduce(0) { $0 + ($1.object == nil ? $1.count : 1) }
        let parents = read.reduce(0) { $0 + $1.parentsAdded }
        let collections = read.filter { $0.object == nil }.count
        var text =
            "Snapshot: \(collections) collections, \(Self.grouped(records)) records"
            + (parents > 0 ? " (\(Self.grouped(parents)) parents added)" : "")
            + ", \(Self.grouped(outcome.relationsKept)) relations kept"
            + (outcome.dangling > 0 ? " (\(Self.grouped(outcome.dangling)) dangling)" : "")
            + ", \(Self.grouped(outcome.requests)) requests, "
            + String(format: "%.1f s", seconds) + " → \(output)"
        let failed = outcome.resources.count - read.count
        if failed > 0 { text += " (\(failed) not read)" }
        line(text)
    }

    /// What `--anonymise` replaced, one line per field, and ids kept that may be personal.
    func replacements(_ replaced: [Anonymiser.Replacement]) {
        guard !replaced.isEmpty else {
            line("Anonymised: nothing looked personal")
            return
        }
        line("Anonymised:")
        for replacement in replaced {
            let what =
                replacement.kept
                ? "kept (an id or a key) though it looks personal: \(replacement.kind)"
                : "\(Self.grouped(replacement.count)) values replaced (\(replacement.kind))"
            line("  \(replacement.resource).\(replacement.field): \(what)")
        }
    }

    private func line(_ text: String) {
        // Collection and field names are the server's text.
        OutputSink.standardOutput.line(text)
    }

    /// `12345` → `12,345`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
