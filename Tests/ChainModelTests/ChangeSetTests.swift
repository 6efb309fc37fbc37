import Testing

@testable import ChainModel

struct ChangeSetTests {
    @Test func oneValueOnManyImagesIsOneSegment() {
        let all = ImageSelection(runs: [.init(first: 1, count: 1_000_000)])
        let changes = ChangeSet.set(Rating.max, on: all)
        #expect(changes.segments.count == 1)
        #expect(changes.segments[0].values == .all(5))
        #expect(changes.writeCount == 1_000_000)
        #expect(changes.code(of: ImageID(500_000), Rating.attribute) == 5)
        #expect(changes.code(of: ImageID(500_000), ColorLabel.attribute) == nil)
    }

    @Test func perImageValuesThatAgreeAreKeptAsOne() {
        let segment = ChangeSet.Segment(attribute: Flag.attribute, images: selection(1, 2), values: .each([1, 1]))
        #expect(segment.values == .all(1))
    }

    @Test func imageChangesGroupByAttributeAndTheLaterWriteWins() {
        var both = AttributeValues()
        both[Rating.self] = Rating(2)!
        both[ColorLabel.self] = .blue
        let changes = ChangeSet([
            ImageChange(id: ImageID(1), Rating(3)!), ImageChange(id: ImageID(2), values: both), ImageChange(id: ImageID(1), Rating(4)!),
        ])
        #expect(changes.segments.map(\.attribute) == [Rating.attribute, ColorLabel.attribute])
        #expect(changes.code(of: ImageID(1), Rating.attribute) == 4)
        #expect(changes.imageChanges == [ImageChange(id: ImageID(1), Rating(4)!), ImageChange(id: ImageID(2), values: both)])
    }

    @Test func previousValuesLeaveOutImagesTheCatalogLacks() {
        let catalog = makeCatalog(count: 3)  // ratings id % 6
        let previous = catalog.previousValues(of: .set(Rating.max, on: selection(2, 99, 3)))
        #expect(previous.imageChanges == [ImageChange(id: ImageID(2), Rating(2)!), ImageChange(id: ImageID(3), Rating(3)!)])
    }

    @Test func attributeValuesPackEverySlot() {
        var values = AttributeValues()
        #expect(values.isEmpty)
        values[Flag.self] = .reject
        #expect(values[Flag.self] == .reject)
        #expect(values[Rating.self] == nil)
        #expect(values.attributes == [Flag.attribute])
        #expect(AttributeValues.defaults.attributes == Attribute.all)
    }

    @Test func everyAttributeSitsAtItsSlot() {
        #expect(Attribute.all.enumerated().allSatisfy { $0.offset == $0.element.slot })
        #expect(Attribute.all.map(\.name) == ["rating", "label", "flag"])
        #expect(Attribute.all.map(\.action) == ["setRating", "setLabel", "setFlag"])
    }
}
