import JSON
import TerminalUI
import Testing

@testable import App

@Suite("trestle get output")
struct ResourcePrinterTests {
    let records: [JSONValue] = [
        try! JSONParser.parse(#"{"id":1,"name":"Ann, \"A\"","address":{"city":"Zürich"}}"#),
        try! JSONParser.parse(#"{"id":2,"name":"日本","extra":true}"#),
    ]

    @Test func csvHasTheUnionOfColumnsQuotedAsRFC4180() {
        let lines = ResourcePrinter.render(records, format: .csv).split(separator: "\n").map(String.init)
        #expect(lines[0] == "id,name,address,extra")
        #expect(lines[1] == #"1,"Ann, ""A""","{""city"":""Zürich""}","#)
        #expect(lines[2] == "2,日本,,true")
    }

    @Test func jsonIsAPrettyArrayThatParsesBack() throws {
        let text = ResourcePrinter.render(records, format: .json)
        let parsed = try JSONParser.parse(text)
        #expect(parsed.arrayValue?.count == 2)
        #expect(text.contains("\n  {"))
    }

    @Test func tableColumnsAlignByDisplayWidth() throws {
        let lines = ResourcePrinter.render(records, format: .table).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID  NAME"))
        // "日本" is 2 characters but 4 cells: the next columns still line up.
        let header = try #require(lines[0].components(separatedBy: "EXTRA").first)
        let row = try #require(lines[2].components(separatedBy: "true").first)
        #expect(TextWidth.of(row) == TextWidth.of(header))
    }
}

/// CSV a spreadsheet cannot run (issue 38, point 4) and the table's header.
@Suite("trestle get: formulas and headers")
struct ResourcePrinterFormulaTests {
    let records: [JSONValue] = [
        try! JSONParser.parse(
            #"{"id":1,"=cmd":"=1+2","plus":"+SUM(A1)","minus":"-2+3","at":"@A1","tab":"\tx","cr":"\r=x","n":-5,"s":"-5","e":"+1.5e3","ok":"a=b"}"#
        )
    ]

    @Test func aFormulaCellGetsAQuoteAndANumberStaysANumber() {
        let lines = ResourcePrinter.render(records, format: .csv).split(separator: "\n").map(String.init)
        #expect(lines[0] == "id,'=cmd,plus,minus,at,tab,cr,n,s,e,ok")
        #expect(lines[1] == "1,'=1+2,'+SUM(A1),'-2+3,'@A1,'\tx,\"'\r=x\",-5,-5,+1.5e3,a=b")
    }

    @Test func rawCSVWritesTheCellsAsTheyAre() {
        let lines = ResourcePrinter.render(records, format: .rawCSV).split(separator: "\n").map(String.init)
        #expect(lines[0] == "id,=cmd,plus,minus,at,tab,cr,n,s,e,ok")
        #expect(lines[1] == "1,=1+2,+SUM(A1),-2+3,@A1,\tx,\"\r=x\",-5,-5,+1.5e3,a=b")
    }

    @Test func theTableHeaderIsCleanedLikeItsCells() throws {
        let record = try JSONParser.parse(#"{"ti\u001b]0;pwned\u0007tle":"x"}"#)
        let text = ResourcePrinter.render([record], format: .table)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.hasSuffix("x\n"))
    }
}
