import ChainModel

/// What one committed write adds to the catalog's history, in the same transaction: who,
/// through which session and action, when, and each image's values before and after, for
/// the attributes that changed (`HistoryValues`), one row per image.
package struct HistoryRecord: Sendable {
    package var principal: String
    package var session: String
    package var action: String
    /// Milliseconds since 1970, UTC.
    package var time: Int64
    /// The images whose values changed, each with its values before and after at the same
    /// index.
    package var images: [Int64]
    package var before: [Int64]
    package var after: [Int64]

    package init(principal: String, session: String, action: String, time: Int64, images: [Int64], before: [Int64], after: [Int64]) {
        precondition(images.count == before.count && images.count == after.count, "one before and after per image")
        self.principal = principal
        self.session = session
        self.action = action
        self.time = time
        self.images = images
        self.before = before
        self.after = after
    }

    /// The record of `changes`, whose images held `previous` (`CatalogReading.previousValues`,
    /// which lists what stood before the first write to each). Images given the values they
    /// had, or not in the catalog (absent from `previous`), are left out.
    package init(principal: String, session: String, action: String, time: Int64, changes: ChangeSet, previous: ChangeSet) {
        self.init(principal: principal, session: session, action: action, time: time, images: [], before: [], after: [])
        if changes.segments.count == 1, previous.segments.count == 1, let segment = changes.segments.first,
            let was = previous.segments.first, was.images == segment.images
        {
            // One attribute set on some images, all in the catalog: the usual case, no merging.
            images.reserveCapacity(segment.images.count)
            before.reserveCapacity(segment.images.count)
            after.reserveCapacity(segment.images.count)
            for (position, id) in segment.images.enumerated() {
                let (old, new) = (was.code(at: position), segment.code(at: position))
                guard old != new else { continue }
                images.append(id.rawValue)
                before.append(HistoryValues.setting(segment.attribute, old, in: 0))
                after.append(HistoryValues.setting(segment.attribute, new, in: 0))
            }
            return
        }
        var rows: [Int64: (before: Int64, after: Int64)] = [:]
        // In order, so the last write to an image wins, and the earliest value it held (the
        // last of `previous`'s segments to name it) stands as before.
        for segment in previous.segments {
            for (id, code) in segment.pairs {
                rows[id.rawValue, default: (0, 0)].before = HistoryValues.setting(segment.attribute, code, in: rows[id.rawValue]?.before ?? 0)
            }
        }
        for segment in changes.segments {
            for (id, code) in segment.pairs where rows[id.rawValue] != nil {
                rows[id.rawValue]!.after = HistoryValues.setting(segment.attribute, code, in: rows[id.rawValue]!.after)
            }
        }
        for id in rows.keys.sorted() {
            let row = rows[id]!
            // `previous` may name an attribute the changes give back in a later segment.
            let (old, new) = HistoryValues.differing(row.before, row.after)
            guard new != 0 else { continue }
            images.append(id)
            before.append(old)
            after.append(new)
        }
    }

    package var isEmpty: Bool { images.isEmpty }
}
