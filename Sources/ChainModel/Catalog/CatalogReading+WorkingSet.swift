extension CatalogReading {
    /// The images `grid` shows, in its order: what keyboard moves walk. Until grids filter and
    /// sort, every grid shows the whole catalog in id order.
    public func workingSet(of grid: ImageGrid) -> ImageSelection { allImages() }
}
