import Foundation
import Services
import TerminalUI
import TestSupport
import Testing
import Translations

@testable import App

/// Every screen in German at 80x24 and 40x10: German texts are longer, and
/// nothing may be cut in the middle of a word without an ellipsis.
@MainActor
@Suite("German screens fit")
struct GermanScreensTests {
    @Test func everyScreenFitsAt80x24And40x10() async throws {
        try await Language.$override.withValue(.de) { try await walkEveryScreen() }
    }

    @Test func keyNamesInHelpFollowTheLanguage() {
        Language.$override.withValue(.de) {
            #expect(Key.ctrl("c").label == "Strg-C")
            #expect(Key.pageDown.label == "Bild↓")
            #expect(Key.char(" ").label == "Leertaste")
            #expect(Key.char("j").label == "j")
        }
        Language.$override.withValue(.en) {
            #expect(Key.ctrl("c").label == "Ctrl-C")
            #expect(Key.home.label == "Home")
        }
        // The config file's key map keeps its names in every language.
        Language.$override.withValue(.de) { #expect(Key.pageDown.description == "PgDn") }
    }

    @Test func theCheckSeesAWordCutWithoutAnEllipsis() throws {
        let words = try Vocabulary()
        #expect(words.cutWords(in: " Ressourcen dieses Diens") == ["diens"])
        #expect(words.cutWords(in: " Ressourcen dieses Diens… ").isEmpty)
        #expect(words.cutWords(in: " Ressourcen dieses Dienstes ").isEmpty)
        #expect(words.cutWords(in: "    spr│ todo 1 löschen? │").isEmpty)
    }

    /// Opens every screen in turn and checks it at both sizes.
    private func walkEveryScreen() async throws {
        do {
            let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 80))
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-de-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let options = LaunchOptions(
                delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
            let prepared = try await AppRoot.prepare(options: options, environment: ["HOME": home.path])
            let router = AppRoot.makeRouter(
                prepared, terminal: terminal, writer: LocalFileWriter(workingDirectory: home.path))
            router.start()
            let words = try Vocabulary()
            var checked: [String] = []

            func waitFor(_ text: String) async {
                let deadline = ContinuousClock.now + .seconds(120)
                let alarm = Task { @MainActor in
                    guard (try? await Task.sleep(until: deadline)) != nil else { return }
                    router.setNeedsDisplay()
                }
                defer { alarm.cancel() }
                while !terminal.contains(text) {
                    if ContinuousClock.now >= deadline {
                        Issue.record("timed out waiting for “\(text)”:\n\(terminal.text)")
                        return
                    }
                    await router.nextFrame()
                }
            }
            func press(_ keys: String) {
                for character in keys { _ = router.handle(.char(character)) }
            }
            /// Draws the current screen at both sizes and checks every word; ends at 80x24.
            /// The words of the screen drawn very wide count as words (header names, keys).
            func check(_ screen: String) {
                terminal.resize(to: Size(rows: 60, cols: 240))
                _ = router.handle(.resize)
                let shown = (0..<60).flatMap { Vocabulary.tokens(of: terminal.line($0)).map(\.text) }
                let known = words.adding(shown)
                for size in [Size(rows: 10, cols: 40), Size(rows: 24, cols: 80)] {
                    terminal.resize(to: size)
                    _ = router.handle(.resize)
                    for row in 0..<size.rows {
                        let line = terminal.line(row)
                        for cut in known.cutWords(in: line) {
                            Issue.record("\(screen) at \(size): “\(cut)” cut without an ellipsis in\n\(line)")
                        }
                    }
                }
                checked.append(screen)
            }

            await waitFor("todos 200")
            check("todos list")
            press("?")
            await waitFor("Hilfe zu todos")
            check("list help")
            _ = router.handle(.escape)
            press("/")
            press("zzqx")
            await waitFor("Keine todos passen")
            check("a filter without matches")
            _ = router.handle(.escape)
            _ = router.handle(.enter)
            await waitFor("\"completed\"")
            check("record detail")
            press("?")
            check("detail help")
            _ = router.handle(.escape)
            _ = router.handle(.escape)
            press("e")
            await waitFor("bearbeiten")
            check("edit form")
            _ = router.handle(.escape)
            press("d")
            await waitFor("löschen?")
            check("delete dialog")
            _ = router.handle(.escape)
            press(":")
            await waitFor("Tab ergänzt")
            check("command line")
            for character in "export" { _ = router.handle(.char(character)) }
            _ = router.handle(.enter)
            await waitFor("Aufruf: :export")
            check("a command line error")
            // `:curl-open`'s paste dialog, empty and with a command read (its secret as ***).
            router.onSwitch = { _ in }
            press(":")
            for character in "curl-open" { _ = router.handle(.char(character)) }
            _ = router.handle(.enter)
            await waitFor("einfügen")
            check("curl paste dialog")
            for character in "curl -H 'X-Api-Key: k1' http://127.0.0.1:9/todos/3" {
                _ = router.handle(.char(character))
            }
            await waitFor("öffnet")
            check("curl paste read")
            _ = router.handle(.escape)
            press(":")
            for character in "freq completed" { _ = router.handle(.char(character)) }
            _ = router.handle(.enter)
            await waitFor("Werte über")
            check("frequency table")
            _ = router.handle(.escape)
            press(":")
            for character in "requests" { _ = router.handle(.char(character)) }
            _ = router.handle(.enter)
            await waitFor("dieses Laufs")
            check("request inspector")
            _ = router.handle(.enter)
            await waitFor("Antwort-Header")
            check("one request")
            _ = router.handle(.escape)
            _ = router.handle(.escape)
            _ = router.handle(.escape)
            await waitFor("Ressourcen dieses Dienstes")
            await waitFor("5000")
            check("start screen")
            press("?")
            await waitFor("Überall")
            check("start screen help")
            #expect(checked.count == 16)
            router.stopAll()
        }
    }
}

/// The words Trestle shows (every text in every language, the sample data,
/// the catalog's names) and what counts as cut: a token on screen that is
/// no word itself but begins one, not followed by "…".
private struct Vocabulary {
    var words: Set<String> = []

    init() throws {
        for entry in TextCatalog.entries {
            for value in entry.values.values { words.formUnion(Self.tokens(of: value).map(\.text)) }
        }
        let data = try String(
            contentsOf: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json"), encoding: .utf8)
        words.formUnion(Self.tokens(of: data).map(\.text))
        for resource in ResourceCatalog.jsonPlaceholder.resources {
            words.formUnion(
                Self.tokens(of: [resource.name, resource.singular] + resource.columns.map(\.title)).map(\.text))
        }
    }

    func adding(_ more: [String]) -> Vocabulary {
        var copy = self
        copy.words.formUnion(more)
        return copy
    }

    /// Tokens not followed by "…" that only begin a word; a token under a
    /// dialog's border (box drawing follows) is covered, not cut.
    func cutWords(in line: String) -> [String] {
        let characters = Array(line)
        return Self.tokens(of: line).compactMap { token in
            let next = token.end < characters.count ? characters[token.end] : " "
            let covered = next.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } ?? false
            guard token.text.count >= 2, next != "…", !covered, !words.contains(token.text) else { return nil }
            return words.contains { $0.count > token.text.count && $0.hasPrefix(token.text) } ? token.text : nil
        }
    }

    /// Runs of letters, lowercased, with the index after each.
    static func tokens(of text: some StringProtocol) -> [(text: String, end: Int)] {
        var result: [(String, Int)] = []
        var current = ""
        for (index, character) in text.enumerated() {
            if character.isLetter {
                current.append(character)
            } else if !current.isEmpty {
                result.append((current.lowercased(), index))
                current = ""
            }
        }
        if !current.isEmpty { result.append((current.lowercased(), text.count)) }
        return result
    }

    static func tokens(of texts: [String]) -> [(text: String, end: Int)] {
        texts.flatMap { tokens(of: $0) }
    }
}
