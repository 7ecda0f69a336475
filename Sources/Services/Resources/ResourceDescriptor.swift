import JSON

/// Everything the screens need to know about one collection of a REST
/// service: its name, the columns of its table, the relations to follow and
/// what may be written. A resource is added by describing it (in code for the
/// six JSONPlaceholder collections, or in the config file for any
/// json-server-compatible API), never by writing a new screen.
public struct ResourceDescriptor: Sendable, Hashable, Codable {
    /// The collection's name and path segment (`users` → `/users`).
    public var name: String
    /// One record, in words (`user`), for messages and dialogs.
    public var singular: String
    /// The field holding the record's id.
    public var idField: String
    /// The field that names a record in breadcrumbs (`3 Clementine`), if any.
    public var labelField: String?
    /// The table's columns, in display order.
    public var columns: [Column]
    /// Relations to follow from one record (detail screen jump targets).
    public var relations: [Relation]
    /// A boolean field that `Space` flips (todos: `completed`).
    public var toggle: Toggle?
    /// Fields of the new/edit form; empty when records are read-only here.
    public var formFields: [FormField]
    /// Records per page when the list pages in from the server.
    public var pageSize: Int
    /// The typed DTO that checks each record (the six JSONPlaceholder
    /// collections), or `nil` for plain JSON records.
    public var schema: RecordSchema?
    /// An object resource (`"profile": {…}` at the top of a json-server db):
    /// one object at `/name`, shown and edited as a record, never listed.
    public var isObject: Bool
    /// How a collection described by an API document is asked for; `nil`
    /// for json-server's words (the catalog, `services:`, inferred ones).
    public var route: ResourceRoute?
    /// A collection nobody described (a name typed, a launch target): its
    /// writes are what the service says its records take, asked on the
    /// first write key (`APIService.allowedMethods`). Never cached.
    public var learnsWrites = false

    /// What a cached catalog keeps (`Codable`): everything but the typed
    /// `schema`, which only the built-in catalog sets and is never cached.
    private enum CodingKeys: String, CodingKey {
        case name, singular, idField, labelField, columns, relations, toggle, formFields, pageSize, isObject, route
    }

    public init(
        name: String, singular: String? = nil, idField: String = "id", labelField: String? = nil,
        schema: RecordSchema? = nil, columns: [Column], relations: [Relation] = [], toggle: Toggle? = nil,
        formFields: [FormField] = [],
        pageSize: Int = ResourceDescriptor.defaultPageSize, isObject: Bool = false
    ) {
        self.name = name
        self.singular = singular ?? Self.singular(of: name)
        self.idField = idField
        self.labelField = labelField
        self.columns = columns
        self.relations = relations
        self.toggle = toggle
        self.formFields = formFields
        self.pageSize = pageSize
        self.schema = schema
        self.isObject = isObject
    }

    /// An object resource nobody described: no columns, the whole object shown.
    public static func object(named name: String) -> ResourceDescriptor {
        ResourceDescriptor(name: name, singular: name, columns: [], isObject: true)
    }

    /// Records asked for per page unless a descriptor says otherwise.
    public static let defaultPageSize = 500

    /// `posts` → `post`, `categories` → `category`; other names stay as they are.
    public static func singular(of name: String) -> String {
        if name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("s") && !name.hasSuffix("ss") { return String(name.dropLast()) }
        return name
    }

    /// Whether records of this resource can be created, edited and deleted here.
    public var isWritable: Bool { !formFields.isEmpty }

    /// One column of the resource's table, as data: the field, the title its
    /// source named, what is known of its values and the layout the config
    /// file asked for. How it is drawn (width, alignment, which columns a
    /// narrow terminal drops, the title in words — named, built in, or made
    /// of the field's name) is the list's to decide: `ListColumns` and
    /// `ResourceDescriptor.Column.title` in Modules.
    public struct Column: Sendable, Hashable, Codable {
        /// What the source that described the column knows of its values.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// The record's id, of no known type (a key seen in a sample, an OData numeric key).
            case identifier
            case integer, number, boolean, text, date
            /// A date with a time of day (an API document's `date-time`).
            case dateTime
            case uuid
        }

        /// The layout the config file asked for (`width`, `align`,
        /// `priority`), as plain data; `nil` where nothing was asked.
        public struct Preferences: Sendable, Hashable, Codable {
            /// `width: 5`: this many cells.
            public var width: Int?
            /// `width: flex:2`: a share of the space left over, by weight.
            public var weight: Int?
            /// `align: right`: `left`, `right` or `center`.
            public var alignment: String?
            /// `priority: 3`: narrow terminals drop low-priority columns first.
            public var priority: Int?

            public init(width: Int? = nil, weight: Int? = nil, alignment: String? = nil, priority: Int? = nil) {
                self.width = width
                self.weight = weight
                self.alignment = alignment
                self.priority = priority
            }
        }

        /// The field shown; a dotted path reaches into nested objects (`address.city`).
        public var field: String
        /// The title the source gave (the config's `title:`: `.named`) or
        /// the built-in catalog's word for it (`.builtIn`); `nil` when the
        /// list makes one of the field's name.
        public var givenTitle: DescriptorWords?
        /// What the values are, when the source said; `nil` when it did not.
        public var kind: Kind?
        /// The values the field may take (an API document's `enum`); any when empty.
        public var choices: [String]
        public var preferences: Preferences

        public init(
            _ field: String, title: String? = nil, kind: Kind? = nil, choices: [String] = [],
            preferences: Preferences = Preferences()
        ) {
            self.init(
                field, givenTitle: title.map(DescriptorWords.named), kind: kind, choices: choices,
                preferences: preferences)
        }

        public init(
            _ field: String, givenTitle: DescriptorWords?, kind: Kind? = nil, choices: [String] = [],
            preferences: Preferences = Preferences()
        ) {
            self.field = field
            self.givenTitle = givenTitle
            self.kind = kind
            self.choices = choices
            self.preferences = preferences
        }

        /// The stored form (cached catalog, remembered discovery): a named
        /// title under `namedTitle`, as every earlier build wrote it; a
        /// built-in one under `builtInTitle`.
        private enum CodingKeys: String, CodingKey {
            case field, namedTitle, builtInTitle, kind, choices, preferences
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            field = try container.decode(String.self, forKey: .field)
            givenTitle = try DescriptorWords.decode(
                from: container, named: .namedTitle, builtIn: .builtInTitle)
            kind = try container.decodeIfPresent(Kind.self, forKey: .kind)
            choices = try container.decode([String].self, forKey: .choices)
            preferences = try container.decode(Preferences.self, forKey: .preferences)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try givenTitle?.encode(to: &container, named: .namedTitle, builtIn: .builtInTitle)
            try container.encodeIfPresent(kind, forKey: .kind)
            try container.encode(choices, forKey: .choices)
            try container.encode(preferences, forKey: .preferences)
        }
    }

    /// A way from one record to others, fetched with a filter
    /// (`/todos?userId=3`), never with nested routes.
    public struct Relation: Sendable, Hashable, Codable {
        public enum Kind: Sendable, Hashable, Codable {
            /// Records of `target` whose `foreignKey` equals this record's id
            /// (user → todos: `/todos?userId=<id>`).
            case children(foreignKey: String)
            /// The one record of `target` whose id is this record's
            /// `foreignKey` (todo → user: `/users/<userId>`).
            case parent(foreignKey: String)
        }

        /// The jump target's name (`todos`, `author`).
        public var name: String
        /// The related collection (`users`).
        public var target: String
        public var kind: Kind

        public init(_ name: String, target: String? = nil, _ kind: Kind) {
            self.name = name
            self.target = target ?? name
            self.kind = kind
        }

        /// `name` → children of `name` through `foreignKey`.
        public static func children(_ name: String, by foreignKey: String) -> Relation {
            Relation(name, .children(foreignKey: foreignKey))
        }

        /// `name` → the parent in `target` through `foreignKey`.
        public static func parent(_ name: String, target: String, by foreignKey: String) -> Relation {
            Relation(name, target: target, .parent(foreignKey: foreignKey))
        }
    }

    /// A boolean field flipped with `Space`, and how to say its two states
    /// (words the source gave, or built-in catalog words: Modules says
    /// them, `Toggle.on` and `Toggle.off`).
    public struct Toggle: Sendable, Hashable, Codable {
        public var field: String
        public var onWords: DescriptorWords
        public var offWords: DescriptorWords

        public init(field: String, on: String, off: String) {
            self.init(field: field, on: .named(on), off: .named(off))
        }

        public init(field: String, on: DescriptorWords, off: DescriptorWords) {
            self.field = field
            self.onWords = on
            self.offWords = off
        }

        /// The stored form: words under `on` and `off`, as every earlier
        /// build wrote them; built-in words under `onKey` and `offKey`.
        private enum CodingKeys: String, CodingKey {
            case field, on, off, onKey, offKey
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            field = try container.decode(String.self, forKey: .field)
            onWords = try DescriptorWords.decode(from: container, named: .on, builtIn: .onKey) ?? .named("")
            offWords = try DescriptorWords.decode(from: container, named: .off, builtIn: .offKey) ?? .named("")
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try onWords.encode(to: &container, named: .on, builtIn: .onKey)
            try offWords.encode(to: &container, named: .off, builtIn: .offKey)
        }
    }

    /// One field of the new/edit form.
    public struct FormField: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            case text, number, bool
        }

        public var field: String
        /// The label the source gave (`.named`) or the built-in catalog's
        /// word (`.builtIn`); `nil`: Modules makes one of the field's name
        /// (`FormField.label`).
        public var givenLabel: DescriptorWords?
        public var kind: Kind
        /// The form refuses to save while this field is empty.
        public var isRequired: Bool
        /// The values a text field may take (an API document's `enum`); any when empty.
        public var choices: [String]
        /// The bounds of a number field (an API document's `minimum`/`maximum`).
        public var minimum: Int?
        public var maximum: Int?
        /// A number field that takes fractions (`9.99`: an OData `Edm.Decimal`,
        /// a JSON number with a fraction); else whole numbers only.
        public var takesFractions: Bool

        public init(
            _ field: String, label: String? = nil, _ kind: Kind, required: Bool = false, choices: [String] = [],
            minimum: Int? = nil, maximum: Int? = nil, fractions: Bool = false
        ) {
            self.init(
                field, givenLabel: label.map(DescriptorWords.named), kind, required: required, choices: choices,
                minimum: minimum, maximum: maximum, fractions: fractions)
        }

        public init(
            _ field: String, givenLabel: DescriptorWords?, _ kind: Kind, required: Bool = false,
            choices: [String] = [], minimum: Int? = nil, maximum: Int? = nil, fractions: Bool = false
        ) {
            self.field = field
            self.givenLabel = givenLabel
            self.kind = kind
            self.isRequired = required
            self.choices = choices
            self.minimum = minimum
            self.maximum = maximum
            self.takesFractions = fractions
        }

        /// The stored form: a given label under `label`, as every earlier
        /// build wrote it (always, then: the field's name in words when
        /// none was given); a built-in one under `labelKey`.
        private enum CodingKeys: String, CodingKey {
            case field, label, labelKey, kind, isRequired, choices, minimum, maximum, takesFractions
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            field = try container.decode(String.self, forKey: .field)
            givenLabel = try DescriptorWords.decode(from: container, named: .label, builtIn: .labelKey)
            kind = try container.decode(Kind.self, forKey: .kind)
            isRequired = try container.decode(Bool.self, forKey: .isRequired)
            choices = try container.decode([String].self, forKey: .choices)
            minimum = try container.decodeIfPresent(Int.self, forKey: .minimum)
            maximum = try container.decodeIfPresent(Int.self, forKey: .maximum)
            takesFractions = try container.decode(Bool.self, forKey: .takesFractions)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try givenLabel?.encode(to: &container, named: .label, builtIn: .labelKey)
            try container.encode(kind, forKey: .kind)
            try container.encode(isRequired, forKey: .isRequired)
            try container.encode(choices, forKey: .choices)
            try container.encodeIfPresent(minimum, forKey: .minimum)
            try container.encodeIfPresent(maximum, forKey: .maximum)
            try container.encode(takesFractions, forKey: .takesFractions)
        }
    }
}
