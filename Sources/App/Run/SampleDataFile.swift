/// The shipped data file's name inside `sample-data/`.
enum SampleDataFile {
    static let name = "db.json"
}
