import ChainModel

/// What a picture file is, from its header alone: its size upright (sides swapped when its
/// orientation turns it a quarter) and what it says of how it was taken.
package struct PictureInfo: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var metadata: ImageMetadata

    package init(width: Int, height: Int, metadata: ImageMetadata = .unknown) {
        self.width = width
        self.height = height
        self.metadata = metadata
    }

    /// From the size as stored and the metadata: upright.
    package init(storedWidth: Int, storedHeight: Int, metadata: ImageMetadata) {
        self.init(
            width: metadata.swapsSides ? storedHeight : storedWidth, height: metadata.swapsSides ? storedWidth : storedHeight,
            metadata: metadata)
    }
}
