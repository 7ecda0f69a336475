import Foundation
import Testing

@testable import App

/// Where the shipped themes and sample data are looked for (issue 38, point 9):
/// the two layouts, nowhere above them, nothing others may write.
@Suite("Shipped files: only where the layout puts them")
struct ShippedFilesTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-shipped-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    private func folder(_ path: String, mode: Int = 0o755) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func theInstalledLayoutFindsPrefixShare() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let themes = try folder("prefix/share/trestle/themes")
        let executable = try folder("prefix/bin").appendingPathComponent("trestle")
        #expect(ShippedFiles.locate("themes", executable: executable)?.path == themes.path)
    }

    @Test func aCheckoutFindsThePackageRootOfItsBuildFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let checkout = try folder("checkout")
        try Data().write(to: checkout.appendingPathComponent("Package.swift"))
        let themes = try folder("checkout/themes")
        let executable = try folder("checkout/.build/x86_64-unknown-linux-gnu/debug").appendingPathComponent("trestle")
        #expect(ShippedFiles.locate("themes", executable: executable)?.path == themes.path)
    }

    @Test func noFolderAboveTheLayoutIsSearched() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // The old walk up eight folders found these (it reached /tmp/themes).
        _ = try folder("themes")
        _ = try folder("share/trestle/themes")
        let executable = try folder("a/b/c/d").appendingPathComponent("trestle")
        #expect(ShippedFiles.locate("themes", executable: executable) == nil)
        // A `.build` folder without a Package.swift beside it is no checkout.
        let built = try folder("loose/.build/debug").appendingPathComponent("trestle")
        _ = try folder("loose/themes")
        #expect(ShippedFiles.locate("themes", executable: built) == nil)
    }

    @Test func aFolderOthersMayWriteIsNotTrusted() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try folder("prefix/share/trestle/themes")
        _ = try folder("prefix/share", mode: 0o777)
        let executable = try folder("prefix/bin").appendingPathComponent("trestle")
        #expect(ShippedFiles.locate("themes", executable: executable) == nil)
        #expect(ShippedFiles.isTrusted(URL(fileURLWithPath: "/tmp")) == false)
    }
}

/// `trestle auth status` says works only on a 2xx (issue 38, point 9).
@Suite("auth status: what a status proves")
struct AuthStatusVerdictTests {
    @Test(arguments: [200, 204, 299])
    func aTwoHundredWorks(status: Int) {
        #expect(AuthStatus.verdict(target: "GET /x", status: status).0)
    }

    @Test(arguments: [
        (301, "a redirect"), (401, "was not accepted"), (403, "may not read this"), (404, "nothing there"),
        (418, "refused the request"), (431, "headers are too large"), (500, "the service failed"),
        (100, "answered 100"),
    ])
    func anythingElseDoesNotAndSaysWhy(status: Int, words: String) {
        let (works, line) = AuthStatus.verdict(target: "GET /x", status: status)
        #expect(!works)
        #expect(line.contains("GET /x answered \(status)"), "\(line)")
        #expect(line.contains(words), "\(line)")
        #expect(!line.hasPrefix("works"))
    }
}
