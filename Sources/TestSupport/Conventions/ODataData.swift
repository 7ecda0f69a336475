import Foundation
import JSON

/// The records of the ``ODataTestServer``: 25 categories, 64 products
/// (product n in category ((n − 1) mod 20) + 1, so categories 21–25 have
/// none) and 12 people keyed by user name (one with an apostrophe).
enum ODataData {
    static let categoryWords = [
        "Beverages", "Condiments", "Confections", "Dairy", "Grains", "Meat", "Produce", "Seafood", "Bakery",
        "Frozen", "Snacks", "Spices", "Tea", "Coffee", "Pasta", "Rice", "Oils", "Nuts", "Sauces", "Soups",
        "Cereals", "Honey", "Jams", "Pickles", "Herbs",
    ]
    static let productWords = [
        "Chai", "Syrup", "Cajun Seasoning", "Gumbo Mix", "Marmalade", "Tofu", "Gnocchi", "Scones",
    ]

    static func categories() -> [JSONObject] {
        categoryWords.enumerated().map { index, word in
            JSONObject([
                ("ID", .int(index + 1)), ("Name", .string(word)),
                ("Description", .string("All things \(word.lowercased())")),
            ])
        }
    }

    /// The category of product `number`.
    static func categoryID(ofProduct number: Int) -> Int { (number - 1) % 20 + 1 }

    static func productName(_ number: Int) -> String {
        "\(productWords[number % productWords.count]) \(number)"
    }

    static func products() -> [JSONObject] {
        (1...ODataTestServer.productCount).map(product)
    }

    static func product(_ number: Int) -> JSONObject {
        let price: Double = Double(number * 75 % 400) / 4 + 2.5
        let released: String = String(format: "2023-%02d-%02d", number % 12 + 1, number % 27 + 1)
        let fields: [(String, JSONValue)] = [
            ("ID", .int(number)), ("Name", .string(productName(number))), ("Price", .double(price)),
            ("InStock", .bool(number % 3 != 0)), ("Released", .string(released)),
            ("CategoryID", .int(categoryID(ofProduct: number))),
        ]
        return JSONObject(fields)
    }

    static let userNames = [
        "ann", "bob", "o'brien", "chen", "dara", "emeka", "farah", "goran", "hana", "ivo", "jules", "kemal",
    ]

    static func people() -> [JSONObject] {
        userNames.enumerated().map { index, name in
            JSONObject([
                ("UserName", .string(name)), ("FirstName", .string(name.prefix(1).uppercased() + name.dropFirst())),
                ("LastName", .string(["Smith", "Ito", "Mensah"][index % 3])), ("Age", .int(20 + index * 3)),
            ])
        }
    }

    /// `$metadata`: CSDL 4.0 with the schema alias `Shop`.
    static let metadata = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Trestle.Shop" Alias="Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Product">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Name" Type="Edm.String" Nullable="false"/>
                <Property Name="Price" Type="Edm.Decimal" Scale="2"/>
                <Property Name="InStock" Type="Edm.Boolean"/>
                <Property Name="Released" Type="Edm.Date"/>
                <Property Name="CategoryID" Type="Edm.Int32"/>
                <NavigationProperty Name="Category" Type="Shop.Category" Partner="Products">
                  <ReferentialConstraint Property="CategoryID" ReferencedProperty="ID"/>
                </NavigationProperty>
              </EntityType>
              <EntityType Name="Category">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Name" Type="Edm.String" Nullable="false"/>
                <Property Name="Description" Type="Edm.String"/>
                <NavigationProperty Name="Products" Type="Collection(Shop.Product)" Partner="Category"/>
              </EntityType>
              <EntityType Name="Person">
                <Key><PropertyRef Name="UserName"/></Key>
                <Property Name="UserName" Type="Edm.String" Nullable="false"/>
                <Property Name="FirstName" Type="Edm.String"/>
                <Property Name="LastName" Type="Edm.String"/>
                <Property Name="Age" Type="Edm.Int32"/>
              </EntityType>
              <EntityContainer Name="Container">
                <EntitySet Name="Products" EntityType="Shop.Product">
                  <NavigationPropertyBinding Path="Category" Target="Categories"/>
                </EntitySet>
                <EntitySet Name="Categories" EntityType="Shop.Category">
                  <NavigationPropertyBinding Path="Products" Target="Products"/>
                </EntitySet>
                <EntitySet Name="People" EntityType="Shop.Person"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
}
