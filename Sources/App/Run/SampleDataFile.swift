import Foundation

/// The shipped data file: its name inside `sample-data/`, and whether a
/// file is it (the status bar names it `sample-data`; nothing writes to it).
public enum SampleDataFile {
    static let name = "db.json"

    /// The shipped `sample-data/db.json` beside `executable`, if found.
    static func locate(executable: URL) -> URL? {
        ShippedFiles.locate("sample-data", executable: executable)?.appendingPathComponent(name)
    }

    /// Whether `file` is the sample data shipped beside `executable`
    /// (symbolic links and `..` resolved).
    public static func isShipped(_ file: URL, executable: URL = AppRoot.executableURL) -> Bool {
        guard let shipped = locate(executable: executable) else { return false }
        return shipped.standardizedFileURL.resolvingSymlinksInPath().path
            == file.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
