import Foundation
import TestSupport

/// One `trestle serve` child process on a free port, over a temporary copy
/// of the sample data (never `sample-data/db.json` itself).
final class ServeProcess {
    let process = Process()
    let url: URL
    let folder: URL

    init(arguments: [String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-e2e-serve-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("db.json")
        try FileManager.default.copyItem(at: SampleData.file, to: file)
        process.executableURL = BuiltProducts.trestle
        process.arguments = ["serve", "--port", "0", "--data", file.path] + arguments
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        SpawnedProcesses.shared.add(process.processIdentifier, "trestle serve \(arguments.joined(separator: " "))")
        // The banner is the first line: `Serving http://127.0.0.1:PORT — …`.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"),
            let url = URL(string: String(text[start.lowerBound...].prefix { $0 != " " }))
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            SpawnedProcesses.shared.remove(process.processIdentifier)
            try? FileManager.default.removeItem(at: folder)
            throw URLError(.cannotConnectToHost)
        }
        self.url = url
    }

    /// Ends the server (SIGTERM, then waits) and removes its data copy; once.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        SpawnedProcesses.shared.remove(process.processIdentifier)
        try? FileManager.default.removeItem(at: folder)
    }
}
