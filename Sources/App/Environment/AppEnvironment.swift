/// Which services Trestle runs against; decided once, at launch.
public enum AppEnvironment: String, CaseIterable, Sendable {
    /// The built-in sample data, in process, after a realistic delay.
    case fake
    /// A local server (by default `trestle serve` on 127.0.0.1:3000).
    case development
    /// The public JSONPlaceholder-style service.
    case production

    /// The base URL used when neither config nor flags name one.
    public var defaultBaseURL: String {
        switch self {
        case .fake: return "fake://sample-data"
        case .development: return "http://127.0.0.1:3000"
        case .production: return "https://jsonplaceholder.typicode.com"
        }
    }

    /// The badge text in the status bar.
    public var badge: String { rawValue.uppercased() }
}
