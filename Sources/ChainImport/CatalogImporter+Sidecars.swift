import ChainModel
import ChainStorage

extension CatalogImporter {
    /// Gives `record` the values its file's XMP sidecar records, if it has one. A sidecar
    /// that cannot be read is counted and the image comes in with its default values.
    func readSidecar(into record: inout ImageRecord, counts: inout ImportProgress) {
        guard let sidecars, let path = record.path else { return }
        do {
            guard let values = try sidecars.values(besides: path) else { return }
            for attribute in values.attributes { record.values[attribute] = values[attribute] }
            counts.sidecars += 1
        } catch {
            counts.unreadableSidecars += 1
        }
    }
}
