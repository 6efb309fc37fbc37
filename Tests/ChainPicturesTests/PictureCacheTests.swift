import ChainPictures
import Testing

/// The previews' memory: bounded in bytes, least recently used out first.
@Suite struct PictureCacheTests {
    @Test func theLeastRecentlyUsedGoFirstWhenOverCapacity() {
        var cache = PictureCache(capacity: 300)
        cache.keep(Array(repeating: 1, count: 100), as: "a")
        cache.keep(Array(repeating: 2, count: 100), as: "b")
        cache.keep(Array(repeating: 3, count: 100), as: "c")
        #expect(cache.picture("a")?.first == 1)  // now the most recently used
        cache.keep(Array(repeating: 4, count: 100), as: "d")
        #expect(cache.picture("b") == nil)
        #expect(cache.picture("a") != nil && cache.picture("c") != nil && cache.picture("d") != nil)
        #expect(cache.size == 300 && cache.count == 3)
    }

    @Test func aPictureLargerThanTheWholeCapacityIsNotKeptAndReplacingCountsOnce() {
        var cache = PictureCache(capacity: 100)
        cache.keep(Array(repeating: 1, count: 101), as: "huge")
        #expect(cache.picture("huge") == nil && cache.size == 0)
        cache.keep(Array(repeating: 1, count: 60), as: "a")
        cache.keep(Array(repeating: 2, count: 40), as: "a")
        #expect(cache.size == 40 && cache.picture("a")?.first == 2)
    }
}
