import Foundation
import Networking
import Testing

@Suite struct TokenSourceTests {
    func temporaryFile(_ contents: String, mode: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func environmentTokenIsTrimmedAndBlankMeansNone() {
        #expect(TokenSource.fromEnvironment(["TRESTLE_TOKEN": " abc \n"]) == "abc")
        #expect(TokenSource.fromEnvironment(["TRESTLE_TOKEN": "  "]) == nil)
        #expect(TokenSource.fromEnvironment([:]) == nil)
    }

    @Test func aPrivateFileYieldsItsFirstLine() throws {
        let path = try temporaryFile("tok123\nignored\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TokenSource.fromFile(atPath: path) == "tok123")
    }

    @Test func aFileOthersCanReadIsRefusedWithAFix() throws {
        let path = try temporaryFile("tok123", mode: 0o644)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TokenSourceError.insecurePermissions(path: path, mode: 0o644)) {
            try TokenSource.fromFile(atPath: path)
        }
    }

    @Test func aMissingOrEmptyFileIsReported() throws {
        #expect(throws: TokenSourceError.unreadable(path: "/nonexistent/token", reason: "no such file")) {
            try TokenSource.fromFile(atPath: "/nonexistent/token")
        }
        let path = try temporaryFile("\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TokenSourceError.empty(path: path)) { try TokenSource.fromFile(atPath: path) }
    }
}
