import Foundation
import JSON
import PropertyBased
import Testing

extension Properties {
    /// The JSON parser against Foundation's `JSONSerialization` (see
    /// `JSONOracle` for the differences decided on), and against itself.
    @Suite struct JSONParserPropertyTests {
        static let texts = Gen<UInt8>.value(in: 0...255).array(of: 0...300)

        @Test func acceptsAndReadsWhatFoundationDoes() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts) { seed in
                await Task.yield()  // one case at a time: other suites share the two cores
                var builder = JSONTextBuilder(seed)
                let text = builder.bytes()
                let verdict = JSONOracle.compare(text)
                if case .disagree(let why) = verdict {
                    Issue.record("\(why) on \(String(decoding: text, as: UTF8.self).debugDescription)")
                }
            }
        }

        @Test func neverCrashesOnRandomBytesAndAgreesOnRejection() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts) { bytes in
                await Task.yield()  // one case at a time: other suites share the two cores
                let verdict = JSONOracle.compare(bytes)
                if case .disagree(let why) = verdict {
                    Issue.record("\(why) on \(bytes)")
                }
            }
        }

        /// What the parser reads, the writer writes back, and reading that
        /// gives the same value.
        @Test func writingWhatWasReadReadsTheSame() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts) { seed in
                await Task.yield()  // one case at a time: other suites share the two cores
                var builder = JSONTextBuilder(seed)
                guard let value = try? JSONParser.parse(builder.bytes()) else { return }
                let written = JSONWriter.data(value)
                #expect(throws: Never.self) { try JSONParser.parse(written) }
                if let again = try? JSONParser.parse(written), !Self.sameExceptNonFinite(again, value) {
                    Issue.record("\(value) wrote \(String(decoding: written, as: UTF8.self)), read back \(again)")
                }
            }
        }

        /// Equal, where a non-finite double (which JSON cannot write) may come back as anything.
        static func sameExceptNonFinite(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
            switch (lhs, rhs) {
            case (_, .double(let value)) where !value.isFinite: return true
            case (.array(let a), .array(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { sameExceptNonFinite($0, $1) }
            case (.object(let a), .object(let b)):
                return a.count == b.count
                    && zip(a.members, b.members).allSatisfy {
                        $0.key == $1.key && sameExceptNonFinite($0.value, $1.value)
                    }
            default: return lhs == rhs
            }
        }
    }
}
