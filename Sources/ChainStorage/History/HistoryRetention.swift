/// How much history storage keeps (`history` in `config/server.json`): entries older than
/// `days`, and past the newest `perImage` of an image, are pruned in the background.
package struct HistoryRetention: Sendable, Equatable {
    package var days: Int
    package var perImage: Int

    package init(days: Int = 90, perImage: Int = 1000) {
        self.days = days
        self.perImage = perImage
    }
}
