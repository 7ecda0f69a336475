import JSON
import Services
import Testing

@testable import Modules

/// A number field of a decimal (an OData `Edm.Decimal`, a JSON:API
/// attribute holding `9.5`) takes fractions; any other stays whole.
@MainActor
@Suite("Resource list forms: fractions")
struct FormFractionsTests {
    let products = ResourceDescriptor(
        name: "products", columns: [],
        formFields: [.init("Price", .number, fractions: true), .init("Stock", .number)])

    /// What the form of `record` submits, or the message it shows.
    func submitted(_ record: JSONObject) -> Result<JSONObject, ListForm.FormError> {
        let form = ListForm.form(
            for: products, record: RecordEntity(id: "3", json: .object(record)), defaults: [])
        return Result { () throws(ListForm.FormError) in
            try ListForm.fields(of: form, resource: products)
        }
    }

    @Test func aDecimalFieldSendsItsFractionBack() throws {
        let fields = try submitted(["Price": 58.75, "Stock": 3]).get()
        #expect(fields["Price"] == .double(58.75))
        #expect(fields["Stock"] == .int(3))
        #expect(try submitted(["Price": 40, "Stock": 3]).get()["Price"] == .int(40))
    }

    @Test func aWholeFieldRefusesAFractionAndADecimalOneWords() {
        if case .failure(let error) = submitted(["Price": 1.5, "Stock": 2.5]) {
            #expect(error.message == "Stock must be a whole number")
        } else {
            Issue.record("a stock of 2.5 was taken")
        }
        if case .failure(let error) = submitted(["Price": "cheap", "Stock": 1]) {
            #expect(error.message == "Price must be a number")
        } else {
            Issue.record("a price of 'cheap' was taken")
        }
    }
}
