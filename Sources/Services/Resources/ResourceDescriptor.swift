import JSON

/// Everything the screens need to know about one collection of a REST
/// service: its name, the columns of its table, the relations to follow and
/// what may be written. A resource is added by describing it (in code for the
/// six JSONPlaceholder collections, or in the config file for any
/// json-server-compatible API), never by writing a new screen.
public struct ResourceDescriptor: Sendable, Hashable {
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

    /// One column of the resource's table.
    public struct Column: Sendable, Hashable {
        public enum Width: Sendable, Hashable {
            /// This many cells when there is room.
            case fixed(Int)
            /// A share of the space left over, by weight.
            case flexible(weight: Int)
        }

        public enum Alignment: String, Sendable, Hashable, CaseIterable {
            case left, right, center
        }

        /// The field shown; a dotted path reaches into nested objects (`address.city`).
        public var field: String
        public var title: String
        public var width: Width
        public var alignment: Alignment
        /// Narrow terminals drop low-priority columns first.
        public var priority: Int

        public init(
            _ field: String, title: String? = nil, width: Width = .flexible(weight: 1),
            alignment: Alignment = .left, priority: Int = 0
        ) {
            self.field = field
            self.title = title ?? Self.title(for: field)
            self.width = width
            self.alignment = alignment
            self.priority = priority
        }

        /// `userId` → `User Id`, `address.city` → `City`, `id` → `ID`;
        /// a run of capitals is one word (`categoryID` → `Category ID`,
        /// `HTMLTitle` → `HTML Title`).
        public static func title(for field: String) -> String {
            let last = field.split(separator: ".").last.map(String.init) ?? field
            if last.lowercased() == "id" { return "ID" }
            var words: [String] = []
            var current = ""
            let characters = Array(last)
            for (index, character) in characters.enumerated() {
                if character == "_" || character == "-" {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                    continue
                }
                if character.isUppercase, !current.isEmpty {
                    let previousIsUpper = current.last?.isUppercase == true
                    let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                    // A new word: after a lower-case letter, or the last capital of a run before a lower-case one.
                    if !previousIsUpper || nextIsLower {
                        words.append(current)
                        current = ""
                    }
                }
                current.append(character)
            }
            if !current.isEmpty { words.append(current) }
            return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    /// A way from one record to others, fetched with a filter
    /// (`/todos?userId=3`), never with nested routes.
    public struct Relation: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
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

    /// A boolean field flipped with `Space`, and how to say its two states.
    public struct Toggle: Sendable, Hashable {
        public var field: String
        public var on: String
        public var off: String

        public init(field: String, on: String, off: String) {
            self.field = field
            self.on = on
            self.off = off
        }
    }

    /// One field of the new/edit form.
    public struct FormField: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case text, number, bool
        }

        public var field: String
        public var label: String
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
            self.field = field
            self.label = label ?? Column.title(for: field)
            self.kind = kind
            self.isRequired = required
            self.choices = choices
            self.minimum = minimum
            self.maximum = maximum
            self.takesFractions = fractions
        }
    }
}
