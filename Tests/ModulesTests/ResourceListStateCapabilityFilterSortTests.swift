import Foundation
import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// Search, filters and sort on a list whose server cannot do them all
/// (issue 26): the list asks its convention's ``ListCapabilities`` before
/// it sends a query; what the server cannot do is done over the loaded
/// rows, the status line says so, and the filter line names the parameter
/// the request really used.
@MainActor
@Suite("Resource list state: what the server can do")
struct ResourceListStateCapabilityFilterSortTests {
    /// `count` books, 20 a page: "Book n", year 1960 + n.
    static func books(_ count: Int) -> [JSONValue] {
        (1...count).map { number in
            ["id": .int(number), "title": .string("Book \(number)"), "year": .int(1960 + number)]
        }
    }

    /// Books at `path` in `convention`'s words, paged 20 at a time.
    static func resource(_ convention: ConventionName, search: String? = nil) -> ResourceDescriptor {
        var route = ResourceRoute(
            path: "/api/books", paging: .pages(page: "page", size: "size", first: 0), sortParameter: "sort",
            searchParameter: search)
        route.convention = convention
        var descriptor = ResourceDescriptor(
            name: "books",
            columns: [
                ResourceDescriptor.Column("id", title: "ID"),
                ResourceDescriptor.Column("title"),
                ResourceDescriptor.Column("year"),
            ])
        descriptor.route = route
        descriptor.pageSize = 20
        return descriptor
    }

    /// A list of `resource` that has its first 20 of 45 books.
    static func firstPage(_ resource: ResourceDescriptor, filters: [ListQuery.Filter] = []) -> ResourceListState {
        var state = ResourceListState(resource: resource, filters: filters)
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(books(45)[0..<20]), total: 45, resource: resource))
        return state
    }

    @Test func aServerWithoutSearchIsSearchedHereAndTheStatusLineSaysSo() {
        let hal = Self.resource(.hal)
        var state = Self.firstPage(hal)
        state.press(.char("/"))
        var effects: [ResourceListEffect] = []
        for character in "Book 37" { effects += state.press(.char(character)) }
        // No search is sent: the next books load, and are searched here.
        #expect(!effects.contains(.scheduleSearch(after: ResourceListState.searchDelay)))
        #expect(!effects.contains { if case .observe = $0 { true } else { false } })
        #expect(state.loadingPage == 2 && state.expectedQuery(page: 2).search == nil)
        #expect(state.ids.isEmpty)
        #expect(state.message?.text == "HAL server cannot search: searching the 20 loaded books here")
        let screen = state.screen(Size(rows: 14, cols: 90))
        #expect(screen.line(0).contains("· filtered here"), "\(screen)")
        #expect(!screen.contains("server search") && !screen.contains("searching the server"), "\(screen)")
        _ = state.apply(.morePageArrived(2, .of(Array(Self.books(45)[20..<40]), total: 45, resource: hal)))
        #expect(state.ids == ["37"])
        #expect(state.serverSearch == nil)
        #expect(state.status.count == "1 of 45")
    }

    @Test func aServerWithASearchParameterIsAskedInItAndTheLineNamesIt() {
        let django = Self.resource(.django, search: "search")
        var state = Self.firstPage(django)
        state.press(.char("/"))
        #expect(state.type("Book 37") == [.scheduleSearch(after: ResourceListState.searchDelay)])
        let search = state.expectedQuery(page: 1, search: "Book 37")
        #expect(state.apply(.filterSort(.searchPaused)) == [.observe(search, force: false)])
        #expect(
            DjangoConvention().queryItems(search, route: django.route!, cursor: nil).contains(
                URLQueryItem(name: "search", value: "Book 37")))
        _ = state.apply(.firstPage([Self.books(45)[36]], total: 1, resource: django))
        #expect(state.ids == ["37"])
        let screen = state.screen(Size(rows: 14, cols: 90))
        #expect(screen.line(0).contains("server search search=Book 37"), "\(screen)")
        #expect(!screen.contains("q=Book"), "\(screen)")
    }

    @Test func anOperatorTheServerLacksIsAppliedHereAndNotSent() {
        let filter = ListQuery.Filter("year", "2000", .greaterOrEqual)
        let hal = Self.resource(.hal)
        var state = ResourceListState(resource: hal, filters: [filter])
        let start = state.apply(.start)
        // Spring Data REST takes no `year` parameter: none is sent.
        #expect(
            start == [
                .observe(
                    ListQuery.listing(
                        of: hal, filters: [], page: 1, sort: nil, search: nil), force: false)
            ])
        #expect(state.message?.text == "HAL server cannot filter year >= 2000: filtering the loaded books here")
        let effects = state.apply(.firstPage(Array(Self.books(45)[0..<20]), total: 45, resource: hal))
        // Nothing loaded passes: the next page is asked for.
        #expect(state.ids.isEmpty)
        #expect(
            effects == [
                .loadPage(
                    2,
                    ListQuery.listing(
                        of: hal, filters: [], page: 2, sort: nil, search: nil))
            ])
        _ = state.apply(.morePageArrived(2, .of(Array(Self.books(45)[20..<40]), total: 45, resource: hal)))
        _ = state.apply(.morePageArrived(3, .of(Array(Self.books(45)[40..<45]), total: 45, resource: hal)))
        #expect(state.ids == ["40", "41", "42", "43", "44", "45"])
        #expect(state.status.count == "6 of 45")

        // Django REST has the lookup: it is sent, and nothing is filtered here.
        let django = Self.resource(.django, search: "search")
        var sent = ResourceListState(resource: django, filters: [filter])
        #expect(sent.apply(.start).first == .observe(sent.expectedQuery(page: 1), force: false))
        #expect(sent.expectedQuery(page: 1).filters == [filter])
        #expect(sent.localFilters.isEmpty)
    }

    @Test func aRelationsEqualityGoesToItsNestedRouteOnHAL() {
        var hal = Self.resource(.hal)
        hal.route?.nestedRoutes["author"] = "/api/authors/{}/books"
        let state = ResourceListState(resource: hal, filters: [ListQuery.Filter("author", "3")])
        #expect(state.serverFilters == [ListQuery.Filter("author", "3")])
        #expect(state.localFilters.isEmpty)
    }

    @Test func localFiltersCompareNumbersAsNumbersAndTextWithoutCase() {
        let record: JSONValue = ["year": .int(2001), "title": .string("Lantern Days"), "id": .string("9")]
        #expect(ListQuery.Filter("year", "2000", .greater).matches(record))
        #expect(!ListQuery.Filter("year", "2001", .less).matches(record))
        #expect(ListQuery.Filter("id", "10", .less).matches(record))
        #expect(ListQuery.Filter("title", "lantern", .contains).matches(record))
        #expect(ListQuery.Filter("title", "lantern days").matches(record))
        #expect(ListQuery.Filter("year", "1999, 2001", .oneOf).matches(record))
        #expect(!ListQuery.Filter("missing", "1").matches(record))
        #expect(ListQuery.Filter("missing", "1", .notEqual).matches(record))
    }

    @Test func eachConventionSaysWhatItsServerDoes() {
        #expect(ResourceDescriptor(name: "todos", columns: []).listCapabilities() == .jsonServer)
        #expect(Self.resource(.hal).listCapabilities().searchParameter == nil)
        #expect(Self.resource(.hal).listCapabilities().filterOperators.isEmpty)
        #expect(Self.resource(.hal).listCapabilities().sorts)
        #expect(Self.resource(.django, search: "search").searchWords("x") == "search=x")
        #expect(Self.resource(.hal).searchWords("x") == nil)
        #expect(ResourceDescriptor(name: "todos", columns: []).searchWords("x") == "q=x")
        let openAPI = Self.resource(.openAPI).listCapabilities()
        #expect(openAPI.filterOperators == [.equal, .oneOf])
    }

    /// JSON:API sorts by attributes only: a relationship column (Author)
    /// is sorted here, the list starting over in the server's order —
    /// `sort=author` answered 400 and left an empty list.
    @Test func aRelationshipColumnIsSortedHereOnJSONAPI() {
        var articles = Self.resource(.jsonAPI)
        articles.route?.facts = ["type": "articles", "relationship.author": "people"]
        articles.columns.append(ResourceDescriptor.Column("author"))
        #expect(articles.listCapabilities().sorts(by: "title"))
        #expect(!articles.listCapabilities().sorts(by: "author"))
        var state = Self.firstPage(articles)
        // Title (column 1) goes to the server.
        #expect(state.press(.char("s")).contains { if case .observe = $0 { true } else { false } })
        #expect(state.expectedQuery(page: 1, sort: ListQuery.SortKey("title")).sort.first?.field == "title")
        // The server's answer, sorted by title as asked.
        let byTitle = Self.books(45).sorted { ($0["title"]?.stringValue ?? "") < ($1["title"]?.stringValue ?? "") }
        _ = state.apply(.firstPage(Array(byTitle[0..<20]), total: 45, resource: articles))
        state.press(.char("s"))  // year: an attribute, on the server
        let effects = state.press(.char("s"))  // author: a relationship
        let observed = effects.compactMap { effect -> ListQuery? in
            if case .observe(let query, _) = effect { query } else { nil }
        }
        #expect(observed.count == 1)
        #expect(observed.first?.sort.isEmpty == true, "sorted by a relationship on the server")
        #expect(state.status.message?.text == "This server does not sort: the loaded books are sorted here")
        // The first page comes in the server's order and is sorted here.
        let rows: [JSONValue] = (1...20).map { number in
            let author = "author " + (21 - number < 10 ? "0" : "") + String(21 - number)
            return ["id": .int(number), "title": .string("Book \(number)"), "author": .string(author)]
        }
        _ = state.apply(.firstPage(rows, total: 45, resource: articles))
        #expect(state.ids.first == "20", "\(state.ids)")
        #expect(state.expectedQuery(page: 2).sort.isEmpty)
    }
}
