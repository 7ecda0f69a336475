/// The conventions Trestle knows, in the order detection asks them
/// (``ServiceConvention/claims(root:)``: the first that claims a root wins).
///
/// A value handed to the live service and to detection, never a global:
/// tests make their own (`ConventionRegistry([MyConvention()])`).
public struct ConventionRegistry: Sendable {
    public var conventions: [any ServiceConvention] {
        didSet { byName = Self.index(conventions) }
    }
    /// Each convention by its name (the first, if two share one): a write
    /// or a page read looks its route's convention up here, not through
    /// every convention in turn.
    private var byName: [ConventionName: any ServiceConvention]

    public init(_ conventions: [any ServiceConvention]) {
        self.conventions = conventions
        byName = Self.index(conventions)
    }

    private static func index(_ conventions: [any ServiceConvention]) -> [ConventionName: any ServiceConvention] {
        Dictionary(conventions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every convention built in. The specific ones come first (they claim
    /// a root by its media type or its own keys); json-server and the
    /// OpenAPI routes last. Made once: a list's capabilities and its search
    /// words ask it while its view is made.
    public static let builtIn: ConventionRegistry = {
        // One line per convention: a new convention adds itself here.
        ConventionRegistry([
            JSONAPIConvention(),
            ODataConvention(),
            HALConvention(),
            DjangoConvention(),
            TastypieConvention(),
            DatasetteConvention(),
            JSONServerConvention(),
            OpenAPIRoutesConvention(),
        ])
    }()

    /// The convention called `name` (`--convention hal`).
    public func named(_ name: ConventionName) -> (any ServiceConvention)? {
        byName[name]
    }

    /// The convention that reads `route` (its `convention`), else the
    /// OpenAPI routes' plain reading.
    public func reading(_ route: ResourceRoute) -> any ServiceConvention {
        named(route.convention) ?? OpenAPIRoutesConvention()
    }

    /// The convention that spells a list of `route` and reads its pages:
    /// json-server's for a route paged in json-server's words (`_page`, as
    /// an OpenAPI document of a json-server says; the dialect spells it),
    /// else the route's own (``reading(_:)``).
    public func listing(_ route: ResourceRoute) -> any ServiceConvention {
        guard route.paging == .jsonServer else { return reading(route) }
        return named(.jsonServer) ?? JSONServerConvention()
    }

    /// The conventions that claim `root`, in order.
    public func claiming(_ root: ConventionAnswer) -> [any ServiceConvention] {
        conventions.filter { $0.claims(root: root) }
    }

    /// Every name, for `--convention`'s help and its error.
    public var names: [ConventionName] { conventions.map(\.name) }
}
