import Foundation

/// One real `trestle serve` child process on a free port, registered with
/// ``SpawnedProcesses`` until it is ended.
public final class ServeProcess {
    public let process = Process()
    /// Where it serves, read from its banner.
    public let url: URL
    /// A folder made for this server (its data copy), removed by ``stop()``.
    private let ownedFolder: URL?

    /// Starts `trestle serve --port 0 ARGUMENTS`.
    public convenience init(arguments: [String]) throws {
        try self.init(arguments: arguments, ownedFolder: nil)
    }

    /// Starts it over a copy of `data` in a fresh temporary folder (so the
    /// file given, e.g. `sample-data/db.json`, is never written).
    public convenience init(copying data: URL, arguments: [String] = []) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-serve-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("db.json")
        do {
            try FileManager.default.copyItem(at: data, to: file)
            try self.init(arguments: ["--data", file.path] + arguments, ownedFolder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private init(arguments: [String], ownedFolder: URL?) throws {
        self.ownedFolder = ownedFolder
        process.executableURL = BuiltProducts.trestle
        process.arguments = ["serve", "--port", "0"] + arguments
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
            throw URLError(.cannotConnectToHost)
        }
        self.url = url
    }

    /// Sends `signal` and waits for the process to end (once; later calls do nothing).
    public func end(with signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        SpawnedProcesses.shared.remove(process.processIdentifier)
    }

    /// Ends the server with SIGTERM and removes the folder made for it.
    public func stop() {
        end(with: SIGTERM)
        if let ownedFolder { try? FileManager.default.removeItem(at: ownedFolder) }
    }
}
