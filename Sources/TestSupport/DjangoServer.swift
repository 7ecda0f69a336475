import Foundation

/// A real Django REST framework service: the project in
/// `Tests/Fixtures/django-library` (Django, DRF, drf-spectacular,
/// django-filter, as its requirements.txt pins them) run by
/// `manage.py runserver --noreload` on 127.0.0.1 and a free port, over a
/// SQLite file migrated and seeded in a temporary folder of its own: the
/// ``FrameworkServer`` of ``FrameworkServer/Framework/django``, under the
/// names the Django tests use.
///
/// The Python packages live in the venv `scripts/django-venv` makes
/// (`.build/django-venv`, or `$TRESTLE_DJANGO_VENV`); without it
/// ``start()`` fails saying so. ``stop()`` ends the server's process group
/// and removes the folder; every test calls it (`defer`).
public final class DjangoServer: Sendable {
    /// A launch that could not go on, in one line.
    public typealias Failure = FrameworkServer.Failure

    /// The running service.
    public let server: FrameworkServer

    public var port: Int { server.port }
    /// DefaultRouter's API root, `http://127.0.0.1:PORT/api/`.
    public var apiRoot: URL { server.apiRoot }
    /// The server's own folder: the SQLite file and runserver's output.
    public var folder: URL { server.folder }

    /// Where runserver writes its request log (its stderr).
    public var requestLogFile: URL { server.requestLogFile }

    private init(server: FrameworkServer) { self.server = server }

    /// The venv's folder, or a failure naming the script that makes it.
    public static func venv() throws -> URL { try FrameworkServer.venv(.django) }

    /// The Django project's folder.
    public static var project: URL { FrameworkServer.project(.django) }

    /// Migrates and seeds a fresh database, then runs the server until its
    /// API root answers (a few tries should another process take the port first).
    public static func start() async throws -> DjangoServer {
        DjangoServer(server: try await FrameworkServer.start(.django))
    }

    /// Ends the server's process group and removes its folder (once; later calls do nothing).
    public func stop() { server.stop() }

    /// The request lines runserver logged so far (`GET /api/books/?page=2 HTTP/1.1`).
    public func requestLines() -> [String] { server.requestLines() }

    /// The paths (with their queries) of the requests logged so far.
    public func requestPaths() -> [String] { server.requestPaths() }

    public static let publisherCount = FrameworkServer.publisherCount
    public static let authorCount = FrameworkServer.authorCount
    public static let bookCount = FrameworkServer.bookCount
    /// `PAGE_SIZE` of the project's settings.
    public static let pageSize = 10

    /// The seed's names (`Tests/Fixtures/library-catalog/library_data.py`).
    public static let publisherNames = FrameworkServer.publisherNames
    public static let authorNames = FrameworkServer.authorNames

    /// Book `number`'s title, publisher id and author id, as the seed made them.
    public static func title(ofBook number: Int) -> String { FrameworkServer.title(ofBook: number) }
    public static func publisher(ofBook number: Int) -> Int { FrameworkServer.publisher(ofBook: number) }
    public static func author(ofBook number: Int) -> Int { FrameworkServer.author(ofBook: number) }
}
