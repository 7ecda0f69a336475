import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Where an XML document stops being well-formed. SWXMLHash reports a
/// parse error's line and column from the error's `userInfo`, which
/// FoundationXML leaves empty on Linux (line 0, column 0); the parser
/// itself knows the position when it calls its delegate.
enum XMLErrorPosition {
    /// The line and column (from 1) of the first error in `data`; nil when it is well-formed.
    static func locate(_ data: Data) -> (line: Int, column: Int)? {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        guard !parser.parse() else { return nil }
        return delegate.position ?? (parser.lineNumber, parser.columnNumber)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var position: (line: Int, column: Int)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if position == nil { position = (parser.lineNumber, parser.columnNumber) }
        }
    }
}
