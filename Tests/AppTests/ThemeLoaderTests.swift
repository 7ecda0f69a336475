import Foundation
import TerminalUI
import Testing

@testable import App

@Suite struct ThemeLoaderTests {
    /// The shipped `themes/` folder of this package.
    static let shipped = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("themes")

    @Test func everyShippedThemeParses() throws {
        let names = ThemeLoader.availableThemes(searchPaths: [Self.shipped])
        #expect(names == ["default", "high-contrast", "light", "monochrome"])
        for name in names {
            let theme = try ThemeLoader.load(name: name, searchPaths: [Self.shipped])
            #expect(theme.name == name)
            #expect(!theme.styles.isEmpty)
        }
    }

    @Test func shippedDefaultMatchesTheBuiltInTheme() throws {
        let theme = try ThemeLoader.load(name: "default", searchPaths: [Self.shipped])
        for role in Role.allCases {
            #expect(theme.style(role) == Theme.builtinDefault.style(role), "role \(role)")
        }
        #expect(Set(theme.styles.keys) == Set(Role.allCases))
    }

    @Test func monochromeThemeHasNoColours() throws {
        let theme = try ThemeLoader.load(name: "monochrome", searchPaths: [Self.shipped])
        for (_, style) in theme.styles {
            #expect(style.foreground == .terminalDefault && style.background == .terminalDefault)
        }
        #expect(theme.style(.cursorRow).reverse)
    }

    @Test func parsesEveryColourNotation() throws {
        let theme = try ThemeLoader.parse(
            yaml: """
                name: mine
                roles:
                  header: { fg: "#ff8000", bg: 24, bold: true, underline: true }
                  cursorRow: { fg: brightWhite, bg: default, reverse: true, dim: false }
                  error: { fg: Red }
                """, source: "mine.yaml")
        #expect(theme.name == "mine")
        #expect(
            theme.style(.header)
                == Style(foreground: .rgb(255, 128, 0), background: .palette(24), bold: true, underline: true))
        #expect(theme.style(.cursorRow) == Style(foreground: .ansi(15), background: .terminalDefault, reverse: true))
        #expect(theme.style(.error).foreground == .ansi(1))
    }

    @Test func missingRolesFallBackToTheDefault() throws {
        let theme = try ThemeLoader.parse(yaml: "roles:\n  header: { fg: red }\n", source: "partial.yaml")
        #expect(theme.style(.statusBar) == Theme.builtinDefault.style(.statusBar))
        #expect(theme.name == "partial")
    }

    @Test func unknownRoleNamesFileLineAndSuggestion() {
        let yaml = "name: x\nroles:\n  header: { fg: red }\n  cursorrow: { fg: blue }\n"
        #expect(throws: ThemeError.self) { try ThemeLoader.parse(yaml: yaml, source: "x.yaml") }
        do {
            _ = try ThemeLoader.parse(yaml: yaml, source: "x.yaml")
        } catch {
            #expect(error.description == "x.yaml:4: unknown role 'cursorrow' (did you mean 'cursorRow'?)")
        }
    }

    @Test func badColourIsReportedOnOneLine() {
        for value in ["purple", "300", "#12345", "#ggggff"] {
            do {
                _ = try ThemeLoader.parse(yaml: "roles:\n  header: { fg: \"\(value)\" }\n", source: "bad.yaml")
                Issue.record("\(value) was accepted")
            } catch {
                #expect(error.description.hasPrefix("bad.yaml:2: bad colour '\(value)' for role 'header'"))
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func unquotedHashColourIsABadColour() {
        // `#` starts a YAML comment, so the value is empty.
        #expect(throws: ThemeError.self) {
            try ThemeLoader.parse(yaml: "roles:\n  header:\n    fg: #ffffff\n", source: "t.yaml")
        }
    }

    @Test func structuralErrorsNameTheProblem() {
        let cases: [(String, String)] = [
            ("- a\n- b\n", "t.yaml:1: the theme must be a mapping"),
            ("roles: [header]\n", "t.yaml:1: 'roles' must be a mapping"),
            ("roles:\n  header: red\n", "t.yaml:2: role 'header' must be a mapping"),
            ("colours: {}\n", "t.yaml:1: unknown key 'colours'"),
            ("roles:\n  header: { bold: maybe }\n", "t.yaml:2: 'bold' of role 'header' must be true or false"),
            ("roles: {\n", "t.yaml:"),
        ]
        for (yaml, expected) in cases {
            do {
                _ = try ThemeLoader.parse(yaml: yaml, source: "t.yaml")
                Issue.record("accepted: \(yaml)")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func missingThemeListsTheAvailableOnes() {
        do {
            _ = try ThemeLoader.load(name: "solarized", searchPaths: [Self.shipped])
            Issue.record("loaded a theme that does not exist")
        } catch {
            #expect(
                error.description
                    == "theme 'solarized' not found (available: default, high-contrast, light, monochrome)")
        }
    }

    @Test func earlierSearchPathsWin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: light\nroles:\n  header: { fg: red }\n".write(
            to: folder.appendingPathComponent("light.yaml"), atomically: true, encoding: .utf8)
        let theme = try ThemeLoader.load(name: "light", searchPaths: [folder, Self.shipped])
        #expect(theme.style(.header).foreground == .ansi(1))
        #expect(ThemeLoader.availableThemes(searchPaths: [folder, Self.shipped]).count == 4)
    }
}
