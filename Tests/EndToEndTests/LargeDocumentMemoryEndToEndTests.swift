import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The first read of a large OpenAPI document takes a few times the
    /// document's size, not a parsed tree and a whole decoded document at
    /// once (issue 42, item 2): the real binary reads a generated document of
    /// 2,000 collections (about 5 MB) and one of 20, to the end (every
    /// collection on the start screen and the catalogue kept), and its peak
    /// RSS (`VmHWM`) beyond the small one's is compared with the document's
    /// size (compact JSON, 4.8 MB). On the debug build: read into one merged
    /// document and kept encoded whole, 51 times it (229 MiB); catalogued
    /// slice by slice and kept a part at a time, 24 times (110 MiB), most of
    /// it the parsed tree; the slices cut from the text, no tree held
    /// (`JSONText`), 15–17 times (70–77 MiB).
    @Suite
    struct LargeDocumentMemoryEndToEndTests {
        static let large = 2000
        static let small = 20
        /// What the large reading may take beyond the small one, per byte of the document.
        static let factor = 21

        @Test func aLargeDocumentsFirstReadTakesAFewTimesItsSize() async throws {
            let server = try await LargeDocumentEndToEndTests.server()
            let small: (peakKiB: Int, bytes: Int)
            let large: (peakKiB: Int, bytes: Int)
            do {
                small = try await Self.read(collections: Self.small, server)
                large = try await Self.read(collections: Self.large, server)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            let beyond = large.peakKiB - small.peakKiB
            print(
                "peak RSS: \(Self.small) collections \(small.peakKiB) KiB, \(Self.large) collections"
                    + " (\(large.bytes) bytes) \(large.peakKiB) KiB: \(beyond) KiB beyond,"
                    + " \(String(format: "%.1f", Double(beyond * 1024) / Double(large.bytes))) times the document")
            #expect(
                beyond * 1024 <= large.bytes * Self.factor,
                "\(beyond) KiB beyond the small document's peak for a document of \(large.bytes) bytes")
        }

        /// Trestle's peak RSS once it has read a generated document of
        /// `collections` collections (every one on the start screen, the
        /// catalogue kept), and the document's size.
        static func read(collections: Int, _ server: TestHTTPServer) async throws -> (peakKiB: Int, bytes: Int) {
            let folder = try LargeDocumentEndToEndTests.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let document = Data(GeneratedDocument.text(collections: collections).utf8)
            try document.write(to: folder.appendingPathComponent("big.json"))
            let app = try RunningApp(
                ["--env", "development", "--base-url", server.baseURL.absoluteString, "--openapi", "big.json"],
                cols: 160, directory: folder.path)
            defer { app.stop() }
            try await app.session.eventually("every collection", timeout: 120) { screen in
                ResourceScreen.status(screen).contains("resources \(collections)")
            }
            let kept = await waitUntil { app.home.log.contains("openapi catalog kept") }
            #expect(kept, "the catalogue was never kept: \(app.home.log.suffix(2000))")
            let pid = try app.trestlePID()
            let peak = Self.peakKiB(of: pid)
            #expect(peak != nil, "no VmHWM for trestle (pid \(pid))")
            return (peak ?? 0, document.count)
        }

        /// `VmHWM` of `pid` in KiB, or nil once it is gone.
        static func peakKiB(of pid: Int32) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return nil }
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
    }
}
