import Testing

@testable import ChainModel

struct SerialRunsTests {
    @Test func mergesRunsInAnyOrderOverlappingOrTouching() {
        #expect(SerialRuns(merging: [5...6, 1...2, 3...3, 9...12, 10...11]).runs == [1...3, 5...6, 9...12])
        #expect(SerialRuns([7, 3, 4, 1, 2]).runs == [1...4, 7...7])
        #expect(SerialRuns().isEmpty && SerialRuns().last == nil)
        #expect(SerialRuns([4, 9, 10]).last == 10)
        #expect(SerialRuns([4, 9, 10]).count == 3)
        #expect(SerialRuns([4, 9, 10]).description == "4, 9...10")
    }

    /// Runs already in order (the usual case, merged in place without sorting), with runs
    /// nested in, repeating and touching the one before.
    @Test func mergesRunsAlreadyInOrder() {
        #expect(SerialRuns(merging: [1...3, 2...2, 4...5, 7...7, 7...9, 9...9, 20...30, 21...25]).runs == [1...5, 7...9, 20...30])
        #expect(SerialRuns(merging: [1...1, 3...3, 5...5]).runs == [1...1, 3...3, 5...5])
        #expect(SerialRuns(merging: [2...8]).runs == [2...8])
        #expect(SerialRuns(merging: [ClosedRange<Int>]()).isEmpty)
        // A run starting at the same serial as the one before, but shorter, after it.
        #expect(SerialRuns(merging: [1...10, 1...2, 12...12]).runs == [1...10, 12...12])
    }

    @Test(arguments: [
        ([1, 2, 3, 5, 9], [2, 5, 7], [1, 3, 9]),
        ([4], [], [4]),
        ([], [1, 2], []),
        (Array(1...100), Array(2...101), [1]),
        (Array(1...100), Array(1...100), []),
        (Array(1...10) + Array(20...30), Array(5...25), Array(1...4) + Array(26...30)),
        (Array(1...3) + Array(5...7) + Array(9...11), [2, 6, 10], [1, 3, 5, 7, 9, 11]),
        (Array(1...3) + Array(5...7), Array(0...20), []),
    ])
    func subtractingKeepsWhatTheOtherLacks(set: [Int], other: [Int], left: [Int]) {
        let difference = SerialRuns(set).subtracting(SerialRuns(other))
        #expect(difference == SerialRuns(left))
        #expect(difference.runs.flatMap { Array($0) } == Set(set).subtracting(other).sorted())
    }
}
