import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The language of the screens on the real binary: the locale's, or `--lang`'s.
    @Suite
    struct LanguageEndToEndTests {
        /// The user's locale, as a German user's shell sets it (not installed on
        /// this machine: the app must still draw umlauts).
        static let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]

        @Test func langDeShowsGermanHelpStatusBarStartScreenAndErrors() async throws {
            let app = try RunningApp(["--delay", "0"], environment: Self.german)
            defer { app.stop() }
            let list = try await app.session.eventually("the German todo list") { screen in
                screen.contains(" todos 200 ") && screen.contains("Titel")
            }
            #expect(list.contains("? Hilfe"))
            #expect(list.contains("Fertig"))
            try app.session.press("?")
            try await app.session.eventually("the German help") { screen in
                screen.contains("Überall") && screen.contains("diese Hilfe") && screen.contains("Hilfe zu todos")
                    && screen.contains("Bild↑ Bild↓")
            }
            try app.session.press("Escape")
            try app.session.press("Escape")
            try await app.session.eventually("the German start screen") { screen in
                screen.contains("Ressourcen dieses Dienstes (aus dem eingebauten Katalog) – Enter öffnet eine")
                    && screen.contains("Datensätze") && screen.contains(" Ressourcen 6 ")
            }
            try await app.command("export")
            try await app.session.eventually("a German error") { screen in
                screen.contains("Aufruf: :export csv DATEI  oder  :export json DATEI")
            }
        }

        @Test func langEnShowsEnglishWhateverTheLocale() async throws {
            let app = try RunningApp(["--delay", "0", "--lang", "en"], environment: Self.german)
            defer { app.stop() }
            try await app.waitForList()
            #expect(try app.session.screen().contains("? help"))
            try app.session.press("?")
            try await app.session.eventually("the English help") { screen in
                screen.contains("Everywhere") && screen.contains("help for todos")
            }
            try app.session.press("Escape")
            try app.session.press("Escape")
            try await app.session.eventually("the English start screen") { screen in
                screen.contains("Resources of this service (from the built-in catalog) — Enter opens one")
                    && screen.contains(" resources 6 ")
            }
            try await app.command("export")
            try await app.session.eventually("an English error") { screen in
                screen.contains("Usage: :export csv FILE  or  :export json FILE")
            }
        }
    }
}
