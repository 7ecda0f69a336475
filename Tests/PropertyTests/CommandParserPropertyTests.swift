import Modules
import PropertyBased
import Testing

extension Properties {
    /// The `:` command line over any line: a command or one line of error,
    /// never a crash.
    @Suite struct CommandParserPropertyTests {
        static let resources = ["todos", "posts", "comments", "albums", "photos", "users"]
        static let words = [
            "todos", "posts", "users", "tods", "export", "csv", "json", "/tmp/x y.csv", "freq", "completed", "q", "q!",
            "quit", "help", "?", "resources", "requests", "3", "-1", "0", "99999999999999999999", "userId=2",
            "userId!=2", "id>=3", "title~a", "a=", "=b", "==", "id in 1,2", "🙂", "中文", "\u{1B}[2J", "\t", "  ", "",
            "\u{202E}", "é", ":", "x=y=z", "users/3", "../../etc", "%", "\\", "\"", "'",
        ]

        @Test func anyLineParsesOrFailsWithOneLine() async {
            let seeds = Gen<UInt8>.value(in: 0...255).array(of: 0...24)
            await propertyCheck(count: FuzzBudget.cases, input: seeds) { seed in
                await Task.yield()  // one case at a time: other suites share the two cores
                var source = ByteSource(seed)
                var parts: [String] = []
                while !source.isExhausted { parts.append(source.pick(Self.words)) }
                let line = parts.joined(separator: source.choose(3) == 0 ? "" : " ")
                do throws(CommandParser.Failure) {
                    _ = try CommandParser.parse(line, resources: Self.resources)
                } catch {
                    #expect(!error.message.isEmpty, "an empty error for \(line.debugDescription)")
                    #expect(!error.message.contains("\n"), "a multi-line error for \(line.debugDescription)")
                }
            }
        }
    }
}
