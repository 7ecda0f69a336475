/// Writes a ``RequestText`` as a `curl` command line for a POSIX shell.
///
/// Every word is single-quoted (a `'` inside becomes `'\''`), so nothing in
/// a URL or a header is read by the shell; a header holding a secret is
/// double-quoted instead, its text escaped and the variable left for the
/// shell to expand: `-H "Authorization: Bearer $TRESTLE_TOKEN"`.
public enum CurlCommand {
    public static func render(_ request: RequestText) -> String {
        if let command = request.command { return command }
        var words = ["curl", "-sS"]
        if request.insecure { words.append("-k") }
        if request.method != "GET" { words += ["-X", singleQuoted(request.method)] }
        for header in request.headers {
            words.append("-H")
            if let variable = header.variable {
                words.append("\"" + doubleQuotedText("\(header.name): \(header.value)") + "$\(variable)\"")
            } else {
                words.append(singleQuoted("\(header.name): \(header.value)"))
            }
        }
        if let body = request.body { words += ["--data-raw", singleQuoted(body)] }
        words.append(singleQuoted(request.url))
        return words.joined(separator: " ")
    }

    /// `text` as one shell word, taken literally.
    public static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` escaped for the inside of double quotes (`\`, `"`, `$`, `` ` ``).
    public static func doubleQuotedText(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\\"$`".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
