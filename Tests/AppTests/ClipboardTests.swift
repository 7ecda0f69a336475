import Foundation
import Testing
import Translations

@testable import App

/// `y` sends at most 1 MiB through OSC 52 and says when it cut (issue 25:
/// a 5 MB value went out as a 7 MB escape sequence).
@Suite("Clipboard: the copy's limit")
struct ClipboardTests {
    /// The text the sequence carries (the plain OSC 52 form, outside tmux).
    static func payload(_ sequence: String) -> String? {
        guard sequence.hasPrefix("\u{1B}]52;c;"), sequence.hasSuffix("\u{07}") else { return nil }
        let base64 = sequence.dropFirst("\u{1B}]52;c;".utf8.count).dropLast()
        return Data(base64Encoded: String(base64)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aFiveMegabyteCopyIsCutTo1MiBAndTheMessageSaysByHowMuch() throws {
        let text = String(repeating: "é日本 lorem ", count: 400_000)  // 6.4 MB, multi-byte throughout
        let copy = Clipboard.copy(text, description: "todo 1 as JSON", inTmux: false)
        let sent = try #require(Self.payload(copy.sequence))
        #expect(sent.utf8.count <= Clipboard.limit)
        #expect(sent.utf8.count > Clipboard.limit - 4)
        #expect(text.hasPrefix(sent))
        #expect(copy.cutBytes == text.utf8.count - sent.utf8.count)
        let cutKiB = (copy.cutBytes + 1023) / 1024
        #expect(
            copy.message
                == Texts.App.copiedCut(shown: sent.utf8.count / 1024, description: "todo 1 as JSON", cut: cutKiB))
        #expect(copy.message.contains("todo 1 as JSON"))
    }

    @Test func aCopyWithinTheLimitIsSentWholeWithThePlainMessage() throws {
        let text = String(repeating: "x", count: Clipboard.limit)
        let copy = Clipboard.copy(text, description: "todo 2 as JSON", inTmux: false)
        #expect(try #require(Self.payload(copy.sequence)) == text)
        #expect(copy.cutBytes == 0)
        #expect(copy.message == Texts.App.copied(description: "todo 2 as JSON"))
    }
}
