import Foundation

/// Why a file given by the user could not be read, in a few words
/// (Foundation's own text for a directory is "NSCocoaErrorDomain error 256").
public enum FileProblem {
    public static func reason(_ file: URL, _ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            return "no such file"
        }
        if isDirectory.boolValue { return "it is a directory, not a file" }
        if !FileManager.default.isReadableFile(atPath: file.path) { return "permission denied" }
        return (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
