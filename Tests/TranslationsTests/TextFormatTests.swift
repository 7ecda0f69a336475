import Testing
import Translations

struct TextFormatTests {
    @Test func numbersAreGroupedPerLanguage() {
        #expect(Language.en.number(1_000_000) == "1,000,000")
        #expect(Language.de.number(1_000_000) == "1.000.000")
        #expect(Language.de.number(999) == "999")
        #expect(Language.de.number(5000) == "5000")
        #expect(Language.en.number(12_345) == "12,345")
        #expect(Language.de.number(-12_345) == "-12.345")
        #expect(Language.en.number(0) == "0")
    }

    @Test func tenthsUseTheLanguagesDecimalSeparator() {
        #expect(Language.en.tenths(0.3) == "0.3")
        #expect(Language.de.tenths(0.3) == "0,3")
        #expect(Language.de.tenths(10) == "10")
    }

    @Test func placeholdersAreFilledInOrderOrByPosition() {
        #expect(TextFormat.fill("%d of %@", [.int(12_000), .string("x")], language: .de) == "12.000 of x")
        #expect(TextFormat.fill("%2$@ nach %1$@", [.string("a"), .string("b")], language: .de) == "b nach a")
        #expect(TextFormat.fill("100%% %@", [.string("ok")], language: .en) == "100% ok")
    }

    @Test func typedTextsSayItPerLanguage() {
        Language.$override.withValue(.de) {
            #expect(Texts.List.countOf(shown: 1_000_000, total: "2.000.000") == "1.000.000 von 2.000.000")
            #expect(Texts.Age.minutes(count: 5) == "vor 5 Min.")
            #expect(Texts.Age.days(count: 1) == "vor 1 Tag")
            #expect(Texts.Age.days(count: 3) == "vor 3 Tagen")
            #expect(
                Texts.List.serverSentNoMore(resources: "todos", loaded: 10_000, claimed: 12_000)
                    == "Der Server schickte nach 10.000 keine todos mehr (gezählt: 12.000)")
        }
        Language.$override.withValue(.en) {
            #expect(Texts.Age.minutes(count: 5) == "5 min ago")
            #expect(Texts.List.matches(count: 1) == "1 match")
            #expect(Texts.List.matches(count: 20_000) == "20,000 matches")
            #expect(
                Texts.List.serverSentNoMore(resources: "todos", loaded: 10_000, claimed: 12_000)
                    == "The server sent no todos after 10,000 (it counted 12,000)")
        }
    }
}
