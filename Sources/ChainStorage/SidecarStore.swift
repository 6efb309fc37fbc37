import ChainModel

/// Where an image's rating, label and flag are also kept beside its file, for the editors a
/// photographer opens next (darktable, Lightroom): XMP sidecars. A seam: the engine is
/// exempi (`ChainSidecars`); the command path never waits on it (`SidecarWriter`).
package protocol SidecarStore: Sendable {
    /// The values the sidecar beside `imagePath` records, or `nil` when it has none (no
    /// sidecar, or one that names none of them). Attributes it does not record are absent.
    func values(besides imagePath: String) throws -> AttributeValues?

    /// Records `values` in the sidecar beside `imagePath`, keeping everything else it holds
    /// (another editor's develop settings, keywords), and replaces the file atomically: a
    /// reader sees the old sidecar or the new one, never part of one.
    func write(_ values: AttributeValues, besides imagePath: String) throws
}
