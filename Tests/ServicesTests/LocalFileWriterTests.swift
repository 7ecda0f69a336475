import Foundation
import Modules
import Services
import Testing

/// `:export` writes through `LocalFileWriter`: relative paths start at the
/// working directory, and a bad path is one clear line.
@Suite final class LocalFileWriterTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aRelativePathIsWrittenUnderTheWorkingDirectory() throws {
        let writer = LocalFileWriter(workingDirectory: folder.path)
        let written = try writer.write(Data("id\n1\n".utf8), to: "out file.csv")
        #expect(written == folder.appendingPathComponent("out file.csv").standardizedFileURL.path)
        #expect(try String(contentsOfFile: written, encoding: .utf8) == "id\n1\n")
    }

    @Test func aMissingFolderIsNamed() {
        let writer = LocalFileWriter(workingDirectory: folder.path)
        let error = #expect(throws: ServiceError.self) { try writer.write(Data(), to: "nope/x.csv") }
        #expect(error?.kind == .other)
        #expect(error?.message == "cannot write \(folder.path)/nope/x.csv: no folder \(folder.path)/nope")
    }

    @Test func aDirectoryIsNotOverwritten() {
        let writer = LocalFileWriter(workingDirectory: "/")
        let error = #expect(throws: ServiceError.self) { try writer.write(Data(), to: folder.path) }
        #expect(error?.kind == .other)
        #expect(error?.message == "\(folder.path) is a directory; name a file")
    }
}
