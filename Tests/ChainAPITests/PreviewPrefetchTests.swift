import ChainAPI
import Testing

/// Which positions a viewer has made ahead: three the way it goes, one behind, in the set.
@Suite struct PreviewPrefetchTests {
    @Test(arguments: [
        (10, 1, 100, [11, 12, 13, 9]),
        (10, -1, 100, [9, 8, 7, 11]),
        (98, 1, 100, [99, 10_000, 10_000, 97]),
        (0, -1, 100, [10_000, 10_000, 10_000, 1]),
        (0, 1, 1, [Int]()),
    ])
    func neighboursAreNearestFirstAndInsideTheSet(position: Int, direction: Int, count: Int, expected: [Int]) {
        #expect(PreviewPrefetch.neighbours(of: position, direction: direction, count: count) == expected.filter { $0 < count })
    }
}
