extension Language {
    /// Separates thousands: "1,000,000" in English, "1.000.000" in German.
    public var groupingSeparator: String {
        switch self {
        case .en: ","
        case .de: "."
        }
    }

    /// Separates the fraction: "0.3" in English, "0,3" in German.
    public var decimalSeparator: String {
        switch self {
        case .en: "."
        case .de: ","
        }
    }

    /// A whole number with thousands grouped ("12,345" / "12.345"); four
    /// digits stay together ("5000"), as both languages' style guides allow.
    public func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 4 else { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A number with one decimal, the decimal dropped when it is 0 ("10", "0.3" / "0,3").
    public func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = number(tenths / 10)
        return tenths % 10 == 0 ? whole : whole + decimalSeparator + String(abs(tenths % 10))
    }
}
