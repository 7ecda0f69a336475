/// The version `trestle --version` prints.
public enum TrestleVersion {
    public static let current = "0.1.0"
}
