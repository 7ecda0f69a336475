import Foundation
import JSON
import JSONServerCore
import Testing

@Suite struct JSONDatabaseTests {
    @Test func sampleDataRoundTripsByteForByte() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../sample-data/db.json")
        let data = try Data(contentsOf: url)
        let database = try JSONDatabase(data: data)
        #expect(database.resourceNames == ["users", "posts", "comments", "albums", "photos", "todos"])
        #expect(database.collection("photos")?.count == 5000)
        var written = database.data(pretty: true)
        written.append(0x0A)  // the generator ends the file with a newline
        #expect(written == data)
    }
}
