import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// JSON:API and OData v4 services snapshotted and replayed with
    /// `--env fake --data`: attributes as columns, ids as the service gave
    /// them (JSON:API's strings, OData's `5` and `'ann'`), a relation each
    /// way, compared line by line with the live run (see ``SnapshotRoundTrip``).
    @Suite
    struct SnapshotJSONAPIODataEndToEndTests {
        @Test func aJSONAPIServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await JSONAPITestServer.start()
            let author = JSONAPITestServer.personName(Int(JSONAPITestServer.authorID(ofArticle: 75)) ?? 0)
            try await SnapshotRoundTrip.run(
                server.rootURL,
                [
                    .command("resources", shows: "people"), .command("articles", shows: "Article 1 on"),
                    .command("articles 75", shows: "Article 75 on"), .press("1", shows: "\"name\": \"\(author)\""),
                    .command("people 2", shows: "\"name\""), .press("1", shows: "Article 2 on"),
                ]
            ) { file in
                #expect(file["articles"]?.arrayValue?.first?["id"] == .string("1"))
                #expect(file["articles"]?.arrayValue?.first?["author"] == .string("1"))
            }
            await server.stop()
        }

        @Test func anODataServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await ODataTestServer.start()
            let category = ODataTestServer.categoryName(ODataTestServer.categoryID(ofProduct: 5))
            try await SnapshotRoundTrip.run(
                server.rootURL,
                [
                    .command("resources", shows: "Categories"),
                    .command("Products", shows: ODataTestServer.productName(1) + " "),
                    .command("Products 5", shows: "\"Name\": \"\(ODataTestServer.productName(5))\""),
                    .press("1", shows: "\"Name\": \"\(category)\""),
                    .command("People", shows: "o'brien"),
                    .command("People ann", shows: "\"UserName\": \"ann\""),
                ]
            ) { file in
                #expect(file["Products"]?.arrayValue?.first?["ID"] == .int(1))
                #expect(file["People"]?.arrayValue?.first?["UserName"] == .string("ann"))
            }
            await server.stop()
        }
    }
}
