import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One `<text>` of a trema file: its key, the translator's context and a
/// value per language.
struct TremaText {
    var key: String
    var context = ""
    var values: [String: String] = [:]
}

/// A trema file (`<trema masterLang="en">`), read with Foundation's XMLParser.
struct TremaFile {
    var masterLanguage: String
    var texts: [TremaText]

    /// Every language named by a value, the master first.
    var languages: [String] {
        let others = Set(texts.flatMap { $0.values.keys }).subtracting([masterLanguage]).sorted()
        return [masterLanguage] + others
    }

    static func read(_ url: URL) throws -> TremaFile {
        let data = try Data(contentsOf: url)
        let reader = TremaReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), let master = reader.masterLanguage else {
            let reason = reader.problem ?? parser.parserError.map { "\($0)" } ?? "no <trema masterLang=…> element"
            throw GeneratorError("\(url.path):\(parser.lineNumber): \(reason)")
        }
        return TremaFile(masterLanguage: master, texts: reader.texts)
    }
}

/// The XMLParser delegate that collects texts.
private final class TremaReader: NSObject, XMLParserDelegate {
    var masterLanguage: String?
    var texts: [TremaText] = []
    var problem: String?
    private var current: TremaText?
    private var language: String?
    private var buffer = ""

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        buffer = ""
        switch name {
        case "trema": masterLanguage = attributes["masterLang"]
        case "text": current = TremaText(key: attributes["key"] ?? "")
        case "value": language = attributes["lang"]
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "context": current?.context = buffer.trimmingCharacters(in: .whitespacesAndNewlines)
        case "value":
            guard let language else {
                problem = "a <value> without lang in \(current?.key ?? "?")"
                parser.abortParsing()
                return
            }
            current?.values[language] = buffer
            self.language = nil
        case "text":
            if let current { texts.append(current) }
            current = nil
        default: break
        }
        buffer = ""
    }
}

struct GeneratorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
