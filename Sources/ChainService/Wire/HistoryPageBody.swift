import ChainModel
import ChainStorage

/// A page of an image's history (`GET /v1/images/{id}/history`), newest first, with the
/// cursor of the next page (`HistoryCursor`), null on the last.
package struct HistoryPageBody: WireObject {
    package let entries: [HistoryEntry]
    package let next: String?

    package init(entries: [HistoryEntry], next: String?) {
        self.entries = entries
        self.next = next
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("history", entries.map(HistoryEntryBody.init))
        member("next", next)
    }
}
