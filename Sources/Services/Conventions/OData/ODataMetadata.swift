/// What an OData v4 service's `$metadata` (CSDL XML) says about its data:
/// entity types with their keys, properties and navigation properties
/// (referential constraints included), and the entity sets of its
/// container. Read by ``ODataMetadata/parse(_:)``; names of types are kept
/// qualified (`Shop.Product`), aliases already resolved.
public struct ODataMetadata: Sendable, Hashable {
    /// A structural property (`<Property Name="Price" Type="Edm.Decimal"/>`).
    public struct Property: Sendable, Hashable {
        public var name: String
        /// The qualified type (`Edm.Int32`, `Edm.String`, `Shop.Address`).
        public var type: String
        public var isNullable: Bool

        public init(name: String, type: String, isNullable: Bool = true) {
            self.name = name
            self.type = type
            self.isNullable = isNullable
        }

        /// Whether values of this property are written without quotes in a
        /// URL (`Price gt 5`, `Products(5)`): numbers and booleans.
        public var isUnquoted: Bool { Self.unquotedTypes.contains(type) }

        /// Whether the property holds a number.
        public var isNumeric: Bool { isUnquoted && type != "Edm.Boolean" }

        static let unquotedTypes: Set<String> = [
            "Edm.Int16", "Edm.Int32", "Edm.Int64", "Edm.Byte", "Edm.SByte", "Edm.Decimal", "Edm.Double",
            "Edm.Single", "Edm.Boolean",
        ]
    }

    /// A navigation property (`<NavigationProperty Name="Category" Type="Shop.Category">`).
    public struct NavigationProperty: Sendable, Hashable {
        /// One referential constraint: this type's `property` holds the
        /// target's `referencedProperty` (`CategoryID` → `ID`).
        public struct Constraint: Sendable, Hashable {
            public var property: String
            public var referencedProperty: String

            public init(property: String, referencedProperty: String) {
                self.property = property
                self.referencedProperty = referencedProperty
            }
        }

        public var name: String
        /// The qualified entity type it leads to (`Shop.Category`), without `Collection(…)`.
        public var target: String
        /// `Collection(Shop.Product)`: it leads to many.
        public var isCollection: Bool
        /// The navigation property of the target that leads back, if declared.
        public var partner: String?
        public var constraints: [Constraint]

        public init(
            name: String, target: String, isCollection: Bool, partner: String? = nil, constraints: [Constraint] = []
        ) {
            self.name = name
            self.target = target
            self.isCollection = isCollection
            self.partner = partner
            self.constraints = constraints
        }
    }

    /// An entity type (`<EntityType Name="Product">`).
    public struct EntityType: Sendable, Hashable {
        /// The qualified name (`Shop.Product`).
        public var qualifiedName: String
        /// The key properties, in order (one for most services).
        public var keys: [String]
        public var properties: [Property]
        public var navigationProperties: [NavigationProperty]
        /// The qualified base type, whose keys and properties this one inherits.
        public var baseType: String?

        public init(
            qualifiedName: String, keys: [String], properties: [Property],
            navigationProperties: [NavigationProperty] = [], baseType: String? = nil
        ) {
            self.qualifiedName = qualifiedName
            self.keys = keys
            self.properties = properties
            self.navigationProperties = navigationProperties
            self.baseType = baseType
        }

        /// The property named `name`, if declared here.
        public func property(_ name: String) -> Property? { properties.first { $0.name == name } }
    }

    /// An entity set of the container (`<EntitySet Name="Products" EntityType="Shop.Product">`).
    public struct EntitySet: Sendable, Hashable {
        public var name: String
        /// The qualified entity type of its records.
        public var entityType: String
        /// Navigation property bindings: the navigation property's path → the entity set it leads to.
        public var bindings: [String: String]

        public init(name: String, entityType: String, bindings: [String: String] = [:]) {
            self.name = name
            self.entityType = entityType
            self.bindings = bindings
        }
    }

    public var entityTypes: [EntityType]
    public var entitySets: [EntitySet]

    public init(entityTypes: [EntityType], entitySets: [EntitySet]) {
        self.entityTypes = entityTypes
        self.entitySets = entitySets
    }

    /// The entity type named `qualifiedName` with what it inherits folded in
    /// (keys, properties and navigation properties of its base types first).
    public func entityType(_ qualifiedName: String) -> EntityType? {
        guard var type = entityTypes.first(where: { $0.qualifiedName == qualifiedName }) else { return nil }
        var seen: Set<String> = [qualifiedName]
        var next = type.baseType
        while let baseName = next, seen.insert(baseName).inserted,
            let base = entityTypes.first(where: { $0.qualifiedName == baseName })
        {
            if type.keys.isEmpty { type.keys = base.keys }
            type.properties = base.properties + type.properties
            type.navigationProperties = base.navigationProperties + type.navigationProperties
            next = base.baseType
        }
        return type
    }

    /// The entity set named `name`.
    public func entitySet(_ name: String) -> EntitySet? { entitySets.first { $0.name == name } }

    /// The entity type of the records of entity set `name`.
    public func entityType(ofSet name: String) -> EntityType? {
        entitySet(name).flatMap { entityType($0.entityType) }
    }

    /// The entity set a navigation property of set `name` leads to: its
    /// binding, else the one set whose records are of the target type.
    public func targetSet(of navigation: NavigationProperty, from name: String) -> String? {
        if let bound = entitySet(name)?.bindings[navigation.name] { return bound }
        let candidates = entitySets.filter { $0.entityType == navigation.target }
        return candidates.count == 1 ? candidates[0].name : nil
    }
}
