import Foundation

/// Splits text into words as a POSIX shell does, without expanding anything.
struct ShellWords {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    mutating func split() throws(CurlInput.Failure) -> [String] {
        var words: [String] = []
        var word: String?
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case " ", "\t", "\n", "\r":
                if let done = word { words.append(done) }
                word = nil
            case "\\":
                guard index < scalars.count else { throw CurlInput.Failure(.unfinished, incomplete: true) }
                let next = scalars[index]
                index += 1
                if Self.isNewline(next) {
                    // A continuation: `\` + CR LF too, as pasted from another system.
                    if next == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                    continue
                }
                word = (word ?? "") + String(next)
            case "'":
                word = (word ?? "") + (try singleQuoted())
            case "\"":
                word = (word ?? "") + (try doubleQuoted())
            case "$" where index < scalars.count && scalars[index] == "'":
                index += 1
                word = (word ?? "") + (try ansiQuoted())
            default:
                word = (word ?? "") + String(scalar)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    private mutating func singleQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "'" { return String(text) }
            text.append(scalar)
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }

    private mutating func doubleQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return String(text) }
            if scalar == "\\", index < scalars.count {
                let next = scalars[index]
                if "$`\"\\".unicodeScalars.contains(next) {
                    text.append(next)
                    index += 1
                    continue
                }
                if Self.isNewline(next) {
                    index += 1
                    if next == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                    continue
                }
            }
            text.append(scalar)
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }

    /// `$'…'` (bash's ANSI-C quoting, which Chrome's "Copy as cURL" writes).
    private mutating func ansiQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "'" { return String(text) }
            guard scalar == "\\", index < scalars.count else {
                text.append(scalar)
                continue
            }
            let next = scalars[index]
            index += 1
            switch next {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "x", "u", "U":
                let digits = next == "x" ? 2 : next == "u" ? 4 : 8
                var hex = ""
                while hex.count < digits, index < scalars.count, scalars[index].properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    text.append(decoded)
                } else {
                    text.append(contentsOf: "\\\(next)\(hex)".unicodeScalars)
                }
            default: text.append(next)  // \\ \' \" and the rest: the character itself
            }
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }
}
