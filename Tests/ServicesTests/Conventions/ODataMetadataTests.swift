import Foundation
import Services
import Testing

/// `$metadata` (CSDL XML) read with SWXMLHash: types, keys, navigation
/// properties, referential constraints, aliases, entity sets.
@Suite("OData $metadata")
struct ODataMetadataTests {
    static let csdl = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Trestle.Shop" Alias="Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Base" Abstract="true">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              </EntityType>
              <EntityType Name="Product" BaseType="Shop.Base">
                <Property Name="Name" Type="Edm.String" Nullable="false"/>
                <Property Name="Price" Type="Edm.Decimal"/>
                <Property Name="CategoryID" Type="Edm.Int32"/>
                <NavigationProperty Name="Category" Type="Shop.Category" Partner="Products">
                  <ReferentialConstraint Property="CategoryID" ReferencedProperty="ID"/>
                </NavigationProperty>
              </EntityType>
              <EntityType Name="Category">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <NavigationProperty Name="Products" Type="Collection(Trestle.Shop.Product)" Partner="Category"/>
              </EntityType>
              <EntityContainer Name="Container">
                <EntitySet Name="Products" EntityType="Shop.Product">
                  <NavigationPropertyBinding Path="Category" Target="Shop.Container/Categories"/>
                </EntitySet>
                <EntitySet Name="Categories" EntityType="Trestle.Shop.Category"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    @Test func entityTypesKeysAndInheritedPropertiesAreRead() throws {
        let metadata = try ODataMetadata.parse(Data(Self.csdl.utf8))
        let product = try #require(metadata.entityType(ofSet: "Products"))
        #expect(product.qualifiedName == "Trestle.Shop.Product")
        #expect(product.keys == ["ID"])
        #expect(product.properties.map(\.name) == ["ID", "Name", "Price", "CategoryID"])
        #expect(product.property("Name")?.isNullable == false)
        #expect(product.property("Price")?.isNumeric == true)
    }

    @Test func navigationPropertiesAndConstraintsAreRead() throws {
        let metadata = try ODataMetadata.parse(Data(Self.csdl.utf8))
        let category = try #require(metadata.entityType(ofSet: "Products")?.navigationProperties.first)
        #expect(category.name == "Category")
        #expect(category.target == "Trestle.Shop.Category")
        #expect(!category.isCollection)
        #expect(category.partner == "Products")
        #expect(category.constraints == [.init(property: "CategoryID", referencedProperty: "ID")])
        #expect(metadata.targetSet(of: category, from: "Products") == "Categories")
        let products = try #require(metadata.entityType(ofSet: "Categories")?.navigationProperties.first)
        #expect(products.isCollection)
        #expect(products.target == "Trestle.Shop.Product")
        #expect(metadata.targetSet(of: products, from: "Categories") == "Products")
    }

    @Test func badXMLSaysWhere() {
        do {
            _ = try ODataMetadata.parse(Data("<a>\n<b></c></a>".utf8))
            Issue.record("a mismatched end tag was read")
        } catch {
            guard case .notXML(let line, let column) = error else { return #expect(Bool(false), "\(error)") }
            #expect(line == 2 && column > 0, "\(error.summary)")
        }
        #expect(throws: ODataMetadataProblem.noSchema) { try ODataMetadata.parse(Data("<a/>".utf8)) }
        let nameless = #"<Edmx><DataServices><Schema Namespace="N"><EntityType/></Schema></DataServices></Edmx>"#
        #expect(throws: ODataMetadataProblem.missingAttribute(element: "EntityType", attribute: "Name")) {
            try ODataMetadata.parse(Data(nameless.utf8))
        }
    }
}
