/// How the history is pruned off the command path: a background task asks storage to prune
/// one range of image ids at a time (`HistoryStorage.pruneHistory`), each step a short
/// transaction of its own on the writer, and sweeps the catalog's ids over and over.
package enum HistoryPruning {
    /// Image ids one step covers.
    package static let imagesPerStep: Int64 = 2_000
    /// The most entries past their days one step deletes.
    package static let entriesPerStep = 5_000
    /// How often the pruning thread has storage index its recently written rows by image
    /// (`HistoryStorage.foldHistory`), and the most rows one fold indexes.
    package static let foldInterval = Duration.seconds(1)
    package static let rowsPerFold = 20_000
}
