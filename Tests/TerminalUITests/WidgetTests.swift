import Foundation
import TerminalUI
import TestSupport
import Testing

@MainActor @Suite struct WidgetTests {
    let theme = Theme.builtinDefault

    @Test func statusBarKeepsRightSegmentsWhenNarrow() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 20))
        let bar = StatusBar(
            left: [StyledSpan("todos", .text), StyledSpan("http://127.0.0.1:3000", .dim)],
            right: [StyledSpan("200 rows", .info), StyledSpan("FAKE", .envFake)])
        bar.draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(t.line(0).hasSuffix(" 200 rows  FAKE "))
        #expect(TextWidth.of(t.line(0)) == 20)
        #expect(t.style(atRow: 0, col: 0)?.background == theme.style(.statusBar).background)
        #expect(t.style(atRow: 0, col: 17) == theme.style(.envFake))
    }

    @Test func statusBarShowsLeftSegmentsWhenWide() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 60))
        StatusBar(left: [StyledSpan("todos")], right: [StyledSpan("FAKE", .envFake)])
            .draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(t.line(0).hasPrefix(" todos "))
    }

    @Test func headerShowsBreadcrumbsAndKeepsTheirTailWhenNarrow() {
        let wide = InMemoryTerminal(size: Size(rows: 1, cols: 60))
        let header = HeaderBar(title: "trestle", breadcrumbs: ["users", "3", "todos"], info: "v1")
        header.draw(on: wide, in: Rect(size: wide.size), theme: theme)
        #expect(wide.line(0).contains("users › 3 › todos"))
        #expect(wide.line(0).hasSuffix("v1 "))
        let narrow = InMemoryTerminal(size: Size(rows: 1, cols: 22))
        header.draw(on: narrow, in: Rect(size: narrow.size), theme: theme)
        #expect(narrow.line(0).contains("… › 3 › todos"))
    }

    /// A click maps to the crumb drawn under it, also when the leading ones
    /// were dropped (`… › 3 Clé › todos`) and the info takes the right edge.
    @Test func headerFindsTheCrumbUnderAClick() {
        let header = HeaderBar(title: "trestle", breadcrumbs: ["users", "3 Clé", "todos"], info: "? help")
        for width in [60, 30] {
            let t = InMemoryTerminal(size: Size(rows: 1, cols: width))
            header.draw(on: t, in: Rect(size: t.size), theme: theme)
            let line = t.line(0)
            for (index, crumb) in header.breadcrumbs.enumerated() {
                guard let range = line.range(of: crumb) else {
                    #expect(width == 30 && index == 0, "only the first crumb may be dropped")
                    continue
                }
                let col = TextWidth.of(String(line[..<range.lowerBound])) + 1
                #expect(header.crumbIndex(atColumn: col, width: width) == index, "width \(width), \(crumb)")
            }
            #expect(header.crumbIndex(atColumn: 1, width: width) == nil)
        }
    }

    @Test func textViewScrollsAndTruncatesLongLines() {
        let t = InMemoryTerminal(size: Size(rows: 2, cols: 10))
        let view = TextView(
            lines: [
                [StyledSpan("first")], [StyledSpan("\"key\"", .jsonKey), StyledSpan(": 日本語テキスト", .jsonString)],
                [StyledSpan("third")],
            ],
            scrollOffset: 1)
        view.draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(t.line(0).hasSuffix("…"))
        #expect(TextWidth.of(t.line(0)) == 10)
        #expect(t.line(1).hasPrefix("third"))
        #expect(t.style(atRow: 0, col: 0)?.foreground == theme.style(.jsonKey).foreground)
    }

    @Test func dialogDrawsABoxWithUnicodeBorders() {
        let t = InMemoryTerminal(size: Size(rows: 10, cols: 40))
        Dialog(title: "Delete?", lines: ["Delete todo 3?"], hints: "y yes · n no")
            .draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(t.contains("┌"))
        #expect(t.contains("┘"))
        #expect(t.contains(" Delete? "))
        #expect(t.contains("Delete todo 3?"))
        #expect(t.contains("y yes · n no"))
        #expect(!t.text.contains("lqq"))
    }

    @Test func helpListsKeysInAlignedColumn() {
        let t = InMemoryTerminal(size: Size(rows: 12, cols: 40))
        HelpView(sections: [.init("Move", [("j ↓", "down"), ("PgDn", "page down")])])
            .draw(on: t, in: Rect(size: t.size), theme: theme)
        let lines = (0..<12).map(t.line)
        let down = lines.first { $0.contains("down") && !$0.contains("page") } ?? ""
        let page = lines.first { $0.contains("page down") } ?? ""
        #expect(!down.isEmpty && !page.isEmpty)
        #expect(TextWidth.of(String(down.prefix { $0 != "d" })) == TextWidth.of(String(page.prefix { $0 != "p" })))
    }

    @Test func spinnerCyclesThroughFrames() {
        #expect(Spinner.frame(tick: 0) == "⠋")
        #expect(Spinner.frame(tick: 10) == "⠋")
        #expect(Spinner.frame(tick: 11) == "⠙")
        #expect(Spinner.frame(tick: -1) == "⠏")
    }

    @Test func tooSmallMessageFitsWhatExists() {
        let t = InMemoryTerminal(size: Size(rows: 3, cols: 20))
        TooSmallView.draw(on: t, in: Rect(size: t.size), minimum: Size(rows: 10, cols: 60), theme: theme)
        #expect(t.line(1).contains("5x10") == false)
        #expect(t.contains("20x3"))
        #expect(
            TooSmallView.message(size: Size(rows: 5, cols: 20), minimum: Size(rows: 10, cols: 60), width: 80)
                == "terminal too small (20x5, need at least 60x10)")
        #expect(!TooSmallView.fits(Rect(size: t.size), minimum: Size(rows: 10, cols: 60)))
    }

    @Test(arguments: [Size(rows: 1, cols: 1), Size(rows: 5, cols: 20), Size(rows: 0, cols: 0), Size(rows: 2, cols: 1)])
    func everyWidgetDrawsAtTinySizesWithoutCrashing(size: Size) {
        let t = InMemoryTerminal(size: size)
        let all = Rect(size: size)
        TableView(
            columns: [TableColumn("id", width: .fixed(4)), TableColumn("タイトル")], rowCount: 100, cursor: 50,
            sort: .init(column: 1, ascending: true)
        ) { ["\($0)", "日本語"] }.draw(on: t, in: all, theme: theme)
        StatusBar(left: [StyledSpan("left")], right: [StyledSpan("right", .envProduction)]).draw(
            on: t, in: all, theme: theme)
        HeaderBar(title: "trestle", breadcrumbs: ["users", "3"], info: "x").draw(on: t, in: all, theme: theme)
        TextView(lines: [[StyledSpan("日本語")]]).draw(on: t, in: all, theme: theme)
        BoxView(title: "t").draw(on: t, in: all, theme: theme)
        Dialog(title: "Title", lines: ["body"], hints: "hint").draw(on: t, in: all, theme: theme)
        HelpView(sections: [.init("S", [("k", "d")])]).draw(on: t, in: all, theme: theme)
        TooSmallView.draw(on: t, in: all, minimum: Size(rows: 10, cols: 60), theme: theme)
        for row in 0..<size.rows { #expect(TextWidth.of(t.line(row)) == size.cols) }
    }
}
