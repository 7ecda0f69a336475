import Foundation
import Testing

@testable import JSON

@Suite struct MappedFileTests {
    private func temporaryFile(_ bytes: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).json")
        try bytes.write(to: url)
        return url
    }

    @Test func aLargeFileParsesTheSameMappedAsRead() throws {
        // Over 8 MB, so the parse releases pages behind itself while it reads.
        var text = "{\"todos\": ["
        for id in 1...120_000 {
            if id > 1 { text += "," }
            text += "{\"id\": \(id), \"title\": \"todo number \(id) with some words\", \"done\": \(id % 2 == 0)}"
        }
        text += "], \"profile\": {\"name\": \"x\"}}"
        let data = Data(text.utf8)
        #expect(data.count > 1 << 23)
        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        #expect(file.bytes.count == data.count)
        #expect(try JSONParser.parse(file) == JSONParser.parse(data))
        // Released pages read back from the file.
        #expect(Array(file.bytes[0..<11]) == Array("{\"todos\": [".utf8))
    }

    @Test func errorsNameTheSamePositionMappedAsRead() throws {
        let data = Data("[1,\n 2,\n x]".utf8)
        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let mapped = #expect(throws: JSONParseError.self) { try JSONParser.parse(file) }
        let read = #expect(throws: JSONParseError.self) { try JSONParser.parse(data) }
        #expect(mapped == read)
        #expect(mapped?.line == 3)
    }

    @Test func anEmptyFileIsAnErrorAndAMissingOrFolderPathIsNotMapped() throws {
        let url = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        #expect(throws: JSONParseError.self) { try JSONParser.parse(file) }
        #expect(MappedFile(path: url.path + ".missing") == nil)
        #expect(MappedFile(path: FileManager.default.temporaryDirectory.path) == nil)
    }
}
