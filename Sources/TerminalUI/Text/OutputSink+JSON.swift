#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputSink {
    /// JSON text (`trestle call`'s answer): cleaned as JSON, and on a
    /// terminal that takes colour (not `NO_COLOR`, not `TERM=dumb`) coloured
    /// as the record screen colours it — keys, strings, numbers, literals.
    /// Only SGR sequences of its own are added; a pipe or file gets the JSON alone.
    public func writeJSON(_ text: String) {
        guard isTerminal, Self.takesColour else {
            write(text, as: .json)
            return
        }
        writeAll(Self.coloured(OutputText.clean(text, as: .json)))
    }

    /// Whether the environment lets output be coloured.
    static var takesColour: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        guard let term = getenv("TERM") else { return false }
        let name = String(cString: term)
        return !name.isEmpty && name != "dumb"
    }

    /// `json` (clean already) with SGR colours around its tokens: keys blue,
    /// strings green, numbers cyan, `true`/`false`/`null` magenta.
    static func coloured(_ json: String) -> String {
        let scalars = Array(json.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func paint(_ code: String, _ range: Range<Int>) {
            out.append(contentsOf: "\u{1B}[\(code)m".unicodeScalars)
            out.append(contentsOf: scalars[range])
            out.append(contentsOf: "\u{1B}[0m".unicodeScalars)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
                end = min(end + 1, scalars.count)
                var after = end
                while after < scalars.count, scalars[after] == " " { after += 1 }
                let isKey = after < scalars.count && scalars[after] == ":"
                paint(isKey ? "34" : "32", index..<end)
                index = end
            case "-", "0"..."9":
                var end = index + 1
                while end < scalars.count, "0123456789.eE+-".unicodeScalars.contains(scalars[end]) { end += 1 }
                paint("36", index..<end)
                index = end
            case "t", "f", "n":
                var end = index
                while end < scalars.count, ("a"..."z").contains(scalars[end]) { end += 1 }
                paint("35", index..<end)
                index = end
            default:
                out.append(scalar)
                index += 1
            }
        }
        return String(out)
    }
}
