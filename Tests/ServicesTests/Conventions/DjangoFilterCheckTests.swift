import Foundation
import JSON
import Networking
import Services
import Testing
import Translations

/// A Django REST page is checked against the filters in its own URL:
/// django-filter answers every row for a lookup the view does not declare
/// (`publisher__ne=4`), and such a page is an error naming the filter,
/// never a list that claims a filter it does not hold.
@Suite("Django filters the server ignored")
struct DjangoFilterCheckTests {
    static let books = #"""
        {"count": 3, "next": null, "previous": null, "results": [
          {"id": 3, "title": "Chronicle 3", "year": 1943, "publisher": 3, "in_print": false, "url": "http://h/api/books/3/"},
          {"id": 4, "title": "Chronicle 4", "year": 1944, "publisher": 4, "in_print": true, "url": "http://h/api/books/4/"},
          {"id": 5, "title": "Chronicle 5", "year": 1945.5, "publisher": "http://h/api/publishers/5/", "in_print": true}
        ]}
        """#

    static func page(_ query: String) throws(NetworkError) -> ConventionPage {
        let url = URL(string: "http://h/api/books/?\(query)") ?? URL(fileURLWithPath: "/")
        return try DjangoConvention().page(
            from: ConventionAnswer(url: url, data: Data(books.utf8)), route: ResourceRoute(path: "/api/books/"))
    }

    static func failure(_ query: String) -> String? {
        do {
            _ = try page(query)
            return nil
        } catch {
            guard case .ignoredFilter(let filter, let id, let field, let value) = error else { return "\(error)" }
            return Texts.Service.filterIgnored(filter: filter, id: id, field: field, value: value)
        }
    }

    @Test(arguments: [
        ("publisher__ne=4&page=1", "publisher__ne=4", "record 4 has publisher 4"),
        ("year__gte=1944", "year__gte=1944", "record 3 has year 1943"),
        ("year__lt=1944", "year__lt=1944", "record 4 has year 1944"),
        ("in_print=true", "in_print=true", "record 3 has in_print false"),
        ("title__icontains=chronicle%204", "title__icontains=chronicle 4", "record 3 has title \"Chronicle 3\""),
        ("publisher__in=3,5", "publisher__in=3,5", "record 4 has publisher 4"),
        ("title=chronicle%203", "title=chronicle 3", "record 4 has title \"Chronicle 4\""),
    ])
    func aRowThatContradictsAFilterShowsTheServerIgnoredIt(query: String, filter: String, row: String) throws {
        let reason = try #require(Self.failure(query), "\(query) passed")
        #expect(reason.contains("the server ignores the filter \(filter) (\(row))"), "\(reason)")
    }

    @Test(arguments: [
        "page=2&page_size=10&ordering=-year&search=zzz",  // not filters
        "year__gte=1943&year__lte=1946",  // every row holds
        "author__name=Imani",  // a field the rows lack, a lookup through a relation
        "year__range=1,2&title__startswith=X",  // lookups Trestle does not spell
        "in_print=maybe",  // a value django-filter would reject, not ignore
    ])
    func aPageThatMayHoldItsFiltersIsRead(query: String) throws {
        #expect(Self.failure(query) == nil, "\(query)")
        #expect(try Self.page(query).records.count == 3)
    }

    @Test func aCaseInsensitiveMatchOrAFractionIsNotTakenForAnIgnoredFilter() throws {
        #expect(Self.failure("title__icontains=CHRONICLE&title__ne=CHRONICLE%209") == nil)
        #expect(Self.failure("year__gt=1942.5&in_print__in=true,false") == nil)
    }

    @Test func aHyperlinkedRelationIsNeverComparedWithAnID() throws {
        let body =
            #"{"count": 1, "next": null, "previous": null, "results": [{"id": 5, "publisher": "http://h/api/publishers/5/"}]}"#
        let url = try #require(URL(string: "http://h/api/books/?publisher=9"))
        let page = try DjangoConvention().page(
            from: ConventionAnswer(url: url, data: Data(body.utf8)), route: ResourceRoute(path: "/api/books/"))
        #expect(page.records.count == 1)
    }
}
