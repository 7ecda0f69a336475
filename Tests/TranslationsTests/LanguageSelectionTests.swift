import Testing
import Translations

struct LanguageSelectionTests {
    @Test func theFlagComesFirst() throws {
        let environment = ["LC_ALL": "de_DE.UTF-8"]
        #expect(try LanguageSelection.language(flag: "en", environment: environment) == .en)
        #expect(try LanguageSelection.language(flag: "de", environment: [:]) == .de)
        #expect(try LanguageSelection.language(flag: "de_AT.UTF-8", environment: [:]) == .de)
    }

    @Test func aFlagWithoutTranslationsIsAnErrorNamingIt() {
        let error = #expect(throws: LanguageSelection.UnknownLanguage.self) {
            try LanguageSelection.language(flag: "fr", environment: [:])
        }
        #expect(error?.description == "--lang: no translations for 'fr' (use en or de)")
    }

    @Test func thenLCAllThenLCMessagesThenLang() throws {
        #expect(try LanguageSelection.language(flag: nil, environment: ["LANG": "de_DE.UTF-8"]) == .de)
        #expect(
            try LanguageSelection.language(
                flag: nil, environment: ["LC_MESSAGES": "en_US.UTF-8", "LANG": "de_DE.UTF-8"])
                == .en)
        #expect(
            try LanguageSelection.language(flag: nil, environment: ["LC_ALL": "de_CH", "LC_MESSAGES": "en_US"]) == .de)
        // An empty variable does not count.
        #expect(try LanguageSelection.language(flag: nil, environment: ["LC_ALL": "", "LANG": "de_DE"]) == .de)
    }

    @Test func anUnknownOrCLocaleFallsBackToTheMaster() throws {
        #expect(try LanguageSelection.language(flag: nil, environment: [:]) == .master)
        #expect(try LanguageSelection.language(flag: nil, environment: ["LANG": "C.UTF-8"]) == .en)
        #expect(
            try LanguageSelection.language(flag: nil, environment: ["LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE"]) == .en)
        #expect(Language.master == .en)
    }

    @Test func aTaskCanShowAnotherLanguage() {
        Language.$override.withValue(.de) {
            #expect(Language.current == .de)
            #expect(Texts.Help.breadcrumb == "Hilfe")
        }
        Language.$override.withValue(.en) {
            #expect(Texts.Help.breadcrumb == "help")
        }
    }
}
