import JSON
import Networking

/// A user, with nested address and company (`/users`).
public struct UserObject: RecordObject, Codable, Equatable, Identifiable {
    public struct Address: Codable, Sendable, Equatable {
        public var street: String
        public var suite: String
        public var city: String
        public var zipcode: String
        public var geo: Geo
    }

    public struct Geo: Codable, Sendable, Equatable {
        public var lat: String
        public var lng: String
    }

    public struct Company: Codable, Sendable, Equatable {
        public var name: String
        public var catchPhrase: String
        public var bs: String
    }

    public var id: Int
    public var name: String
    public var username: String
    public var email: String
    public var address: Address
    public var phone: String
    public var website: String
    public var company: Company

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        id = try fields.int("id")
        name = try fields.string("name")
        username = try fields.string("username")
        email = try fields.string("email")
        let address = try fields.nested("address")
        let geo = try address.nested("geo")
        self.address = Address(
            street: try address.string("street"), suite: try address.string("suite"),
            city: try address.string("city"), zipcode: try address.string("zipcode"),
            geo: Geo(lat: try geo.string("lat"), lng: try geo.string("lng")))
        phone = try fields.string("phone")
        website = try fields.string("website")
        let company = try fields.nested("company")
        self.company = Company(
            name: try company.string("name"), catchPhrase: try company.string("catchPhrase"),
            bs: try company.string("bs"))
    }
}
